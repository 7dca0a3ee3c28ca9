// What new users met on the playground page, each checked in a real browser (Debian's chromium driven by
// playwright-core against the page `npm start` serves): a coverage bar that says it opens a line, seats with
// labels, a first Start that counts, notes that go, a game kept when other rules are played, a reload that comes
// back where it was, a comparison not carried to other rules, and the file open in the editor offered to play.
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { openPage, usePlayground } from "./helpers/browser.js";

const pg = usePlayground();

/** Where the Play screen's game is. */
const cursor = (page: Page) => page.evaluate(() => ((globalThis as any).playground.play.frame?.cursor ?? -1) as number);

/** Starts a game on the Play screen as a person would: rules, players typed, then a single click on Start. */
async function startGame(page: Page, rules: string, players: number): Promise<void> {
  await page.click("[data-screen=play]");
  await page.fill("[data-test=play-rules]", rules);
  await page.fill("[data-test=play-players]", String(players));
  await page.click("[data-test=start]");
  await page.waitForFunction((n) => (globalThis as any).playground.play.frame?.names.length === n, players, { timeout: 30_000 });
}

/** Makes the person's first listed move and waits for the agents to answer it. */
async function moveOnce(page: Page): Promise<void> {
  const before = await cursor(page);
  await page.locator("[data-test=legal-move]").first().click();
  await page.waitForFunction((c) => (globalThis as any).playground.play.frame.cursor > c, before);
  await page.locator("[data-test=legal-move]").first().waitFor();
}

/** A game of Idiot for three, the person's first move made; returns where the game is. */
async function idiotAfterAMove(page: Page): Promise<number> {
  await startGame(page, "idiot", 3);
  await page.locator("[data-test=legal-move]").first().waitFor();
  await moveOnce(page);
  return cursor(page);
}

/** Waits until the Play screen's game is at move `n` of a game of `players`. */
async function gameAt(page: Page, n: number, players?: number): Promise<void> {
  await page.waitForFunction(([c, p]) => {
    const f = (globalThis as any).playground.play.frame;
    return f?.cursor === c && (p === undefined || f.names.length === p);
  }, [n, players] as const, { timeout: 60_000 });
}

/** Reloads the page and waits until it is ready, and until the game was kept (it is kept half a second after a move). */
async function reload(page: Page): Promise<void> {
  await page.waitForTimeout(800);
  await page.reload();
  await page.waitForSelector("body[data-ready]", { timeout: 60_000 });
}

