// Builtins the JavaScript back end writes out itself, because rules call them at every move: the list
// operations that take a function (written as a loop, the function's body inline) and moving cards. Each
// generator gives exactly what the builtin's entry in lang/builtins.ts gives; a builtin not listed here is made
// from its entry, so this table is an optimisation, never a requirement.
import type { TArg, TExpr, TLambda } from "../lang/typed.js";
import { moveCards, moveCardsInto } from "../lang/builtins.js";
import type { Emitter } from "./emit.js";
import { Fn } from "./fn.js";
import { cardOrder } from "./card-keys.js";

type Call = Extract<TExpr, { k: "call" }>;
type Generator = (em: Emitter, e: Call, f: Fn) => string | null;

const lambdaOf = (a: TArg | undefined): TLambda | null => (a && a.k === "lambda" ? a : null);

/** Binds a function's parameters to the item (and its index) before its body is evaluated, as the closure form does. */
function bind(em: Emitter, l: TLambda, f: Fn, x: string, i: string | null): string {
  const first = `${em.bindLocal(l.frame, l.slots[0], x, l.body, f)};`;
  if (l.slots.length < 2) return first;
  return `${first}\n${em.bindLocal(l.frame, l.slots[1], i ?? "undefined", l.body, f)};`;
}

/**
 * A loop over a list as a function of its own: `body` is given the function's temporaries and the names of the
 * list and the item, and returns the statements run for each item.
 */
function loop(em: Emitter, list: TExpr, before: string, body: (f: Fn, x: string, i: string) => string, after: string): string {
  const f = new Fn();
  const [l, i, x] = [f.tmp(), f.tmp(), f.tmp()];
  const each = body(f, x, i);
  // the items gone through count as work against the run's budget, as the closures' calls of the function do
  const text = `${l} = ${em.expr(list, f)};\n${em.helper("tick")}(s, ${l}.length);\n${before}\nfor (${i} = 0; ${i} < ${l}.length; ${i}++) {\n${x} = ${l}[${i}];\n${each}\n}\n${after}`;
  return `${em.m.add(["s"], text, f.temps)}(s)`;
}

const generators = new Map<string, Generator>();

generators.set("count", (em, e) => {
  const test = lambdaOf(e.args[1]);
  if (!test) return null;
  return loop(em, e.args[0] as TExpr, "let n = 0;", (f, x) => `${bind(em, test, f, x, null)}\nif (${em.test(test.body, f)}) n++;`, "return n;");
});

generators.set("any", (em, e) => {
  const test = lambdaOf(e.args[1]);
  if (!test) return null;
  return loop(em, e.args[0] as TExpr, "", (f, x) => `${bind(em, test, f, x, null)}\nif (${em.test(test.body, f)}) return true;`, "return false;");
});

generators.set("all", (em, e) => {
  const test = lambdaOf(e.args[1])!;
  return loop(em, e.args[0] as TExpr, "", (f, x) => `${bind(em, test, f, x, null)}\nif (!${em.test(test.body, f)}) return false;`, "return true;");
});

generators.set("find", (em, e) => {
  const test = lambdaOf(e.args[1])!;
  return loop(em, e.args[0] as TExpr, "", (f, x) => `${bind(em, test, f, x, null)}\nif (${em.test(test.body, f)}) return ${x};`, "return null;");
});

generators.set("filter", (em, e) => {
  const test = lambdaOf(e.args[1])!;
  return loop(em, e.args[0] as TExpr, "const out = [];", (f, x) => `${bind(em, test, f, x, null)}\nif (${em.test(test.body, f)}) out.push(${x});`, "return out;");
});

generators.set("map", (em, e) => {
  const change = lambdaOf(e.args[1])!;
  return loop(em, e.args[0] as TExpr, "const out = [];", (f, x, i) => `${bind(em, change, f, x, i)}\nout.push(${em.expr(change.body, f)});`, "return out;");
});

generators.set("sum", (em, e) => {
  const value = lambdaOf(e.args[1]);
  return loop(em, e.args[0] as TExpr, "let total = 0;", (f, x) => (value ? `${bind(em, value, f, x, null)}\ntotal += ${em.expr(value.body, f)};` : `total += ${x};`), "return total;");
});

/**
 * The order of the cards by a key that depends on nothing but the card, for a list of a zone's cards (which
 * holds only cards): a table of numbers, or null (see card-keys.ts).
 */
