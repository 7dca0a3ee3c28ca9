// Two runs side by side: the same figures of each, and which differences are significant at 95%. Win rates,
// shares of games and rule coverage are compared as two proportions (a z test); means (game length, scores,
// lead changes) with Welch's t test from each run's mean, spread and number of games — the summaries hold no
// more, and with hundreds of games the normal approximation is close. A difference is marked when p < 0.05.
// Beside each p, the same p corrected for every figure tested at once (Holm's method), so that a mark among
// many figures can be read for what it is: one that stays after the correction is not one chance gives in
// twenty, but one that chance gives in twenty tables.
import type { Summary } from "./simulate.js";
import { normalCdf, round } from "./stats.js";

export interface Difference {
  /** What is compared: "P1 win rate", "game length (moves)", "actions.play taken". */
  measure: string;
  a: number;
  b: number;
  /** b less a. */
  difference: number;
  /** How the figure reads: a rate (0-1, shown in per cent) or a mean. */
  kind: "rate" | "mean";
  /** Two-sided p value; null when it cannot be had (no games, no spread). */
  p: number | null;
  significant: boolean;
  /** p corrected for every figure of the comparison tested (Holm's method); null when p is. */
  pHolm: number | null;
  /** Whether the difference stays significant at 95% after that correction. */
  significantHolm: boolean;
}

export interface Comparison {
  a: string;
  b: string;
  games: [number, number];
  differences: Difference[];
  /** Balance, drama, decisiveness and skill of each side (evaluation.ts), side by side and not tested. */
  evaluation: EvaluationRow[];
}

/** One of a run's evaluation figures on both sides; null where a side has none (skill with one kind of agent). */
export interface EvaluationRow {
  measure: "balance" | "drama" | "decisiveness" | "skill";
  /** What the number is, in words. */
  what: string;
  /** How it reads: a share (0-1, shown in per cent) or a number as it is. */
  kind: "rate" | "mean";
  a: number | null;
  b: number | null;
  /** b less a, when both have it. */
  difference: number | null;
}

/** The evaluation figures of two runs side by side: balance, lead changes a game, the share left once settled, skill. */
export function evaluationRows(a: Summary, b: Summary): EvaluationRow[] {
  const figures: [EvaluationRow["measure"], string, EvaluationRow["kind"], (s: Summary) => number | null][] = [
    ["balance", "1 − the highest seat win rate less the lowest", "mean", (s) => s.balance?.value ?? null],
    ["drama", "lead changes a game", "mean", (s) => s.drama?.leadChanges.mean ?? null],
    ["decisiveness", "the share of a game still to play once its winners stand ahead to the end", "rate", (s) => s.decisiveness?.settled.mean ?? null],
    ["skill", "the strongest agent's win rate less chance", "rate", (s) => s.skill?.value ?? null],
  ];
  return figures.map(([measure, what, kind, of]) => {
    const x = of(a);
    const y = of(b);
    return { measure, what, kind, a: x, b: y, difference: x === null || y === null ? null : round(y - x) };
  });
}

/** The two-sided p value of a standard normal statistic. */
export function pValue(z: number): number {
  return round(2 * (1 - normalCdf(Math.abs(z))), 6);
}

/**
 * Holm's step-down correction of p values tested together: the k-th smallest of m is multiplied by m − k + 1,
 * capped at 1, and none is below the one before it. Null (untested) stays null and is not counted in m.
 */
export function holm(ps: readonly (number | null)[]): (number | null)[] {
  const order = ps.flatMap((p, i) => (p === null ? [] : [i])).sort((x, y) => ps[x]! - ps[y]! || x - y);
  const m = order.length;
  const out: (number | null)[] = ps.map(() => null);
  let highest = 0;
  order.forEach((i, k) => {
    highest = Math.max(highest, Math.min(1, (m - k) * ps[i]!));
    out[i] = round(highest, 6);
  });
  return out;
}

/** The differences with their Holm-corrected p values and marks, corrected for all of them together. */
export function withHolm(differences: readonly Omit<Difference, "pHolm" | "significantHolm">[]): Difference[] {
  const corrected = holm(differences.map((d) => d.p));
  return differences.map((d, i) => ({ ...d, pHolm: corrected[i], significantHolm: corrected[i] !== null && corrected[i]! < 0.05 }));
}

type Tested = Omit<Difference, "pHolm" | "significantHolm">;

/** Two proportions: x1 of n1 against x2 of n2. */
export function proportions(measure: string, x1: number, n1: number, x2: number, n2: number): Tested {
  const a = n1 ? x1 / n1 : 0;
  const b = n2 ? x2 / n2 : 0;
  const pooled = n1 + n2 ? (x1 + x2) / (n1 + n2) : 0;
  const se = Math.sqrt(pooled * (1 - pooled) * (n1 && n2 ? 1 / n1 + 1 / n2 : 0));
  const p = n1 && n2 ? (se > 0 ? pValue((b - a) / se) : a === b ? 1 : 0) : null;
  return { measure, a: round(a), b: round(b), difference: round(b - a), kind: "rate", p, significant: p !== null && p < 0.05 };
}

