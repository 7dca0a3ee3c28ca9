// Expectations about cards wherever they are: somewhere, positions, matching and anyOf, each failing with what
// it found, at the key that states it.
import { describe, expect, it } from "vitest";
import { runScenarioText } from "../src/scenario/scenario.js";
import { formatDiagnostic } from "../src/interpreter/diagnostics.js";

const sins = (expectation: string) => `rules: idle-hands/seven-sins
players: [Ann, Bob]
start: Ann
deal:
  piles: [[wrath, envy], [lust, wrath, pride]]
  hand: {Ann: [sloth, envy], Bob: [gluttony]}
expect:
${expectation}
`;

function failures(text: string): string[] {
  return runScenarioText(text, "x.scenario.yaml", "test/scenarios").failures.map((d) => formatDiagnostic(d).replace(/^x\.scenario\.yaml:/, ""));
}

describe("expectations about cards wherever they are", () => {
  it("hold when they should: over a family of zones, anyone's hand, and one of two outcomes", () => {
    expect(
      failures(
        sins(`  somewhere: {hand: [sloth, gluttony, envy]}
  positions: {piles: {lust: 0, pride: -1}, hand: {Bob: {gluttony: 0}}}
  matching: {piles: {each: 1, where: {sin: wrath}}, hand: {count: 3}}
  anyOf: [{turn: Bob}, {turn: Ann}]`),
      ),
    ).toEqual([]);
  });

  it("fail with what they found, each at its own key", () => {
    expect(
      failures(
        sins(`  somewhere: {hand: [lust]}
  positions: {piles: {envy: 0}, hand: {Bob: {envy: 0}}}
  matching: {piles: {each: 2, where: {sin: wrath}}, hand: {count: 1, where: {sin: envy, set: deck}}}
  anyOf: [{turn: Bob}, {over: true, winners: [Ann]}]`),
      ),
    ).toEqual([
      "8:22: error E_EXPECT: at the end: expected lust in someone's hand, but the 12 cards so called are in piles #2, handSet and deck",
      "9:29: error E_EXPECT: at the end: expected envy at 0 (the bottom) in one of the piles, but it is at 1 of 2 in piles #1",
      "9:52: error E_EXPECT: at the end: expected envy at 0 (the bottom) in Bob's hand, but the 12 cards so called are in piles #1, Ann's hand, handSet and deck",
      "10:28: error E_EXPECT: at the end: expected piles #1 to hold 2 cards of sin wrath, but it holds 1",
      "10:28: error E_EXPECT: at the end: expected piles #2 to hold 2 cards of sin wrath, but it holds 1",
      "10:67: error E_EXPECT: at the end: expected someone's hand to hold 1 card of sin envy and set deck in all, but they hold 0",
      "11:10: error E_EXPECT: at the end: expected one of 2 outcomes, but none holds: (1) expected turn Bob, but it is Ann; (2) expected over true, but it is false (and 1 more)",
    ]);
  });

  it("name what is not there: a zone, a card, a player, an attribute", () => {
    const found = failures(
      sins(`  somewhere: {hands: [sloth], hand: [joker]}
  positions: {hand: {Cy: {sloth: 0}}}
  matching: {piles: {each: 1, where: {colour: red}}}`),
    );
    expect(found).toEqual([
      expect.stringMatching(/^8:22: error E_EXPECT: .*there is no zone 'hands' \(zones: .*hand/),
      "8:38: error E_EXPECT: at the end: there is no card called 'joker'",
      "9:26: error E_EXPECT: at the end: there is no player called 'Cy' (players: Ann, Bob)",
      "10:47: error E_EXPECT: at the end: cards have no attribute 'colour' (attributes: sin, set, victim)",
    ]);
  });

  it("are checked as written: a count without each or count, a position that is no whole number", () => {
    const found = failures(sins(`  matching: {piles: {where: {sin: wrath}}}\n  positions: {piles: {envy: top}}`));
    expect(found).toEqual(["9:29: error E_SCHEMA: expected a whole number or a map"]);
    expect(failures(sins(`  matching: {piles: {where: {sin: wrath}}}`))).toEqual([
      "8:21: error E_EXPECT: at the end: say how many cards: each: N (in every one of the piles) or count: N (in all of them together)",
    ]);
  });
});
