// Plays a hand-written game to its end with the random policy of the interpreter's simulator
// (src/sim/play-game.ts with src/agents/random.ts): every seat draws from its own generator seeded
// `${seed}/agent/${seat}`, and a seat with a single legal move takes it without drawing. The same seed therefore
// gives the same game here as in the interpreter, move for move.
import { nextInt, seedRng } from "../../src/interpreter/rng.js";

/** A game written by hand, driven one decision at a time. */
export interface HandWrittenGame<Move> {
  readonly over: boolean;
  /** Moves applied so far. */
  readonly moves: number;
  /** The seat that decides next, or -1 when nobody may act. */
  actor(): number;
  /** The legal moves of the seat that decides next, in the order the interpreter lists them. */
  legalMoves(): Move[];
  apply(move: Move): void;
}

export interface PlayoutResult {
  /** Decisions the agents took. */
  decisions: number;
  /** Why the game stopped without ending, or null when it ended. */
  stuck: string | null;
}

export function playRandomly<Move>(game: HandWrittenGame<Move>, seed: number | string, players: number, onMove?: (seat: number, move: Move) => void): PlayoutResult {
  const rngs = Array.from({ length: players }, (_, seat) => seedRng(`${seed}/agent/${seat}`));
  let decisions = 0;
  while (!game.over) {
    const seat = game.actor();
    if (seat < 0) return { decisions, stuck: "nobody may act, but the game is not over" };
    const legal = game.legalMoves();
    if (legal.length === 0) return { decisions, stuck: `seat ${seat} has no legal move` };
    const move = legal[legal.length === 1 ? 0 : nextInt(rngs[seat], legal.length)];
    decisions++;
    onMove?.(seat, move);
    game.apply(move);
  }
  return { decisions, stuck: null };
}
