// Checks the operators: not and minus, and/or chains, arithmetic, joining lists and text, comparisons, `in`,
// `??`, ranges, and indexing lists and tables.
import type { Expr } from "../ast.js";
import { maxListSize } from "../../limits.js";
import * as T from "../types.js";
import type { Type } from "../types.js";
import type { TExpr } from "../typed.js";
import { suggestion } from "../../diagnostics.js";
import type { Ctx } from "./environment.js";
import type { Checker } from "./checker.js";

type Binary = Extract<Expr, { k: "binary" }>;

export function checkUnary(ch: Checker, e: Extract<Expr, { k: "unary" }>, ctx: Ctx): TExpr | null {
  if (e.op === "not") {
    const c = ch.condition(e.arg, ctx);
    return c && { k: "not", type: T.bool, arg: c };
  }
  const c = ch.expr(e.arg, ctx);
  if (!c) return null;
  if (c.type.t !== "num" && c.type.t !== "any") return ch.error(ctx, e.arg.at, "E_TYPE", `'-' needs a number, but this is ${T.show(c.type)}`);
  return { k: "neg", type: T.num, arg: c, rule: ctx.rule };
}

export function checkIndex(ch: Checker, e: Extract<Expr, { k: "index" }>, ctx: Ctx): TExpr | null {
  const object = ch.expr(e.object, ctx);
  const index = ch.expr(e.index, ctx);
  if (!object || !index) return null;
  if (object.type.t === "map") return { k: "mapGet", type: object.type.of, map: object, key: index, rule: ctx.rule };
  if (object.type.t === "list" && object.type.keys && index.type.t === "str") return ch.convert.member(object, index, ctx.rule);
  const of = T.elementOf(object.type);
  if (!of) return ch.error(ctx, e.object.at, "E_TYPE", `only lists, zones and tables can be indexed, but this is ${T.show(object.type)}`);
  if (index.type.t !== "num" && index.type.t !== "any") return ch.error(ctx, e.index.at, "E_TYPE", `a list is indexed by a number (counting from 0), but this is ${T.show(index.type)}`);
  return { k: "item", type: of, list: ch.convert.asList(object), index };
}

