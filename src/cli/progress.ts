// A progress bar on stderr, drawn only when stderr is a terminal, so that piped output stays clean.
import type { IO } from "./io.js";

export class Progress {
  private last = 0;
  private started = Date.now();
  constructor(
    private io: IO,
    private label: string,
    private total: number,
    /** Done before this run started (a sweep resumed): the time left is estimated from what this run does. */
    private already = 0,
  ) {}

  update(done: number): void {
    if (!this.io.tty || this.total < 50) return;
    const now = Date.now();
    if (done < this.total && now - this.last < 100) return;
    this.last = now;
    const width = 30;
    const filled = Math.round((done / this.total) * width);
    const elapsed = (now - this.started) / 1000;
    const eta = done > this.already ? (elapsed / (done - this.already)) * (this.total - done) : 0;
    this.io.err(`\r${this.label} [${"#".repeat(filled)}${".".repeat(width - filled)}] ${done}/${this.total}  ${eta.toFixed(0)}s left `);
  }

  finish(): void {
    if (this.io.tty && this.total >= 50) this.io.err(`\r${" ".repeat(this.label.length + 60)}\r`);
  }
}
