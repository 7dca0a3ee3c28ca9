// The page an invitation link opens, in real chromium: three browser contexts join one room of an Idiot variant
// by their links and play it to the end by clicking its moves; the leak checker runs over every frame each page
// received, each page's table is what its last frame said, and a context with a forged secret is refused.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
// @ts-expect-error: a plain JavaScript module without types
import { launchBrowser } from "../bin/playground.js";
import { startServer, type Server } from "../src/serve/server.js";
import { loadComposition } from "../src/interpreter/load/load.js";
import type { Frame } from "../src/serve/protocol.js";
import { framesLeaks, makeRoom } from "./helpers/serve-client.js";

let server: Server;
let browser: Browser;
let data: string;

beforeAll(async () => {
  browser = (await launchBrowser()) as Browser;
  data = mkdtempSync(join(tmpdir(), "houserules-serve-page-"));
  server = await startServer({ host: "127.0.0.1", port: 0, data, timing: { agentDelayMs: 0 }, burst: 40, perSecond: 400, pingMs: 500 });
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  rmSync(data, { recursive: true, force: true });
});

/** Clicks the first move the page offers whenever it offers one, until the game is over. */
const autoplay = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<void>((done) => {
        const shown = (globalThis as unknown as { houserules: { over: boolean } }).houserules;
        const tick = () => {
          if (shown.over) return done();
          const moves = [...document.querySelectorAll<HTMLButtonElement>("#moves button:not([disabled])")];
          if (moves.length) moves[Math.floor(Math.random() * moves.length)].click();
          setTimeout(tick, 0);
        };
        tick();
      }),
  );

describe("the page of a seat's link", () => {
  it("plays an Idiot variant to its end in three browsers, each shown only what its seat may see; a forged link is refused", async () => {
    const made = await makeRoom(server.url, { rules: ["idiot", "idiot/sevens"], players: 3, names: ["Ann", "Bob", "Cat"], seed: 21 });
    const pages = await Promise.all(made.seats.map(async (s) => {
      const page = await (await browser.newContext()).newPage();
      await page.goto(s.link!.replace("localhost", "127.0.0.1"));
      await page.locator("#status", { hasText: `You are ${s.name}.` }).waitFor({ timeout: 30_000 });
      return page;
    }));
    await Promise.all(pages.map(autoplay));
    const frames = await Promise.all(pages.map((p) => p.evaluate(() => (globalThis as unknown as { houserules: { frames: Frame[] } }).houserules.frames)));
    const last = frames.map((f) => f.at(-1)!);
    expect(last.every((f) => f.over && f.winners.length > 0)).toBe(true);
    expect(new Set(last.map((f) => f.moves)).size).toBe(1);
    expect(last[0].moves).toBeGreaterThan(20);
    for (const [k, page] of pages.entries()) {
      expect(await page.locator("#status").textContent()).toContain("The game is over");
      expect((await page.locator("#table div").allTextContents()).join(" | ")).toBe(last[k].table);
    }
    const room = server.rooms.get(made.room)!;
    const game = loadComposition(["idiot", "idiot/sevens"]).game!;
    expect(framesLeaks(game, join(room.folder, "game.log"), frames.flat())).toEqual([]);

    // a fourth browser with a forged secret is refused, and says so
    const forged = await (await browser.newContext()).newPage();
    await forged.goto(made.seats[0].link!.replace("localhost", "127.0.0.1").replace(/secret=[^&]*/, "secret=forged-forged-forged"));
    await forged.locator("#status", { hasText: "This link does not open a seat" }).waitFor({ timeout: 20_000 });
    expect(await forged.evaluate(() => (globalThis as unknown as { houserules: { frames: unknown[] } }).houserules.frames.length)).toBe(0);
  }, 300_000);
});
