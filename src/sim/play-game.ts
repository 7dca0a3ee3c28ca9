// Plays one game to its end with an agent in every seat, headlessly.
import type { Game } from "../interpreter/model.js";
import type { State } from "../interpreter/state.js";
import { conservationProblem } from "../interpreter/state.js";
import { newGame, legalMoves, applyMove, actors, stop } from "../interpreter/engine.js";
import type { Agent } from "../agents/agent.js";
import { view, type View } from "../interpreter/view.js";
import { seedRng } from "../interpreter/rng.js";

export interface PlayOptions {
  players: number;
  seed: number | string;
  agents: Agent[];
  options?: Record<string, unknown>;
  log?: boolean;
  /** Check after every move that each card is in exactly one zone (slower; for tests). */
  checkConservation?: boolean;
  onMove?: (s: State) => void;
}

export interface GameRecord {
  state: State;
  moves: number;
  finished: boolean;
  error: string | null;
  decisions: number; // choices made by agents
  branching: number; // sum of legal move counts over decisions
}

export function seatNames(n: number): string[] {
  return Array.from({ length: n }, (_, i) => `P${i + 1}`);
}

export function playGame(game: Game, o: PlayOptions): GameRecord {
  let broken: string | null = null;
  const watch = o.checkConservation
    ? (st: State) => {
        broken ??= conservationProblem(st);
      }
    : undefined;
  const s = newGame(game, { players: seatNames(o.players), seed: o.seed, options: o.options, log: o.log ?? false, watch });
  const rngs = o.agents.map((_, seat) => seedRng(`${o.seed}/agent/${seat}`));
  let decisions = 0;
  let branching = 0;
  const emptyView = null as unknown as View;
  while (!s.over) {
    const who = actors(s);
    if (who.length === 0) {
      stop(s, "nobody may act, but the game is not over");
      break;
    }
    const p = who[0];
    const legal = legalMoves(s, p);
    if (s.over) break;
    if (legal.length === 0) {
      stop(s, `${s.names[p]} has no legal move in the ${s.game.phases[s.phase].name} phase`);
      break;
    }
    const agent = o.agents[p];
    const index = legal.length === 1 ? 0 : agent.choose({ game, player: p, view: agent.needsView ? view(s, p) : emptyView, legal, rng: rngs[p] });
    decisions++;
    branching += legal.length;
    const result = applyMove(s, p, legal[index], true);
    if (!result.ok) {
      stop(s, `a legal move was refused: ${result.refusal.rule}: ${result.refusal.reason}`);
      break;
    }
    if (broken) {
      stop(s, `card conservation broken: ${broken}`);
      break;
    }
    o.onMove?.(s);
  }
  return { state: s, moves: s.moves, finished: s.over && !s.error, error: s.error, decisions, branching };
}
