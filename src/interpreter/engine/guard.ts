// A rule that fails at run time stops the game with a message: the engine never throws for a rule file that loaded.
import type { State } from "../state.js";
import { record } from "../events.js";
import { RuleError } from "../lang/values.js";

/** Runs a piece of the flow; a rule that fails stops the game with a message, never a crash. */
export function guard(s: State, where: string, run: () => void): void {
  try {
    run();
  } catch (e) {
    failed(s, e, where);
  }
}

/** Stops a game whose rules threw: a rule error keeps its message and code, anything else is named by where. */
export function failed(s: State, e: unknown, where: string): void {
  if (e instanceof RuleError) stop(s, e.message, e.code);
  else stop(s, `${where}: ${(e as Error).message}`);
}

/** Stops a game that cannot go on: a looping or failing rule, or a player with no legal move. */
export function stop(s: State, message: string, code = "E_RUNTIME"): void {
  if (s.over) return;
  s.error = message;
  s.errorCode = code;
  s.over = true;
  record(s, { type: "error", message });
}
