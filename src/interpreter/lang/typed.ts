// The checked, typed tree: what the checker makes of the syntax tree once every name is resolved, every type
// known and every conversion written out. Each back end turns it into running code (closures, or JavaScript
// source) without looking at the rule text again, so both back ends see exactly the same meaning.
//
// Nothing from the rule file is a name here: locals are frame slots, variables and zones are slots of the
// state, attributes are tables, and every literal is a `const` node holding the value as data.
import type { Type } from "./types.js";
import type { Builtin } from "./builtins.js";
import type { AttributeDef, VarDef } from "../model.js";

/** Names with a fixed meaning in every rule file. */
export type Special =
  | "players" | "active" | "me" | "current" | "dealer" | "start" | "playerCount" | "phase" | "now"
  | "lastWinners" | "lastLosers" | "lastScores" | "lastPlaces";

/** One parameter of a definition bound to an argument, in the frame of the rule that uses the definition. */
export interface Bind {
  frame: unknown[];
  slot: number;
  value: TExpr;
}

/** A function written x => ...: its parameters are frame slots, set before the body is evaluated. */
export interface TLambda {
  k: "lambda";
  type: Type; // the body's type
  frame: unknown[];
  slots: number[];
  body: TExpr;
}

export type TArg = TExpr | TLambda;

type Op<K extends string, F> = { k: K; type: Type } & F;

export type TExpr =
  // values and names
  | Op<"const", { value: unknown }>
  | Op<"local", { frame: unknown[]; slot: number }>
  | Op<"special", { name: Special }>
  | Op<"option", { slot: number }>
  | Op<"family", { slot: number }> // the zones of a family, in creation order
  | Op<"zoneKind", { index: number }> // a per-player zone named alone; as a value, its ZoneDef index
  | Op<"var", { def: VarDef; globals: number; owner: TExpr | null }> // owner null: the acting player's
  // zones: every zone expression gives a zone's index in s.zones
  | Op<"myZone", { shared: number; slot: number }> // the acting player's zone of a kind
  | Op<"playerZone", { shared: number; slot: number; player: TExpr }>
  | Op<"heldZone", { slot: number; card: TExpr }> // the zone of the cards a card holds (per: card): slot + the card
  | Op<"zoneCards", { zone: TExpr }> // the zone's live list of cards
  | Op<"zoneQuery", { op: "count" | "empty" | "any" | "top" | "bottom"; zone: TExpr }>
  | Op<"zoneName", { zone: TExpr }>
  | Op<"zoneNeeded", { zone: TExpr; rule: string; what: string }> // a zone that may be none where an effect needs one: none stops the rule
  // cards and players
  | Op<"attr", { attr: AttributeDef; card: TExpr }>
  | Op<"cardName", { card: TExpr }>
  | Op<"cardFrom", { card: TExpr }>
  | Op<"playerName", { player: TExpr }>
  | Op<"playerOut", { player: TExpr }>
  | Op<"playerPlace", { player: TExpr }>
  // definitions inlined where they are used
  | Op<"define", { binds: Bind[]; body: TExpr }>
  | Op<"defineRun", { binds: Bind[]; body: TBlock }> // a definition made of effects: gives none
  | Op<"fnCall", { body: TExpr }> // a call of a function given to a definition: one unit of work, then its body
  // builtins
  | Op<"call", { builtin: Builtin; args: TArg[]; argTypes: Type[] }>
  // operators
  | Op<"not", { arg: TExpr }>
  | Op<"neg", { arg: TExpr; rule: string }>
  | Op<"and" | "or", { args: TExpr[] }>
  | Op<"arith", { op: "+" | "-" | "*" | "/" | "%"; a: TExpr; b: TExpr; rule: string }>
  | Op<"concat", { a: TExpr; b: TExpr; rule: string }> // two lists
  | Op<"strcat", { a: TExpr; b: TExpr; rule: string }> // two texts
  | Op<"eq", { a: TExpr; b: TExpr; negate: boolean; scalar: boolean }>
  | Op<"order", { op: "<" | "<=" | ">" | ">="; a: TExpr; b: TExpr; numeric: boolean }>
  | Op<"in", { item: TExpr; list: TExpr; scalar: boolean }>
  | Op<"coalesce", { a: TExpr; b: TExpr }>
  | Op<"range", { from: TExpr; to: TExpr; rule: string }>
  | Op<"cond", { test: TExpr; then: TExpr; else: TExpr }>
  | Op<"list", { items: TExpr[] }>
  | Op<"item", { list: TExpr; index: TExpr }> // list[i], none outside the list
  | Op<"mapGet", { map: TExpr; key: TExpr; rule: string }> // a table's entry, none when it has no such key
  // conversions the checker writes out
  | Op<"orEmpty", { list: TExpr }> // a list value, none read as the empty list
  | Op<"toCards", { card: TExpr }> // one card (or none) as a list of cards
  | Op<"copyList", { list: TExpr }> // a copy of a list, to keep in a variable
  | Op<"copyValue", { value: TExpr }> // a copy of the value if it is a list
  | Op<"str", { value: TExpr; of: Type }>; // a value as text

/** Effects run in order; every statement counts one step against the rule file's step limit. */
export interface TBlock {
  stmts: TStmt[];
  rule: string;
  limit: number;
}

export type TStmt =
  | { k: "if"; test: TExpr; then: TBlock; else: TBlock | null }
  | { k: "for"; frame: unknown[]; slot: number; list: TExpr; body: TBlock } // goes through a copy of the list
  | { k: "while"; test: TExpr; body: TBlock; rule: string; limit: number }
  | { k: "setLocal"; frame: unknown[]; slot: number; op: "=" | "+=" | "-="; value: TExpr }
  | { k: "setVar"; def: VarDef; globals: number; owner: TExpr | null; op: "=" | "+=" | "-="; value: TExpr }
  | { k: "setDealer"; value: TExpr }
  | { k: "setStart"; value: TExpr }
  | { k: "do"; expr: TExpr };

/** A message with {expression} holes. */
export type TMessage = (string | TExpr)[];

/**
 * Whether a zone expression can give none: an item of a family out of its range (`piles[3]`), a zone found,
 * chosen or kept in a local, the zone of a player who may be none (`p.hand`). A zone of the game or of the
 * acting player (`pile`, `hand`, `me.hand`) always exists. Reading a
 * zone that is none reads no cards; an effect given one stops with the rule's name (see zoneNeeded).
 */
export function mayBeNoZone(e: TExpr): boolean {
  if (e.k === "playerZone") return e.player.k !== "const" && !(e.player.k === "special" && e.player.name === "me"); // none's hand is none
  return e.k !== "const" && e.k !== "myZone";
}
