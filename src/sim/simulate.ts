// Many games with the same rules: what happened, by seat, and how long games ran.
import type { Game } from "../interpreter/model.js";
import type { Agent } from "../agents/agent.js";
import { playGame } from "./play-game.js";
import { spread, wilson, type Spread } from "./stats.js";

export interface SimulateOptions {
  players: number;
  games: number;
  seed: number | string;
  agents: Agent[];
  options?: Record<string, unknown>;
  checkConservation?: boolean;
  onProgress?: (done: number) => void;
  /** Play only games [from, to) of the run: how a run is shared between workers. */
  from?: number;
  to?: number;
}

export interface SeatSummary {
  seat: number;
  agent: string;
  wins: number;
  losses: number;
  winRate: number;
  winRate95: [number, number];
}

export interface Summary {
  rules: string;
  players: number;
  games: number;
  seed: number | string;
  agents: string[];
  finished: number;
  unfinished: number;
  moves: number;
  length: Spread;
  ties: number; // finished games with more than one winner
  seats: SeatSummary[];
  wins: number[];
  losses: number[];
  problems: { message: string; games: number; firstSeed: string }[];
}

/** The seed of game i of a run: every game is reproducible on its own. */
export function gameSeed(seed: number | string, i: number): string {
  return `${seed}:${i}`;
}

export interface GameOutcome {
  moves: number;
  finished: boolean;
  error: string | null;
  winners: number[];
  losers: number[];
  seed: string;
}

export function playMany(game: Game, o: SimulateOptions): GameOutcome[] {
  const out: GameOutcome[] = [];
  const from = o.from ?? 0;
  const to = o.to ?? o.games;
  for (let i = from; i < to; i++) {
    const seed = gameSeed(o.seed, i);
    const r = playGame(game, { players: o.players, seed, agents: o.agents, options: o.options, checkConservation: o.checkConservation });
    const result = r.state.result;
    out.push({ moves: r.moves, finished: r.finished, error: r.error, winners: result?.winners ?? [], losers: result?.losers ?? [], seed });
    o.onProgress?.(i - from + 1);
  }
  return out;
}

export function summarize(game: Game, o: SimulateOptions, outcomes: GameOutcome[]): Summary {
  const n = o.players;
  const wins = new Array(n).fill(0);
  const losses = new Array(n).fill(0);
  const lengths: number[] = [];
  const problems = new Map<string, { message: string; games: number; firstSeed: string }>();
  let finished = 0;
  let ties = 0;
  let moves = 0;
  for (const g of outcomes) {
    moves += g.moves;
    if (!g.finished) {
      const key = (g.error ?? "unfinished").replace(/\d+/g, "N");
      const p = problems.get(key) ?? { message: g.error ?? "unfinished", games: 0, firstSeed: g.seed };
      p.games++;
      problems.set(key, p);
      continue;
    }
    finished++;
    lengths.push(g.moves);
    if (g.winners.length > 1) ties++;
    for (const p of g.winners) wins[p]++;
    for (const p of g.losers) losses[p]++;
  }
  return {
    rules: game.id,
    players: n,
    games: outcomes.length,
    seed: o.seed,
    agents: o.agents.map((a) => a.name),
    finished,
    unfinished: outcomes.length - finished,
    moves,
    length: spread(lengths),
    ties,
    seats: wins.map((w, seat) => ({
      seat: seat + 1,
      agent: o.agents[seat].name,
      wins: w,
      losses: losses[seat],
      winRate: finished ? Math.round((w / finished) * 10000) / 10000 : 0,
      winRate95: wilson(w, finished),
    })),
    wins,
    losses,
    problems: [...problems.values()],
  };
}

export function simulate(game: Game, o: SimulateOptions): Summary {
  return summarize(game, o, playMany(game, o));
}
