// Score spread: for rules with scores, how final scores are distributed by seat, and how far apart the best and
// the worst score of a game are.
import { round, spread, type Spread } from "./stats.js";

export interface SeatScores extends Spread {
  seat: number; // 1-based
  q1: number; // lower quartile
  q3: number; // upper quartile
}

export interface ScoreSpread {
  games: number; // finished games with scores
  seats: SeatScores[];
  gap: Spread; // per game: the best score less the worst
}

/** The spread of final scores over games: `finals` holds one score list (by seat) per finished game. */
export function scoreSpread(finals: readonly (readonly number[])[], players: number): ScoreSpread {
  const bySeat: number[][] = Array.from({ length: players }, () => []);
  const gaps: number[] = [];
  for (const scores of finals) {
    let best = -Infinity;
    let worst = Infinity;
    for (let p = 0; p < players; p++) {
      const v = scores[p];
      bySeat[p].push(v);
      if (v > best) best = v;
      if (v < worst) worst = v;
    }
    gaps.push(best - worst);
  }
  return {
    games: finals.length,
    seats: bySeat.map((values, p) => ({ seat: p + 1, ...seatScoreSpread(values) })),
    gap: spread(gaps),
  };
}

/** The spread of one seat's final scores, with the quartiles. */
export function seatScoreSpread(values: readonly number[]): Omit<SeatScores, "seat"> {
  const sorted = [...values].sort((a, b) => a - b);
  return { ...spread(sorted), q1: round(quantile(sorted, 0.25)), q3: round(quantile(sorted, 0.75)) };
}

/** The q-quantile of sorted values, interpolating linearly between neighbours (0 for none). */
export function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return 0;
  const at = (sorted.length - 1) * q;
  const below = Math.floor(at);
  const above = Math.min(sorted.length - 1, below + 1);
  return sorted[below] + (sorted[above] - sorted[below]) * (at - below);
}
