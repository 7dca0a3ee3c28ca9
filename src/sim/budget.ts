// A game's bounds of time and memory: set by the person running it (--time-limit, --memory-limit), never by the
// rule file, and plain data so that a worker thread can build the same budget for the games it plays.
import type { Budget } from "../interpreter/state.js";

export interface Bounds {
  /** The most wall-clock seconds one game may take. */
  seconds: number;
  /** The most memory (heap in use, in MB) while a game is played. */
  megabytes: number;
}

export const defaultBounds: Bounds = { seconds: 600, megabytes: 2048 };

/** How often, at most, the heap is measured: asking costs tens of microseconds, and a game asks often. */
const heapEveryMs = 10;

/** A budget for one game, counted from now. */
export function gameBudget(bounds: Bounds, startedAt = Date.now()): Budget {
  let heapAt = -Infinity;
  return {
    check() {
      const now = Date.now();
      if (now - startedAt > bounds.seconds * 1000) return `a game ran for more than its time limit of ${bounds.seconds} s (raise it with --time-limit)`;
      if (now - heapAt < heapEveryMs) return null;
      heapAt = now;
      if (heapUsed() > bounds.megabytes * 1024 * 1024) return `a game used more than its memory limit of ${bounds.megabytes} MB (raise it with --memory-limit)`;
      return null;
    },
  };
}

/**
 * The heap in use, where the place tells (Node); 0 elsewhere (a browser bounds a page's memory itself). Read from
 * V8's heap statistics, the figure process.memoryUsage() reports as heapUsed, without the resident set size it
 * also reads from the system: 15 µs of CPU a call against 1 µs, and 13 ms of wall-clock time a call on average
 * with the machine loaded (load average 8), where it made up a tenth of a simulated game.
 */
const heapUsed: () => number = (() => {
  type Place = { getBuiltinModule?: (id: string) => unknown; memoryUsage?: () => { heapUsed: number } };
  const place = (globalThis as { process?: Place }).process;
  const v8 = place?.getBuiltinModule?.("node:v8") as { getHeapStatistics?: () => { used_heap_size: number } } | undefined;
  const stats = v8?.getHeapStatistics;
  if (typeof stats === "function") return () => stats().used_heap_size;
  const usage = place?.memoryUsage;
  return typeof usage === "function" ? () => usage.call(place).heapUsed : () => 0;
})();