function orderOfCards(em: Emitter, e: Call, key: TLambda): string | null {
  if ((e.args[0] as TExpr).k !== "zoneCards") return null;
  const order = cardOrder(em, key);
  return order ? em.m.constant(order) : null;
}

for (const [name, pick] of [["maxBy", 1], ["minBy", -1]] as const) {
  generators.set(name, (em, e) => {
    const key = lambdaOf(e.args[1])!;
    const order = orderOfCards(em, e, key);
    if (order) {
      return loop(em, e.args[0] as TExpr, "let best = null, bestKey;", (f, x) => {
        const k = f.tmp();
        return `${k} = ${order}[${x}];\nif (best === null || (${k} - bestKey) * ${pick} > 0) { best = ${x}; bestKey = ${k}; }`;
      }, "return best;");
    }
    const compare = em.helper("compare");
    return loop(em, e.args[0] as TExpr, "let best = null, bestKey;", (f, x) => {
      const k = f.tmp();
      return `${bind(em, key, f, x, null)}\n${k} = ${em.expr(key.body, f)};\nif (best === null || ${compare}(${k}, bestKey) * ${pick} > 0) { best = ${x}; bestKey = ${k}; }`;
    }, "return best;");
  });
}

for (const [name, pick] of [["best", 1], ["worst", -1]] as const) {
  generators.set(name, (em, e) => {
    const key = lambdaOf(e.args[1])!;
    const order = orderOfCards(em, e, key);
    if (order) {
      return loop(em, e.args[0] as TExpr, "let out = [], bestKey;", (f, x) => {
        const [k, c] = [f.tmp(), f.tmp()];
        return `${k} = ${order}[${x}];\n${c} = out.length === 0 ? 1 : (${k} - bestKey) * ${pick};\nif (${c} > 0) { out = [${x}]; bestKey = ${k}; } else if (${c} === 0) out.push(${x});`;
      }, "return out;");
    }
    const compare = em.helper("compare");
    return loop(em, e.args[0] as TExpr, "let out = [], bestKey;", (f, x) => {
      const [k, c] = [f.tmp(), f.tmp()];
      return `${bind(em, key, f, x, null)}\n${k} = ${em.expr(key.body, f)};\n${c} = out.length === 0 ? 1 : ${compare}(${k}, bestKey) * ${pick};\nif (${c} > 0) { out = [${x}]; bestKey = ${k}; } else if (${c} === 0) out.push(${x});`;
    }, "return out;");
  });
}

for (const [name, fromTop] of [["top", true], ["last", true], ["bottom", false], ["first", false]] as const) {
  generators.set(name, (em, e, f) => {
    if (e.args.length !== 1) return null;
    // of a list known to hold one card, every end is that card
    const one = em.singleCard(e.args[0] as TExpr, f);
    if (one !== null) return one;
    const t = f.tmp();
    const list = em.expr(e.args[0] as TExpr, f);
    return fromTop ? `(${t} = ${list}, ${t}.length ? ${t}[${t}.length - 1] : null)` : `(${t} = ${list}, ${t}.length ? ${t}[0] : null)`;
  });
}

generators.set("contains", (em, e, f) => {
  const v = f.tmp();
  return `(${v} = ${em.expr(e.args[1] as TExpr, f)}, ${em.expr(e.args[0] as TExpr, f)}.some((y) => ${em.helper("equal")}(y, ${v})))`;
});

// `false` (onto the top) written out: a call with fewer arguments than the function has parameters costs V8 more
// than the rest of moving a card (measured: 52-57 ns a one-card move with three arguments, 42-45 with four). A
// move onto a zone of the game, which every state has, leaves out the check that the zone exists.
generators.set("move", (em, e, f) => {
  const to = e.args[1] as TExpr;
  const move = em.alwaysAZone(to) ? moveCardsInto : moveCards;
  return `${em.m.constant(move)}(s, ${em.expr(e.args[0] as TExpr, f)}, ${em.expr(to, f)}, false)`;
});

export const builtinEmitters: ReadonlyMap<string, Generator> = generators;

const written = new Set(["top", "last", "bottom", "first", "contains", "move"]);

/** Whether the generator writes this call with its arguments inline, in the calling function's own code. */
export function writtenInline(e: Call): boolean {
  return written.has(e.builtin.name) && (e.args.length === 1 || !["top", "last", "bottom", "first"].includes(e.builtin.name));
}
