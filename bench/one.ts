// Measures in this process and prints JSON lines. `one.js GAME IMPL SECONDS [BACKEND]` measures one
// implementation of one game in one window; `one.js turns GAME IMPL WARMUP [BACKEND]` measures one in windows
// the benchmark asks for on stdin, one command a line (`warm-up`, `time SECONDS`, `result`), answering each with
// a line; `one.js search` times information-set MCTS. The benchmark runs each implementation in a fresh process
// of its own, so that no implementation's code, garbage or compiled state weighs on another's.
import { createInterface } from "node:readline";
import { installNodeHost } from "../src/node/host.js";
import type { Backend } from "../src/interpreter/backend.js";
import { comparisons, type Comparison, type Implementation } from "./comparisons.js";
import { Measuring, measure, warmupFor, type Measurement } from "./measure.js";
import { timeSearch } from "./search.js";

installNodeHost();
// boardgame.io is measured as it runs in production, without its development-time checks after every move.
process.env.NODE_ENV ??= "production";

function find(game: string, impl: string, backend: string | undefined): [Comparison, Implementation] | null {
  const comparison = comparisons(backend as Backend | undefined).find((c) => c.game === game);
  const implementation = comparison?.implementations.find((i) => i.impl === impl);
  if (!comparison || !implementation) {
    process.stderr.write(`bench/one: no implementation '${impl}' of '${game}'\n`);
    return null;
  }
  return [comparison, implementation];
}

const say = (value: unknown) => process.stdout.write(JSON.stringify(value) + "\n");

/** A measurement as the benchmark reads it: which game and implementation, then the figures. */
const sayResult = (c: Comparison, i: Implementation, m: Measurement) => say({ game: c.game, impl: i.impl, players: c.players, ...m });

/** Answers the benchmark's commands until it asks for the result. */
async function takeTurns(comparison: Comparison, implementation: Implementation, warmupSeconds: number): Promise<number> {
  const measuring = new Measuring(implementation, comparison.game);
  for await (const line of createInterface({ input: process.stdin })) {
    const [command, seconds] = line.split(" ");
    if (command === "warm-up") measuring.warmUp(warmupSeconds);
    else if (command === "time" && Number(seconds) > 0) measuring.time(Number(seconds));
    else if (command === "result") {
      sayResult(comparison, implementation, measuring.result());
      return 0;
    } else {
      process.stderr.write(`bench/one: unknown command '${line}'\n`);
      return 2;
    }
    say({ done: command });
  }
  return 2;
}

async function main(args: string[]): Promise<number> {
  if (args[0] === "search") {
    say(timeSearch());
    return 0;
  }
  if (args[0] === "turns") {
    const [, game, impl, warmup, backend] = args;
    const found = find(game, impl, backend);
    return found ? takeTurns(...found, Number(warmup)) : 2;
  }
  const [game, impl, seconds, backend] = args;
  const found = find(game, impl, backend);
  if (!found) return 2;
  const [comparison, implementation] = found;
  const s = Number(seconds);
  sayResult(comparison, implementation, measure(implementation, { seconds: s, warmupSeconds: warmupFor(s), seedPrefix: comparison.game }));
  return 0;
}

main(process.argv.slice(2)).then((code) => (process.exitCode = code));
