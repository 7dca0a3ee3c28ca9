// houserules simulate: many games with agents in every seat, and what happened.
import { ruleFoldersOption } from "../rule-folders.js";
import { readArgs, intFlag } from "../args.js";
import { UsageError, type IO } from "../io.js";
import { loadComposition, loadRules } from "../../interpreter/load/load.js";
import { rulesFlags, rulesToLoad } from "../rules-args.js";
import { shippedRules } from "../../interpreter/load/resolve.js";
import type { Game } from "../../interpreter/model.js";
import type { CoverageTable } from "../../sim/coverage.js";
import { formatDiagnostic } from "../../interpreter/diagnostics.js";
import { agentNames, makeAgent, maxAgentBudget } from "../../agents/index.js";
import { existsSync, writeFileSync } from "node:fs";
import { defaultBounds, type Bounds } from "../../sim/budget.js";
import { programVersion, rulesHash } from "../rules-hash.js";
import { dirname, resolve } from "node:path";
import { withReaction, type Agent } from "../../agents/agent.js";
import { playMany, summarize, type GameOutcome, type Summary } from "../../sim/simulate.js";
import { agentsOfSpec, type AgentSpec, type RunSpec } from "../../sim/run-spec.js";
import { WorkerPool } from "../../sim/parallel.js";
import { writeReport } from "../../report/html.js";
import { Progress } from "../progress.js";
import { startingCombination, startProblem } from "../../sim/starting-combination.js";
import { seatNames } from "../../sim/play-game.js";
import { table, histogramLines } from "../table.js";

export const simulateHelp = `Usage: houserules simulate <id> [--with <fragment id>]... [--players N] [--games G] [--seed S] [--agents a,b,...]
                           [--workers N] [--json] [--report FILE.html] [--log FILE] [--time-limit S] [--memory-limit MB]
       houserules simulate --compose "Deal Eight, Take Lots of Tricks, Crazy Eights, Whist" [...]
       houserules simulate --preset "Black Maria" [...]
       houserules simulate on-the-cards/out-of-the-box --preset "Black Maria" [...]
       houserules simulate --all [--games G] [--workers N]

Plays G games of the rules with an agent in every seat and prints what happened:
  - games finished, and games with shared wins;
  - game length in moves: mean, spread, range and a histogram;
  - decisions and the branching factor (legal moves per decision, on average);
  - wins and losses by seat, with a 95% interval (the advantage of a place at the table);
  - when the seats have different agents: each agent's win rate per seat over all its seats, with a 95%
    interval, next to the rate a seat gets by chance;
  - for rules with scores: final scores by seat (mean, sd, range), the mean gap between the best and the
    worst score of a game, and lead changes (how often per game the player alone ahead on score changes,
    looked at after every move; in a match, the match's scores);
  - rule coverage: how often each action was taken, phase entered, trigger fired and requirement refused a
    move, in how many games, and the rules that never fired (also for the rules of games played inside).
The same seed gives the same output, byte for byte, whatever the number of workers.

Options:
  --with F      compose fragment F onto the rules (repeatable): a variant
  --compose L   play rules composed from cards named as printed, comma-separated
  --preset P    play the cards of a named preset (Opening Hands, President, Winning Whist, Black Maria);
                with the id of a match, start the match from them (its first round)
  --players N   number of players (default: 4, or the nearest count the rules allow)
  --games G     number of games (default 1000; 200 each with --all)
  --seed S      seed of the run (default 1); game i is played with seed "S:i"
  --agents L    comma-separated agent per seat, one for every seat or one for all (${agentNames().join(", ")});
                default random for every seat; a search budget (ismcts:200) is at most 100,000
  --reaction R  in real-time games, each seat's reaction time in seconds: MEAN or MEAN:SPREAD,
                comma-separated per seat (default 0.8:0.25 for every agent)
  --check       check after every move that each card is in exactly one zone
  --workers N   play the games on N worker threads (default: none, all on the main thread)
  --json        print one JSON object: games, finished, moves, wins per seat, and more (fields below)
  --report F    also write an HTML report with charts to file F (self-contained: open it in a browser);
                says where it was written (on stderr with --json)
  --log F       also save every game to file F as JSON lines (rules and their hash, options, seed, agents,
                every move); houserules replay F plays them again and checks each is the same game
  --time-limit S    stop a game that runs longer than S seconds of wall-clock time (default 600)
  --memory-limit M  stop a game while the heap in use passes M megabytes (default 2048); a rule file's own
                    limits: cannot lift either
  --all         simulate every shipped game and print one table
${ruleFoldersOption(14)}
  -h, --help    this text

JSON fields: rules, players, games, seed, agents, finished, unfinished, moves, length {mean, sd, min, median,
max}, ties, seats [{seat, agent, wins, losses, winRate, winRate95}], wins, losses, problems, lengthHistogram
{width, bins [{from, to, count}]: from <= moves < to; to null: the open last bin}, branching {decisions,
perGame, mean}, scores (null without scores) {games, seats [{seat, mean, sd, min, q1, median, q3, max}], gap,
leadChanges}, byAgent (null when every seat has the same agent) [{agent, seats, wins, trials, winRate,
winRate95, chance, edge}], coverage {id, name, games, rules [{rule, what, count, games}], never},
innerCoverage [the same, per rules played inside the game].

Exit status: 0 when every game finished, 1 when some did not, 2 for bad usage.
`;

