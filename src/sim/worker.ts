// The entry of a worker thread (run by piscina from the compiled dist/src/sim/worker.js): plays games [from, to)
// of a run, rebuilt from names, and returns each game's outcome as plain data.
import { playMany, type GameOutcome } from "./simulate.js";
import { agentsOfSpec, gameOfSpec, type RunSpec } from "./run-spec.js";
import { installNodeHost } from "../node/host.js";
import { workerData } from "node:worker_threads";

installNodeHost({ roots: (workerData as { roots?: string[] } | null)?.roots ?? [] });

export interface Task extends RunSpec {
  from: number;
  to: number;
}

export default function playShare(task: Task): GameOutcome[] {
  const game = gameOfSpec(task.refs);
  const agents = agentsOfSpec(task.agents);
  return playMany(game, { ...task, agents, games: task.to });
}
