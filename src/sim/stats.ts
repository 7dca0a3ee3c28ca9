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
