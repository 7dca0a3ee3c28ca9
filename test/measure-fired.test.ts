// The Measure screen says what each rule did, beside coverage: the share of games in which it changed the game and
// the times a game, the variant's own rules first, each in words. Driven in a real browser (test/helpers/browser.ts).
import { describe, expect, it } from "vitest";
import { openPage, usePlayground } from "./helpers/browser.js";
import { ruleDidWords } from "../src/editor/measure/rule-line.js";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { run } from "./helpers/cli.js";

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

  it("takes each of the Royal Court's rules out in turn, with the figures compare --ablate prints", async () => {
    const { page, problems } = await openPage(pg);
    await page.click("[data-screen=measure]");
    await page.evaluate((text) => (globalThis as any).playground.app.workspace.store.add("royal-court.yaml", text), royalCourt);
    await page.fill("[data-test=measure-rules]", "yours/royal-court.yaml");
    await page.fill("[data-test=measure-against]", "");
    await page.fill("[data-test=measure-games]", "40");
    await page.fill("[data-test=measure-players]", "3");
    await page.fill("[data-test=measure-seed]", "11");
    await page.fill("[data-test=measure-agents]", "sensible");
    await page.click("[data-test=measure-ablate]");
    await page.waitForSelector("[data-test=ablation]", { timeout: 180_000 });
    // three rows: the whole, then without the queen, then without the jack
    expect(await page.locator("[data-test=ablation-whole]").count()).toBe(1);
    const rows = await page.locator("[data-test=ablation-row]").evaluateAll((trs) => trs.map((tr) => ({ rule: tr.getAttribute("data-rule"), cells: [...tr.querySelectorAll("td")].map((td) => td.textContent) })));
    expect(rows.map((r) => r.rule)).toEqual(["actions.play.effect.append.1", "actions.play.effect.append.2"]);
    expect(rows[0].cells[0]).toMatch(/queen: Reverse the direction of play \(actions\.play\.effect\.append\.1\)$/);
    const words = await page.locator("[data-test=ablation-words] li").allTextContents();
    expect(words).toHaveLength(2);
    expect(words[1]).toMatch(/jack: Take another turn after this one: (it makes games [\d.]+ moves? (longer|shorter)|games are as long without it) \((a difference that holds|within chance) after Holm's correction\)$/);
    // the same seeds and agents give the same figures as the command line, to the last digit
    const dir = mkdtempSync(join(tmpdir(), "houserules-page-ablate-"));
    writeFileSync(join(dir, "royal-court.yaml"), royalCourt);
    const cli = await run(["compare", "idiot", "--with", join(dir, "royal-court.yaml"), "--ablate", "--games", "40", "--players", "3", "--seed", "11", "--agents", "sensible", "--json"]);
    expect(cli.err).toBe("");
    const expected = JSON.parse(cli.out);
    const shown = await page.evaluate(() => (globalThis as any).playground.measure.ablation);
    expect(shown.rows.map((r: any) => [r.rule, r.fired, r.figures])).toEqual(expected.rows.map((r: any) => [r.rule, r.fired, r.figures]));
    expect(shown.whole.length).toBe(expected.whole.length.mean);
    // a taken-out rule changes something: some figure of some row is not zero
    expect(shown.rows.some((r: any) => r.figures[0].difference !== 0)).toBe(true);
    expect(problems).toEqual([]);
  }, 400_000);

  it("says why a game with no rules of its own has nothing to take out", async () => {
    const { page, problems } = await openPage(pg);
    await page.click("[data-screen=measure]");
    await page.fill("[data-test=measure-rules]", "idiot");
    await page.fill("[data-test=measure-games]", "5");
    await page.click("[data-test=measure-ablate]");
    await page.waitForFunction(() => /nothing to take out/.test(document.querySelector("[data-test=measure-message]")?.textContent ?? ""), undefined, { timeout: 60_000 });
    expect(await page.locator("[data-test=ablation]").count()).toBe(0);
    expect(problems).toEqual([]);
  }, 120_000);
});

