// The functions and effects of the language, one entry each: its parameters, its type rule, its compiled form
// and its documentation. The compiler looks names up here and nowhere else, and docs/language.md is generated
// from this table, so a function cannot exist without being documented.
import * as T from "./types.js";
import type { Type } from "./types.js";
import type { Eval } from "../model.js";
import type { State } from "../state.js";
import { compare, equal, RuleError } from "./values.js";
import { checkZone, moveCard, moveTopCard, placeCard, zoneIndex } from "../state.js";
import { nextInt, shuffleInPlace } from "../rng.js";
import { concat, noCards, range, subsets } from "./runtime.js";
import { record } from "../events.js";
import { createZone, retireZone, zoneName } from "../zones.js";
import { goOut, knockOut } from "../flow-effects.js";
import { direction, FOLDED, inHand, nextActive, reopenRound, STOOD } from "../turn-order.js";
import { partnerOf, teamOf } from "../teams.js";

/** How an argument reaches the function: converted by the compiler so that each function sees one form. */
export type ArgKind =
  | "value" // as it is
  | "list" // a list; a zone gives its cards
  | "cards" // a card, a list of cards or a zone, as a list of cards
  | "zone" // one zone; a per-player zone name means the acting player's
  | "kind" // a per-player zone named without an owner: the zone of each player in turn
  | "fn" // a function written x => ...
  | "family"; // the name of a family of zones (declared with many: true)

export interface ParamSpec {
  name: string;
  kind: ArgKind;
  optional?: boolean;
  /** The argument names a variable of the games played inside this one: a name written as text is checked against them. */
  innerVariable?: boolean;
}

/** A compiled lambda: call it with the state and its arguments. */
export type Lam = (s: State, a?: unknown, b?: unknown) => unknown;

export interface Builtin {
  name: string;
  params: ParamSpec[];
  effect: boolean; // changes the game: allowed only in effects
  doc: string;
  example: string;
  /** Types of the parameters of the function argument, given the types of the arguments before it. */
  lambda?: (args: Type[]) => Type[];
  /** The result type, or a message saying which argument is wrong. */
  type: (args: Type[]) => Type | { arg: number; message: string };
  make: (args: (Eval | Lam)[], types: Type[]) => Eval;
  /** A section of the rules this function is about: a definition of the same name in rules without the section
   * hides nothing those rules could use, and is not warned about (a file that defined `partner` before teams
   * existed keeps loading as it did). */
  needs?: "teams";
}

const registry = new Map<string, Builtin>();
function def(b: Builtin): void {
  registry.set(b.name, b);
}
export function builtin(name: string): Builtin | undefined {
  return registry.get(name);
}
export function builtinNames(): string[] {
  return [...registry.keys()];
}
export function allBuiltins(): Builtin[] {
  return [...registry.values()];
}

// ---- helpers ----------------------------------------------------------------------------------------

const elem = (t: Type): Type => T.elementOf(t) ?? T.any;
const ev = (a: Eval | Lam) => a as Eval;
const fn = (a: Eval | Lam) => a as Lam;
const wrong = (arg: number, message: string) => ({ arg, message });
const needNum = (t: Type) => t.t === "num" || t.t === "any";
const needPlayer = (t: Type) => t.t === "player" || t.t === "any" || t.t === "none";
const needCard = (t: Type) => t.t === "card" || t.t === "any" || t.t === "none";
const truthy = (v: unknown) => v === true;

function listOp(name: string, doc: string, example: string, type: (a: Type[]) => Type | { arg: number; message: string },
  make: (args: (Eval | Lam)[]) => Eval, withFn: "none" | "optional" | "required" = "none", fnParams?: (a: Type[]) => Type[]): void {
  const params: ParamSpec[] = [{ name: "list", kind: "list" }];
  if (withFn !== "none") params.push({ name: "test", kind: "fn", optional: withFn === "optional" });
  def({ name, params, effect: false, doc, example, type, make, lambda: fnParams ?? ((a) => [elem(a[0])]) });
}

// ---- lists ------------------------------------------------------------------------------------------

listOp("count", "How many items a list or zone holds; with a test, how many pass it.", "hand.count(c => c.rank == 10)",
  () => T.num,
  ([l, f]) => {
    const list = ev(l);
    if (!f) return (s) => (list(s) as unknown[]).length;
    const test = fn(f);
    return (s) => {
      let n = 0;
      for (const x of list(s) as unknown[]) if (truthy(test(s, x))) n++;
      return n;
    };
  }, "optional");

listOp("empty", "True when a list or zone holds nothing.", "pile.empty", () => T.bool, ([l]) => {
  const list = ev(l);
  return (s) => (list(s) as unknown[]).length === 0;
});

listOp("any", "True when some item passes the test; without a test, when the list is not empty.", "hand.any(c => c.rank == 3)",
  () => T.bool,
  ([l, f]) => {
    const list = ev(l);
    if (!f) return (s) => (list(s) as unknown[]).length > 0;
    const test = fn(f);
    return (s) => {
      for (const x of list(s) as unknown[]) if (truthy(test(s, x))) return true;
      return false;
    };
  }, "optional");

listOp("all", "True when every item passes the test (and for an empty list).", "cards.all(c => c.rank == cards.first.rank)",
  () => T.bool,
  ([l, f]) => {
    const list = ev(l);
    const test = fn(f);
    return (s) => {
      for (const x of list(s) as unknown[]) if (!truthy(test(s, x))) return false;
      return true;
    };
  }, "required");