/** A seed as given: digits are a number while a number holds them exactly, else the text, so no two collide. */
export function seedOf(text: unknown): number | string {
  if (typeof text !== "string") return 1;
  return /^\d+$/.test(text) && Number.isSafeInteger(Number(text)) ? Number(text) : text;
}

export function defaultPlayers(game: Game): number {
  return Math.min(game.players.max, Math.max(game.players.min, 4));
}

export async function simulateCommand(argv: string[], io: IO): Promise<number> {
  const { values, positionals } = readArgs(argv, {
    players: { type: "string" }, games: { type: "string" }, seed: { type: "string" }, agents: { type: "string" },
    json: { type: "boolean" }, all: { type: "boolean" }, check: { type: "boolean" }, ...rulesFlags, reaction: { type: "string" },
    workers: { type: "string" }, report: { type: "string" }, log: { type: "string" },
    "time-limit": { type: "string" }, "memory-limit": { type: "string" },
  });
  if (values.help) {
    io.out(simulateHelp);
    return 0;
  }
  const seed = seedOf(values.seed);
  const workers = intFlag(values.workers, "workers", 0, 1, 256);
  const report = values.report;
  if (report !== undefined && (typeof report !== "string" || report === "")) throw new UsageError("--report takes a file name");
  if (typeof report === "string" && !existsSync(dirname(resolve(report)))) throw new UsageError(`--report ${report}: there is no folder ${dirname(resolve(report))}`);
  const logFile = values.log;
  if (logFile !== undefined && (typeof logFile !== "string" || logFile === "")) throw new UsageError("--log takes a file name");
  if (typeof logFile === "string" && !existsSync(dirname(resolve(logFile)))) throw new UsageError(`--log ${logFile}: there is no folder ${dirname(resolve(logFile))}`);
  const bounds = boundsOf(values);
  if (values.all) {
    if (report !== undefined) throw new UsageError("--report is for one game, not --all");
    if (logFile !== undefined) throw new UsageError("--log is for one game, not --all");
    return simulateAll(io, intFlag(values.games, "games", 200), seed, Boolean(values.json), workers, bounds);
  }
  const refs = rulesToLoad(positionals, values, "simulate", "--compose, --preset or --all", true);
  const loaded = loadComposition(refs);
  if (!loaded.game) {
    for (const d of loaded.diagnostics.filter((d) => d.severity === "error")) io.err(formatDiagnostic(d) + "\n");
    return 1;
  }
  const game = loaded.game;
  const players = intFlag(values.players, "players", defaultPlayers(game));
  if (players < game.players.min || players > game.players.max) {
    throw new UsageError(`${game.name} is for ${game.players.min}–${game.players.max} players, not ${players}`);
  }
  const games = intFlag(values.games, "games", 1000);
  const specs = agentSpecs(values.agents as string | undefined, players, values.reaction as string | undefined);
  const record = typeof logFile === "string" ? { program: programVersion(), rules: refs, hash: rulesHash(loaded), agents: specs.map((a) => a.name) } : undefined;
  const spec: RunSpec = { refs, players, seed, agents: specs, checkConservation: Boolean(values.check), bounds, record };
  if (typeof values.preset === "string" && positionals.length === 1) spec.options = startFrom(game, values.preset, players, seed);
  const progress = new Progress(io, `${game.id}`, games);
  const { summary, outcomes } = await run(game, spec, games, workers, (d) => progress.update(d));
  progress.finish();
  if (typeof logFile === "string") {
    writeFileSync(logFile, outcomes.map((o) => (o.log ?? []).join("\n") + "\n").join(""));
    io.err(`${games} game${games === 1 ? "" : "s"} saved to ${logFile}: replay with houserules replay ${logFile}\n`);
  }
  if (values.json) io.out(JSON.stringify(summary, null, 2) + "\n");
  else io.out(describe(summary));
  if (typeof report === "string") {
    let path: string;
    try {
      path = writeReport(report, summary);
    } catch (e) {
      io.err(`houserules simulate: cannot write the report to ${report}: ${(e as Error).message}\n`);
      return 1;
    }
    (values.json ? io.err : io.out)(`report written to ${path}\n`);
  }
  return summary.unfinished === 0 ? 0 : 1;
}

