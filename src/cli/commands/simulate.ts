// houserules simulate: many games with agents in every seat, and what happened.
import { ruleFoldersOption } from "../rule-folders.js";
import { readArgs, intFlag, workersFlag } from "../args.js";
import { UsageError, type IO } from "../io.js";
import { loadRules } from "../../interpreter/load/load.js";
import { rulesFlags, rulesToLoad } from "../rules-args.js";
import { shippedRules } from "../../interpreter/load/resolve.js";
import type { CoverageTable } from "../../sim/coverage.js";
import { agentNames } from "../../agents/index.js";
import { writeFileSync } from "node:fs";
import type { Bounds } from "../../sim/budget.js";
import { programVersion, rulesHash } from "../../node/rules-hash.js";
import type { Summary } from "../../sim/simulate.js";
import type { RunSpec } from "../../sim/run-spec.js";
import { WorkerPool } from "../../sim/parallel.js";
import { writeReport } from "../../report/html.js";
import { Progress } from "../progress.js";
import { agentSpecs, boundsOf, defaultPlayers, loadOrReport, optionFlag, optionHelp, optionsOf, outputFile, playersOf, reportWritten, seedOf, startFrom } from "../game-options.js";
import { run } from "../../sim/run-games.js";
import { slowReasons, type SpeedRow } from "../../sim/slow-games.js";
import { catalog } from "../../interpreter/load/catalog.js";
import { table, histogramLines } from "../../sim/text-table.js";

export const simulateHelp = `Usage: houserules simulate <id> [--with <fragment id>]... [--players N] [--games G] [--seed S] [--agents a,b,...]
                           [--workers N] [--json] [--report FILE.html] [--log FILE] [--time-limit S] [--memory-limit MB]
       houserules simulate --compose "Deal Eight, Take Lots of Tricks, Crazy Eights, Whist" [...]
       houserules simulate --preset "Black Maria" [...]
       houserules simulate on-the-cards/out-of-the-box --preset "Black Maria" [...]
       houserules simulate on-the-cards/out-of-the-box --add-card ./my-card.yaml [...]
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
  - balance (how even the seats' win rates are), drama (lead changes a game, on the scores or the agents'
    evaluation), decisiveness (how much of a game is left once its winners stand ahead to the end) and,
    when the seats have different agents, skill (the strongest agent's win rate less chance);
  - rule coverage: how often each action was taken, phase entered, trigger fired, requirement refused a
    move and effect a fragment appends ran (with its file and line), in how many games, and the rules that
    never fired (also for the rules of games played inside).
The same seed gives the same output, byte for byte, whatever the number of workers.

Options:
  --with F      compose fragment F onto the rules (repeatable): a variant
  --compose L   play rules composed from cards named as printed, comma-separated
  --preset P    play the cards of a named preset (Opening Hands, President, Winning Whist, Black Maria);
                with the id of a match, start the match from them (its first round)
  --add-card F  add the rule card in file F to a match's cards, in the stack of its type (repeatable);
                NAME=F puts it in the place of the match's card NAME (docs/language.md, "Games inside games")
  --players N   number of players (default: 4, or the nearest count the rules allow)
${optionHelp}
  --games G     number of games (default 1000; 200 each with --all)
  --seed S      seed of the run (default 1); game i is played with seed "S:i"
  --agents L    comma-separated agent per seat, one for every seat or one for all (${agentNames().join(", ")});
                default sensible (the measuring agent) for every seat; random is one word away;
                a search budget (ismcts:200) is at most 100,000
  --reaction R  in real-time games, each seat's reaction time in seconds: MEAN or MEAN:SPREAD,
                comma-separated per seat (default 0.8:0.25 for every agent)
  --check       check after every move that each card is in exactly one zone
  --workers N   play the games on N worker threads (default: none, all on the main thread); at most
                the processors of the machine: more is lowered to that, with a warning
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
winRate95, chance, edge}], coverage {id, name, games, rules [{rule, what, count, games, and for effects a
fragment appends (rule ACTION.effect.append.N, what "ran") file, line}], never},
innerCoverage [the same, per rules played inside the game], balance {value, spread, chiSquare, df, p},
drama {by, games, leadChanges, histogram}, decisiveness {by, games, settled}, skill (null when every seat has
the same agent) {stronger, against, winRate, winRate95, chance, value, value95}: docs/agents.md defines them.

Exit status: 0 when every game finished, 1 when some did not, 2 for bad usage.
`;

