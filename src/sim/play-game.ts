// Plays a game with agents in its seats, one move at a time: headlessly to the end (playGame), or step by step
// with people in some seats (the playground). Both run the same code, so a watched game is the simulated game.
import type { Game } from "../interpreter/model.js";
import type { ApplyResult } from "../interpreter/engine.js";
import type { Budget, GameHooks, State } from "../interpreter/state.js";
import type { GameEvent } from "../interpreter/events.js";
import { conservationProblem } from "../interpreter/state.js";
import { newGame, legalMoves, listMoves, applyMove, applyListed, actors, stop, isRealtime, isLegal, innermost, moveText, parseMove, type Move } from "../interpreter/engine.js";
import { reactionTime, type Agent, type Decision, type Weighed } from "../agents/agent.js";
import { RuleError } from "../interpreter/lang/values.js";
import { view, type View } from "../interpreter/view.js";
import { takesPart } from "../interpreter/turn-order.js";
import { nextInt, seedRngs, type RngState } from "../interpreter/rng.js";

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
  /** The game's bounds of time and memory (State.budget). */
  budget?: Budget;
  /** How a tool steers or watches the game from outside (State.hooks). */
  hooks?: GameHooks;
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
export interface Intent {
  move: Move;
  text: string;
  at: number;
  /** What a searching agent weighed before it planned the move (when the play keeps it: GamePlayOptions.weigh). */
  weighed?: Weighing | null;
}

/** What a searching agent weighed, with the legal moves its indices refer to. */
export interface Weighing {
  legal: readonly Move[];
  moves: Weighed[];
}

export interface GamePlayOptions {
  /** The seats' names (default P1, P2, ...). */
  names?: string[];
  seed: number | string;
  /** An agent per seat; null for a seat a person plays. */
  seats: (Agent | null)[];
  options?: Record<string, unknown>;
  log?: boolean;
  coverage?: boolean;
  watch?: State["watch"];
  budget?: Budget;
  /**
   * Make each agent move as its text reads (moveText, then parseMove): cards of the same name are one card to
   * the notation, so a game written down move by move replays exactly. For games that are shown and exported.
   */
  asWritten?: boolean;
  /** A chosen dealer or start player, and a scenario's stacked deal and shuffles (as newGame takes them). */
  dealer?: number;
  start?: number;
  hooks?: GameHooks;
  /** Keep what a searching agent weighed before each move it chose (lastWeighed), for people to inspect. */
  weigh?: boolean;
}

export function seatNames(n: number): string[] {
  return Array.from({ length: n }, (_, i) => `P${i + 1}`);
}

/** seatNames(n), made once per count: a new game copies the names it is given. */
const defaultNames: string[][] = [];

const noView = null as unknown as View;
const noMoves: readonly Move[] = [];

/**
 * A game being played: agents decide for their seats from their own seeded random numbers (seed/agent/seat),
 * people move for theirs. In real time every agent that may act plans a move and a reaction time, counted from
 * the latest move; the earliest plan happens (equal times: the lower seat first), and plans that are no longer
 * legal afterwards are dropped, so those agents choose again, reacting to what happened.
 */
export class GamePlay {
  readonly state: State;
  readonly rngs: RngState[];
  readonly intents: (Intent | null)[];
  /** Who of several acts next where anyone may act out of turn: made when first needed. */
  private anytimeRng: RngState | null = null;
  decisions = 0;
  branching = 0;
  /** The latest move step() played: by whom, which, and in real time when. */
  lastPlayer = -1;
  lastMove: Move | null = null;
  lastAt: number | undefined = undefined;
  /** With `weigh`: what the agent that made the latest move step() played weighed before it chose (null: it did not search). */
  lastWeighed: Weighing | null = null;
  /** The legal moves of the decision being made. */
  private deciding: readonly Move[] = noMoves;
  private readonly keepWeighed = (moves: Weighed[]) => void (this.lastWeighed = { legal: this.deciding, moves });
  /** What an agent is asked to decide: one object, filled in anew for each decision. */
  private readonly decision: Decision = { game: null as unknown as Game, player: -1, view: noView, legal: noMoves, rng: null as unknown as RngState, budget: null, weighed: null };

  constructor(
    game: Game,
    private readonly o: GamePlayOptions,
  ) {
    const n = o.seats.length;
    this.state = newGame(game, { players: o.names ?? (defaultNames[n] ??= seatNames(n)), seed: o.seed, options: o.options, log: o.log ?? false, watch: o.watch, coverage: o.coverage, budget: o.budget, dealer: o.dealer, start: o.start, hooks: o.hooks });
    this.rngs = seedRngs(o.seed, "/agent/", n); // seat i's: seedRng(`${o.seed}/agent/${i}`)
    this.intents = o.seats.map(() => null);
  }

