// Whether a rule changed the game, for coverage's `fired` counts: a fingerprint of everything the rules can
// change — cards moved and shown (counted as they happen: cardMoves, shows), zones shuffled (through the random numbers drawn), variables, whose turn it
// is and the turn order, who is out, the phase — taken before and after a rule runs. A rule that ran and left
// the fingerprint as it was changed nothing (a queen rule when no queen was played, `lastRank = rank` when it
// already was). Read only when coverage is counted (s.coverage), never in play.
import type { State } from "./state.js";

/** Bounds the fingerprint's walk into a variable's value (lists of lists): enough for any value rules keep. */
const deepest = 4;

// The fingerprint is a polynomial hash, h * 31 + x in 32 bits: a few nanoseconds a number, since it is taken
// twice for every counted rule that runs.
function mixValue(h: number, v: unknown, depth: number): number {
  if (typeof v === "number") return Number.isInteger(v) ? (Math.imul(h, 31) + (v | 0)) | 0 : (Math.imul(h, 31) + ((v * 1e6) | 0) + 7) | 0;
  if (v === null || v === undefined) return (Math.imul(h, 31) + (v === null ? 11 : 13)) | 0;
  if (typeof v === "boolean") return (Math.imul(h, 31) + (v ? 17 : 19)) | 0;
  if (Array.isArray(v)) {
    h = (Math.imul(h, 31) + v.length + 23) | 0;
    if (depth >= deepest) return h;
    for (let i = 0; i < v.length; i++) {
      const x = v[i];
      h = typeof x === "number" && (x | 0) === x ? (Math.imul(h, 31) + x) | 0 : mixValue(h, x, depth + 1);
    }
    return h;
  }
  if (typeof v === "string") {
    h = (Math.imul(h, 31) + v.length + 29) | 0;
    for (let i = 0; i < v.length; i++) h = (Math.imul(h, 31) + v.charCodeAt(i)) | 0;
    return h;
  }
  if (depth >= deepest || typeof v !== "object") return (Math.imul(h, 31) + 31) | 0;
  if (v instanceof Map) {
    h = (Math.imul(h, 31) + v.size + 37) | 0;
    for (const [k, x] of v) h = mixValue(mixValue(h, k, depth + 1), x, depth + 1);
    return h;
  }
  if (ArrayBuffer.isView(v)) return mixValue(h, Array.from(v as unknown as ArrayLike<number>), depth);
  for (const k of Object.keys(v)) h = mixValue(mixValue(h, k, depth + 1), (v as Record<string, unknown>)[k], depth + 1);
  return h;
}

function mixList(h: number, list: ArrayLike<number>): number {
  for (let i = 0; i < list.length; i++) h = (Math.imul(h, 31) + list[i]) | 0;
  return h;
}

/** The fingerprint of what the rules can change in `s`: equal before and after a rule that changed nothing. */
export function changeStamp(s: State): number {
  let h = s.cardMoves | 0;
  h = (Math.imul(h, 31) + s.current) | 0;
  h = (Math.imul(h, 31) + s.phase) | 0;
  h = (Math.imul(h, 31) + s.dealer) | 0;
  h = (Math.imul(h, 31) + s.start) | 0;
  h = (Math.imul(h, 31) + ((s.extraTurn ? 1 : 0) | (s.reversed ? 2 : 0) | (s.stayInTurn ? 4 : 0) | (s.endPhaseNow ? 8 : 0) | (s.over ? 16 : 0) | (s.sub !== null ? 32 : 0))) | 0;
  h = (Math.imul(h, 31) + s.skips) | 0;
  h = (Math.imul(h, 31) + s.turnStep) | 0;
  h = (Math.imul(h, 31) + s.givenTurn) | 0;
  h = (Math.imul(h, 31) + s.places.length) | 0;
  h = mixList(h, s.out);
  h = mixList(h, s.hand);
  h = mixList(h, s.done);
  if (s.phaseWho !== null) h = mixList(h, s.phaseWho);
  h = (Math.imul(h, 31) + s.shows) | 0; // a card shown anew: cheaper than every card's bits, and the same test
  h = mixList(h, s.rng);
  const vars = s.vars;
  for (let i = 0; i < vars.length; i++) h = mixValue(h, vars[i], 0);
  return h;
}

/**
 * Runs a counted rule's `run` with coverage on: counts that it ran (entry `i`) and, when it changed the game,
 * that it fired (the entry's second count, in the second half of s.coverage).
 */
export function countedRun(s: State, i: number, run: (s: State) => void): void {
  const counts = s.coverage!;
  counts[i]++;
  const before = changeStamp(s);
  run(s);
  if (changeStamp(s) !== before) counts[(counts.length >> 1) + i]++;
}

/**
 * A requirement refused a move (entry `i`): counted, and counted as firing when the requirements after it would all
 * have let the move through, so that without it the player would have had the move. Asking them is not play: the
 * work it takes is not counted against the game, and a requirement that cannot be asked (it reads what an
 * earlier one made sure of) counts as refusing too.
 */
export function refused(s: State, i: number, others: (s: State) => boolean): void {
  const counts = s.coverage!;
  counts[i]++;
  const steps = s.steps, ticks = s.ticks, nextCheck = s.nextCheck, me = s.me;
  let alone = false;
  try {
    alone = others(s) === true;
  } catch {
    alone = false;
  }
  s.steps = steps;
  s.ticks = ticks;
  s.nextCheck = nextCheck;
  s.me = me;
  if (alone) counts[(counts.length >> 1) + i]++;
}

/** A phase was entered: that always changes the game, so it fired as often as it ran. */
export function entered(s: State, i: number): void {
  const counts = s.coverage!;
  counts[i]++;
  counts[(counts.length >> 1) + i]++;
}
