// Measures one implementation: a warm-up, so that the timed window sees optimised code, then as many whole games
// as fit in a fixed window of time. Games are counted whole: the window closes after the game that crosses it.
// Both the warm-up and the window are CPU time of this process (user and system), and so are the rates: on a
// shared machine another program's load then slows neither side of a comparison, and cannot cut a warm-up short
// (a wall-clock warm-up on a loaded machine left the interpreter half compiled when its window opened).
// The first game is played before the warm-up and counted nowhere: the interpreter loads and compiles its rule
// files in it, which took half of a 1 s warm-up and left the window's first second running unoptimised code.
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import type { Implementation } from "./comparisons.js";

export interface Measurement {
  games: number;
  moves: number;
  /** Games stopped by a limit instead of ending by the rules. */
  unfinished: number;
  seconds: number;
  gamesPerSec: number;
  movesPerSec: number;
  /** The most heap in use during the window, and what was in use when it opened (after a collection). */
  heapUsedMB: number;
  heapBaseMB: number;
}

export interface MeasureOptions {
  seconds: number;
  warmupSeconds: number;
  /** Seeds are `${seedPrefix}-0`, `${seedPrefix}-1`, ...: every implementation of a game plays the same ones. */
  seedPrefix: string;
  /** Told the part of the window gone by, now and then. */
  onProgress?: (fraction: number, warmingUp: boolean) => void;
}

const mb = 1024 * 1024;
const sampleEveryMs = 5;

export function measure(implementation: Implementation, o: MeasureOptions): Measurement {
  implementation.play(`${o.seedPrefix}-ready`);
  playFor(implementation, o.warmupSeconds, `${o.seedPrefix}-warmup`, (f) => o.onProgress?.(f, true));
  collectGarbage();
  const heapBase = process.memoryUsage().heapUsed;
  let heapPeak = heapBase;
  const timed = playFor(implementation, o.seconds, o.seedPrefix, (f) => {
    heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed);
    o.onProgress?.(f, false);
  });
  heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed);
  return {
    ...timed,
    gamesPerSec: timed.games / timed.seconds,
    movesPerSec: timed.moves / timed.seconds,
    heapUsedMB: heapPeak / mb,
    heapBaseMB: heapBase / mb,
  };
}

function playFor(implementation: Implementation, seconds: number, seedPrefix: string, sample: (fraction: number) => void) {
  const window = seconds * 1e6; // µs of CPU time
  const cpuStart = process.cpuUsage();
  let lastSample = performance.now();
  let games = 0;
  let moves = 0;
  let unfinished = 0;
  let used = 0;
  while (used < window) {
    const played = implementation.play(`${seedPrefix}-${games}`);
    games++;
    moves += played.moves;
    if (!played.finished) unfinished++;
    // asking for CPU time is a system call: ask every few milliseconds, not after every game
    const now = performance.now();
    if (now - lastSample >= sampleEveryMs) {
      lastSample = now;
      const cpu = process.cpuUsage(cpuStart);
      used = cpu.user + cpu.system;
      sample(Math.min(1, used / window));
    }
  }
  const cpu = process.cpuUsage(cpuStart);
  return { games, moves, unfinished, seconds: (cpu.user + cpu.system) / 1e6 };
}

let gc: (() => void) | null | undefined;

/**
 * Collects garbage before a window opens, so that one implementation's leftovers do not count against the next.
 * Node exposes gc() only under --expose-gc; the flag can still be set at run time, and a new context then sees
 * the function. Where that fails the measurement simply goes on without it.
 */
function collectGarbage(): void {
  if (gc === undefined) {
    try {
      setFlagsFromString("--expose-gc");
      gc = runInNewContext("gc") as () => void;
    } catch {
      gc = null;
    }
  }
  gc?.();
}
