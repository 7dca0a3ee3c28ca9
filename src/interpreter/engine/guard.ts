// A rule that fails at run time stops the game with a message: the engine never throws for a rule file that loaded.
import type { State } from "../state.js";
import { record } from "../events.js";
import { RuleError } from "../lang/values.js";

/** Runs a piece of the flow; a rule that fails stops the game with a message, never a crash. */
export function guard(s: State, where: string, run: () => void): void {
  try {
    run();
  } catch (e) {
    stop(s, e instanceof RuleError ? e.message : `${where}: ${(e as Error).message}`);
  }
}

/** Stops a game that cannot go on: a looping or failing rule, or a player with no legal move. */
export function stop(s: State, message: string): void {
  if (s.over) return;
  s.error = message;
  s.over = true;
  record(s, { type: "error", message });
}
