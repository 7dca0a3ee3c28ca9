// Card notation. Standard cards are written rank then suit (2C … 10C, JC, QC, KC, AC; suits S H D C), and the
// suit symbols ♠ ♥ ♦ ♣ are accepted too. Other decks name their cards by a template of attribute values, such
// as {colour}{rank} for R1 … P10. Names are matched without regard to case.

export const standardSuits = ["S", "H", "D", "C"] as const;
export const standardRanks = [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14] as const;
const rankSymbols: Record<number, string> = { 11: "J", 12: "Q", 13: "K", 14: "A" };

/** The standard ranks that have names, as a rulebook writes them. */
export const rankNames: ReadonlyMap<number, string> = new Map([[11, "jack"], [12, "queen"], [13, "king"], [14, "ace"]]);

const suitNames: Record<string, string> = { spade: "S", heart: "H", diamond: "D", club: "C" };

/**
 * How a rank or suit is written, for a name such as `queen` or `hearts` that an expression used as if it were a
 * value: ranks are numbers and suits letters. Empty for any other name.
 */
export function cardWordHint(name: string): string {
  const word = name.toLowerCase().replace(/s$/, "");
  const rank = [...rankNames].find(([, n]) => n === word)?.[0];
  if (rank !== undefined) return ` (ranks are numbers: a ${word} is rank ${rank}, as in c.rank == ${rank}; ${[...rankNames].map(([r, n]) => `${n} ${r}`).join(", ")})`;
  const suit = suitNames[word];
  if (suit !== undefined) return ` (suits are letters: ${word}s are suit "${suit}", as in c.suit == "${suit}"; ${Object.entries(suitNames).map(([n, s]) => `${n}s ${s}`).join(", ")})`;
  return "";
}

export function rankSymbol(rank: number): string {
  return rankSymbols[rank] ?? String(rank);
}

export interface CardSpec {
  name: string;
  attrs: Record<string, string | number | boolean>;
}

/** The ready 52-card deck: rank 2–14 (jack 11, queen 12, king 13, ace 14) and suit S, H, D or C. */
export function standardDeck(): CardSpec[] {
  const out: CardSpec[] = [];
  for (const suit of standardSuits) {
    for (const rank of standardRanks) out.push({ name: `${rankSymbol(rank)}${suit}`, attrs: { rank, suit } });
  }
  return out;
}

const suitSymbols: Record<string, string> = { "♠": "S", "♤": "S", "♥": "H", "♡": "H", "♦": "D", "♢": "D", "♣": "C", "♧": "C" };

/** The form a card name is looked up by: upper case, suit symbols as letters. */
export function normalizeCardName(name: string): string {
  // white space as a move is typed: words apart by one space, so "old  x" is found as the words "old x"
  return name.replace(/[♠♤♥♡♦♢♣♧]/g, (ch) => suitSymbols[ch]).replace(/\uFE0F/g, "").trim().split(/\s+/).join(" ").toUpperCase();
}

/** Fills a name template such as {colour}{rank} with a card's attribute values. */
export function nameFromTemplate(template: string, attrs: Record<string, unknown>): string {
  return template.replace(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (_, key: string) => String(attrs[key] ?? ""));
}
