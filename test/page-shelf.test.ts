// The Shelf screen in a real browser: the games `houserules games` lists, found by a search, one opened with
// two of its house rules ticked, composed as `houserules compose` composes them, played by clicks, and
// measured against the plain game as `houserules simulate` plays both sides.
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { openPage, usePlayground } from "./helpers/browser.js";
import { run } from "./helpers/cli.js";

const pg = usePlayground();

const frameCursor = (page: Page) => page.evaluate(() => (globalThis as any).playground.play.frame?.cursor as number | undefined);

describe("the shelf in the page", () => {
  it("finds Uno by a search, ticks two house rules, plays a move with them by clicks and measures them against plain Uno", async () => {
    const { page, problems } = await openPage(pg);
    const shelf = JSON.parse((await run(["games", "--json"])).out).games as { id: string; name: string; family: string; houseRules: { id: string; text: string }[] }[];

    // the whole shelf, grouped by family in the command line's order
    await page.click("[data-screen=shelf]");
    await page.locator("[data-test=shelf-list] [data-game]").first().waitFor();
    expect(await page.locator("[data-test=shelf-list] [data-game]").evaluateAll((es) => es.map((e) => e.getAttribute("data-game")))).toEqual(shelf.map((g) => g.id));
    expect(await page.locator("[data-test=shelf-list] [data-family] h2").allTextContents()).toEqual([...new Set(shelf.map((g) => g.family))]);

    // the search finds Uno by its name, with its players and the first sentence of its summary
    await page.fill("[data-test=shelf-search]", "uno");
    const uno = page.locator("[data-test=shelf-list] [data-game=uno]");
    expect(await uno.textContent()).toBe("Uno2–10Be the first to play every card from your hand.");
    await page.fill("[data-test=shelf-search]", "shedding trump");
    expect(await page.locator("[data-test=shelf-list] [data-game]").evaluateAll((es) => es.map((e) => e.getAttribute("data-game")))).toEqual(["durak"]);
    await page.fill("[data-test=shelf-search]", "uno");
    await uno.click();

    // its house rules as toggles, each with its text, as the shelf ships them
    const rules = shelf.find((g) => g.id === "uno")!.houseRules;
    expect(rules.map((r) => r.id)).toEqual(["uno/draw-until-playable", "uno/seven-o", "uno/stack-draw-two"]);
    expect(await page.locator("[data-test=house-rule]").evaluateAll((es) => es.map((e) => e.getAttribute("data-rule")))).toEqual(rules.map((r) => r.id));
    for (const r of rules) expect(await page.locator("label", { has: page.locator(`[data-rule='${r.id}']`) }).textContent()).toContain(r.text);
    await page.waitForFunction(() => document.querySelector("[data-test=shelf-verdict]")?.textContent === "composes");

    // two ticked: composed in the rules worker, in the words of houserules compose
    await page.check("[data-rule='uno/seven-o']");
    await page.check("[data-rule='uno/stack-draw-two']");
    const chosen = "uno + uno/seven-o + uno/stack-draw-two";
    await page.waitForFunction((t) => document.querySelector("[data-test=shelf-rules]")?.textContent === t, chosen);
    await page.waitForFunction(() => document.querySelector("[data-test=shelf-verdict]")?.textContent === "composes");
    const composed = await run(["compose", "uno/seven-o,", "uno/stack-draw-two", "--players", "4"]);
    expect(composed.code).toBe(0);
    expect(await page.textContent("[data-test=shelf-composition]")).toBe(composed.out);

    // a count the rules refuse is said as compose says it, and nothing is played
    await page.fill("[data-test=shelf-players]", "12");
    await page.dispatchEvent("[data-test=shelf-players]", "change");
    await page.waitForFunction(() => document.querySelector("[data-test=shelf-verdict]")?.textContent === "does not compose");
    expect(await page.textContent("[data-test=shelf-composition]")).toContain("refused: these rules are for 2–10 players, not 12");
    expect(await page.isDisabled("[data-test=shelf-play]")).toBe(true);
    await page.fill("[data-test=shelf-players]", "4");
    await page.dispatchEvent("[data-test=shelf-players]", "change");
    await page.waitForFunction(() => document.querySelector("[data-test=shelf-verdict]")?.textContent === "composes");

    // played: the Play screen gets the same rules, and a move is made by clicking it
    await page.click("[data-test=shelf-play]");
    expect(await page.inputValue("[data-test=play-rules]")).toBe(chosen);
    await page.locator("[data-test=legal-move]").first().waitFor();
    const before = (await frameCursor(page))!;
    await page.locator("[data-test=legal-move]").first().click();
    await page.waitForFunction((c) => (globalThis as any).playground.play.frame.cursor > c, before);
    expect(await page.textContent("[data-test=refusal]")).toBe("");
    expect(await page.textContent("[data-test=play-error]")).toBe("");

    // measured: 200 games of the house rules against plain Uno, each side the command line's very games
    await page.click("[data-screen=shelf]");
    await page.click("[data-test=shelf-measure]");
    expect([await page.inputValue("[data-test=measure-rules]"), await page.inputValue("[data-test=measure-against]")]).toEqual([chosen, "uno"]);
    await page.fill("[data-test=measure-games]", "200");
    await page.click("[data-test=measure-run]");
    await page.waitForSelector("[data-test=comparison]", { timeout: 240_000 });
    expect(await page.textContent("[data-test=measure-message]")).toBe("");
    // both sides, named as houserules compare names them: the game, then the game with its fragments joined by +
    const joined = "uno+uno/seven-o+uno/stack-draw-two";
    expect(await page.locator("[data-test=comparison] caption .side").allTextContents()).toEqual(["A: uno", `B: ${joined}`]);
    expect(await page.locator("[data-test=measure-results] .column h3").allTextContents()).toEqual([
      "A (against): uno: 200 games, 4 players, seed 7", `B: ${joined}: 200 games, 4 players, seed 7`]);
    const sides = (await page.locator("[data-test=summary-json]").allTextContents()).map((t) => JSON.parse(t));
    const simulate = async (...args: string[]) => JSON.parse((await run(["simulate", ...args, "--games", "200", "--seed", "7", "--players", "4", "--json"])).out);
    const games = (x: { rules: string; coverage?: unknown }) => ({ ...x, rules: undefined, coverage: undefined });
    expect(sides.map(games)).toEqual([games(await simulate("uno")), games(await simulate("uno", "--with", "uno/seven-o", "--with", "uno/stack-draw-two"))]);
    expect(sides.map((s) => s.games)).toEqual([200, 200]);

    // a link made on the Shelf opens on the Shelf (a link names the screen shown, and refuses one it does not know)
    await page.click("[data-screen=shelf]");
    await page.click("button:has-text('Share')");
    await page.waitForFunction(() => (document.querySelector("[data-test=share-link]") as HTMLInputElement | null)?.value.includes("#share="));
    const other = await openPage(pg, await page.inputValue("[data-test=share-link]"));
    await other.page.locator("[data-test=shelf-list] [data-game=uno]").waitFor();
    expect(await other.page.locator(".screen-shelf").isVisible()).toBe(true);
    expect(other.problems).toEqual([]);
    await other.context.close();

    // vary this game: a file of one's own that extends Uno, open in the editor
    await page.click("[data-test=shelf-vary]");
    await page.waitForFunction(() => (globalThis as any).playground.app.opened() === "yours/my-uno.yaml");
    expect(await page.evaluate(() => (globalThis as any).playground.app.workspace.text("yours/my-uno.yaml"))).toContain("extends: uno\n");
    expect(problems).toEqual([]);
  }, 420_000);
});
