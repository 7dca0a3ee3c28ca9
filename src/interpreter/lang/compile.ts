// Compiles syntax trees to closures, checking names and types on the way. A closure reads and changes the game
// state only through the names defined in the rule file and the builtins table: rule text never reaches a
// JavaScript object by name, and nothing is evaluated from text at run time.
import type { Expr, Stmt, Span } from "./ast.js";
import { parseExpression, parseProgram } from "./ast.js";
import * as T from "./types.js";
import type { Type } from "./types.js";
import { builtin, builtinNames, type Builtin, type Lam } from "./builtins.js";
import { compare, equal, RuleError } from "./values.js";
import type { Eval, Run, ZoneDef, VarDef, AttributeDef, Message } from "../model.js";
import type { State } from "../state.js";
import type { Code, Diagnostic } from "../diagnostics.js";
import { suggestion } from "../diagnostics.js";
import type { Source } from "../load/yaml.js";
import { zoneName } from "../zones.js";
import { startPlayer } from "../turn-order.js";

export interface DefineInfo {
  name: string;
  params: string[];
  pointer: string;
  text: string;
  body: Stmt[] | null;
  parsed: boolean;
  compiling: boolean;
  used: boolean;
}

export type Binding =
  | { kind: "zone"; def: ZoneDef }
  | { kind: "var"; def: VarDef }
  | { kind: "const"; value: unknown; type: Type }
  | { kind: "option"; slot: number; type: Type }
  | { kind: "define"; def: DefineInfo };

/** What the compiler needs to know about the rule file around an expression. */
export interface Environment {
  file: Source;
  report(d: Diagnostic): void;
  global(name: string): Binding | undefined;
  globalNames(): Iterable<string>;
  attributes: Map<string, AttributeDef>;
  sharedZones: () => number;
  globalVars: () => number;
  stepLimit: () => number;
}

/** Where a piece of text is: a YAML value (by pointer), and the offset of the text within that value. */
export interface Site {
  pointer: string;
  offset: number;
}

interface Local {
  slot: number;
  type: Type;
}

interface Ctx {
  site: Site;
  rule: string; // named in runtime errors
  frame: unknown[];
  locals: Map<string, Local>;
  effects: boolean; // effects allowed
  hasMe: boolean; // an acting player exists
  reads?: Set<number>; // collects the local slots the text reads (to know which parameters a rule depends on)
}

interface C {
  fn: Eval;
  type: Type;
  /** Known while compiling: a constant value, or the frame slot of a local. Lets common shapes compile to one closure. */
  konst?: { value: unknown };
  local?: { frame: unknown[]; slot: number };
}

export interface UnitOptions {
  rule: string;
  effects: boolean;
  hasMe: boolean;
  /** Names bound before the text runs (an action's parameters), with their slots in `frame`. */
  frame?: unknown[];
  locals?: Map<string, Local>;
  /** Filled with the local slots the text reads. */
  reads?: Set<number>;
}

const specialNames = ["players", "active", "me", "current", "dealer", "start", "playerCount", "phase", "now", "lastWinners", "lastLosers", "lastScores"];

export class Compiler {
  constructor(private env: Environment) {}

  // ---- entry points --------------------------------------------------------------------------------

  /** Compiles an expression held in a YAML value. Returns null when it has errors (already reported). */
  expression(site: Site, text: string, options: UnitOptions, expected?: Type): C | null {
    const parsed = parseExpression(text);
    if (!parsed.value) {
      this.syntaxProblems(site, parsed.problems);
      return null;
    }
    const ctx = this.ctx(site, options);
    const before = this.errorCount;
    const c = this.expr(parsed.value, ctx);
    if (expected && c && !T.fits(c.type, expected)) {
      this.error(ctx, parsed.value.at, "E_TYPE", `expected ${T.show(expected)}, but this is ${T.show(c.type)}`);
      return null;
    }
    return this.errorCount > before || !c ? null : this.coerce(c, expected, ctx);
  }

  /** Compiles effects held in a YAML value. */
  program(site: Site, text: string, options: UnitOptions): Run | null {
    const parsed = parseProgram(text);
    if (!parsed.value) {
      this.syntaxProblems(site, parsed.problems);
      return null;
    }
    const ctx = this.ctx(site, options);
    const before = this.errorCount;
    const run = this.block(parsed.value, ctx);
    return this.errorCount > before ? null : run;
  }

  /** Compiles a message with {expression} holes. */
  message(site: Site, text: string, options: UnitOptions): Message | null {
    const parts: (string | Eval<string>)[] = [];
    const ctx = this.ctx(site, options);
    let ok = true;
    const re = /\{([^{}]*)\}/g;
    let last = 0;
    for (let m = re.exec(text); m; m = re.exec(text)) {
      parts.push(text.slice(last, m.index));
      const inner = m[1];
      const innerSite = { pointer: site.pointer, offset: site.offset + m.index + 1 };
      const parsed = parseExpression(inner);
      if (!parsed.value) {
        this.syntaxProblems(innerSite, parsed.problems);
        ok = false;
      } else {
        const c = this.expr(parsed.value, { ...ctx, site: innerSite });
        if (c) parts.push(this.stringify(c));
        else ok = false;
      }
      last = m.index + m[0].length;
    }
    parts.push(text.slice(last));
    if (!ok) return null;
    return (s) => parts.map((p) => (typeof p === "string" ? p : p(s))).join("");
  }

  /** A fresh frame with names already bound, for an action's parameters. */
  newFrame(): { frame: unknown[]; locals: Map<string, Local> } {
    return { frame: [], locals: new Map() };
  }

  bind(frame: unknown[], locals: Map<string, Local>, name: string, type: Type): number {
    const slot = frame.length;
    frame.push(null);
    locals.set(name, { slot, type });
    return slot;
  }

  errorCount = 0;

  // ---- problems ------------------------------------------------------------------------------------

  private ctx(site: Site, o: UnitOptions): Ctx {
    return { site, rule: o.rule, frame: o.frame ?? [], locals: new Map(o.locals ?? []), effects: o.effects, hasMe: o.hasMe, reads: o.reads };
  }

  private syntaxProblems(site: Site, problems: { message: string; at: Span }[]): void {
    for (const p of problems) this.report(site, p.at, "E_SYNTAX", p.message);
  }

  private report(site: Site, at: Span, code: Code, message: string, severity: "error" | "warning" = "error"): void {
    if (severity === "error") this.errorCount++;
    this.env.report(this.env.file.inside(site.pointer, site.offset + at.start, site.offset + at.end, severity, code, message));
  }

