// What a pool worker does with each request (pool.ts): the same per-game work and summary as the command line's
// worker threads, on rules the worker can load. The worker's own entry installs the file host first.
import { playMany, summarize } from "./simulate.js";
import { agentsOfSpec, gameOfSpec } from "./run-spec.js";
import type { PoolReply, PoolRequest } from "./pool.js";

export function answer(request: Exclude<PoolRequest, { kind: "setup" }>): PoolReply {
  try {
    const game = gameOfSpec(request.spec.refs, undefined, request.spec.without);
    const agents = agentsOfSpec(request.spec.agents);
    if (request.kind === "play") {
      return { kind: "played", outcomes: playMany(game, { ...request.spec, agents, games: request.to, from: request.from, to: request.to }) };
    }
    const o = { ...request.spec, agents, games: request.outcomes.length };
    return { kind: "summary", summary: summarize(game, o, request.outcomes) };
  } catch (e) {
    return { kind: "failed", error: (e as Error).message };
  }
}