listOp("filter", "The items that pass the test, in order.", "hand.filter(c => c.suit == \"H\")",
  (a) => T.list(elem(a[0])),
  ([l, f]) => {
    const list = ev(l);
    const test = fn(f);
    return (s) => (list(s) as unknown[]).filter((x) => truthy(test(s, x)));
  }, "required");

listOp("map", "Each item turned into a new value.", "players.map(p => p.hand.count)",
  (a) => T.list(a[1] ?? T.any),
  ([l, f]) => {
    const list = ev(l);
    const change = fn(f);
    return (s) => (list(s) as unknown[]).map((x, i) => change(s, x, i));
  }, "required", (a) => [elem(a[0]), T.num]);

listOp("flatMap", "Each item turned into a list, the lists joined into one.", "players.flatMap(p => p.hand)",
  (a) => (a[1] === undefined || a[1].t === "any" ? T.list(T.any) : a[1].t === "zone" ? T.list(T.card) : T.elementOf(a[1]) !== undefined ? a[1] : wrong(1, "flatMap needs a function giving a list for each item")),
  ([l, f]) => {
    const list = ev(l);
    const change = fn(f);
    return (s) => {
      let out: unknown[] = [];
      (list(s) as unknown[]).forEach((x, i) => {
        const items = change(s, x, i);
        // a zone given for an item (p => p.hand) stands for its cards
        out = concat(s, out, Array.isArray(items) ? items : typeof items === "number" ? (s.zones[items] ?? noCards) : [], "flatMap");
      });
      return out;
    };
  }, "required", (a) => [elem(a[0]), T.num]);

def({
  name: "subsets", doc: "Every choice of items from a list, each in the list's order: of the given size, or of every size from none to all.", example: "table.subsets.any(s => s.sum(c => c.rank) == 15)", effect: false,
  params: [{ name: "list", kind: "list" }, { name: "size", kind: "value", optional: true }],
  type: (a) => (a[1] && !needNum(a[1]) ? wrong(1, "a subset's size is a number") : T.list(T.list(elem(a[0])))),
  make: ([l, n]) => {
    const list = ev(l);
    const size = n ? ev(n) : null;
    return (s) => subsets(s, list(s) as unknown[], size ? size(s) : null, "subsets");
  },
});

listOp("find", "The first item that passes the test, or none.", "players.find(p => p.hand.empty)",
  (a) => elem(a[0]),
  ([l, f]) => {
    const list = ev(l);
    const test = fn(f);
    return (s) => {
      for (const x of list(s) as unknown[]) if (truthy(test(s, x))) return x;
      return null;
    };
  }, "required");

listOp("sum", "The total of the numbers, or of a number worked out from each item.", "won.sum(c => c.value)",
  (a) => (a[1] || needNum(elem(a[0])) ? T.num : wrong(0, `sum needs numbers, or a function giving a number for each item`)),
  ([l, f]) => {
    const list = ev(l);
    const value = f ? fn(f) : null;
    return (s) => {
      let total = 0;
      for (const x of list(s) as unknown[]) total += (value ? value(s, x) : x) as number;
      return total;
    };
  }, "optional");

listOp("sort", "The items in ascending order, of themselves or of a key worked out from each.", "hand.sort(c => c.rank)",
  (a) => T.list(elem(a[0])),
  ([l, f]) => {
    const list = ev(l);
    const key = f ? fn(f) : null;
    return (s) => {
      const items = (list(s) as unknown[]).slice();
      if (!key) return items.sort(compare);
      const keys = new Map(items.map((x) => [x, key(s, x)]));
      return items.sort((x, y) => compare(keys.get(x), keys.get(y)));
    };
  }, "optional");

listOp("reverse", "The items in the opposite order.", "pile.reverse", (a) => T.list(elem(a[0])), ([l]) => {
  const list = ev(l);
  return (s) => (list(s) as unknown[]).slice().reverse();
});

listOp("distinct", "The items with repeats left out.", "hand.map(c => c.suit).distinct", (a) => T.list(elem(a[0])), ([l]) => {
  const list = ev(l);
  return (s) => {
    const out: unknown[] = [];
    for (const x of list(s) as unknown[]) if (!out.some((y) => equal(x, y))) out.push(x);
    return out;
  };
});

for (const [name, pick, doc] of [
  ["maxBy", 1, "The item with the highest key; the first of equal ones. none for an empty list."],
  ["minBy", -1, "The item with the lowest key; the first of equal ones. none for an empty list."],
] as const) {
  listOp(name, doc, `table.${name}(c => c.rank)`, (a) => elem(a[0]), ([l, f]) => {
    const list = ev(l);
    const key = fn(f);
    return (s) => {
      let best: unknown = null;
      let bestKey: unknown;
      for (const x of list(s) as unknown[]) {
        const k = key(s, x);
        if (best === null || compare(k, bestKey) * pick > 0) {
          best = x;
          bestKey = k;
        }
      }
      return best;
    };
  }, "required");
}

for (const [name, pick, doc] of [
  ["best", 1, "Every item sharing the highest key, in order: the winners of a comparison, ties included."],
  ["worst", -1, "Every item sharing the lowest key, in order."],
] as const) {
  listOp(name, doc, `players.${name}(p => p.score)`, (a) => T.list(elem(a[0])), ([l, f]) => {
    const list = ev(l);
    const key = fn(f);
    return (s) => {
      let out: unknown[] = [];
      let bestKey: unknown;
      for (const x of list(s) as unknown[]) {
        const k = key(s, x);
        const c = out.length === 0 ? 1 : compare(k, bestKey) * pick;
        if (c > 0) {
          out = [x];
          bestKey = k;
        } else if (c === 0) out.push(x);
      }
      return out;
    };
  }, "required");
}

