// How long information-set MCTS takes: 1,000 iterations from a 4-player Idiot position in the play phase,
// measured after a warm-up, as the median CPU time of several searches. Every search has a seed of its own, the
// same in every run (search/0, search/1, ...; the warm-up's are others), so every run does exactly the same work:
// what moves between runs is the machine. (Seeds drawn from Math.random made each run deal other cards.)
import { loadRules } from "../src/interpreter/load/load.js";
import { actors, applyMove, legalMoves, newGame } from "../src/interpreter/engine.js";
import { view } from "../src/interpreter/view.js";
import { nextInt, seedRng } from "../src/interpreter/rng.js";
import { defaultSearch, search } from "../src/agents/ismcts.js";

export interface SearchTiming {
  game: string;
  players: number;
  iterations: number;
  depth: number;
  medianMs: number;
  bestMs: number;
  searches: number;
}

export function timeSearch(searches = 15, iterations = 1000): SearchTiming {
  const game = loadRules("idiot").game!;
  const s = newGame(game, { players: ["A", "B", "C", "D"], seed: "search", log: false });
  const rng = seedRng("search");
  // random play into the middle of the game
  for (let i = 0; i < 120 && !s.over; i++) {
    const p = actors(s)[0];
    const legal = legalMoves(s, p);
    applyMove(s, p, legal[nextInt(rng, legal.length)], true);
  }
  const p = actors(s)[0];
  const decision = (seed: string) => ({ game, player: p, view: view(s, p), legal: legalMoves(s, p), rng: seedRng(seed) });
  const options = { ...defaultSearch, iterations };
  for (let i = 0; i < 5; i++) search(decision(`warm-up/${i}`), options);
  const times: number[] = [];
  for (let i = 0; i < searches; i++) {
    const d = decision(`search/${i}`);
    // CPU time of this process: on a shared machine, another program's load does not count
    const started = process.cpuUsage();
    search(d, options);
    const used = process.cpuUsage(started);
    times.push((used.user + used.system) / 1000);
  }
  times.sort((a, b) => a - b);
  return { game: "idiot", players: 4, iterations, depth: options.depth, medianMs: round(times[times.length >> 1]), bestMs: round(times[0]), searches };
}

function round(x: number): number {
  return Math.round(x * 10) / 10;
}
