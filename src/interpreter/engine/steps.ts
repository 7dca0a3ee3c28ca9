// The steps of a turn (a phase's `steps:`): which actions a move may take at the step the turn is at, why another
// is refused, and the step a move takes the turn to; and why a move out of turn (a phase's `anytime:`) is.
import type { ActionDef, PhaseDef, TurnStep } from "../model.js";
import type { Refusal, State } from "../state.js";
import { possessive } from "../zones.js";

/** The step of the turn that holds the action, from the step the turn is at on; -1 when none after it does. */
function stepOf(steps: TurnStep[], from: number, action: number): number {
  for (let k = from; k < steps.length; k++) if (steps[k].actions.includes(action)) return k;
  return -1;
}

/** Names a step for people: its number and its actions (step 2: discard). */
function stepName(s: State, steps: TurnStep[], k: number): string {
  return `step ${k + 1} of ${steps.length} (${steps[k].actions.map((a) => s.game.actions[a].name).join(" or ")})`;
}

/** Why a move of a player whose turn it is not is refused: only the actions out of turn are theirs to take. */
export function notOutOfTurn(s: State, phase: PhaseDef, p: number): Refusal {
  const names = phase.anytime!.map((a) => s.game.actions[a].name).join(" or ");
  return { rule: "turn", reason: `it is ${possessive(s.names[s.current])} turn: out of turn ${s.names[p]} may only ${names}` };
}

/** Why a move of this action is refused at the step the turn is at; null when the step allows it. */
export function stepRefusal(s: State, phase: PhaseDef, action: ActionDef): Refusal | null {
  const steps = phase.steps;
  if (steps === null) return null;
  const at = s.turnStep < steps.length ? s.turnStep : steps.length - 1;
  if (steps[at].offered.includes(action.index)) return null;
  const whose = `${s.current >= 0 ? possessive(s.names[s.current]) : "the"} turn is at ${stepName(s, steps, at)}`;
  const own = stepOf(steps, 0, action.index);
  const when = own < at ? "was passed earlier in this turn" : "comes later, after it";
  return { rule: "step", reason: `'${action.name}' is ${stepName(s, steps, own)}, which ${when}: ${whose}` };
}

/**
 * A move of this action was taken: the turn goes on to the step after the action's (or stays at it, for an action
 * with endsTurn: false). Gives whether that was the last step, which ends the turn.
 */
export function takeStep(s: State, phase: PhaseDef, action: ActionDef): boolean {
  const steps = phase.steps!;
  const k = stepOf(steps, s.turnStep, action.index);
  if (k < 0) return false; // an action of no step from here: only a rule's own choice could take it
  s.turnStep = action.endsTurn ? k + 1 : k;
  return s.turnStep >= steps.length;
}