/** Two means, each with its standard deviation over n games. */
export function means(measure: string, m1: number, sd1: number, n1: number, m2: number, sd2: number, n2: number): Tested {
  const se = Math.sqrt((n1 ? (sd1 * sd1) / n1 : 0) + (n2 ? (sd2 * sd2) / n2 : 0));
  const p = n1 > 1 && n2 > 1 ? (se > 0 ? pValue((m2 - m1) / se) : m1 === m2 ? 1 : 0) : null;
  return { measure, a: m1, b: m2, difference: round(m2 - m1), kind: "mean", p, significant: p !== null && p < 0.05 };
}

function share(x: number, n: number): number {
  return n ? round(x / n) : 0;
}

export function compareSummaries(a: Summary, b: Summary, names: [string, string] = [a.rules, b.rules]): Comparison {
  const out: Tested[] = [];
  out.push(proportions("games finished", a.finished, a.games, b.finished, b.games));
  out.push(means("game length (moves)", a.length.mean, a.length.sd, a.finished, b.length.mean, b.length.sd, b.finished));
  out.push(proportions("games with shared wins", a.ties, a.finished, b.ties, b.finished));
  if (a.together && b.together) {
    // everyone wins or loses together: one figure, not the same one for every seat
    out.push(proportions("table win rate", a.together.won, a.together.games, b.together.won, b.together.games));
  } else {
    const seats = Math.min(a.seats.length, b.seats.length);
    for (let i = 0; i < seats; i++) out.push(proportions(`P${i + 1} win rate`, a.seats[i].wins, a.finished, b.seats[i].wins, b.finished));
    // games like Idiot have one loser rather than one winner: who loses is the figure that matters there
    for (let i = 0; i < seats; i++) out.push(proportions(`P${i + 1} loss rate`, a.losses[i], a.finished, b.losses[i], b.finished));
  }
  if (a.scores && b.scores) {
    const sa = a.scores;
    const sb = b.scores;
    for (let i = 0; i < Math.min(sa.seats.length, sb.seats.length); i++) {
      out.push(means(`P${i + 1} final score`, sa.seats[i].mean, sa.seats[i].sd, sa.games, sb.seats[i].mean, sb.seats[i].sd, sb.games));
    }
    out.push(means("best less worst score", sa.gap.mean, sa.gap.sd, sa.games, sb.gap.mean, sb.gap.sd, sb.games));
    out.push(means("lead changes a game", sa.leadChanges.mean, sa.leadChanges.sd, sa.games, sb.leadChanges.mean, sb.leadChanges.sd, sb.games));
  }
  if (a.coverage && b.coverage) {
    const inB = new Map(b.coverage.rules.map((r) => [`${r.rule} ${r.what}`, r]));
    const inA = new Set(a.coverage.rules.map((r) => `${r.rule} ${r.what}`));
    for (const r of a.coverage.rules) {
      const other = inB.get(`${r.rule} ${r.what}`);
      const measure = `${r.rule} ${r.what} (share of games)`;
      if (other) out.push(proportions(measure, r.games, a.coverage.games, other.games, b.coverage.games));
      else out.push({ measure: `${measure}, only in ${names[0]}`, a: share(r.games, a.coverage.games), b: 0, difference: -share(r.games, a.coverage.games), kind: "rate", p: null, significant: false });
    }
    for (const r of b.coverage.rules) {
      if (inA.has(`${r.rule} ${r.what}`)) continue;
      out.push({ measure: `${r.rule} ${r.what} (share of games), only in ${names[1]}`, a: 0, b: share(r.games, b.coverage.games), difference: share(r.games, b.coverage.games), kind: "rate", p: null, significant: false });
    }
    // what each rule did: the times a game it changed something, where both sides counted it
    for (const r of a.coverage.rules) {
      const other = inB.get(`${r.rule} ${r.what}`);
      const measure = `${r.rule} changed the game (times a game)`;
      if (!r.timesFired) continue;
      if (other?.timesFired) out.push(means(measure, r.timesFired.mean, r.timesFired.sd, a.coverage.games, other.timesFired.mean, other.timesFired.sd, b.coverage.games));
      else if (!other) out.push({ measure: `${measure}, only in ${names[0]}`, a: r.timesFired.mean, b: 0, difference: -r.timesFired.mean, kind: "mean", p: null, significant: false });
    }
    for (const r of b.coverage.rules) {
      if (inA.has(`${r.rule} ${r.what}`) || !r.timesFired) continue;
      out.push({ measure: `${r.rule} changed the game (times a game), only in ${names[1]}`, a: 0, b: r.timesFired.mean, difference: r.timesFired.mean, kind: "mean", p: null, significant: false });
    }
  }
  return { a: names[0], b: names[1], games: [a.games, b.games], differences: withHolm(out), evaluation: evaluationRows(a, b) };
}

/**
 * What a mark is worth among many figures: at 95%, about one in twenty differs by chance when the two rule sets
 * play alike (docs/house-rules.md says the same of its tables).
 */
export function chanceNote(tested: number): string {
  const expected = tested / 20;
  const about = expected < 1 ? "less than one" : `about ${Math.round(expected)}`;
  return `Of ${tested} figures tested at 95%, ${about} would be marked by chance alone even if A and B played alike: read a lone ★ with care, and play more games to see whether it stays.`;
}

/** What the corrected mark means, in the same words on the page, at the command line and in the docs. */
export function holmNote(tested: number, held: number): string {
  return `Corrected for all ${tested} figures tested at once (Holm's method), ${held} stay${held === 1 ? "s" : ""} significant at 95%: if the two sets of rules played alike, the chance that any figure stays marked would be below one in twenty.`;
}
