// The lobby in real chromium, three friends in three browser contexts: one makes a table of a shelf game with a
// house rule on the server's own page, two open its link and sit down under their names, all three play the game
// by clicking its moves on the drawn table — one closes her page, the server plays her seat after the table's away
// time, and she comes back and plays on — say a few words, and the host's Rematch takes everyone to the next game
// in the same seats. No frame names a card its seat may not see.
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
import { framesLeaks } from "./helpers/serve-client.js";
import { autoplay, drawnLeaks } from "./helpers/seat-page.js";

let server: Server;
let browser: Browser;
let data: string;

beforeAll(async () => {
  browser = (await launchBrowser()) as Browser;
  data = mkdtempSync(join(tmpdir(), "houserules-lobby-"));
  server = await startServer({ host: "127.0.0.1", port: 0, data, timing: { agentDelayMs: 0 }, burst: 40, perSecond: 400, pingMs: 500 });
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  rmSync(data, { recursive: true, force: true });
});

const framesOf = (page: Page) => page.evaluate(() => (globalThis as unknown as { houserules: { frames: Frame[] } }).houserules.frames);

describe("the lobby of houserules serve", () => {
  it("has three friends make a table of Idiot with Sevens, sit by name, play it by clicks, one away and back, talk, and play a rematch in the same seats", async () => {
    const pages = await Promise.all([0, 1, 2].map(async () => (await browser.newContext()).newPage()));
    const [ann, bob] = pages;
    let cat = pages[2];
    const problems: string[] = [];
    for (const p of pages) p.on("pageerror", (e) => problems.push(e.message));

    // Ann makes the table on the server's own page
    await ann.goto(server.url);
    await ann.locator("[data-test=table-game] option[value=idiot]").waitFor({ state: "attached" });
    await ann.fill("[data-test=table-name]", "Friday night");
    await ann.selectOption("[data-test=table-game]", "idiot");
    await ann.check("[data-test=house-rule][value='idiot/sevens']");
    await ann.fill("[data-test=table-players]", "3");
    await ann.fill("[data-test=table-away]", "2");
    await ann.click("[data-test=table-make]");
    await ann.locator("[data-test=table-link]").waitFor();
    const link = (await ann.textContent("[data-test=table-link]"))!;
    expect(link).toMatch(/\/#table=[A-Za-z0-9_-]{16}$/);
    expect(await ann.locator("h1").textContent()).toBe("Friday night: Idiot + Sevens");
    await ann.fill("[data-test=sit-name]", "Ann");
    await ann.locator("[data-test=table-seat][data-seat='0'] [data-test=sit]").click();
    await ann.locator("[data-test=status]", { hasText: "You sit at seat 1 as Ann." }).waitFor();

    // Bob and Cat open the link they were sent and sit down
    for (const [page, name, seat] of [[bob, "Bob", 1], [cat, "Cat", 2]] as const) {
      await page.goto(link);
      await page.locator("[data-test=table-seat][data-seat='0']", { hasText: "Ann" }).waitFor();
      expect(await page.locator("[data-test=table-start]").isHidden()).toBe(true); // only the host starts
      await page.fill("[data-test=sit-name]", name);
      await page.locator(`[data-test=table-seat][data-seat='${seat}'] [data-test=sit]`).click();
      await page.locator("[data-test=status]", { hasText: `as ${name}.` }).waitFor();
    }
    await ann.locator("[data-test=table-seat][data-seat='2']", { hasText: "Cat" }).waitFor();

    // the host starts: every page goes to its seat of the game, drawn
    await ann.click("[data-test=table-start]");
    for (const [page, name] of [[ann, "Ann"], [bob, "Bob"], [cat, "Cat"]] as const) {
      await page.locator("#status", { hasText: `You are ${name}.` }).waitFor({ timeout: 30_000 });
      await page.locator("[data-test=table] svg").first().waitFor();
    }
    const firstRoom = (await framesOf(ann)).at(-1)!.room;

    // Cat closes her page: after the table's away time (2 s) the server plays her seat, and the game goes on
    const catLink = cat.url();
    const catBefore = await framesOf(cat);
    await cat.close();
    await ann.locator("[data-test=seat][data-seat='2'][data-state=stand-in]").waitFor({ timeout: 20_000 });
    expect(await ann.locator("[data-test=seat][data-seat='2']").textContent()).toContain("away: the server plays for them");
    await Promise.all([autoplay(ann, 15), autoplay(bob, 15)]);
    const annFrames = await framesOf(ann);
    const standingFrom = annFrames.findIndex((f) => f.standIn?.[2] === true);
    const whileAway = annFrames.slice(standingFrom).flatMap((f) => f.log.lines);
    expect(whileAway.some((l) => l.startsWith("Cat:"))).toBe(true);
    // she opens her link again and plays on: her seat is hers again
    const back = await cat.context().newPage();
    back.on("pageerror", (e) => problems.push(e.message));
    await back.goto(catLink);
    await back.locator("#status", { hasText: "You are Cat." }).waitFor({ timeout: 30_000 });
    await ann.locator("[data-test=seat][data-seat='2'][data-state=connected]").waitFor({ timeout: 20_000 });
    pages[2] = back;
    cat = back;
    await Promise.all(pages.map((p) => autoplay(p)));
    const frames = await Promise.all(pages.map(framesOf));
    expect(frames.every((f) => f.at(-1)!.over)).toBe(true);
    expect(frames[0].at(-1)!.names).toEqual(["Ann", "Bob", "Cat"]);
    const game = loadComposition(["idiot", "idiot/sevens"]).game!;
    // every frame each page received, Cat's before she left and after she came back, shows only her seat's cards
    expect(framesLeaks(game, join(data, firstRoom, "game.log"), [...frames.flat(), ...catBefore])).toEqual([]);
    // and no page draws or names a card its seat's last frame does not show
    for (const [k, page] of pages.entries()) expect(await drawnLeaks(page, game, frames[k].at(-1)!)).toEqual([]);

    // a few words at the table: Bob says them, Cat reads them, as text
    await bob.fill("[data-test=chat-text]", "good game <i>all</i>");
    await bob.click("[data-test=chat-say]");
    await cat.locator("[data-test=chat-lines] li", { hasText: "Bob: good game <i>all</i>" }).waitFor();
    expect(await cat.locator("[data-test=chat-lines] i").count()).toBe(0);

    // the host's rematch takes everyone to a new game in the same seats
    expect(await bob.locator("[data-test=rematch]").isHidden()).toBe(true);
    await ann.locator("[data-test=rematch]:not([hidden])").click();
    for (const [page, name] of [[ann, "Ann"], [bob, "Bob"], [cat, "Cat"]] as const) {
      // the page reloads to go to the new room: until its script has run there is no houserules to read
      await page.waitForFunction((room) => {
        const shown = (globalThis as unknown as { houserules?: { frames: Frame[] } }).houserules;
        return shown !== undefined && shown.frames.length > 0 && shown.frames.at(-1)!.room !== room;
      }, firstRoom, { timeout: 30_000 });
      await page.locator("#status", { hasText: `You are ${name}.` }).waitFor({ timeout: 30_000 });
    }
    const second = (await framesOf(cat)).at(-1)!;
    expect(second.room).not.toBe(firstRoom);
    expect(second.names).toEqual(["Ann", "Bob", "Cat"]);
    expect(second.over).toBe(false);
    // the chat said before the rematch is still there
    await bob.locator("[data-test=chat-lines] li", { hasText: "Bob: good game" }).waitFor();
    expect(problems).toEqual([]);
  }, 300_000);
});
