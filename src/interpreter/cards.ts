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

/**
 * A named pack, as a rule file's card set gives it (`deck: euchre24`): its cards with their names and
 * attributes, and how a rulebook describes it. French-suited packs keep the standard notation (9S, QH, AC) and
 * attributes (rank 2–14, suit S H D C), so that a game moves from one to another by changing the name.
 */
export interface Pack {
  description: string;
  /** Whether its ranks are the standard ones (2–14, jack 11 to ace 14), read by name in a rulebook. */
  standardRanks: boolean;
  cards(): CardSpec[];
}

/** The standard cards of the given ranks, in every suit, `copies` times each. */
function frenchPack(ranks: readonly number[], copies = 1): CardSpec[] {
  const out: CardSpec[] = [];
  for (const suit of standardSuits) for (const rank of ranks) for (let k = 0; k < copies; k++) out.push({ name: `${rankSymbol(rank)}${suit}`, attrs: { rank, suit } });
  return out;
}

/** A Latin-suited pack: ranks 1 to 10 (as each pack names them), suits as letters, written rank then suit. */
function latinPack(ranks: readonly [number, string][], suits: readonly string[]): CardSpec[] {
  const out: CardSpec[] = [];
  for (const suit of suits) for (const [rank, symbol] of ranks) out.push({ name: `${symbol}${suit}`, attrs: { rank, suit } });
  return out;
}

const from = (low: number) => standardRanks.filter((r) => r >= low);

export const packs: Record<string, Pack> = {
  standard52: { description: "a standard deck of 52 cards: 2 to 10, jack, queen, king and ace of spades, hearts, diamonds and clubs", standardRanks: true, cards: () => frenchPack(standardRanks) },
  standard54: {
    description: "a standard deck of 52 cards and two jokers, RedJoker and BlackJoker (attribute joker: Red or Black, no rank or suit)",
    standardRanks: true,
    cards: () => [...frenchPack(standardRanks), ...["Red", "Black"].map((joker) => ({ name: `${joker}Joker`, attrs: { joker } }))],
  },
  piquet32: { description: "a piquet pack of 32 cards: 7 to 10, jack, queen, king and ace of the four suits", standardRanks: true, cards: () => frenchPack(from(7)) },
  stripped36: { description: "a pack of 36 cards: 6 to 10, jack, queen, king and ace of the four suits", standardRanks: true, cards: () => frenchPack(from(6)) },
  euchre24: { description: "a pack of 24 cards: 9, 10, jack, queen, king and ace of the four suits", standardRanks: true, cards: () => frenchPack(from(9)) },
  pinochle48: { description: "a doubled pack of 48 cards: two each of 9, 10, jack, queen, king and ace of the four suits", standardRanks: true, cards: () => frenchPack(from(9), 2) },
  italian40: {
    description: "an Italian pack of 40 cards: ace (1) to 7, jack (fante, 8), knight (cavallo, 9) and king (re, 10) of coins (D, denari), cups (C, coppe), swords (S, spade) and batons (B, bastoni), written 1D ... 7D, FD, CD, RD",
    standardRanks: false,
    cards: () => latinPack([[1, "1"], [2, "2"], [3, "3"], [4, "4"], [5, "5"], [6, "6"], [7, "7"], [8, "F"], [9, "C"], [10, "R"]], ["D", "C", "S", "B"]),
  },
  spanish40: {
    description: "a Spanish pack of 40 cards: ace (1) to 7, jack (sota, 10), knight (caballo, 11) and king (rey, 12) of coins (O, oros), cups (C, copas), swords (E, espadas) and clubs (B, bastos), written 1O ... 7O, 10O, 11O, 12O",
    standardRanks: false,
    cards: () => latinPack([[1, "1"], [2, "2"], [3, "3"], [4, "4"], [5, "5"], [6, "6"], [7, "7"], [10, "10"], [11, "11"], [12, "12"]], ["O", "C", "E", "B"]),
  },
};

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
