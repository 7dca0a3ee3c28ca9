// What an ablation takes out of a variant: its own rules as the composition tells them (what each fragment adds,
// replaces or appends, where coverage counts it), named in words, and with several fragments each whole fragment.
// The figures of the rows are src/sim/ablation.ts's, which the page reads without the loader.
import type { ComposedRules } from "../interpreter/load/compose.js";
import type { CoverageEntry, Game } from "../interpreter/model.js";
import { ruleWords } from "../explain/rulebook.js";

/** A rule of the variant that can be taken out. */
export interface OwnRuleUnit {
  /** As coverage names it: triggers.courtly, actions.play.require.order, actions.play.effect.append.1. */
  rule: string;
  /** Its `text:` where it has one, else the rule itself. */
  name: string;
  /** What taking it out undoes; "fragment" for a whole fragment of several. */
  how: "add" | "replace" | "append" | "fragment";
  file: string;
  line: number;
}

/**
 * The variant's own rules that coverage counts: appended effects, and added or replaced items that are rules or
 * parts of rules (an option or a definition is not taken out: it is not a rule that coverage counts).
 */
export function ownRules(rules: ComposedRules, coverage: readonly CoverageEntry[]): OwnRuleUnit[] {
  const counted = coverage.map((c) => c.rule);
  const own = rules.own.filter((o, i) => {
    const isRule = o.how === "append" ? counted.includes(o.rule) : counted.some((r) => r === o.rule || r.startsWith(`${o.rule}.`) || o.rule.startsWith(`${r}.`));
    return isRule && rules.own.findIndex((x) => x.rule === o.rule) === i;
  });
  // named as a person reads it: its text:, or what the rulebook says an appended effect does
  const words = ruleWords(rules, own.map((o) => o.rule));
  return own.map((o, i) => ({ rule: o.rule, name: words[i]?.replace(/\s+/g, " ") ?? o.rule, how: o.how, file: o.file, line: o.line }));
}

/** A thing to take out, and the rules that measure the variant without it: the refs loaded and the rules left out. */
export interface AblationUnit extends OwnRuleUnit {
  refs: string[];
  without: string[];
}

/**
 * What an ablation takes out of `base` with `fragments`: with several fragments each whole fragment first (as a
 * house-rule toggle is taken out), then each of their own rules that coverage counts. `rules` and `game` are the
 * whole variant as loaded.
 */
export function ablationUnits(base: readonly string[], fragments: readonly string[], rules: ComposedRules | null, game: Game): AblationUnit[] {
  const whole = [...base, ...fragments];
  const units: AblationUnit[] = [];
  if (fragments.length > 1) {
    for (const f of fragments) {
      const piece = rules?.pieces.find((p) => p.id === f || p.file.endsWith(f.replace(/^\.\//, "")));
      units.push({ rule: f, name: piece?.name ?? f, how: "fragment", file: piece?.file ?? f, line: 1, refs: [...base, ...fragments.filter((g) => g !== f)], without: [] });
    }
  }
  for (const u of rules ? ownRules(rules, game.coverage) : []) units.push({ ...u, refs: whole, without: [u.rule] });
  return units;
}

/** Why an ablation has nothing to measure, in words. */
export function nothingToTakeOut(fragments: readonly string[]): string {
  const s = fragments.length === 1 ? "s" : "";
  return `${fragments.join(", ")} add${s}, replace${s} and append${s} no rule that coverage counts (an action, a requirement, a trigger, a phase, an appended effect): there is nothing to take out`;
}
