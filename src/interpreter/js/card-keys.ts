// A key that depends only on a card (`c => strength(c)`, where strength is [c.rank, suitOrder[c.suit]]) is the
// same at every move: it is worked out for every card once, when the rules load, and the cards are numbered in
// the order of their keys. Choosing the best card of a zone by its key is then a comparison of two numbers
// instead of building a list per card and comparing lists item by item.
import type { TExpr, TLambda } from "../lang/typed.js";
import { compare } from "../lang/values.js";
import type { Emitter } from "./emit.js";
import { Fn } from "./fn.js";

/** Nodes a key may be made of: none reads the game, so the key of a card is the same in every state. */
const pure = new Set(["const", "local", "attr", "list", "mapGet", "define", "cond", "coalesce", "eq", "order", "and", "or", "not", "item", "arith", "neg"]);

/**
 * The cards' places in the order of their keys (equal keys, equal places), or null when the key may read the
 * game, may fail for some card, or gives values that compare() does not order consistently (mixed kinds).
 */
export function cardOrder(em: Emitter, key: TLambda): number[] | null {
  if (key.slots.length !== 1) return null;
  const cards = cardCount(key.body, key.frame, key.slots[0]);
  if (cards === null) return null;
  const own = em.standalone();
  const f = new Fn();
  f.alias(key.frame, key.slots[0], "c");
  let keyOf: (s: null, c: number) => unknown;
  try {
    const name = own.m.add(["s", "c"], `return ${own.expr(key.body, f)};`, f.temps);
    keyOf = own.m.link()(name) as never;
  } catch {
    return null;
  }
  const keys: unknown[] = [];
  try {
    for (let c = 0; c < cards; c++) keys.push(keyOf(null, c));
  } catch {
    return null; // the key fails for some card: the rules must fail as they would, at the move that asks
  }
  if (!ordered(keys)) return null;
  const byKey = keys.map((_, c) => c).sort((a, b) => compare(keys[a], keys[b]) || a - b);
  const place = new Array<number>(cards);
  let at = 0;
  for (let i = 0; i < byKey.length; i++) {
    if (i > 0 && compare(keys[byKey[i]], keys[byKey[i - 1]]) !== 0) at = i;
    place[byKey[i]] = at;
  }
  return place;
}

/**
 * The number of cards, when the tree is made only of pure nodes, reads no local but the key's parameter and
 * those its own definitions bind, and reads at least one attribute (whose table gives the count).
 */
function cardCount(body: TExpr, frame: unknown[], slot: number): number | null {
  const frames = new Map<unknown[], Set<number>>([[frame, new Set([slot])]]);
  let count: number | null = null;
  let ok = true;
  const visit = (e: TExpr): void => {
    if (!ok) return;
    if (!pure.has(e.k)) {
      ok = false;
      return;
    }
    switch (e.k) {
      case "const":
        return;
      case "local":
        if (!frames.get(e.frame)?.has(e.slot)) ok = false;
        return;
      case "attr":
        count = e.attr.byCard.length;
        return visit(e.card);
      case "define":
        for (const b of e.binds) {
          visit(b.value);
          if (!frames.has(b.frame)) frames.set(b.frame, new Set());
          frames.get(b.frame)!.add(b.slot);
        }
        return visit(e.body);
      case "list":
        return e.items.forEach(visit);
      case "and":
      case "or":
        return e.args.forEach(visit);
      case "not":
      case "neg":
        return visit(e.arg);
      case "cond":
        return [e.test, e.then, e.else].forEach(visit);
      case "mapGet":
        return [e.map, e.key].forEach(visit);
      case "item":
        return [e.list, e.index].forEach(visit);
      case "coalesce":
      case "eq":
      case "order":
      case "arith":
        return [e.a, e.b].forEach(visit);
      default:
        ok = false;
    }
  };
  visit(body);
  return ok ? count : null;
}

/** Whether compare() orders these keys consistently: all numbers, all texts, or lists of those item by item. */
function ordered(keys: unknown[]): boolean {
  const scalar = (v: unknown): string | null => (v === null ? "-" : typeof v === "number" ? (Number.isNaN(v) ? null : "n") : typeof v === "string" ? "s" : null);
  let top: string | null = null;
  const items: string[] = [];
  for (const k of keys) {
    if (k === null) continue;
    const kind = Array.isArray(k) ? "list" : scalar(k);
    if (kind === null || (top !== null && kind !== top)) return false;
    top = kind;
    if (!Array.isArray(k)) continue;
    for (let i = 0; i < k.length; i++) {
      const item = scalar(k[i]);
      if (item === null) return false;
      if (item === "-") continue;
      if (items[i] === undefined) items[i] = item;
      else if (items[i] !== item) return false;
    }
  }
  return true;
}
