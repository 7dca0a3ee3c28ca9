// The standard 52-card deck as the interpreter numbers it: suits S, H, D, C in that order, each with ranks 2 to
// 14 (jack 11, queen 12, king 13, ace 14), so a card's id is suitIndex * 13 + (rank - 2). Sharing the numbering
// lets a hand-written game shuffle and deal exactly as a rule file does from the same seed.

export const deckSize = 52;

const suitLetters = ["S", "H", "D", "C"] as const;
const rankSymbols: Record<number, string> = { 11: "J", 12: "Q", 13: "K", 14: "A" };

export function rankOf(card: number): number {
  return (card % 13) + 2;
}

/** 0 for spades, 1 hearts, 2 diamonds, 3 clubs. */
export function suitIndexOf(card: number): number {
  return (card / 13) | 0;
}

/** The written name, as the interpreter prints it: 10S, QH, AC. */
export function cardName(card: number): string {
  const rank = rankOf(card);
  return `${rankSymbols[rank] ?? String(rank)}${suitLetters[suitIndexOf(card)]}`;
}

/** The card with a written name such as `QS` or `10h`. */
export function cardNamed(name: string): number {
  const upper = name.toUpperCase();
  const suit = suitLetters.indexOf(upper.slice(-1) as (typeof suitLetters)[number]);
  const symbol = upper.slice(0, -1);
  const rank = Number(Object.entries(rankSymbols).find(([, s]) => s === symbol)?.[0] ?? symbol);
  if (suit < 0 || !(rank >= 2 && rank <= 14)) throw new Error(`no card is called '${name}'`);
  return suit * 13 + rank - 2;
}

/** The deck in id order, as a fresh stock before shuffling: the last card is the top. */
export function freshDeck(): number[] {
  const cards = new Array<number>(deckSize);
  for (let c = 0; c < deckSize; c++) cards[c] = c;
  return cards;
}

/** Removes one card from a list, keeping the order of the others (as the interpreter's moves do). */
export function removeCard(cards: number[], card: number): void {
  const at = cards.lastIndexOf(card);
  if (at === cards.length - 1) cards.pop();
  else cards.splice(at, 1);
}
