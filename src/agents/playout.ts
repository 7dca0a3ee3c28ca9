// Moves on a state the agent owns (a determinization), for looking ahead: whose decision it is, and random play.
import type { State } from "../interpreter/state.js";
import { actorsInto, applyJustListed, listMovesInto, MoveList, type Move } from "../interpreter/engine.js";
import { nextInt, type RngState } from "../interpreter/rng.js";

/** Where decider() lists who may act: one list, written over on every call. */
const who: number[] = [];

/** Who decides next on a state: the player whose turn it is, or, where several may act, one of them at random. */
export function decider(s: State, rng: RngState): number {
  const n = actorsInto(s, who);
  if (n === 0) return -1;
  return n === 1 ? who[0] : who[nextInt(rng, n)];
}

/** Where randomPlayout() lists the legal moves: one list, written over at every step. */
const moves = new MoveList();

/**
 * Random moves until the game ends or `depth` moves have been made. Each step draws from the generator exactly as
 * picking from legalMoves() would (nothing for a single move, else nextInt of their number), and the move drawn
 * is written into the list's one move object to apply.
 */
export function randomPlayout(s: State, depth: number, rng: RngState): void {
  for (let i = 0; i < depth && !s.over; i++) {
    const p = decider(s, rng);
    if (p < 0) return;
    const n = listMovesInto(s, p, moves);
    if (n === 0) return;
    applyJustListed(s, p, moves.toApply(n === 1 ? 0 : nextInt(rng, n)));
  }
}

/**
 * A key naming a move within one game: equal for the same action with the same arguments. A move without
 * arguments, or with one card, number or list of up to three cards (most moves of most games, and Idiot's plays
 * of a pair or three of a kind), gets a number; any other, its action and arguments as text. Numbers are cheaper
 * to make and to look up than text, and a search looks up every legal move at every step down its tree.
 */
export type MoveKey = number | string;

export function moveKey(m: Move): MoveKey {
  return keyOf(m.action.index, m.args, 0, m.args.length);
}

/** moveKey() of the i-th move of a listing, without making the move. */
export function listedKey(list: MoveList, i: number): MoveKey {
  const made = list.made[i];
  if (made !== null) return moveKey(made);
  const action = list.action[i];
  return keyOf(action.index, list.args, list.at[i], action.params.length);
}

/** The key of the move of the action numbered `index` whose arguments are args[at .. at + count - 1]. */
function keyOf(index: number, args: readonly unknown[], at: number, count: number): MoveKey {
  if (index < actionStride && count <= 1) {
    if (count === 0) return index;
    const a = args[at];
    if (a === null) return actionStride * 2 + index;
    if (!Array.isArray(a)) {
      if (small(a)) return actionStride * (2 * (a + 2)) + index;
    } else if (a.length === 1) {
      // tagged by whether it is a list, so that a number and a list of one card never share a key
      if (small(a[0])) return actionStride * (2 * (a[0] + 2) + 1) + index;
    } else if (a.length <= 3 && card(a[0]) && card(a[1]) && (a.length === 2 || card(a[2]))) {
      const cards = a[0] + cardStride * (a[1] + cardStride * (a.length === 3 ? a[2] : 0));
      return listBase + actionStride * (a.length - 2 + 2 * cards) + index;
    }
  }
  let key = String(index);
  for (let i = at; i < at + count; i++) {
    const a = args[i];
    key += ":" + (Array.isArray(a) ? a.join(".") : String(a));
  }
  return key;
}

// Numbered keys. Below 2^30 (a small integer): the action index + actionStride × (2 × (argument + 2) + 1 for a
// list of one), or + actionStride × 2 for none. From listBase on, a list of two or three cards, each below
// cardStride: listBase + the action index + actionStride × (0 for two, 1 for three + 2 × the cards in base
// cardStride), below 2^51: a whole number a double holds exactly.
const actionStride = 1024;
const maxSmallArg = 1 << 17;
const listBase = 2 ** 30;
const cardStride = 1 << 13;

function small(v: unknown): v is number {
  return typeof v === "number" && v >= 0 && v < maxSmallArg && Number.isInteger(v);
}

function card(v: unknown): v is number {
  return typeof v === "number" && v >= 0 && v < cardStride && Number.isInteger(v);
}
