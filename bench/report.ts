// The benchmark's output: each implementation's median over the rounds with its range, each ratio's median
// with its range (a ratio is taken within a round, between measurements made one right after the other), and
// the machine they were measured on. A table for people, or one JSON object for programs.
import { cpus, loadavg } from "node:os";
import { table } from "../src/sim/text-table.js";
import { agentImpls, type ImplName } from "./comparisons.js";
import type { Measurement } from "./measure.js";
import type { SearchTiming } from "./search.js";

/** One measurement: one implementation of one game, in one round, in a process of its own. */
export interface Result extends Measurement {
  game: string;
  impl: ImplName;
  players: number;
}

export interface Range {
  min: number;
  max: number;
}

/** An implementation over every round: medians, with the range of the rounds. */
export interface Summary {
  game: string;
  impl: ImplName;
  players: number;
  rounds: number;
  games: number;
  moves: number;
  unfinished: number;
  gamesPerSec: number;
  movesPerSec: number;
  gamesPerSecRange: Range;
  movesPerSecRange: Range;
  heapUsedMB: number;
}

export interface Ratio {
  game: string;
  versus: ImplName;
  /** The interpreter's moves per second divided by the other's, median over the rounds: below 1, slower. */
  ratio: number;
  range: Range;
  /** The ratio in each round. */
  rounds: number[];
}

/** An agent's games per second divided by random agents' on the same game, within each round. */
export interface AgentRatio {
  game: string;
  agent: ImplName;
  ratio: number;
  range: Range;
  rounds: number[];
}

export interface SearchSummary extends Omit<SearchTiming, "medianMs" | "bestMs" | "searches" | "firstMs" | "collections" | "gcMs"> {
  /** The median over the rounds of each round's median search. */
  medianMs: number;
  range: Range;
  searches: number;
  /** The median over the rounds of the first search of each round's fresh process, and their range. */
  firstMs: number;
  firstRange: Range;
  /** The garbage collections during each round's timed searches, and the time they took, median over the rounds. */
  collections: number;
  gcMs: number;
  /**
   * Iterations a second (from each round's median search) ÷ the moves a second of the interpreter's random games
   * of the same game in that round: how many random moves one iteration costs, inverted. Null without that game.
   */
  versusRandom: { ratio: number; range: Range; rounds: number[] } | null;
}

export interface Machine {
  cpu: string;
  cores: number;
  node: string;
  /** The load average (1 minute) when the benchmark started and when it ended: others' work on the machine. */
  load: Range & { start: number; end: number };
}

export interface Report {
  machine: Machine;
  seconds: number;
  /** The longest turn, in CPU seconds, the implementations of a game took one after the other. */
  sliceSeconds: number;
  rounds: number;
  backend: string;
  results: Summary[];
  ratios: Ratio[];
  agents: AgentRatio[];
  search?: SearchSummary;
}