  /**
   * The agent that moves next outside real time: the player whose turn it is, or in a simultaneous phase the
   * first agent not yet done. -1 when a person must move, or nobody can.
   */
  nextAgent(): number {
    const s = this.state;
    if (s.over || isRealtime(s)) return -1;
    return this.agentToMove();
  }

  /** nextAgent() once the game is known to be going on outside real time. */
  private agentToMove(): number {
    const s = this.state;
    const g = innermost(s);
    if (g.pending === null && g.current >= 0 && g.game.phases[g.phase].anytime !== null) return this.anyoneToMove();
    const turn = s.sub === null && s.pending === null ? s.current : -1; // a choice waited for is not the turn's player's
    if (turn >= 0 && this.o.seats[turn]) return turn; // whose turn it is, at once
    const who = actors(s);
    const p = turn >= 0 ? turn : (who[0] ?? -1);
    if (p >= 0 && this.o.seats[p]) return p;
    return who.find((q) => this.o.seats[q] !== null) ?? -1;
  }

  /**
   * In a phase where anyone may act out of turn (anytime:): one of the agents that may act now, the player whose
   * turn it is or one with a move out of turn, drawn from the play's own random numbers (seed/anytime), so that a
   * seed plays the same game. -1 when no agent may act.
   */
  private anyoneToMove(): number {
    const who = actors(this.state).filter((p) => this.o.seats[p] !== null);
    if (who.length <= 1) return who.length === 1 ? who[0] : -1;
    this.anytimeRng ??= seedRngs(this.o.seed, "/anytime/", 1)[0];
    return who[nextInt(this.anytimeRng, who.length)];
  }

  /**
   * Lets an agent play a person's seat while they are away (with the seat's own random numbers, as any agent of
   * the seat), or gives the seat back to them (null). The moves it makes are the seat's moves, logged as such.
   */
  standIn(p: number, agent: Agent | null): void {
    this.o.seats[p] = agent;
    this.intents[p] = null;
  }

  /** Whether a person's seat may move now (it is their turn, or anyone may act). */
  waitsFor(p: number): boolean {
    return !this.state.over && this.o.seats[p] === null && actors(this.state).includes(p);
  }

  /**
   * The agent's choice among the legal moves (index), drawn from its own random numbers; -1 when the agent's
   * thinking ran past the game's budget, which stops the game (E_BUDGET).
   */
  private decide(p: number, legal: Move[]): number {
    const agent = this.o.seats[p]!;
    this.decisions++;
    this.branching += legal.length;
    this.lastWeighed = null;
    if (legal.length === 1) return 0;
    this.deciding = legal;
    const s = this.state;
    const d = this.decision;
    d.game = innermost(s).game;
    d.player = p;
    d.view = agent.needsView ? view(s, p) : noView;
    d.legal = legal;
    d.rng = this.rngs[p];
    d.budget = s.budget;
    d.weighed = this.o.weigh ? this.keepWeighed : null;
    try {
      return agent.choose(d);
    } catch (e) {
      if (!(e instanceof RuleError) || e.code !== "E_BUDGET") throw e;
      stop(s, `${agent.name} for ${s.names[p]}: ${e.message}`, "E_BUDGET");
      return -1;
    }
  }

  /**
   * Plays the next agent move: outside real time the agent to move, in real time the earliest plan. Returns
   * false when no agent can move now (the game is over or stopped, or a person must move).
   */
  step(): boolean {
    const s = this.state;
    if (s.over) return false;
    if (s.sub === null && !this.o.asWritten && s.pending === null) {
      const turns = s.game.phases[s.phase].turns;
      if (turns !== "realtime" && turns !== "simultaneous" && s.game.phases[s.phase].anytime === null) return this.takeTurn(s);
    }
    if (isRealtime(s)) {
      const next = this.plan();
      if (next < 0) {
        if (this.o.seats.every((a) => a !== null)) stop(s, "in a real-time phase nobody has a move left, but the game is not over");
        return false;
      }
      const intent = this.intents[next]!;
      this.intents[next] = null;
      this.lastWeighed = intent.weighed ?? null;
      return this.apply(next, intent.move, intent.at);
    }
    this.forgetPlans();
    const p = this.agentToMove();
    if (p < 0) {
      if (actors(s).length === 0) stop(s, "nobody may act, but the game is not over");
      return false;
    }
    const legal = legalMoves(s, p);
    if (s.over) return false;
    if (legal.length === 0) {
      const g = innermost(s);
      stop(s, `${s.names[p]} has no legal move in the ${g.game.phases[g.phase].name} phase`);
      return false;
    }
    const chosen = this.decide(p, legal);
    return chosen >= 0 && this.apply(p, legal[chosen], undefined);
  }

