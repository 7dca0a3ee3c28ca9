// npm run bench: the interpreter against hand-written TypeScript and against boardgame.io, side by side. In
// every round each implementation runs in a fresh process of its own (bench/one.ts), and the implementations of
// a game take turns in short slices of CPU time, in an order reversed at every slice: this machine changes
// speed for a quarter of a second to many seconds at a time, and slices that short let each change weigh on
// both sides of a ratio alike. The ranges over the rounds show how much the figures still move.
import { spawnSync } from "node:child_process";
import { loadavg } from "node:os";
import { readArgs } from "../src/cli/args.js";
import { UsageError } from "../src/cli/io.js";
import type { Backend } from "../src/interpreter/backend.js";
import { comparisons } from "./comparisons.js";
import { warmupFor } from "./measure.js";
import { jsonReport, machine, summarize, summarizeSearch, textReport, type Result } from "./report.js";
import type { SearchTiming } from "./search.js";
import { oneScript, TurnTaker } from "./turns.js";

/** The longest slice of CPU time an implementation runs before the next takes its turn. */
const sliceSeconds = 0.2;

const usage = `usage: npm run bench -- [--seconds N] [--rounds R] [--game G] [--backend js|closures] [--no-search] [--json]

Plays random games with each implementation of each game: in a process of its own, a first game that loads
what it needs (counted nowhere), a warm-up, then a fixed time with the game log off, both counted in CPU time
of that process (the warm-up is half that time, at most 1 s). The implementations of a game take turns in
slices of at most ${sliceSeconds} s, over several rounds, each round in fresh processes. Prints each one's
games and moves per second (per CPU second of its process), median and range over the rounds; the ratios
interpreter ÷ hand-written and interpreter ÷ boardgame.io, each taken within a round, median and range; Idiot's
games per second with the sensible agent (the measuring default) in every seat ÷ with random agents; and how
long 1,000 information-set MCTS iterations take from a 4-player Idiot position, with iterations a second ÷
random moves a second.

  --seconds N    length of each timed window in CPU seconds (default 2; fractions allowed)
  --rounds R     how many times each implementation is measured (default 5)
  --game G       measure only this game: ${gameNames().join(" or ")}
  --backend B    what runs the interpreter's rules: js (generated code, the default) or closures
  --no-search    leave out the MCTS timing
  --json         print one JSON object: {machine, results: [{game, impl, gamesPerSec, movesPerSec, ...}],
                 ratios: [{game, versus, ratio, range, rounds}], agents: [{game, agent, ratio, range,
                 rounds}], search: {medianMs, versusRandom, ...}, sliceSeconds}
  -h, --help     show this help
`;

interface Options {
  seconds: number;
  rounds: number;
  game: string | null;
  backend: Backend;
  search: boolean;
  json: boolean;
}

function readOptions(argv: string[]): Options | "help" {
  const { values, positionals } = readArgs(argv, {
    seconds: { type: "string" }, rounds: { type: "string" }, game: { type: "string" }, backend: { type: "string" }, "no-search": { type: "boolean" }, json: { type: "boolean" },
  });
  if (values.help) return "help";
  if (positionals.length) throw new UsageError(`unexpected argument '${positionals[0]}'`);
  const seconds = values.seconds === undefined ? 2 : Number(values.seconds);
  if (typeof values.seconds !== "undefined" && (typeof values.seconds !== "string" || !Number.isFinite(seconds) || seconds <= 0 || seconds > 3600)) {
    throw new UsageError(`--seconds must be a number of seconds above 0, not '${String(values.seconds)}'`);
  }
  const rounds = values.rounds === undefined ? 5 : Number(values.rounds);
  if (!Number.isInteger(rounds) || rounds < 1 || rounds > 100) throw new UsageError(`--rounds must be a whole number from 1 to 100, not '${String(values.rounds)}'`);
  const backend = values.backend ?? "js";
  if (backend !== "js" && backend !== "closures") throw new UsageError(`--backend must be js or closures, not '${String(backend)}'`);
  const game = values.game ?? null;
  if (game !== null && !gameNames().includes(String(game))) throw new UsageError(`--game must be ${gameNames().join(" or ")}, not '${String(game)}'`);
  return { seconds, rounds, game: game as string | null, backend, search: values["no-search"] !== true, json: values.json === true };
}

