// Does a condition on a set of like cards depend only on what the cards share? For a parameter written
// `several: true, alike: rank`, a requirement such as `canPlay(cards.first)` where canPlay reads only c.rank
// has the same value for every subset of one rank: the engine may then check it once per group of alike cards
// instead of once per subset. The analysis is conservative: any use it does not recognise answers no.
import type { Expr, Stmt } from "./ast.js";
import { parseProgram } from "./ast.js";

export interface DefinitionSource {
  params: string[];
  text: string;
}

const pickOne = new Set(["first", "last", "top", "bottom"]);

export class AlikeAnalysis {
  private bodies = new Map<string, Stmt[] | null>();
  private visiting = new Set<string>();

  constructor(
    private attribute: string,
    private definition: (name: string) => DefinitionSource | undefined,
  ) {}

  /** True when `expr` reads the cards named `param` only through the shared attribute of one of them. */
  dependsOnlyOnShared(expr: Expr, param: string): boolean {
    return this.expr(expr, param, "set");
  }

  /**
   * Walks an expression where `name` is bound to a set of alike cards ("set") or to one card of the set
   * ("card"); every use must end in reading the shared attribute.
   */
  private expr(e: Expr, name: string, as: "set" | "card"): boolean {
    const isName = (x: Expr) => x.k === "name" && x.name === name;
    switch (e.k) {
      case "name":
        return e.name !== name; // a bare use of the set or the card: anything may be read from it
      case "member": {
        if (isName(e.object)) {
          if (as === "card") return e.name === this.attribute;
          return false; // set.first alone, set.count, ...: handled by the caller or unknown
        }
        if (as === "set" && e.object.k === "member" && isName(e.object.object) && pickOne.has(e.object.name)) {
          return e.name === this.attribute; // set.first.rank
        }
        if (as === "set" && e.object.k === "index" && isName(e.object.object)) return e.name === this.attribute && this.expr(e.object.index, name, as);
        return this.expr(e.object, name, as);
      }
      case "call":
        return this.call(e, name, as);
      case "index":
        return this.expr(e.object, name, as) && this.expr(e.index, name, as);
      case "unary":
        return this.expr(e.arg, name, as);
      case "binary":
        return this.expr(e.left, name, as) && this.expr(e.right, name, as);
      case "cond":
        return this.expr(e.test, name, as) && this.expr(e.then, name, as) && this.expr(e.else, name, as);
      case "list":
        return e.items.every((i) => this.expr(i, name, as));
      case "lambda":
        return e.params.some((p) => p.name === name) || this.expr(e.body, name, as);
      default:
        return true;
    }
  }

  /** f(args) and a.f(args): a definition given one card of the set may use only its shared attribute. */
  private call(e: Extract<Expr, { k: "call" }>, name: string, as: "set" | "card"): boolean {
    const callee = e.callee;
    const args = callee.k === "member" ? [callee.object, ...e.args] : e.args;
    const fname = callee.k === "name" ? callee.name : callee.k === "member" ? callee.name : "";
    const def = this.definition(fname);
    return args.every((arg, i) => {
      if (!this.uses(arg, name)) return true;
      const one = as === "card" ? arg.k === "name" && arg.name === name : this.pickedCard(arg, name);
      if (one && def && i < def.params.length) return this.definitionUsesOnlyShared(fname, def, def.params[i]);
      if (as === "set" && pickOne.has(fname) && i === 0 && arg.k === "name" && arg.name === name && args.length === 1) return false;
      return this.expr(arg, name, as);
    });
  }

  /** set.first, first(set), set[0] ...: one card of the set. */
  private pickedCard(e: Expr, name: string): boolean {
    const isName = (x: Expr) => x.k === "name" && x.name === name;
    if (e.k === "member" && isName(e.object) && pickOne.has(e.name)) return true;
    if (e.k === "call" && e.callee.k === "name" && pickOne.has(e.callee.name) && e.args.length === 1 && isName(e.args[0])) return true;
    if (e.k === "index" && isName(e.object) && e.index.k === "num") return true;
    return false;
  }

  private definitionUsesOnlyShared(fname: string, def: DefinitionSource, param: string): boolean {
    if (this.visiting.has(fname)) return false;
    let body = this.bodies.get(fname);
    if (body === undefined) {
      body = parseProgram(def.text).value;
      this.bodies.set(fname, body);
    }
    if (!body || body.length !== 1 || body[0].k !== "expr") return false;
    this.visiting.add(fname);
    try {
      return this.expr(body[0].expr, param, "card");
    } finally {
      this.visiting.delete(fname);
    }
  }

  private uses(e: Expr, name: string): boolean {
    let found = false;
    const walk = (x: Expr): void => {
      if (found) return;
      switch (x.k) {
        case "name":
          if (x.name === name) found = true;
          return;
        case "member":
          return walk(x.object);
        case "call":
          walk(x.callee);
          return x.args.forEach(walk);
        case "index":
          walk(x.object);
          return walk(x.index);
        case "unary":
          return walk(x.arg);
        case "binary":
          walk(x.left);
          return walk(x.right);
        case "cond":
          walk(x.test);
          walk(x.then);
          return walk(x.else);
        case "list":
          return x.items.forEach(walk);
        case "lambda":
          if (!x.params.some((p) => p.name === name)) walk(x.body);
          return;
        default:
          return;
      }
    };
    walk(e);
    return found;
  }
}
