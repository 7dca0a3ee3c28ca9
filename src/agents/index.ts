// The agents a seat can be given by name (--agents ismcts,random,...). A number after a colon sets a searching
// agent's budget: ismcts:200 searches 200 iterations, mc:100 plays 100 playouts.
import type { Agent } from "./agent.js";
import { randomAgent } from "./random.js";
import { greedyAgent } from "./greedy.js";
import { monteCarloAgent } from "./mc.js";
import { ismctsAgent } from "./ismcts.js";
import { sensibleAgent } from "./sensible.js";

const agents = new Map<string, (budget?: number) => Agent>([
  ["random", () => randomAgent],
  ["greedy", () => greedyAgent],
  ["sensible", () => sensibleAgent],
  ["mc", (budget) => monteCarloAgent(budget ?? 200)],
  ["ismcts", (budget) => ismctsAgent(budget ? { iterations: budget } : {})],
  ["ismcts-informed", (budget) => ({ ...ismctsAgent({ ...(budget ? { iterations: budget } : {}), informed: true }), name: "ismcts-informed" })],
]);

/**
 * The agent that measures when none is named (simulate, compare, sweep, the Measure screen): the sensible agent,
 * whose games are about as long as strong search's at a fraction of its cost (docs/agents.md). `random` stays one
 * word away.
 */
export const defaultAgent = "sensible";

export function agentNames(): string[] {
  return [...agents.keys()];
}

/** The largest search budget: a search of more iterations per move would take hours, not seconds. */
export const maxAgentBudget = 100_000;

export function makeAgent(spec: string): Agent | undefined {
  const [name, budget] = spec.split(":");
  const make = agents.get(name);
  if (!make) return undefined;
  const n = budget === undefined ? undefined : Number(budget);
  if (n !== undefined && !(Number.isInteger(n) && n > 0 && n <= maxAgentBudget)) return undefined;
  const agent = make(n);
  return n === undefined ? agent : { ...agent, name: spec };
}