/** A one-line progress indication, redrawn in place, only when stderr is a terminal. */
function progressLine(): { show: (text: string) => void; clear: () => void } {
  const tty = Boolean(process.stderr.isTTY);
  let width = 0;
  return {
    show: (text) => {
      if (!tty) return;
      process.stderr.write(`\r${text.padEnd(width)}`);
      width = text.length;
    },
    clear: () => {
      if (tty && width) process.stderr.write(`\r${" ".repeat(width)}\r`);
      width = 0;
    },
  };
}

function gameNames(): string[] {
  return comparisons().map((c) => c.game);
}

/** Runs bench/one.js in a fresh process and reads the JSON line it prints. */
function measureApart<T>(args: string[]): T {
  const run = spawnSync(process.execPath, [oneScript, ...args], { encoding: "utf8", maxBuffer: 1 << 20 });
  if (run.status !== 0) throw new Error(`bench/one ${args.join(" ")} failed (status ${run.status}): ${run.stderr}`);
  return JSON.parse(run.stdout) as T;
}

/**
 * One round of one game: a process per implementation, warmed up one after the other, then timed in turns,
 * slice by slice, the order reversed at every slice.
 */
async function measureInTurns(game: string, impls: string[], o: Options, show: (text: string) => void): Promise<Result[]> {
  const warmup = warmupFor(o.seconds);
  const takers = impls.map((impl) => new TurnTaker([game, impl, String(warmup), o.backend]));
  for (const [k, taker] of takers.entries()) {
    show(`${game}: loading and warming up ${impls[k]}`);
    await taker.ask("warm-up");
  }
  const slices = Math.ceil(o.seconds / sliceSeconds);
  for (let k = 0; k < slices; k++) {
    show(`${game}: turn ${k + 1}/${slices}`);
    for (const taker of k % 2 === 0 ? takers : takers.slice().reverse()) await taker.ask(`time ${o.seconds / slices}`);
  }
  const results: Result[] = [];
  for (const taker of takers) results.push(await taker.result<Result>());
  return results;
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
    process.stderr.write(`bench: ${e.message}\n${usage}`);
    return 2;
  }
  const loadAtStart = loadavg()[0];
  const games = comparisons()
    .filter((c) => o.game === null || c.game === o.game)
    .map((c) => ({ game: c.game, impls: c.implementations.map((i) => i.impl) }));
  const progress = progressLine();
  const rounds: Result[][] = [];
  const searches: SearchTiming[] = [];
  for (let r = 0; r < o.rounds; r++) {
    const round: Result[] = [];
    for (const { game, impls } of r % 2 === 0 ? games : games.slice().reverse()) {
      round.push(...(await measureInTurns(game, impls, o, (text) => progress.show(`round ${r + 1}/${o.rounds} ${text}`))));
    }
    if (o.search) {
      progress.show(`round ${r + 1}/${o.rounds}: information-set MCTS, 1,000 iterations from a 4-player Idiot position`);
      searches.push(measureApart<SearchTiming>(["search"]));
    }
    rounds.push(round);
  }
  progress.clear();
  const report = { machine: machine(loadAtStart), seconds: o.seconds, sliceSeconds, rounds: o.rounds, backend: o.backend, ...summarize(rounds), search: summarizeSearch(searches, rounds) };
  process.stdout.write(o.json ? jsonReport(report) : textReport(report));
  return 0;
}

main(process.argv.slice(2)).then((code) => (process.exitCode = code));
