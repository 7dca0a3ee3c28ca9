// A key that depends only on the card is worked out for every card when the rules load, and the best card of a
// zone is chosen by its place in that order (js/card-keys.ts). Keys of every shape the order may or may not be
// used for: each game must play as the closures play it, and the order must be used exactly where it is safe.
import { describe, expect, it } from "vitest";
import { compileRulesText } from "../src/interpreter/load/load.js";
import { tinyRules } from "./helpers/rules.js";
import { generatedSource } from "../src/interpreter/js/game.js";
import { formatDiagnostic } from "../src/interpreter/diagnostics.js";
import type { Backend } from "../src/interpreter/backend.js";
import { playGame } from "../src/sim/play-game.js";
import { randomAgent } from "../src/agents/random.js";

/** Tiny's game, where each play records the best and worst cards of the pile by `key` (c => ...). */
function rules(key: string): string {
  const kept = ["maxBy", "minBy", "best", "worst"].map((op, i) => `      v${i} = pile.${op}(c => ${key})\n`).join("");
  const extra = `constants:\n  order: {value: {C: 1, D: 2, H: 3}}\nvariables:\n  v0: {type: card}\n  v1: {type: card}\n  v2: {type: cards}\n  v3: {type: cards}\n`;
  return tinyRules(extra, { "    effect: move(card, pile)": `    effect: |\n      move(card, pile)\n${kept}` });
}

function compile(key: string, backend: Backend) {
  const r = compileRulesText(rules(key), "keys.yaml", "keys", undefined, { backend });
  if (!r.game) throw new Error(r.diagnostics.map(formatDiagnostic).join("\n"));
  return r.game;
}

const byOrder = /\(t\d+ - bestKey\) \* -?1/g;

describe("the cards' order by a key", () => {
  const cases: [string, string, boolean][] = [
    ["a number", "c.rank", true],
    ["a list, with ties", "[c.rank % 3, order[c.suit]]", true],
    ["text", "c.suit", true],
    ["none for some cards", "order[c.suit]", true],
    ["a list mixing none and numbers", "[order[c.suit], c.rank]", true],
    ["a key that fails for some card", "order[c.suit] + c.rank", false],
    ["a key that reads the game", "c.rank + pile.count", false],
    ["a key that reads the players", "c.rank * playerCount", false],
    ["true/false", "c.rank > 2", false],
  ];
  for (const [what, key, ordered] of cases) {
    it(`${what} (${key}): ${ordered ? "by the order" : "worked out at every move"}, as the closures play it`, () => {
      const js = compile(key, "js");
      const closures = compile(key, "closures");
      expect((generatedSource(js)!.match(byOrder) ?? []).length).toBe(ordered ? 4 : 0);
      for (let g = 0; g < 20; g++) {
        const [a, b] = [js, closures].map((game) => {
          const r = playGame(game, { players: 2 + (g % 3), seed: `k${g}`, agents: Array(4).fill(randomAgent), log: true });
          return JSON.stringify([r.state.log, r.state.vars, r.error]);
        });
        expect(a).toBe(b);
      }
    });
  }
});
