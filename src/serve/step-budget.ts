// How much a room's rule code may do at one time: every room shares the server's thread.
import type { Budget } from "../interpreter/state.js";
import { budgetInterval } from "../interpreter/limits.js";

/**
 * The most work a room's rule code does at one time by default, in the interpreter's units of work (values
 * built, functions called, moves listed and made): about 50 ms of a loop on a current machine, a hundred times
 * what the heaviest move of a shipped game takes. Counted, not timed, so that a game stops at the same place
 * however busy the machine is, and its log replays the same.
 */
export const defaultStepWork = 2_000_000;

/** The most wall-clock milliseconds by default: a backstop for work the units do not count. */
export const defaultStepMs = 1000;

/**
 * A room's budget (State.budget), counted from the start of each piece of work the room does, not from the
 * start of the game: a room's game may last for days, but no one step of it may hold the thread.
 */
export class StepBudget implements Budget {
  private startedAt = performance.now();
  /** The units of work done since the piece of work began, in every state that shares the budget. */
  private done = 0;

  constructor(
    readonly work: number = defaultStepWork,
    readonly ms: number = defaultStepMs,
  ) {}

  /** A new piece of work starts now. */
  begin(): void {
    this.startedAt = performance.now();
    this.done = 0;
  }

  check(work = budgetInterval): string | null {
    if ((this.done += work) > this.work) return `the rules did more than ${this.work.toLocaleString("en")} units of work at once, a room's limit on this server (houserules serve --step-work)`;
    if (performance.now() - this.startedAt <= this.ms) return null;
    return `the rules ran for more than ${this.ms} ms at once, a room's limit on this server (houserules serve --step-ms)`;
  }
}
