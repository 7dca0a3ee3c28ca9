// Which parameters of a definition are functions, read from how its body uses them: a parameter the body calls,
// f(x) or x.f(y), or gives on where another definition takes a function, is a function taking that many
// arguments; `x.f` alone is a call too, when f is not already a member of x (an attribute, a player's zone or
// variable, a built-in or a definition) and the body never reads f as a value. Any other use reads a value.
import type { Expr, Span, Stmt } from "../ast.js";

/** What the reading needs from the checker: a definition's parameters, and the names `x.name` already means. */
export interface ParamLookup {
  /** The arities of a definition's parameters (null for a value), or undefined when `name` is no definition. */
  define(name: string): (number | null)[] | undefined;
  isMember(name: string): boolean;
}

export interface FunctionParams {
  arity: (number | null)[];
  problems: { at: Span; message: string }[];
}

interface Use {
  arity: number | null; // null: read as a value
  at: Span;
  strong: boolean; // a call written out, or a function given on; a member (x.f) is a weak call
}

export function functionParams(params: string[], body: Stmt[], lookup: ParamLookup): FunctionParams {
  const uses = new Map<string, Use[]>(params.map((p) => [p, []]));
  const use = (name: string, shadowed: Set<string>, u: Use) => {
    if (!shadowed.has(name)) uses.get(name)?.push(u);
  };

  /** Arguments given to a definition: a parameter named alone where it takes a function is given on as one. */
  const given = (callee: string, args: Expr[], shadowed: Set<string>) => {
    const arities = shadowed.has(callee) || uses.has(callee) ? undefined : lookup.define(callee);
    args.forEach((a, i) => {
      const arity = arities?.[i];
      if (a.k === "name" && uses.has(a.name) && arity !== null && arity !== undefined) use(a.name, shadowed, { arity, at: a.at, strong: true });
      else expr(a, shadowed);
    });
  };

  const expr = (e: Expr, shadowed: Set<string>): void => {
    switch (e.k) {
      case "name":
        return use(e.name, shadowed, { arity: null, at: e.at, strong: true });
      case "member":
        if (uses.has(e.name) && !shadowed.has(e.name) && !lookup.isMember(e.name)) {
          use(e.name, shadowed, { arity: 1, at: e.nameAt, strong: false });
          return expr(e.object, shadowed);
        }
        return given(e.name, [e.object], shadowed);
      case "call":
        if (e.callee.k === "name") {
          use(e.callee.name, shadowed, { arity: e.args.length, at: e.callee.at, strong: true });
          return given(e.callee.name, e.args, shadowed);
        }
        if (e.callee.k === "member") {
          use(e.callee.name, shadowed, { arity: e.args.length + 1, at: e.callee.nameAt, strong: true });
          return given(e.callee.name, [e.callee.object, ...e.args], shadowed);
        }
        expr(e.callee, shadowed);
        return e.args.forEach((a) => expr(a, shadowed));
      case "index":
        expr(e.object, shadowed);
        return expr(e.index, shadowed);
      case "unary":
        return expr(e.arg, shadowed);
      case "binary":
        expr(e.left, shadowed);
        return expr(e.right, shadowed);
      case "cond":
        expr(e.test, shadowed);
        expr(e.then, shadowed);
        return expr(e.else, shadowed);
      case "list":
        return e.items.forEach((i) => expr(i, shadowed));
      case "lambda":
        return expr(e.body, new Set([...shadowed, ...e.params.map((p) => p.name)]));
      default:
        return;
    }
  };

  const block = (stmts: Stmt[], outer: Set<string>): void => {
    const shadowed = new Set(outer);
    for (const s of stmts) {
      if (s.k === "for") {
        expr(s.iterable, shadowed);
        block(s.body, new Set([...shadowed, s.name]));
        continue;
      }
      const [values, blocks] = partsOf(s);
      for (const v of values) expr(v, shadowed);
      for (const b of blocks) block(b, shadowed);
      if (s.k === "let") shadowed.add(s.name); // from the next statement on
    }
  };
  block(body, new Set());

  const problems: FunctionParams["problems"] = [];
  const arity = params.map((p) => {
    const all = uses.get(p)!;
    const values = all.filter((u) => u.arity === null);
    const calls = all.filter((u) => u.arity !== null && (u.strong || values.length === 0));
    if (calls.length === 0) return null;
    for (const v of values) problems.push({ at: v.at, message: readAsValue(p) });
    const first = calls[0].arity!;
    for (const c of calls) {
      if (c.arity !== first) problems.push({ at: c.at, message: `'${p}' is called with ${plural(first, "argument")} elsewhere and ${c.arity} here: a function given to a definition takes the same number each time` });
    }
    return first;
  });
  return { arity, problems };
}

export function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

/** Said where a parameter the body calls is read as a value. */
export function readAsValue(name: string): string {
  return `'${name}' is called as a function elsewhere in this definition, so it cannot be read as a value here: call it, as in ${name}(x)`;
}

/** The expressions and the blocks of a statement other than a for (which binds its name in its block). */
function partsOf(s: Stmt): [Expr[], Stmt[][]] {
  switch (s.k) {
    case "if":
      return [[s.test], s.else ? [s.then, s.else] : [s.then]];
    case "while":
      return [[s.test], [s.body]];
    case "let":
      return [[s.value], []];
    case "assign":
      return [[s.target, s.value], []];
    case "expr":
      return [[s.expr], []];
    case "for":
      return [[s.iterable], [s.body]];
  }
}
