// Effects on the flow of play that the engine and the builtins share.
import type { State } from "./state.js";
import { record } from "./events.js";

/** A player goes out: they have finished, take no more turns, and get the next place. */
export function goOut(s: State, p: number): void {
  if (p < 0 || s.out[p]) return;
  s.out[p] = 1;
  s.activeCache = null;
  s.places.push(p);
  if (s.log || s.watch) record(s, { type: "out", player: p, place: s.places.length });
}

/**
 * A player is knocked out: out of the game, as goOut, but with no place among those who went out (place 0 in
 * the log); the game's end counts them among its losers.
 */
export function knockOut(s: State, p: number): void {
  if (p < 0 || p >= s.n || s.out[p]) return;
  s.out[p] = 1;
  s.activeCache = null;
  if (s.log || s.watch) record(s, { type: "out", player: p, place: 0 });
}

/** The players knocked out (out, with no place), in seat order. */
export function knockedOut(s: State): number[] {
  const out: number[] = [];
  for (let p = 0; p < s.n; p++) if (s.out[p] && !s.places.includes(p)) out.push(p);
  return out;
}

/**
 * How many players are still in. Asked after every move and as every phase begins: the list of the players still
 * in (activePlayers), once made, is kept until someone goes out, and its length is the count.
 */
export function activeCount(s: State): number {
  const active = s.activeCache;
  if (active !== null) return active.length;
  let n = 0;
  for (let p = 0; p < s.n; p++) if (!s.out[p]) n++;
  return n;
}
