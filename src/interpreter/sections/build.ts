// What a section's compile step works with: the rule file, its source for placing diagnostics, the compiler, and
// the game's layout as the sections before it have made it (names, zones, variables, attributes). The builder
// in load/compile-game.ts is one; it calls the sections' steps in the order their names need.
import type { Diagnostic } from "../diagnostics.js";
import type { Source } from "../load/yaml.js";
import type { Binding, Compiler, UnitOptions } from "../lang/compile.js";
import type { AttributeDef, Eval, Message, Run, VarDef, ZoneDef } from "../model.js";
import type { Type } from "../lang/types.js";

export type Raw = Record<string, unknown>;

export interface Build {
  readonly raw: Raw;
  readonly file: Source;
  readonly compiler: Compiler;
  readonly diagnostics: Diagnostic[];
  readonly names: Map<string, Binding>;
  readonly namePointers: Map<string, string>;
  readonly attributes: Map<string, AttributeDef>;
  readonly zones: ZoneDef[];
  readonly vars: VarDef[];
  readonly counts: { shared: number; player: number; families: number; globals: number; playerVars: number; options: number };
  /** Gives a name of the rules its meaning; false (reported) when the name is taken or is one of the language's. */
  declare(name: string, binding: Binding, pointer: string): boolean;
  /** False (reported at the key) when a local name, a parameter's, is a word of the language (`not`, `in`). */
  localName(name: string, pointer: string): boolean;
  expressionAt<V>(pointer: string, item: unknown, o: UnitOptions, expected?: Type): Eval<V> | null;
  /** Effects: one program, or a list of programs run in order (what fragments' append makes). */
  programAt(pointer: string, item: unknown, o: UnitOptions): Run | null;
  messageAt(pointer: string, text: string, o: UnitOptions): Message | null;
  playerExpression(pointer: string, item: unknown, rule: string, effects: boolean): Eval<number | null> | null;
}

/** An item that may be written bare or as {value, text, assumed}. */
export function valueOf(item: unknown): unknown {
  if (item !== null && typeof item === "object" && !Array.isArray(item) && "value" in (item as Raw)) return (item as Raw).value;
  return item;
}
export function textOf(item: unknown): string {
  const v = valueOf(item);
  return typeof v === "string" ? v : String(v);
}
export function pointerOfValue(pointer: string, item: unknown): string {
  return item !== null && typeof item === "object" && !Array.isArray(item) && "value" in (item as Raw) ? `${pointer}/value` : pointer;
}
export function entries(section: unknown): [string, unknown][] {
  return section && typeof section === "object" ? Object.entries(section as Raw) : [];
}
