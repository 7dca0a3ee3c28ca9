// npm run bench: the interpreter against hand-written TypeScript and against boardgame.io, side by side.
import { readArgs } from "../src/cli/args.js";
import { UsageError } from "../src/cli/io.js";
import { comparisons } from "./comparisons.js";
import { measure } from "./measure.js";
import { jsonReport, textReport, type Result } from "./report.js";
import { timeSearch } from "./search.js";
import { installNodeHost } from "../src/node/host.js";

installNodeHost();

const usage = `usage: npm run bench -- [--seconds N] [--json]

Plays random games with each implementation of each game: a warm-up, then a fixed window of time, with the
game log off. Prints games and moves per second (per CPU second of this process) and heap in use for each,
the ratios interpreter ÷ reference and interpreter ÷ boardgame.io, and how long 1,000 information-set MCTS
iterations take from a 4-player Idiot position.

  --seconds N   length of each timed window in seconds (default 3; fractions allowed)
  --json        print one JSON object {"results": [{game, impl, gamesPerSec, movesPerSec, ...}], "search": {...}}
  -h, --help    show this help
`;

function readSeconds(value: string | boolean | undefined): number {
  if (value === undefined) return 3;
  const n = Number(value);
  if (typeof value !== "string" || !Number.isFinite(n) || n <= 0 || n > 3600) throw new UsageError(`--seconds must be a number of seconds above 0, not '${String(value)}'`);
  return n;
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

function main(argv: string[]): number {
  let seconds: number;
  let json: boolean;
  try {
    const { values, positionals } = readArgs(argv, { seconds: { type: "string" }, json: { type: "boolean" } });
    if (values.help) {
      process.stdout.write(usage);
      return 0;
    }
    if (positionals.length) throw new UsageError(`unexpected argument '${positionals[0]}'`);
    seconds = readSeconds(values.seconds);
    json = values.json === true;
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    process.stderr.write(`bench: ${e.message}\n${usage}`);
    return 2;
  }
  // boardgame.io is measured as it runs in production, without its development-time checks after every move.
  process.env.NODE_ENV ??= "production";

  const list = comparisons();
  const total = list.reduce((n, c) => n + c.implementations.length, 0);
  const progress = progressLine();
  const results: Result[] = [];
  for (const comparison of list) {
    for (const implementation of comparison.implementations) {
      const label = `[${results.length + 1}/${total}] ${comparison.game} ${implementation.impl}`;
      const measured = measure(implementation, {
        seconds,
        warmupSeconds: Math.min(1, seconds / 3),
        seedPrefix: comparison.game,
        onProgress: (fraction, warmingUp) => progress.show(`${label}: ${warmingUp ? "warming up" : `${Math.round(fraction * 100)}%`}`),
      });
      results.push({ game: comparison.game, impl: implementation.impl, players: comparison.players, ...measured });
    }
  }
  progress.show("information-set MCTS: 1,000 iterations from a 4-player Idiot position");
  const searchTiming = timeSearch();
  progress.clear();
  process.stdout.write(json ? jsonReport(results, searchTiming) : textReport(results, seconds, searchTiming));
  return 0;
}

process.exitCode = main(process.argv.slice(2));
