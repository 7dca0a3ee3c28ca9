// Checking drawings and pages for hidden cards: the names of the cards a seat may not know (from the
// hidden-information checker's own account of what each seat may see), found as words in what is shown.
import type { Game } from "../../src/interpreter/model.js";

/** The names of the cards not in `known` (for decks where every card has its own name). */
export function hiddenNames(game: Game, known: ReadonlySet<number>): Set<string> {
  const names = new Set<string>();
  game.cardNames.forEach((name, c) => {
    if (!known.has(c)) names.add(name.toUpperCase());
  });
  return names;
}

/** The hidden card names that appear as words in the given texts. */
export function leaks(texts: string[], hidden: Set<string>): string[] {
  const found = new Set<string>();
  for (const t of texts) for (const word of t.toUpperCase().split(/[^0-9A-Z]+/)) if (hidden.has(word)) found.add(word);
  return [...found];
}