for (const [name, pick, doc] of [
  ["max", 1, "The highest of a list, or of the arguments: max(a, b)."],
  ["min", -1, "The lowest of a list, or of the arguments: min(a, b)."],
] as const) {
  def({
    name, doc, example: `${name}(3 - hand.count, stock.count)`, effect: false,
    params: [{ name: "a", kind: "value" }, { name: "b", kind: "value", optional: true }],
    type: (a) => {
      if (a.length === 1) return T.isListLike(a[0]) ? elem(a[0]) : wrong(0, `${name} of one argument needs a list`);
      return T.unify(a[0], a[1]) ?? wrong(1, `cannot compare ${T.show(a[0])} with ${T.show(a[1])}`);
    },
    make: (args, types) => {
      if (args.length === 2) {
        const [x, y] = [ev(args[0]), ev(args[1])];
        return (s) => {
          const a = x(s);
          const b = y(s);
          return compare(a, b) * pick >= 0 ? a : b;
        };
      }
      const list = toList(ev(args[0]), types[0]);
      return (s) => {
        let best: unknown = null;
        for (const v of list(s)) if (best === null || compare(v, best) * pick > 0) best = v;
        return best;
      };
    },
  });
}

for (const [name, fromTop, doc] of [
  ["top", true, "The top card of a zone (the last item of a list); with a count, that many from the top, in order."],
  ["bottom", false, "The bottom card of a zone (the first item of a list); with a count, that many from the bottom."],
  ["last", true, "The last item; with a count, the last that many, in order."],
  ["first", false, "The first item; with a count, the first that many."],
] as const) {
  def({
    name, doc, example: fromTop ? `${name}(pile, 4).all(c => c.rank == pile.top.rank)` : `${name}(hand)`, effect: false,
    params: [{ name: "list", kind: "list" }, { name: "count", kind: "value", optional: true }],
    type: (a) => {
      if (a.length === 2) return needNum(a[1]) ? T.list(elem(a[0])) : wrong(1, `the count must be a number`);
      return elem(a[0]);
    },
    make: (args) => {
      const list = ev(args[0]);
      if (args.length === 2) {
        const count = ev(args[1]);
        return (s) => {
          const items = list(s) as unknown[];
          const k = Math.max(0, Math.min(items.length, count(s) as number));
          return fromTop ? items.slice(items.length - k) : items.slice(0, k);
        };
      }
      return fromTop
        ? (s) => {
            const items = list(s) as unknown[];
            return items.length ? items[items.length - 1] : null;
          }
        : (s) => {
            const items = list(s) as unknown[];
            return items.length ? items[0] : null;
          };
    },
  });
}

def({
  name: "contains", doc: "True when the list holds the item (also written `item in list`).", example: "hand.contains(c)", effect: false,
  params: [{ name: "list", kind: "list" }, { name: "item", kind: "value" }],
  type: () => T.bool,
  make: ([l, x]) => (s) => {
    const v = ev(x)(s);
    return (ev(l)(s) as unknown[]).some((y) => equal(y, v));
  },
});

def({
  name: "indexOf", doc: "Where an item stands in a list, counting from 0; -1 when it is not there.", example: "players.indexOf(me)", effect: false,
  params: [{ name: "list", kind: "list" }, { name: "item", kind: "value" }],
  type: () => T.num,
  make: ([l, x]) => (s) => {
    const v = ev(x)(s);
    return (ev(l)(s) as unknown[]).findIndex((y) => equal(y, v));
  },
});

def({
  name: "without", doc: "The list with the given items (or item) left out.", example: "players.without(me)", effect: false,
  params: [{ name: "list", kind: "list" }, { name: "items", kind: "value" }],
  type: (a) => T.list(elem(a[0])),
  make: ([l, x], types) => {
    const drop = T.isListLike(types[1]) ? toList(ev(x), types[1]) : (s: State) => [ev(x)(s)];
    return (s) => {
      const gone = drop(s);
      return (ev(l)(s) as unknown[]).filter((y) => !gone.some((g) => equal(g, y)));
    };
  },
});

def({
  name: "groups", doc: "The items grouped by a key, in order of first appearance: a list of lists.", example: "hand.groups(c => c.rank)", effect: false,
  params: [{ name: "list", kind: "list" }, { name: "key", kind: "fn" }],
  lambda: (a) => [elem(a[0])],
  type: (a) => T.list(T.list(elem(a[0]))),
  make: ([l, f]) => {
    const key = fn(f);
    return (s) => {
      const out = new Map<unknown, unknown[]>();
      for (const x of ev(l)(s) as unknown[]) {
        const k = key(s, x);
        const g = out.get(k);
        if (g) g.push(x);
        else out.set(k, [x]);
      }
      return [...out.values()];
    };
  },
});

def({
  name: "range", doc: "The whole numbers from a to b, both included (also written a..b).", example: "range(1, faceDown.count)", effect: false,
  params: [{ name: "from", kind: "value" }, { name: "to", kind: "value" }],
  type: (a) => (!needNum(a[0]) ? wrong(0, "a range needs numbers") : !needNum(a[1]) ? wrong(1, "a range needs numbers") : T.list(T.num)),
  make: ([a, b]) => (s) => range(s, ev(a)(s), ev(b)(s), "range"),
});

// ---- numbers ----------------------------------------------------------------------------------------