export async function simulateCommand(argv: string[], io: IO): Promise<number> {
  const { values, positionals } = readArgs(argv, {
    players: { type: "string" }, games: { type: "string" }, seed: { type: "string" }, agents: { type: "string" },
    json: { type: "boolean" }, all: { type: "boolean" }, check: { type: "boolean" }, ...rulesFlags, reaction: { type: "string" },
    workers: { type: "string" }, report: { type: "string" }, log: { type: "string" },
    "time-limit": { type: "string" }, "memory-limit": { type: "string" }, ...optionFlag,
  });
  if (values.help) {
    io.out(simulateHelp);
    return 0;
  }
  const seed = seedOf(values.seed);
  const workers = workersFlag(values.workers, io);
  const report = outputFile(values, "report");
  const logFile = outputFile(values, "log");
  const bounds = boundsOf(values);
  if (values.all) {
    if (report !== undefined) throw new UsageError("--report is for one game, not --all");
    if (logFile !== undefined) throw new UsageError("--log is for one game, not --all");
    return simulateAll(io, intFlag(values.games, "games", 200), seed, Boolean(values.json), workers, bounds);
  }
  const refs = rulesToLoad(positionals, values, "simulate", "--compose, --preset or --all", true);
  const loaded = loadOrReport(refs, io);
  if (!loaded) return 1;
  const game = loaded.game;
  const players = playersOf(values, game);
  const games = intFlag(values.games, "games", 1000);
  const specs = agentSpecs(values.agents as string | undefined, players, values.reaction as string | undefined);
  const record = typeof logFile === "string" ? { program: programVersion(), rules: refs, hash: rulesHash(loaded), agents: specs.map((a) => a.name) } : undefined;
  const spec: RunSpec = { refs, players, seed, agents: specs, checkConservation: Boolean(values.check), bounds, record };
  if (typeof values.preset === "string" && positionals.length === 1) spec.options = startFrom(game, values.preset, players, seed);
  spec.options = optionsOf(values, game, spec.options);
  const progress = new Progress(io, `${game.id}`, games);
  const { summary, outcomes } = await run(game, spec, games, workers, (d) => progress.update(d));
  progress.finish();
  if (typeof logFile === "string") {
    writeFileSync(logFile, outcomes.map((o) => (o.log ?? []).join("\n") + "\n").join(""));
    io.err(`${games} game${games === 1 ? "" : "s"} saved to ${logFile}: replay with houserules replay ${logFile}\n`);
  }
  if (values.json) io.out(JSON.stringify(summary, null, 2) + "\n");
  else io.out(describe(summary));
  if (typeof report === "string" && reportWritten(io, "simulate", report, Boolean(values.json), () => writeReport(report, summary)) !== 0) return 1;
  return summary.unfinished === 0 ? 0 : 1;
}

