// Whether a rule changed the game, for coverage's `fired` counts: a fingerprint of everything the rules can
// change — cards moved and shown, zones shuffled (through the random numbers drawn), variables, whose turn it
// is and the turn order, who is out, the phase — taken before and after a rule runs. A rule that ran and left
// the fingerprint as it was changed nothing (a queen rule when no queen was played, `lastRank = rank` when it
// already was). Read only when coverage is counted (s.coverage), never in play.
import type { State } from "./state.js";

/** Bounds the fingerprint's walk into a variable's value (lists of lists): enough for any value rules keep. */
const deepest = 4;

function mix(h: number, x: number): number {
  h = Math.imul(h ^ (x | 0), 0x01000193);
  return (h ^ (h >>> 15)) | 0;
}

function mixNumber(h: number, v: number): number {
  if (Number.isInteger(v) && Math.abs(v) < 2 ** 31) return mix(mix(h, 1), v);
  return mix(mix(mix(h, 2), Math.trunc(v) | 0), Math.round((v - Math.trunc(v)) * 1e9) | 0);
}

function mixValue(h: number, v: unknown, depth: number): number {
  switch (typeof v) {
    case "number":
      return mixNumber(h, v);
    case "boolean":
      return mix(h, v ? 3 : 4);
    case "string": {
      h = mix(mix(h, 5), v.length);
      for (let i = 0; i < v.length; i++) h = mix(h, v.charCodeAt(i));
      return h;
    }
    case "undefined":
      return mix(h, 6);
    case "object": {
      if (v === null) return mix(h, 7);
      if (depth >= deepest) return mix(h, 8);
      if (Array.isArray(v) || ArrayBuffer.isView(v)) {
        const list = v as ArrayLike<unknown>;
        h = mix(mix(h, 9), list.length);
        for (let i = 0; i < list.length; i++) h = mixValue(h, list[i], depth + 1);
        return h;
      }
      if (v instanceof Map) {
        h = mix(mix(h, 10), v.size);
        for (const [k, x] of v) h = mixValue(mixValue(h, k, depth + 1), x, depth + 1);
        return h;
      }
      h = mix(h, 11);
      for (const k of Object.keys(v)) h = mixValue(mixValue(h, k, depth + 1), (v as Record<string, unknown>)[k], depth + 1);
      return h;
    }
    default:
      return mix(h, 12);
  }
}

function mixList(h: number, list: ArrayLike<number>): number {
  for (let i = 0; i < list.length; i++) h = mix(h, list[i]);
  return h;
}

/** The fingerprint of what the rules can change in `s`: equal before and after a rule that changed nothing. */
export function changeStamp(s: State): number {
  let h = mix(0x811c9dc5, s.cardMoves);
  h = mix(h, s.current);
  h = mix(h, s.phase);
  h = mix(h, s.dealer);
  h = mix(h, s.start);
  h = mix(h, (s.extraTurn ? 1 : 0) | (s.reversed ? 2 : 0) | (s.stayInTurn ? 4 : 0) | (s.endPhaseNow ? 8 : 0) | (s.over ? 16 : 0) | (s.sub !== null ? 32 : 0));
  h = mix(h, s.skips);
  h = mix(h, s.givenTurn);
  h = mix(h, s.places.length);
  h = mixList(h, s.out);
  h = mixList(h, s.hand);
  h = mixList(h, s.done);
  if (s.phaseWho !== null) h = mixList(h, s.phaseWho);
  h = mixList(h, s.shown);
  h = mixList(h, s.rng);
  for (let i = 0; i < s.vars.length; i++) h = mixValue(h, s.vars[i], 0);
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
