// The hand-written On The Cards round of the benchmark (bench/reference/otc-round.ts) against the interpreter
// running on-the-cards/round with Deal Eight, Take Lots of Tricks, Crazy Eights and Whist. From the same seed
// both deal the same hands, and at every decision they allow the same moves in the same order (one card at a
// time, in hand order, then pass), so the simulator's random games and the reference's random playouts are the
// same games, move for move.
import { describe, expect, it } from "vitest";
import { loadComposition } from "../src/interpreter/load/load.js";
import { resolveReference } from "../src/interpreter/load/catalog.js";
import { actors, applyMove, legalMoves, moveText, newGame } from "../src/interpreter/engine.js";
import type { State } from "../src/interpreter/state.js";
import { playGame, seatNames } from "../src/sim/play-game.js";
import { randomAgent } from "../src/agents/random.js";
import { playRandomly } from "../bench/reference/random-play.js";
import { nextInt, seedRng } from "../src/interpreter/rng.js";
import { OtcRound, dealOtcRound, otcMoveText } from "../bench/reference/otc-round.js";
import { cardName } from "../bench/reference/cards.js";
import { openingHandsRound1 } from "../bench/comparisons.js";

const round = loadComposition(openingHandsRound1.map(resolveReference)).game!;

function zone(s: State, name: string, p?: number): number {
  const d = s.game.zones.find((z) => z.name === name)!;
  return d.per === "game" ? d.slot : s.game.sharedZones + d.slot * s.n + p!;
}
const varOf = (s: State, name: string, p: number) => s.vars[s.game.globalVars + s.game.vars.find((v) => v.name === name)!.slot * s.n + p];

interface Lockstep {
  transcript: string[];
  /** The first decision where the two allowed different moves (as sets), or null. */
  differ: string | null;
  /** Decisions where the two listed the same moves in a different order. */
  reordered: number;
  /** The lists of those decisions. */
  orders: { mine: string[]; theirs: string[]; hand: string[] }[];
  interpreter: State;
  reference: OtcRound;
}

/** Plays both side by side; the move is chosen at random among the interpreter's and found by its text in the reference. */
function lockstep(players: number, seed: string): Lockstep {
  const s = newGame(round, { players: seatNames(players), seed, log: false });
  const ref = OtcRound.random(players, seed);
  const rng = seedRng(`${seed}/choices`);
  const transcript: string[] = [];
  let reordered = 0;
  const orders: Lockstep["orders"] = [];
  const result = (differ: string | null): Lockstep => ({ transcript, differ, reordered, orders, interpreter: s, reference: ref });
  while (!s.over && !ref.over) {
    const seat = actors(s)[0];
    if (seat !== ref.actor()) return result(`after ${transcript.length} moves: interpreter's P${seat + 1} to act, reference's P${ref.actor() + 1}`);
    const legal = legalMoves(s, seat);
    const mine = legal.map((m) => moveText(s, m));
    const theirs = ref.legalMoves();
    const theirTexts = theirs.map(otcMoveText);
    if ([...mine].sort().join(", ") !== [...theirTexts].sort().join(", ")) {
      return result(`after ${transcript.length} moves (${transcript.slice(-3).join("; ")}), P${seat + 1} may: interpreter [${mine.join(", ")}], reference [${theirTexts.join(", ")}]`);
    }
    if (mine.join(", ") !== theirTexts.join(", ")) {
      reordered++;
      orders.push({ mine, theirs: theirTexts, hand: ref.hands[seat].map(cardName) });
    }
    const index = legal.length === 1 ? 0 : nextInt(rng, legal.length);
    transcript.push(`P${seat + 1}: ${mine[index]}`);
    expect(applyMove(s, seat, legal[index], true)).toEqual({ ok: true });
    ref.apply(theirs[theirTexts.indexOf(mine[index])]);
  }
  return result(s.over === ref.over ? null : `after ${transcript.length} moves only one game is over`);
}

describe("the hand-written Opening Hands round and the interpreter", () => {
  it.each([2, 3, 4, 5, 6])("deal the same hands from the same seed, with the same dealer and leader (%i players)", (players) => {
    for (let i = 0; i < 10; i++) {
      const seed = `deal-${players}-${i}`;
      const s = newGame(round, { players: seatNames(players), seed, log: false });
      const deal = dealOtcRound(players, seed);
      expect(s.dealer).toBe(deal.dealer);
      expect(actors(s)).toEqual([(deal.dealer + 1) % players]);
      for (let p = 0; p < players; p++) {
        expect(s.zones[zone(s, "hand", p)].map((c) => s.game.cardNames[c])).toEqual(deal.hands[p].map(cardName));
      }
    }
  });

  let reordered = 0;
  const cases: [number, string][] = [];
  for (let players = 2; players <= 6; players++) for (let i = 0; i < 8; i++) cases.push([players, `lockstep-${players}-${i}`]);
  it.each(cases)("%i players, seed %s: the same moves allowed at every decision, the same tricks and winners", (players, seed) => {
    const { transcript, differ, interpreter, reference, reordered: r } = lockstep(players, seed);
    reordered += r;
    expect(differ).toBeNull();
    expect(interpreter.error).toBeNull();
    expect(transcript.length).toBe(interpreter.moves);
    expect(reference.moves).toBe(interpreter.moves);
    for (let p = 0; p < players; p++) {
      expect(varOf(interpreter, "tricksWon", p)).toBe(reference.points[p]);
      expect(interpreter.zones[zone(interpreter, "tricks", p)].map((c) => interpreter.game.cardNames[c]).sort()).toEqual(reference.won[p].map(cardName).sort());
      expect(interpreter.zones[zone(interpreter, "hand", p)].map((c) => interpreter.game.cardNames[c]).sort()).toEqual(reference.hands[p].map(cardName).sort());
    }
    expect(interpreter.result?.scores).toEqual(reference.points);
    expect(interpreter.result?.winners).toEqual(reference.winners());
  });

  it("list the moves in the same order at every decision", () => {
    expect(reordered).toBe(0);
  });

  it.each([2, 4, 6])("play the same random games as the simulator (%i players)", (players) => {
    for (let i = 0; i < 8; i++) {
      const seed = `random-${players}-${i}`;
      const texts: string[] = [];
      const record = playGame(round, { players, seed, agents: Array(players).fill(randomAgent), log: true });
      for (const e of record.state.log!) if (e.type === "action") texts.push(`P${e.player + 1}: ${e.move}`);
      const ref = OtcRound.random(players, seed);
      const theirs: string[] = [];
      playRandomly(ref, seed, players, (seat, move) => theirs.push(`P${seat + 1}: ${otcMoveText(move)}`));
      expect(theirs).toEqual(texts);
      expect(record.state.result?.scores).toEqual(ref.points);
    }
  });
});
