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

export function processIO(): IO {
  return {
    out: (t) => process.stdout.write(t),
    err: (t) => process.stderr.write(t),
    tty: Boolean(process.stderr.isTTY),
    stdin: process.stdin,
    stdout: process.stdout,
  };
}

export class UsageError extends Error {}