def({
  name: "abs", doc: "A number without its sign.", example: "abs(score)", effect: false,
  params: [{ name: "n", kind: "value" }],
  type: (a) => (needNum(a[0]) ? T.num : wrong(0, "abs needs a number")),
  make: ([n]) => (s) => Math.abs(ev(n)(s) as number),
});

def({
  name: "floor", doc: "A number rounded down to a whole number.", example: "floor(handSize / 2)", effect: false,
  params: [{ name: "n", kind: "value" }],
  type: (a) => (needNum(a[0]) ? T.num : wrong(0, "floor needs a number")),
  make: ([n]) => (s) => Math.floor(ev(n)(s) as number),
});

def({
  name: "div", doc: "Whole division: how many whole times b goes into a, rounded down (a rule that divides by 0 stops the game, naming itself).", example: "div(deck.count, playerCount)", effect: false,
  params: [{ name: "a", kind: "value" }, { name: "b", kind: "value" }],
  type: (a) => (!needNum(a[0]) ? wrong(0, "div needs numbers") : !needNum(a[1]) ? wrong(1, "div needs numbers") : T.num),
  make: ([a, b]) => (s) => {
    const d = ev(b)(s) as number;
    if (d === 0) throw new RuleError("div: a number divided by 0");
    return Math.floor((ev(a)(s) as number) / d);
  },
});

// ---- players ----------------------------------------------------------------------------------------

for (const [name, dir, doc] of [
  ["left", 1, "The player to the left: next clockwise, whether or not still in; left(p, 2) two seats on."],
  ["right", -1, "The player to the right: next counter-clockwise; right(p, 2) two seats on."],
] as const) {
  def({
    name, doc, example: `${name}(dealer)`, effect: false,
    params: [{ name: "player", kind: "value" }, { name: "seats", kind: "value", optional: true }],
    type: (a) => (!needPlayer(a[0]) ? wrong(0, `${name} needs a player`) : a[1] && !needNum(a[1]) ? wrong(1, "seats must be a number") : T.player),
    make: ([p, k]) => (s) => {
      const from = ev(p)(s) as number;
      const steps = k ? (ev(k)(s) as number) : 1;
      return (((from + dir * steps) % s.n) + s.n) % s.n;
    },
  });
}

def({
  name: "next", doc: "The next player still in the game from a player, in the direction of play now (clockwise, unless the phase goes counter-clockwise or reverse() turned it round).", example: "next(me)", effect: false,
  params: [{ name: "player", kind: "value" }],
  type: (a) => (needPlayer(a[0]) ? T.player : wrong(0, "next needs a player")),
  make: ([p]) => (s) => nextActive(s, ev(p)(s) as number, direction(s)),
});

def({
  name: "inHand", doc: "Whether a player is still in the hand being played: in the game, and not folded since the last phase with newHand: true began.", example: "players.filter(p => p.inHand)", effect: false,
  params: [{ name: "player", kind: "value" }],
  type: (a) => (needPlayer(a[0]) ? T.bool : wrong(0, "inHand needs a player")),
  make: ([p]) => (s) => {
    const who = ev(p)(s) as number | null;
    return who !== null && inHand(s, who);
  },
});

def({
  name: "clockwiseFrom", doc: "Every seat, clockwise, starting with the given player.", example: "clockwiseFrom(left(dealer))", effect: false,
  params: [{ name: "player", kind: "value" }],
  type: (a) => (needPlayer(a[0]) ? T.players : wrong(0, "clockwiseFrom needs a player")),
  make: ([p]) => (s) => {
    const from = ev(p)(s) as number;
    return Array.from({ length: s.n }, (_, i) => (from + i) % s.n);
  },
});

def({
  name: "distance", doc: "How many seats clockwise from the first player to the second.", example: "distance(left(dealer), p)", effect: false,
  params: [{ name: "from", kind: "value" }, { name: "to", kind: "value" }],
  type: (a) => (!needPlayer(a[0]) ? wrong(0, "distance needs players") : !needPlayer(a[1]) ? wrong(1, "distance needs players") : T.num),
  make: ([a, b]) => (s) => ((((ev(b)(s) as number) - (ev(a)(s) as number)) % s.n) + s.n) % s.n,
});

// ---- teams ------------------------------------------------------------------------------------------

for (const [name, self, doc, example] of [
  ["team", true, "The players of a player's team (see `teams`), the player among them, in seat order; without teams, the player alone.", "team(me).sum(p => p.tricksWon)"],
  ["teammates", false, "The other players of a player's team, in seat order.", "teammates(me).any(p => p.hand.empty)"],
] as const) {
  def({
    name, doc, example, effect: false, needs: "teams",
    params: [{ name: "player", kind: "value" }],
    type: (a) => (needPlayer(a[0]) ? T.players : wrong(0, `${name} needs a player`)),
    make: ([p]) => (s) => {
      const who = ev(p)(s) as number | null;
      return who === null ? [] : teamOf(s, who).filter((q) => self || q !== who);
    },
  });
}

def({
  name: "partner", needs: "teams", doc: "A player's partner: the next player of their team clockwise (opposite, at four in two teams); none for a player alone.", example: "partner(me).bid", effect: false,
  params: [{ name: "player", kind: "value" }],
  type: (a) => (needPlayer(a[0]) ? T.player : wrong(0, "partner needs a player")),
  make: ([p]) => (s) => partnerOf(s, ev(p)(s) as number | null),
});

