// Checks syntax trees once, at load: resolves every name, types every expression and statement, reports every
// problem at its exact place, and gives the checked, typed tree (typed.ts) that the back ends turn into code.
// Rule text reaches the tree only as data: names become slots, literals become constants.
import type { Expr, Stmt, Span, SyntaxProblem } from "../ast.js";
import { parseExpression, parseProgram } from "../ast.js";
import * as T from "../types.js";
import type { Type } from "../types.js";
import { builtin, builtinNames } from "../builtins.js";
import type { TBlock, TExpr, TMessage, TStmt, Special, Bind } from "../typed.js";
import type { VarDef } from "../../model.js";
import type { Code } from "../../diagnostics.js";
import { suggestion } from "../../diagnostics.js";
import { maxDefineDepth } from "../../limits.js";
import { cardWordHint } from "../../cards.js";
import { bindingWord, type Binding, type Ctx, type DefineInfo, type Environment, type FnArg, type Local, type Site, type UnitOptions } from "./environment.js";
import { Conversions } from "./convert.js";
import { checkBinary, checkIndex, checkUnary } from "./operators.js";
import { checkCall, checkMember } from "./calls.js";
import { functionParams, readAsValue } from "./function-params.js";

export const specialTypes: Record<Special, Type> = {
  players: T.players, active: T.players, me: T.player, current: T.player, dealer: T.player, start: T.player,
  playerCount: T.num, phase: T.str, now: T.num, lastWinners: T.players, lastLosers: T.players, lastScores: T.list(T.num),
  lastPlaces: T.players,
};
const specialNames = Object.keys(specialTypes);

/** An empty list is one shared value: lists are never changed in place. */
export const emptyList: unknown[] = Object.freeze([]) as unknown as unknown[];

export class Checker {
  readonly convert: Conversions;
  errorCount = 0;
  private reported = new Set<string>();
  /**
   * The definitions being inlined, outermost first: each inline nests the checked tree one level deeper, and a
   * function given to one of them may use those inlined after it was given (see called).
   */
  private inlined: DefineInfo[] = [];
  /** Whether a chain too long was reported: each definition above it in the chain passes the limit too. */
  private chainReported = false;

  constructor(readonly env: Environment) {
    this.convert = new Conversions(env);
  }

  // ---- entry points --------------------------------------------------------------------------------

  /** Checks an expression held in a YAML value. Returns null when it has errors (already reported). */
  expression(site: Site, text: string, options: UnitOptions, expected?: Type): TExpr | null {
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
    return this.errorCount > before || !c ? null : this.convert.coerce(c, expected);
  }

  /** Checks effects held in a YAML value. */
  program(site: Site, text: string, options: UnitOptions): TBlock | null {
    const parsed = parseProgram(text);
    if (!parsed.value) {
      this.syntaxProblems(site, parsed.problems);
      return null;
    }
    const ctx = this.ctx(site, options);
    const before = this.errorCount;
    const block = this.block(parsed.value, ctx);
    return this.errorCount > before ? null : block;
  }

  /** Checks a message with {expression} holes. */
  message(site: Site, text: string, options: UnitOptions): TMessage | null {
    const parts: TMessage = [];
    const ctx = this.ctx(site, options);
    let ok = true;
    const re = /\{([^{}]*)\}/g;
    let last = 0;
    for (let m = re.exec(text); m; m = re.exec(text)) {
      parts.push(text.slice(last, m.index));
      const innerSite = { pointer: site.pointer, offset: site.offset + m.index + 1 };
      const parsed = parseExpression(m[1]);
      if (!parsed.value) {
        this.syntaxProblems(innerSite, parsed.problems);
        ok = false;
      } else {
        const c = this.expr(parsed.value, { ...ctx, site: innerSite });
        if (c) parts.push(this.convert.stringify(c));
        else ok = false;
      }
      last = m.index + m[0].length;
    }
    parts.push(text.slice(last));
    return ok ? parts : null;
  }

  /** A fresh frame, for an action's parameters. */
  newFrame(): { frame: unknown[]; locals: Map<string, Local> } {
    return { frame: [], locals: new Map() };
  }

  bind(frame: unknown[], locals: Map<string, Local>, name: string, type: Type): number {
    const slot = frame.length;
    frame.push(null);
    locals.set(name, { slot, type });
    return slot;
  }

