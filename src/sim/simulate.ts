// Many games with the same rules: what happened, by seat, and how long games ran.
import type { Game } from "../interpreter/model.js";
import type { Agent } from "../agents/agent.js";
import type { State } from "../interpreter/state.js";
import { playGame, seatNames } from "./play-game.js";
import { GameRecorder } from "./game-log.js";
import { defaultBounds, gameBudget, type Bounds } from "./budget.js";
import { round, type Spread } from "./stats.js";
import type { Histogram } from "./histogram.js";
import { higherWins, Standings } from "./lead.js";
import { evaluate } from "../agents/evaluate.js";
import type { Balance, Decisiveness, Drama, Skill } from "./evaluation.js";
import type { ScoreSpread } from "./scores.js";
import type { AgentWins } from "./agent-wins.js";
import { countsOf, type CoverageTable, type GameCounts } from "./coverage.js";
import { summaryOfTally, tallyOf } from "./tally.js";

export interface SimulateOptions {
  players: number;
  games: number;
  seed: number | string;
  agents: Agent[];
  options?: Record<string, unknown>;
  checkConservation?: boolean;
  /** Count how often each rule fires (default true). */
  coverage?: boolean;
  onProgress?: (done: number) => void;
  /** The bounds of time and memory of each game (default: defaultBounds). */
  bounds?: Bounds;
  /** Write each game's log (see game-log.ts): GameOutcome.log holds its lines. */
  record?: { program: string; rules: string[]; hash: string; agents: string[] };
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
  /**
   * For a game everyone wins or loses together (outcome.together): the games the table won, of those finished,
   * with the 95% interval; wins by seat and balance say nothing there. Null for other games.
   */
  together: { games: number; won: number; winRate: number; winRate95: [number, number] } | null;
  wins: number[];
  losses: number[];
  problems: { message: string; games: number; firstSeed: string }[];
  lengthHistogram: Histogram; // game length in moves, finished games
  branching: Branching;
  scores: ScoreSummary | null; // null when the rules have no scores
  byAgent: AgentWins[] | null; // null when every seat has the same agent
  coverage: CoverageTable | null; // null when games were played without counting
  innerCoverage: CoverageTable[]; // the rules of games played inside the game (rounds of a match)
  balance: Balance | null; // how even the seats' win rates are; null for one seat or no finished game
  drama: Drama | null; // lead changes a game, on the scores or, without scores, the agents' evaluation
  decisiveness: Decisiveness | null; // how early in a game its winners stood ahead to the end
  skill: Skill | null; // the strongest agent's win rate less chance; null when every seat has the same agent
}

export interface Branching {
  decisions: number; // choices agents made, over all games
  perGame: number; // decisions per game, on average
  mean: number; // legal moves per decision, on average: the branching factor
}

export interface ScoreSummary extends ScoreSpread {
  leadChanges: Spread; // per finished game: how often the player leading on score changed
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
  scores: number[] | null; // final scores, for rules with scores
  leadChanges: number | null; // for rules with scores
  drama: number | null; // lead changes on the standings (scores, or the agents' evaluation), finished games
  settled: number | null; // the share of moves after the winners stood apart to the end, finished games
  decisions: number;
  branching: number; // legal moves summed over decisions
  counts: GameCounts | null; // rule coverage, when counted
  log?: string[]; // the game's log lines, when recorded
}

/** Plays game i of a run. Everything it returns is plain data, so that a worker thread can send it back. */
export function playOne(game: Game, o: Omit<SimulateOptions, "games">, i: number): GameOutcome {
  const seed = gameSeed(o.seed, i);
  const standings = new Standings(o.players);
  const recorder = o.record
    ? new GameRecorder({ program: o.record.program, game: i + 1, rules: o.record.rules, hash: o.record.hash, options: o.options ?? {}, seed, players: seatNames(o.players), agents: o.record.agents })
    : null;
  const scored = game.outcome.scores !== null;
  const values = new Array<number>(o.players);
  const r = playGame(game, {
    players: o.players, seed, agents: o.agents, options: o.options, checkConservation: o.checkConservation,
    coverage: o.coverage ?? true, onMove: scored ? (s) => observeScores(s, standings) : (s) => observeEvaluation(s, standings, values),
    budget: gameBudget(o.bounds ?? defaultBounds), ...(recorder ? { log: true, watch: recorder.watch } : {}),
  });
  const result = r.state.result;
  const winners = result?.winners ?? [];
  const scores = result?.scores ?? null;
  // which way the standings lead: up, unless the final scores put the winners lowest (the lowest score wins)
  const higher = scored ? (scores ? higherWins(scores, winners) : null) : true;
  const read = r.finished && standings.observed > 0;
  const from = read && higher !== null ? standings.settledFrom(winners, higher) : null;
  return {
    moves: r.moves, finished: r.finished, error: r.error, winners, losers: result?.losers ?? [], seed,
    scores, leadChanges: scored && r.finished ? standings.changes() : null,
    drama: read ? standings.changes(higher ?? true) : null,
    settled: from === null ? null : round(Math.max(0, standings.observed - 1 - from) / standings.observed),
    decisions: r.decisions, branching: r.branching, counts: countsOf(r.state),
    ...(recorder ? { log: recorder.end(r.state) } : {}),
  };
}

/** The outer game's scores after a move, as the outcome would give them now; skipped where they cannot be had yet. */
function observeScores(s: State, standings: Standings): void {
  const scoresOf = s.game.outcome.scores!;
  const scores = new Array<number>(s.n);
  const saved = s.me;
  s.me = -1;
  try {
    for (let p = 0; p < s.n; p++) scores[p] = scoresOf(s, p);
  } catch {
    return; // a score the rules cannot compute mid-game (a variable not yet set): no lead to speak of
  } finally {
    s.me = saved;
  }
  if (scores.every((v) => typeof v === "number" && Number.isFinite(v))) standings.observe(scores);
}

/** Without scores, the standings are the agents' evaluation of the game going on (evaluate.ts); the end is the result. */
function observeEvaluation(s: State, standings: Standings, values: number[]): void {
  if (!s.over) standings.observe(evaluate(s, values));
}

export function playMany(game: Game, o: SimulateOptions): GameOutcome[] {
  const out: GameOutcome[] = [];
  const from = o.from ?? 0;
  const to = o.to ?? o.games;
  for (let i = from; i < to; i++) {
    out.push(playOne(game, o, i));
    o.onProgress?.(i - from + 1);
  }
  return out;
}

/** The summary of a run's outcomes (game k of the list is game k of the run), by way of their tally (tally.ts). */
export function summarize(game: Game, o: SimulateOptions, outcomes: GameOutcome[]): Summary {
  return summaryOfTally(game, o, tallyOf(game, o.players, outcomes));
}

export function simulate(game: Game, o: SimulateOptions): Summary {
  return summarize(game, o, playMany(game, o));
}