def({
  name: "teamCards", needs: "teams", doc: "Every card in a kind of zone of each member of a player's team, member by member in seat order: the tricks a partnership has taken.", example: "teamCards(me, won).count / 4", effect: false,
  params: [{ name: "player", kind: "value" }, { name: "zone", kind: "kind" }],
  type: (a) => (needPlayer(a[0]) ? T.cards : wrong(0, "teamCards needs a player")),
  make: ([p, kind]) => (s) => {
    const who = ev(p)(s) as number | null;
    if (who === null) return [];
    const def = ev(kind)(s) as number;
    const out: number[] = [];
    for (const q of teamOf(s, who)) out.push(...s.zones[zoneIndex(s, def, q)]);
    return out;
  },
});

def({
  name: "withTeams", needs: "teams", doc: "The given players and everyone on their teams, in seat order: a winning side as a whole.", example: "withTeams(players.best(p => p.points))", effect: false,
  params: [{ name: "players", kind: "list" }],
  type: () => T.players,
  make: ([l]) => (s) => {
    const all = new Set<number>();
    for (const p of ev(l)(s) as number[]) for (const q of teamOf(s, p)) all.add(q);
    return [...all].sort((a, b) => a - b);
  },
});

// ---- zones ------------------------------------------------------------------------------------------

def({
  name: "owner", doc: "The player a zone belongs to, or none for a zone of the game.", example: "pile.owner", effect: false,
  params: [{ name: "zone", kind: "zone" }],
  type: () => T.player,
  make: ([z]) => (s) => {
    const o = s.zoneOwner[ev(z)(s) as number];
    return o >= 0 ? o : null;
  },
});

def({
  name: "zoneOf", doc: "The zone a card is in.", example: "zoneOf(c) == hand", effect: false,
  params: [{ name: "card", kind: "value" }],
  type: (a) => (needCard(a[0]) ? T.zone : wrong(0, "zoneOf needs a card")),
  make: ([c]) => (s) => {
    const card = ev(c)(s) as number | null;
    return card === null ? null : s.cardZone[card];
  },
});

def({
  name: "lastScore", doc: "A player's score in the last game played inside this one (a round of a match); 0 when it gave none.", example: "total += lastScore(p)", effect: false,
  params: [{ name: "player", kind: "value" }],
  type: (a) => (needPlayer(a[0]) ? T.num : wrong(0, "lastScore needs a player")),
  make: ([p]) => (s) => s.last?.result?.scores?.[ev(p)(s) as number] ?? 0,
});

def({
  name: "lastVariable", doc: "A variable of the last game played inside this one (a round of a match): a game variable by its name, or a player's.", example: "lastVariable(\"doubled\", p)", effect: false,
  params: [{ name: "name", kind: "value", innerVariable: true }, { name: "player", kind: "value", optional: true }],
  type: (a) => (a[0].t !== "str" ? wrong(0, "the variable is named by text") : a[1] && !needPlayer(a[1]) ? wrong(1, "the player must be a player") : T.any),
  make: ([n, p]) => (s) => {
    const inner = s.last;
    if (!inner) return null;
    const name = ev(n)(s) as string;
    const v = inner.game.vars.find((x) => x.name === name);
    if (!v) return null;
    if (v.per === "game") return inner.vars[v.slot];
    const who = p ? (ev(p)(s) as number | null) : s.me;
    return who === null || who < 0 ? null : inner.vars[inner.game.globalVars + v.slot * inner.n + who];
  },
});

// ---- effects ----------------------------------------------------------------------------------------

function effect(b: Omit<Builtin, "effect" | "type"> & { type?: Builtin["type"] }): void {
  def({ ...b, effect: true, type: b.type ?? (() => T.voidType) });
}

/** Logs cards moved from one zone to another; `shown` holds, per card, the players it was shown to before it moved. */
function logMove(s: State, cards: number[], from: number, to: number, shown: number[] | null): void {
  if (!(s.log || s.watch) || cards.length === 0) return;
  if (shown && shown.some((x) => x !== 0)) record(s, { type: "move", cards: cards.slice(), from, to, seenBy: shown.slice() });
  else record(s, { type: "move", cards: cards.slice(), from, to });
}

/** Per card, the players it is shown to, while the move is still to be logged (null when nothing is logged). */
function shownBefore(s: State, cards: readonly number[]): number[] | null {
  return s.log || s.watch ? cards.map((c) => s.shown[c]) : null;
}

/** Moves cards, keeping the order given: the last ends on top. Cards from several zones are logged per zone. */
export function moveCards(s: State, cards: readonly number[], to: number, bottom = false): void {
  if (cards.length === 0) return;
  checkZone(s, to);
  moveCardsInto(s, cards, to, bottom);
}

/**
 * moveCards() into a zone known to exist: checked by moveCards, or proven by the generated code (a zone of the
 * game, which every state has), which then calls this directly.
 */
export function moveCardsInto(s: State, cards: readonly number[], to: number, bottom: boolean): void {
  if (cards.length === 0) return;
  const from0 = s.cardZone[cards[0]];
  if (!bottom && s.zones[from0] === cards && from0 !== to) {
    moveWholeZone(s, from0, to);
    return;
  }
  if (cards.length === 1) {
    // the commonest move: one card, logged as a batch of one
    const c = cards[0];
    const shown = s.log || s.watch ? [s.shown[c]] : null;
    placeCard(s, c, to, bottom);
    if (shown) logMove(s, [c], from0, to, shown);
    return;
  }
  const logging = s.log !== null || s.watch !== null;
  if (!logging && s.zones[from0] !== cards) {
    // Nothing to log, and the cards are no zone's own list (that would be the first card's zone): moving a card
    // changes only zones' lists, so the cards are moved straight from the list given, with no copy of it.
    if (bottom) for (let i = cards.length - 1; i >= 0; i--) placeCard(s, cards[i], to, true);
    else for (let i = 0; i < cards.length; i++) placeCard(s, cards[i], to, false);
    return;
  }
  const list = bottom ? cards.slice().reverse() : cards.slice();
  let batch: number[] = [];
  let shown: number[] = [];
  let batchFrom = -1;
  for (const c of list) {
    const from = s.cardZone[c];
    if (from !== batchFrom) {
      logMove(s, batch, batchFrom, to, shown);
      batch = [];
      shown = [];
      batchFrom = from;
    }
    batch.push(c);
    if (logging) shown.push(s.shown[c]);
    placeCard(s, c, to, bottom);
  }
  logMove(s, batch, batchFrom, to, shown);
}

