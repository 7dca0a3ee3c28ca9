// The time a room's rule code may run at one time: every room shares the server's thread.
import type { Budget } from "../interpreter/state.js";

/** The most a room's rule code runs at one time by default, in milliseconds: half the time in which every other room answers. */
export const defaultStepMs = 50;

/**
 * A room's budget of time (State.budget), counted from the start of each piece of work the room does, not from
 * the start of the game: a room's game may last for days, but no one step of it may hold the thread.
 */
export class StepBudget implements Budget {
  private startedAt = performance.now();
  constructor(readonly ms: number) {}

  /** A new piece of work starts now. */
  begin(): void {
    this.startedAt = performance.now();
  }

  /** Whether the piece of work begun last has used half its time: a room yields before it goes on. */
  half(): boolean {
    return performance.now() - this.startedAt > this.ms / 2;
  }

  check(): string | null {
    if (performance.now() - this.startedAt <= this.ms) return null;
    return `the rules ran for more than ${this.ms} ms at once, a room's limit on this server (houserules serve --step-ms)`;
  }
}