export function checkBinary(ch: Checker, e: Binary, ctx: Ctx): TExpr | null {
  if (e.op === "and" || e.op === "or") {
    // a or b or c ... is one operation over its operands, not a chain of pairs
    const operands: Expr[] = [];
    const collect = (x: Expr) => {
      if (x.k === "binary" && x.op === e.op) {
        collect(x.left);
        collect(x.right);
      } else operands.push(x);
    };
    collect(e);
    const checked = operands.map((x) => ch.condition(x, ctx));
    if (checked.some((c) => !c)) return null;
    return { k: e.op, type: T.bool, args: checked as TExpr[] };
  }
  const a = ch.expr(e.left, ctx);
  const b = ch.expr(e.right, ctx);
  if (!a || !b) return null;
  const rule = ctx.rule;
  switch (e.op) {
    case "+": {
      if (T.isListLike(a.type) && T.isListLike(b.type) && a.type.t !== "any") {
        const type = T.unify(T.list(T.elementOf(a.type)!), T.list(T.elementOf(b.type)!));
        if (!type) return ch.error(ctx, e.opAt, "E_TYPE", `cannot join ${T.show(a.type)} and ${T.show(b.type)}`);
        return { k: "concat", type, a: ch.convert.asList(a), b: ch.convert.asList(b), rule };
      }
      if (a.type.t === "str" || b.type.t === "str") return { k: "strcat", type: T.str, a: ch.convert.stringify(a), b: ch.convert.stringify(b), rule };
      return arithmetic(ch, e, a, b, ctx);
    }
    case "-":
    case "*":
    case "/":
    case "%":
      return arithmetic(ch, e, a, b, ctx);
    case "==":
    case "!=": {
      if (!comparable(ch, a, b, e, ctx)) return null;
      const scalar = isScalar(a.type) && isScalar(b.type);
      return { k: "eq", type: T.bool, a: ch.convert.plain(a), b: ch.convert.plain(b), negate: e.op === "!=", scalar };
    }
    case "<":
    case "<=":
    case ">":
    case ">=": {
      if (!T.isOrdered(a.type) && a.type.t !== "none") return ch.error(ctx, e.left.at, "E_TYPE", `${T.show(a.type)} cannot be ordered with ${e.op}: compare numbers, text, or lists of them`);
      if (!T.isOrdered(b.type) && b.type.t !== "none") return ch.error(ctx, e.right.at, "E_TYPE", `${T.show(b.type)} cannot be ordered with ${e.op}: compare numbers, text, or lists of them`);
      if (!comparable(ch, a, b, e, ctx)) return null;
      return { k: "order", type: T.bool, op: e.op, a, b, numeric: a.type.t === "num" && b.type.t === "num" };
    }
    case "in": {
      const of = T.elementOf(b.type);
      if (!of) return ch.error(ctx, e.right.at, "E_TYPE", `'in' needs a list or a zone on its right, but this is ${T.show(b.type)}`);
      if (!T.fits(a.type, of) && !T.fits(of, a.type)) return ch.error(ctx, e.left.at, "E_TYPE", `${T.show(a.type)} can never be in ${T.show(b.type)}`);
      return { k: "in", type: T.bool, item: a, list: ch.convert.asList(b), scalar: isScalar(a.type) };
    }
    case "??": {
      const type = T.unify(a.type, b.type);
      if (!type) return ch.error(ctx, e.opAt, "E_TYPE", `'??' joins values of one type, not ${T.show(a.type)} and ${T.show(b.type)}`);
      return { k: "coalesce", type, a, b };
    }
    case "..": {
      if (a.type.t !== "num" && a.type.t !== "any") return ch.error(ctx, e.left.at, "E_TYPE", `a range needs numbers, but this is ${T.show(a.type)}`);
      if (b.type.t !== "num" && b.type.t !== "any") return ch.error(ctx, e.right.at, "E_TYPE", `a range needs numbers, but this is ${T.show(b.type)}`);
      // a range of two constants is counted when the file is checked, not first when it runs
      if (a.k === "const" && b.k === "const" && typeof a.value === "number" && typeof b.value === "number" && b.value - a.value + 1 > maxListSize) {
        return ch.error(ctx, e.at, "E_RANGE_SIZE", `the range ${a.value}..${b.value} has ${(b.value - a.value + 1).toLocaleString("en")} numbers, more than the limit of ${maxListSize.toLocaleString("en")}`);
      }
      return { k: "range", type: T.list(T.num), from: a, to: b, rule };
    }
  }
  return null;
}

function arithmetic(ch: Checker, e: Binary, a: TExpr, b: TExpr, ctx: Ctx): TExpr | null {
  if (a.type.t !== "num" && a.type.t !== "any") return ch.error(ctx, e.left.at, "E_TYPE", `'${e.op}' needs numbers, but this is ${T.show(a.type)}`);
  if (b.type.t !== "num" && b.type.t !== "any") return ch.error(ctx, e.right.at, "E_TYPE", `'${e.op}' needs numbers, but this is ${T.show(b.type)}`);
  return { k: "arith", type: T.num, op: e.op as "+" | "-" | "*" | "/" | "%", a, b, rule: ctx.rule };
}

/** Checks that two values can be equal at all, and that a text literal is one of an attribute's values. */
function comparable(ch: Checker, a: TExpr, b: TExpr, e: Binary, ctx: Ctx): boolean {
  const literal = (node: Expr, other: TExpr) => {
    if (node.k !== "str" || other.type.t !== "str" || !other.type.values) return true;
    if (other.type.values.includes(node.value)) return true;
    ch.error(ctx, node.at, "E_TYPE", `'${node.value}' is not one of the values (${other.type.values.join(", ")})${suggestion(node.value, other.type.values)}`);
    return false;
  };
  if (!literal(e.left, b) || !literal(e.right, a)) return false;
  const ta = a.type.t === "zonekind" ? T.zone : a.type;
  const tb = b.type.t === "zonekind" ? T.zone : b.type;
  if (!T.fits(ta, tb) && !T.fits(tb, ta) && !T.unify(ta, tb)) {
    ch.error(ctx, e.opAt, "E_TYPE", `comparing ${T.show(a.type)} with ${T.show(b.type)}: they can never be equal`);
    return false;
  }
  return true;
}

export function isScalar(t: Type): boolean {
  return t.t === "num" || t.t === "str" || t.t === "bool" || t.t === "card" || t.t === "player" || t.t === "zone" || t.t === "none";
}
