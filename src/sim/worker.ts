// The entry of a worker thread (run by piscina from the compiled dist/src/sim/worker.js): plays games [from, to)
// of a run, rebuilt from names, and returns each game's outcome as plain data (or, for a sweep, their tally).
import { playMany, type GameOutcome } from "./simulate.js";
import { tallyOf, type Tally } from "./tally.js";
import { agentsOfSpec, gameOfSpec, type RunSpec } from "./run-spec.js";
import { installNodeHost } from "../node/host.js";
import { workerData } from "node:worker_threads";

installNodeHost({ roots: (workerData as { roots?: string[] } | null)?.roots ?? [] });

export interface Task extends RunSpec {
  from: number;
  to: number;
}

export default function playShare(task: Task): GameOutcome[] {
  const game = gameOfSpec(task.refs, undefined, task.without);
  const agents = agentsOfSpec(task.agents);
  return playMany(game, { ...task, agents, games: task.to });
}

/** Plays games [from, to) of a run and returns their tally only: what a sweep's shard sends back. */
export function tallyShare(task: Task): Tally {
  const game = gameOfSpec(task.refs, task.shipped);
  return tallyOf(game, task.players, playMany(game, { ...task, agents: agentsOfSpec(task.agents), games: task.to }), task.from);
}