  private error(ctx: Ctx, at: Span, code: Code, message: string): null {
    this.report(ctx.site, at, code, message);
    return null;
  }

  // ---- statements ----------------------------------------------------------------------------------

  private block(stmts: Stmt[], outer: Ctx): Run {
    const ctx = { ...outer, locals: new Map(outer.locals) };
    const runs = stmts.map((s) => this.statement(s, ctx)).filter((r): r is Run => r !== null);
    const limit = this.env.stepLimit();
    const rule = ctx.rule;
    if (runs.length === 1) {
      const only = runs[0];
      return (s) => {
        if (++s.steps > limit) throw new RuleError(`${rule} is looping: more than ${limit} steps without a decision`);
        only(s);
      };
    }
    return (s) => {
      for (let i = 0; i < runs.length; i++) {
        if (++s.steps > limit) throw new RuleError(`${rule} is looping: more than ${limit} steps without a decision`);
        runs[i](s);
      }
    };
  }

  private statement(st: Stmt, ctx: Ctx): Run | null {
    switch (st.k) {
      case "if": {
        const test = this.condition(st.test, ctx);
        const then = this.block(st.then, ctx);
        const otherwise = st.else ? this.block(st.else, ctx) : null;
        if (!test) return null;
        const t = test.fn;
        return otherwise
          ? (s) => {
              if (t(s) === true) then(s);
              else otherwise(s);
            }
          : (s) => {
              if (t(s) === true) then(s);
            };
      }
      case "for": {
        const iterable = this.expr(st.iterable, ctx);
        if (!iterable) return null;
        const element = T.elementOf(iterable.type);
        if (!element) return this.error(ctx, st.iterable.at, "E_TYPE", `for needs a list or a zone to go through, but this is ${T.show(iterable.type)}`);
        const inner = { ...ctx, locals: new Map(ctx.locals) };
        const slot = this.bind(ctx.frame, inner.locals, st.name, element);
        const list = this.asList(iterable, ctx);
        const body = this.block(st.body, inner);
        const frame = ctx.frame;
        return (s) => {
          // Go through a copy: the body may move the very cards it goes through.
          const items = list(s).slice();
          for (let i = 0; i < items.length; i++) {
            frame[slot] = items[i];
            body(s);
          }
        };
      }
      case "while": {
        const test = this.condition(st.test, ctx);
        const body = this.block(st.body, ctx);
        if (!test) return null;
        const t = test.fn;
        const limit = this.env.stepLimit();
        const rule = ctx.rule;
        return (s) => {
          while (t(s) === true) {
            if (++s.steps > limit) throw new RuleError(`${rule} is looping: more than ${limit} steps without a decision`);
            body(s);
          }
        };
      }
      case "let": {
        const value = this.expr(st.value, ctx);
        if (!value) return null;
        if (value.type.t === "void") return this.error(ctx, st.value.at, "E_TYPE", "this effect gives no value to keep");
        const slot = this.bind(ctx.frame, ctx.locals, st.name, value.type);
        const fn = value.fn;
        const frame = ctx.frame;
        return (s) => {
          frame[slot] = fn(s);
        };
      }
      case "assign":
        return this.assignment(st, ctx);
      case "expr": {
        const c = this.expr(st.expr, ctx);
        if (!c) return null;
        if (c.type.t !== "void" && !(st.expr.k === "call" && this.isEffectCall(st.expr))) {
          return this.error(ctx, st.expr.at, "E_EFFECT", "this computes a value and does nothing with it: a statement must be an effect or an assignment");
        }
        const fn = c.fn;
        return (s) => {
          fn(s);
        };
      }
    }
  }

  private isEffectCall(e: Expr): boolean {
    if (e.k !== "call") return false;
    const name = e.callee.k === "name" ? e.callee.name : e.callee.k === "member" ? e.callee.name : "";
    return builtin(name)?.effect === true;
  }

  private assignment(st: Extract<Stmt, { k: "assign" }>, ctx: Ctx): Run | null {
    if (!ctx.effects) return this.error(ctx, st.at, "E_EFFECT", "assignments are effects: they belong in setup, an action's effect, or a phase's begin/end");
    const target = st.target;
    let slotOf: ((s: State) => number) | null = null;
    let varType: Type | null = null;
    let local: Local | undefined;
    if (target.k === "name" && (target.name === "dealer" || target.name === "start") && !ctx.locals.has(target.name)) {
      // The roles can move between the games of a match: the dealer passes on, and so on.
      const value = this.expr(st.value, ctx);
      if (!value) return null;
      if (st.op !== "=" || !T.fits(value.type, T.player)) return this.error(ctx, st.value.at, "E_TYPE", `${target.name} is set to a player, with =`);
      const f = value.fn;
      if (target.name === "dealer") return (s) => void (s.dealer = (f(s) as number | null) ?? s.dealer);
      return (s) => void (s.start = (f(s) as number | null) ?? -2);
    }
    if (target.k === "name") {
      local = ctx.locals.get(target.name);
      if (!local) {
        const b = this.env.global(target.name);
        if (b?.kind === "var") {
          varType = b.def.type;
          slotOf = this.varSlot(b.def, null, ctx, target.at);
          if (!slotOf) return null;
        } else if (b) {
          return this.error(ctx, target.at, "E_TYPE", `'${target.name}' is a ${bindingWord(b)}, not a variable: only variables can be set`);
        } else {
          return this.error(ctx, target.at, "E_NAME", `unknown variable '${target.name}'${suggestion(target.name, this.variableNames())}`);
        }
      }
    } else if (target.k === "member") {
      const b = this.env.global(target.name);
      if (b?.kind !== "var" || b.def.per !== "player") {
        return this.error(ctx, target.nameAt, "E_NAME", `'${target.name}' is not a per-player variable${suggestion(target.name, this.variableNames())}`);
      }
      const owner = this.expr(target.object, ctx);
      if (!owner) return null;
      if (owner.type.t !== "player" && owner.type.t !== "any") return this.error(ctx, target.object.at, "E_TYPE", `expected a player before '.${target.name}', but this is ${T.show(owner.type)}`);
      varType = b.def.type;
      slotOf = this.varSlot(b.def, owner.fn as Eval<number>, ctx, target.at);
    } else {
      return this.error(ctx, target.at, "E_TYPE", "only a variable (or a player's variable, p.name) can be set");
    }
    const value = this.expr(st.value, ctx);
    if (!value) return null;
    const type = local ? local.type : varType!;
    if (st.op !== "=") {
      if (type.t !== "num" || !(value.type.t === "num" || value.type.t === "any")) {
        return this.error(ctx, st.value.at, "E_TYPE", `${st.op} needs numbers, but this is ${T.show(value.type)}`);
      }
    } else if (!T.fits(value.type, type)) {
      return this.error(ctx, st.value.at, "E_TYPE", `cannot set a ${T.show(type)} variable to ${T.show(value.type)}`);
    }
    const stored = this.storable(value, ctx);
    const sign = st.op === "-=" ? -1 : 1;
    if (local) {
      const frame = ctx.frame;
      const slot = local.slot;
      if (st.op === "=") return (s) => void (frame[slot] = stored(s));
      return (s) => void (frame[slot] = (frame[slot] as number) + sign * (stored(s) as number));
    }
    const at = slotOf!;
    if (st.op === "=") return (s) => void (s.vars[at(s)] = stored(s));
    return (s) => {
      const i = at(s);
      s.vars[i] = (s.vars[i] as number) + sign * (stored(s) as number);
    };
  }