function describe(s: Summary): string {
  const lines: string[] = [];
  lines.push(`${s.rules}: ${s.games} games, ${s.players} players, seed ${s.seed}`);
  lines.push(`finished ${s.finished} of ${s.games}${s.unfinished ? ` (${s.unfinished} did not finish)` : ""}; ${s.ties} with shared wins`);
  lines.push(`game length: mean ${s.length.mean} moves, sd ${s.length.sd}, min ${s.length.min}, median ${s.length.median}, max ${s.length.max}; ${s.moves} moves in all`);
  lines.push(`decisions: ${s.branching.decisions} in all, ${s.branching.perGame} a game; branching factor ${s.branching.mean} legal moves per decision`);
  lines.push("");
  if (s.together) {
    const t = s.together;
    lines.push(`everyone wins or loses together: the table won ${t.won} of ${t.games} finished games, ${pct(t.winRate)} (95% interval ${pct(t.winRate95[0])}–${pct(t.winRate95[1])}); agents ${[...new Set(s.agents)].join(", ")}`);
  } else {
    lines.push(table(["seat", "agent", "wins", "win rate", "95% interval", "losses"], s.seats.map((x) => [
      `P${x.seat}`, x.agent, x.wins, pct(x.winRate), `${pct(x.winRate95[0])}–${pct(x.winRate95[1])}`, x.losses,
    ])).trimEnd());
  }
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
  lines.push(...evaluationLines(s));
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

/** Balance, drama, decisiveness and skill, one line each (docs/agents.md defines them). */
export function evaluationLines(s: Summary): string[] {
  const lines = [""];
  const b = s.balance;
  const mixed = s.byAgent ? " (the seats have different agents: read skill, not balance)" : "";
  lines.push(s.together ? "balance: none (everyone wins or loses together: read the table's win rate above)" : b ? `balance: ${b.value} (1 − the highest seat win rate less the lowest, ${b.spread}); seats alike? chi-square ${b.chiSquare}, df ${b.df}, p ${b.p}${mixed}` : "balance: none (one seat, or no finished game)");
  const d = s.drama;
  const by = (x: { by: string }) => (x.by === "scores" ? "on the scores" : "on the agents' evaluation, fewer cards held ahead");
  lines.push(d ? `drama: ${d.leadChanges.mean} lead changes a game ${by(d)} (sd ${d.leadChanges.sd}, median ${d.leadChanges.median}, max ${d.leadChanges.max}; ${d.games} games)` : "drama: none (no finished game with standings to read)");
  const c = s.decisiveness;
  lines.push(c ? `decisiveness: settled with ${pct(c.settled.mean)} of a game still to play, on average, ${by(c)} (median ${pct(c.settled.median)}; ${c.games} games)` : "decisiveness: none (no finished game with winners and others, and standings to read)");
  const k = s.skill;
  lines.push(k ? `skill: ${k.stronger} wins ${pct(k.winRate)} against ${k.against.join(", ")}, chance ${pct(k.chance)}: ${signedPct(k.value)} of at most ${signedPct(1 - k.chance)} (95% interval ${signedPct(k.value95[0])} to ${signedPct(k.value95[1])})` : "skill: none (every seat has the same agent: give seats different agents with --agents)");
  return lines;
}

function signedPct(x: number): string {
  return `${x > 0 ? "+" : ""}${pct(x)}`;
}

function coverageLines(t: CoverageTable, outerGames?: number): string[] {
  const lines = [outerGames === undefined
    ? `rule coverage (${t.games} games):`
    : `rule coverage of ${t.name} (${t.id}), played inside ${t.games} of ${outerGames} games:`];
  // what each rule did, beside how often it ran: the games in which it changed something, and how often a game
  const did = t.rules.some((r) => r.fired !== undefined);
  lines.push(table(["rule", "counted when", "times", "games", ...(did ? ["changed the game", "times a game"] : [])], t.rules.map((r) => [
    r.file === undefined ? r.rule : `${r.rule} (${r.file.split("/").pop()}:${r.line})`, r.what, r.count, t.games ? pct(r.games / t.games) : "0.0%",
    ...(did ? [r.fired === undefined ? "" : t.games ? pct(r.fired / t.games) : "0.0%", r.timesFired?.mean ?? ""] : []),
  ])).trimEnd());
  lines.push(t.never.length ? `never fired: ${t.never.join(", ")}` : `every rule fired`);
  return lines;
}

function pct(x: number): string {
  return `${(x * 100).toFixed(1)}%`;
}

async function simulateAll(io: IO, games: number, seed: number | string, json: boolean, workers: number, bounds: Bounds): Promise<number> {
  const rows: (string | number)[][] = [];
  const speeds: SpeedRow[] = [];
  const families = new Map(catalog().map((e) => [e.id, e.family ?? null]));
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
      rows.push([id, players, s.games, s.finished, s.length.mean, s.length.sd, s.length.max, s.branching.mean, never, `${Math.round((s.games / ms) * 1000)}`, `${Math.round(((s.length.mean * s.games) / ms) * 1000)}`]);
      speeds.push({ id, family: families.get(id) ?? null, gamesPerSecond: (s.games / ms) * 1000, meanMoves: s.length.mean, branching: s.branching.mean });
    }
  } finally {
    await pool?.close();
  }
  // a game far slower than its family says why, from its own figures
  const why = slowReasons(speeds);
  if (json) io.out(JSON.stringify({ results, slower: speeds.flatMap((r, i) => (why[i] ? [{ rules: r.id, family: r.family, why: why[i] }] : [])) }, null, 2) + "\n");
  else {
    io.out(table(["rules", "players", "games", "finished", "mean moves", "sd", "max", "branching", "never fired", "games/s", "moves/s"], rows));
    const notes = speeds.flatMap((r, i) => (why[i] ? [`${r.id} (${r.family}): ${why[i]}`] : []));
    if (notes.length) io.out(`\nfar slower than its family:\n${notes.map((n) => `  ${n}`).join("\n")}\n`);
  }
  return ok ? 0 : 1;
}
