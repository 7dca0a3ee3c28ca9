// Checks members (c.rank, p.hand, zone.name, a.f), calls of definitions and builtins, their arguments, and the
// functions written x => ... that builtins take.
import type { Expr, Span } from "../ast.js";
import * as T from "../types.js";
import type { Type } from "../types.js";
import { builtin, builtinNames, type Builtin } from "../builtins.js";
import { mayBeNoZone, type TArg, type TExpr, type TLambda } from "../typed.js";
import { suggestion } from "../../diagnostics.js";
import { bindingWord, type Ctx, type FnArg } from "./environment.js";
import { plural } from "./function-params.js";
import type { Checker } from "./checker.js";

export function checkMember(ch: Checker, e: Extract<Expr, { k: "member" }>, ctx: Ctx): TExpr | null {
  const object = ch.expr(e.object, ctx);
  if (!object) return null;
  const t = object.type;
  if (t.t === "card" || t.t === "any") {
    const attr = ch.env.attributes.get(e.name);
    if (attr) {
      const type: Type = attr.numeric ? T.num : { t: "str", values: attr.values as string[] };
      return { k: "attr", type, attr, card: object };
    }
    if (e.name === "name") return { k: "cardName", type: T.str, card: object };
    const held = ch.env.global(e.name);
    if (held?.kind === "zone" && held.def.per === "card") return { k: "heldZone", type: T.zone, slot: held.def.slot, card: object };
    if (e.name === "from") return { k: "cardFrom", type: T.player, card: object };
  }
  if (t.t === "player" || t.t === "any") {
    const b = ch.env.global(e.name);
    if (b?.kind === "zone" && b.def.per === "player" && b.def.family) return ch.convert.family(b.def, object);
    if (b?.kind === "zone" && b.def.per === "player") return { k: "playerZone", type: T.zone, shared: ch.env.sharedZones(), slot: b.def.slot, player: object };
    if (b?.kind === "var" && b.def.per === "player") return { k: "var", type: b.def.type, def: b.def, globals: ch.env.globalVars(), owner: object };
    if (e.name === "name") return { k: "playerName", type: T.str, player: object };
    if (e.name === "out") return { k: "playerOut", type: T.bool, player: object };
    if (e.name === "place") return { k: "playerPlace", type: T.num, player: object };
  }
  if ((t.t === "zone" || t.t === "zonekind") && e.name === "name") return { k: "zoneName", type: T.str, zone: ch.convert.asZone(object) };
  if (t.t === "map") return { k: "mapGet", type: t.of, map: object, key: { k: "const", type: T.str, value: e.name }, rule: ctx.rule };
  if (t.t === "list" && t.keys?.includes(e.name)) return ch.convert.member(object, { k: "const", type: T.str, value: e.name }, ctx.rule);
  // a.f means f(a): any function whose first argument fits can be written after its value.
  const fn = ctx.locals.get(e.name)?.fn;
  if (fn) return callGiven(ch, fn, e.name, [e.object], e.at, ctx, object);
  if (builtin(e.name) || ch.env.global(e.name)?.kind === "define") return callNamed(ch, e.name, e.nameAt, [e.object], e.at, ctx, object);
  return ch.error(ctx, e.nameAt, "E_NAME", `${T.show(t)} has no '${e.name}'${suggestion(e.name, membersOf(ch, t))}`);
}

function membersOf(ch: Checker, t: Type): string[] {
  const names: string[] = [];
  if (t.t === "card" || t.t === "any") names.push(...ch.env.attributes.keys(), "name", "from");
  if (t.t === "player" || t.t === "any") {
    for (const n of ch.env.globalNames()) {
      const b = ch.env.global(n);
      if ((b?.kind === "zone" || b?.kind === "var") && b.def.per === "player") names.push(n);
    }
    names.push("name", "out", "place");
  }
  names.push(...builtinNames());
  return names;
}

export function checkCall(ch: Checker, e: Extract<Expr, { k: "call" }>, ctx: Ctx): TExpr | null {
  if (e.callee.k === "name") {
    if (ctx.locals.has(e.callee.name) && !ctx.locals.get(e.callee.name)!.fn) return ch.error(ctx, e.callee.at, "E_TYPE", `'${e.callee.name}' is a value, not a function`);
    return callNamed(ch, e.callee.name, e.callee.at, e.args, e.at, ctx);
  }
  if (e.callee.k === "member") {
    const object = ch.expr(e.callee.object, ctx);
    if (!object) return null;
    return callNamed(ch, e.callee.name, e.callee.nameAt, [e.callee.object, ...e.args], e.at, ctx, object);
  }
  return ch.error(ctx, e.callee.at, "E_TYPE", "only named functions can be called");
}

