// Small rule files written inline for tests, and helpers to load and play them.
import { compileRulesText } from "../../src/interpreter/load/load.js";
import { formatDiagnostic, sortDiagnostics } from "../../src/interpreter/diagnostics.js";
import type { Game } from "../../src/interpreter/model.js";

/** The start of a rule file with one standard deck in a face-down stock, and the zones given (one a line). */
export function deckRules(name: string, players: string, zones: string[]): string {
  return `name: ${name}
players: ${players}
cards:
  sets:
    - deck: standard52
      into: stock
zones:
  stock: {visible: nobody}
${zones.map((z) => `  ${z}\n`).join("")}`;
}

/**
 * The one phase and one action of a minimal game: play a card from hand, with the effect given (one line, or
 * "|" and indented lines), until the game's end.
 */
export function playRules(effect: string, end = "players.all(p => p.hand.empty)"): string {
  return `phases:
  main:
    actions: [play]
actions:
  play:
    params:
      card: hand
    effect: ${effect}
end: ${end}
`;
}

/** A minimal game: each player draws nothing and plays cards from hand to a pile until the hands are empty. */
export function tinyRules(extra = "", replace: Record<string, string> = {}): string {
  let text = `${deckRules("Tiny", "{min: 2, max: 4}", ["pile: {visible: everyone}", "hand: {per: player, visible: owner, ordered: false}"])}setup: |
  deal(stock, hand, 3)
${playRules("move(card, pile)")}${extra}`;
  for (const [from, to] of Object.entries(replace)) {
    if (!text.includes(from)) throw new Error(`tinyRules: '${from}' is not in the text`);
    text = text.replace(from, to);
  }
  return text;
}

/**
 * Tiny, shuffled, with two choices asked in the middle of its play action (ask:): the next player answers with a
 * card of the suit played from their hand, if they have one; then the player whose turn it is chooses a bonus no
 * larger than the card's rank allows, if any. Each is skipped at times, and both read the action's parameter.
 */
export const askRules = (): string => tinyRules(`variables:
  points: {per: player, type: number}
`, {
  "  deal(stock, hand, 3)": "  shuffle(stock)\n  deal(stock, hand, 3)",
  "    effect: move(card, pile)": `    effect: move(card, pile)
    ask:
      who: next(me)
      choose: answer
      from: hand.filter(c => c.suit == card.suit)
      then: points += answer.rank
      ask:
        who: current
        choose: bonus
        from: "[1, 2, 3].filter(n => n <= card.rank % 4)"
        then: points += bonus * card.rank`,
});

export function diagnosticsOf(text: string, name = "t.yaml"): string[] {
  return sortDiagnostics(compileRulesText(text, name, "t").diagnostics).map(formatDiagnostic);
}

export function errorsOf(text: string, name = "t.yaml"): string[] {
  return sortDiagnostics(compileRulesText(text, name, "t").diagnostics).filter((d) => d.severity === "error").map(formatDiagnostic);
}

export function gameOf(text: string): Game {
  const r = compileRulesText(text, "t.yaml", "t");
  if (!r.game) throw new Error(r.diagnostics.map(formatDiagnostic).join("\n"));
  return r.game;
}

/** A two-player game of six named cards dealt from a face-down stock, with `rest` (setup, phases, actions, end)
 * after its zones: the planted leaks of the campaign's and the leak checker's tests start from it. */
export const stockRules = (rest: string): string => `name: Peek
players: {min: 2, max: 2}
cards:
  sets:
    - {each: {n: [1, 2, 3, 4, 5, 6]}, name: "c{n}", into: stock}
zones:
  stock: {visible: nobody}
  hand: {per: player, visible: owner}
  pile: {visible: everyone}
${rest}`;

/**
 * Tiny, shuffled, its turn in three steps: draw (or wait, once the stock is empty), then if the player likes set
 * down a pair or peek (peek keeps the turn at its step: endsTurn: false), then play a card; a king played gives
 * another turn (again()), which starts at the first step. The game ends when the stock is empty and a hand is.
 */
export const stepRules = (): string => tinyRules(`variables:
  points: {per: player, type: number}
`, {
  "  deal(stock, hand, 3)": "  shuffle(stock)\n  deal(stock, hand, 3)",
  "    actions: [play]\n": "    steps:\n      - [draw, wait]\n      - {actions: [pair, peek], optional: true}\n      - [play]\n",
  "    effect: move(card, pile)": `    effect: |
      move(card, pile)
      if card.rank == 13 {
        again()
      }
  draw:
    require:
      stock: stock.any
    effect: draw(stock, hand, 1)
  wait:
    require:
      empty: stock.empty
  pair:
    params:
      cards: {from: hand, several: true, alike: rank, max: 2}
    require:
      two: cards.count == 2 and hand.count > 2
    effect: |
      move(cards, pile)
      points += 2
  peek:
    endsTurn: false
    require:
      few: points % 3 != 2
    effect: points += 1`,
  "end: players.all(p => p.hand.empty)": "end: stock.empty and players.any(p => p.hand.empty)",
});