  /** Values kept in variables are copies: a zone's live list of cards would change under the variable. */
  private storable(c: C, ctx: Ctx): Eval {
    if (c.type.t === "zone" || c.type.t === "zonekind") {
      const list = this.asList(c, ctx);
      return (s) => list(s).slice();
    }
    if (c.type.t === "list" || c.type.t === "any") {
      const fn = c.fn;
      return (s) => {
        const v = fn(s);
        return Array.isArray(v) ? v.slice() : v;
      };
    }
    return c.fn;
  }

  private varSlot(def: VarDef, owner: Eval<number> | null, ctx: Ctx, at: Span): ((s: State) => number) | null {
    const globals = this.env.globalVars();
    if (def.per === "game") {
      const i = def.slot;
      return () => i;
    }
    if (!owner) {
      if (!ctx.hasMe) return this.error(ctx, at, "E_NAME", `'${def.name}' belongs to each player: say whose, as in p.${def.name} (there is no acting player here)`);
      const k = def.slot;
      return (s) => globals + k * s.n + s.me;
    }
    const k = def.slot;
    return (s) => globals + k * s.n + (owner(s) as number);
  }

  // ---- expressions ---------------------------------------------------------------------------------

  private condition(e: Expr, ctx: Ctx): C | null {
    const c = this.expr(e, ctx);
    if (!c) return null;
    if (c.type.t !== "bool" && c.type.t !== "any") return this.error(ctx, e.at, "E_TYPE", `a condition must be true or false, but this is ${T.show(c.type)}`);
    return c;
  }

  expr(e: Expr, ctx: Ctx): C | null {
    switch (e.k) {
      case "num": {
        const v = e.value;
        return { fn: () => v, type: T.num, konst: { value: v } };
      }
      case "str": {
        const v = e.value;
        return { fn: () => v, type: T.str, konst: { value: v } };
      }
      case "bool": {
        const v = e.value;
        return { fn: () => v, type: T.bool, konst: { value: v } };
      }
      case "none":
        return { fn: () => null, type: T.none, konst: { value: null } };
      case "name":
        return this.name(e, ctx);
      case "member":
        return this.member(e, ctx);
      case "call":
        return this.call(e, ctx);
      case "index":
        return this.index(e, ctx);
      case "unary":
        return this.unary(e, ctx);
      case "binary":
        return this.binary(e, ctx);
      case "cond": {
        const test = this.condition(e.test, ctx);
        const a = this.expr(e.then, ctx);
        const b = this.expr(e.else, ctx);
        if (!test || !a || !b) return null;
        const type = T.unify(a.type, b.type);
        if (!type) return this.error(ctx, e.at, "E_TYPE", `the two branches differ: ${T.show(a.type)} and ${T.show(b.type)}`);
        const [t, x, y] = [test.fn, this.coerce(a, type, ctx).fn, this.coerce(b, type, ctx).fn];
        return { fn: (s) => (t(s) === true ? x(s) : y(s)), type };
      }
      case "list": {
        // An empty list is one shared value: lists are never changed in place.
        if (e.items.length === 0) return { fn: () => emptyList, type: T.list(T.none), konst: { value: emptyList } };
        const items = e.items.map((i) => this.expr(i, ctx));
        if (items.some((i) => !i)) return null;
        let of: Type = T.none;
        for (let i = 0; i < items.length; i++) {
          const u = T.unify(of, items[i]!.type);
          if (u) of = u;
          else if (isOrderedScalar(of) && isOrderedScalar(items[i]!.type)) of = T.any; // a key such as [c.suit == lead, c.rank]
          else return this.error(ctx, e.items[i].at, "E_TYPE", `a list holds one kind of value: ${T.show(items[i]!.type)} among ${T.show(of)}`);
        }
        const fns = items.map((i) => this.coerce(i!, of, ctx).fn);
        return { fn: (s) => fns.map((f) => f(s)), type: T.list(of) };
      }
      case "lambda":
        return this.error(ctx, e.at, "E_TYPE", "a function (x => ...) can only be given to a function that takes one, such as filter or count");
    }
  }

  private name(e: Extract<Expr, { k: "name" }>, ctx: Ctx): C | null {
    const local = ctx.locals.get(e.name);
    if (local) {
      ctx.reads?.add(local.slot);
      const frame = ctx.frame;
      const slot = local.slot;
      return { fn: () => frame[slot], type: local.type, local: { frame, slot } };
    }
    const b = this.env.global(e.name);
    if (b) return this.binding(b, e, ctx);
    const special = this.special(e.name, e.at, ctx);
    if (special !== undefined) return special;
    if (builtin(e.name)) {
      const bi = builtin(e.name)!;
      return this.error(ctx, e.at, "E_TYPE", `'${e.name}' is a function: call it, as in ${bi.example}`);
    }
    return this.error(ctx, e.at, "E_NAME", `unknown name '${e.name}'${suggestion(e.name, this.allNames(ctx))}`);
  }

  private allNames(ctx: Ctx): string[] {
    return [...ctx.locals.keys(), ...this.env.globalNames(), ...specialNames, ...builtinNames()];
  }

  private variableNames(): string[] {
    return [...this.env.globalNames()].filter((n) => this.env.global(n)?.kind === "var");
  }