/** All the cards of a zone onto the top of another, in order: the common case of taking up a pile. */
function moveWholeZone(s: State, from: number, to: number): void {
  const cards = s.zones[from];
  const shown = shownBefore(s, cards);
  s.zones[from] = [];
  const dest = s.zones[to];
  const owner = s.zoneOwner[from];
  s.cardMoves += cards.length;
  for (let i = 0; i < cards.length; i++) {
    const c = cards[i];
    dest.push(c);
    s.cardZone[c] = to;
    s.cardFrom[c] = owner;
    s.shown[c] = 0;
  }
  logMove(s, cards, from, to, shown);
}

effect({
  name: "move", doc: "Moves cards onto the top of a zone, in the order given: the last one ends on top. A zone as the first argument moves all its cards.",
  example: "move(cards, pile)",
  params: [{ name: "cards", kind: "cards" }, { name: "to", kind: "zone" }],
  make: ([c, z]) => (s) => moveCards(s, ev(c)(s) as number[], ev(z)(s) as number, false), // every argument given: see js/builtins.ts
});

effect({
  name: "putUnder", doc: "Moves cards to the bottom of a zone.", example: "putUnder(cards, stock)",
  params: [{ name: "cards", kind: "cards" }, { name: "to", kind: "zone" }],
  make: ([c, z]) => (s) => moveCards(s, ev(c)(s) as number[], ev(z)(s) as number, true),
});

effect({
  name: "draw", doc: "Moves cards one at a time from the top of a zone to another, as many as asked (in whole cards) or as there are.",
  example: "draw(stock, hand, 3 - hand.count)",
  params: [{ name: "from", kind: "zone" }, { name: "to", kind: "zone" }, { name: "count", kind: "value", optional: true }],
  type: (a) => (a[2] && !needNum(a[2]) ? wrong(2, "the count must be a number") : T.voidType),
  make: ([f, t, k]) => (s) => {
    const at = ev(f)(s) as number;
    const from = s.zones[at];
    const want = k ? (ev(k)(s) as number) : 1;
    // whole cards: a count of 2.5 draws two, and one that is not a number at least 1 (none, NaN, -0) draws none
    const n = want >= 1 ? Math.min(Math.floor(want), from.length) : 0;
    const to = ev(t)(s) as number;
    if (s.log === null && s.watch === null && Number.isInteger(n) && to !== at) {
      // nothing to log: the top card, n times, without a list of the cards taken (the same cards, in the same order)
      for (let i = 0; i < n; i++) moveTopCard(s, at, to);
      return;
    }
    const taken = from.slice(from.length - n).reverse();
    moveCards(s, taken, to);
  },
});

effect({
  name: "deal", doc: "Deals cards one at a time from the top of a zone to each player still in, clockwise from the given player (left of the dealer by default), round after round.",
  example: "deal(stock, faceDown, 3)",
  params: [{ name: "from", kind: "zone" }, { name: "to", kind: "kind" }, { name: "rounds", kind: "value" }, { name: "first", kind: "value", optional: true }],
  type: (a) => (!needNum(a[2]) ? wrong(2, "the number of rounds must be a number") : a[3] && !needPlayer(a[3]) ? wrong(3, "the first player must be a player") : T.voidType),
  make: ([f, kind, r, first]) => (s) => {
    const from = ev(f)(s) as number;
    const def = ev(kind)(s) as number;
    const rounds = ev(r)(s) as number;
    const start = first ? (ev(first)(s) as number) : (s.dealer + 1) % s.n;
    const logging = s.log !== null || s.watch !== null;
    if (!logging) {
      dealQuietly(s, from, def, rounds, start);
      return;
    }
    // each seat and its zone worked out once, not once per card: a deal moves most of a game's cards
    const seats: number[] = [];
    const zones: number[] = [];
    for (let round = 0; round < rounds; round++) {
      for (let i = 0; i < s.n; i++) {
        if (round === 0) {
          seats.push((start + i) % s.n);
          zones.push(-1);
        }
        const p = seats[i];
        if (s.out[p]) continue;
        const pile = s.zones[from];
        if (pile.length === 0) return;
        const c = pile[pile.length - 1];
        const to = zones[i] >= 0 ? zones[i] : (zones[i] = zoneIndex(s, def, p));
        const shown = [s.shown[c]];
        moveCard(s, c, to);
        logMove(s, [c], from, to, shown);
      }
    }
  },
});

/**
 * deal() when nothing is logged, in bulk: the same cards to the same zones in the same order, each taken from the
 * top of the pile as if one at a time, with the pile cut down once at the end instead of a card at a time. A seat's
 * zone is checked before its first card moves, as moveTopCard checks it. A deal from one of the zones it deals to
 * goes a card at a time, since each card then lands on the pile it is dealt from.
 */
