// Compiles the expressions, effects and messages of a rule file: the checker turns each syntax tree into a
// checked, typed tree (check/), and a back end turns that into running code (closures/). Closures read and change
// the game state only through the names defined in the rule file and the builtins table: rule text never reaches
// a JavaScript object by name, and nothing is evaluated from text at run time.
import type { Expr } from "./ast.js";
import type { Type } from "./types.js";
import type { TBlock, TExpr, TLambda } from "./typed.js";
import type { Eval, Message, Run } from "../model.js";
import { countedRun } from "../changes.js";
import type { State } from "../state.js";
import { Checker } from "./check/checker.js";
import type { Ctx, DefineInfo, Environment, Local, Site, UnitOptions } from "./check/environment.js";
import { evalOf, lamOf, messageOf, runOf } from "./closures/closures.js";

export type { Binding, DefineInfo, Environment, Local, Site, UnitOptions } from "./check/environment.js";

/** A compiled expression: its code, its type, and the checked tree it was made from. */
export interface Compiled {
  fn: Eval;
  type: Type;
  tree: TExpr;
}

/**
 * The checked tree a compiled function was made from: what a back end that generates code needs to make the same
 * function again. A sequence runs functions that have trees of their own, in order.
 */
export type CodeTree =
  | { k: "expr"; tree: TExpr }
  | { k: "run"; block: TBlock }
  | { k: "lambda"; tree: TLambda }
  | { k: "seq"; parts: Run[]; counts?: readonly number[] };

export class Compiler {
  private checker: Checker;
  private trees = new WeakMap<object, CodeTree>();
  /** Every text compiled, where it is and with what names bound: read by scope queries (editors). */
  readonly sites: { site: Site; text: string; options: UnitOptions }[] = [];

  constructor(env: Environment) {
    this.checker = new Checker(env);
  }

  /** Compiles an expression held in a YAML value. Returns null when it has errors (already reported). */
  expression(site: Site, text: string, options: UnitOptions, expected?: Type): Compiled | null {
    this.sites.push({ site, text, options });
    const tree = this.checker.expression(site, text, options, expected);
    return tree && this.compiled(tree);
  }

  /** Compiles effects held in a YAML value. */
  program(site: Site, text: string, options: UnitOptions): Run | null {
    this.sites.push({ site, text, options });
    const block = this.checker.program(site, text, options);
    return block && this.keep(runOf(block), { k: "run", block });
  }

  /** Compiles a message with {expression} holes. */
  message(site: Site, text: string, options: UnitOptions): Message | null {
    this.sites.push({ site, text, options });
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
    return this.compiled(this.checker.convert.asList(c.tree)).fn as Eval<unknown[]>;
  }

  /**
   * Runs programs one after the other (the pieces fragments append to one program). With `counts`, a piece
   * with an index there (not -1) counts in s.coverage each time it runs: the caller fills the indexes in once
   * the game's coverage is laid out, before the game is played or generated.
   */
  sequence(parts: Run[], counts?: readonly number[]): Run {
    const run: Run = counts
      ? (s) => {
          for (let i = 0; i < parts.length; i++) {
            if (s.coverage !== null && counts[i] >= 0) countedRun(s, counts[i], parts[i]);
            else parts[i](s);
          }
        }
      : (s) => {
          for (let i = 0; i < parts.length; i++) parts[i](s);
        };
    return this.keep(run, { k: "seq", parts, counts });
  }

  /** A compiled value copied when it is a list, to keep in a variable. */
  copied(fn: Eval): Eval {
    const code = this.trees.get(fn);
    if (code?.k !== "expr") throw new Error("copied() takes a function this compiler made");
    return this.compiled({ k: "copyValue", type: code.tree.type, value: code.tree }).fn;
  }

  /** A compiled expression of a player bound in `frame` at `slot`: a function of the state and the player. */
  playerFunction(frame: unknown[], slot: number, c: Compiled): (s: State, p: number) => unknown {
    const tree: TLambda = { k: "lambda", type: c.type, frame, slots: [slot], body: c.tree };
    return this.keep(lamOf(tree), { k: "lambda", tree });
  }

  /** A value the rules do not write but the compiler supplies (a default), compiled like a written one. */
  constant(value: unknown, type: Type): Eval {
    return this.compiled({ k: "const", type, value }).fn;
  }

  /** The tree a function this compiler made was made from. */
  treeOf(fn: object): CodeTree | undefined {
    return this.trees.get(fn);
  }

  newFrame(): { frame: unknown[]; locals: Map<string, Local> } {
    return this.checker.newFrame();
  }

  bind(frame: unknown[], locals: Map<string, Local>, name: string, type: Type): number {
    return this.checker.bind(frame, locals, name, type);
  }

  /** Which of a definition's parameters are functions, and how many arguments each takes (null: a value). */
  functionParams(d: DefineInfo): (number | null)[] {
    return this.checker.functionParams(d);
  }

  private compiled(tree: TExpr): Compiled {
    return { fn: this.keep(evalOf(tree), { k: "expr", tree }), type: tree.type, tree };
  }

  private keep<F extends object>(fn: F, code: CodeTree): F {
    this.trees.set(fn, code);
    return fn;
  }
}