  // ---- problems ------------------------------------------------------------------------------------

  private ctx(site: Site, o: UnitOptions): Ctx {
    return { site, rule: o.rule, frame: o.frame ?? [], locals: new Map(o.locals ?? []), effects: o.effects, hasMe: o.hasMe, reads: o.reads };
  }

  syntaxProblems(site: Site, problems: SyntaxProblem[]): void {
    for (const p of problems) this.report(site, p.at, p.code, p.message);
  }

  /** A warning: the file loads, but a rule may not do what it says. */
  warn(ctx: Ctx, at: Span, code: Code, message: string): void {
    this.report(ctx.site, at, code, message, "warning");
  }

  private report(site: Site, at: Span, code: Code, message: string, severity: "error" | "warning" = "error"): void {
    if (severity === "error") this.errorCount++;
    // A definition is checked at each use: its own problems are the same every time, and are reported once.
    const key = `${site.pointer}\u0000${site.offset + at.start}\u0000${site.offset + at.end}\u0000${code}\u0000${message}`;
    if (this.reported.has(key)) return;
    this.reported.add(key);
    this.env.report(this.env.file.inside(site.pointer, site.offset + at.start, site.offset + at.end, severity, code, message));
  }

  error(ctx: Ctx, at: Span, code: Code, message: string): null {
    this.report(ctx.site, at, code, message);
    return null;
  }

  // ---- statements ----------------------------------------------------------------------------------

  block(stmts: Stmt[], outer: Ctx): TBlock {
    const ctx = { ...outer, locals: new Map(outer.locals) };
    const checked = stmts.map((s) => this.statement(s, ctx)).filter((r): r is TStmt => r !== null);
    return { stmts: checked, rule: ctx.rule, limit: this.env.stepLimit() };
  }

  private statement(st: Stmt, ctx: Ctx): TStmt | null {
    switch (st.k) {
      case "if": {
        const test = this.condition(st.test, ctx);
        const then = this.block(st.then, ctx);
        const otherwise = st.else ? this.block(st.else, ctx) : null;
        if (!test) return null;
        return { k: "if", test, then, else: otherwise };
      }
      case "for": {
        const iterable = this.expr(st.iterable, ctx);
        if (!iterable) return null;
        const element = T.elementOf(iterable.type);
        if (!element) return this.error(ctx, st.iterable.at, "E_TYPE", `for needs a list or a zone to go through, but this is ${T.show(iterable.type)}`);
        const inner = { ...ctx, locals: new Map(ctx.locals) };
        const slot = this.bind(ctx.frame, inner.locals, st.name, T.boundItem(element));
        const list = this.convert.asList(iterable);
        const body = this.block(st.body, inner);
        return { k: "for", frame: ctx.frame, slot, list, body };
      }
      case "while": {
        const test = this.condition(st.test, ctx);
        const body = this.block(st.body, ctx);
        if (!test) return null;
        return { k: "while", test, body, rule: ctx.rule, limit: this.env.stepLimit() };
      }
      case "let": {
        const value = this.expr(st.value, ctx);
        // a value in error still names its local, as any value, so that its uses are not reported again
        if (!value || value.type.t === "void") this.bind(ctx.frame, ctx.locals, st.name, T.any);
        if (!value) return null;
        if (value.type.t === "void") return this.error(ctx, st.value.at, "E_TYPE", "this effect gives no value to keep");
        const slot = this.bind(ctx.frame, ctx.locals, st.name, value.type);
        return { k: "setLocal", frame: ctx.frame, slot, op: "=", value };
      }
      case "assign":
        return this.assignment(st, ctx);
      case "expr": {
        const c = this.expr(st.expr, ctx);
        if (!c) return null;
        if (c.type.t !== "void" && !(st.expr.k === "call" && this.isEffectCall(st.expr))) {
          return this.error(ctx, st.expr.at, "E_EFFECT", "this computes a value and does nothing with it: a statement must be an effect or an assignment");
        }
        return { k: "do", expr: c };
      }
    }
  }

  private isEffectCall(e: Expr): boolean {
    if (e.k !== "call") return false;
    const name = e.callee.k === "name" ? e.callee.name : e.callee.k === "member" ? e.callee.name : "";
    return builtin(name)?.effect === true;
  }

