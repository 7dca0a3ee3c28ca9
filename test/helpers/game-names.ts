// Whether source text names a shipped game: the interpreter and the table must not (a game is data).

/** The suits of the standard pack, which the card notation names: a game called so (Hearts) is told by its id's use. */
const suitWords = new Set(["spades", "hearts", "diamonds", "clubs"]);

/**
 * Whether a source text names a game. A game named as a suit is named only where it is used as an id: compared
 * (=== "hearts") or as the start of a path (hearts/jack-of-diamonds); the word alone is the suit's.
 */
export function mentions(text: string, word: string): boolean {
  if (suitWords.has(word)) return new RegExp(`(===?\\s*["'\`]${word}["'\`])|\\b${word}/`).test(text);
  return new RegExp(`\\b${word}\\b`).test(text);
}