  private special(name: string, at: Span, ctx: Ctx): C | null | undefined {
    switch (name) {
      case "players":
        return { fn: (s) => allPlayers(s), type: T.players };
      case "active":
        return { fn: (s) => activePlayers(s), type: T.players };
      case "me":
        if (!ctx.hasMe) return this.error(ctx, at, "E_NAME", "there is no acting player here, so 'me' means nothing");
        return { fn: (s) => s.me, type: T.player };
      case "current":
        return { fn: (s) => (s.current >= 0 ? s.current : null), type: T.player };
      case "dealer":
        return { fn: (s) => s.dealer, type: T.player };
      case "start":
        return { fn: (s) => startPlayer(s), type: T.player };
      case "playerCount":
        return { fn: (s) => s.n, type: T.num };
      case "phase":
        return { fn: (s) => s.game.phases[s.phase]?.name ?? null, type: T.str };
      case "now":
        return { fn: (s) => s.now, type: T.num };
      case "lastWinners":
        return { fn: (s) => s.last?.result?.winners ?? [], type: T.players };
      case "lastLosers":
        return { fn: (s) => s.last?.result?.losers ?? [], type: T.players };
      case "lastScores":
        return { fn: (s) => s.last?.result?.scores ?? [], type: T.list(T.num) };
      default:
        return undefined;
    }
  }

  private binding(b: Binding, e: { name: string; at: Span }, ctx: Ctx): C | null {
    switch (b.kind) {
      case "zone": {
        const d = b.def;
        if (d.many) {
          const slot = d.slot;
          return { fn: (s) => s.groups[slot], type: T.list(T.zone) };
        }
        if (d.per === "game") {
          const z = d.slot;
          return { fn: () => z, type: T.zone, konst: { value: z } };
        }
        return { fn: () => d.index, type: { t: "zonekind", name: d.name } };
      }
      case "var": {
        const d = b.def;
        const at = this.varSlot(d, null, ctx, e.at);
        if (!at) return null;
        // one closure reading the slot: a game variable's is fixed, a player's follows the acting player
        if (d.per === "game") {
          const i = d.slot;
          return { fn: (s) => s.vars[i], type: d.type };
        }
        const globals = this.env.globalVars();
        const k = d.slot;
        return { fn: (s) => s.vars[globals + k * s.n + s.me], type: d.type };
      }
      case "const": {
        const v = b.value;
        return { fn: () => v, type: b.type, konst: { value: v } };
      }
      case "option": {
        const slot = b.slot;
        return { fn: (s) => s.opts[slot], type: b.type };
      }
      case "define":
        if (b.def.params.length > 0) return this.error(ctx, e.at, "E_TYPE", `'${b.def.name}' takes ${b.def.params.join(", ")}: call it as ${b.def.name}(...)`);
        return this.inline(b.def, [], e.at, ctx);
    }
  }

  /** Definitions are compiled where they are used, with the caller's frame: no call overhead at run time. */
  private inline(d: DefineInfo, args: C[], at: Span, ctx: Ctx): C | null {
    d.used = true;
    if (!d.parsed) {
      d.parsed = true;
      const parsed = parseProgram(d.text);
      if (!parsed.value) {
        this.syntaxProblems({ pointer: d.pointer, offset: 0 }, parsed.problems);
      } else d.body = parsed.value;
    }
    if (!d.body) return null;
    if (d.compiling) return this.error(ctx, at, "E_RECURSION", `'${d.name}' uses itself (directly or through other definitions); definitions cannot be recursive`);
    d.compiling = true;
    try {
      const locals = new Map<string, Local>();
      const frame = ctx.frame;
      const argRuns: Run[] = [];
      d.params.forEach((p, i) => {
        const slot = this.bind(frame, locals, p, args[i].type);
        const f = args[i].fn;
        argRuns.push((s) => void (frame[slot] = f(s)));
      });
      const inner: Ctx = { ...ctx, site: { pointer: d.pointer, offset: 0 }, locals, rule: `define.${d.name}` };
      const body = d.body;
      if (body.length === 1 && body[0].k === "expr") {
        const c = this.expr(body[0].expr, inner);
        if (!c) return null;
        if (argRuns.length === 0) return c;
        const fn = c.fn;
        if (argRuns.length === 1) {
          const bindArg = argRuns[0];
          return {
            fn: (s) => {
              bindArg(s);
              return fn(s);
            },
            type: c.type,
          };
        }
        return {
          fn: (s) => {
            for (let i = 0; i < argRuns.length; i++) argRuns[i](s);
            return fn(s);
          },
          type: c.type,
        };
      }
      if (!ctx.effects) return this.error(ctx, at, "E_EFFECT", `'${d.name}' has effects, so it can only be used in effects, not in a condition or value`);
      const run = this.block(body, inner);
      return {
        fn: (s) => {
          for (let i = 0; i < argRuns.length; i++) argRuns[i](s);
          run(s);
          return null;
        },
        type: T.voidType,
      };
    } finally {
      d.compiling = false;
    }
  }

  private member(e: Extract<Expr, { k: "member" }>, ctx: Ctx): C | null {
    const object = this.expr(e.object, ctx);
    if (!object) return null;
    const t = object.type;
    const o = object.fn;
    if (t.t === "card" || t.t === "any") {
      const attr = this.env.attributes.get(e.name);
      if (attr) {
        const byCard = attr.byCard;
        const values = attr.numeric ? undefined : (attr.values as string[]);
        const type: Type = attr.numeric ? T.num : { t: "str", values };
        if (object.local) {
          const { frame, slot } = object.local;
          return {
            fn: () => {
              const c = frame[slot] as number | null;
              return c === null ? null : byCard[c];
            },
            type,
          };
        }
        return {
          fn: (s) => {
            const c = o(s) as number | null;
            return c === null ? null : byCard[c];
          },
          type,
        };
      }
      if (e.name === "name") return { fn: (s) => nameOf(s, o(s) as number | null, "card"), type: T.str };
      if (e.name === "from") {
        return {
          fn: (s) => {
            const c = o(s) as number | null;
            if (c === null) return null;
            const p = s.cardFrom[c];
            return p >= 0 ? p : null;
          },
          type: T.player,
        };
      }
    }
    if (t.t === "player" || t.t === "any") {
      const b = this.env.global(e.name);
      if (b?.kind === "zone" && b.def.per === "player") {
        const shared = this.env.sharedZones();
        const k = b.def.slot;
        return { fn: (s) => shared + k * s.n + (o(s) as number), type: T.zone };
      }
      if (b?.kind === "var" && b.def.per === "player") {
        const globals = this.env.globalVars();
        const k = b.def.slot;
        if (object.local) {
          const { frame, slot } = object.local;
          return { fn: (s) => s.vars[globals + k * s.n + (frame[slot] as number)], type: b.def.type };
        }
        return { fn: (s) => s.vars[globals + k * s.n + (o(s) as number)], type: b.def.type };
      }
      if (e.name === "name") return { fn: (s) => nameOf(s, o(s) as number | null, "player"), type: T.str };
      if (e.name === "out") return { fn: (s) => s.out[o(s) as number] === 1, type: T.bool };
      if (e.name === "place") {
        return {
          fn: (s) => {
            const i = s.places.indexOf(o(s) as number);
            return i >= 0 ? i + 1 : null;
          },
          type: T.num,
        };
      }
    }
    if (t.t === "zone" || t.t === "zonekind") {
      if (e.name === "name") {
        const z = this.asZone(object, ctx);
        return { fn: (s) => zoneName(s, z(s)), type: T.str };
      }
    }
    if (t.t === "map") {
      return { fn: (s) => (o(s) as Record<string, unknown>)[e.name] ?? null, type: t.of };
    }
    // a.f means f(a): any function whose first argument fits can be written after its value.
    if (builtin(e.name) || this.env.global(e.name)?.kind === "define") {
      return this.callNamed(e.name, e.nameAt, [e.object], e.at, ctx, object);
    }
    return this.error(ctx, e.nameAt, "E_NAME", `${T.show(t)} has no '${e.name}'${suggestion(e.name, this.membersOf(t))}`);
  }

