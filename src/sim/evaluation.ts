// What a designer asks of a run beyond wins and length: how even the seats are (balance), how often the lead
// changes (drama), how early the game is settled (decisiveness), and whether the stronger player wins more than
// chance gives (skill). docs/agents.md defines each with an example.
import { chiSquareTail, round, spread, wilson, type Spread } from "./stats.js";
import { histogram, type Histogram } from "./histogram.js";
import type { AgentWins } from "./agent-wins.js";

export interface Balance {
  /** 1 − (the highest seat win rate − the lowest): 1 when every seat wins as often, 0 when one always wins and another never. */
  value: number;
  /** The highest seat win rate less the lowest. */
  spread: number;
  /** The chi-square statistic of the seats' wins against equal shares, and its degrees of freedom (seats − 1). */
  chiSquare: number;
  df: number;
  /** The chance of seats at least this uneven if every seat were alike: below 0.05, the seats are not alike. */
  p: number;
}

/** How the standings were read: the rules' scores, or the agents' evaluation (fewer cards held is better). */
export type StandingsBy = "scores" | "evaluation";

export interface Drama {
  by: StandingsBy;
  /** Finished games whose standings could be read. */
  games: number;
  /** Per game: how often the player alone in the lead gave way to another. */
  leadChanges: Spread;
  histogram: Histogram;
}

export interface Decisiveness {
  by: StandingsBy;
  /** Finished games with winners and others whose standings could be read. */
  games: number;
  /** Per game: the share of its moves played after the move from which the winners stood ahead of all others to the end. */
  settled: Spread;
}

export interface Skill {
  /** The strongest kind of agent in the run, by the known order of agents (random, greedy, mc, ismcts; a bigger budget is stronger). */
  stronger: string;
  /** The other kinds it played against. */
  against: string[];
  winRate: number;
  winRate95: [number, number];
  /** The win rate of a seat if every seat were alike (byAgent's chance). */
  chance: number;
  /** winRate − chance: about 0 when skill does not matter, up to 1 − chance when the stronger agent always wins. */
  value: number;
  value95: [number, number];
}

/**
 * The balance of the seats' wins over finished games, null for one seat or no finished game. The chi-square
 * statistic is the test of equal win rates over a table of seats by won and not won, times (seats − 1) / seats:
 * a game gives its wins to some seats and not others, so the seats' counts move against each other. For games
 * with one winner it is the chi-square test of wins against equal shares, for two seats the test of a coin.
 */
export function balanceOf(wins: readonly number[], finished: number): Balance | null {
  const n = wins.length;
  if (n < 2 || finished === 0) return null;
  const rates = wins.map((w) => w / finished);
  const all = wins.reduce((a, b) => a + b, 0);
  const share = all / (n * finished); // the win rate of a seat if every seat were alike
  const gap = Math.max(...rates) - Math.min(...rates);
  let chiSquare = 0;
  if (share > 0 && share < 1) {
    const expected = all / n;
    for (const w of wins) chiSquare += ((w - expected) * (w - expected)) / (finished * share * (1 - share));
    chiSquare *= (n - 1) / n;
  }
  return { value: round(1 - gap), spread: round(gap), chiSquare: round(chiSquare), df: n - 1, p: round(chiSquareTail(chiSquare, n - 1), 6) };
}

export function dramaOf(by: StandingsBy, changes: readonly number[]): Drama | null {
  if (changes.length === 0) return null;
  return { by, games: changes.length, leadChanges: spread(changes), histogram: histogram(changes) };
}

export function decisivenessOf(by: StandingsBy, settled: readonly number[]): Decisiveness | null {
  if (settled.length === 0) return null;
  const s = spread(settled);
  return { by, games: settled.length, settled: { ...s, median: round(s.median) } };
}

/** The known order of strength of the agents by name: a later kind is stronger, and a bigger budget (ismcts:2000). */
const kinds = ["random", "greedy", "sensible", "mc", "ismcts", "ismcts-informed"];

/** The budget of a searching agent named without one (src/agents/index.ts, ismcts.ts). */
const defaultBudget = new Map([["mc", 200], ["ismcts", 1000], ["ismcts-informed", 1000]]);

/** An agent's place in that order: [kind, budget]; an agent not in it ranks below random. */
function strength(agent: string): [number, number] {
  const [name, budget] = agent.split(":");
  return [kinds.indexOf(name), budget === undefined ? (defaultBudget.get(name) ?? 0) : Number(budget) || 0];
}

/**
 * The skill figure of a run with different agents: the win rate of the strongest kind of agent, by the known
 * order and not by its results (the luckier of two alike agents would look skilled), less the rate a seat gets
 * by chance. Null when every seat has the same agent, no game finished, or two kinds rank the same.
 */
export function skillOf(byAgent: readonly AgentWins[] | null): Skill | null {
  if (!byAgent || byAgent.length < 2 || byAgent[0].trials === 0) return null;
  const ranked = [...byAgent].sort((a, b) => {
    const [ka, ba] = strength(a.agent);
    const [kb, bb] = strength(b.agent);
    return kb - ka || bb - ba;
  });
  const [top, next] = ranked;
  if (strength(top.agent).join() === strength(next.agent).join()) return null;
  const interval = wilson(top.wins, top.trials);
  return {
    stronger: top.agent,
    against: ranked.slice(1).map((k) => k.agent),
    winRate: top.winRate,
    winRate95: interval,
    chance: top.chance,
    value: round(top.winRate - top.chance),
    value95: [round(interval[0] - top.chance), round(interval[1] - top.chance)],
  };
}
