// A pool of workers for a run of many games, for any kind of worker that takes and sends messages (the
// playground's Web Workers). It cuts the run as the command line does (shares.ts), puts the outcomes back in game
// order and has one worker summarize them, so the summary is the one `houserules simulate` gives for the same
// rules, seed and agents, whatever the number of workers. Cancelling ends the workers at once.
import type { GameOutcome, Summary } from "./simulate.js";
import type { RunSpec } from "./run-spec.js";
import { shares } from "./shares.js";

/** What a pool worker is asked: to get ready (the rule files it needs), to play a share, or to summarize a run. */
export type PoolRequest =
  | { kind: "setup"; setup: unknown }
  | { kind: "play"; spec: RunSpec; from: number; to: number }
  | { kind: "summarize"; spec: RunSpec; outcomes: GameOutcome[] };

export type PoolReply =
  | { kind: "ready" }
  | { kind: "played"; outcomes: GameOutcome[] }
  | { kind: "summary"; summary: Summary }
  | { kind: "failed"; error: string };

/** The little of a Web Worker the pool uses. */
export interface WorkerLike {
  postMessage(message: PoolRequest): void;
  onmessage: ((event: { data: PoolReply }) => void) | null;
  onerror: ((event: { message?: string }) => void) | null;
  terminate(): void;
}

export class Cancelled extends Error {
  constructor() {
    super("the run was cancelled");
  }
}

export interface RunOptions {
  /** Sent to every worker before its first task (the user's rule files). */
  setup?: unknown;
  /** Games done so far, as results arrive. */
  onProgress?: (done: number, games: number) => void;
}

export class RunPool {
  private slots: Slot[] = [];
  private stop: ((e: Error) => void) | null = null;

  constructor(
    private readonly makeWorker: () => WorkerLike,
    readonly size: number,
  ) {}

  /**
   * Gets the workers of a run of `games` games ready ahead of it: started, given the setup and with the rules of
   * `spec` loaded (a share of no games), so that the run itself only plays. A run reuses them as they are.
   */
  async warm(spec: RunSpec, games: number, setup?: unknown): Promise<void> {
    if (this.stop) return;
    const slots = this.ready(this.count(games), setup);
    await Promise.all(slots.map((s) => this.ask(s, { kind: "play", spec, from: 0, to: 0 }).catch(() => undefined)));
  }

  /** Plays games 0..games-1 of the run and summarizes them. Rejects with Cancelled when cancel() is called. */
  async run(spec: RunSpec, games: number, o: RunOptions = {}): Promise<Summary> {
    if (this.stop) throw new Error("the pool is already running a run");
    const stopped = new Promise<never>((_, reject) => (this.stop = reject));
    stopped.catch(() => undefined);
    try {
      const slots = this.ready(this.count(games), o.setup);
      const outcomes: GameOutcome[] = new Array(games);
      const queue = shares(0, games, slots.length);
      let done = 0;
      const drain = async (s: Slot): Promise<void> => {
        for (let task = queue.shift(); task; task = queue.shift()) {
          const [from, to] = task;
          const reply = await this.ask(s, { kind: "play", spec, from, to });
          if (reply.kind !== "played") throw new Error(failure(reply));
          reply.outcomes.forEach((g, k) => (outcomes[from + k] = g));
          done += reply.outcomes.length;
          o.onProgress?.(done, games);
        }
      };
      await Promise.race([Promise.all(slots.map(drain)), stopped]);
      const reply = await Promise.race([this.ask(slots[0], { kind: "summarize", spec, outcomes }), stopped]);
      if (reply.kind !== "summary") throw new Error(failure(reply));
      return reply.summary;
    } finally {
      this.stop = null;
    }
  }

  get running(): boolean {
    return this.stop !== null;
  }

  /** The workers started so far (kept between runs). */
  get started(): number {
    return this.slots.length;
  }

  /** Stops a run at once: its workers are ended (the next run starts new ones) and run() rejects with Cancelled. */
  cancel(): void {
    const stop = this.stop;
    this.close();
    stop?.(new Cancelled());
  }

  /** Ends the workers. */
  close(): void {
    for (const s of this.slots) s.worker.terminate();
    this.slots = [];
  }

  private count(games: number): number {
    return Math.max(1, Math.min(this.size, games || 1));
  }

  /**
   * The first `count` workers, started where missing, each sent the setup unless it was the last one it had:
   * a worker keeps its files, and the rules it compiled from them, from one run to the next.
   */
  private ready(count: number, setup: unknown): Slot[] {
    while (this.slots.length < count) this.slots.push({ worker: this.makeWorker(), setup: null, queue: Promise.resolve() });
    const slots = this.slots.slice(0, count);
    if (setup !== undefined) {
      const key = JSON.stringify(setup);
      for (const s of slots) {
        if (s.setup === key) continue;
        s.setup = key;
        void this.ask(s, { kind: "setup", setup }).catch(() => (s.setup = null));
      }
    }
    return slots;
  }

  /** Sends one request once the worker has answered the ones before it (a worker does one thing at a time). */
  private ask(s: Slot, request: PoolRequest): Promise<PoolReply> {
    const reply = s.queue.then(() => answerOf(s.worker, request));
    s.queue = reply.catch(() => undefined);
    return reply;
  }
}

/** A worker of the pool, the setup it was last sent (as JSON) and its requests in order. */
interface Slot {
  worker: WorkerLike;
  setup: string | null;
  queue: Promise<unknown>;
}

/** Sends one request and waits for its answer. */
function answerOf(w: WorkerLike, request: PoolRequest): Promise<PoolReply> {
  return new Promise((resolve, reject) => {
    w.onmessage = (e) => resolve(e.data);
    w.onerror = (e) => reject(new Error(e.message ?? "the worker failed"));
    w.postMessage(request);
  });
}

function failure(reply: PoolReply): string {
  return reply.kind === "failed" ? reply.error : `unexpected answer '${reply.kind}'`;
}
