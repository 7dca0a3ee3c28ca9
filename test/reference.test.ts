// The hand-written Idiot of the benchmark against the interpreter running rules/idiot/idiot.yaml: with the same
// seed and the same random agents both must play the very same game, move for move. A difference means that
// one of the two does not do what the rule file says.
import { describe, expect, it } from "vitest";
import { loadRules } from "../src/interpreter/load/load.js";
import { actors, applyMove, legalMoves, moveText, newGame } from "../src/interpreter/engine.js";
import { playGame, seatNames } from "../src/sim/play-game.js";
import { randomAgent } from "../src/agents/random.js";
import { nextInt, seedRng } from "../src/interpreter/rng.js";
import { IdiotGame, idiotMoveText } from "../bench/reference/idiot.js";
import { playRandomly } from "../bench/reference/random-play.js";

const idiot = loadRules("idiot").game!;

interface Lockstep {
  /** Each decision as `P2: play 9S 9D`. */
  transcript: string[];
  /** The first decision where the two listed different legal moves, or null. */
  legalDiffer: string | null;
}

/**
 * Plays both games side by side with the random policy of src/sim/play-game.ts. At every decision the whole
 * list of legal moves must agree, in order, not only the move chosen.
 */
function lockstep(players: number, seed: string): Lockstep & { interpreter: ReturnType<typeof newGame>; reference: IdiotGame } {
  const s = newGame(idiot, { players: seatNames(players), seed, log: false });
  const ref = new IdiotGame(players, seed);
  const rngs = Array.from({ length: players }, (_, seat) => seedRng(`${seed}/agent/${seat}`));
  const transcript: string[] = [];
  while (!s.over && !ref.over) {
    const seat = actors(s)[0];
    if (seat !== ref.actor()) return { transcript, legalDiffer: `after ${transcript.length} moves: interpreter's P${seat + 1} to act, reference's P${ref.actor() + 1}`, interpreter: s, reference: ref };
    const legal = legalMoves(s, seat);
    const expected = legal.map((m) => moveText(s, m));
    const actualMoves = ref.legalMoves();
    const actual = actualMoves.map(idiotMoveText);
    if (expected.join(", ") !== actual.join(", ")) {
      return { transcript, legalDiffer: `after ${transcript.length} moves (${transcript.slice(-3).join("; ")}), P${seat + 1} may: interpreter [${expected.join(", ")}], reference [${actual.join(", ")}]`, interpreter: s, reference: ref };
    }
    const index = legal.length === 1 ? 0 : nextInt(rngs[seat], legal.length);
    transcript.push(`P${seat + 1}: ${expected[index]}`);
    const applied = applyMove(s, seat, legal[index], true);
    if (!applied.ok) throw new Error(`the interpreter refused its own legal move: ${applied.refusal.reason}`);
    ref.apply(actualMoves[index]);
  }
  return { transcript, legalDiffer: s.over === ref.over ? null : `after ${transcript.length} moves only one game is over`, interpreter: s, reference: ref };
}

describe("the hand-written Idiot plays the same games as the interpreter", () => {
  // Every decision of every lockstep game, to show below that the games went through every rule.
  const seen: string[] = [];
  let clearedPiles = 0;
  const cases: [number, string][] = [];
  for (let players = 2; players <= 5; players++) for (let i = 0; i < 10; i++) cases.push([players, `lockstep-${players}-${i}`]);

  it.each(cases)("%i players, seed %s: the same legal moves at every decision, in the same order", (players, seed) => {
    const { transcript, legalDiffer, interpreter, reference } = lockstep(players, seed);
    seen.push(...transcript);
    if (reference.removed.length > 0) clearedPiles++;
    expect(legalDiffer).toBeNull();
    expect(transcript.length).toBe(interpreter.moves);
    expect(reference.moves).toBe(interpreter.moves);
    expect(reference.dealer).toBe(interpreter.dealer);
    expect(reference.start).toBe(interpreter.start);
    expect(reference.error).toBe(interpreter.error);
    expect(reference.places).toEqual(interpreter.places);
    expect(reference.losers()).toEqual(interpreter.result?.losers);
    expect(reference.winners()).toEqual(interpreter.result?.winners);
    expect(reference.allCards().sort((a, b) => a - b)).toEqual(Array.from({ length: 52 }, (_, c) => c));
  });

  it("went through every kind of move on the way", () => {
    const kinds = [/: swap \w+ \w+$/, /: ready$/, /: play \w+$/, /: play \w+ \w+$/, /: play \w+ \w+ \w+/, /: pickup$/, /: pickup \w+$/, /: flip \d$/, /: play 10\w/];
    expect(kinds.filter((k) => !seen.some((m) => k.test(m)))).toEqual([]);
    expect(clearedPiles).toBeGreaterThan(0);
  });

  it.each([2, 3, 4, 5])("%i players: the simulator's random games and the reference's random playouts are the same games", (players) => {
    for (let i = 0; i < 3; i++) {
      const seed = `playout-${players}-${i}`;
      const simulated = playGame(idiot, { players, seed, agents: Array(players).fill(randomAgent) });
      const ref = new IdiotGame(players, seed);
      const written: string[] = [];
      const playout = playRandomly(ref, seed, players, (seat, move) => written.push(`P${seat + 1}: ${idiotMoveText(move)}`));
      expect(playout.stuck).toBeNull();
      expect(ref.moves).toBe(simulated.moves);
      expect(playout.decisions).toBe(simulated.decisions);
      expect(ref.places).toEqual(simulated.state.places);
      expect(written).toEqual(lockstep(players, seed).transcript);
    }
  });
});
