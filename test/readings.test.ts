// Readings of the rulebooks that were once encoded wrongly, or that the rulebooks leave open, are each pinned by a
// shipped scenario: put the other reading back into a copy of the rules, and the scenario must fail, saying where.
import { describe, expect, it } from "vitest";
import { formatDiagnostic } from "../src/interpreter/diagnostics.js";
import { withBrokenFragment, withBrokenRules } from "./helpers/broken-rules.js";
import { runScenarioText, type ScenarioResult } from "../src/scenario/scenario.js";
import { resolveRules } from "../src/interpreter/load/resolve.js";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";

const firstFailure = (r: ScenarioResult) => {
  expect(r.passed).toBe(false);
  return formatDiagnostic(r.failures[0]);
};

describe("Idle Hands — seven sins: 'if you cannot play onto an existing pile' is said of the player", () => {
  /** The Advanced scenario against copies of the base, Intermediate and Advanced files, the base's `from` made `to`. */
  const advanced = (from: string, to: string) => {
    const dir = mkdtempSync(join(tmpdir(), "houserules-advanced-"));
    const ids = ["idle-hands/seven-sins", "idle-hands/seven-sins-intermediate", "idle-hands/seven-sins-advanced"];
    for (const id of ids) {
      let text = readFileSync(resolveRules(id)!, "utf8");
      for (const other of ids) text = text.replace(new RegExp(`(extends: |overrides: \\[)${other}(?![\\w-])`), `$1./${basename(other)}.yaml`);
      if (id === ids[0]) expect(text).toContain(from);
      writeFileSync(join(dir, `${basename(id)}.yaml`), id === ids[0] ? text.replace(from, to) : text);
    }
    const file = "test/scenarios/idle-hands/seven-sins/advanced-new-victim.scenario.yaml";
    const scenario = readFileSync(file, "utf8").replace("rules: idle-hands/seven-sins\nwith: [idle-hands/seven-sins-advanced]", "rules: ./seven-sins.yaml\nwith: [./seven-sins-advanced.yaml]");
    expect(scenario).toContain("with: [./seven-sins-advanced.yaml]");
    return runScenarioText(scenario, file, dir);
  };
  it("the Advanced game: a new Victim only when no card in the hand fits a Victim in play", () => {
    const check = "check: newOnlyIfHandStuck(pile)";
    expect(advanced(check, check).failures.map(formatDiagnostic)).toEqual([]);
    expect(firstFailure(advanced(check, "check: newOnlyIfNoFit(card, pile)"))).toContain("expected 'play wrath 5' not to be legal for Ann");
  });
  it("the drawn Deck card, played at once: the card alone decides, whatever the hand holds", () => {
    const r = withBrokenRules("idle-hands/seven-sins", "idle-hands/seven-sins/new-pile.scenario.yaml", "check: newOnlyIfNoFit(drawn.top, pile)", "check: newOnlyIfHandStuck(pile)");
    expect(firstFailure(r)).toContain("expected 'play-drawn 2' to be legal for Ann; legal: nothing");
  });
});

describe("Hands: races are decided by time, and the open readings hold", () => {
  it("three players making a shape at exactly the same time: nobody pairs (assumed), not the first two listed", () => {
    const r = withBrokenRules("hands", "hands/same-moment.scenario.yaml", "} else if first.count > 2 {\n            handsDown(group)", "} else if first.count > 2 {\n            pair(first.first, first.without(first.first).first)");
    expect(firstFailure(r)).toContain("at step 4: expected");
  });
  it("a replenish from an empty draw pile ends the game, as a partial one does (assumed), instead of being refused", () => {
    const r = withBrokenRules("hands", "hands/replenish-empty.scenario.yaml", '        else: "you hold as many cards as you started with"\n', '        else: "you hold as many cards as you started with"\n      cards-left:\n        check: drawPile.any\n        else: "the draw pile is empty"\n');
    expect(firstFailure(r)).toContain("error E_REFUSED: step 3 (Ann: replenish): refused by replenish/cards-left: the draw pile is empty");
  });
  it("a partial replenish draws what there is and ends the game", () => {
    const r = withBrokenRules("hands", "hands/replenish-ends.scenario.yaml", "        if drawPile.count < need {\n          exhausted = true\n        }\n", "");
    expect(firstFailure(r)).toContain("expected over true, but it is false");
  });
  it.each([
    ["give", "Hands shape. That giving a card", "Bob: give Cy fist"],
    ["exchange", "While a Two Hands shape is being followed, following", "Bob: exchange three"],
    ["replenish", "Hands shape. That replenishing", "Ann: replenish"],
  ])("the Two Hands lock blocks %s (assumed)", (action, anchor, move) => {
    const from = `        check: not locked\n        else: "No! Everyone must follow the Two Hands shape first"\n        assumed: >\n          ${anchor.startsWith("Hands") ? "The rulebook says only that while a Two Hands shape is followed nobody may make a pair or another Two\n          " : ""}${anchor}`;
    const r = withBrokenRules("hands", "hands/lock.scenario.yaml", from, from.replace("check: not locked", "check: true"));
    expect(firstFailure(r), action).toContain(`error E_ACCEPTED: step`);
    expect(firstFailure(r)).toContain(`(${move}): expected the move to be refused, but it was accepted`);
  });
});

describe("On The Cards: the matches", () => {
  it("Partnership in Opening Hands takes its card from the cards set aside, not from the box the match empties", () => {
    const r = withBrokenFragment("on-the-cards/style-partnership", "on-the-cards/style-partnership", "on-the-cards/opening-hands-partnership.scenario.yaml", "move((outOfPlay + twistStack)", "move((box + twistStack)");
    expect(firstFailure(r)).toContain("in the game around it: expected twistsInPlay to hold [partnership], but it holds []");
  });
  it("a match started from a preset plays its first round with the preset's cards", () => {
    const r = withBrokenRules("on-the-cards/out-of-the-box", "on-the-cards/preset-start.scenario.yaml", "  for z in stacks {\n    move(z.filter(c => c.rules in preset), z)\n  }\n", "");
    expect(firstFailure(r)).toContain("error E_EXPECT: On The Cards — Out of the Box with 4 players cannot start from Black Maria");
  });
  it("a 2-player doubled loser with no rule card to lose: the other player takes two from the bottom (assumed), not one", () => {
    const r = withBrokenRules("on-the-cards/round-the-twist", "on-the-cards/round-the-twist-2p-nothing-to-lose.scenario.yaml", "q.owed += p.toLose", "q.owed += 1");
    expect(firstFailure(r)).toContain("expected Bob's owed 2, but it is 1");
  });
});
