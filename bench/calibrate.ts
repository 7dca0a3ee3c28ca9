// npm run calibrate: the agents against strong search, on every game of the shelf. For each game, at four players
// where it allows them (else the nearest count it allows), seeded games with every seat given the same agent —
// random, greedy, sensible and the reference, ISMCTS at a large budget — give each one's game length (mean and
// median), wins by seat and cost per game; and sensible against greedy, sensible in each seat in turn among
// greedy players, gives its win rate beside the rate a seat gets by chance, with a 95% interval. --write puts the
// table in docs/agents.md (between its calibration markers) and the figures in docs/agents-calibration.json,
// which test/sensible.test.ts holds the sensible agent to; a run of some games (--game) replaces only theirs.
import { readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { installNodeHost } from "../src/node/host.js";
import { intFlag, readArgs } from "../src/cli/args.js";
import { UsageError } from "../src/cli/io.js";
import { catalog } from "../src/interpreter/load/catalog.js";
import { shelfOf } from "../src/interpreter/load/shelf.js";
import { simulate } from "../src/api/index.js";
import { wilson } from "../src/sim/stats.js";
import type { Summary } from "../src/sim/simulate.js";

installNodeHost();

const usage = `usage: npm run calibrate -- [--game ID] [--agents LIST] [--reference N] [--scale K] [--workers W] [--write] [--json]

Plays every game of the shelf with random, greedy, sensible and ISMCTS (the reference) in every seat, and
sensible against greedy, and prints the table of docs/agents.md.

  --game ID       only these games (comma-separated ids)
  --agents LIST   measure only these of random, greedy, sensible and reference (comma-separated), keeping the
                  others' figures from docs/agents-calibration.json (a game with none there is measured whole);
                  sensible's head-to-head is measured again when sensible or greedy is listed
  --reference N   the reference's search budget, in iterations a move (default 1000)
  --scale K       multiply every game count by K (default 1: 200 random, 100 greedy, 200 sensible,
                  16 reference and 40 a seat of sensible against greedy)
  --workers W     worker threads (default 2)
  --write         write the table into docs/agents.md and the figures into docs/agents-calibration.json
  --json          print the figures as JSON
  -h, --help      show this help
`;

/** Games per run at scale 1: enough for a mean within a few percent for the cheap agents; the reference is slow. */
const counts = { random: 200, greedy: 100, sensible: 200, reference: 16, headToHead: 40 };
/** The most CPU seconds one game may take: a reference game that runs past it counts as unfinished. */
const secondsPerGame = 120;

export interface AgentFigures {
  agent: string;
  games: number;
  finished: number;
  meanLength: number;
  medianLength: number;
  /** Win rate of each seat, over finished games. */
  winsBySeat: number[];
  /** CPU milliseconds a game, worker threads included. */
  msPerGame: number;
}

export interface Calibration {
  game: string;
  name: string;
  players: number;
  agents: AgentFigures[];
  /** Sensible among greedy players, in each seat in turn (null for a game of one player). */
  headToHead: { games: number; winRate: number; winRate95: [number, number]; chance: number } | null;
  /** Sensible's mean and median game length as a share of the reference's (1 is the same). */
  lengthRatio: { mean: number; median: number };
}

const kinds = ["random", "greedy", "sensible", "reference"] as const;
type Kind = (typeof kinds)[number];

interface Options {
  games: string[] | null;
  /** Only these agents are measured; null: all of them. */
  only: Set<Kind> | null;
  reference: number;
  scale: number;
  workers: number;
  write: boolean;
  json: boolean;
}

function readOptions(argv: string[]): Options | "help" {
  const { values, positionals } = readArgs(argv, {
    game: { type: "string" }, agents: { type: "string" }, reference: { type: "string" }, scale: { type: "string" }, workers: { type: "string" },
    write: { type: "boolean" }, json: { type: "boolean" },
  });
  if (values.help) return "help";
  if (positionals.length) throw new UsageError(`unexpected argument '${positionals[0]}'`);
  const scale = values.scale === undefined ? 1 : Number(values.scale);
  if (!(scale > 0 && scale <= 100)) throw new UsageError(`--scale must be a number above 0 and at most 100, not '${String(values.scale)}'`);
  const games = typeof values.game === "string" ? values.game.split(",").map((g) => g.trim()).filter(Boolean) : null;
  let only: Set<Kind> | null = null;
  if (typeof values.agents === "string") {
    const listed = values.agents.split(",").map((a) => a.trim()).filter(Boolean);
    const wrong = listed.filter((a) => !(kinds as readonly string[]).includes(a));
    if (wrong.length || !listed.length) throw new UsageError(`--agents takes some of ${kinds.join(", ")}, not '${values.agents}'`);
    only = new Set(listed as Kind[]);
  }
  return {
    games,
    only,
    reference: intFlag(values.reference, "reference", 1000, 1, 100_000),
    scale,
    workers: intFlag(values.workers, "workers", 2, 0, 16),
    write: values.write === true,
    json: values.json === true,
  };
}

/** Four players where the game allows them, else the nearest count it allows. */
function playersFor(range: { min: number; max: number } | null): number {
  if (!range) return 4;
  return Math.min(range.max, Math.max(range.min, 4));
}

async function timed(rules: string, o: { players: number; games: number; agents: string | string[]; workers: number; seed: string }): Promise<{ summary: Summary; ms: number }> {
  const started = process.cpuUsage();
  const summary = await simulate(rules, { ...o, seconds: secondsPerGame });
  const used = process.cpuUsage(started);
  return { summary, ms: (used.user + used.system) / 1000 };
}

function figures(agent: string, summary: Summary, ms: number, games: number): AgentFigures {
  const finished = summary.finished;
  return {
    agent,
    games,
    finished,
    meanLength: round(summary.length.mean, 1),
    medianLength: round(summary.length.median, 1),
    winsBySeat: summary.wins.map((w) => round(finished ? w / finished : 0, 3)),
    msPerGame: round(ms / games, 2),
  };
}

async function calibrate(id: string, name: string, players: number, o: Options, before: Calibration | undefined, say: (text: string) => void): Promise<Calibration> {
  const n = (k: number) => Math.max(1, Math.round(k * o.scale));
  const runs: [Kind, string, number][] = [
    ["random", "random", n(counts.random)],
    ["greedy", "greedy", n(counts.greedy)],
    ["sensible", "sensible", n(counts.sensible)],
    ["reference", `ismcts:${o.reference}`, n(counts.reference)],
  ];
  // what --agents leaves out is kept from the last run, when that run measured this game at the same player count
  const keep = o.only && before?.players === players && before.agents.length === runs.length ? before : undefined;
  const agents: AgentFigures[] = [];
  for (const [kind, agent, games] of runs) {
    const label = agent;
    if (keep && !o.only!.has(kind)) {
      agents.push(keep.agents[runs.findIndex((r) => r[0] === kind)]);
      continue;
    }
    say(`${id}: ${label}, ${games} games`);
    const { summary, ms } = await timed(id, { players, games, agents: agent, workers: o.workers, seed: `calibrate/${id}` });
    agents.push(figures(label, summary, ms, games));
  }
  const sensible = agents[2];
  const reference = agents[3];
  const lengthRatio = {
    mean: round(reference.meanLength ? sensible.meanLength / reference.meanLength : 0, 3),
    median: round(reference.medianLength ? sensible.medianLength / reference.medianLength : 0, 3),
  };
  if (keep && !o.only!.has("sensible") && !o.only!.has("greedy")) return { game: id, name, players, agents, headToHead: keep.headToHead, lengthRatio };
  // sensible in each seat in turn, greedy in the others
  let wins = 0, trials = 0, allWins = 0, allTrials = 0;
  const games = n(counts.headToHead);
  for (let seat = 0; seat < players && players > 1; seat++) {
    say(`${id}: sensible in seat ${seat + 1} among greedy players, ${games} games`);
    const seats = Array.from({ length: players }, (_, p) => (p === seat ? "sensible" : "greedy"));
    const { summary } = await timed(id, { players, games, agents: seats, workers: o.workers, seed: `calibrate/${id}/seat${seat}` });
    wins += summary.wins[seat];
    trials += summary.finished;
    allWins += summary.wins.reduce((a, b) => a + b, 0);
    allTrials += summary.finished * players;
  }
  return {
    game: id,
    name,
    players,
    agents,
    headToHead: players < 2 ? null : { games: trials, winRate: round(trials ? wins / trials : 0, 3), winRate95: wilson(wins, trials), chance: round(allTrials ? allWins / allTrials : 0, 3) },
    lengthRatio,
  };
}

function round(x: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
}

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

/** The table of docs/agents.md: a row per game and agent, then the head-to-head and the length ratio. */
export function calibrationTable(all: readonly Calibration[]): string {
  const rows = ["| game | players | agent | games | mean length | median | wins by seat | ms a game |", "|---|---|---|---|---|---|---|---|"];
  for (const c of all) {
    for (const a of c.agents) {
      const unfinished = a.games - a.finished;
      rows.push(`| ${c.name} | ${c.players} | ${a.agent} | ${a.games}${unfinished ? ` (${unfinished} unfinished)` : ""} | ${a.meanLength} | ${a.medianLength} | ${a.winsBySeat.map(pct).join(" / ")} | ${a.msPerGame} |`);
    }
  }
  const versus = ["| game | sensible ÷ reference, mean length | median | sensible's win rate among greedy players | 95% interval | a seat's rate by chance |", "|---|---|---|---|---|---|"];
  for (const c of all) {
    const h = c.headToHead;
    const against = h ? `${pct(h.winRate)} of ${h.games} | ${pct(h.winRate95[0])}–${pct(h.winRate95[1])} | ${pct(h.chance)}` : "one player | | ";
    versus.push(`| ${c.name} | ${c.lengthRatio.mean} | ${c.lengthRatio.median} | ${against} |`);
  }
  return `${rows.join("\n")}\n\n${versus.join("\n")}\n`;
}

const begin = "<!-- calibration: written by npm run calibrate -- --write -->";
const end = "<!-- end of calibration -->";

/** The figures already written, for games this run did not measure: a run of some games updates only theirs. */
function written(json: string, o: Options): Calibration[] {
  try {
    const old = JSON.parse(readFileSync(json, "utf8")) as { reference: string; games: Calibration[] };
    return old.reference === `ismcts:${o.reference}` ? old.games : [];
  } catch {
    return [];
  }
}

function writeDocs(measured: readonly Calibration[], o: Options, order: readonly string[]): void {
  const json = resolve("docs/agents-calibration.json");
  const kept = written(json, o).filter((c) => !measured.some((m) => m.game === c.game));
  const place = (c: Calibration) => (order.indexOf(c.game) + order.length + 1) % (order.length + 1);
  const all = [...kept, ...measured].sort((a, b) => place(a) - place(b));
  const doc = resolve("docs/agents.md");
  const text = readFileSync(doc, "utf8");
  const from = text.indexOf(begin);
  const to = text.indexOf(end);
  if (from < 0 || to < from) throw new Error(`docs/agents.md has no calibration markers (${begin} ... ${end})`);
  writeFileSync(doc, text.slice(0, from + begin.length) + "\n\n" + calibrationTable(all) + "\n" + text.slice(to));
  writeFileSync(json, JSON.stringify({ reference: `ismcts:${o.reference}`, scale: o.scale, games: all }, null, 2) + "\n");
}

async function main(argv: string[]): Promise<number> {
  let o: Options;
  try {
    const read = readOptions(argv);
    if (read === "help") {
      process.stdout.write(usage);
      return 0;
    }
    o = read;
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    process.stderr.write(`calibrate: ${e.message}\n${usage}`);
    return 2;
  }
  const shelf = shelfOf(catalog()).filter((g) => o.games === null || o.games.includes(g.id));
  if (o.games) {
    const missing = o.games.filter((g) => !shelf.some((s) => s.id === g));
    if (missing.length) {
      process.stderr.write(`calibrate: no game on the shelf is called ${missing.map((m) => `'${m}'`).join(", ")} (houserules games lists them)\n`);
      return 2;
    }
  }
  const order = shelfOf(catalog()).map((g) => g.id);
  const started = Date.now();
  const say = (text: string) => process.stderr.write(`[${Math.round((Date.now() - started) / 1000)} s] ${text}\n`);
  const all: Calibration[] = [];
  const before = written(resolve("docs/agents-calibration.json"), o);
  for (const g of shelf) {
    try {
      all.push(await calibrate(g.id, g.name, playersFor(g.players), o, before.find((c) => c.game === g.id), say));
    } catch (e) {
      say(`${g.id}: not calibrated: ${(e as Error).message}`);
      continue;
    }
    if (o.write) writeDocs(all, o, order); // after every game: a long run stopped part way keeps what it measured
  }
  process.stdout.write(o.json ? JSON.stringify({ reference: `ismcts:${o.reference}`, scale: o.scale, games: all }, null, 2) + "\n" : calibrationTable(all));
  return 0;
}

process.exitCode = await main(process.argv.slice(2));
