// The static types of the expression language. Every expression is typed when the rule file loads, so a
// comparison of a card with a number, or a zone used as a player, is reported before any game is played.

export type Type =
  | { t: "num" }
  | { t: "bool" }
  | { t: "str"; values?: readonly string[] } // values: the closed set of an attribute, for checking literals
  | { t: "card" }
  | { t: "player" }
  | { t: "zone" } // one zone: its cards, and the zone itself for moves
  | { t: "zonekind"; name: string } // a per-player zone named without its owner: `hand` means the acting player's
  | { t: "list"; of: Type; keys?: readonly string[] } // keys: a named family of zones, indexed by its members' names
  | { t: "map"; of: Type } // a constant table, indexed by text or number
  | { t: "none" }
  | { t: "void" } // what an effect returns
  | { t: "any" };

export const num: Type = { t: "num" };
export const bool: Type = { t: "bool" };
export const str: Type = { t: "str" };
export const card: Type = { t: "card" };
export const player: Type = { t: "player" };
export const zone: Type = { t: "zone" };
export const none: Type = { t: "none" };
export const voidType: Type = { t: "void" };
export const any: Type = { t: "any" };
export const list = (of: Type): Type => ({ t: "list", of });
export const cards = list(card);
export const players = list(player);

export function show(type: Type): string {
  switch (type.t) {
    case "num": return "number";
    case "bool": return "true/false";
    case "str": return "text";
    case "card": return "card";
    case "player": return "player";
    case "zone": return "zone";
    case "zonekind": return `zone (${type.name}, per player)`;
    case "list":
      if (type.of.t === "card") return "cards";
      if (type.of.t === "player") return "players";
      return `list of ${show(type.of)}`;
    case "map": return `table of ${show(type.of)}`;
    case "none": return "none";
    case "void": return "an effect (no value)";
    case "any": return "any value";
  }
}

/** The element type when a value is used as a list: a zone's elements are its cards. */
export function elementOf(type: Type): Type | undefined {
  if (type.t === "list") return type.of;
  if (type.t === "zone" || type.t === "zonekind") return card;
  if (type.t === "any") return any;
  return undefined;
}

/**
 * The type of a name bound to each item of a list (a for loop's, a function's given to map or filter). An empty
 * list ([]) has items of type none, which are never bound: the name takes any type, so that a definition given []
 * at one call is checked as at the others, and not blamed for a none that never comes.
 */
export function boundItem(type: Type): Type {
  return type.t === "none" ? any : type;
}

export function isListLike(type: Type): boolean {
  return elementOf(type) !== undefined;
}

/** May a value of type `from` be used where `to` is expected? none fits anywhere a value may be missing. */
export function fits(from: Type, to: Type): boolean {
  if (from.t === "any" || to.t === "any") return true;
  if (from.t === "none") return to.t !== "void" && to.t !== "num" && to.t !== "bool";
  if (to.t === "list") {
    if (from.t === "list") return from.of.t === "none" || fits(from.of, to.of);
    if (from.t === "zone" || from.t === "zonekind") return fits(card, to.of);
    return false;
  }
  if (to.t === "zone") return from.t === "zone" || from.t === "zonekind";
  if (from.t === "zonekind") return to.t === "zonekind" && to.name === from.name;
  if (to.t === "str" && from.t === "str") return true;
  return from.t === to.t;
}

/** The common type of two branches (of `a ? b : c`, or the items of a list literal). */
export function unify(a: Type, b: Type): Type | undefined {
  if (a.t === "any" || b.t === "none") return a;
  if (b.t === "any" || a.t === "none") return b;
  if (a.t === "list" && b.t === "list") {
    const of = unify(a.of, b.of);
    return of ? list(of) : undefined;
  }
  if ((a.t === "zone" || a.t === "zonekind") && (b.t === "zone" || b.t === "zonekind")) return zone;
  if ((a.t === "zone" || a.t === "zonekind") && b.t === "list" && (b.of.t === "none" || fits(card, b.of))) return cards;
  if ((b.t === "zone" || b.t === "zonekind") && a.t === "list" && (a.of.t === "none" || fits(card, a.of))) return cards;
  if (a.t === "str" && b.t === "str") return str;
  return a.t === b.t ? a : undefined;
}

/** Values that can be ordered with < and >: numbers, text, and lists of them compared item by item. */
export function isOrdered(type: Type): boolean {
  if (type.t === "num" || type.t === "str" || type.t === "bool" || type.t === "any") return true;
  return type.t === "list" && isOrdered(type.of);
}

export function typeFromName(name: string): Type {
  switch (name) {
    case "number": return num;
    case "bool": return bool;
    case "text": return str;
    case "card": return card;
    case "cards": return cards;
    case "player": return player;
    case "players": return players;
    default: return any;
  }
}
