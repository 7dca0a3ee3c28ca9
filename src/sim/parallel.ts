// Games spread over worker threads (a piscina pool). Each worker rebuilds the run from names and plays a share of
// games by index; game i always has seed `${seed}:${i}`, and the outcomes are put back in game order, so the
// summary of a run is the same whatever the number of workers.
import { Piscina } from "piscina";
import { compiledBeside } from "../node/worker-file.js";
import { host } from "../interpreter/load/host.js";
import type { GameOutcome } from "./simulate.js";
import type { Tally } from "./tally.js";
import type { RunSpec } from "./run-spec.js";
import type { Task } from "./worker.js";
import { shares } from "./shares.js";

/** The worker's compiled file (worker threads run JavaScript only, also under vitest). */
export const workerFile = (): string => compiledBeside(import.meta.url, "sim", "worker.js");

export { chunkSize } from "./shares.js";

export class WorkerPool {
  private pool: Piscina<Task, GameOutcome[] | Tally>;

  constructor(readonly workers: number) {
    // the workers find rule files where this thread does: the shipped rules/ and the user's folders
    const workerData = { roots: host().ruleRoots.slice(1) };
    this.pool = new Piscina<Task, GameOutcome[] | Tally>({ filename: workerFile(), minThreads: workers, maxThreads: workers, idleTimeout: 1000, workerData });
  }

  /** Plays games [from, to) of a run; onProgress gets the number of games done as results arrive. */
  async play(spec: RunSpec, from: number, to: number, onProgress?: (done: number) => void): Promise<GameOutcome[]> {
    const out: GameOutcome[] = new Array(to - from);
    let done = 0;
    const tasks = shares(from, to, this.workers).map(([start, end]) =>
      (this.pool.run({ ...spec, from: start, to: end }) as Promise<GameOutcome[]>).then((results) => {
        for (let k = 0; k < results.length; k++) out[start - from + k] = results[k];
        done += results.length;
        onProgress?.(done);
      }),
    );
    await Promise.all(tasks);
    return out;
  }

  /** Plays games [from, to) of a run on one thread and returns their tally (a sweep's shard). */
  tally(spec: RunSpec, from: number, to: number): Promise<Tally> {
    return this.pool.run({ ...spec, from, to }, { name: "tallyShare" }) as Promise<Tally>;
  }

  async close(): Promise<void> {
    await this.pool.destroy();
  }
}

/** Plays games [from, to) of a run on `workers` threads. */
export async function playParallel(spec: RunSpec, workers: number, from: number, to: number, onProgress?: (done: number) => void): Promise<GameOutcome[]> {
  const pool = new WorkerPool(workers);
  try {
    return await pool.play(spec, from, to, onProgress);
  } finally {
    await pool.close();
  }
}