describe("defects new users met on the page", () => {
  it("a coverage bar shows it opens a line: a hand over it, its title and tooltip name the line and the file, and the chart says so to a screen reader", async () => {
    const { page, problems } = await openPage(pg);
    await page.click("[data-screen=measure]");
    await page.fill("[data-test=measure-games]", "20");
    await page.click("[data-test=measure-run]");
    await page.waitForFunction(() => (globalThis as any).playground.measure.coverageCharts.length === 1, undefined, { timeout: 120_000 });
    const at = await page.evaluate(() => {
      const chart = (globalThis as any).playground.measure.coverageCharts[0];
      const bar = chart.getDatasetMeta(0).data[2];
      chart.canvas.scrollIntoView({ block: "start" });
      const box = chart.canvas.getBoundingClientRect();
      return { x: box.left + (bar.x + bar.base) / 2, y: box.top + bar.y };
    });
    await page.mouse.move(at.x, at.y);
    await page.waitForFunction(() => (globalThis as any).playground.measure.coverageCharts[0].canvas.style.cursor === "pointer");
    const canvas = await page.evaluate(() => {
      const c = (globalThis as any).playground.measure.coverageCharts[0].canvas as HTMLCanvasElement;
      return { title: c.title, label: c.getAttribute("aria-label"), caption: c.closest("figure")!.querySelector("figcaption")!.textContent };
    });
    expect(canvas.title).toMatch(/^open line \d+ of idiot\.yaml$/);
    expect(canvas.label).toMatch(/click a bar to open its rule's line in the editor/);
    expect(canvas.caption).toMatch(/click a bar to open its rule's line in the editor/);
    expect(problems).toEqual([]);
    await page.context().close();
  }, 240_000);

  it("each seat has a label naming it", async () => {
    const { page, problems } = await openPage(pg);
    await page.click("[data-screen=play]");
    const labels = await page.locator(".seat-choices select").evaluateAll((ss) => ss.map((s) => (s as HTMLSelectElement).labels?.[0]?.firstChild?.textContent?.trim()));
    expect(labels).toEqual(["Seat 1", "Seat 2", "Seat 3", "Seat 4"]);
    expect(problems).toEqual([]);
    await page.context().close();
  }, 120_000);

  it("Start after typing a new Players count starts at the first click", async () => {
    const { page, problems } = await openPage(pg);
    await startGame(page, "idiot", 2);
    expect(await page.evaluate(() => (globalThis as any).playground.play.frame.names.length)).toBe(2);
    expect(problems).toEqual([]);
    await page.context().close();
  }, 120_000);

  it("the note that a game was reopened says what it means and goes at the next move", async () => {
    const { page, problems } = await openPage(pg);
    const moves = await idiotAfterAMove(page);
    await reload(page);
    await page.click("[data-screen=play]");
    await gameAt(page, moves);
    expect(await page.textContent("[data-test=play-note]")).toBe(`The game you were playing is back where it was: its ${moves} moves were played again from the start with the same seed.`);
    await moveOnce(page);
    expect(await page.textContent("[data-test=play-note]")).toBe("");
    expect(problems).toEqual([]);
    await page.context().close();
  }, 180_000);

  it("other rules played while a game goes on (or one kept from before a reload) keep that game, with no replay error, and it can be taken up again", async () => {
    const { page, problems } = await openPage(pg);
    const moves = await idiotAfterAMove(page);
    // during the game: another screen plays other rules, as Compose's Play does
    await page.click("[data-screen=compose]");
    await page.evaluate(() => (globalThis as any).playground.app.play("war", 2));
    await page.waitForFunction(() => (globalThis as any).playground.play.frame?.names.length === 2);
    await page.locator("[data-test=play-back]").waitFor();
    expect(await page.textContent("[data-test=play-error]")).toBe("");
    expect(await page.textContent("[data-test=play-note]")).toMatch(/^Your game of idiot \(move \d+\) is kept while these rules are played\.Back to it$/);
    await page.click("[data-test=play-back]");
    await gameAt(page, moves, 3);
    expect(await page.inputValue("[data-test=play-rules]")).toBe("idiot");
    // the game kept from before a reload, other rules played before the Play screen was shown again
    await reload(page);
    await page.click("[data-screen=compose]");
    await page.evaluate(() => (globalThis as any).playground.app.play("war", 2));
    await page.locator("[data-test=play-back]").waitFor({ timeout: 60_000 });
    expect(await page.textContent("[data-test=play-note]")).not.toMatch(/does not replay/);
    expect(await page.textContent("[data-test=play-error]")).toBe("");
    expect(await page.evaluate(() => (globalThis as any).playground.play.frame.names.length)).toBe(2);
    await page.click("[data-test=play-back]");
    await gameAt(page, moves, 3);
    expect(problems).toEqual([]);
    await page.context().close();
  }, 240_000);

  it("a reload reopens the file that was open, and a match in its round, not at that round's start", async () => {
    const { page, problems } = await openPage(pg);
    await page.evaluate(() => (globalThis as any).playground.edit.open("rules/war/war.yaml"));
    await startGame(page, "on-the-cards/opening-hands", 4);
    await page.click("[data-test=round-go]");
    await page.locator("[data-test=legal-move]").first().waitFor({ timeout: 30_000 });
    await moveOnce(page);
    const moves = await cursor(page);
    await reload(page);
    expect(await page.evaluate(() => (globalThis as any).playground.edit.current())).toBe("rules/war/war.yaml");
    await page.click("[data-screen=play]");
    await gameAt(page, moves);
    expect(await page.locator("[data-test=round-go]").count()).toBe(0);
    await page.locator("[data-test=legal-move]").first().waitFor();
    expect(problems).toEqual([]);
    await page.context().close();
  }, 240_000);

  it("other rules sent to Measure do not keep a comparison chosen for the rules before, and say so", async () => {
    const { page, problems } = await openPage(pg);
    await page.click("[data-screen=measure]");
    await page.fill("[data-test=measure-rules]", "war");
    await page.fill("[data-test=measure-against]", "idiot");
    await page.click("[data-screen=compose]");
    await page.evaluate(() => (globalThis as any).playground.app.measure("war/three-down", 2));
    expect(await page.inputValue("[data-test=measure-rules]")).toBe("war/three-down");
    expect(await page.inputValue("[data-test=measure-against]")).toBe("");
    expect(await page.textContent("[data-test=measure-message]")).toBe('The comparison against idiot was for war: it is cleared. Name rules in "against" to compare these with them.');
    expect(problems).toEqual([]);
    await page.context().close();
  }, 120_000);

  it("the Play screen offers the file open in the editor as the rules to play", async () => {
    const { page, problems } = await openPage(pg);
    await page.evaluate(() => (globalThis as any).playground.edit.open("rules/war/war.yaml"));
    await page.click("[data-screen=play]");
    expect(await page.locator("#play-games option").first().getAttribute("value")).toBe("war");
    expect(await page.textContent("[data-test=play-open-file]")).toBe("use war");
    await page.click("[data-test=play-open-file]");
    expect(await page.inputValue("[data-test=play-rules]")).toBe("war");
    expect(await page.locator("[data-test=play-open-file]").isHidden()).toBe(true);
    expect(problems).toEqual([]);
    await page.context().close();
  }, 120_000);

  it("completion after == offers the values of the left side: ranks bare and suits quoted; a key's hover names its source in words", async () => {
    const { page, problems } = await openPage(pg);
    const text = "name: Compared\nextends: idiot\n\ndefine:\n  high(c): c.rank == \n  red(c): c.suit != \n";
    await page.evaluate((t) => {
      const { app } = (globalThis as any).playground;
      app.open(`yours/${app.workspace.store.add("compared.yaml", t)}`);
    }, text);
    await page.waitForFunction(() => (globalThis as any).playground.edit.current() === "yours/compared.yaml");
    await page.waitForFunction(() => (globalThis as any).playground.names.scopeOf("yours/compared.yaml") !== undefined, undefined, { timeout: 30_000 });
    const offered = async (line: number, col: number) => {
      await page.evaluate(([l, c]) => {
        const { editor } = (globalThis as any).playground.edit;
        editor.setPosition({ lineNumber: l, column: c });
        editor.focus();
      }, [line, col]);
      await page.keyboard.press("Control+Space");
      const rows = page.locator(".suggest-widget .monaco-list-row");
      await rows.first().waitFor({ timeout: 20_000 });
      const labels = await rows.allTextContents();
      await page.keyboard.press("Escape");
      return labels;
    };
    const ranks = await offered(5, "  high(c): c.rank == ".length + 1);
    // (the list shows its first rows only)
    expect(ranks.slice(0, 5).map((l) => l.match(/^\d+/)?.[0])).toEqual(["2", "3", "4", "5", "6"]);
    const suits = await offered(6, "  red(c): c.suit != ".length + 1);
    expect(suits[0]).toMatch(/^"[A-Z]"/);

    // a key's hover ends with the schema it comes from, named for a person
    await page.evaluate(() => {
      const { editor } = (globalThis as any).playground.edit;
      editor.setPosition({ lineNumber: 1, column: 2 });
      editor.focus();
    });
    await page.keyboard.press("Control+k");
    await page.keyboard.press("Control+i");
    const hover = page.locator(".monaco-hover:not(.hidden)", { hasText: "Source:" });
    await hover.waitFor({ timeout: 20_000 });
    expect(await hover.textContent()).toContain("Source: houserules rule file");
    expect(problems).toEqual([]);
    await page.context().close();
  }, 180_000);
});
