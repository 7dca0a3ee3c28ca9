// Idle Hands — seven sins as a whole: the base and its four variant fragments load in every valid combination,
// Advanced with More Victims is refused as a conflict, the Victims of the Advanced game start as the rulebook
// says, many random games of every combination and player count end with every card accounted for and every
// rule kept, scenarios catch broken rules, and the removeZone builtin the game needs.
import { describe, expect, it } from "vitest";
import { loadComposition } from "../src/interpreter/load/load.js";
import { applyMove, legalMoves, newGame, play } from "../src/interpreter/engine.js";
import type { State } from "../src/interpreter/state.js";
import type { Game } from "../src/interpreter/model.js";
import { view } from "../src/interpreter/view.js";
import { simulate } from "../src/sim/simulate.js";
import { playGame } from "../src/sim/play-game.js";
import { randomAgent } from "../src/agents/random.js";
import { formatDiagnostic } from "../src/interpreter/diagnostics.js";
import { gameOf } from "./helpers/rules.js";
import { withBrokenRules } from "./helpers/broken-rules.js";

const base = "idle-hands/seven-sins";
const intermediate = "idle-hands/seven-sins-intermediate";
const advanced = "idle-hands/seven-sins-advanced";
const moreVictims = "idle-hands/seven-sins-more-victims";
const specialties = "idle-hands/seven-sins-demonic-specialties";

/** Every valid combination of variants: Advanced brings Intermediate with it, and excludes More Victims. */
const combinations: [string, string[]][] = [
  ["Basic", []],
  ["Intermediate", [intermediate]],
  ["Advanced", [advanced]],
  ["More Victims", [moreVictims]],
  ["Intermediate + More Victims", [intermediate, moreVictims]],
  ["Demonic Specialties", [specialties]],
  ["Intermediate + Demonic Specialties", [intermediate, specialties]],
  ["Advanced + Demonic Specialties", [advanced, specialties]],
  ["More Victims + Demonic Specialties", [moreVictims, specialties]],
  ["Intermediate + More Victims + Demonic Specialties", [intermediate, moreVictims, specialties]],
];

function load(fragments: string[]): Game {
  const r = loadComposition([base, ...fragments]);
  if (!r.game) throw new Error(r.diagnostics.map(formatDiagnostic).join("\n"));
  return r.game;
}

/** The zone index of a zone of the game, or of a player's zone. */
function zone(s: State, name: string, p?: number): number {
  const d = s.game.zones.find((z) => z.name === name)!;
  return d.per === "game" ? d.slot : s.game.sharedZones + d.slot * s.n + p!;
}
/** The zones of a family, in order. */
function family(s: State, name: string): number[] {
  const d = s.game.zones.find((z) => z.name === name)!;
  return s.groups[d.slot];
}
function attr(g: Game, name: string, c: number): string | number | null {
  return g.attributes.get(name)!.byCard[c];
}
const seats = (n: number) => Array.from({ length: n }, (_, i) => `P${i + 1}`);

