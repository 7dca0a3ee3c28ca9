// The generated listing of a parameter of several alike cards groups the candidates without building the groups
// (js/enumerate.ts): it must list the very moves the engine's general listing does, in the same order, for groups
// of one card and of several, and fall back to the general grouping when a candidate is not a card of the game.
import { describe, expect, it } from "vitest";
import { compileRulesText } from "../src/interpreter/load/load.js";
import { formatDiagnostic } from "../src/interpreter/diagnostics.js";
import type { Backend } from "../src/interpreter/backend.js";
import { actors, legalMoves, moveText, newGame, applyMove } from "../src/interpreter/engine.js";
import { nextInt, seedRng } from "../src/interpreter/rng.js";
import { tinyRules } from "./helpers/rules.js";

/** Tiny's game, where a play is a set of cards of one rank from `from`, at most `max` of them. */
function rules(from: string, max: string): string {
  return tinyRules("", {
    "deal(stock, hand, 3)": "shuffle(stock)\n  deal(stock, hand, 9)",
    "      card: hand\n    effect: move(card, pile)": `      cards: {from: "${from}", several: true, alike: rank, max: ${max}}\n    effect: move(cards, pile)`,
  });
}

function compile(text: string, backend: Backend) {
  const r = compileRulesText(text, "sets.yaml", "sets", undefined, { backend });
  if (!r.game) throw new Error(r.diagnostics.map(formatDiagnostic).join("\n"));
  return r.game;
}

describe("listing sets of alike cards", () => {
  const cases: [string, string, string][] = [
    ["a hand, any number of cards", "hand", "4"],
    ["a hand, the count from the game", "hand", "pile.count % 3 + 1"],
    ["a candidate that is none", "hand + [pile.top]", "2"],
    ["every candidate listed twice", "hand + hand", "3"],
    // 64 candidates while the hand holds 9, more than the game's 52 cards, where the listing's tables end, and the
    // last of them often of a rank of its own
    ["more candidates than the game has cards", "hand + hand + hand + hand + hand + hand + hand + [pile.top]", "2"],
  ];
  for (const [what, from, max] of cases) {
    it(`${what}: the same moves, in the same order, as the closures list`, () => {
      const [js, closures] = [compile(rules(from, max), "js"), compile(rules(from, max), "closures")];
      let several = 0;
      for (let g = 0; g < 10; g++) {
        const states = [js, closures].map((game) => newGame(game, { players: ["A", "B", "C"], seed: `s${g}`, log: false }));
        const rng = seedRng(`pick${g}`);
        for (let step = 0; step < 40 && !states[0].over; step++) {
          const p = actors(states[0])[0] ?? -1;
          const lists = states.map((s) => legalMoves(s, p));
          const texts = lists.map((list, i) => list.map((m) => moveText(states[i], m)));
          expect(texts[0]).toEqual(texts[1]);
          expect(states[0].error).toBe(states[1].error);
          if (lists[0].length === 0) break;
          several += lists[0].filter((m) => (m.args[0] as unknown[]).length > 1).length;
          const k = nextInt(rng, lists[0].length);
          states.forEach((s, i) => applyMove(s, p, lists[i][k], true));
        }
      }
      expect(several).toBeGreaterThan(0); // sets of several cards were listed, not only single cards
    });
  }
});
