// Determinized Monte Carlo: every legal move is tried in playouts, each on a fresh determinization of what the
// agent sees, and the move with the best average result is chosen.
import { deliberating, type Agent, type Weighed } from "./agent.js";
import { deal, prepare } from "./determinize.js";
import { evaluate } from "./evaluate.js";
import { randomPlayout } from "./playout.js";
import { applyMove } from "../interpreter/engine.js";
import type { State } from "../interpreter/state.js";

export function monteCarloAgent(playouts = 200, depth = 30): Agent {
  return {
    name: "mc",
    needsView: true,
    choose(d) {
      const per = Math.max(1, Math.floor(playouts / d.legal.length));
      const prepared = prepare(d.game, d.view, d.rng, d.budget);
      let best = 0;
      let bestValue = -Infinity;
      let s: State | undefined; // one state, dealt anew for every playout
      const value: number[] = new Array(d.view.names.length);
      const weighed: Weighed[] | null = d.weighed ? [] : null;
      d.legal.forEach((m, i) => {
        let total = 0;
        for (let k = 0; k < per; k++) {
          deliberating(d);
          s = deal(prepared, d.rng, s);
          applyMove(s, d.player, m, true);
          randomPlayout(s, depth, d.rng);
          total += evaluate(s, value)[d.player];
        }
        weighed?.push({ move: i, visits: per, value: total / per });
        if (total / per > bestValue) {
          bestValue = total / per;
          best = i;
        }
      });
      if (weighed) d.weighed!(weighed);
      return best;
    },
  };
}
