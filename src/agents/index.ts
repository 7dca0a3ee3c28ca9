// The agents a seat can be given by name (--agents random,random,...).
import type { Agent } from "./agent.js";
import { randomAgent } from "./random.js";

const agents = new Map<string, () => Agent>([["random", () => randomAgent]]);

export function agentNames(): string[] {
  return [...agents.keys()];
}

export function makeAgent(name: string): Agent | undefined {
  return agents.get(name)?.();
}
