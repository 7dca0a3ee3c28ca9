// A run described by names only (rules ids, agent names), so that a worker thread can rebuild it: the same rules
// by the same ids or composition, and the same agents.
import type { Game } from "../interpreter/model.js";
import type { Bounds } from "./budget.js";
import type { Agent } from "../agents/agent.js";
import { withReaction } from "../agents/agent.js";
import { makeAgent } from "../agents/index.js";
import { loadComposition } from "../interpreter/load/load.js";
import { formatDiagnostic } from "../interpreter/diagnostics.js";

export interface AgentSpec {
  name: string; // as agentNames() lists it
  reaction?: { mean: number; spread: number };
}

export interface RunSpec {
  refs: string[]; // rules ids or paths, then fragments: what loadComposition takes
  players: number;
  seed: number | string;
  agents: AgentSpec[];
  options?: Record<string, unknown>;
  checkConservation?: boolean;
  coverage?: boolean;
  bounds?: Bounds;
  record?: { program: string; rules: string[]; hash: string; agents: string[] };
}

/** The rules of a run, loaded (and cached) by their ids; throws with the problems when they do not load. */
export function gameOfSpec(refs: string[]): Game {
  const loaded = loadComposition(refs);
  if (!loaded.game) {
    const problems = loaded.diagnostics.filter((d) => d.severity === "error").map(formatDiagnostic);
    throw new Error(`cannot load ${refs.join(" + ")}:\n${problems.join("\n")}`);
  }
  return loaded.game;
}

/** An agent per seat, made by name (with its reaction time where given). */
export function agentsOfSpec(specs: readonly AgentSpec[]): Agent[] {
  return specs.map((spec) => {
    const agent = makeAgent(spec.name);
    if (!agent) throw new Error(`unknown agent '${spec.name}'`);
    return spec.reaction ? withReaction(agent, spec.reaction.mean, spec.reaction.spread) : agent;
  });
}
