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
  private workers: WorkerLike[] = [];
  private stop: ((e: Error) => void) | null = null;

  constructor(
    private readonly makeWorker: () => WorkerLike,
    readonly size: number,
  ) {}

  /** Plays games 0..games-1 of the run and summarizes them. Rejects with Cancelled when cancel() is called. */
  async run(spec: RunSpec, games: number, o: RunOptions = {}): Promise<Summary> {
    if (this.stop) throw new Error("the pool is already running a run");
    const stopped = new Promise<never>((_, reject) => (this.stop = reject));
    stopped.catch(() => undefined);
    try {
      const workers = this.start(Math.max(1, Math.min(this.size, games || 1)));
      if (o.setup !== undefined) await Promise.race([Promise.all(workers.map((w) => ask(w, { kind: "setup", setup: o.setup }))), stopped]);
      const outcomes: GameOutcome[] = new Array(games);
      const queue = shares(0, games, workers.length);
      let done = 0;
      const drain = async (w: WorkerLike): Promise<void> => {
        for (let task = queue.shift(); task; task = queue.shift()) {
          const [from, to] = task;
          const reply = await ask(w, { kind: "play", spec, from, to });
          if (reply.kind !== "played") throw new Error(failure(reply));
          reply.outcomes.forEach((g, k) => (outcomes[from + k] = g));
          done += reply.outcomes.length;
          o.onProgress?.(done, games);
        }
      };
      await Promise.race([Promise.all(workers.map(drain)), stopped]);
      const reply = await Promise.race([ask(workers[0], { kind: "summarize", spec, outcomes }), stopped]);
      if (reply.kind !== "summary") throw new Error(failure(reply));
      return reply.summary;
    } finally {
      this.stop = null;
    }
  }

  get running(): boolean {
    return this.stop !== null;
  }

  /** Stops a run at once: its workers are ended (the next run starts new ones) and run() rejects with Cancelled. */
  cancel(): void {
    const stop = this.stop;
    this.close();
    stop?.(new Cancelled());
  }

  /** Ends the workers. */
  close(): void {
    for (const w of this.workers) w.terminate();
    this.workers = [];
  }

  private start(count: number): WorkerLike[] {
    this.close();
    for (let i = 0; i < count; i++) this.workers.push(this.makeWorker());
    return this.workers;
  }
}

/** Sends one request and waits for its answer (a worker does one thing at a time). */
function ask(w: WorkerLike, request: PoolRequest): Promise<PoolReply> {
  return new Promise((resolve, reject) => {
    w.onmessage = (e) => resolve(e.data);
    w.onerror = (e) => reject(new Error(e.message ?? "the worker failed"));
    w.postMessage(request);
  });
}

function failure(reply: PoolReply): string {
  return reply.kind === "failed" ? reply.error : `unexpected answer '${reply.kind}'`;
}
