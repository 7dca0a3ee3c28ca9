// House rules shipped as fragments: Idiot's sevens, eights skip, nines reverse and jokers wild, and the rank-1 and
// rank-10 abilities of Idle Hands — missions. Each has scenarios that fail when its rule breaks; the Idiot ones
// compose with each other and play whole games. (On The Cards' house rule cards: on-the-cards-house.test.ts.)
import { describe, expect, it } from "vitest";
import { loadComposition } from "../src/interpreter/load/load.js";
import { entry } from "../src/interpreter/load/catalog.js";
import { formatDiagnostic } from "../src/interpreter/diagnostics.js";
import { simulate } from "../src/sim/simulate.js";
import { randomAgent } from "../src/agents/random.js";
import { withBrokenFragment } from "./helpers/broken-rules.js";

const fragments = ["idiot/sevens", "idiot/eights-skip", "idiot/nines-reverse", "idiot/jokers-wild"];

const fails = (id: string, scenario: string, from: string, to: string) => {
  const r = withBrokenFragment(id, id, `${scenario}.scenario.yaml`, from, to);
  expect(r.passed).toBe(false);
  return r.failures.map(formatDiagnostic).join("\n");
};

describe("Idiot house rules", () => {
  it.each(fragments)("%s is marked as a house rule, not from the rulebook", (id) => {
    const e = entry(id)!;
    expect([e.extends, e.known]).toEqual(["idiot", "house"]);
    expect(e.text.length).toBeGreaterThan(60);
  });

  it("all four compose, and random games with them all end, every card kept, at every player count", () => {
    const r = loadComposition(["idiot", ...fragments]);
    expect(r.diagnostics.filter((d) => d.severity !== "notice").map(formatDiagnostic)).toEqual([]);
    expect(r.game!.cardNames).toHaveLength(54);
    for (const players of [2, 3, 5]) {
      const s = simulate(r.game!, { players, games: 3, seed: `all-house-${players}`, agents: Array(players).fill(randomAgent), checkConservation: true });
      expect(s.unfinished, JSON.stringify(s.problems)).toBe(0);
    }
  });
});

describe("the Idiot house rules' scenarios catch their rules breaking", () => {
  it("sevens without the seven-or-lower rule", () => {
    expect(fails("idiot/sevens", "idiot/house/sevens", "top.rank == 7 ? c.rank <= 7 : c.rank >= top.rank", "c.rank >= top.rank")).toContain("expected 'play 5C' to be legal for Bob");
  });
  it("sevens whose order never sets back", () => {
    expect(fails("idiot/sevens", "idiot/house/sevens", "top.rank == 7 ? c.rank <= 7", "top.rank <= 7 ? c.rank <= 7")).toContain("expected 'play KS' to be legal for Cy");
  });
  it("eights that skip one player however many are played", () => {
    expect(fails("idiot/eights-skip", "idiot/house/eights-skip", "skipForEights(cards.count)", "skipForEights(1)")).toContain("expected turn Dee, but it is Cy");
  });
  it("eights that skip even when they clear the pile", () => {
    expect(fails("idiot/eights-skip", "idiot/house/eights-burn", "if eightsOnTop {", "if true {")).toContain("expected turn Bob, but it is Ann");
  });
  it("nines that reverse only once however many are played", () => {
    expect(fails("idiot/nines-reverse", "idiot/house/nines-reverse", "for i in 1..count {", "for i in 1..1 {")).toContain("expected turn Ann, but it is Cy");
  });
  it("a reversing rank that ignores the option", () => {
    expect(fails("idiot/nines-reverse", "idiot/house/nines-option", "pile.top.rank == reverseRank", "pile.top.rank == 9")).toContain("expected turn Cy, but it is Bob");
  });
  it("jokers read as the top card instead of seen through", () => {
    expect(fails("idiot/jokers-wild", "idiot/house/jokers-wild", "topCard: pile.filter(c => not isJoker(c)).top", "topCard: pile.top")).toContain("expected 'play 9S' to be legal for Bob");
  });
  it("jokers that do not count towards four of a kind", () => {
    expect(fails("idiot/jokers-wild", "idiot/house/jokers-four", "rankAt(pile.count - 1 - k) == topCard.rank", "pile[pile.count - 1 - k].rank == topCard.rank")).toContain("expected pile to hold []");
  });
  it("jokers that claim the start", () => {
    expect(fails("idiot/jokers-wild", "idiot/house/jokers-start", "c.rank != 2 and not isJoker(c)).map(c => [c.rank, 0", "c.rank != 2).map(c => [c.rank, 0")).toContain("expected turn Bob, but it is Ann");
  });
});

describe("Idle Hands — missions: the rank-1 and rank-10 abilities the rulebook leaves out", () => {
  const id = "idle-hands/missions-abilities";
  it("are marked as a house rule filling a gap, not from the rulebook, every choice assumed", () => {
    const e = entry(id)!;
    expect([e.extends, e.known]).toEqual(["idle-hands/missions", "house"]);
    const r = loadComposition([id]);
    expect(r.diagnostics.filter((d) => d.severity !== "notice").map(formatDiagnostic)).toEqual([]);
    expect(r.game!.assumptions.filter((a) => a.at.file.endsWith("missions-abilities.yaml"))).toHaveLength(4);
  });
  it("play whole games at three and four players", () => {
    const game = loadComposition([id]).game!;
    for (const players of [3, 4]) {
      const s = simulate(game, { players, games: 5, seed: `abilities-${players}`, agents: Array(players).fill(randomAgent), checkConservation: true });
      expect(s.unfinished).toBe(0);
    }
  });
  it("a 10 that must follow the Mission colour like any card", () => {
    expect(fails(id, "idle-hands/missions/house/wild-ten", " or card.rank == wildRank or not", " or not")).toContain("expected 'play G10' to be legal for Bob");
  });
  it("a 10 that does not count as the Mission colour", () => {
    expect(fails(id, "idle-hands/missions/house/wild-ten", "follows(c) or (mission.any and c.rank == wildRank)", "follows(c)")).toContain("expected Bob's won to hold [R5, G10, R9]");
  });
  it("a 1 that does not beat the 10", () => {
    expect(fails(id, "idle-hands/missions/house/giant-killer", "killerUp(c) ? wildRank + 1 : c.rank", "c.rank")).toContain("expected turn Bob, but it is Ann");
  });
  it("a 1 that beats everything, 10 or not", () => {
    expect(fails(id, "idle-hands/missions/house/giant-killer", "c.rank == killerRank and table.any(x => x.rank == wildRank)", "c.rank == killerRank")).toContain("expected turn Ann, but it is Cy");
  });
});