/** The options that start a match from a preset, checked against its first round (a usage error if it cannot). */
export function startFrom(game: Game, name: string, players: number, seed: number | string): Record<string, unknown> {
  const combination = startingCombination(game, name);
  if ("problem" in combination) throw new UsageError(combination.problem);
  const problem = startProblem(game, seatNames(players), `${seed}:0`, combination.options);
  if (problem) throw new UsageError(`--preset "${name}": ${problem}`);
  return combination.options;
}

/** Plays a run on the main thread, or on a pool of worker threads; the summary is the same either way. */
export async function run(game: Game, spec: RunSpec, games: number, workers: number | WorkerPool, onProgress: (done: number) => void): Promise<{ summary: Summary; outcomes: GameOutcome[] }> {
  const agents = agentsOfSpec(spec.agents);
  const options = { ...spec, games, agents, onProgress };
  const done = (outcomes: GameOutcome[]) => ({ summary: summarize(game, options, outcomes), outcomes });
  if (workers === 0) return done(playMany(game, options));
  const pool = typeof workers === "number" ? new WorkerPool(workers) : workers;
  try {
    return done(await pool.play(spec, 0, games, onProgress));
  } finally {
    if (pool !== workers) await pool.close();
  }
}

/** --time-limit and --memory-limit: the bounds of each game, which only the user may raise. */
export function boundsOf(values: Record<string, unknown>): Bounds {
  const number = (flag: string, fallback: number) => {
    const v = values[flag];
    if (v === undefined) return fallback;
    const n = Number(v);
    if (!(typeof v === "string" && n > 0 && Number.isFinite(n))) throw new UsageError(`--${flag} takes a positive number, not '${String(v)}'`);
    return n;
  };
  return { seconds: number("time-limit", defaultBounds.seconds), megabytes: number("memory-limit", defaultBounds.megabytes) };
}

/** The agent of every seat by name, with its reaction time where --reaction gives one (checked here). */
export function agentSpecs(list: string | undefined, players: number, reaction: string | undefined): AgentSpec[] {
  const agents = withReactions(parseAgents(list, players), reaction);
  const names = list ? list.split(",").map((x) => x.trim()) : [];
  return agents.map((agent, i) => {
    const name = names[i] ?? names[names.length - 1] ?? "random";
    return reaction ? { name, reaction: agent.reaction } : { name };
  });
}

/** --reaction 0.8:0.25,0.5 gives each seat's agent its mean (and spread) of reaction times in real-time play. */
export function withReactions(agents: Agent[], spec: string | undefined): Agent[] {
  if (!spec) return agents;
  const parts = spec.split(",").map((x) => x.trim());
  return agents.map((agent, i) => {
    const part = parts[Math.min(i, parts.length - 1)];
    const [mean, spread] = part.split(":").map(Number);
    if (!(mean > 0) || (spread !== undefined && !(spread >= 0))) throw new UsageError(`--reaction takes seconds as MEAN or MEAN:SPREAD, not '${part}'`);
    return withReaction(agent, mean, spread ?? mean * 0.3);
  });
}

export function parseAgents(list: string | undefined, players: number): Agent[] {
  const names = list ? list.split(",").map((x) => x.trim()) : [];
  if (names.length > players) throw new UsageError(`--agents names ${names.length} agents for ${players} players`);
  if (names.length > 1 && names.length < players) throw new UsageError(`--agents names ${names.length} agents for ${players} players: name one for every seat, or one for all`);
  return Array.from({ length: players }, (_, i) => {
    const name = names[i] ?? names[names.length - 1] ?? "random";
    const agent = makeAgent(name);
    const budget = name.split(":")[1];
    if (!agent && budget !== undefined && agentNames().includes(name.split(":")[0])) {
      throw new UsageError(`the budget of '${name}' is a whole number from 1 to ${maxAgentBudget.toLocaleString("en")}`);
    }
    if (!agent) throw new UsageError(`unknown agent '${name}' (agents: ${agentNames().join(", ")})`);
    return agent;
  });
}

