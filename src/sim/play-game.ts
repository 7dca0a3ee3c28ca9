// Plays one game to its end with an agent in every seat, headlessly.
import type { Game } from "../interpreter/model.js";
import type { State } from "../interpreter/state.js";
import type { GameEvent } from "../interpreter/events.js";
import { conservationProblem } from "../interpreter/state.js";
import { newGame, legalMoves, applyMove, actors, stop, isRealtime, isLegal, innermost, moveText, type Move } from "../interpreter/engine.js";
import { reactionTime, type Agent } from "../agents/agent.js";
import { view, type View } from "../interpreter/view.js";
import { seedRng, type RngState } from "../interpreter/rng.js";

export interface PlayOptions {
  players: number;
  seed: number | string;
  agents: Agent[];
  options?: Record<string, unknown>;
  log?: boolean;
  /** Count how often each rule fires (State.coverage). */
  coverage?: boolean;
  /** Check after every move that each card is in exactly one zone (slower; for tests). */
  checkConservation?: boolean;
  /** Called after every event (State.watch). */
  watch?: State["watch"];
  /** Called once the game has started, before the first move. */
  onStart?: (s: State) => void;
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

/** In real-time play, what an agent means to do and when. */
interface Intent {
  move: Move;
  text: string;
  at: number;
}

/**
 * One move of real-time play. Every player who may act and has no plan picks a move and a reaction time; the
 * earliest plan happens (equal times: the lower seat first). Plans that are no longer legal afterwards are
 * dropped, and those players choose again, reacting to what happened. Returns false when the game stopped.
 */
function realtimeStep(s: State, o: PlayOptions, intents: (Intent | null)[], rngs: RngState[], decide: (p: number, legal: Move[]) => number): boolean {
  const g = innermost(s);
  const legalByPlayer = new Map<number, Move[]>();
  const legalNow = (p: number) => {
    let l = legalByPlayer.get(p);
    if (!l) {
      l = legalMoves(s, p);
      legalByPlayer.set(p, l);
    }
    return l;
  };
  for (let p = 0; p < s.n; p++) {
    const intent = intents[p];
    if (intent && !isLegal(s, p, intent.move)) intents[p] = null;
  }
  for (const p of actors(s)) {
    if (intents[p]) continue;
    const legal = legalNow(p);
    if (legal.length === 0) continue;
    const move = legal[decide(p, legal)];
    intents[p] = { move, text: moveText(g, move), at: Math.round((g.now + reactionTime(o.agents[p], rngs[p])) * 1000) / 1000 };
  }
  let next = -1;
  for (let p = 0; p < s.n; p++) if (intents[p] && (next < 0 || intents[p]!.at < intents[next]!.at)) next = p;
  if (next < 0) {
    stop(s, "in a real-time phase nobody has a move left, but the game is not over");
    return false;
  }
  const intent = intents[next]!;
  intents[next] = null;
  const result = applyMove(s, next, intent.move, true, intent.at);
  if (!result.ok) {
    stop(s, `a legal move was refused: ${result.refusal.rule}: ${result.refusal.reason}`);
    return false;
  }
  return true;
}

export function seatNames(n: number): string[] {
  return Array.from({ length: n }, (_, i) => `P${i + 1}`);
}

export function playGame(game: Game, o: PlayOptions): GameRecord {
  let broken: string | null = null;
  const conserve = o.checkConservation
    ? (st: State) => {
        broken ??= conservationProblem(st);
      }
    : undefined;
  const watch = conserve && o.watch ? (st: State, e: GameEvent) => (conserve(st), o.watch!(st, e)) : conserve ?? o.watch ?? undefined;
  const s = newGame(game, { players: seatNames(o.players), seed: o.seed, options: o.options, log: o.log ?? false, watch, coverage: o.coverage });
  const rngs = o.agents.map((_, seat) => seedRng(`${o.seed}/agent/${seat}`));
  o.onStart?.(s);
  let decisions = 0;
  let branching = 0;
  const emptyView = null as unknown as View;
  const intents: (Intent | null)[] = o.agents.map(() => null);
  const decide = (p: number, legal: Move[]): number => {
    const agent = o.agents[p];
    decisions++;
    branching += legal.length;
    return legal.length === 1 ? 0 : agent.choose({ game: innermost(s).game, player: p, view: agent.needsView ? view(s, p) : emptyView, legal, rng: rngs[p] });
  };
  while (!s.over) {
    if (isRealtime(s)) {
      if (!realtimeStep(s, o, intents, rngs, decide)) break;
    } else {
      intents.fill(null);
      // the player whose turn it is; in a simultaneous phase, the first not yet done
      const p = s.sub === null && s.current >= 0 ? s.current : (actors(s)[0] ?? -1);
      if (p < 0) {
        stop(s, "nobody may act, but the game is not over");
        break;
      }
      const legal = legalMoves(s, p);
      if (s.over) break;
      if (legal.length === 0) {
        stop(s, `${s.names[p]} has no legal move in the ${innermost(s).game.phases[innermost(s).phase].name} phase`);
        break;
      }
      const result = applyMove(s, p, legal[decide(p, legal)], true);
      if (!result.ok) {
        stop(s, `a legal move was refused: ${result.refusal.rule}: ${result.refusal.reason}`);
        break;
      }
    }
    if (broken) {
      stop(s, `card conservation broken: ${broken}`);
      break;
    }
    o.onMove?.(s);
  }
  return { state: s, moves: s.moves, finished: s.over && !s.error, error: s.error, decisions, branching };
}
