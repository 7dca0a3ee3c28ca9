// A listing checks each candidate of a parameter of cards as a list of one card, and the card that stands for a
// group of alike cards the same way: the generated listing then reads the list's first (or last, top, bottom)
// card as the candidate itself, also through a definition's parameter (js/enumerate.ts, Fn.single). The games
// must play as the closures play them, and the listing must not look into the list.
import { describe, expect, it } from "vitest";
import { compileRulesText } from "../src/interpreter/load/load.js";
import { formatDiagnostic } from "../src/interpreter/diagnostics.js";
import type { Backend } from "../src/interpreter/backend.js";
import { generatedSource } from "../src/interpreter/js/game.js";
import { playGame } from "../src/sim/play-game.js";
import { randomAgent } from "../src/agents/random.js";
import { tinyRules } from "./helpers/rules.js";

/** Tiny's game, where a play is `param` (a list of cards from hand) and must pass `check`, written as `call`. */
function rules(param: string, check: string, call: string): string {
  return tinyRules(`define:\n  fits(cards): ${check}\n`, {
    "deal(stock, hand, 3)": "shuffle(stock)\n  deal(stock, hand, 6)",
    "      card: hand\n    effect: move(card, pile)": `      cards: ${param}\n    require:\n      fits:\n        check: ${call}\n        else: "it does not fit"\n    effect: move(cards, pile)`,
  });
}

function compile(text: string, backend: Backend) {
  const r = compileRulesText(text, "single.yaml", "single", undefined, { backend });
  if (!r.game) throw new Error(r.diagnostics.map(formatDiagnostic).join("\n"));
  return r.game;
}

/** The generated listing: the one function that pushes moves. */
function listing(source: string): string {
  const fns = source.split(/\n(?=function )/);
  const found = fns.filter((f) => f.includes("out.push("));
  expect(found).toHaveLength(1);
  return found[0];
}

// a list's first or last item, read by looking into the list
const intoTheList = /\.length \? t\d+\[(0|t\d+\.length - 1)\] : null/;

describe("a candidate checked as a list of one card", () => {
  // a player with no card that fits may play any card of a hand of one (so that few games end with nobody able to move)
  const check = 'cards.first.rank >= pile.count % 9 + 2 or cards.last.suit == "H" and pile.count % 2 == 0 or cards.top == cards.bottom and pile.count % 3 == 0 or hand.count == 1';
  // what cards of one rank share, written in the requirement: checked once per group, a group's first card
  // standing for it
  const byRank = "cards.first.rank >= pile.count % 9 + 2 or cards.last.rank == pile.count % 5 + 3 or hand.count <= 2";
  const cases: [string, string, string][] = [
    ["one card at a time, through a definition", "{from: hand, several: true, max: 1}", "fits(cards)"],
    ["sets of alike cards, a group's first card standing for it", "{from: hand, several: true, alike: rank, max: 3}", byRank],
  ];
  for (const [what, param, call] of cases) {
    it(`${what}: the candidate read as the card, and the same games as the closures play`, () => {
      const text = rules(param, check, call);
      const js = compile(text, "js");
      const list = listing(generatedSource(js)!);
      expect(list).not.toMatch(intoTheList);
      const closures = compile(text, "closures");
      let refused = 0;
      for (let g = 0; g < 20; g++) {
        const [a, b] = [js, closures].map((game) => {
          const r = playGame(game, { players: 2 + (g % 3), seed: `one${g}`, agents: Array(4).fill(randomAgent), log: true, coverage: true });
          return { text: JSON.stringify([r.state.log, r.state.vars, r.error]), coverage: Array.from(r.state.coverage!) };
        });
        expect(a.text).toBe(b.text);
        expect(a.coverage).toEqual(b.coverage);
        refused += a.coverage.reduce((x, y) => x + y, 0);
      }
      expect(refused).toBeGreaterThan(0);
    });
  }
});
