// Crazy Eights, written purely as a rule file: its scenarios catch each rule breaking, random games finish with
// every card kept at every player count, and its printed name does not take the On The Cards rule card's.
import { describe, expect, it } from "vitest";
import { loadComposition } from "../src/interpreter/load/load.js";
import { resolveReference } from "../src/interpreter/load/catalog.js";
import { formatDiagnostic } from "../src/interpreter/diagnostics.js";
import { simulate } from "../src/sim/simulate.js";
import { randomAgent } from "../src/agents/random.js";
import { withBrokenRules } from "./helpers/broken-rules.js";

const id = "crazy-eights";

const fails = (scenario: string, from: string, to: string) => {
  const r = withBrokenRules(id, `crazy-eights/${scenario}.scenario.yaml`, from, to);
  expect(r.passed).toBe(false);
  return r.failures.map(formatDiagnostic).join("\n");
};

describe("Crazy Eights", () => {
  it("loads with no problem but its assumptions, and random games finish with every card kept, at 2 to 7 players", () => {
    const r = loadComposition([id]);
    expect(r.diagnostics.filter((d) => d.severity !== "notice").map(formatDiagnostic)).toEqual([]);
    for (const players of [2, 3, 5, 7]) {
      const s = simulate(r.game!, { players, games: 20, seed: `crazy-eights-${players}`, agents: Array(players).fill(randomAgent), checkConservation: true });
      expect(s.unfinished, JSON.stringify(s.problems)).toBe(0);
    }
  });

  it("leaves the name Crazy Eights to the On The Cards rule card, which compositions name as printed", () => {
    expect(resolveReference("Crazy Eights")).toBe("on-the-cards/card-play/crazy-eights");
    expect(resolveReference("Crazy Eights (standalone)")).toBe(id);
  });
});

describe("Crazy Eights' scenarios catch its rules breaking", () => {
  it("dealing seven to more than two players", () => {
    expect(fails("deal-4p", "playerCount == 2 ? 7 : 5", "playerCount <= 4 ? 7 : 5")).toContain("expected Ann's hand to hold 5 cards, but it holds 7");
  });
  it("an eight left as the starter", () => {
    expect(fails("starter-eight", "while discard.top.rank == 8 {", "while false {")).toContain("expected discard to hold [5D]");
  });
  it("no match by rank", () => {
    expect(fails("match", " or c.rank == upCard.rank", "")).toContain("expected 'play 9S' to be legal for Ann");
  });
  it("eights that must match like any card", () => {
    expect(fails("match", "canPlay(c): c.rank == 8 or ", "canPlay(c): ")).toContain("expected 'play 8C H' to be legal for Ann");
  });
  it("a named suit that is not followed", () => {
    expect(fails("eight", "\"called != '' ? called : upCard.suit\"", "upCard.suit")).toContain("expected 'play 3D' to be legal for Bob");
  });
  it("a named suit that outlasts the card played on it", () => {
    expect(fails("eight", "called = card.rank == 8 ? suit : ''", "called = card.rank == 8 ? suit : called")).toContain("but it is D");
  });
  it("a draw that ends the turn", () => {
    expect(fails("draw", "    endsTurn: false\n", "")).toContain("expected turn Ann, but it is Bob");
  });
  it("a pass allowed to a player who could play", () => {
    expect(fails("pass", "check: stock.empty and not playable(me)", "check: stock.empty")).toContain("expected 'pass' not to be legal for Bob");
  });
  it("eights counted as eight points, not fifty", () => {
    expect(fails("going-out", "c.rank == 8 ? 50 :", "")).toContain("expected Ann's score 86, but it is 44");
  });
  it("a blocked game that goes on", () => {
    expect(fails("blocked", "players.any(p => p.hand.empty) or blocked", "players.any(p => p.hand.empty)")).toContain("expected winners [Ann], but the game is not over");
  });
  it("a blocked game scored as a whole hand, not the difference", () => {
    expect(fails("blocked", "players.sum(q => penalty(q) - lowest)", "players.sum(q => penalty(q))")).toContain("expected Ann's score 30, but it is 36");
  });
});
