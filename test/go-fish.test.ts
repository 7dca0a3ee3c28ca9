// Go Fish, written purely as a rule file: its scenarios catch each rule breaking, random games finish with every
// card kept, and what an ask shows is exactly what the rules show — the cards handed over and a fished card of
// the rank asked for, to everyone; any other fished card to the asker alone.
import { describe, expect, it } from "vitest";
import { loadComposition } from "../src/interpreter/load/load.js";
import { formatDiagnostic } from "../src/interpreter/diagnostics.js";
import { runScenarioFile, type ScenarioResult } from "../src/scenario/scenario.js";
import type { State } from "../src/interpreter/state.js";
import { view } from "../src/interpreter/view.js";
import { describeEvent } from "../src/interpreter/events.js";
import { simulate } from "../src/sim/simulate.js";
import { randomAgent } from "../src/agents/random.js";
import { withBrokenRules } from "./helpers/broken-rules.js";

const id = "go-fish";

const fails = (scenario: string, from: string, to: string) => {
  const r = withBrokenRules(id, `go-fish/${scenario}.scenario.yaml`, from, to);
  expect(r.passed).toBe(false);
  return r.failures.map(formatDiagnostic).join("\n");
};

describe("Go Fish", () => {
  it("loads with no problem but its assumptions, and random games finish with every card kept, at 2 to 6 players", () => {
    const r = loadComposition([id]);
    expect(r.diagnostics.filter((d) => d.severity !== "notice").map(formatDiagnostic)).toEqual([]);
    for (const players of [2, 3, 4, 6]) {
      const s = simulate(r.game!, { players, games: 20, seed: `go-fish-${players}`, agents: Array(players).fill(randomAgent), checkConservation: true });
      expect(s.unfinished, JSON.stringify(s.problems)).toBe(0);
      // every game ends with all thirteen books made
      expect(s.scores!.seats.reduce((sum, seat) => sum + seat.mean, 0)).toBeCloseTo(13, 6);
    }
  });
});

describe("Go Fish's scenarios catch its rules breaking", () => {
  it("a catch that ends the turn", () => {
    expect(fails("catch", "        layBooks(me)\n        again()", "        layBooks(me)")).toContain("expected turn Ann, but it is Bob");
  });
  it("a catch that takes only one of the cards asked for", () => {
    expect(fails("catch", "let asked = target.hand.filter(c => rankName(c) == rank)", "let asked = target.hand.filter(c => rankName(c) == rank).first(1)")).toContain("expected Ann's hand to hold");
  });
  it("asking for a rank one does not hold", () => {
    expect(fails("ask-refused", "from: hand.map(c => rankName(c)).distinct", "from: rankNames")).toContain("expected the move to be refused");
  });
  it("a fished card of the rank asked for that ends the turn", () => {
    expect(fails("fish-the-rank", "          reveal(fished)\n          again()", "          reveal(fished)")).toContain("expected turn Ann, but it is Bob");
  });
  it("a fished card of another rank that keeps the turn", () => {
    expect(fails("go-fish", "fished != none and rankName(fished) == rank", "fished != none")).toContain("expected turn Bob, but it is Ann");
  });
  it("no book laid down", () => {
    expect(fails("book", "x.rank == c.rank) == 4", "x.rank == c.rank) == 5")).toContain("expected Ann's hand to hold [KD]");
  });
  it("a book made by fishing that does not keep the turn", () => {
    expect(fails("book-from-the-stock", "if books.count > booksBefore {", "if false {")).toContain("expected turn Ann, but it is Bob");
  });
  it("an empty hand that draws nothing", () => {
    expect(fails("empty-hand", "draw(stock, hand, 1)\n      }", "endPhase()\n      }")).toContain("expected Ann's hand to hold [2S]");
  });
  it("a player with no cards left and an empty stock kept in play", () => {
    expect(fails("end", "when: stock.empty and active.any(p => p.hand.empty)", "when: 'false'")).toContain("expected out [Bob]");
  });
  it("dealing five to three players", () => {
    expect(fails("deal", "playerCount <= 3 ? 7 : 5", "playerCount <= 2 ? 7 : 5")).toContain("expected Ann's hand to hold 7 cards, but it holds 5");
  });
  it("scoring cards instead of books", () => {
    expect(fails("end", "scores: p => bookCount(p)", "scores: p => p.books.count")).toContain("expected Ann's score 7, but it is 28");
  });
});

describe("an ask shows only what the rules show", () => {
  const run = (name: string): State => {
    const r: ScenarioResult = runScenarioFile(`test/scenarios/go-fish/${name}.scenario.yaml`);
    expect(r.failures.map(formatDiagnostic)).toEqual([]);
    return r.state!;
  };
  /** The cards of Ann's hand that `viewer` sees by name. */
  const annHandSeenBy = (s: State, viewer: number) => {
    const zone = view(s, viewer).zones.find((z) => z.name === "hand" && z.owner === 0)!;
    return zone.cards.filter((c) => c >= 0).map((c) => s.game.cardNames[c]).sort();
  };
  /** The log of play as `viewer` reads it (after the deal, which the scenario then arranged). */
  const lines = (s: State, viewer: number) => s.log!.map((e) => describeEvent(s, e, viewer)).join("\n").split("— play —")[1];

  it("a catch: everyone sees the cards handed over, and nothing else of Ann's hand; the card she then fished stays hers", () => {
    const s = run("catch"); // Ann takes 7C 7D from Bob, then asks Cy for threes and fishes KC
    expect(annHandSeenBy(s, 0)).toEqual(["3C", "7C", "7D", "7S", "KC", "KD"]);
    for (const other of [1, 2, -1]) expect(annHandSeenBy(s, other)).toEqual(["7C", "7D"]);
    expect(lines(s, 1)).toContain("7C 7D (Ann's hand) shown to everyone");
    expect(lines(s, 1)).not.toMatch(/KC|7S|KD|3C/);
    expect(lines(s, 0)).toContain("KC");
  });

  it("go fish: the fished card is Ann's alone to see, in her view and in the log", () => {
    const s = run("go-fish"); // Cy has no kings; Ann fishes 7C
    expect(annHandSeenBy(s, 0)).toEqual(["7C", "7S", "KD"]);
    for (const other of [1, 2, -1]) expect(annHandSeenBy(s, other)).toEqual([]);
    for (const other of [1, 2]) expect(lines(s, other)).not.toContain("7C");
    expect(lines(s, 0)).toContain("7C");
  });

  it("a fished card of the rank asked for is shown to everyone, as proof", () => {
    const s = run("fish-the-rank"); // Ann fishes KC after asking for kings
    for (const other of [1, 2, -1]) expect(annHandSeenBy(s, other)).toEqual(["KC"]);
    expect(lines(s, 2)).toContain("KC (Ann's hand) shown to everyone");
  });

  it("the views above would catch a rule that showed every fished card", () => {
    const r = withBrokenRules(id, "go-fish/go-fish.scenario.yaml", "        draw(stock, hand, 1)\n        if fished", "        draw(stock, hand, 1)\n        reveal(fished)\n        if fished");
    expect(r.passed).toBe(true); // the scenario is about turns; the check above is about what is shown
    const shown = r.state!.game.cardNames.filter((_, c) => view(r.state!, 1).zones.some((z) => z.name === "hand" && z.owner === 0 && z.cards.includes(c)));
    expect(shown).toEqual(["7C"]);
  });
});
