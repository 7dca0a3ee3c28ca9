// The values a phase passes to the game it plays inside (`game: {rules, with}`), checked as the rules load where
// the game inside is written out: each must name an option of that game and be of the option's kind, and a value
// written as a literal must be one the option allows. What an expression gives is checked when the game starts.
import type { Diagnostic } from "../diagnostics.js";
import type { Game, PhaseDef } from "../model.js";
import * as T from "../lang/types.js";
import type { Type } from "../lang/types.js";
import { optionValueProblem, type OptionSpec } from "../options.js";
import { escapePointer, type Source } from "./yaml.js";

/** The kind of value an option holds, or null where it is not one an expression's type can be compared with. */
function optionType(spec: OptionSpec): Type | null {
  if (spec.type === "player") return T.player;
  if (spec.type === "players") return T.players;
  return typeof spec.value === "number" ? T.num : typeof spec.value === "boolean" ? T.bool : typeof spec.value === "string" ? T.str : null;
}

/** A value written as a literal (5, true, "left"), or undefined for an expression. */
function literal(written: unknown): unknown {
  if (typeof written === "number" || typeof written === "boolean") return written;
  if (typeof written !== "string") return undefined;
  const m = /^\s*(?:"([^"\\]*)"|'([^'\\]*)'|(-?\d+(?:\.\d+)?))\s*$/.exec(written);
  if (!m) return undefined;
  return m[3] !== undefined ? Number(m[3]) : (m[1] ?? m[2]);
}

export function passedValueProblems(source: Source, phase: PhaseDef, written: Record<string, unknown>, inner: Game): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const w of phase.gameWith) {
    const at = `/phases/${escapePointer(phase.name)}/game/with/${escapePointer(w.name)}`;
    const spec = inner.options.get(w.name);
    if (!spec) {
      const known = [...inner.options.keys()];
      out.push(source.at(at, "error", "E_OPTION", `${inner.name} has no option '${w.name}' to pass a value to${known.length ? ` (options: ${known.join(", ")})` : " (its rules declare no options)"}`, true));
      continue;
    }
    const want = optionType(spec);
    if (want && !T.fits(w.type, want)) {
      out.push(source.at(at, "error", "E_TYPE", `option '${w.name}' of ${inner.name} takes ${T.show(want)}, but this is ${T.show(w.type)}`));
      continue;
    }
    const value = literal(written[w.name]);
    const problem = value === undefined ? null : optionValueProblem(w.name, spec, value);
    if (problem) out.push(source.at(at, "error", "E_OPTION", `${inner.name} refuses this value: ${problem}`));
  }
  return out;
}
