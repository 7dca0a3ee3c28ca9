// The benchmark's output: a table for people, or one JSON object for programs.
import { table } from "../src/cli/table.js";
import type { ImplName } from "./comparisons.js";
import type { Measurement } from "./measure.js";
import type { SearchTiming } from "./search.js";

export interface Result extends Measurement {
  game: string;
  impl: ImplName;
  players: number;
}

export interface Ratio {
  game: string;
  versus: ImplName;
  /** The interpreter's moves per second divided by the other's: below 1, the interpreter is slower. */
  ratio: number;
}

/** Interpreter ÷ reference and interpreter ÷ boardgame.io for each game that has both sides. */
export function ratios(results: Result[]): Ratio[] {
  const out: Ratio[] = [];
  for (const game of new Set(results.map((r) => r.game))) {
    const interpreter = results.find((r) => r.game === game && r.impl === "interpreter");
    if (!interpreter) continue;
    for (const other of results.filter((r) => r.game === game && r.impl !== "interpreter")) {
      out.push({ game, versus: other.impl, ratio: interpreter.movesPerSec / other.movesPerSec });
    }
  }
  return out;
}

function rate(n: number): string {
  return n >= 100 ? Math.round(n).toLocaleString("en-US") : n.toFixed(2);
}

export function textReport(results: Result[], seconds: number, search?: SearchTiming): string {
  const rows = results.map((r) => [r.game, r.impl, r.players, r.games.toLocaleString("en-US"), rate(r.gamesPerSec), rate(r.movesPerSec), r.heapUsedMB.toFixed(1), r.heapBaseMB.toFixed(1)]);
  let text = `random playouts, ${seconds} s per implementation after a warm-up, log off; boardgame.io with NODE_ENV=${process.env.NODE_ENV ?? ""}\n\n`;
  text += table(["game", "impl", "players", "games", "games/s", "moves/s", "heap MB", "base MB"], rows);
  text += "\nheap MB: the most heap in use during the window; base MB: in use when it opened, after a collection.\n";
  const unfinished = results.filter((r) => r.unfinished > 0);
  for (const r of unfinished) text += `${r.game} ${r.impl}: ${r.unfinished} of ${r.games} games stopped by a limit before ending\n`;
  text += "\nratios of moves per second (below 1: the interpreter is slower):\n";
  const all = ratios(results);
  for (const game of new Set(results.map((r) => r.game))) {
    const mine = all.filter((q) => q.game === game);
    if (mine.length === 0) {
      text += `  ${game}: no interpreter entry yet\n`;
      continue;
    }
    for (const q of mine) text += `  ${game}: interpreter ÷ ${q.versus} = ${q.ratio.toFixed(4)} (${speed(q.ratio)})\n`;
  }
  if (search) {
    text += `\ninformation-set MCTS, ${search.iterations} iterations (playouts of ${search.depth} moves) from a ${search.players}-player ${search.game} position: `;
    text += `median ${search.medianMs} ms, best ${search.bestMs} ms over ${search.searches} searches\n`;
  }
  return text;
}

function speed(ratio: number): string {
  return ratio < 1 ? `${(1 / ratio).toFixed(1)}× slower` : `${ratio.toFixed(1)}× faster`;
}

export function jsonReport(results: Result[], search?: SearchTiming): string {
  return JSON.stringify(search ? { results, search } : { results }) + "\n";
}
