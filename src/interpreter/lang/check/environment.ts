// What the checker needs to know about the rule file around an expression, and what it keeps while it checks.
import type { Stmt } from "../ast.js";
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
}

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
