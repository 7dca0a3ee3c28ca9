// An ablation: a variant (fragments on a base) measured whole against itself with each of its own rules taken out
// in turn, the same seeds and agents on every side. Which rules are the variant's own comes from the composition
// (what each fragment adds, replaces or appends); those coverage counts are the ones measured, each taken out with
// the loader's `without`. Each row tests the whole less the variant without that rule, Holm-corrected over every
// figure of every row together.
import type { Summary } from "./simulate.js";
import type { Spread } from "./stats.js";
import { round } from "./stats.js";
import { holm, means, proportions } from "./compare.js";
import type { OwnRuleUnit } from "./ablation-units.js";

/** One figure of a row: the whole variant, the variant without the rule, whole less without, and its test. */
export interface AblationFigure {
  measure: "game length (moves)" | "games finished" | "games with shared wins";
  kind: "mean" | "rate";
  whole: number;
  without: number;
  /** whole − without. */
  difference: number;
  /** The 95% interval of the difference (normal approximation, as the test). */
  low: number;
  high: number;
  p: number | null;
  significant: boolean;
  pHolm: number | null;
  significantHolm: boolean;
}

export interface AblationRow extends OwnRuleUnit {
  /** In the whole variant: the games in which the rule changed the game, and the times a game (null without coverage). */
  fired: number | null;
  timesFired: Spread | null;
  figures: AblationFigure[];
}

const z95 = 1.959964;

/** The figures of one row, not yet corrected: the whole against the variant without the rule. */
function figuresOf(whole: Summary, without: Summary): Omit<AblationFigure, "pHolm" | "significantHolm">[] {
  const length = means("game length (moves)", without.length.mean, without.length.sd, without.finished, whole.length.mean, whole.length.sd, whole.finished);
  const lengthSe = Math.sqrt((whole.finished ? whole.length.sd ** 2 / whole.finished : 0) + (without.finished ? without.length.sd ** 2 / without.finished : 0));
  const rate = (measure: "games finished" | "games with shared wins", x1: number, n1: number, x2: number, n2: number) => {
    const t = proportions(measure, x1, n1, x2, n2);
    // the interval of a difference of two proportions, each with its own variance (Wald)
    const se = Math.sqrt((n1 ? (t.a * (1 - t.a)) / n1 : 0) + (n2 ? (t.b * (1 - t.b)) / n2 : 0));
    return { measure, kind: "rate" as const, whole: t.b, without: t.a, difference: t.difference, low: round(t.difference - z95 * se), high: round(t.difference + z95 * se), p: t.p, significant: t.significant };
  };
  return [
    { measure: "game length (moves)", kind: "mean", whole: length.b, without: length.a, difference: length.difference, low: round(length.difference - z95 * lengthSe), high: round(length.difference + z95 * lengthSe), p: length.p, significant: length.significant },
    rate("games finished", without.finished, without.games, whole.finished, whole.games),
    rate("games with shared wins", without.ties, without.finished, whole.ties, whole.finished),
  ];
}

/** The rows of an ablation, Holm-corrected over every figure tested in all of them. */
export function ablationRows(whole: Summary, units: readonly OwnRuleUnit[], withouts: readonly Summary[]): AblationRow[] {
  const raw = units.map((_, i) => figuresOf(whole, withouts[i]));
  const corrected = holm(raw.flat().map((f) => f.p));
  let k = 0;
  return units.map((u, i) => {
    const rules = whole.coverage?.rules ?? [];
    const counted = rules.find((r) => r.rule === u.rule) ?? rules.find((r) => r.rule.startsWith(`${u.rule}.`) || u.rule.startsWith(`${r.rule}.`));
    return {
      ...u,
      fired: counted?.fired ?? null,
      timesFired: counted?.timesFired ?? null,
      figures: raw[i].map((f) => {
        const pHolm = corrected[k++];
        return { ...f, pHolm, significantHolm: pHolm !== null && pHolm < 0.05 };
      }),
    };
  });
}

/** How often a rule changed the whole variant, in words: "83% of games, 2.4 times a game". */
export function firedWords(fired: number | null, timesFired: { mean: number } | null, games: number): string {
  if (fired === null || !games) return "";
  return `${Math.round((fired / games) * 100)}% of games${timesFired ? `, ${timesFired.mean.toFixed(1)} times a game` : ""}`;
}
