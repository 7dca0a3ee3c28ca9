// The simulator's short path through a move in a phase of turns (src/sim/play-game.ts takeTurn): who may act is
// asked once, the moves are listed without asking again (listMoves), and the chosen move is applied as listed
// (applyListed). Each game it plays must be the game the engine's checked interface gives: the same moves, the
// same events, the same stops, for people's seats too.
import { describe, expect, it } from "vitest";
import { loadComposition, loadRules } from "../src/interpreter/load/load.js";
import type { Game } from "../src/interpreter/model.js";
import { actors, applyMove, legalMoves, moveText, newGame } from "../src/interpreter/engine.js";
import type { State } from "../src/interpreter/state.js";
import { nextInt, seedRng } from "../src/interpreter/rng.js";
import { GamePlay } from "../src/sim/play-game.js";
import { randomAgent } from "../src/agents/random.js";
import { gameOf, tinyRules } from "./helpers/rules.js";

/**
 * The game a simulation with random agents plays, driven through the checked interface: legalMoves for the player
 * who may act, then applyMove with every check (trusted = false), which must accept the move.
 */
function checkedGame(game: Game, n: number, seed: string): State {
  const names = Array.from({ length: n }, (_, i) => `P${i + 1}`);
  const s = newGame(game, { players: names, seed, log: true });
  const rngs = names.map((_, p) => seedRng(`${seed}/agent/${p}`));
  for (let i = 0; i < 5000 && !s.over; i++) {
    const who = actors(s);
    if (who.length === 0) break;
    const p = who[0];
    const legal = legalMoves(s, p);
    if (s.over || legal.length === 0) break;
    const move = legal[legal.length === 1 ? 0 : nextInt(rngs[p], legal.length)];
    const result = applyMove(s, p, move);
    expect(result, moveText(s, move)).toEqual({ ok: true });
  }
  return s;
}

function simulated(game: Game, n: number, seed: string, asWritten = false): GamePlay {
  const play = new GamePlay(game, { seed, seats: Array(n).fill(randomAgent), log: true, asWritten });
  for (let i = 0; i < 5000 && play.step(); i++);
  return play;
}

/** What a game left behind: its events, its moves, how it ended, and where every card is. */
const outcome = (s: State) => JSON.stringify({ log: s.log, moves: s.moves, over: s.over, error: s.error, result: s.result, zones: s.zones, vars: s.vars });

describe("a simulated move in a phase of turns", () => {
  const games: [string, Game, number][] = [
    ["an On The Cards round", loadComposition(["Deal Eight", "Take Lots of Tricks", "Crazy Eights", "Whist"]).game!, 4],
    ["idiot", loadRules("idiot").game!, 3],
    ["crazy eights", loadRules("crazy-eights").game!, 2],
  ];
  for (const [name, game, n] of games) {
    it(`${name}: is the move the checked interface lists and accepts, with the same events`, () => {
      for (let g = 0; g < 12; g++) {
        const seed = `turns-${g}`;
        const play = simulated(game, n, seed);
        expect(play.state.moves).toBeGreaterThan(10);
        expect(outcome(play.state), seed).toBe(outcome(checkedGame(game, n, seed)));
      }
    });
  }

  // the turn hook puts the second player out as their turn begins: it is their turn, but they may not act
  const outOnTurn = gameOf(tinyRules("", { "    actions: [play]\n": "    actions: [play]\n    turn: |\n      if players.indexOf(me) == 1 {\n        out(me)\n      }\n" }));

  it("stops as the general path stops when the player whose turn it is may not act", () => {
    const fast = simulated(outOnTurn, 3, "out");
    expect(fast.state.error).toBe("P2 has no legal move in the main phase");
    expect(fast.state.moves).toBe(0); // P2 leads, left of the dealer
    // asWritten takes the general path (actors, legalMoves, applyMove): the same game and the same stop
    expect(outcome(fast.state)).toBe(outcome(simulated(outOnTurn, 3, "out", true).state));
  });

  it("waits at a person's turn, and goes on once the person has moved", () => {
    const game = games[0][1];
    const play = new GamePlay(game, { seed: "person", seats: [randomAgent, null, randomAgent, randomAgent], log: true });
    let waits = 0;
    for (let i = 0; i < 500 && !play.state.over; i++) {
      if (play.step()) continue;
      const s = play.state;
      expect(s.current).toBe(1);
      expect(play.waitsFor(1)).toBe(true);
      const moves = s.moves;
      expect(play.step()).toBe(false); // nothing happens while the person thinks
      expect(s.moves).toBe(moves);
      expect(play.move(1, legalMoves(s, 1)[0])).toEqual({ ok: true });
      waits++;
    }
    expect(play.state.over).toBe(true);
    expect(play.state.error).toBeNull();
    expect(waits).toBeGreaterThan(3);
  });
});
