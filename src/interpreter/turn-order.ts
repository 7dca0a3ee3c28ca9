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

// A hand and its rounds (`turns: round`). A player may leave the hand being played (fold()) or stay in it without
// acting again (stand(): all in, nothing left to decide), and is back in both ways when a phase with
// `newHand: true` begins. In a round, turns go to the players still in the hand who can act, and the round ends
// once everyone still in has acted since the last raise(), or one player is left in the hand.

/** hand bits: the player left the hand (fold()). */
export const FOLDED = 1;
/** The player stays in the hand but acts no more in it (stand()). */
export const STOOD = 2;
/** The player has acted in the round since the last raise(). */
export const ACTED = 4;

/** Whether a player is still in the hand being played: in the game, and not folded. */
export function inHand(s: State, p: number): boolean {
  return p >= 0 && p < s.n && !s.out[p] && (s.hand[p] & FOLDED) === 0;
}

/** Whether a player still has to act in the round: takes part, in the hand, not stood, not acted since the last raise. */
function waiting(s: State, p: number): boolean {
  return takesPart(s, p) && (s.hand[p] & (FOLDED | STOOD | ACTED)) === 0;
}

/** Whether the round is over: one player (or none) is left in the hand, or nobody still has to act. */
export function roundOver(s: State): boolean {
  let left = 0;
  let toAct = 0;
  for (let p = 0; p < s.n; p++) {
    if (!takesPart(s, p) || (s.hand[p] & FOLDED) !== 0) continue;
    left++;
    if (waiting(s, p)) toAct++;
  }
  return left <= 1 || toAct === 0;
}

/** The first player from `from` on (itself included), in the direction of play, who still has to act; -1: nobody. */
function waitingFrom(s: State, from: number, dir: number): number {
  let p = seat(from, s.n);
  for (let i = 0; i < s.n; i++) {
    if (waiting(s, p)) return p;
    p = step(p, dir, s.n);
  }
  return -1;
}

/**
 * Who takes the next turn of a round: the player given the turn if they still have to act, else the first after
 * `from` (or `from` itself, for the first turn) who does; then each pending skip passes over one more of them,
 * whose turn is lost and counts as their acting in the round. -1 when nobody has to act.
 */
export function roundTurn(s: State, from: number, itself: boolean): number {
  const dir = direction(s);
  let p = s.givenTurn >= 0 && waiting(s, s.givenTurn) ? s.givenTurn : waitingFrom(s, itself ? from : step(seat(from, s.n), dir, s.n), dir);
  s.givenTurn = -1;
  let k = s.skips;
  s.skips = 0;
  while (k-- > 0 && p >= 0) {
    s.hand[p] |= ACTED;
    s.phaseTurns++;
    if (s.log || s.watch) record(s, { type: "skip", player: p });
    p = waitingFrom(s, p, dir);
  }
  return p;
}

/** A new hand: everyone who folded or stood is back in, and nobody has acted. */
export function newHand(s: State): void {
  for (let p = 0; p < s.n; p++) s.hand[p] = 0;
}

/** A raise reopens the round: everyone has to act again (the raiser has acted once their turn ends). */
export function reopenRound(s: State): void {
  for (let p = 0; p < s.n; p++) s.hand[p] &= ~ACTED;
}