function callNamed(ch: Checker, name: string, nameAt: Span, args: Expr[], at: Span, ctx: Ctx, first?: TExpr): TExpr | null {
  const fn = ctx.locals.get(name)?.fn;
  if (fn) return callGiven(ch, fn, name, args, at, ctx, first);
  const b = ch.env.global(name);
  if (b?.kind === "define") {
    if (b.def.params.length !== args.length) {
      return ch.error(ctx, at, "E_TYPE", `'${name}' takes ${b.def.params.length} argument${b.def.params.length === 1 ? "" : "s"} (${b.def.params.join(", ")}), not ${args.length}`);
    }
    const functions = ch.functionParams(b.def);
    const checked: (TExpr | FnArg)[] = [];
    for (let i = 0; i < args.length; i++) {
      const arity = functions[i];
      const what = `'${name}''s ${ordinal(i)} argument (${b.def.params[i]})`;
      if (arity !== null) {
        if (i === 0 && first) return ch.error(ctx, args[0].at, "E_TYPE", `${what} is a function, so it is written inside the brackets: ${name}(x => ...)`);
        const f = givenFunction(ch, args[i], arity, what, ctx);
        if (!f) return null;
        checked.push(f);
        continue;
      }
      if (args[i].k === "lambda") {
        return ch.error(ctx, args[i].at, "E_TYPE", `${what} is a value, not a function: '${name}' never calls ${b.def.params[i]} (a parameter its body calls, as in ${b.def.params[i]}(...), takes a function)`);
      }
      const c = i === 0 && first ? first : ch.expr(args[i], ctx);
      if (!c) return null;
      checked.push(c);
    }
    return ch.inline(b.def, checked, at, ctx);
  }
  const bi = builtin(name);
  if (!bi) {
    if (b) return ch.error(ctx, nameAt, "E_TYPE", `'${name}' is a ${bindingWord(b)}, not a function`);
    return ch.error(ctx, nameAt, "E_NAME", `unknown function '${name}'${suggestion(name, [...builtinNames(), ...ch.defineNames()])}`);
  }
  if (bi.effect && !ctx.effects) {
    return ch.error(ctx, nameAt, "E_EFFECT", `${name} is an effect: it can be used in setup, an action's effect or a phase's begin/end, not in a condition or value`);
  }
  return callBuiltin(ch, bi, args, at, ctx, first);
}

function callBuiltin(ch: Checker, bi: Builtin, args: Expr[], at: Span, ctx: Ctx, first?: TExpr): TExpr | null {
  const required = bi.params.filter((p) => !p.optional).length;
  if (args.length < required || args.length > bi.params.length) {
    const sig = bi.params.map((p) => (p.optional ? `${p.name}?` : p.name)).join(", ");
    return ch.error(ctx, at, "E_TYPE", `${bi.name} takes ${sig ? `(${sig})` : "no arguments"}, but got ${args.length} argument${args.length === 1 ? "" : "s"}`);
  }
  const types: Type[] = [];
  const checked: TArg[] = [];
  let firstValue: TExpr | null = null; // the first argument as written, before it is converted
  for (let i = 0; i < args.length; i++) {
    const spec = bi.params[i];
    const a = args[i];
    if (spec.kind === "fn") {
      if (a.k !== "lambda") return ch.error(ctx, a.at, "E_TYPE", `${bi.name} needs a function here, written x => ...`);
      const lam = lambda(ch, a, bi.lambda ? bi.lambda(types) : [T.any], ctx);
      if (!lam) return null;
      types.push(lam.type);
      checked.push(lam);
      continue;
    }
    if (spec.kind === "family") {
      const b = a.k === "name" ? ch.env.global(a.name) : undefined;
      if (b?.kind !== "zone" || !b.def.many) return ch.error(ctx, a.at, "E_TYPE", `${bi.name} needs the name of a family of zones (a zone declared with many: true)`);
      types.push(T.list(T.zone));
      checked.push({ k: "const", type: T.num, value: b.def.index });
      continue;
    }
    if (spec.innerVariable && a.k === "str" && !innerVariableKnown(ch, a.value)) {
      const known = ch.env.innerVariables?.() ?? [];
      return ch.error(ctx, a.at, "E_NAME", `no game played inside this one has a variable '${a.value}'${suggestion(a.value, known)}`);
    }
    const c = i === 0 && first ? first : ch.expr(a, ctx);
    if (!c) return null;
    if (i === 0) firstValue = c;
    const converted = argument(ch, c, spec.kind, bi, i, a.at, ctx);
    if (!converted) return null;
    types.push(converted.type);
    checked.push(converted);
  }
  const result = bi.type(types);
  if ("arg" in result) return ch.error(ctx, args[result.arg]?.at ?? at, "E_TYPE", result.message);
  const zone = args.length === 1 && firstValue && (first || args[0].k === "name") ? zoneQuery(ch, bi.name, firstValue, ctx, result) : null;
  return zone ?? { k: "call", type: result, builtin: bi, args: checked, argTypes: types };
}