  private assignment(st: Extract<Stmt, { k: "assign" }>, ctx: Ctx): TStmt | null {
    if (!ctx.effects) return this.error(ctx, st.at, "E_EFFECT", "assignments are effects: they belong in setup, an action's effect, or a phase's begin/end");
    const target = st.target;
    let variable: { def: VarDef; owner: TExpr | null } | null = null;
    let local: Local | undefined;
    if (target.k === "name" && (target.name === "dealer" || target.name === "start") && !ctx.locals.has(target.name)) {
      // The roles can move between the games of a match: the dealer passes on, and so on.
      const value = this.expr(st.value, ctx);
      if (!value) return null;
      if (st.op !== "=" || !T.fits(value.type, T.player)) return this.error(ctx, st.value.at, "E_TYPE", `${target.name} is set to a player, with =`);
      return target.name === "dealer" ? { k: "setDealer", value } : { k: "setStart", value };
    }
    if (target.k === "name") {
      local = ctx.locals.get(target.name);
      if (!local) {
        const b = this.env.global(target.name);
        if (b?.kind === "var") {
          if (!this.mayUse(b.def, null, ctx, target.at)) return null;
          variable = { def: b.def, owner: null };
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
      variable = { def: b.def, owner };
    } else {
      return this.error(ctx, target.at, "E_TYPE", "only a variable (or a player's variable, p.name) can be set");
    }
    const value = this.expr(st.value, ctx);
    if (!value) return null;
    const type = local ? local.type : variable!.def.type;
    if (st.op !== "=") {
      if (type.t !== "num" || !(value.type.t === "num" || value.type.t === "any")) {
        return this.error(ctx, st.value.at, "E_TYPE", `${st.op} needs numbers, but this is ${T.show(value.type)}`);
      }
    } else if (!T.fits(value.type, type)) {
      return this.error(ctx, st.value.at, "E_TYPE", `cannot set a ${T.show(type)} variable to ${T.show(value.type)}`);
    }
    const stored = this.convert.storable(value);
    if (local) return { k: "setLocal", frame: ctx.frame, slot: local.slot, op: st.op, value: stored };
    const { def, owner } = variable!;
    return { k: "setVar", def, globals: this.env.globalVars(), owner: def.per === "game" ? null : owner, op: st.op, value: stored };
  }

  /** A player's variable named without an owner means the acting player's: there must be one. */
  private mayUse(def: VarDef, owner: TExpr | null, ctx: Ctx, at: Span): boolean {
    if (def.per === "game" || owner || ctx.hasMe) return true;
    this.error(ctx, at, "E_NAME", `'${def.name}' belongs to each player: say whose, as in p.${def.name} (there is no acting player here)`);
    return false;
  }

  // ---- expressions ---------------------------------------------------------------------------------

  condition(e: Expr, ctx: Ctx): TExpr | null {
    const c = this.expr(e, ctx);
    if (!c) return null;
    if (c.type.t !== "bool" && c.type.t !== "any") return this.error(ctx, e.at, "E_TYPE", `a condition must be true or false, but this is ${T.show(c.type)}`);
    return c;
  }

  expr(e: Expr, ctx: Ctx): TExpr | null {
    switch (e.k) {
      case "num":
        return { k: "const", type: T.num, value: e.value };
      case "str":
        return { k: "const", type: T.str, value: e.value };
      case "bool":
        return { k: "const", type: T.bool, value: e.value };
      case "none":
        return { k: "const", type: T.none, value: null };
      case "name":
        return this.name(e, ctx);
      case "member":
        return checkMember(this, e, ctx);
      case "call":
        return checkCall(this, e, ctx);
      case "index":
        return checkIndex(this, e, ctx);
      case "unary":
        return checkUnary(this, e, ctx);
      case "binary":
        return checkBinary(this, e, ctx);
      case "cond": {
        const test = this.condition(e.test, ctx);
        const a = this.expr(e.then, ctx);
        const b = this.expr(e.else, ctx);
        if (!test || !a || !b) return null;
        const type = T.unify(a.type, b.type);
        if (!type) return this.error(ctx, e.at, "E_TYPE", `the two branches differ: ${T.show(a.type)} and ${T.show(b.type)}`);
        return { k: "cond", type, test, then: this.convert.coerce(a, type), else: this.convert.coerce(b, type) };
      }
      case "list": {
        if (e.items.length === 0) return { k: "const", type: T.list(T.none), value: emptyList };
        const items = e.items.map((i) => this.expr(i, ctx));
        if (items.some((i) => !i)) return null;
        let of: Type = T.none;
        for (let i = 0; i < items.length; i++) {
          const u = T.unify(of, items[i]!.type);
          if (u) of = u;
          else if (isOrderedScalar(of) && isOrderedScalar(items[i]!.type)) of = T.any; // a key such as [c.suit == lead, c.rank]
          else return this.error(ctx, e.items[i].at, "E_TYPE", `a list holds one kind of value: ${T.show(items[i]!.type)} among ${T.show(of)}`);
        }
        return { k: "list", type: T.list(of), items: items.map((i) => this.convert.coerce(i!, of)) };
      }
      case "lambda":
        return this.error(ctx, e.at, "E_TYPE", "a function (x => ...) can only be given to a function that takes one, such as filter or count");
    }
  }

  private name(e: Extract<Expr, { k: "name" }>, ctx: Ctx): TExpr | null {
    const local = ctx.locals.get(e.name);
    if (local?.fn) return this.error(ctx, e.at, "E_TYPE", readAsValue(e.name));
    if (local) {
      ctx.reads?.add(local.slot);
      return { k: "local", type: local.type, frame: ctx.frame, slot: local.slot };
    }
    const b = this.env.global(e.name);
    if (b) return this.binding(b, e, ctx);
    if (Object.hasOwn(specialTypes, e.name)) {
      const name = e.name as Special;
      if (name === "me" && !ctx.hasMe) return this.error(ctx, e.at, "E_NAME", "there is no acting player here, so 'me' means nothing");
      return { k: "special", type: specialTypes[name], name };
    }
    const bi = builtin(e.name);
    if (bi) return this.error(ctx, e.at, "E_TYPE", `'${e.name}' is a function: call it, as in ${bi.example}`);
    return this.error(ctx, e.at, "E_NAME", `unknown name '${e.name}'${cardWordHint(e.name) || suggestion(e.name, this.allNames(ctx))}`);
  }

  private allNames(ctx: Ctx): string[] {
    return [...ctx.locals.keys(), ...this.env.globalNames(), ...specialNames, ...builtinNames()];
  }

  variableNames(): string[] {
    return [...this.env.globalNames()].filter((n) => this.env.global(n)?.kind === "var");
  }

  defineNames(): string[] {
    return [...this.env.globalNames()].filter((n) => this.env.global(n)?.kind === "define");
  }

  private binding(b: Binding, e: { name: string; at: Span }, ctx: Ctx): TExpr | null {
    switch (b.kind) {
      case "zone": {
        const d = b.def;
        if (d.per === "card") return this.error(ctx, e.at, "E_NAME", `'${d.name}' belongs to each card: say whose, as in c.${d.name}`);
        if (d.family) {
          if (d.per === "player" && !ctx.hasMe) return this.error(ctx, e.at, "E_NAME", `'${d.family.name}' belongs to each player: say whose, as in p.${d.family.name} (there is no acting player here)`);
          return this.convert.family(d, "me");
        }
        if (d.many) return { k: "family", type: T.list(T.zone), slot: d.slot };
        if (d.per === "game") return { k: "const", type: T.zone, value: d.slot };
        return { k: "zoneKind", type: { t: "zonekind", name: d.name }, index: d.index };
      }
      case "var":
        if (!this.mayUse(b.def, null, ctx, e.at)) return null;
        return { k: "var", type: b.def.type, def: b.def, globals: this.env.globalVars(), owner: null };
      case "const":
        return { k: "const", type: b.type, value: b.value };
      case "option":
        return { k: "option", type: b.type, slot: b.slot };
      case "define":
        if (b.def.params.length > 0) return this.error(ctx, e.at, "E_TYPE", `'${b.def.name}' takes ${b.def.params.join(", ")}: call it as ${b.def.name}(...)`);
        return this.inline(b.def, [], e.at, ctx);
    }
  }

  /** Definitions are checked where they are used, with the caller's frame: no call at run time. */
  inline(d: DefineInfo, args: (TExpr | FnArg)[], at: Span, ctx: Ctx): TExpr | null {
    d.used = true;
    const body = this.defineBody(d);
    if (!body) return null;
    if (d.compiling) return this.error(ctx, at, "E_RECURSION", `'${d.name}' uses itself (directly or through other definitions); definitions cannot be recursive`);
    if (this.inlined.length >= maxDefineDepth) {
      const chain = this.inlined.map((x) => x.name);
      if (this.chainReported) return null;
      this.chainReported = true;
      return this.error(ctx, at, "E_EXPR_DEPTH", `'${d.name}' is used through more than ${maxDefineDepth} definitions each using the next (${chain[0]} → ${chain[1]} → … → ${chain[chain.length - 1]}): join some of them into one`);
    }
    d.compiling = true;
    this.inlined.push(d);
    try {
      const locals = new Map<string, Local>();
      const frame = ctx.frame;
      const binds: Bind[] = [];
      d.params.forEach((p, i) => {
        const a = args[i];
        if (isFnArg(a)) locals.set(p, { slot: -1, type: T.any, fn: a });
        else binds.push({ frame, slot: this.bind(frame, locals, p, a.type), value: a });
      });
      const inner: Ctx = { ...ctx, site: { pointer: d.pointer, offset: 0 }, locals, rule: `define.${d.name}` };
      if (body.length === 1 && body[0].k === "expr") {
        const c = this.expr(body[0].expr, inner);
        if (!c) return null;
        return binds.length === 0 ? c : { k: "define", type: c.type, binds, body: c };
      }
      if (!ctx.effects) {
        const only = body.length === 1 ? body[0] : undefined;
        if (only?.k === "assign" && only.op === "=") {
          // `isTen(c): c.rank = 10` was meant as a comparison: say so at the '='
          return this.error(inner, only.opAt, "E_EFFECT", `'=' sets a variable, so '${d.name}' is an effect, but it is used as a condition or value: to compare two values, write '=='`);
        }
        return this.error(ctx, at, "E_EFFECT", `'${d.name}' has effects, so it can only be used in effects, not in a condition or value`);
      }
      return { k: "defineRun", type: T.voidType, binds, body: this.block(body, inner) };
    } finally {
      d.compiling = false;
      this.inlined.pop();
    }
  }

  /** A definition's statements, parsed once (its syntax problems reported once). */
  defineBody(d: DefineInfo): Stmt[] | null {
    if (!d.parsed) {
      d.parsed = true;
      const parsed = parseProgram(d.text);
      if (!parsed.value) this.syntaxProblems({ pointer: d.pointer, offset: 0 }, parsed.problems);
      else d.body = parsed.value;
    }
    return d.body;
  }

  /** Which parameters of a definition are functions, and how many arguments each takes (null: a value). */
  functionParams(d: DefineInfo): (number | null)[] {
    if (d.functions) return d.functions;
    const body = this.defineBody(d);
    if (!body || d.reading) return d.params.map(() => null);
    d.reading = true;
    try {
      const read = functionParams(d.params, body, {
        define: (name) => {
          const b = this.env.global(name);
          return b?.kind === "define" ? this.functionParams(b.def) : undefined;
        },
        isMember: (name) => this.env.attributes.has(name) || memberNames.has(name) || builtin(name) !== undefined || this.env.global(name) !== undefined,
      });
      for (const p of read.problems) this.report({ pointer: d.pointer, offset: 0 }, p.at, "E_TYPE", p.message);
      d.functions = read.arity;
      return read.arity;
    } finally {
      d.reading = false;
    }
  }

  /** How many definitions are being inlined: a function given to one may use those inlined after it was given. */
  get inlineDepth(): number {
    return this.inlined.length;
  }

  /**
   * Checks a function given to a definition where the definition's body calls it. It is the caller's: the
   * definitions inlined since it was given (the one it was given to, and those it uses) are not its own, so it may
   * use them too (`best(p => best(...))`); a definition it was written in, it may not (`g: "apply(x => g(x))"`).
   */
  called<R>(fn: FnArg, check: () => R): R {
    const since = this.inlined.slice(fn.depth).filter((d) => d.compiling);
    for (const d of since) d.compiling = false;
    try {
      return check();
    } finally {
      for (const d of since) d.compiling = true;
    }
  }
}

/** The members every value of its type has, which a parameter named so does not take the place of. */
const memberNames = new Set(["name", "from", "out", "place"]);

function isFnArg(a: TExpr | FnArg): a is FnArg {
  return "depth" in a;
}

function isOrderedScalar(t: Type): boolean {
  return t.t === "num" || t.t === "bool" || t.t === "str" || t.t === "any";
}
