// The values the engine's interface takes and gives: a move, the options of a new game, the result of a move.
import type { ActionDef } from "../model.js";
import type { Budget, GameHooks, Refusal, State } from "../state.js";

export interface Move {
  action: ActionDef;
  args: unknown[]; // per parameter: a card id, a list of card ids, a player, a number or text; null when left out
}

export interface NewGameOptions {
  players: string[];
  seed?: number | string;
  options?: Record<string, unknown>;
  dealer?: number;
  start?: number;
  log?: boolean;
  /** Count how often each rule fires (State.coverage). */
  coverage?: boolean;
  /** Called after every event (see State.watch). */
  watch?: State["watch"];
  /** The run's time and memory bounds (see State.budget). */
  budget?: Budget;
  /** Called once setup is over, before the first phase: the first point where a player must decide. */
  afterSetup?: (s: State) => void;
  /** How a scenario steers the game from outside: shuffles, the zones after setup, the games inside it. */
  hooks?: GameHooks;
}

export type ApplyResult = { ok: true } | { ok: false; refusal: Refusal };