  private membersOf(t: Type): string[] {
    const names: string[] = [];
    if (t.t === "card" || t.t === "any") names.push(...this.env.attributes.keys(), "name", "from");
    if (t.t === "player" || t.t === "any") {
      for (const n of this.env.globalNames()) {
        const b = this.env.global(n);
        if ((b?.kind === "zone" || b?.kind === "var") && b.def.per === "player") names.push(n);
      }
      names.push("name", "out", "place");
    }
    names.push(...builtinNames());
    return names;
  }

  private call(e: Extract<Expr, { k: "call" }>, ctx: Ctx): C | null {
    if (e.callee.k === "name") {
      if (ctx.locals.has(e.callee.name)) return this.error(ctx, e.callee.at, "E_TYPE", `'${e.callee.name}' is a value, not a function`);
      return this.callNamed(e.callee.name, e.callee.at, e.args, e.at, ctx);
    }
    if (e.callee.k === "member") {
      const object = this.expr(e.callee.object, ctx);
      if (!object) return null;
      return this.callNamed(e.callee.name, e.callee.nameAt, [e.callee.object, ...e.args], e.at, ctx, object);
    }
    return this.error(ctx, e.callee.at, "E_TYPE", "only named functions can be called");
  }

  private callNamed(name: string, nameAt: Span, args: Expr[], at: Span, ctx: Ctx, first?: C): C | null {
    const b = this.env.global(name);
    if (b?.kind === "define") {
      if (b.def.params.length !== args.length) {
        return this.error(ctx, at, "E_TYPE", `'${name}' takes ${b.def.params.length} argument${b.def.params.length === 1 ? "" : "s"} (${b.def.params.join(", ")}), not ${args.length}`);
      }
      const compiled: C[] = [];
      for (let i = 0; i < args.length; i++) {
        const c = i === 0 && first ? first : this.expr(args[i], ctx);
        if (!c) return null;
        compiled.push(c);
      }
      return this.inline(b.def, compiled, at, ctx);
    }
    const bi = builtin(name);
    if (!bi) {
      if (b) return this.error(ctx, nameAt, "E_TYPE", `'${name}' is a ${bindingWord(b)}, not a function`);
      return this.error(ctx, nameAt, "E_NAME", `unknown function '${name}'${suggestion(name, [...builtinNames(), ...this.defineNames()])}`);
    }
    if (bi.effect && !ctx.effects) {
      return this.error(ctx, nameAt, "E_EFFECT", `${name} is an effect: it can be used in setup, an action's effect or a phase's begin/end, not in a condition or value`);
    }
    return this.callBuiltin(bi, nameAt, args, at, ctx, first);
  }

  private defineNames(): string[] {
    return [...this.env.globalNames()].filter((n) => this.env.global(n)?.kind === "define");
  }

  private callBuiltin(bi: Builtin, nameAt: Span, args: Expr[], at: Span, ctx: Ctx, first?: C): C | null {
    const required = bi.params.filter((p) => !p.optional).length;
    if (args.length < required || args.length > bi.params.length) {
      const sig = bi.params.map((p) => (p.optional ? `${p.name}?` : p.name)).join(", ");
      return this.error(ctx, at, "E_TYPE", `${bi.name} takes ${sig ? `(${sig})` : "no arguments"}, but got ${args.length} argument${args.length === 1 ? "" : "s"}`);
    }
    const types: Type[] = [];
    const fns: (Eval | Lam)[] = [];
    for (let i = 0; i < args.length; i++) {
      const spec = bi.params[i];
      const a = args[i];
      if (spec.kind === "fn") {
        if (a.k !== "lambda") return this.error(ctx, a.at, "E_TYPE", `${bi.name} needs a function here, written x => ...`);
        const paramTypes = bi.lambda ? bi.lambda(types) : [T.any];
        const lam = this.lambda(a, paramTypes, ctx);
        if (!lam) return null;
        types.push(lam.type);
        fns.push(lam.fn);
        continue;
      }
      if (spec.kind === "family") {
        const b = a.k === "name" ? this.env.global(a.name) : undefined;
        if (b?.kind !== "zone" || !b.def.many) return this.error(ctx, a.at, "E_TYPE", `${bi.name} needs the name of a family of zones (a zone declared with many: true)`);
        const index = b.def.index;
        types.push(T.list(T.zone));
        fns.push(() => index);
        continue;
      }
      const c = i === 0 && first ? first : this.expr(a, ctx);
      if (!c) return null;
      const converted = this.argument(c, spec.kind, bi, i, a.at, ctx);
      if (!converted) return null;
      types.push(converted.type);
      fns.push(converted.fn);
    }
    const result = bi.type(types);
    if ("arg" in result) return this.error(ctx, args[result.arg]?.at ?? at, "E_TYPE", result.message);
    const fused = args.length === 1 ? this.zoneShortcut(bi.name, first ?? null, args[0], ctx, result) : null;
    return { fn: fused ?? bi.make(fns, types), type: result };
  }