/** Whether a variable name may be read from a game played inside: unknown games allow any name. */
function innerVariableKnown(ch: Checker, name: string): boolean {
  const known = ch.env.innerVariables?.();
  return !known || known.includes(name);
}

const zoneQueries: Record<string, "count" | "empty" | "any" | "top" | "bottom"> = {
  count: "count", empty: "empty", any: "any", top: "top", last: "top", bottom: "bottom", first: "bottom",
};

/**
 * The commonest questions about one zone — its count, whether it is empty, its top or bottom card — as one
 * operation reading the zone: rules ask them at every move.
 */
function zoneQuery(ch: Checker, name: string, c: TExpr, ctx: Ctx, type: Type): TExpr | null {
  const op = Object.hasOwn(zoneQueries, name) ? zoneQueries[name] : null;
  if (!op || type.t === "list") return null;
  let zone: TExpr | null = null;
  if (c.type.t === "zonekind") {
    const b = ch.env.global(c.type.name);
    if (b?.kind !== "zone" || !ctx.hasMe) return null;
    zone = ch.convert.asZone(c);
  } else if (c.type.t === "zone") zone = c;
  return zone && { k: "zoneQuery", type, op, zone };
}

function argument(ch: Checker, c: TExpr, kind: string, bi: Builtin, i: number, at: Span, ctx: Ctx): TExpr | null {
  const what = `${bi.name}'s ${ordinal(i)} argument (${bi.params[i].name})`;
  switch (kind) {
    case "list": {
      const of = T.elementOf(c.type);
      if (!of) return ch.error(ctx, at, "E_TYPE", `${what} must be a list or a zone, but this is ${T.show(c.type)}`);
      return { ...ch.convert.asList(c), type: T.list(of) };
    }
    case "cards": {
      if (c.k === "item" && bi.effect && c.type.t === "card") {
        ch.warn(ctx, at, "W_NONE", `an index is none outside its list (from 0 to count - 1), and ${bi.name} then does nothing: check the index, or test it first (if x != none { ... })`);
      }
      if (c.type.t === "card" || c.type.t === "none") return { k: "toCards", type: T.cards, card: c };
      const of = T.elementOf(c.type);
      if (!of || !T.fits(of, T.card)) return ch.error(ctx, at, "E_TYPE", `${what} must be cards (a card, a list of cards or a zone), but this is ${T.show(c.type)}`);
      return { ...ch.convert.asList(c), type: T.cards };
    }
    case "zone": {
      if (c.type.t !== "zone" && c.type.t !== "zonekind" && c.type.t !== "any") {
        return ch.error(ctx, at, "E_TYPE", `${what} must be a zone, but this is ${T.show(c.type)}`);
      }
      if (c.type.t === "zonekind" && !ctx.hasMe) {
        return ch.error(ctx, at, "E_NAME", `'${c.type.name}' belongs to each player: say whose, as in p.${c.type.name} (there is no acting player here)`);
      }
      const zone: TExpr = { ...ch.convert.asZone(c), type: T.zone };
      return mayBeNoZone(zone) ? { k: "zoneNeeded", type: T.zone, zone, rule: ctx.rule, what } : zone;
    }
    case "kind":
      if (c.type.t !== "zonekind") return ch.error(ctx, at, "E_TYPE", `${what} must be the name of a per-player zone, such as hand`);
      return c;
    default:
      return c;
  }
}

function lambda(ch: Checker, e: Extract<Expr, { k: "lambda" }>, paramTypes: Type[], ctx: Ctx): TLambda | null {
  if (e.params.length > paramTypes.length) {
    return ch.error(ctx, e.at, "E_TYPE", `this function takes ${paramTypes.length} parameter${paramTypes.length === 1 ? "" : "s"}, not ${e.params.length}`);
  }
  const inner: Ctx = { ...ctx, locals: new Map(ctx.locals) };
  const slots = e.params.map((p, i) => ch.bind(ctx.frame, inner.locals, p.name, T.boundItem(paramTypes[i])));
  const body = ch.expr(e.body, inner);
  if (!body) return null;
  return { k: "lambda", type: body.type, frame: ctx.frame, slots, body };
}

