// The Measure screen says what each rule did, beside coverage: the share of games in which it changed the game and
// the times a game, the variant's own rules first, each in words. Driven in a real browser (test/helpers/browser.ts).
import { describe, expect, it } from "vitest";
import { openPage, usePlayground } from "./helpers/browser.js";
import { ruleDidWords } from "../src/editor/measure/rule-line.js";

const pg = usePlayground();

// a Royal Court variant of Idiot: a queen reverses play and a jack plays again, each an effect appended to play
const royalCourt = `name: Royal Court
extends: idiot

append:
  actions.play.effect:
    - |
      if pile.any and pile.top.rank == 12 {
        reverse()
      }
    - |
      if pile.any and pile.top.rank == 11 {
        again()
      }
`;

describe("what each rule did, on the Measure screen", () => {
  it("words a rule's figures as a person reads them", () => {
    expect(ruleDidWords("A queen reverses play.", "actions.play.effect.append.1", 83, 2.4, 100)).toBe("A queen reverses play (actions.play.effect.append.1) — changed the game in 83% of games, 2.4 times a game");
    expect(ruleDidWords(null, "triggers.out", 10, 1, 10)).toBe("triggers.out — changed the game in 100% of games, 1.0 time a game");
  });

  it("lists the Royal Court's queen and jack first, in the rulebook's words, each with a nonzero count", async () => {
    const { page, problems } = await openPage(pg);
    await page.click("[data-screen=measure]");
    await page.evaluate((text) => (globalThis as any).playground.app.workspace.store.add("royal-court.yaml", text), royalCourt);
    await page.fill("[data-test=measure-rules]", "yours/royal-court.yaml");
    await page.fill("[data-test=measure-against]", "");
    await page.fill("[data-test=measure-games]", "30");
    await page.fill("[data-test=measure-players]", "4");
    await page.click("[data-test=measure-run]");
    await page.waitForSelector("[data-test=rules-did]", { state: "attached", timeout: 120_000 });
    const items = await page.locator("[data-test=rules-did] li").evaluateAll((lis) => lis.map((li) => ({ own: li.getAttribute("data-test") === "rule-did-own", rule: li.getAttribute("data-rule"), text: li.textContent })));
    // the variant's own rules come first, in the rulebook's words
    expect(items.slice(0, 2).map((i) => [i.own, i.rule])).toEqual([[true, "actions.play.effect.append.1"], [true, "actions.play.effect.append.2"]]);
    // then play, which the appends change, then the base's rules
    expect(items[2]).toMatchObject({ own: true, rule: "actions.play" });
    expect(items.slice(3).every((i) => !i.own)).toBe(true);
    expect(items[0].text).toMatch(/^If the pile is not empty and the top card of the pile is a queen: Reverse the direction of play \(actions\.play\.effect\.append\.1\) — changed the game in (\d+)% of games, ([\d.]+) times a game$/);
    expect(items[1].text).toMatch(/is a jack: Take another turn after this one \(actions\.play\.effect\.append\.2\) — changed the game in \d+% of games, [\d.]+ times a game$/);
    // the figures are the summary's own, and both rules changed the game
    const summary = await page.evaluate(() => (globalThis as any).playground.measure.summaries[0]);
    for (const [n, item] of items.slice(0, 2).entries()) {
      const r = summary.coverage.rules.find((x: any) => x.rule === `actions.play.effect.append.${n + 1}`);
      expect(r.fired).toBeGreaterThan(0);
      expect(r.timesFired.mean).toBeGreaterThan(0);
      expect(item.text).toContain(`changed the game in ${Math.round((r.fired / summary.coverage.games) * 100)}% of games, ${r.timesFired.mean.toFixed(1)} times a game`);
    }
    // a base rule is listed too, after them
    expect(items.some((i) => i.rule === "actions.pickup")).toBe(true);
    // a click opens the rule's line in the variant
    await page.locator("[data-test=rules-did] li").nth(1).locator("button").click();
    expect(await page.evaluate(() => [(globalThis as any).playground.edit.current(), (globalThis as any).playground.edit.editor.getPosition().lineNumber])).toEqual(["yours/royal-court.yaml", 10]);
    expect(problems).toEqual([]);
  }, 300_000);
});
