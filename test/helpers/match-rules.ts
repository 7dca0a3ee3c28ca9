// A small match and the hand it plays inside, written inline for the tests of values a match passes in and
// reads back: the match passes the hand number (as the hand size) and the last hand's finishing order; the hand
// deals that many cards, lets the first out of the last hand deal, and its players go out as their hands empty.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { compileRulesText } from "../../src/interpreter/load/load.js";
import { formatDiagnostic } from "../../src/interpreter/diagnostics.js";
import type { Backend } from "../../src/interpreter/backend.js";
import type { Game } from "../../src/interpreter/model.js";
import { deckRules, playRules } from "./rules.js";

export const handRules = `${deckRules("A Hand", "{min: 2, max: 4}", ["pile: {visible: everyone}", "hand: {per: player, visible: owner, ordered: false}"])}options:
  handSize: {default: 2, min: 1, max: 5}
  lastOrder: {type: players, text: the order the last hand finished in}
variables:
  dealtSize: {type: number}
  dealtBy: {type: player}
  firstOut: {type: player}
setup: |
  if lastOrder.any { dealer = lastOrder.first }
  dealtBy = dealer
  shuffle(stock)
  deal(stock, hand, handSize)
  dealtSize = players.first.hand.count
${playRules(`|
      move(card, pile)
      if hand.empty {
        if firstOut == none { firstOut = me }
        out(me)
      }`, "active.count <= 1")}outcome:
  winners: "[firstOut]"
`;

/** The start of a match for two to four players, with one card on a sheet, up to its variables. */
export function matchHead(name: string): string {
  return `name: ${name}
players: {min: 2, max: 4}
cards:
  sets:
    - {each: {n: [1]}, name: "sheet{n}", into: sheet}
zones:
  sheet: {visible: everyone}
variables:
`;
}

/** The match, its phase passing what `passed` writes (by default the hand number as the size and the last order). */
export function matchRules(passed = "{handSize: handsPlayed + 1, lastOrder: order}"): string {
  return `${matchHead("A Match")}  handsPlayed: {type: number}
  sizes: {type: number, text: "the hand sizes dealt so far, one digit each"}
  order: {type: players}
  wrongDealer: {type: number}
  wins: {per: player, type: number}
phases:
  hand:
    game: {rules: '"hand.yaml"', with: ${passed}}
    end: |
      if order.any and lastVariable("dealtBy") != order.first { wrongDealer += 1 }
      sizes = sizes * 10 + lastVariable("dealtSize")
      handsPlayed += 1
      order = lastPlaces
      for p in lastWinners { p.wins += 1 }
end: handsPlayed >= 3
outcome:
  scores: p => p.wins
`;
}

/** A folder holding the hand's file, where the match is compiled as m.yaml. */
export function handFolder(hand = handRules): string {
  const dir = mkdtempSync(join(tmpdir(), "match-values-"));
  writeFileSync(join(dir, "hand.yaml"), hand);
  return dir;
}

export function compileMatch(text: string, dir: string, backend: Backend = "closures"): { game: Game | null; errors: string[] } {
  const r = compileRulesText(text, "m.yaml", "m", dir, { backend });
  return { game: r.game, errors: r.diagnostics.filter((d) => d.severity === "error").map(formatDiagnostic) };
}