  /**
   * The commonest questions about one zone — its count, whether it is empty, its top or bottom card — as one
   * closure reading the zone, instead of a chain of closures: rules ask them at every move.
   */
  private zoneShortcut(name: string, first: C | null, arg: Expr, ctx: Ctx, type: Type): Eval | null {
    if (!["count", "empty", "any", "top", "last", "bottom", "first"].includes(name)) return null;
    let zoneOf: ((s: State) => number) | null = null;
    const c = first ?? (arg.k === "name" ? this.expr(arg, { ...ctx, reads: undefined }) : null);
    if (!c) return null;
    if (c.type.t === "zone" && c.konst) {
      const z = c.konst.value as number;
      zoneOf = () => z;
    } else if (c.type.t === "zonekind") {
      const b = this.env.global(c.type.name);
      if (b?.kind !== "zone") return null;
      const slot = b.def.slot;
      const shared = this.env.sharedZones();
      if (!ctx.hasMe) return null;
      zoneOf = (s) => shared + slot * s.n + s.me;
    } else if (c.type.t === "zone") zoneOf = c.fn as (s: State) => number;
    if (!zoneOf || type.t === "list") return null;
    const at = zoneOf;
    switch (name) {
      case "count":
        return (s) => s.zones[at(s)].length;
      case "empty":
        return (s) => s.zones[at(s)].length === 0;
      case "any":
        return (s) => s.zones[at(s)].length > 0;
      case "top":
      case "last":
        return (s) => {
          const z = s.zones[at(s)];
          return z.length ? z[z.length - 1] : null;
        };
      default:
        return (s) => {
          const z = s.zones[at(s)];
          return z.length ? z[0] : null;
        };
    }
  }

  private argument(c: C, kind: string, bi: Builtin, i: number, at: Span, ctx: Ctx): C | null {
    const what = `${bi.name}'s ${ordinal(i)} argument (${bi.params[i].name})`;
    switch (kind) {
      case "list": {
        const of = T.elementOf(c.type);
        if (!of) return this.error(ctx, at, "E_TYPE", `${what} must be a list or a zone, but this is ${T.show(c.type)}`);
        return { fn: this.asList(c, ctx), type: T.list(of) };
      }
      case "cards": {
        if (c.type.t === "card" || c.type.t === "none") {
          const f = c.fn;
          return {
            fn: (s) => {
              const v = f(s);
              return v === null ? [] : [v];
            },
            type: T.cards,
          };
        }
        const of = T.elementOf(c.type);
        if (!of || !T.fits(of, T.card)) return this.error(ctx, at, "E_TYPE", `${what} must be cards (a card, a list of cards or a zone), but this is ${T.show(c.type)}`);
        return { fn: this.asList(c, ctx), type: T.cards };
      }
      case "zone": {
        if (c.type.t !== "zone" && c.type.t !== "zonekind" && c.type.t !== "any") {
          return this.error(ctx, at, "E_TYPE", `${what} must be a zone, but this is ${T.show(c.type)}`);
        }
        if (c.type.t === "zonekind" && !ctx.hasMe) {
          return this.error(ctx, at, "E_NAME", `'${c.type.name}' belongs to each player: say whose, as in p.${c.type.name} (there is no acting player here)`);
        }
        return { fn: this.asZone(c, ctx), type: T.zone };
      }
      case "kind": {
        if (c.type.t !== "zonekind") return this.error(ctx, at, "E_TYPE", `${what} must be the name of a per-player zone, such as hand`);
        return c;
      }
      default:
        return c;
    }
  }

  private lambda(e: Extract<Expr, { k: "lambda" }>, paramTypes: Type[], ctx: Ctx): { fn: Lam; type: Type } | null {
    if (e.params.length > paramTypes.length) {
      return this.error(ctx, e.at, "E_TYPE", `this function takes ${paramTypes.length} parameter${paramTypes.length === 1 ? "" : "s"}, not ${e.params.length}`);
    }
    const inner: Ctx = { ...ctx, locals: new Map(ctx.locals) };
    const slots = e.params.map((p, i) => this.bind(ctx.frame, inner.locals, p.name, paramTypes[i]));
    const body = this.expr(e.body, inner);
    if (!body) return null;
    const frame = ctx.frame;
    const f = body.fn;
    const fn: Lam =
      slots.length === 1
        ? (s, a) => {
            frame[slots[0]] = a;
            return f(s);
          }
        : (s, a, b) => {
            frame[slots[0]] = a;
            if (slots.length > 1) frame[slots[1]] = b;
            return f(s);
          };
    return { fn, type: body.type };
  }

  private index(e: Extract<Expr, { k: "index" }>, ctx: Ctx): C | null {
    const object = this.expr(e.object, ctx);
    const index = this.expr(e.index, ctx);
    if (!object || !index) return null;
    const i = index.fn;
    if (object.type.t === "map") {
      const o = object.fn;
      return { fn: (s) => (o(s) as Record<string, unknown>)[String(i(s))] ?? null, type: object.type.of };
    }
    const of = T.elementOf(object.type);
    if (!of) return this.error(ctx, e.object.at, "E_TYPE", `only lists, zones and tables can be indexed, but this is ${T.show(object.type)}`);
    if (index.type.t !== "num" && index.type.t !== "any") return this.error(ctx, e.index.at, "E_TYPE", `a list is indexed by a number (counting from 0), but this is ${T.show(index.type)}`);
    const list = this.asList(object, ctx);
    return {
      fn: (s) => {
        const l = list(s);
        const k = i(s) as number;
        return k >= 0 && k < l.length ? l[k] : null;
      },
      type: of,
    };
  }

  private unary(e: Extract<Expr, { k: "unary" }>, ctx: Ctx): C | null {
    if (e.op === "not") {
      const c = this.condition(e.arg, ctx);
      if (!c) return null;
      const f = c.fn;
      return { fn: (s) => f(s) !== true, type: T.bool };
    }
    const c = this.expr(e.arg, ctx);
    if (!c) return null;
    if (c.type.t !== "num" && c.type.t !== "any") return this.error(ctx, e.arg.at, "E_TYPE", `'-' needs a number, but this is ${T.show(c.type)}`);
    const f = c.fn;
    const rule = ctx.rule;
    return { fn: (s) => -number(f(s), rule), type: T.num };
  }

