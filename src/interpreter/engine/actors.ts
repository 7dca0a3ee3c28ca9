// Who may act now, and why a player may not.
import type { Pending, Refusal, State } from "../state.js";
import { possessive } from "../zones.js";
import { phaseOf, takesPart } from "../turn-order.js";
import { listMoves } from "./legal-moves.js";

/** The players who may act now: the player whose turn it is, or everyone not yet done in a simultaneous phase. */
export function actors(s: State): number[] {
  const out: number[] = [];
  actorsInto(s, out);
  return out;
}

/**
 * Writes the players who may act now (as actors() lists them) into the start of `out` and returns how many there
 * are: for a search, which asks after every move it makes, without a new list each time.
 */
export function actorsInto(s: State, out: number[]): number {
  if (s.sub) return actorsInto(s.sub, out);
  if (s.over) return 0;
  if (s.pending !== null) {
    out[0] = s.pending.player; // a choice is waited for: only its player may move
    return 1;
  }
  const phase = phaseOf(s);
  let n = 0;
  if (phase.turns === "realtime") {
    for (let p = 0; p < s.n; p++) if (takesPart(s, p)) out[n++] = p;
  } else if (phase.turns === "simultaneous") {
    for (let p = 0; p < s.n; p++) if (!s.out[p] && !s.done[p]) out[n++] = p;
  } else if (s.current >= 0) {
    out[n++] = s.current;
    if (phase.anytime !== null) n = outOfTurn(s, out, n);
  }
  return n;
}

/**
 * In a phase with actions out of turn (`anytime:`): adds after the player whose turn it is everyone else taking
 * part who has such a move now, in seat order from them, and gives how many players may act.
 */
function outOfTurn(s: State, out: number[], n: number): number {
  for (let i = 1; i < s.n; i++) {
    const p = (s.current + i) % s.n;
    if (takesPart(s, p) && listMoves(s, p).length > 0) out[n++] = p;
  }
  return n;
}

export function mayAct(s: State, p: number): Refusal | null {
  if (s.over) return { rule: "over", reason: "the game is over" };
  if (p < 0 || p >= s.n) return { rule: "player", reason: `there is no player ${p}` };
  if (s.out[p]) return { rule: "out", reason: `${s.names[p]} is out of the game` };
  const pending = s.pending;
  if (pending !== null) return pending.player === p ? null : waitingFor(s, pending);
  const phase = phaseOf(s);
  if (s.phaseWho && !s.phaseWho[p]) return { rule: "phase", reason: `${s.names[p]} takes no part in the ${phase.name} phase` };
  if (phase.turns === "realtime") return null;
  if (phase.turns === "simultaneous") {
    if (s.done[p]) return { rule: "done", reason: `${s.names[p]} has finished the ${phase.name} phase and waits for the others` };
    return null;
  }
  if (s.current !== p && !(phase.anytime !== null && s.current >= 0 && takesPart(s, p))) return { rule: "turn", reason: s.current >= 0 ? `it is ${possessive(s.names[s.current])} turn, not ${s.names[p] === "You" ? "yours" : possessive(s.names[p])}` : `nobody may act in the ${phase.name} phase` };
  return null;
}

/** Why a move is refused while a choice an action asked (ask:) is waited for. */
export function waitingFor(s: State, pending: Pending): Refusal {
  return { rule: "choice", reason: `${s.names[pending.player]} chooses ${s.game.actions[pending.choice].name} first` };
}

/** Whether decisions are being made in a real-time phase: anyone may act, each move at a time. */
export function isRealtime(s: State): boolean {
  const g = innermost(s);
  return !g.over && g.game.phases[g.phase]?.turns === "realtime";
}

/** The game decisions are made in now: this one, or the game being played inside it. */
export function innermost(s: State): State {
  // a loop, not a call of itself: V8 inlines a loop into its callers (the simulator asks before every move)
  let g = s;
  while (g.sub) g = g.sub;
  return g;
}

