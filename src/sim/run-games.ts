// Playing a run of games for a command or a program: on the main thread, or on a pool of worker threads.
import type { Game } from "../interpreter/model.js";
import { playMany, summarize, type GameOutcome, type Summary } from "./simulate.js";
import { agentsOfSpec, type RunSpec } from "./run-spec.js";
import { WorkerPool } from "./parallel.js";

/** Plays a run on the main thread, or on a pool of worker threads; the summary is the same either way. */
export async function run(game: Game, spec: RunSpec, games: number, workers: number | WorkerPool, onProgress: (done: number) => void): Promise<{ summary: Summary; outcomes: GameOutcome[] }> {
  const agents = agentsOfSpec(spec.agents);
  const options = { ...spec, games, agents, onProgress };
  const done = (outcomes: GameOutcome[]) => ({ summary: summarize(game, options, outcomes), outcomes });
  if (workers === 0) return done(playMany(game, options));
  const pool = typeof workers === "number" ? new WorkerPool(workers) : workers;
  try {
    return done(await pool.play(spec, 0, games, onProgress));
  } finally {
    if (pool !== workers) await pool.close();
  }
}