function dealQuietly(s: State, from: number, def: number, rounds: number, start: number): void {
  const n = s.n;
  const zones: number[] = [];
  let fromIsDealtTo = false;
  for (let i = 0; i < n; i++) {
    const p = (start + i) % n;
    const z = s.out[p] ? -1 : zoneIndex(s, def, p);
    if (z === from) fromIsDealtTo = true;
    zones.push(z);
  }
  const pile = s.zones[from];
  if (fromIsDealtTo) {
    for (let round = 0; round < rounds; round++) {
      for (let i = 0; i < n; i++) {
        if (zones[i] < 0) continue;
        if (pile.length === 0) return;
        moveTopCard(s, from, zones[i]);
      }
    }
    return;
  }
  const owner = s.zoneOwner[from];
  let top = pile.length;
  try {
    deal: for (let round = 0; round < rounds; round++) {
      for (let i = 0; i < n; i++) {
        const to = zones[i];
        if (to < 0) continue; // a player who is out
        if (top === 0) break deal;
        if (round === 0) checkZone(s, to);
        const c = pile[--top];
        s.zones[to].push(c);
        s.cardMoves++;
        s.cardZone[c] = to;
        s.cardFrom[c] = owner;
        s.shown[c] = 0;
      }
    }
  } finally {
    pile.length = top; // the cards dealt leave the pile, however the deal ended
  }
}

effect({
  name: "shuffle", doc: "Shuffles a zone with the game's seeded random numbers.", example: "shuffle(stock)",
  params: [{ name: "zone", kind: "zone" }],
  make: ([z]) => (s) => {
    const zone = ev(z)(s) as number;
    shuffleInPlace(s.rng, s.zones[zone]);
    // a card shown in an ordered zone is lost track of; in a hand (unordered) it is still known to be there
    if (s.game.zones[s.zoneDef[zone]].ordered) for (const c of s.zones[zone]) s.shown[c] = 0;
    s.hooks?.shuffled?.(s, zone);
    if (s.log || s.watch) record(s, { type: "shuffle", zone });
  },
});

effect({
  name: "exchange", doc: "Two cards change places: each takes the other's zone and position.", example: "exchange(handCard, upCard)",
  params: [{ name: "a", kind: "value" }, { name: "b", kind: "value" }],
  type: (a) => (!needCard(a[0]) ? wrong(0, "exchange needs cards") : !needCard(a[1]) ? wrong(1, "exchange needs cards") : T.voidType),
  make: ([x, y]) => (s) => {
    const a = ev(x)(s) as number;
    const b = ev(y)(s) as number;
    const za = s.cardZone[a];
    const zb = s.cardZone[b];
    const ia = s.zones[za].indexOf(a);
    const ib = s.zones[zb].indexOf(b);
    const shownA = shownBefore(s, [a]);
    const shownB = shownBefore(s, [b]);
    s.shown[a] = 0;
    s.shown[b] = 0;
    s.zones[za][ia] = b;
    s.zones[zb][ib] = a;
    s.cardMoves += 2;
    s.cardZone[a] = zb;
    s.cardZone[b] = za;
    s.cardFrom[a] = s.zoneOwner[za];
    s.cardFrom[b] = s.zoneOwner[zb];
    logMove(s, [a], za, zb, shownA);
    logMove(s, [b], zb, za, shownB);
  },
});

effect({
  name: "random", doc: "One item of a list, chosen with the game's seeded random numbers (none for an empty list).", example: "dealer = random(players)",
  params: [{ name: "list", kind: "list" }],
  type: (a) => elem(a[0]),
  make: ([l]) => (s) => {
    const items = ev(l)(s) as unknown[];
    return items.length ? items[nextInt(s.rng, items.length)] : null;
  },
});

effect({
  name: "again", doc: "The acting player takes another turn after this one (unless they are out).", example: "again()",
  params: [],
  make: () => (s) => {
    s.extraTurn = true;
  },
});

effect({
  name: "skip", doc: "The next player in turn, or the next `count` players, lose their turn: when the turn next passes, play goes past them (a skip waits while again() keeps the turn, and a phase begins with none).",
  example: "if cards.first.rank == 8 { skip(cards.count) }",
  params: [{ name: "count", kind: "value", optional: true }],
  type: (a) => (a[0] && !needNum(a[0]) ? wrong(0, "the number of players to skip must be a number") : T.voidType),
  make: ([k]) => (s) => {
    const count = k ? (ev(k)(s) as number) : 1;
    if (!Number.isInteger(count) || count < 0) throw new RuleError(`skip: the number of players to skip must be a whole number, 0 or more, not ${count}`);
    // only the remainder after whole rounds of the table matters; keep the count small
    s.skips = (s.skips + count) % (s.n * 1024);
  },
});

effect({
  name: "reverse", doc: "Turns the direction of play round for the rest of the game: clockwise phases now go counter-clockwise and the other way round, until reversed again.",
  example: "reverse()",
  params: [],
  make: () => (s) => {
    s.reversed = !s.reversed;
    if (s.log || s.watch) record(s, { type: "reverse", direction: direction(s) });
  },
});

effect({
  name: "giveTurn", doc: "The given player takes the next turn, when this one ends, and play goes on from them in the direction of play (again() keeps the turn first; pending skips then count from them).",
  example: "giveTurn(lastToPlay)",
  params: [{ name: "player", kind: "value" }],
  type: (a) => (needPlayer(a[0]) ? T.voidType : wrong(0, "giveTurn needs a player")),
  make: ([p]) => (s) => {
    const who = ev(p)(s) as number | null;
    if (who !== null) s.givenTurn = who;
  },
});

