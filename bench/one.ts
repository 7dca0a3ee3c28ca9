// Measures one thing in this process and prints it as one JSON line: one implementation of one game
// (`one.js GAME IMPL SECONDS [BACKEND]`), or the information-set MCTS timing (`one.js search`). The benchmark
// runs each measurement in a fresh process of its own, so that no implementation's code, garbage or compiled
// state weighs on another's.
import { installNodeHost } from "../src/node/host.js";
import type { Backend } from "../src/interpreter/backend.js";
import { comparisons } from "./comparisons.js";
import { measure } from "./measure.js";
import { timeSearch } from "./search.js";

installNodeHost();
// boardgame.io is measured as it runs in production, without its development-time checks after every move.
process.env.NODE_ENV ??= "production";

function main([what, impl, seconds, backend]: string[]): number {
  if (what === "search") {
    process.stdout.write(JSON.stringify(timeSearch()) + "\n");
    return 0;
  }
  const comparison = comparisons(backend as Backend | undefined).find((c) => c.game === what);
  const implementation = comparison?.implementations.find((i) => i.impl === impl);
  if (!comparison || !implementation) {
    process.stderr.write(`bench/one: no implementation '${impl}' of '${what}'\n`);
    return 2;
  }
  const s = Number(seconds);
  const measured = measure(implementation, { seconds: s, warmupSeconds: Math.min(1, s / 2), seedPrefix: comparison.game });
  process.stdout.write(JSON.stringify({ game: comparison.game, impl: implementation.impl, players: comparison.players, ...measured }) + "\n");
  return 0;
}

process.exitCode = main(process.argv.slice(2));
