// What running rules needs beyond plain JavaScript: numbers checked, ranges built, tables read, values shown as
// text, the players listed. Both back ends call these same helpers, so a check added here (a limit, a message)
// holds for both.
import * as T from "./types.js";
import type { Type } from "./types.js";
import type { State } from "../state.js";
import { RuleError } from "./values.js";
import { zoneName } from "../zones.js";
import { maxListSize, maxTextLength } from "../limits.js";
import { tick } from "../budget.js";

/** A number, or a rule error naming the rule when the value is none or not a number. */
export function num(v: unknown, rule: string): number {
  if (typeof v !== "number") throw new RuleError(`${rule}: a number was needed, but the value is ${v === null ? "none" : String(v)}`);
  return v;
}

/** The whole numbers from `from` to `to`, both included; counted before one is made. */
export function range(s: State, from: unknown, to: unknown, rule: string): number[] {
  const first = num(from, rule);
  const last = num(to, rule);
  const size = last - first + 1;
  if (size > maxListSize) throw new RuleError(`${rule}: the range ${first}..${last} has ${size.toLocaleString("en")} numbers, more than the limit of ${maxListSize.toLocaleString("en")}`, "E_RANGE_SIZE");
  if (size > 0) tick(s, size);
  const out: number[] = [];
  for (let i = first; i <= last; i++) out.push(i);
  return out;
}

/** Two lists joined, checked against the list limit before they are. */
export function concat(s: State, a: unknown[], b: unknown[], rule: string): unknown[] {
  const size = a.length + b.length;
  if (size > maxListSize) throw new RuleError(`${rule}: joining lists of ${a.length.toLocaleString("en")} and ${b.length.toLocaleString("en")} items passes the limit of ${maxListSize.toLocaleString("en")}`, "E_LIST_SIZE");
  tick(s, size);
  return a.concat(b);
}

/** How many ways there are to choose k of n items, or Infinity past the list limit (counted before any is made). */
function choose(n: number, k: number): number {
  let c = 1;
  for (let i = 1; i <= k; i++) {
    c = (c * (n - k + i)) / i;
    if (c > maxListSize) return Infinity;
  }
  return Math.round(c);
}

/**
 * Every subset of a list of the given size (or of every size from 0 up when none is given), each in the list's
 * order, smaller ones first: counted against the list limit before one is made.
 */
export function subsets(s: State, list: unknown[], size: unknown, rule: string): unknown[][] {
  const n = list.length;
  const sizes = size === null || size === undefined ? Array.from({ length: n + 1 }, (_, k) => k) : [num(size, rule)];
  let total = 0;
  for (const k of sizes) total += k < 0 || k > n || !Number.isInteger(k) ? 0 : choose(n, k);
  if (total > maxListSize) throw new RuleError(`${rule}: the subsets of ${n.toLocaleString("en")} items${sizes.length === 1 ? ` of size ${sizes[0]}` : ""} are more than the limit of ${maxListSize.toLocaleString("en")} lists`, "E_LIST_SIZE");
  tick(s, total);
  const out: unknown[][] = [];
  const pick: number[] = [];
  const walk = (from: number, k: number) => {
    if (pick.length === k) return void out.push(pick.map((i) => list[i]));
    for (let i = from; i <= n - (k - pick.length); i++) {
      pick.push(i);
      walk(i + 1, k);
      pick.pop();
    }
  };
  for (const k of sizes) if (Number.isInteger(k) && k >= 0 && k <= n) walk(0, k);
  return out;
}

/** Two texts joined, checked against the text limit. */
export function strcat(a: string, b: string, rule: string): string {
  if (a.length + b.length > maxTextLength) throw new RuleError(`${rule}: joining texts makes ${(a.length + b.length).toLocaleString("en")} characters, more than the limit of ${maxTextLength.toLocaleString("en")}`, "E_TEXT_SIZE");
  return a + b;
}


/**
 * A table's entry for a key, none where the table has no such entry of its own. A row a table does not have is
 * none, and looking up in it is an error naming the rule: the checker cannot know which rows a value names.
 */
export function mapGet(map: unknown, key: unknown, rule: string): unknown {
  if (map === null || typeof map !== "object") throw new RuleError(`${rule}: there is no row to look up '${String(key)}' in: the table has no entry for the row named before it`);
  const table = map as Record<string, unknown>;
  const k = String(key);
  return Object.prototype.hasOwnProperty.call(table, k) ? (table[k] ?? null) : null;
}

/** The cards of a zone that is none (`piles[3]` of a family of two): none, read as a zone, holds no cards. */
export const noCards: number[] = Object.freeze([]) as unknown as number[];

/** A zone where an effect needs one: none stops the rule, naming it and the argument. */
export function needZone(z: unknown, rule: string, what: string): number {
  if (typeof z !== "number") throw new RuleError(`${rule}: ${what} is none: there is no such zone`);
  return z;
}

/** A list element, none outside the list. */
export function item(list: unknown[], k: number): unknown {
  return Number.isInteger(k) && k >= 0 && k < list.length ? list[k] : null; // none outside the list, and between its items
}

/** The error of a rule that keeps running without a decision. */
export function looping(rule: string, limit: number): RuleError {
  return new RuleError(`${rule} is looping: more than ${limit} steps without a decision`);
}

/** A value as text: cards, players and zones by name, lists item by item, none as "none". */
export function show(s: State, v: unknown, type: Type): string {
  if (v === null || v === undefined) return "none";
  if (type.t === "card") return s.game.cardNames[v as number];
  if (type.t === "player") return s.names[v as number];
  if (type.t === "zone") return zoneName(s, v as number);
  if (Array.isArray(v)) {
    const of = type.t === "list" ? type.of : T.any;
    return v.map((x) => show(s, x, of)).join(" ");
  }
  return String(v);
}

export function cardName(s: State, c: number | null): string | null {
  return c === null ? null : s.game.cardNames[c];
}

export function playerName(s: State, p: number | null): string | null {
  return p === null ? null : s.names[p];
}

/** The place a player went out in (1 for the first), none while still in. */
export function place(s: State, p: number): number | null {
  const i = s.places.indexOf(p);
  return i >= 0 ? i + 1 : null;
}

/** The players still in, kept until someone goes out: lists in the language are never changed in place. */
export function activePlayers(s: State): number[] {
  if (s.activeCache) return s.activeCache;
  const out: number[] = [];
  for (let p = 0; p < s.n; p++) if (!s.out[p]) out.push(p);
  s.activeCache = out;
  return out;
}

/** Every seat, 0 to n-1, one list per count shared by every game, as activePlayers shares its list. */
const seats: number[][] = [];

export function allPlayers(s: State): number[] {
  let out = seats[s.n];
  if (out === undefined) {
    out = new Array(s.n);
    for (let p = 0; p < s.n; p++) out[p] = p;
    seats[s.n] = out;
  }
  return out;
}