describe("Idle Hands — seven sins: loading", () => {
  it.each(combinations)("%s loads with no error and no warning", (_, fragments) => {
    const r = loadComposition([base, ...fragments]);
    expect(r.diagnostics.filter((d) => d.severity !== "notice").map(formatDiagnostic)).toEqual([]);
    expect(r.game!.players).toEqual({ min: 2, max: 8 });
  });

  it("each fragment loads alone, composed onto the base it extends (Advanced through Intermediate)", () => {
    for (const f of [intermediate, advanced, moreVictims, specialties]) expect(loadComposition([f]).game).not.toBeNull();
    expect(loadComposition([advanced]).game!.name).toBe("Idle Hands — seven sins + Intermediate + Advanced");
  });

  it("marks every value the rulebook does not give as assumed", () => {
    expect(load([]).assumptions.map((a) => a.what)).toEqual(["cards.sets.2", "dealer", "start", "end", "outcome"]);
    expect(load([advanced]).assumptions.map((a) => a.what)).toEqual(expect.arrayContaining([
      "constants.sinValue", "constants.multipliers", "define.startPile", "define.dealVictims",
    ]));
    expect(load([moreVictims]).assumptions.map((a) => a.what)).toContain("define.startPile");
    expect(load([specialties]).assumptions.map((a) => a.what)).toEqual(expect.arrayContaining(["variables.specialty", "actions.specialize"]));
  });

  it("has 96 cards: six of each sin in the Hand set and in the Deck set, and 12 unique Victims", () => {
    const g = load([]);
    expect(g.cardNames).toHaveLength(96);
    for (const set of ["hand", "deck"]) {
      const cards = g.cardNames.map((_, c) => c).filter((c) => attr(g, "set", c) === set);
      expect(cards).toHaveLength(42);
      for (const sin of ["avarice", "envy", "gluttony", "lust", "pride", "sloth", "wrath"]) {
        expect(cards.filter((c) => attr(g, "sin", c) === sin)).toHaveLength(6);
      }
    }
    const victims = g.cardNames.filter((_, c) => attr(g, "set", c) === "victim");
    expect(new Set(victims).size).toBe(12);
  });
});

describe("Idle Hands — seven sins: Advanced with More Victims is refused", () => {
  const errors = (refs: string[]) => {
    const r = loadComposition(refs);
    expect(r.game).toBeNull();
    return r.diagnostics.filter((d) => d.severity === "error");
  };

  it("as a conflict located in the second fragment's file, at the item both replace", () => {
    const [e] = errors([base, advanced, moreVictims]);
    expect(formatDiagnostic(e)).toBe(
      "rules/idle-hands/seven-sins-more-victims.yaml:14:3: error E_CONFLICT: 'define.startPile' is also replaced by idle-hands/seven-sins-advanced: say which wins, with overrides: [idle-hands/seven-sins-advanced] in one of them",
    );
  });

  it("in either order, and without naming the base", () => {
    const one = errors([moreVictims, advanced]);
    expect(one.map((d) => [d.code, d.file])).toEqual([["E_CONFLICT", "rules/idle-hands/seven-sins-advanced.yaml"]]);
    expect(one[0].message).toContain("'define.startPile' is also replaced by idle-hands/seven-sins-more-victims");
    const two = errors([base, intermediate, moreVictims, advanced]);
    expect(two.map((d) => d.code)).toEqual(["E_CONFLICT"]);
  });
});

