// How often each kind of agent wins when the seats have different agents: a searching agent against random ones.
import { round, wilson } from "./stats.js";

export interface AgentWins {
  agent: string;
  seats: number[]; // the 1-based seats it played
  wins: number; // over all its seats
  trials: number; // finished games times its seats
  winRate: number; // wins per seat and finished game
  winRate95: [number, number];
  chance: number; // the win rate of a seat if every seat were alike: all wins over finished games times seats
  edge: number; // winRate / chance: 1 is no better than chance
}

/**
 * Wins per agent kind over all the seats it played, as a share of finished games per seat, with a 95% Wilson
 * interval, next to the share a seat gets by chance. Chance counts shared wins: where every game has three
 * winners among four players a seat wins 75% by chance. Returns null when every seat has the same agent.
 */
export function winsByAgent(agents: readonly string[], wins: readonly number[], finished: number): AgentWins[] | null {
  const kinds = [...new Set(agents)];
  if (kinds.length < 2) return null;
  const n = agents.length;
  const allWins = wins.reduce((a, b) => a + b, 0);
  const chance = finished ? allWins / (finished * n) : 0;
  return kinds.map((agent) => {
    const seats = agents.flatMap((a, i) => (a === agent ? [i] : []));
    const w = seats.reduce((sum, i) => sum + wins[i], 0);
    const trials = finished * seats.length;
    const winRate = trials ? w / trials : 0;
    return {
      agent,
      seats: seats.map((i) => i + 1),
      wins: w,
      trials,
      winRate: round(winRate),
      winRate95: wilson(w, trials),
      chance: round(chance),
      edge: chance ? round(winRate / chance, 3) : 0,
    };
  });
}
