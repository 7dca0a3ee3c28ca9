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

/**
 * A key naming a move within one game: equal for the same action with the same arguments. A move without
 * arguments, or with one card, number or list of one card (most moves of most games), gets a small number; any
 * other, its action and arguments as text. Numbers are cheaper to make and to look up than text, and a search
 * looks up every legal move at every step down its tree.
 */
export type MoveKey = number | string;

export function moveKey(m: Move): MoveKey {
  const index = m.action.index;
  const args = m.args;
  if (index < actionStride) {
    if (args.length === 0) return index;
    if (args.length === 1) {
      const a = args[0];
      const list = Array.isArray(a);
      const v = list ? (a.length === 1 ? a[0] : undefined) : a;
      if (v === null && !list) return actionStride * 2 + index;
      // tagged by whether it is a list, so that a number and a list of one card never share a key
      if (typeof v === "number" && v >= 0 && v < maxSmallArg && Number.isInteger(v)) return actionStride * (2 * (v + 2) + (list ? 1 : 0)) + index;
    }
  }
  let key = String(index);
  for (const a of args) key += ":" + (Array.isArray(a) ? a.join(".") : String(a));
  return key;
}

/** Numbered keys: action index + actionStride × (2 × (argument + 2) + 1 for a list), below 2^30 (a small integer). */
const actionStride = 1024;
const maxSmallArg = 1 << 17;
