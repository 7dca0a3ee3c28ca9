// Moves on a state the agent owns (a determinization), for looking ahead: whose decision it is, and random play.
import type { State } from "../interpreter/state.js";
import { actors, applyMove, legalMoves, type Move } from "../interpreter/engine.js";
import { nextInt, type RngState } from "../interpreter/rng.js";

/** Who decides next on a state: the player whose turn it is, or, where several may act, one of them at random. */
export function decider(s: State, rng: RngState): number {
  const who = actors(s);
  if (who.length === 0) return -1;
  return who.length === 1 ? who[0] : who[nextInt(rng, who.length)];
}

/** Random moves until the game ends or `depth` moves have been made. */
export function randomPlayout(s: State, depth: number, rng: RngState): void {
  for (let i = 0; i < depth && !s.over; i++) {
    const p = decider(s, rng);
    if (p < 0) return;
    const legal = legalMoves(s, p);
    if (legal.length === 0) return;
    applyMove(s, p, legal[legal.length === 1 ? 0 : nextInt(rng, legal.length)], true);
  }
}

/** A cheap key naming a move within one game: its action and arguments. */
export function moveKey(m: Move): string {
  let key = String(m.action.index);
  for (const a of m.args) key += ":" + (Array.isArray(a) ? a.join(".") : String(a));
  return key;
}