export function median(xs: number[]): number {
  const s = xs.slice().sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

const rangeOf = (xs: number[]): Range => ({ min: Math.min(...xs), max: Math.max(...xs) });

export function machine(loadAtStart: number): Machine {
  const end = loadavg()[0];
  return {
    cpu: cpus()[0]?.model ?? "unknown",
    cores: cpus().length,
    node: process.version,
    load: { start: loadAtStart, end, min: Math.min(loadAtStart, end), max: Math.max(loadAtStart, end) },
  };
}

/** Summaries and ratios from every round's results (`rounds[r]` holds round r's measurements). */
export function summarize(rounds: Result[][]): { results: Summary[]; ratios: Ratio[]; agents: AgentRatio[] } {
  const all = rounds.flat();
  const keys = [...new Map(all.map((r) => [`${r.game}\n${r.impl}`, r])).values()];
  const results: Summary[] = keys.map(({ game, impl, players }) => {
    const mine = all.filter((r) => r.game === game && r.impl === impl);
    return {
      game, impl, players, rounds: mine.length,
      games: sum(mine.map((r) => r.games)), moves: sum(mine.map((r) => r.moves)), unfinished: sum(mine.map((r) => r.unfinished)),
      gamesPerSec: median(mine.map((r) => r.gamesPerSec)), movesPerSec: median(mine.map((r) => r.movesPerSec)),
      gamesPerSecRange: rangeOf(mine.map((r) => r.gamesPerSec)), movesPerSecRange: rangeOf(mine.map((r) => r.movesPerSec)),
      heapUsedMB: Math.max(...mine.map((r) => r.heapUsedMB)),
    };
  });
  const ratios: Ratio[] = [];
  for (const game of new Set(all.map((r) => r.game))) {
    const others = new Set(all.filter((r) => r.game === game && r.impl !== "interpreter" && !agentImpls.has(r.impl)).map((r) => r.impl));
    for (const versus of others) {
      const each: number[] = [];
      for (const round of rounds) {
        const a = round.find((r) => r.game === game && r.impl === "interpreter");
        const b = round.find((r) => r.game === game && r.impl === versus);
        if (a && b) each.push(a.movesPerSec / b.movesPerSec);
      }
      if (each.length) ratios.push({ game, versus, ratio: median(each), range: rangeOf(each), rounds: each });
    }
  }
  const agents: AgentRatio[] = [];
  for (const game of new Set(all.map((r) => r.game))) {
    for (const agent of new Set(all.filter((r) => r.game === game && agentImpls.has(r.impl)).map((r) => r.impl))) {
      const each: number[] = [];
      for (const round of rounds) {
        const random = round.find((r) => r.game === game && r.impl === "interpreter");
        const mine = round.find((r) => r.game === game && r.impl === agent);
        if (random && mine) each.push(mine.gamesPerSec / random.gamesPerSec);
      }
      if (each.length) agents.push({ game, agent, ratio: median(each), range: rangeOf(each), rounds: each });
    }
  }
  return { results, ratios, agents };
}

export function summarizeSearch(timings: SearchTiming[], rounds: Result[][] = []): SearchSummary | undefined {
  if (timings.length === 0) return undefined;
  const each: number[] = [];
  timings.forEach((t, r) => {
    const random = rounds[r]?.find((x) => x.game === t.game && x.impl === "interpreter");
    if (random && t.medianMs > 0) each.push((t.iterations / (t.medianMs / 1000)) / random.movesPerSec);
  });
  const versusRandom = each.length ? { ratio: median(each), range: rangeOf(each), rounds: each } : null;
  const { game, players, iterations, depth, warmups } = timings[0];
  const medians = timings.map((t) => t.medianMs);
  const firsts = timings.map((t) => t.firstMs);
  return {
    game, players, iterations, depth, warmups, medianMs: median(medians), range: rangeOf(medians), searches: sum(timings.map((t) => t.searches)),
    firstMs: Math.round(median(firsts) * 10) / 10, firstRange: rangeOf(firsts),
    collections: median(timings.map((t) => t.collections)), gcMs: Math.round(median(timings.map((t) => t.gcMs)) * 10) / 10,
    versusRandom,
  };
}

function sum(xs: number[]): number {
  return xs.reduce((a, b) => a + b, 0);
}

function rate(n: number): string {
  return n >= 100 ? Math.round(n).toLocaleString("en-US") : n.toFixed(2);
}

const spread = (r: Range, f: (n: number) => string) => `${f(r.min)}–${f(r.max)}`;

export function textReport(report: Report): string {
  const m = report.machine;
  let text = `${report.rounds} round${report.rounds === 1 ? "" : "s"} of random playouts, each implementation in a process of its own, ${report.seconds} s of CPU time each after a warm-up, log off;\n`;
  text += `the implementations of a game took turns of at most ${report.sliceSeconds} s\n`;
  text += `interpreter back end: ${report.backend}; boardgame.io with NODE_ENV=production\n`;
  text += `machine: ${m.cpu}, ${m.cores} cores, Node ${m.node}; load average ${m.load.start.toFixed(1)} at the start, ${m.load.end.toFixed(1)} at the end\n\n`;
  const rows = report.results.map((r) => [r.game, r.impl, r.players, rate(r.gamesPerSec), spread(r.gamesPerSecRange, rate), rate(r.movesPerSec), spread(r.movesPerSecRange, rate), r.heapUsedMB.toFixed(1)]);
  text += table(["game", "impl", "players", "games/s", "range", "moves/s", "range", "heap MB"], rows);
  for (const r of report.results.filter((x) => x.unfinished > 0)) text += `${r.game} ${r.impl}: ${r.unfinished} of ${r.games} games stopped by a limit before ending\n`;
  text += "\nratios of moves per second, taken within each round (below 1: the interpreter is slower):\n";
  const ratioRows = report.ratios.map((q) => [`${q.game}: interpreter ÷ ${q.versus}`, q.ratio.toFixed(3), spread(q.range, (n) => n.toFixed(3)), q.rounds.map((x) => x.toFixed(2)).join(" ")]);
  text += table(["ratio", "median", "range", "each round"], ratioRows);
  if (report.agents.length) {
    text += "\ngames per second with an agent in every seat ÷ with random agents (the interpreter's own row), within each round:\n";
    const agentRows = report.agents.map((q) => [`${q.game}: ${q.agent} ÷ random`, q.ratio.toFixed(3), spread(q.range, (n) => n.toFixed(3)), q.rounds.map((x) => x.toFixed(2)).join(" ")]);
    text += table(["ratio", "median", "range", "each round"], agentRows);
  }
  const s = report.search;
  if (s) {
    text += `\ninformation-set MCTS, ${s.iterations} iterations (playouts of ${s.depth} moves) from a ${s.players}-player ${s.game} position: `;
    text += `median ${s.medianMs} ms CPU (${spread(s.range, String)} over the rounds' medians, ${s.searches} searches after ${s.warmups} `;
    text += `in each process); the first search of a fresh process ${s.firstMs} ms (${spread(s.firstRange, String)}); `;
    text += `${s.collections} garbage collections taking ${s.gcMs} ms during a process's timed searches (median)\n`;
    if (s.versusRandom) {
      const v = s.versusRandom;
      text += `iterations a second ÷ random moves a second of ${s.game} in the same round: ${v.ratio.toFixed(4)} (${spread(v.range, (n) => n.toFixed(4))})\n`;
    }
  }
  return text;
}

export function jsonReport(report: Report): string {
  return JSON.stringify(report) + "\n";
}
