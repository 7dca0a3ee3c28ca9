// Lead changes: how often the player ahead on score changes during a game.

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