  private binary(e: Extract<Expr, { k: "binary" }>, ctx: Ctx): C | null {
    if (e.op === "and" || e.op === "or") {
      // a or b or c ... is one closure over its operands, not a chain of pairs
      const operands: Expr[] = [];
      const collect = (x: Expr) => {
        if (x.k === "binary" && x.op === e.op) {
          collect(x.left);
          collect(x.right);
        } else operands.push(x);
      };
      collect(e);
      const compiled = operands.map((x) => this.condition(x, ctx));
      if (compiled.some((c) => !c)) return null;
      const fns = compiled.map((c) => c!.fn);
      return { fn: e.op === "and" ? allTrue(fns) : anyTrue(fns), type: T.bool };
    }
    const a = this.expr(e.left, ctx);
    const b = this.expr(e.right, ctx);
    if (!a || !b) return null;
    const rule = ctx.rule;
    switch (e.op) {
      case "+": {
        if (T.isListLike(a.type) && T.isListLike(b.type) && a.type.t !== "any") {
          const type = T.unify(T.list(T.elementOf(a.type)!), T.list(T.elementOf(b.type)!));
          if (!type) return this.error(ctx, e.opAt, "E_TYPE", `cannot join ${T.show(a.type)} and ${T.show(b.type)}`);
          const [x, y] = [this.asList(a, ctx), this.asList(b, ctx)];
          return { fn: (s) => x(s).concat(y(s)), type };
        }
        if (a.type.t === "str" || b.type.t === "str") {
          const [x, y] = [this.stringify(a), this.stringify(b)];
          return { fn: (s) => x(s) + y(s), type: T.str };
        }
        return this.arithmetic(e, a, b, ctx, (x, y) => x + y);
      }
      case "-":
        return this.arithmetic(e, a, b, ctx, (x, y) => x - y);
      case "*":
        return this.arithmetic(e, a, b, ctx, (x, y) => x * y);
      case "/":
        return this.arithmetic(e, a, b, ctx, (x, y) => x / y);
      case "%":
        return this.arithmetic(e, a, b, ctx, (x, y) => ((x % y) + y) % y);
      case "==":
      case "!=": {
        if (!this.comparable(a, b, e, ctx)) return null;
        const [x, y] = [this.plain(a, ctx), this.plain(b, ctx)];
        const simple = isScalar(a.type) && isScalar(b.type);
        const negate = e.op === "!=";
        if (simple && (b.konst || a.konst)) {
          const k = (b.konst ?? a.konst)!.value;
          const f = b.konst ? x : y;
          return { fn: negate ? (s) => f(s) !== k : (s) => f(s) === k, type: T.bool };
        }
        if (simple) return { fn: negate ? (s) => x(s) !== y(s) : (s) => x(s) === y(s), type: T.bool };
        return { fn: (s) => equal(x(s), y(s)) !== negate, type: T.bool };
      }
      case "<":
      case "<=":
      case ">":
      case ">=": {
        if (!T.isOrdered(a.type) && a.type.t !== "none") return this.error(ctx, e.left.at, "E_TYPE", `${T.show(a.type)} cannot be ordered with ${e.op}: compare numbers, text, or lists of them`);
        if (!T.isOrdered(b.type) && b.type.t !== "none") return this.error(ctx, e.right.at, "E_TYPE", `${T.show(b.type)} cannot be ordered with ${e.op}: compare numbers, text, or lists of them`);
        if (!this.comparable(a, b, e, ctx)) return null;
        const [x, y] = [a.fn, b.fn];
        const test = { "<": (c: number) => c < 0, "<=": (c: number) => c <= 0, ">": (c: number) => c > 0, ">=": (c: number) => c >= 0 }[e.op];
        if (a.type.t === "num" && b.type.t === "num") return { fn: numberOrder(e.op, x as Eval<number | null>, y as Eval<number | null>), type: T.bool };
        return {
          fn: (s) => {
            const p = x(s);
            const q = y(s);
            if (p === null || q === null) return false;
            return test(compare(p, q));
          },
          type: T.bool,
        };
      }
      case "in": {
        const of = T.elementOf(b.type);
        if (!of) return this.error(ctx, e.right.at, "E_TYPE", `'in' needs a list or a zone on its right, but this is ${T.show(b.type)}`);
        if (!T.fits(a.type, of) && !T.fits(of, a.type)) return this.error(ctx, e.left.at, "E_TYPE", `${T.show(a.type)} can never be in ${T.show(b.type)}`);
        const [x, list] = [a.fn, this.asList(b, ctx)];
        if (isScalar(a.type)) return { fn: (s) => list(s).includes(x(s)), type: T.bool };
        return {
          fn: (s) => {
            const v = x(s);
            return list(s).some((y) => equal(y, v));
          },
          type: T.bool,
        };
      }
      case "??": {
        const type = T.unify(a.type, b.type);
        if (!type) return this.error(ctx, e.opAt, "E_TYPE", `'??' joins values of one type, not ${T.show(a.type)} and ${T.show(b.type)}`);
        const [x, y] = [a.fn, b.fn];
        return {
          fn: (s) => {
            const v = x(s);
            return v === null ? y(s) : v;
          },
          type,
        };
      }
      case "..": {
        if (a.type.t !== "num" && a.type.t !== "any") return this.error(ctx, e.left.at, "E_TYPE", `a range needs numbers, but this is ${T.show(a.type)}`);
        if (b.type.t !== "num" && b.type.t !== "any") return this.error(ctx, e.right.at, "E_TYPE", `a range needs numbers, but this is ${T.show(b.type)}`);
        const [x, y] = [a.fn, b.fn];
        return {
          fn: (s) => {
            const out: number[] = [];
            const to = number(y(s), rule);
            for (let i = number(x(s), rule); i <= to; i++) out.push(i);
            return out;
          },
          type: T.list(T.num),
        };
      }
    }
    return null;
  }

  private arithmetic(e: Extract<Expr, { k: "binary" }>, a: C, b: C, ctx: Ctx, op: (x: number, y: number) => number): C | null {
    if (a.type.t !== "num" && a.type.t !== "any") return this.error(ctx, e.left.at, "E_TYPE", `'${e.op}' needs numbers, but this is ${T.show(a.type)}`);
    if (b.type.t !== "num" && b.type.t !== "any") return this.error(ctx, e.right.at, "E_TYPE", `'${e.op}' needs numbers, but this is ${T.show(b.type)}`);
    const [x, y] = [a.fn, b.fn];
    const rule = ctx.rule;
    return { fn: (s) => op(number(x(s), rule), number(y(s), rule)), type: T.num };
  }

