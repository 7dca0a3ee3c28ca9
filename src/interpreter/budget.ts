// Work counted against a run's budget: the wall-clock and memory bounds the user sets (State.budget). The
// runtime's helpers, lambdas, legal-move listing and moves all count here, so a rule file that computes without
// end is stopped however it does it.
import type { State } from "./state.js";
import { RuleError } from "./lang/values.js";
import { budgetInterval } from "./limits.js";

/**
 * Counts work (values built, functions called, moves made). Every budgetInterval units the run's budget — its
 * wall-clock and memory bounds, which the user sets, never the rule file — is asked whether to go on.
 */
export function tick(s: State, units: number): void {
  s.ticks += units;
  if (s.ticks < s.nextCheck) return;
  const done = s.ticks - s.nextCheck + budgetInterval; // the work since this state last asked
  s.nextCheck = s.ticks + budgetInterval;
  const over = s.budget?.check(done);
  if (over) throw new RuleError(over, "E_BUDGET");
}