describe("Idle Hands — seven sins: the start of the game", () => {
  it.each([2, 3, 4, 5, 6, 7, 8])("with %i players the Hand set is dealt out equally, after removing four cards face up for 4, 5 or 8", (n) => {
    const s = newGame(load([]), { players: seats(n), seed: `deal-${n}` });
    const removes = [4, 5, 8].includes(n);
    const removed = s.zones[zone(s, "removed")];
    expect(removed.map((c) => attr(s.game, "set", c)).sort()).toEqual(removes ? ["deck", "deck", "hand", "hand"] : []);
    for (let p = 0; p < n; p++) {
      const hand = s.zones[zone(s, "hand", p)];
      expect(hand).toHaveLength((removes ? 40 : 42) / n);
      expect(hand.every((c) => attr(s.game, "set", c) === "hand")).toBe(true);
    }
    expect(s.zones[zone(s, "deck")]).toHaveLength(removes ? 40 : 42);
    expect(s.game.phases[s.phase].turns).toBe("counterclockwise");
  });

  it.each([2, 3, 4, 5, 6, 7, 8])("Advanced with %i players: four Victims are piles at the start, each with one removed sin for 4, 5 or 8", (n) => {
    const s = newGame(load([advanced]), { players: seats(n), seed: `victims-${n}` });
    const piles = family(s, "piles");
    expect(piles).toHaveLength(4);
    for (const z of piles) {
      const cards = s.zones[z];
      expect(attr(s.game, "set", cards[0])).toBe("victim");
      expect(cards.length).toBe([4, 5, 8].includes(n) ? 2 : 1);
      if (cards.length === 2) expect(attr(s.game, "sin", cards[1])).not.toBeNull();
    }
    expect(s.zones[zone(s, "removed")]).toEqual([]);
    expect(s.zones[zone(s, "victims")]).toHaveLength(8);
  });

  it("More Victims deals no Victim before the first pile is started", () => {
    const s = newGame(load([moreVictims]), { players: seats(3), seed: 1 });
    expect(family(s, "piles")).toEqual([]);
    expect(s.zones[zone(s, "victims")]).toHaveLength(12);
  });

  it("Demonic Specialties: the specialty is chosen before the cards are dealt, so no player sees a card of hers", () => {
    const s = newGame(load([specialties]), { players: seats(4), seed: 9 });
    expect(s.game.phases[s.phase].name).toBe("specialize");
    for (let p = 0; p < 4; p++) {
      expect(s.zones[zone(s, "hand", p)]).toEqual([]);
      const seen = view(s, p).zones.filter((z) => z.name !== "removed").flatMap((z) => z.cards).filter((c) => c >= 0);
      expect(seen).toEqual([]);
    }
    for (const [p, sin] of ["wrath", "envy", "wrath", "pride"].entries()) expect(play(s, p, `specialize ${sin}`)).toEqual({ ok: true });
    expect(s.game.phases[s.phase].name).toBe("play");
    for (let p = 0; p < 4; p++) expect(s.zones[zone(s, "hand", p)]).toHaveLength(10);
  });
});

/** The rules as the rulebook states them, checked on a finished game from its zones, not by the rule file. */
function checkFinishedGame(s: State, fragments: string[]): void {
  expect(s.error).toBeNull();
  expect(s.over).toBe(true);
  const g = s.game;
  const sinOf = (c: number) => attr(g, "sin", c);
  const taken = family(s, "taken");
  expect(taken.length).toBeLessThanOrEqual(10);
  // every taken pile holds the seven sins, once each, and (with Victims) a Victim at its base
  for (const z of taken) {
    const cards = s.zones[z];
    const sins = cards.map(sinOf).filter((x) => x !== null);
    expect(new Set(sins).size).toBe(7);
    expect(sins).toHaveLength(7);
    expect(s.zoneOwner[z]).toBeGreaterThanOrEqual(0);
    const victims = cards.filter((c) => attr(g, "set", c) === "victim");
    if (fragments.includes(advanced) || fragments.includes(moreVictims)) expect(victims.length).toBeLessThanOrEqual(1);
    else expect(victims).toEqual([]);
    if (victims.length) expect(cards[0]).toBe(victims[0]);
  }
  // no pile left on the table has two cards of one sin, or seven sins
  for (const z of family(s, "piles")) {
    const sins = s.zones[z].map(sinOf).filter((x) => x !== null);
    expect(new Set(sins).size).toBe(sins.length);
    expect(sins.length).toBeLessThan(7);
  }
  // the game ended at ten piles, or when the cards ran out, which happens to the hands and the Deck set together
  if (taken.length < 10) {
    expect(s.zones[zone(s, "deck")]).toEqual([]);
    for (let p = 0; p < s.n; p++) expect(s.zones[zone(s, "hand", p)]).toEqual([]);
  }
  for (let p = 0; p < s.n; p++) expect(s.zones[zone(s, "drawn", p)]).toEqual([]);
  // scores: the Basic game counts piles; Intermediate adds values, 51 for any complete pile
  const piles = (p: number) => taken.filter((z) => s.zoneOwner[z] === p).length;
  const scores = s.result!.scores!;
  for (let p = 0; p < s.n; p++) {
    if (fragments.includes(advanced)) continue;
    expect(scores[p]).toBe(piles(p) * (fragments.includes(intermediate) ? 51 : 1));
  }
  const best = Math.max(...scores);
  expect(s.result!.winners).toEqual(scores.flatMap((v, p) => (v === best ? [p] : [])));
}

