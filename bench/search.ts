// How long information-set MCTS takes: 1,000 iterations from a 4-player Idiot position in the play phase, as the
// median CPU time of several searches once the process is warm, and the first search of the fresh process apart.
// Every search has a seed of its own, the same in every run (search/0, search/1, ...; the warm-up's are others),
// so every run does exactly the same work: what moves between runs is the machine.
//
// The warm-up is long because V8 takes that long to settle on this code: in a fresh process the first two searches
// take 10-15 times as long as a warm one (the second recompiles much of the engine for the states a search makes),
// and searches up to about the tenth still recompile now and then. A searching agent makes every decision of a
// game this way, so the warm figure is the one a game sees; the first search is what a single decision costs.
import { GCProfiler } from "node:v8";
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
  /** Searches made before the timed ones. */
  warmups: number;
  /** The first search of the process, cold: before the warm-up. */
  firstMs: number;
  /** Garbage collections during the timed searches, and the time they took: what most of a search's spread was. */
  collections: number;
  gcMs: number;
}

export function timeSearch(searches = 15, iterations = 1000, warmups = 15): SearchTiming {
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
  // CPU time of this process: on a shared machine, another program's load does not count
  const timed = (seed: string) => {
    const d = decision(seed);
    const started = process.cpuUsage();
    search(d, options);
    const used = process.cpuUsage(started);
    return (used.user + used.system) / 1000;
  };
  const firstMs = timed("first");
  for (let i = 0; i < warmups; i++) timed(`warm-up/${i}`);
  const times: number[] = [];
  const gc = new GCProfiler();
  gc.start();
  for (let i = 0; i < searches; i++) times.push(timed(`search/${i}`));
  const collections = gc.stop().statistics;
  times.sort((a, b) => a - b);
  return {
    game: "idiot", players: 4, iterations, depth: options.depth,
    medianMs: round(times[times.length >> 1]), bestMs: round(times[0]), searches, warmups, firstMs: round(firstMs),
    collections: collections.length, gcMs: round(collections.reduce((ms, c) => ms + c.cost / 1000, 0)),
  };
}

function round(x: number): number {
  return Math.round(x * 10) / 10;
}