effect({
  name: "reveal", doc: "Shows cards (a card, a list, or a zone's cards) to everyone, or to the given players: their views name them, until each card leaves its zone (or its zone, unless unordered like a hand, is shuffled).",
  example: "reveal(asked, players)",
  params: [{ name: "cards", kind: "cards" }, { name: "to", kind: "value", optional: true }],
  type: (a) => (a[1] && !needPlayer(a[1]) && !(a[1].t === "list" && needPlayer(a[1].of)) ? wrong(1, "reveal shows cards to a player or a list of players") : T.voidType),
  make: ([c, t], types) => {
    const many = types[1] !== undefined && types[1].t === "list";
    return (s) => {
      const cards = ev(c)(s) as number[];
      let mask = (1 << s.n) - 1;
      if (t) {
        const v = ev(t)(s);
        mask = 0;
        for (const p of many ? (v as (number | null)[]) : [v as number | null]) if (p !== null) mask |= 1 << p;
      }
      if (mask === 0 || cards.length === 0) return;
      for (const card of cards) {
        if ((s.shown[card] & mask) !== mask) s.shows++;
        s.shown[card] |= mask;
      }
      if (s.log || s.watch) record(s, { type: "reveal", cards: cards.slice(), zones: [...new Set(cards.map((x) => s.cardZone[x]))], to: mask });
    };
  },
});

effect({
  name: "done", doc: "In a simultaneous phase: the player has finished and waits for the others.", example: "done()",
  params: [{ name: "player", kind: "value", optional: true }],
  make: ([p]) => (s) => {
    const who = p ? (ev(p)(s) as number) : s.me;
    s.done[who] = 1;
  },
});

effect({
  name: "out", doc: "A player goes out: they have finished and take no more turns. Their place is recorded.", example: "out(me)",
  params: [{ name: "player", kind: "value", optional: true }],
  make: ([p]) => (s) => goOut(s, p ? (ev(p)(s) as number) : s.me),
});

effect({
  name: "eliminate", doc: "A player is knocked out: out of the game, taking no more turns, like out(), but with no place among those who went out (place is none, lastPlaces leaves them out); the game counts them among its losers.", example: "eliminate(me)",
  params: [{ name: "player", kind: "value", optional: true }],
  type: (a) => (a[0] && !needPlayer(a[0]) ? wrong(0, "eliminate needs a player") : T.voidType),
  make: ([p]) => (s) => knockOut(s, p ? (ev(p)(s) as number | null) ?? -1 : s.me),
});

/** An effect that marks a player (the acting player unless given) in the hand being played. */
function handMark(name: string, bit: number, doc: string, example: string): void {
  effect({
    name, doc, example,
    params: [{ name: "player", kind: "value", optional: true }],
    type: (a) => (a[0] && !needPlayer(a[0]) ? wrong(0, `${name} needs a player`) : T.voidType),
    make: ([p]) => (s) => {
      const who = p ? (ev(p)(s) as number | null) : s.me;
      if (who !== null && who >= 0 && who < s.n) s.hand[who] |= bit;
    },
  });
}

handMark("fold", FOLDED,
  "A player leaves the hand being played: a round passes over them, and inHand is false for them, until a phase with newHand: true begins (unlike out(), which is for the rest of the game).",
  "fold(me)");

handMark("stand", STOOD,
  "A player stays in the hand being played but acts no more in it (all their stake is in, or they are content): a round passes over them, until a phase with newHand: true begins.",
  "if chips == 0 { stand() }");

effect({
  name: "raise", doc: "Reopens the round being played (turns: round): everyone still in the hand who can act has to act again before it ends, the player raising once their turn ends.",
  example: "raise()",
  params: [],
  make: () => (s) => reopenRound(s),
});

effect({
  name: "endPhase", doc: "The current phase ends once this action is over.", example: "endPhase()",
  params: [],
  make: () => (s) => {
    s.endPhaseNow = true;
  },
});

effect({
  name: "newZone", doc: "Starts a new, empty zone in a family of zones (a new pile) and gives it back.", example: "let p = newZone(piles)",
  params: [{ name: "family", kind: "family" }, { name: "owner", kind: "value", optional: true }],
  type: (a) => (a[1] && !needPlayer(a[1]) ? wrong(1, "the owner must be a player") : T.zone),
  make: ([f, o]) => (s) => createZone(s, ev(f)(s) as number, o ? ((ev(o)(s) as number | null) ?? -1) : -1),
});

effect({
  name: "removeZone", doc: "Takes an empty zone out of its family of zones (a pile taken away): the family no longer lists it. Its cards must be moved first.",
  example: "removeZone(pile)",
  params: [{ name: "zone", kind: "zone" }],
  make: ([z]) => (s) => {
    const zone = ev(z)(s) as number;
    if (!s.game.zones[s.zoneDef[zone]].many) throw new RuleError(`removeZone: ${zoneName(s, zone)} is not in a family of zones (declared with many: true)`);
    const left = s.zones[zone].length;
    if (left > 0) throw new RuleError(`removeZone: ${zoneName(s, zone)} still holds ${left} card${left === 1 ? "" : "s"}: move them first`);
    retireZone(s, zone);
  },
});

function toList(e: Eval, t: Type): (s: State) => unknown[] {
  if (t.t === "zone") return (s) => s.zones[e(s) as number] ?? noCards; // a zone that is none holds no cards
  return e as (s: State) => unknown[];
}

