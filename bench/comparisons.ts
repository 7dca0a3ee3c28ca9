// What the benchmark compares: for each game, the implementations that play it. Each implementation plays one
// whole game with random agents from a seed; every implementation of a game is given the same seeds. Beside them,
// the interpreter with the sensible agent in every seat (impl "sensible"): what measuring with it costs, as a
// ratio of games per second against the interpreter's random games in the same round.
//
// The interpreter's side of a game is one interpreterPlays(...) line naming its rule file, or the rule cards
// composed into it: the Opening Hands round 1 is on-the-cards/round with Deal Eight, Take Lots of Tricks, Crazy
// Eights and Whist (and the four Fixed Rule cards the round always includes).
import { loadComposition } from "../src/interpreter/load/load.js";
import type { Backend } from "../src/interpreter/backend.js";
import { resolveReference } from "../src/interpreter/load/catalog.js";
import { formatDiagnostic } from "../src/interpreter/diagnostics.js";
import { playGame } from "../src/sim/play-game.js";
import { randomAgent } from "../src/agents/random.js";
import { sensibleAgent } from "../src/agents/sensible.js";
import type { Agent } from "../src/agents/agent.js";
import { IdiotGame } from "./reference/idiot.js";
import { OtcRound } from "./reference/otc-round.js";
import { playRandomly } from "./reference/random-play.js";
import { playBoardgameRound } from "./boardgameio/otc-round.js";

export type ImplName = "interpreter" | "reference" | "boardgame.io" | "sensible";

/** Implementations that are the interpreter with other agents: compared by games per second, not moves. */
export const agentImpls: ReadonlySet<ImplName> = new Set(["sensible"]);

/** One game played to its end: how many moves it took, and whether it ended by the rules (not by a limit). */
export interface GamePlayed {
  moves: number;
  finished: boolean;
}

export interface Implementation {
  impl: ImplName;
  play: (seed: string) => GamePlayed;
}

export interface Comparison {
  game: string;
  title: string;
  players: number;
  implementations: Implementation[];
}

const idiotBenchPlayers = 4;
const otcBenchPlayers = 4;

/** The rule cards of the Opening Hands round 1, as printed. */
export const openingHandsRound1 = ["Deal Eight", "Take Lots of Tricks", "Crazy Eights", "Whist"];

/**
 * The interpreter running a rule file (a rules id), or rule cards composed onto their base (a list of ids or
 * names as printed), with the simulator's random agents (or `agent` in every seat) and the log off.
 */
export function interpreterPlays(rules: string | string[], players: number, backend?: Backend, agent: Agent = randomAgent): (seed: string) => GamePlayed {
  const ids = Array.isArray(rules) ? rules.map(resolveReference) : [rules];
  const loaded = loadComposition(ids, undefined, { backend });
  if (!loaded.game) throw new Error(`cannot load ${ids.join(" + ")}:\n${loaded.diagnostics.map(formatDiagnostic).join("\n")}`);
  const game = loaded.game;
  const agents = Array(players).fill(agent);
  return (seed) => {
    const record = playGame(game, { players, seed, agents, log: false });
    return { moves: record.moves, finished: record.finished };
  };
}

/** A game's player loaded the first time it plays: a process that measures something else never loads it. */
function lazily(make: () => (seed: string) => GamePlayed): (seed: string) => GamePlayed {
  let play: ((seed: string) => GamePlayed) | null = null;
  return (seed) => (play ??= make())(seed);
}

/** What the benchmark compares; `backend` chooses what runs the interpreter's rules (default: generated code). */
export function comparisons(backend?: Backend): Comparison[] {
  return [
    {
      game: "idiot",
      title: "Idiot, whole game",
      players: idiotBenchPlayers,
      implementations: [
        { impl: "interpreter", play: lazily(() => interpreterPlays("idiot", idiotBenchPlayers, backend)) },
        {
          impl: "reference",
          play: (seed) => {
            const game = new IdiotGame(idiotBenchPlayers, seed);
            const playout = playRandomly(game, seed, idiotBenchPlayers);
            return { moves: game.moves, finished: playout.stuck === null && game.error === null };
          },
        },
        { impl: "sensible", play: lazily(() => interpreterPlays("idiot", idiotBenchPlayers, backend, sensibleAgent)) },
      ],
    },
    {
      game: "opening-hands-round-1",
      title: "On The Cards, Opening Hands round 1",
      players: otcBenchPlayers,
      implementations: [
        { impl: "interpreter", play: lazily(() => interpreterPlays(openingHandsRound1, otcBenchPlayers, backend)) },
        {
          impl: "reference",
          play: (seed) => {
            const round = OtcRound.random(otcBenchPlayers, seed);
            const playout = playRandomly(round, seed, otcBenchPlayers);
            return { moves: round.moves, finished: playout.stuck === null };
          },
        },
        { impl: "boardgame.io", play: (seed) => ({ moves: playBoardgameRound(otcBenchPlayers, seed).moves, finished: true }) },
      ],
    },
  ];
}