/**
 * Columns: each player lays cards on any of their four columns (a family each player has, seen by everyone), each
 * card higher than the one before it; or hides one in their stash (seen by its owner, low or high by its rank),
 * or locks it in their vault (seen by nobody); or throws it on its suit's pool (a family of the game, top card
 * seen). Scores read a player's family as a list, by a member's name, and through a name given to it.
 */
export const columnsRules = `${deckRules("Columns", "{min: 2, max: 4}", [
  "hand: {per: player, visible: owner, ordered: false}",
  "col: {per: player, family: [S, H, D, C], visible: everyone, text: a player's column}",
  "stash: {per: player, family: [low, high], visible: owner}",
  "vault: {per: player, family: [a], visible: nobody}",
  "pool: {family: [S, H, D, C], visible: top}",
])}variables:
  thrown: {per: player, type: number}
define:
  columns(mine): mine.sum(z => z.count * 2) + mine.S.count
  score(p): 'columns(p.col) + p.stash.high.count + p.vault.a.count + p.col[p.name == "P0" ? "H" : "D"].count'
setup: |
  shuffle(stock)
  deal(stock, hand, 5)
phases:
  main:
    actions: [lay, hide, lock, throw]
actions:
  lay:
    params:
      card: hand
      column: col
    require:
      higher: column.empty or column.top.rank < card.rank
    effect: |
      move(card, column)
      draw(stock, hand, 1)
  hide:
    params:
      card: hand
    effect: |
      move(card, stash[card.rank > 7 ? "high" : "low"])
      draw(stock, hand, 1)
  lock:
    require:
      room: vault.a.count < 2 and hand.any
    effect: |
      move(hand.first, vault.a)
      draw(stock, hand, 1)
  throw:
    params:
      card: hand
    effect: |
      move(card, pool[card.suit])
      thrown += 1
      if col[card.suit].any {
        move(col[card.suit].top, pool[card.suit])
      }
      draw(stock, hand, 1)
end: players.all(p => p.hand.empty)
outcome:
  scores: "p => score(p)"
  winners: players.best(p => score(p))
`;

/**
 * Tiny, shuffled, with a tap anyone may make out of turn (anytime:) while the cards are played, once a turn each
 * (a variable reset with the turn) and while their tap count is below three; a tap on an ace ends the phase,
 * and the game with it.
 */
export const anytimeRules = (): string => tinyRules(`variables:
  tapped: {per: player, type: bool, reset: turn}
  taps: {per: player, type: number}
`, {
  "  deal(stock, hand, 3)": "  shuffle(stock)\n  deal(stock, hand, 3)",
  "    actions: [play]\n": "    actions: [play]\n    anytime: [tap]\n",
  "    effect: move(card, pile)": `    effect: move(card, pile)
  tap:
    require:
      once: not tapped and taps < 3
    effect: |
      tapped = true
      taps += 1
      if pile.any and pile.top.rank == 1 {
        endPhase()
      }`,
});

/**
 * Tucks: cards laid on cards. A card lower than the row's top card is laid on it (held by it); a player may take
 * the row's top card, with every card it holds, or tuck a card under another card of their own hand, where only
 * they see it. A taken card scores one, and each card it holds one more (two under a court card).
 */
export const heldRules = `${deckRules("Tucks", "{min: 2, max: 4}", [
  "hand: {per: player, visible: owner, ordered: false}",
  "row: {visible: everyone}",
  "won: {per: player, visible: everyone}",
  "under: {per: card, visible: card, text: the cards laid on a card}",
])}define:
  worth(c): "1 + c.under.count * (c.rank > 10 ? 2 : 1) + c.under.sum(x => x.under.count)"
setup: |
  shuffle(stock)
  deal(stock, hand, 6)
phases:
  main:
    actions: [lay, take, tuck]
actions:
  lay:
    params:
      card: hand
    effect: |
      if row.any and card.rank < row.top.rank {
        move(card, row.top.under)
      } else {
        move(card, row)
      }
  take:
    require:
      some: row.any and row.top.under.any
    effect: move(row.top, won)
  tuck:
    params:
      card: hand
    require:
      other: hand.count > 1
    effect: move(card, hand.without(card).first.under)
end: players.any(p => p.hand.empty)
outcome:
  scores: "p => p.won.sum(c => worth(c))"
  winners: players.best(p => p.won.sum(c => worth(c)))
`;
