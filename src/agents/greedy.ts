// The simple greedy agent: tries each legal move on one determinization of what it sees and keeps the move
// that leaves it best placed (evaluate.ts), ties broken at random.
import { deliberating, type Agent } from "./agent.js";
import { determinize } from "./determinize.js";
import { evaluate } from "./evaluate.js";
import { cloneState } from "../interpreter/state.js";
import { applyMove } from "../interpreter/engine.js";
import { nextFloat } from "../interpreter/rng.js";

export const greedyAgent: Agent = {
  name: "greedy",
  needsView: true,
  choose(d) {
    const base = determinize(d.game, d.view, d.rng, d.budget);
    let best = 0;
    let bestValue = -Infinity;
    d.legal.forEach((m, i) => {
      deliberating(d);
      const s = cloneState(base);
      applyMove(s, d.player, m, true);
      const value = evaluate(s)[d.player] + nextFloat(d.rng) * 1e-6;
      if (value > bestValue) {
        bestValue = value;
        best = i;
      }
    });
    return best;
  },
};