  /** Checks that two values can be equal at all, and that a text literal is one of an attribute's values. */
  private comparable(a: C, b: C, e: Extract<Expr, { k: "binary" }>, ctx: Ctx): boolean {
    const literal = (c: C, node: Expr, other: C) => {
      if (node.k !== "str" || other.type.t !== "str" || !other.type.values) return true;
      if (other.type.values.includes(node.value)) return true;
      this.error(ctx, node.at, "E_TYPE", `'${node.value}' is not one of the values (${other.type.values.join(", ")})${suggestion(node.value, other.type.values)}`);
      return false;
    };
    if (!literal(a, e.left, b) || !literal(b, e.right, a)) return false;
    const ta = a.type.t === "zonekind" ? T.zone : a.type;
    const tb = b.type.t === "zonekind" ? T.zone : b.type;
    if (!T.fits(ta, tb) && !T.fits(tb, ta) && !T.unify(ta, tb)) {
      this.error(ctx, e.opAt, "E_TYPE", `comparing ${T.show(a.type)} with ${T.show(b.type)}: they can never be equal`);
      return false;
    }
    return true;
  }

  // ---- conversions ---------------------------------------------------------------------------------

  /** A value as a list: a zone gives its cards (the live list: callers that keep it must copy it). */
  asList(c: C, ctx: Ctx): (s: State) => unknown[] {
    const f = c.fn;
    if (c.type.t === "zone" && c.konst) {
      const z = c.konst.value as number;
      return (s) => s.zones[z];
    }
    if (c.type.t === "zone") return (s) => s.zones[f(s) as number];
    if (c.type.t === "zonekind") {
      const z = this.asZone(c, ctx);
      return (s) => s.zones[z(s)];
    }
    return (s) => (f(s) as unknown[] | null) ?? [];
  }

  /** A per-player zone named alone is the acting player's. */
  asZone(c: C, _ctx: Ctx): (s: State) => number {
    const f = c.fn;
    if (c.type.t === "zonekind") {
      const b = this.env.global(c.type.name);
      const slot = b?.kind === "zone" ? b.def.slot : 0;
      const shared = this.env.sharedZones();
      return (s) => shared + slot * s.n + s.me;
    }
    return f as (s: State) => number;
  }

  /** For comparisons: zones compare as zones, per-player zone names as the acting player's zone. */
  private plain(c: C, ctx: Ctx): Eval {
    return c.type.t === "zonekind" ? this.asZone(c, ctx) : c.fn;
  }

  private coerce(c: C, to: Type | undefined, ctx: Ctx): C {
    if (!to) return c;
    if ((c.type.t === "zone" || c.type.t === "zonekind") && to.t === "list") return { fn: this.asList(c, ctx), type: to };
    if (c.type.t === "zonekind" && to.t === "zone") return { fn: this.asZone(c, ctx), type: T.zone };
    return c;
  }

  private stringify(c: C): Eval<string> {
    const f = c.fn;
    const t = c.type;
    const one = (s: State, v: unknown, type: Type): string => {
      if (v === null || v === undefined) return "none";
      if (type.t === "card") return s.game.cardNames[v as number];
      if (type.t === "player") return s.names[v as number];
      if (type.t === "zone") return zoneName(s, v as number);
      if (Array.isArray(v)) {
        const of = type.t === "list" ? type.of : T.any;
        return v.map((x) => one(s, x, of)).join(" ");
      }
      return String(v);
    };
    if (t.t === "zonekind") {
      const z = this.asZone(c, {} as Ctx);
      return (s) => zoneName(s, z(s));
    }
    return (s) => one(s, f(s), t);
  }
}

const emptyList: unknown[] = Object.freeze([]) as unknown as unknown[];

function allTrue(fns: Eval[]): Eval<boolean> {
  if (fns.length === 2) {
    const [a, b] = fns;
    return (s) => a(s) === true && b(s) === true;
  }
  if (fns.length === 3) {
    const [a, b, c] = fns;
    return (s) => a(s) === true && b(s) === true && c(s) === true;
  }
  return (s) => {
    for (let i = 0; i < fns.length; i++) if (fns[i](s) !== true) return false;
    return true;
  };
}

function anyTrue(fns: Eval[]): Eval<boolean> {
  if (fns.length === 2) {
    const [a, b] = fns;
    return (s) => a(s) === true || b(s) === true;
  }
  if (fns.length === 3) {
    const [a, b, c] = fns;
    return (s) => a(s) === true || b(s) === true || c(s) === true;
  }
  return (s) => {
    for (let i = 0; i < fns.length; i++) if (fns[i](s) === true) return true;
    return false;
  };
}

/** Orders numbers, one closure per operator; a missing value (none) makes any order false. */
function numberOrder(op: "<" | "<=" | ">" | ">=", x: Eval<number | null>, y: Eval<number | null>): Eval<boolean> {
  switch (op) {
    case "<":
      return (s) => {
        const p = x(s);
        const q = y(s);
        return p !== null && q !== null && p < q;
      };
    case "<=":
      return (s) => {
        const p = x(s);
        const q = y(s);
        return p !== null && q !== null && p <= q;
      };
    case ">":
      return (s) => {
        const p = x(s);
        const q = y(s);
        return p !== null && q !== null && p > q;
      };
    default:
      return (s) => {
        const p = x(s);
        const q = y(s);
        return p !== null && q !== null && p >= q;
      };
  }
}

function isOrderedScalar(t: Type): boolean {
  return t.t === "num" || t.t === "bool" || t.t === "str" || t.t === "any";
}

function isScalar(t: Type): boolean {
  return t.t === "num" || t.t === "str" || t.t === "bool" || t.t === "card" || t.t === "player" || t.t === "zone" || t.t === "none";
}

function number(v: unknown, rule: string): number {
  if (typeof v !== "number") throw new RuleError(`${rule}: a number was needed, but the value is ${v === null ? "none" : String(v)}`);
  return v;
}

function ordinal(i: number): string {
  return ["first", "second", "third", "fourth", "fifth"][i] ?? `${i + 1}th`;
}

function bindingWord(b: Binding): string {
  return b.kind === "define" ? "definition" : b.kind === "const" ? "constant" : b.kind === "var" ? "variable" : b.kind;
}

function nameOf(s: State, v: number | null, kind: "card" | "player"): string | null {
  if (v === null) return null;
  return kind === "card" ? s.game.cardNames[v] : s.names[v];
}

/** The players still in, kept until someone goes out: lists in the language are never changed in place. */
function activePlayers(s: State): number[] {
  if (s.activeCache) return s.activeCache;
  const out: number[] = [];
  for (let p = 0; p < s.n; p++) if (!s.out[p]) out.push(p);
  s.activeCache = out;
  return out;
}

function allPlayers(s: State): number[] {
  const out: number[] = new Array(s.n);
  for (let p = 0; p < s.n; p++) out[p] = p;
  return out;
}
