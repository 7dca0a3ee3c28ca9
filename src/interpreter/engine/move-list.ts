// Legal moves listed without making them: for a player who picks one move of many and drops the rest, as random
// play in a search does at every step. The listing writes each move's action and arguments into lists it reuses,
// and makes a Move only for the one asked for. The moves, their order and the rules' checks are those of
// legalMoves(); making every move, and a new list for them, was most of what a search allocated.
import type { ActionDef, MoveSink } from "../model.js";
import type { State } from "../state.js";
import { phaseOf } from "../turn-order.js";
import type { Move } from "./types.js";
import { mayAct } from "./actors.js";
import { failed } from "./guard.js";
import { legalMoves, tooManyMoves } from "./legal-moves.js";
import { maxLegalMoves } from "../limits.js";

/** The legal moves of one listing, written over by the next one. */
export class MoveList implements MoveSink {
  /** How many moves the last listing found. */
  n = 0;
  /** Per move: the move itself where one was made before (shared: never change it), else null. */
  readonly made: (Move | null)[] = [];
  /** Per move: its action. */
  readonly action: ActionDef[] = [];
  /** Per move not made: where its arguments start in `args`, one per parameter of its action. */
  readonly at: number[] = [];
  readonly args: unknown[] = [];
  /** How much of `args` the listing has taken. */
  private used = 0;

  /** Starts a listing. */
  clear(): void {
    this.n = 0;
    this.used = 0;
  }

  /** Lists a move that was made before. */
  add(move: Move): void {
    const i = this.n;
    if (i >= maxLegalMoves) tooManyMoves(move.action);
    this.made[i] = move;
    this.action[i] = move.action;
    this.n = i + 1;
  }

  /** Lists a move of `action` without making it: its arguments are to be written to args from the place returned. */
  open(action: ActionDef): number {
    const i = this.n;
    if (i >= maxLegalMoves) tooManyMoves(action);
    const at = this.used;
    this.made[i] = null;
    this.action[i] = action;
    this.at[i] = at;
    this.used = at + action.params.length;
    this.n = i + 1;
    return at;
  }

  /**
   * The i-th move of the listing (i < n) to apply at once, trusted: the one made before, or this list's own move
   * object written over. Nothing keeps a trusted move it applies (its arguments' values go to the action's frame,
   * a log keeps the move's text), so a playout can make every move through one object.
   */
  toApply(i: number): Move {
    const made = this.made[i];
    if (made !== null) return made;
    const action = this.action[i];
    const at = this.at[i];
    const n = action.params.length;
    const move = this.scratch;
    const args = move.args;
    while (args.length > n) args.pop();
    for (let j = 0; j < n; j++) args[j] = this.args[at + j];
    move.action = action;
    return move;
  }

  private readonly scratch: Move = { action: null as unknown as ActionDef, args: [] };

  /** The i-th move of the listing (i < n): the one made before, or a new one. */
  move(i: number): Move {
    const made = this.made[i];
    if (made !== null) return made;
    const action = this.action[i];
    const at = this.at[i];
    return { action, args: this.args.slice(at, at + action.params.length) };
  }
}

/**
 * Lists p's legal moves into `into` and returns how many there are: move(i) of them is legalMoves(s, p)[i]. Only the
 * generated listings list without making moves; for the closures this is legalMoves(), kept as made moves.
 */
export function listMovesInto(s: State, p: number, into: MoveList): number {
  into.clear();
  if (s.sub) return listMovesInto(s.sub, p, into);
  if (mayAct(s, p)) return 0;
  const phase = phaseOf(s);
  if (phase.listInto === null || s.pending !== null || (phase.anytime !== null && p !== s.current)) {
    const moves = legalMoves(s, p);
    for (let i = 0; i < moves.length; i++) into.add(moves[i]);
    return into.n;
  }
  const saved = s.me;
  s.me = p;
  try {
    phase.listInto(s, into);
  } catch (e) {
    failed(s, e, "legal moves");
    into.clear();
  } finally {
    s.me = saved;
  }
  return into.n;
}