  /**
   * step() in a phase of turns, outside a game inside: the commonest move there is. Who may act is asked once: the
   * player whose turn it is may, unless out of the game or of the phase, and the move the engine lists for them is
   * applied as listed (applyListed), since nothing happens between the listing and the move but the agent's choice.
   * The same moves, refusals and stops as the general path.
   */
  private takeTurn(s: State): boolean {
    this.forgetPlans();
    const p = s.current;
    if (p < 0) {
      stop(s, "nobody may act, but the game is not over");
      return false;
    }
    if (!this.o.seats[p]) return false; // a person's turn
    const legal = takesPart(s, p) ? listMoves(s, p) : (noMoves as Move[]);
    if (s.over) return false;
    if (legal.length === 0) {
      stop(s, `${s.names[p]} has no legal move in the ${s.game.phases[s.phase].name} phase`);
      return false;
    }
    const chosen = this.decide(p, legal);
    if (chosen < 0) return false;
    const move = legal[chosen];
    this.lastPlayer = p;
    this.lastMove = move;
    this.lastAt = undefined;
    applyListed(s, p, move);
    return true;
  }

  /** Outside real time no plan outlives a move: a loop, not fill(), which is a call into the runtime per move. */
  private forgetPlans(): void {
    const intents = this.intents;
    for (let i = 0; i < intents.length; i++) intents[i] = null;
  }

  /**
   * In real time: drops plans that are no longer legal, lets every agent that may act and has no plan choose
   * one, and returns the seat of the earliest plan (-1: none).
   */
  plan(): number {
    const s = this.state;
    const g = innermost(s);
    for (let p = 0; p < s.n; p++) {
      const intent = this.intents[p];
      if (intent && !isLegal(s, p, intent.move)) this.intents[p] = null;
    }
    for (const p of actors(s)) {
      if (this.intents[p] || !this.o.seats[p]) continue;
      const legal = legalMoves(s, p);
      if (legal.length === 0) continue;
      const chosen = this.decide(p, legal);
      if (chosen < 0) return -1;
      const move = legal[chosen];
      const at = Math.round((g.now + reactionTime(this.o.seats[p]!, this.rngs[p])) * 1000) / 1000;
      this.intents[p] = this.o.weigh ? { move, text: moveText(g, move), at, weighed: this.lastWeighed } : { move, text: moveText(g, move), at };
    }
    let next = -1;
    for (let p = 0; p < s.n; p++) if (this.intents[p] && (next < 0 || this.intents[p]!.at < this.intents[next]!.at)) next = p;
    return next;
  }

  /** A person's move (in real time, at a time in seconds, never before the latest move). */
  move(p: number, move: Move, at?: number): ApplyResult {
    const result = applyMove(this.state, p, move, false, at === undefined ? undefined : Math.max(at, innermost(this.state).now));
    if (result.ok && !isRealtime(this.state)) this.intents.fill(null);
    return result;
  }

  private apply(p: number, chosen: Move, at: number | undefined): boolean {
    let move = chosen;
    if (this.o.asWritten) {
      const read = parseMove(this.state, p, moveText(innermost(this.state), chosen));
      if (!("rule" in read)) move = read;
    }
    this.lastPlayer = p;
    this.lastMove = move;
    this.lastAt = at;
    const result = applyMove(this.state, p, move, true, at);
    if (result.ok) return true;
    stop(this.state, `a legal move was refused: ${result.refusal.rule}: ${result.refusal.reason}`);
    return false;
  }
}

/** Plays one game to its end with an agent in every seat, headlessly. */
export function playGame(game: Game, o: PlayOptions): GameRecord {
  let broken: string | null = null;
  const conserve = o.checkConservation
    ? (st: State) => {
        broken ??= conservationProblem(st);
      }
    : undefined;
  const watch = conserve && o.watch ? (st: State, e: GameEvent) => (conserve(st), o.watch!(st, e)) : conserve ?? o.watch ?? undefined;
  const play = new GamePlay(game, { seed: o.seed, seats: o.agents, options: o.options, log: o.log, watch, coverage: o.coverage, budget: o.budget, hooks: o.hooks });
  const s = play.state;
  o.onStart?.(s);
  while (!s.over) {
    if (!play.step()) break;
    if (broken) {
      stop(s, `card conservation broken: ${broken}`);
      break;
    }
    o.onMove?.(s);
  }
  return { state: s, moves: s.moves, finished: s.over && !s.error, error: s.error, decisions: play.decisions, branching: play.branching };
}
