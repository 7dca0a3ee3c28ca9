// Where a command writes: the process's streams, or buffers in tests.
import type { Readable, Writable } from "node:stream";

export interface IO {
  out: (text: string) => void;
  err: (text: string) => void;
  /** Whether stderr is a terminal: progress bars are drawn only there. */
  tty: boolean;
  stdin?: Readable;
  stdout?: Writable;
}

let guarded = false;

/**
 * A reader that stops early (`houserules compose --json | head`) closes the pipe we write to. That ends the
 * command quietly, as it ends any command-line tool, instead of with an unhandled EPIPE and a stack trace.
 */
function endQuietlyWhenReaderCloses(): void {
  if (guarded) return;
  guarded = true;
  for (const stream of [process.stdout, process.stderr]) {
    stream.on("error", (e: NodeJS.ErrnoException) => {
      if (e.code !== "EPIPE") throw e;
      process.exit(typeof process.exitCode === "number" ? process.exitCode : 0);
    });
  }
}

export function processIO(): IO {
  endQuietlyWhenReaderCloses();
  return {
    out: (t) => process.stdout.write(t),
    err: (t) => process.stderr.write(t),
    tty: Boolean(process.stderr.isTTY),
    stdin: process.stdin,
    stdout: process.stdout,
  };
}

export class UsageError extends Error {}
