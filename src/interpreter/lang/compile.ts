// Compiles the expressions, effects and messages of a rule file: the checker turns each syntax tree into a
// checked, typed tree (check/), and a back end turns that into running code (closures/). Closures read and change
// the game state only through the names defined in the rule file and the builtins table: rule text never reaches
// a JavaScript object by name, and nothing is evaluated from text at run time.
import type { Expr } from "./ast.js";
import type { Type } from "./types.js";
import type { TExpr } from "./typed.js";
import type { Eval, Message, Run } from "../model.js";
import { Checker } from "./check/checker.js";
import type { Ctx, Environment, Local, Site, UnitOptions } from "./check/environment.js";
import { evalOf, messageOf, runOf } from "./closures/closures.js";

export type { Binding, DefineInfo, Environment, Site, UnitOptions } from "./check/environment.js";

/** A compiled expression: its code, its type, and the checked tree it was made from. */
export interface Compiled {
  fn: Eval;
  type: Type;
  tree: TExpr;
}

export class Compiler {
  private checker: Checker;

  constructor(env: Environment) {
    this.checker = new Checker(env);
  }

  /** Compiles an expression held in a YAML value. Returns null when it has errors (already reported). */
  expression(site: Site, text: string, options: UnitOptions, expected?: Type): Compiled | null {
    const tree = this.checker.expression(site, text, options, expected);
    return tree && this.compiled(tree);
  }

  /** Compiles effects held in a YAML value. */
  program(site: Site, text: string, options: UnitOptions): Run | null {
    const block = this.checker.program(site, text, options);
    return block && runOf(block);
  }

  /** Compiles a message with {expression} holes. */
  message(site: Site, text: string, options: UnitOptions): Message | null {
    const parts = this.checker.message(site, text, options);
    return parts && messageOf(parts);
  }

  /** Compiles a syntax tree already parsed, in a context the caller sets up. */
  expr(e: Expr, ctx: Ctx): Compiled | null {
    const tree = this.checker.expr(e, ctx);
    return tree && this.compiled(tree);
  }

  /** A compiled value used as a list: a zone gives its cards. */
  asList(c: Compiled): Eval<unknown[]> {
    return evalOf(this.checker.convert.asList(c.tree)) as Eval<unknown[]>;
  }

  newFrame(): { frame: unknown[]; locals: Map<string, Local> } {
    return this.checker.newFrame();
  }

  bind(frame: unknown[], locals: Map<string, Local>, name: string, type: Type): number {
    return this.checker.bind(frame, locals, name, type);
  }

  private compiled(tree: TExpr): Compiled {
    return { fn: evalOf(tree), type: tree.type, tree };
  }
}