function describe(s: Summary): string {
  const lines: string[] = [];
  lines.push(`${s.rules}: ${s.games} games, ${s.players} players, seed ${s.seed}`);
  lines.push(`finished ${s.finished} of ${s.games}${s.unfinished ? ` (${s.unfinished} did not finish)` : ""}; ${s.ties} with shared wins`);
  lines.push(`game length: mean ${s.length.mean} moves, sd ${s.length.sd}, min ${s.length.min}, median ${s.length.median}, max ${s.length.max}; ${s.moves} moves in all`);
  lines.push(`decisions: ${s.branching.decisions} in all, ${s.branching.perGame} a game; branching factor ${s.branching.mean} legal moves per decision`);
  lines.push("");
  lines.push(table(["seat", "agent", "wins", "win rate", "95% interval", "losses"], s.seats.map((x) => [
    `P${x.seat}`, x.agent, x.wins, pct(x.winRate), `${pct(x.winRate95[0])}–${pct(x.winRate95[1])}`, x.losses,
  ])).trimEnd());
  for (const p of s.problems) lines.push(`problem in ${p.games} game(s), first with seed ${p.firstSeed}: ${p.message}`);
  if (s.byAgent) {
    lines.push("");
    lines.push(`wins by agent, per seat over all its seats (by chance a seat wins ${pct(s.byAgent[0].chance)}):`);
    lines.push(table(["agent", "seats", "wins", "win rate", "95% interval", "vs chance"], s.byAgent.map((k) => [
      k.agent, k.seats.map((x) => `P${x}`).join(","), k.wins, pct(k.winRate), `${pct(k.winRate95[0])}–${pct(k.winRate95[1])}`, `${k.edge}x`,
    ])).trimEnd());
  }
  if (s.scores) {
    const sc = s.scores;
    lines.push("");
    lines.push(`final scores (${sc.games} finished games):`);
    lines.push(table(["seat", "mean", "sd", "min", "median", "max"], sc.seats.map((x) => [`P${x.seat}`, x.mean, x.sd, x.min, x.median, x.max])).trimEnd());
    lines.push(`best less worst score: mean ${sc.gap.mean}, sd ${sc.gap.sd}, max ${sc.gap.max}`);
    lines.push(`lead changes: mean ${sc.leadChanges.mean} a game, sd ${sc.leadChanges.sd}, max ${sc.leadChanges.max}`);
  }
  if (s.lengthHistogram.bins.length) {
    lines.push("");
    lines.push("game length histogram (moves, games):");
    lines.push(...histogramLines(s.lengthHistogram));
  }
  if (s.coverage) {
    lines.push("");
    lines.push(...coverageLines(s.coverage));
    for (const t of s.innerCoverage) {
      lines.push("");
      lines.push(...coverageLines(t, s.coverage.games));
    }
  }
  return lines.join("\n") + "\n";
}

function coverageLines(t: CoverageTable, outerGames?: number): string[] {
  const lines = [outerGames === undefined
    ? `rule coverage (${t.games} games):`
    : `rule coverage of ${t.name} (${t.id}), played inside ${t.games} of ${outerGames} games:`];
  lines.push(table(["rule", "counted when", "times", "games"], t.rules.map((r) => [
    r.rule, r.what, r.count, t.games ? pct(r.games / t.games) : "0.0%",
  ])).trimEnd());
  lines.push(t.never.length ? `never fired: ${t.never.join(", ")}` : `every rule fired`);
  return lines;
}

function pct(x: number): string {
  return `${(x * 100).toFixed(1)}%`;
}

async function simulateAll(io: IO, games: number, seed: number | string, json: boolean, workers: number, bounds: Bounds): Promise<number> {
  const rows: (string | number)[][] = [];
  const results: Summary[] = [];
  let ok = true;
  const pool = workers ? new WorkerPool(workers) : null;
  try {
    for (const id of shippedRules()) {
      const loaded = loadRules(id);
      if (!loaded.game) continue; // fragments are simulated on their base
      const game = loaded.game;
      const players = defaultPlayers(game);
      const progress = new Progress(io, id, games);
      const started = performance.now();
      const { summary: s } = await run(game, { refs: [id], players, seed, agents: agentSpecs(undefined, players, undefined), bounds }, games, pool ?? 0, (d) => progress.update(d));
      const ms = performance.now() - started;
      progress.finish();
      results.push(s);
      if (s.unfinished) ok = false;
      const never = s.coverage ? s.coverage.never.length + s.innerCoverage.reduce((a, t) => a + t.never.length, 0) : 0;
      rows.push([id, players, s.games, s.finished, s.length.mean, s.length.sd, s.length.max, s.branching.mean, never, `${Math.round((s.games / ms) * 1000)}`]);
    }
  } finally {
    await pool?.close();
  }
  if (json) io.out(JSON.stringify({ results }, null, 2) + "\n");
  else io.out(table(["rules", "players", "games", "finished", "mean moves", "sd", "max", "branching", "never fired", "games/s"], rows));
  return ok ? 0 : 1;
}
