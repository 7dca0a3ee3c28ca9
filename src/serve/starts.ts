// The rooms' start checks on a thread of their own (start-worker.ts): a room of rule files sent with it is made
// only once its rules have loaded and its game has started there, within the server's bounds of time and memory.
// The server's own thread then loads rules known to load, quickly enough, and start.
import { Piscina } from "piscina";
import { compiledBeside } from "../node/worker-file.js";
import type { StartAnswer, StartTask } from "./start-worker.js";

export interface StartBounds {
  /** The most milliseconds the rules may take to load (measured on the check's thread). */
  loadMs: number;
  /** The most milliseconds a check may take at all, after which its thread is ended. */
  giveUpMs: number;
  /** The most heap the check's thread may use, in MB. */
  megabytes: number;
}

export const defaultStartBounds: StartBounds = { loadMs: 500, giveUpMs: 10_000, megabytes: 512 };

/** The most milliseconds a check waits for a thread to be ready (behind other checks, or starting). */
const threadReadyMs = 60_000;

/** Checks waiting at once at most: past that, a new room is refused as the server being busy. */
const maxWaiting = 64;

export class StartChecks {
  private readonly pool: Piscina<StartTask | "ready", StartAnswer>;

  constructor(private readonly bounds: StartBounds = defaultStartBounds) {
    this.pool = new Piscina<StartTask, StartAnswer>({
      filename: compiledBeside(import.meta.url, "serve", "start-worker.js"),
      minThreads: 1, maxThreads: 1, maxQueue: maxWaiting, idleTimeout: 60_000,
      resourceLimits: { maxOldGenerationSizeMb: bounds.megabytes },
    });
  }

  /** Null when the room's rules load in time and its game starts; else why not, in words for the room's maker. */
  async check(task: StartTask): Promise<string | null> {
    let answer: StartAnswer;
    try {
      // a thread that replaces one given up first loads the interpreter, which on a busy machine can take longer
      // than a room's whole time: the room's time starts once a thread is ready
      await this.pool.run("ready", { signal: AbortSignal.timeout(threadReadyMs) });
    } catch (e) {
      const name = (e as Error).name;
      if (name === "AbortError" || name === "TimeoutError") return "the server is checking as many rooms as it takes: try again in a moment";
      if (/queue is at limit/i.test((e as Error).message)) return "the server is checking as many rooms as it takes: try again in a moment";
      throw e;
    }
    try {
      answer = await this.pool.run(task, { signal: AbortSignal.timeout(this.bounds.giveUpMs) });
    } catch (e) {
      const name = (e as Error).name;
      if (name === "AbortError" || name === "TimeoutError") return `the rules took more than ${this.bounds.giveUpMs / 1000} s to load and start: a room's rules are stopped then on this server`;
      if (/queue is at limit/i.test((e as Error).message)) return "the server is checking as many rooms as it takes: try again in a moment";
      if (/memory/i.test((e as Error).message)) return `the rules used more than ${this.bounds.megabytes} MB while they loaded and started, a room's limit on this server`;
      throw e;
    }
    if (answer.error !== undefined) return answer.error;
    if (answer.loadMs > this.bounds.loadMs) return `the rules took ${Math.round(answer.loadMs)} ms to load; a room's rules load in at most ${this.bounds.loadMs} ms on this server (houserules serve --load-ms)`;
    return null;
  }

  close(): Promise<void> {
    return this.pool.destroy();
  }
}
