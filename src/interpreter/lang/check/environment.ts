// What the checker needs to know about the rule file around an expression, and what it keeps while it checks.
import type { Expr, Stmt } from "../ast.js";
import type { Type } from "../types.js";
import type { AttributeDef, VarDef, ZoneDef } from "../../model.js";
import type { Diagnostic } from "../../diagnostics.js";
import type { Source } from "../../load/yaml.js";

export interface DefineInfo {
  name: string;
  params: string[];
  pointer: string;
  text: string;
  body: Stmt[] | null;
  parsed: boolean;
  compiling: boolean;
  used: boolean;
  /** For each parameter, how many arguments the body calls it with when it is a function, or null for a value. */
  functions?: (number | null)[];
  /** Whether its parameters are being read: a definition that gives a parameter on to itself is not read twice. */
  reading?: boolean;
}

/**
 * A function given to a definition's parameter: one written at the call (x => ...), checked with the names around
 * the call each time the body calls it, or a definition named at the call. `depth` is how many definitions were
 * being inlined where it was given: those are the ones it may not use (it is theirs), and the ones inlined since
 * (the definition it was given to, and those that definition uses) it may. `unknown` stands for any function while
 * a definition no rule uses is checked alone.
 */
export type FnArg =
  | { k: "lambda"; expr: Extract<Expr, { k: "lambda" }>; ctx: Ctx; depth: number }
  | { k: "define"; def: DefineInfo; depth: number }
  | { k: "unknown"; depth: number };

export type Binding =
  | { kind: "zone"; def: ZoneDef }
  | { kind: "var"; def: VarDef }
  | { kind: "const"; value: unknown; type: Type }
  | { kind: "option"; slot: number; type: Type }
  | { kind: "define"; def: DefineInfo };

export interface Environment {
  file: Source;
  report(d: Diagnostic): void;
  global(name: string): Binding | undefined;
  globalNames(): Iterable<string>;
  attributes: Map<string, AttributeDef>;
  sharedZones: () => number;
  globalVars: () => number;
  stepLimit: () => number;
  /** The variables of the games this one can play inside it (see innerVariables in load.ts); null when they are not known. */
  innerVariables?: () => readonly string[] | null;
}

/** Where a piece of text is: a YAML value (by pointer), and the offset of the text within that value. */
export interface Site {
  pointer: string;
  offset: number;
}

export interface Local {
  slot: number;
  type: Type;
  /** A definition's parameter given a function: it is called, not read (slot and type are then unused). */
  fn?: FnArg;
}

/** The surroundings of the text being checked. */
export interface Ctx {
  site: Site;
  rule: string; // named in runtime errors
  frame: unknown[];
  locals: Map<string, Local>;
  effects: boolean; // effects allowed
  hasMe: boolean; // an acting player exists
  reads?: Set<number>; // collects the local slots the text reads (to know which parameters a rule depends on)
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

export function bindingWord(b: Binding): string {
  return b.kind === "define" ? "definition" : b.kind === "const" ? "constant" : b.kind === "var" ? "variable" : b.kind;
}
