// Who plays next and who starts: facts of the flow of play that the engine and the builtins both read, so that
// neither has to import the other.
import type { PhaseDef } from "./model.js";
import type { State } from "./state.js";

export function phaseOf(s: State): PhaseDef {
  return s.game.phases[s.phase];
}

/** +1 for clockwise, -1 for a phase whose turns go counter-clockwise. */
export function direction(phase: PhaseDef | undefined): number {
  return phase?.turns === "counterclockwise" ? -1 : 1;
}

/** The next player still in the game, from a player in a direction; the player itself when nobody else is in. */
export function nextActive(s: State, from: number, dir: number): number {
  for (let i = 1; i <= s.n; i++) {
    const p = (((from + dir * i) % s.n) + s.n) % s.n;
    if (!s.out[p]) return p;
  }
  return from;
}

/** Whether a player takes part in the current phase: still in, and among the phase's players if it names them. */
export function takesPart(s: State, p: number): boolean {
  return !s.out[p] && (s.phaseWho === null || s.phaseWho[p] === 1);
}

/** The next player clockwise (or counter-clockwise) who takes part in the phase. */
export function nextInPhase(s: State, from: number, dir: number): number {
  if (s.phaseWho === null) return nextActive(s, from, dir);
  for (let i = 1; i <= s.n; i++) {
    const p = (((from + dir * i) % s.n) + s.n) % s.n;
    if (takesPart(s, p)) return p;
  }
  return from;
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
