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
import { autoplay, drawnLeaks } from "./helpers/seat-page.js";

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

describe("the page of a seat's link", () => {
  it("plays an Idiot variant to its end in three browsers, each shown only what its seat may see; a forged link is refused", async () => {
    const made = await makeRoom(server.url, { rules: ["idiot", "idiot/sevens"], players: 3, names: ["Ann", "Bob", "Cat"], seed: 21 });
    const pages = await Promise.all(made.seats.map(async (s) => {
      const page = await (await browser.newContext()).newPage();
      await page.goto(s.link!.replace("localhost", "127.0.0.1"));
      await page.locator("#status", { hasText: `You are ${s.name}.` }).waitFor({ timeout: 30_000 });
      return page;
    }));
    await Promise.all(pages.map((p) => autoplay(p)));
    const frames = await Promise.all(pages.map((p) => p.evaluate(() => (globalThis as unknown as { houserules: { frames: Frame[] } }).houserules.frames)));
    const last = frames.map((f) => f.at(-1)!);
    expect(last.every((f) => f.over && f.winners.length > 0)).toBe(true);
    expect(new Set(last.map((f) => f.moves)).size).toBe(1);
    expect(last[0].moves).toBeGreaterThan(20);
    const game = loadComposition(["idiot", "idiot/sevens"]).game!;
    for (const [k, page] of pages.entries()) {
      expect(await page.locator("#status").textContent()).toContain("The game is over");
      // the table drawn as the Play screen draws it, and the log as the seat's frames told it since it last joined
      expect(await page.locator("[data-test=table] svg.table").count()).toBeGreaterThan(0);
      const joined = frames[k].map((f) => f.log.from).lastIndexOf(0);
      expect(await page.locator("[data-test=log] li").allTextContents()).toEqual(frames[k].slice(joined).flatMap((f) => f.log.lines));
      expect(await drawnLeaks(page, game, last[k])).toEqual([]);
    }
    const room = server.rooms.get(made.room)!;
    expect(framesLeaks(game, join(room.folder, "game.log"), frames.flat())).toEqual([]);

    // a fourth browser with a forged secret is refused, and says so
    const forged = await (await browser.newContext()).newPage();
    await forged.goto(made.seats[0].link!.replace("localhost", "127.0.0.1").replace(/secret=[^&]*/, "secret=forged-forged-forged"));
    await forged.locator("#status", { hasText: "This link does not open a seat" }).waitFor({ timeout: 20_000 });
    expect(await forged.evaluate(() => (globalThis as unknown as { houserules: { frames: unknown[] } }).houserules.frames.length)).toBe(0);
  }, 300_000);

  it("draws a Crazy Eights table for two seats as the Play screen draws it, one on a phone: card faces, who is connected, whose turn; a move made by clicking a card then its move is read in words in the other's log; an onlooker sees only backs", async () => {
    const made = await makeRoom(server.url, { rules: "crazy-eights", players: 2, names: ["Ann", "Bob"], seed: 3 });
    const game = loadComposition(["crazy-eights"]).game!;
    const open = async (seat: number, phone: boolean) => {
      const context = await browser.newContext(phone ? { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 } : { viewport: { width: 1280, height: 900 } });
      const page = await context.newPage();
      const problems: string[] = [];
      page.on("pageerror", (e) => problems.push(e.message));
      page.on("console", (m) => m.type() === "error" && problems.push(m.text()));
      await page.goto(made.seats[seat].link!.replace("localhost", "127.0.0.1"));
      await page.locator("#status", { hasText: `You are ${made.seats[seat].name}.` }).waitFor({ timeout: 30_000 });
      await page.waitForSelector("[data-test=table] svg.table");
      return { page, problems };
    };
    const ann = await open(0, false);
    const bob = await open(1, true);
    const frames = (page: Page) => page.evaluate(() => (globalThis as unknown as { houserules: { frames: Frame[] } }).houserules.frames);
    const state = (page: Page, seat: number, s: string) => page.locator(`[data-test=seat][data-seat="${seat}"][data-state=${s}]`).waitFor({ timeout: 20_000 });
    // each sees the other seated and connected
    await state(ann.page, 1, "connected");
    await state(bob.page, 0, "connected");
    expect(await ann.page.locator("[data-test=seat][data-seat='0']").textContent()).toContain("Ann (you)");

    for (const { page } of [ann, bob]) {
      const body = (await page.locator("body").innerText()) + (await page.locator("[data-test=table]").innerHTML());
      // no text of the old plain page: no ## for hidden cards, no zone=… debug names
      expect(body).not.toMatch(/##|dealtUp=|faceDown /);
      // the seat's own hand drawn face up, as the Play screen draws a standard card: rank and suit symbol
      const own = page.locator("[data-test=table] svg .seat.viewer .card.face");
      expect(await own.count()).toBeGreaterThan(0);
      expect(await own.first().locator(".rank").textContent()).toMatch(/^(10|[2-9JQKA])$/);
      expect(await own.first().textContent()).toMatch(/[♠♥♦♣]/);
      // the other hand as backs, with no card ids
      expect(await page.locator("[data-test=table] svg .seat:not(.viewer) .card.back").count()).toBeGreaterThan(0);
      expect(await page.locator("[data-test=table] svg .seat:not(.viewer) [data-card]").count()).toBe(0);
    }
    const first = (await frames(ann.page)).at(-1)!;
    const [mover, waiter] = first.toMove[0] === 0 ? [ann, bob] : [bob, ann];
    const moverName = first.names[first.toMove[0]];
    await mover.page.locator("#status", { hasText: "Your turn." }).waitFor();
    await waiter.page.locator("#status", { hasText: `${moverName} to move.` }).waitFor();
    expect(await waiter.page.locator("[data-test=legal-move]").count()).toBe(0);
    await waiter.page.locator("[data-test=legal]", { hasText: `Waiting for ${moverName}` }).waitFor();
    await mover.page.locator("[data-test=legal]", { hasText: "You may:" }).waitFor();

    // a phone's page fits its width: the table shrinks to it, nothing to scroll sideways
    expect(await bob.page.evaluate(() => document.documentElement.scrollWidth <= innerWidth + 1)).toBe(true);
    const box = (await bob.page.locator("[data-test=table] svg.table").boundingBox())!;
    expect(box.width).toBeLessThanOrEqual(390);
    console.log(`phone: the table drawn ${await bob.page.locator("[data-test=table] svg.table").getAttribute("width")} wide, shown ${box.width}`);

    // the mover clicks a card that can be played: the moves narrow to that card's; then clicks its move
    const card = mover.page.locator("[data-test=table] svg .seat.viewer .card.choosable").first();
    const name = ((await card.locator("title").textContent()) ?? "").split(":")[0];
    expect(name).toMatch(/^(10|[2-9JQKA])[SHDC]$/);
    const before = await mover.page.locator("[data-test=legal-move]").count();
    await card.click({ position: { x: 3, y: 12 } }); // its corner: the next card of the fan covers the rest
    await mover.page.locator(`[data-test=table] svg .card.selected[data-card]`).waitFor();
    const narrowed = await mover.page.locator("[data-test=legal-move]").evaluateAll((bs) => bs.map((b) => b.getAttribute("data-move") ?? ""));
    expect(narrowed.length).toBeGreaterThan(0);
    expect(narrowed.length).toBeLessThan(before);
    expect(narrowed.every((m) => m.split(" ").includes(name))).toBe(true);
    const logBefore = await waiter.page.locator("[data-test=log] li").count();
    await mover.page.locator("[data-test=legal-move]").first().click();

    // the other seat reads it in its log, in words, and it is their turn
    const played = waiter.page.locator("[data-test=log] li", { hasText: `${moverName}: play ${name}` });
    await played.waitFor({ timeout: 20_000 });
    expect(await waiter.page.locator("[data-test=log] li").count()).toBeGreaterThan(logBefore);
    const said = await waiter.page.locator("[data-test=log] li").allTextContents();
    console.log(`crazy eights: ${moverName} played ${name}; the other seat's log: ${said.slice(logBefore).join(" / ")}`);
    await waiter.page.locator("#status", { hasText: "Your turn." }).waitFor({ timeout: 20_000 });
    // the card is on the discard pile now, face up on both tables
    for (const { page } of [ann, bob]) await page.locator(`[data-test=table] svg [data-name=discard] .card.face title`, { hasText: `${name}:` }).waitFor({ state: "attached", timeout: 20_000 });

    // an onlooker's link: the same table with every hand as backs, who is at the table, and no moves
    const watcher = await (await browser.newContext()).newPage();
    await watcher.goto(made.watch.replace("localhost", "127.0.0.1"));
    await watcher.locator("#status", { hasText: "You are an onlooker." }).waitFor({ timeout: 20_000 });
    await watcher.waitForSelector("[data-test=table] svg.table");
    await state(watcher, 0, "connected");
    expect(await watcher.locator("[data-test=table] svg .seat .card.back").count()).toBeGreaterThan(0);
    expect(await watcher.locator("[data-test=table] svg .seat [data-card]").count()).toBe(0);
    expect(await watcher.locator("[data-test=legal-move]").count()).toBe(0);
    const watched = await frames(watcher);
    expect(await drawnLeaks(watcher, game, watched.at(-1)!)).toEqual([]);
    await watcher.context().close();

    // the other seat leaves: the mover's page says so
    const waiterFrames = await frames(waiter.page);
    expect(await drawnLeaks(waiter.page, game, waiterFrames.at(-1)!)).toEqual([]);
    await waiter.page.context().close();
    await state(mover.page, waiter === ann ? 0 : 1, "not-connected");

    // nothing drawn or received names a card the seat may not see
    const got = [await frames(mover.page), waiterFrames, watched];
    expect(framesLeaks(game, join(server.rooms.get(made.room)!.folder, "game.log"), got.flat())).toEqual([]);
    expect(await drawnLeaks(mover.page, game, got[0].at(-1)!)).toEqual([]);
    expect(got.flat().every((f) => f.connected?.length === 2)).toBe(true);
    expect(watched.at(-1)!.connected).toEqual([true, true]); // the onlooker holds no seat
    expect([...ann.problems, ...bob.problems]).toEqual([]);
    await mover.page.context().close();
  }, 120_000);

  it("shows the game's clock in real time, running between the server's frames", async () => {
    const made = await makeRoom(server.url, { rules: "hands", agents: [null, "random", "random"], seed: 5 });
    const page = await (await browser.newContext()).newPage();
    await page.goto(made.seats[0].link!.replace("localhost", "127.0.0.1"));
    const clock = page.locator("[data-test=seat-clock]");
    await clock.waitFor({ state: "visible", timeout: 30_000 });
    const read = async () => Number(/Game clock ([\d.]+) s/.exec((await clock.textContent()) ?? "")?.[1]);
    const first = await read();
    await page.waitForTimeout(700);
    const later = await read();
    const frame = await page.evaluate(() => (globalThis as unknown as { houserules: { frames: Frame[] } }).houserules.frames.at(-1)!);
    if (!frame.over) expect(later).toBeGreaterThan(first);
    expect(frame.realtime || frame.over).toBe(true);
    await page.context().close();
  }, 60_000);
});