function ordinal(i: number): string {
  return ["first", "second", "third", "fourth", "fifth"][i] ?? `${i + 1}th`;
}

// ---- functions given to definitions --------------------------------------------------------------------

/**
 * The function given where a definition's body calls a parameter with `arity` arguments: one written there
 * (x => ..., taking at most that many), a definition taking exactly that many named there, or a function given to
 * the definition around, given on.
 */
function givenFunction(ch: Checker, a: Expr, arity: number, what: string, ctx: Ctx): FnArg | null {
  const takes = `a function taking ${plural(arity, "argument")}`;
  if (a.k === "lambda") {
    if (a.params.length > arity) return ch.error(ctx, a.at, "E_TYPE", `${what} is called with ${plural(arity, "argument")}, but this function takes ${a.params.length}`);
    return { k: "lambda", expr: a, ctx, depth: ch.inlineDepth };
  }
  if (a.k === "name") {
    const local = ctx.locals.get(a.name);
    if (local?.fn) {
      const given = local.fn;
      const n = given.k === "lambda" ? given.expr.params.length : given.k === "define" ? given.def.params.length : arity;
      if (given.k === "lambda" ? n > arity : n !== arity) return ch.error(ctx, a.at, "E_TYPE", `${what} is ${takes}, but '${a.name}' takes ${n}`);
      return given;
    }
    const b = local ? undefined : ch.env.global(a.name);
    if (b?.kind === "define") {
      if (b.def.params.length !== arity) return ch.error(ctx, a.at, "E_TYPE", `${what} is ${takes}, but '${a.name}' takes ${plural(b.def.params.length, "parameter")}${suggestion(a.name, definitionsTaking(ch, arity))}`);
      b.def.used = true;
      return { k: "define", def: b.def, depth: ch.inlineDepth };
    }
  }
  const examples = definitionsTaking(ch, arity);
  const hint = examples.length ? `, or name a definition taking ${arity === 1 ? "one" : arity}, such as ${examples[0]}` : "";
  return ch.error(ctx, a.at, "E_TYPE", `${what} is ${takes}, not a value: write one, as in ${lambdaExample(arity)}${hint}`);
}

function definitionsTaking(ch: Checker, arity: number): string[] {
  return ch.defineNames().filter((n) => {
    const b = ch.env.global(n);
    return b?.kind === "define" && b.def.params.length === arity && ch.functionParams(b.def).every((f) => f === null);
  });
}

function lambdaExample(arity: number): string {
  const names = ["x", "y", "z", "w"];
  if (arity === 1) return "x => ...";
  return `(${Array.from({ length: arity }, (_, i) => names[i] ?? `x${i + 1}`).join(", ")}) => ...`;
}

/**
 * A call of a function given to the definition being checked: the arguments are read here, then the function is
 * checked with them, in the surroundings it was given in. Like a call of a function given to a built-in, it counts
 * one unit of work when it runs.
 */
function callGiven(ch: Checker, fn: FnArg, name: string, args: Expr[], at: Span, ctx: Ctx, first?: TExpr): TExpr | null {
  const values: TExpr[] = [];
  for (let i = 0; i < args.length; i++) {
    if (args[i].k === "lambda") return ch.error(ctx, args[i].at, "E_TYPE", `'${name}' is given values: a function cannot be given to it`);
    const c = i === 0 && first ? first : ch.expr(args[i], ctx);
    if (!c) return null;
    values.push(c);
  }
  if (fn.k === "unknown") return { k: "const", type: T.any, value: null };
  if (fn.k === "define") {
    const body = ch.called(fn, () => ch.inline(fn.def, values, at, ctx));
    return body && { k: "fnCall", type: body.type, body };
  }
  const lam = fn.expr;
  const outer = fn.ctx;
  const inner: Ctx = { ...outer, locals: new Map(outer.locals) };
  const binds = values.map((value, i) => {
    const p = lam.params[i];
    const slot = p ? ch.bind(outer.frame, inner.locals, p.name, T.boundItem(value.type)) : outer.frame.push(null) - 1; // more than it names: read all the same
    return { frame: outer.frame, slot, value };
  });
  const body = ch.called(fn, () => ch.expr(lam.body, inner));
  if (!body) return null;
  return { k: "fnCall", type: body.type, body: { k: "define", type: body.type, binds, body } };
}
