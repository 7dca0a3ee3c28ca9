// What a seat may know, from its view alone: the cards it sees in zones and in the variables it may read. Any
// other card's name showing up in what is drawn or written for that seat is a leak.
import type { Game } from "../../src/interpreter/model.js";
import type { View } from "../../src/interpreter/view.js";

export function knownCards(game: Game, v: View): Set<number> {
  const known = new Set<number>();
  for (const z of v.zones) for (const c of z.cards) if (c >= 0) known.add(c);
  for (const def of game.vars) {
    const holdsCards = def.type.t === "card" || (def.type.t === "list" && def.type.of.t === "card");
    if (!holdsCards) continue;
    const value = v.variables[def.name];
    const values = def.per === "player" ? ((value as unknown[] | null) ?? []) : [value];
    for (const x of values.flat()) if (typeof x === "number") known.add(x);
  }
  return known;
}

/** The names of the cards a seat does not know (for decks where every card has its own name). */
export function hiddenNames(game: Game, v: View): Set<string> {
  const known = knownCards(game, v);
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
