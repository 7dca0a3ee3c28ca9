// Command-line flags, read with node's own parseArgs. A bad flag is a usage error (exit status 2).
import { parseArgs, type ParseArgsConfig } from "node:util";
import { availableParallelism } from "node:os";
import { UsageError, type IO } from "./io.js";

export type Flags = NonNullable<ParseArgsConfig["options"]>;

export function readArgs(argv: string[], options: Flags): { values: Record<string, string | boolean | undefined>; positionals: string[] } {
  try {
    const parsed = parseArgs({ args: argv, options: { ...options, help: { type: "boolean", short: "h" } }, allowPositionals: true, strict: true });
    return { values: parsed.values as Record<string, string | boolean | undefined>, positionals: parsed.positionals };
  } catch (e) {
    throw new UsageError((e as Error).message.replace(/^TypeError \[[A-Z_]+\]: /, ""));
  }
}

export function intFlag(value: string | boolean | undefined, name: string, fallback: number, min = 1, max = 10_000_000): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max) throw new UsageError(`--${name} must be a whole number from ${min} to ${max}, not '${String(value)}'`);
  return n;
}

/**
 * --workers N: at most the processors this process may use. More threads than processors only add their memory
 * (each worker loads the rules again) and their switching: asked for more, the run says so and uses that many.
 */
export function workersFlag(value: string | boolean | undefined, io: IO, cpus = availableParallelism()): number {
  const asked = intFlag(value, "workers", 0, 1, 256);
  if (asked <= cpus) return asked;
  io.err(`warning: --workers ${asked} lowered to ${cpus}, the number of processors this machine gives the run\n`);
  return cpus;
}
