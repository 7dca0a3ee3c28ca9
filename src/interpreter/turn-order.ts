// Who plays next and who starts: facts of the flow of play that the engine and the builtins both read, so that
// neither has to import the other. The order of turns is data of the state: the phase's direction (its
// `turns:`), turned round by reverse(), with skips and a turn given by the rules waiting for the turn to pass.
import type { PhaseDef } from "./model.js";
import type { State } from "./state.js";
import { record } from "./events.js";

export function phaseOf(s: State): PhaseDef {
  return s.game.phases[s.phase];
}

/** +1 when play goes clockwise now, -1 counter-clockwise: the phase's direction, turned round by reverse(). */
export function direction(s: State): number {
  return s.reversed ? -s.phaseDir : s.phaseDir;
}

/**
 * The next player still in the game, from a player in a direction (+1 or -1); the player itself when nobody else
 * is in. The seats are stepped through, not computed with %: two divisions per seat cost more than the rest of
 * passing the turn.
 */
export function nextActive(s: State, from: number, dir: number): number {
  const n = s.n;
  let p = seat(from, n);
  for (let i = 1; i <= n; i++) {
    p = step(p, dir, n);
    if (!s.out[p]) return p;
  }
  return from;
}

/** A seat number from any whole number (the player -1, outside turns, counts round from the last seat). */
function seat(p: number, n: number): number {
  return p >= 0 && p < n ? p : ((p % n) + n) % n;
}

/** The seat next to `p` in a direction (+1 or -1). */
function step(p: number, dir: number, n: number): number {
  const q = p + dir;
  return q >= n ? q - n : q < 0 ? q + n : q;
}

/** Whether a player takes part in the current phase: still in, and among the phase's players if it names them. */
export function takesPart(s: State, p: number): boolean {
  return !s.out[p] && (s.phaseWho === null || s.phaseWho[p] === 1);
}

/** The next player clockwise (or counter-clockwise) who takes part in the phase. */
export function nextInPhase(s: State, from: number, dir: number): number {
  if (s.phaseWho === null) return nextActive(s, from, dir);
  const n = s.n;
  let p = seat(from, n);
  for (let i = 1; i <= n; i++) {
    p = step(p, dir, n);
    if (takesPart(s, p)) return p;
  }
  return from;
}

/**
 * Who takes the next turn: `candidate` (the player given the turn by giveTurn, else the phase's first player or
 * the next in the direction of play), or the next who takes part after them; then every pending skip passes
 * over one more player, whose turn is lost and counts as a turn of the phase. Skips and the given turn are used
 * up. Returns the player, and allocates nothing unless someone is skipped: it runs at every turn.
 */
export function applyOrder(s: State, candidate: number): number {
  const dir = direction(s);
  let p = candidate;
  if (s.givenTurn >= 0) p = s.givenTurn;
  if (!takesPart(s, p)) p = nextInPhase(s, p, dir);
  s.givenTurn = -1;
  if (s.skips === 0) return p; // the common case, once a turn: nobody is skipped
  let taking = 0;
  for (let q = 0; q < s.n; q++) if (takesPart(s, q)) taking++;
  // skipping a whole round of the table comes back to the same place
  const k = taking > 0 ? s.skips % taking : 0;
  const skipped: number[] = [];
  for (let i = 0; i < k; i++) {
    skipped.push(p);
    p = nextInPhase(s, p, dir);
  }
  s.skips = 0;
  s.phaseTurns += k;
  if (s.log || s.watch) for (const q of skipped) record(s, { type: "skip", player: q });
  return p;
}

/** The player who takes the first turn of a phase, from its `first:` (or, without one, left of the dealer). */
export function firstTurn(s: State, first: number | null): number {
  const candidate = first ?? nextInPhase(s, s.dealer, direction(s));
  // nearly every phase: its begin effects gave no turn and skipped nobody, so only the candidate is checked
  if (s.givenTurn < 0 && s.skips === 0) return takesPart(s, candidate) ? candidate : nextInPhase(s, candidate, direction(s));
  return applyOrder(s, candidate);
}

/** The player who takes the turn after `from`'s. */
export function followingTurn(s: State, from: number): number {
  const next = nextInPhase(s, from, direction(s));
  // nearly every turn: no turn given and nobody skipped, so the order has nothing to apply (the next player
  // already takes part)
  return s.givenTurn < 0 && s.skips === 0 ? next : applyOrder(s, next);
}

/** The start player is decided when first needed: the rules' `start:` expression, unless a scenario fixed it. */
export function startPlayer(s: State): number | null {
  if (s.start === -2) {
    const rule = s.game.start;
    const saved = s.me;
    s.me = -1;
    const p = rule ? (rule(s) as number | null) : (s.dealer + 1) % s.n;
    s.me = saved;
    s.start = p ?? (s.dealer + 1) % s.n;
  }
  return s.start;
}
