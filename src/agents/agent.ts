// An agent decides for one seat. It sees only that player's view and the rules (with the legal moves, which
// the rules derive from what the player may know); it never receives the game state itself.
import type { Game } from "../interpreter/model.js";
import type { Move } from "../interpreter/engine.js";
import type { View } from "../interpreter/view.js";
import { nextFloat, type RngState } from "../interpreter/rng.js";
import type { Budget } from "../interpreter/state.js";
import { RuleError } from "../interpreter/lang/values.js";

export interface Decision {
  game: Game;
  player: number;
  view: View;
  legal: readonly Move[];
  rng: RngState; // the agent's own random numbers, seeded per game and seat
  /** The game's bounds of time and memory (the user's --time-limit): thinking counts against them too. */
  budget?: Budget | null;
  /**
   * Told, by an agent that searches, what it weighed before it chose: where someone asks (the Play screen's
   * inspector); a simulation leaves it out and no agent spends anything on it.
   */
  weighed?: ((moves: Weighed[]) => void) | null;
}

/** One legal move as a searching agent weighed it: how often it tried it, and the mean value it found for itself (0 to 1). */
export interface Weighed {
  /** The move's index in the decision's legal moves. */
  move: number;
  visits: number;
  value: number;
}

/**
 * Asked by a searching agent between one try and the next: a deliberation that has run past the game's
 * budget stops with E_BUDGET, and the game with it. The states it plans on carry the same budget (prepare).
 */
export function deliberating(d: Decision): void {
  const over = d.budget?.check(0); // a moment to ask, not work: the work is counted where it is done
  if (over) throw new RuleError(`${over}, while an agent was deciding`, "E_BUDGET");
}

export interface Agent {
  name: string;
  /** In real-time play: how quickly this agent acts, in seconds (mean and spread of its reaction times). */
  reaction?: { mean: number; spread: number };
  /** Returns the index in `legal` of the chosen move. `d` is the agent's to read until it returns: a simulated game fills the same object in for its next decision. */
  choose(d: Decision): number;
  /** Whether the agent reads the view; agents that do not are spared building it. */
  readonly needsView: boolean;
}

export const defaultReaction = { mean: 0.8, spread: 0.25 };

/** A reaction time in seconds, drawn from the agent's own random numbers: log-normal around its mean. */
export function reactionTime(agent: Agent, rng: RngState): number {
  const { mean, spread } = agent.reaction ?? defaultReaction;
  // Box–Muller on two uniform draws; the spread is the standard deviation of the time.
  const u = Math.max(1e-9, nextFloat(rng));
  const v = nextFloat(rng);
  const z = Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  const sigma = Math.sqrt(Math.log(1 + (spread * spread) / (mean * mean)));
  const mu = Math.log(mean) - (sigma * sigma) / 2;
  return Math.round(Math.exp(mu + sigma * z) * 1000) / 1000;
}

/** The same agent acting at another speed. */
export function withReaction(agent: Agent, mean: number, spread: number): Agent {
  return { ...agent, reaction: { mean, spread } };
}
