// Naming the rules a command works on: an id with --with fragments, --compose cards named as printed, or a
// --preset. One reading for every command, so that `check`, `simulate`, `explain` and `compare` agree.
import { UsageError } from "./io.js";
import type { Flags } from "./args.js";
import { preset, presetNames, resolveReference } from "../interpreter/load/catalog.js";

export const rulesFlags: Flags = {
  with: { type: "string", multiple: true },
  compose: { type: "string" },
  preset: { type: "string" },
};

/**
 * Card names as typed: separated by commas, each name whole; or, without commas, the longest runs of words
 * that name a file, with the words between them kept together as one name (so that a misspelt name is
 * reported, with a suggestion, as the name it was meant to be).
 */
export function splitNames(args: string[]): string[] {
  const text = args.join(" ");
  if (text.includes(",")) return text.split(",").map((x) => x.trim()).filter(Boolean);
  return text.trim() ? splitLoose(text.trim()) : [];
}

function splitLoose(text: string): string[] {
  const words = text.split(/\s+/);
  const names = (i: number, j: number) => words.slice(i, j).join(" ");
  const out: string[] = [];
  let unknown: string[] = [];
  for (let i = 0; i < words.length; ) {
    let j = words.length;
    while (j > i && resolveReference(names(i, j)) === names(i, j) && !names(i, j).includes("/")) j--;
    if (j === i) {
      unknown.push(words[i++]);
      continue;
    }
    if (unknown.length) out.push(unknown.join(" "));
    unknown = [];
    out.push(names(i, j));
    i = j;
  }
  if (unknown.length) out.push(unknown.join(" "));
  return out;
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
  if (matchPreset && typeof values.preset === "string" && positionals.length === 1) return [positionals[0], ...withList(values.with)];
  const composed = composedRules(values, command, positionals);
  if (composed) return composed;
  if (positionals.length !== 1) throw new UsageError(`${command} takes one rules id (or ${alternatives})`);
  return [positionals[0], ...withList(values.with)];
}