describe("Idle Hands — seven sins: random games", () => {
  describe.each(combinations)("%s", (label, fragments) => {
    const game = load(fragments);
    it.each([2, 3, 4, 5, 6, 7, 8])(`finishes 30 random games with %i players, every card in one zone after every event`, (n) => {
      const summary = simulate(game, { players: n, games: 30, seed: `seven-sins-${label}-${n}`, agents: Array(n).fill(randomAgent), checkConservation: true });
      expect(summary.problems).toEqual([]);
      expect(summary.finished).toBe(30);
    });
    it.each([2, 5, 8])("keeps every rule in 10 random games with %i players", (n) => {
      for (let i = 0; i < 10; i++) {
        const r = playGame(game, { players: n, seed: `rules-${label}-${n}-${i}`, agents: Array(n).fill(randomAgent), checkConservation: true });
        expect(r.error).toBeNull();
        checkFinishedGame(r.state, fragments);
      }
    });
  });
});

describe("Idle Hands — seven sins: legal moves", () => {
  it("offer a new pile only when the player cannot play onto a pile (from the hand: no hand card fits; the drawn card: it fits none), and never a pile that holds the card's sin", () => {
    const game = load([advanced, specialties]);
    for (let i = 0; i < 20; i++) {
      const s = newGame(game, { players: seats(3), seed: `legal-${i}`, log: false });
      let steps = 0;
      while (!s.over && steps++ < 400) {
        const p = s.current >= 0 ? s.current : [0, 1, 2].find((q) => legalMoves(s, q).length > 0)!;
        const moves = legalMoves(s, p);
        const piles = family(s, "piles");
        for (const m of moves) {
          const pileParam = m.action.params.findIndex((x) => x.name === "pile");
          if (pileParam < 0) continue;
          const n = m.args[pileParam] as number;
          const cardParam = m.action.params.findIndex((x) => x.name === "card");
          const card = cardParam >= 0 ? (m.args[cardParam] as number) : s.zones[zone(s, "drawn", p)][0];
          const fitsOf = (c: number) => piles.filter((z) => !s.zones[z].some((x) => attr(game, "sin", x) === attr(game, "sin", c)));
          const fits = fitsOf(card);
          if (n > piles.length) {
            expect(fits).toEqual([]);
            // a card from the hand: no card in the hand fits any pile
            if (m.action.name === "play") expect(s.zones[zone(s, "hand", p)].filter((c) => fitsOf(c).length > 0)).toEqual([]);
          } else expect(fits).toContain(piles[n - 1]);
        }
        applyMove(s, p, moves[(steps * 7) % moves.length], true);
      }
      expect(s.over).toBe(true);
    }
  });
});

/** Runs a scenario of the Basic game against a copy of the base rules with one rule changed. */

