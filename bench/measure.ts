// Measures one implementation: a first game, a warm-up, so that the timed windows see optimised code, then as
// many whole games as fit in each timed window. Games are counted whole: a window closes after the game that
// crosses it. Both the warm-up and the windows are CPU time of this process (user and system), and so are the
// rates: on a shared machine another program's load then slows neither side of a comparison, and cannot cut a
// warm-up short (a wall-clock warm-up on a loaded machine left the interpreter half compiled when its window opened).
// The first game is played before the warm-up and counted nowhere: the interpreter loads and compiles its rule
// files in it, which took half of a 1 s warm-up and left the window's first second running unoptimised code.
// A measurement may be timed in several windows (slices), with other processes running in between: the
// benchmark lets the implementations of a game take turns that way, so that the machine's changes of speed weigh
// on all of them alike.
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
  /** The most heap in use during the windows, and what was in use when the first opened (after a collection). */
  heapUsedMB: number;
  heapBaseMB: number;
}

export interface MeasureOptions {
  seconds: number;
  warmupSeconds: number;
  /** Seeds are `${seedPrefix}-0`, `${seedPrefix}-1`, ...: every implementation of a game plays the same ones. */
  seedPrefix: string;
}

/** The warm-up before `seconds` of timed play: half that time, at most 1 s. */
export const warmupFor = (seconds: number) => Math.min(1, seconds / 2);

const mb = 1024 * 1024;
const sampleEveryMs = 5;

/** One implementation being measured: ready and warm once, then timed in as many windows as it is asked for. */
export class Measuring {
  private games = 0;
  private moves = 0;
  private unfinished = 0;
  private cpuMicros = 0;
  private heapBase = 0;
  private heapPeak = 0;

  constructor(private readonly implementation: Implementation, private readonly seedPrefix: string) {}

  /** The first game (counted nowhere), then a warm-up of `seconds` of CPU time. */
  warmUp(seconds: number): void {
    this.implementation.play(`${this.seedPrefix}-ready`);
    let played = 0;
    playFor(seconds, () => this.implementation.play(`${this.seedPrefix}-warmup-${played++}`));
    collectGarbage();
    this.heapBase = this.heapPeak = process.memoryUsage().heapUsed;
  }

  /** A timed window of `seconds` of CPU time, going on with the seeds where the last window stopped. */
  time(seconds: number): void {
    this.cpuMicros += playFor(seconds, () => {
      const played = this.implementation.play(`${this.seedPrefix}-${this.games++}`);
      this.moves += played.moves;
      if (!played.finished) this.unfinished++;
    }, () => (this.heapPeak = Math.max(this.heapPeak, process.memoryUsage().heapUsed)));
  }

  result(): Measurement {
    const seconds = this.cpuMicros / 1e6;
    return {
      games: this.games, moves: this.moves, unfinished: this.unfinished, seconds,
      gamesPerSec: this.games / seconds, movesPerSec: this.moves / seconds,
      heapUsedMB: this.heapPeak / mb, heapBaseMB: this.heapBase / mb,
    };
  }
}

/** Measures in one window, right after the warm-up. */
export function measure(implementation: Implementation, o: MeasureOptions): Measurement {
  const measuring = new Measuring(implementation, o.seedPrefix);
  measuring.warmUp(o.warmupSeconds);
  measuring.time(o.seconds);
  return measuring.result();
}

/** Plays games until `seconds` of CPU time are used, sampling now and then and at the end; returns the CPU µs used. */
function playFor(seconds: number, playOne: () => void, sample?: () => void): number {
  const window = seconds * 1e6;
  const cpuStart = process.cpuUsage();
  let lastSample = performance.now();
  let used = 0;
  while (used < window) {
    playOne();
    // asking for CPU time is a system call: ask every few milliseconds, not after every game
    const now = performance.now();
    if (now - lastSample >= sampleEveryMs) {
      lastSample = now;
      const cpu = process.cpuUsage(cpuStart);
      used = cpu.user + cpu.system;
      sample?.();
    }
  }
  sample?.();
  const cpu = process.cpuUsage(cpuStart);
  return cpu.user + cpu.system;
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
