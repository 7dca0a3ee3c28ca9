// Numbers about many games: means, spreads and confidence intervals, kept apart from how games are played.

export interface Spread {
  mean: number;
  sd: number;
  min: number;
  median: number;
  max: number;
}

export function spread(values: readonly number[]): Spread {
  if (values.length === 0) return { mean: 0, sd: 0, min: 0, median: 0, max: 0 };
  // summed in sorted order: the same figures whatever order the games were played or added in (tally.ts)
  const sorted = [...values].sort((a, b) => a - b);
  const mean = sorted.reduce((a, b) => a + b, 0) / sorted.length;
  const variance = sorted.reduce((a, v) => a + (v - mean) * (v - mean), 0) / Math.max(1, sorted.length - 1);
  const mid = sorted.length >> 1;
  const median = sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
  return { mean: round(mean), sd: round(Math.sqrt(variance)), min: sorted[0], median, max: sorted[sorted.length - 1] };
}

/** The Wilson score interval for a proportion, at 95%. */
export function wilson(successes: number, trials: number): [number, number] {
  if (trials === 0) return [0, 0];
  const z = 1.959964;
  const p = successes / trials;
  const denom = 1 + (z * z) / trials;
  const centre = p + (z * z) / (2 * trials);
  const margin = z * Math.sqrt((p * (1 - p)) / trials + (z * z) / (4 * trials * trials));
  return [round((centre - margin) / denom), round((centre + margin) / denom)];
}

export function round(x: number, digits = 4): number {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
}

/** The standard normal distribution function. */
export function normalCdf(x: number): number {
  // Abramowitz and Stegun 7.1.26, error below 1.5e-7
  const t = 1 / (1 + 0.3275911 * (Math.abs(x) / Math.SQRT2));
  const poly = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
  const erf = 1 - poly * Math.exp(-(x * x) / 2);
  return x >= 0 ? 0.5 * (1 + erf) : 0.5 * (1 - erf);
}

/**
 * The chance that a chi-square variable of `df` degrees of freedom (a whole number from 1) is at least x: the
 * upper tail, in closed form: e^-y times the first df/2 terms of e^y's series for even df, and for odd df the
 * normal tail 2(1 − Φ(√x)) plus the terms of half-whole powers (y = x / 2).
 */
export function chiSquareTail(x: number, df: number): number {
  if (!(x > 0)) return 1;
  const y = x / 2;
  let q: number;
  let term: number;
  let a: number;
  if (df % 2 === 0) {
    q = 0;
    term = Math.exp(-y);
    a = 0;
  } else {
    q = 2 * (1 - normalCdf(Math.sqrt(x)));
    term = 2 * Math.sqrt(y / Math.PI) * Math.exp(-y);
    a = 0.5;
  }
  for (; a < df / 2; a++) {
    q += term;
    term *= y / (a + 1);
  }
  return Math.min(1, Math.max(0, q));
}