describe("Idle Hands — seven sins: scenarios catch broken rules", () => {
  it("the rules unchanged pass", () => {
    expect(withBrokenRules("idle-hands/seven-sins", "idle-hands/seven-sins/turn-order.scenario.yaml", "turns: counterclockwise", "turns: counterclockwise").failures.map(formatDiagnostic)).toEqual([]);
  });
  it("turns going clockwise", () => {
    const r = withBrokenRules("idle-hands/seven-sins", "idle-hands/seven-sins/turn-order.scenario.yaml", "turns: counterclockwise", "turns: clockwise");
    expect(formatDiagnostic(r.failures[0])).toContain("expected turn Cy, but it is Bob");
  });
  it("a new pile allowed for a card that fits a pile", () => {
    const r = withBrokenRules("idle-hands/seven-sins", "idle-hands/seven-sins/new-pile.scenario.yaml", "newOnlyIfNoFit(c, n): not isNew(n) or not fitsSomewhere(c)", "newOnlyIfNoFit(c, n): true");
    expect(r.passed).toBe(false);
  });
  it("a new pile allowed for a hand card that fits no pile while another hand card fits one (the card, not the player, decides)", () => {
    const r = withBrokenRules("idle-hands/seven-sins", "idle-hands/seven-sins/new-pile-whole-hand.scenario.yaml", "check: newOnlyIfHandStuck(pile)", "check: newOnlyIfNoFit(card, pile)");
    expect(formatDiagnostic(r.failures[0])).toContain("expected 'play wrath 2' not to be legal for Ann");
  });
  it("two cards of one sin allowed in a pile", () => {
    const r = withBrokenRules("idle-hands/seven-sins", "idle-hands/seven-sins/one-sin-per-pile.scenario.yaml", "noSecondSin(c, n): isNew(n) or fits(c, piles[n - 1])", "noSecondSin(c, n): true");
    expect(r.passed).toBe(false);
  });
  it("a pile taken at the sixth sin", () => {
    const r = withBrokenRules("idle-hands/seven-sins", "idle-hands/seven-sins/take-pile.scenario.yaml", "if sinsIn(pile).count == sins.count {", "if sinsIn(pile).count == sins.count - 1 {");
    expect(r.passed).toBe(false);
  });
  it("the game going on after ten piles", () => {
    const r = withBrokenRules("idle-hands/seven-sins", "idle-hands/seven-sins/ten-piles.scenario.yaml", "value: 10\n", "value: 11\n");
    expect(formatDiagnostic(r.failures[0])).toContain("expected over true, but it is false");
  });
  it("no drawing from the Deck set", () => {
    const r = withBrokenRules("idle-hands/seven-sins", "idle-hands/seven-sins/turn-order.scenario.yaml", "        draw(deck, drawn)\n", "");
    expect(r.passed).toBe(false);
  });
});

describe("the removeZone builtin", () => {
  const rules = (effect: string) => gameOf(`name: Families
players: {min: 2, max: 2}
cards:
  sets:
    - {each: {n: [1, 2, 3]}, into: stock}
zones:
  stock: {visible: everyone}
  piles: {many: true, visible: everyone}
setup: |
  draw(stock, newZone(piles))
  draw(stock, newZone(piles))
  let empty = newZone(piles)
phases:
  main:
    actions: [go]
actions:
  go:
    params:
      n: 1..piles.count
    effect: |
${effect.split("\n").map((l) => `      ${l}`).join("\n")}
end: stock.empty
`);

  it("takes an emptied zone out of its family: the zones after it move up one", () => {
    const s = newGame(rules("move(piles[n - 1], stock)\nremoveZone(piles[n - 1])"), { players: ["Ann", "Bob"], seed: 1 });
    const [first, second, third] = family(s, "piles");
    expect(play(s, s.current, "go 1")).toEqual({ ok: true });
    expect(s.error).toBeNull();
    expect(family(s, "piles")).toEqual([second, third]);
    expect(s.zones[first]).toEqual([]);
    expect(view(s, 1).zones.filter((z) => z.name === "piles" && !z.retired).map((z) => z.label)).toEqual(["piles #1", "piles #2"]);
    expect(legalMoves(s, s.current).map((m) => m.args[0])).toEqual([1, 2]);
  });

  it("stops the game, naming the zone, when the zone still holds cards", () => {
    const s = newGame(rules("removeZone(piles[n - 1])"), { players: ["Ann", "Bob"], seed: 1 });
    play(s, s.current, "go 2");
    expect(s.error).toBe("removeZone: piles #2 still holds 1 card: move them first");
  });

  it("stops the game when the zone is not in a family", () => {
    const s = newGame(rules("move(piles[n - 1], stock)\nremoveZone(stock)"), { players: ["Ann", "Bob"], seed: 1 });
    play(s, s.current, "go 3");
    expect(s.error).toBe("removeZone: stock is not in a family of zones (declared with many: true)");
  });
});
