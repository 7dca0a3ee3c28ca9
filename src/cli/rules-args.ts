// Naming the rules a command works on: an id with --with fragments, --compose cards named as printed, or a
// --preset. One reading for every command, so that `check`, `simulate`, `explain` and `compare` agree.
import { UsageError } from "./io.js";
import type { Flags } from "./args.js";
import { preset, presetNames, resolveReference } from "../interpreter/load/catalog.js";
import { splitNames } from "../interpreter/load/card-names.js";
import { cardRefOf } from "../interpreter/load/added-cards.js";

export { splitNames };

export const rulesFlags: Flags = {
  with: { type: "string", multiple: true },
  compose: { type: "string" },
  preset: { type: "string" },
  "add-card": { type: "string", multiple: true },
};

/**
 * --add-card FILE adds a rule card of one's own to a match's cards, in the stack of its type; --add-card
 * NAME=FILE puts it in the place of the match's card NAME. As references: card:FILE, card:NAME=FILE.
 */
export function addedCards(value: unknown): string[] {
  const list = Array.isArray(value) ? value : typeof value === "string" ? [value] : [];
  return list.map((v) => String(v).trim()).filter(Boolean).map((v) => {
    const m = /^([A-Za-z0-9][A-Za-z0-9 _'-]*)=(.+)$/.exec(v);
    return m ? cardRefOf(m[2].trim(), m[1].trim()) : cardRefOf(v);
  });
}

/** --with may be given several times, or with comma-separated ids. */
export function withList(value: unknown): string[] {
  const list = Array.isArray(value) ? value : typeof value === "string" ? [value] : [];
  return list.flatMap((v) => String(v).split(",")).map((v) => v.trim()).filter(Boolean);
}

/** The rules of a --compose or --preset, with any --with fragments; undefined when neither is given. */
export function composedRules(values: Record<string, unknown>, command: string, positionals: string[]): string[] | undefined {
  const fragments = withList(values.with);
  if (typeof values.preset === "string") {
    if (positionals.length) throw new UsageError(`give ${command} either a rules id or --preset`);
    const found = preset(values.preset);
    if (!found) throw new UsageError(`no preset called '${values.preset}' (presets: ${presetNames().join(", ")})`);
    return [...found.ids, ...fragments];
  }
  if (typeof values.compose === "string") {
    if (positionals.length) throw new UsageError(`give ${command} either a rules id or --compose`);
    if (splitNames([values.compose]).length === 0) throw new UsageError('--compose names the rule cards of a round, comma-separated: --compose "Deal Eight, Whist"');
    return [...splitNames([values.compose]).map((n) => resolveReference(n)), ...fragments];
  }
  return undefined;
}

/**
 * The rules of a run: one id with --with fragments, or --compose cards, or a --preset. With `matchPreset`, a
 * rules id and --preset is a match starting from the preset's cards: the rules are the id's.
 */
export function rulesToLoad(positionals: string[], values: Record<string, unknown>, command: string, alternatives = "--compose or --preset", matchPreset = false): string[] {
  return [...namedRules(positionals, values, command, alternatives, matchPreset), ...addedCards(values["add-card"])];
}

function namedRules(positionals: string[], values: Record<string, unknown>, command: string, alternatives: string, matchPreset: boolean): string[] {
  if (matchPreset && typeof values.preset === "string" && positionals.length === 1) return [positionals[0], ...withList(values.with)];
  const composed = composedRules(values, command, positionals);
  if (composed) return composed;
  if (positionals.length !== 1) throw new UsageError(`${command} takes one rules id (or ${alternatives})`);
  return [positionals[0], ...withList(values.with)];
}
