// Lead changes: how often the player ahead on score changes during a game.
export { higherWins } from "../interpreter/engine/outcome.js";

/** The seat with the highest score alone, or -1 when the best score is shared (or there are no scores). */
export function leader(scores: readonly number[]): number {
  let best = -1;
  let shared = false;
  for (let p = 0; p < scores.length; p++) {
    if (best < 0 || scores[p] > scores[best]) {
      best = p;
      shared = false;
    } else if (scores[p] === scores[best]) shared = true;
  }
  return shared ? -1 : best;
}

/**
 * Watches the scores after every move and counts lead changes: a player takes the lead alone from another
 * player who held it alone before. Taking the first lead is no change; while the best score is shared nobody
 * leads, and the lead is counted as changed only when someone other than the last leader comes out ahead.
 */
export class LeadTracker {
  private last = -1;
  changes = 0;

  observe(scores: readonly number[]): void {
    const now = leader(scores);
    if (now < 0) return;
    if (this.last >= 0 && now !== this.last) this.changes++;
    this.last = now;
  }
}

/** The lead changes of a sequence of scores (one entry per moment observed). */
export function leadChanges(sequence: readonly (readonly number[])[]): number {
  const t = new LeadTracker();
  for (const scores of sequence) t.observe(scores);
  return t.changes;
}

/**
 * The standings of a game watched move by move (scores, or another value by seat where higher is better), kept
 * in a few numbers per seat whatever the length of the game: the lead changes read both ways (higher leads, or
 * lower leads, as in games won on the lowest score), and for every k, the last moment each seat was not among
 * k seats strictly ahead of all the others. Once the game is over and its winners known, that tells from when
 * the winners stood apart: every winner ahead of every other player, and so to the end.
 */
export class Standings {
  /** Moments observed. */
  observed = 0;
  private readonly up = new LeadTracker();
  private readonly down = new LeadTracker();
  /** apart[k - 1][p]: the last moment seat p was not among k seats strictly ahead of the rest (-1: never). */
  private readonly apart: Int32Array[];
  private readonly order: number[];
  private readonly negated: number[];

  constructor(private readonly n: number) {
    this.apart = Array.from({ length: Math.max(0, n - 1) }, () => new Int32Array(n).fill(-1));
    this.order = Array.from({ length: n }, (_, i) => i);
    this.negated = new Array<number>(n);
  }

  observe(values: readonly number[]): void {
    const t = this.observed++;
    const n = this.n;
    this.up.observe(values);
    for (let p = 0; p < n; p++) this.negated[p] = -values[p];
    this.down.observe(this.negated);
    // the seats from the highest value down (equal values by seat): an insertion sort, as seats are few
    const order = this.order;
    for (let i = 0; i < n; i++) {
      let j = i;
      for (; j > 0 && values[order[j - 1]] < values[i]; j--) order[j] = order[j - 1];
      order[j] = i;
    }
    for (let k = 1; k < n; k++) {
      const last = this.apart[k - 1];
      const split = values[order[k - 1]] > values[order[k]];
      // the k best stand apart: they are in; the others (or everyone, when the k-th ties the next) are not
      for (let i = split ? k : 0; i < n; i++) last[order[i]] = t;
    }
  }

  /** Lead changes so far: of the highest value, or of the lowest. */
  changes(higherLeads = true): number {
    return higherLeads ? this.up.changes : this.down.changes;
  }

  /**
   * The first moment from which the winners stood apart to the end — every winner strictly ahead of every
   * other player, higher ahead (or lower, when `higherLeads` is false) — or `observed` when they did not at the
   * last moment. Null when there is no such split: no winner, or every player a winner.
   */
  settledFrom(winners: readonly number[], higherLeads = true): number | null {
    const k = winners.length;
    if (k === 0 || k >= this.n) return null;
    // lower leads: the others are the k' = n - k seats ahead on the higher values
    const ahead = higherLeads ? winners : Array.from({ length: this.n }, (_, p) => p).filter((p) => !winners.includes(p));
    const last = this.apart[ahead.length - 1];
    let from = 0;
    for (const p of ahead) from = Math.max(from, last[p] + 1);
    return from;
  }
}
