// Closures for operators, one per shape, so that each call site in a rule sees one kind of function.
import type { Eval } from "../../model.js";

export function allTrue(fns: Eval[]): Eval<boolean> {
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

export function anyTrue(fns: Eval[]): Eval<boolean> {
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
export function numberOrder(op: "<" | "<=" | ">" | ">=", x: Eval<number | null>, y: Eval<number | null>): Eval<boolean> {
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

/** The test of a comparison's result for each ordering operator. */
export const orderTests: Record<"<" | "<=" | ">" | ">=", (c: number) => boolean> = {
  "<": (c) => c < 0,
  "<=": (c) => c <= 0,
  ">": (c) => c > 0,
  ">=": (c) => c >= 0,
};

export const arithmetic: Record<"+" | "-" | "*" | "/" | "%", (x: number, y: number) => number> = {
  "+": (x, y) => x + y,
  "-": (x, y) => x - y,
  "*": (x, y) => x * y,
  "/": (x, y) => x / y,
  "%": (x, y) => ((x % y) + y) % y,
};
