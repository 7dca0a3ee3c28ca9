// A game on the page: seeded, played by agents and people, and stepped through in both directions. Every move
// is kept; a step back replays the game from its seed up to the move before, so what is shown is always what the
// rules give. The log keeps each event with the game it happened in, so that it can be told for any viewer.
import type { Game } from "../interpreter/model.js";
import type { GameHooks, State, Refusal } from "../interpreter/state.js";
import type { GameEvent } from "../interpreter/events.js";
import { describeEvent } from "../interpreter/events.js";
import { actors, applyMove, innermost, isRealtime, legalMoves, moveText, parseMove, type Move } from "../interpreter/engine.js";
import { view, type View } from "../interpreter/view.js";
import type { Agent } from "../agents/agent.js";
import { GamePlay, seatNames, type Intent } from "../sim/play-game.js";
import { truthView } from "./truth.js";
import { moveCards } from "../table/rules.js";
import { searchMoves, type Search } from "./inspect.js";
import type { Weighing } from "../sim/play-game.js";

export interface SessionSetup {
  game: Game;
  seed: number | string;
  /** An agent per seat, or null for a seat a person plays. */
  seats: (Agent | null)[];
  names?: string[];
  options?: Record<string, unknown>;
  /** A chosen dealer or start player (a scenario's `dealer:` and `start:`). */
  dealer?: number;
  start?: number;
  /**
   * A scenario's stacked deal and shuffles: new hooks for each time the game is played from its seed (a step
   * back replays it), since hooks count the rounds they have steered.
   */
  hooks?: () => GameHooks;
}

/** A move as it was played, with what the agents had in mind right after it (to go on from here after a step back). */
export interface Played {
  player: number;
  move: Move;
  text: string; // the move as written (the whole truth: a scenario needs it)
  at?: number; // in a real-time phase, when it happened
  /** The game it was played in: [] the game itself, [k] its k-th game played inside (from 0), [k, j] … */
  round: number[];
  by: "agent" | "person";
  rngs: Uint32Array[];
  intents: (Intent | null)[];
  /** A searching agent's move: what it weighed before it chose it. */
  search?: Search;
}

export interface LogEntry {
  game: State; // the game the event happened in: the match, or a round inside it
  event: GameEvent;
}

export type MoveResult = { ok: true } | { ok: false; refusal: Refusal };

/** A move as a game is passed on in text (a shared link): who made it, as written, and in real time when. */
export interface MoveRecord {
  player: number;
  text: string;
  at?: number;
}

/** How far a game passed on in text replayed: the moves that did, and why the next one did not. */
export interface Replayed {
  played: number;
  of: number;
  problem: string | null;
}

/** What an agent weighed, as the inspector keeps it: the most visited moves by their text, and the move it made. */
function searchOf(game: State, agent: string, w: Weighing, made: string): Search {
  const ranked = w.moves.slice().sort((a, b) => b.visits - a.visits || a.move - b.move);
  const texts = new Map<number, string>();
  const textOf = (i: number) => texts.get(i) ?? (texts.set(i, moveText(game, w.legal[i])), texts.get(i)!);
  const kept = ranked.slice(0, searchMoves);
  if (!kept.some((m) => textOf(m.move) === made)) {
    const chosen = ranked.find((m) => textOf(m.move) === made);
    if (chosen) kept[kept.length - 1] = chosen;
  }
  return {
    agent,
    moves: kept.map((m) => {
      const move = w.legal[m.move];
      return { text: textOf(m.move), cards: moveCards(move.action.params, move.args), visits: m.visits, value: m.value, chosen: textOf(m.move) === made };
    }),
    of: w.moves.length,
    tries: w.moves.reduce((n, m) => n + m.visits, 0),
  };
}

/** The viewer of a table or a log: a seat, or TRUTH for the whole truth. */
export const TRUTH = -1;

export class Session {
  readonly names: string[];
  private play!: GamePlay;
  private entries: LogEntry[] = [];
  /** How many games each game has started inside it so far. */
  private started = new Map<State, number>();
  /** Every move played, including those after the cursor when the session has stepped back. */
  history: Played[] = [];
  cursor = 0;

  constructor(readonly setup: SessionSetup) {
    this.names = setup.names ?? seatNames(setup.seats.length);
    this.restart();
  }

  get state(): State {
    return this.play.state;
  }

  /** The rules decisions are made in now: the game, or the round being played inside it. */
  get game(): Game {
    return innermost(this.state).game;
  }

  get over(): boolean {
    return this.state.over;
  }

  get realtime(): boolean {
    return isRealtime(this.state);
  }

  /** Whether the seat is played by a person. */
  isPerson(p: number): boolean {
    return this.setup.seats[p] === null;
  }

  private restart(): void {
    this.entries = [];
    this.started = new Map();
    this.play = new GamePlay(this.setup.game, {
      names: this.names, seed: this.setup.seed, seats: this.setup.seats, options: this.setup.options, log: true,
      dealer: this.setup.dealer, start: this.setup.start, hooks: this.setup.hooks?.(), asWritten: true, weigh: true,
      watch: (game, event) => {
        this.entries.push({ game, event });
        if (event.type === "game") this.started.set(game, (this.started.get(game) ?? 0) + 1);
      },
    });
    this.cursor = 0;
  }

  /** One move on: the next move already played, else the next agent's move. False when a person must move, or at the end. */
  forward(): boolean {
    if (this.cursor < this.history.length) {
      this.replay(this.history[this.cursor]);
      this.cursor++;
      return true;
    }
    if (this.state.over) return false;
    const g = innermost(this.state);
    const round = this.round();
    const before = this.state.moves;
    if (!this.play.step() || this.state.moves === before) return false;
    const move = this.play.lastMove!;
    const text = moveText(g, move);
    const player = this.play.lastPlayer;
    const weighed = this.play.lastWeighed;
    const search = weighed ? searchOf(g, this.setup.seats[player]?.name ?? "agent", weighed, text) : undefined;
    this.record({ player, move, text, at: this.play.lastAt, round, by: "agent", ...(search ? { search } : {}) });
    return true;
  }

  /**
   * Each seat's latest search in the game being played now (a match's round: in this round), up to the cursor:
   * the number of the move it made, and what it weighed.
   */
  latestSearches(): { player: number; at: number; search: Search }[] {
    const round = this.round().join(",");
    const found = new Map<number, { player: number; at: number; search: Search }>();
    const seats = this.setup.seats.filter((a) => a !== null).length;
    for (let i = this.cursor - 1; i >= 0 && found.size < seats; i--) {
      const p = this.history[i];
      if (p.round.join(",") !== round) break;
      if (p.search && !found.has(p.player)) found.set(p.player, { player: p.player, at: i + 1, search: p.search });
    }
    return [...found.values()].sort((a, b) => a.player - b.player);
  }

  private record(p: Omit<Played, "rngs" | "intents">): void {
    this.history.length = this.cursor;
    this.history.push({ ...p, rngs: this.play.rngs.map((r) => r.slice()), intents: this.play.intents.slice() });
    this.cursor++;
  }

  /** Applies a move played before (after a step back): the same move, at the same time, and the agents' minds as they were. */
  private replay(p: Played): void {
    applyMove(this.state, p.player, p.move, true, p.at);
    p.rngs.forEach((r, i) => this.play.rngs[i].set(r));
    p.intents.forEach((x, i) => (this.play.intents[i] = x));
  }

  /** Where moves are made now: in the game ([]), or in the k-th game it has started inside it ([k]), and so on down. */
  round(): number[] {
    const path: number[] = [];
    for (let g = this.state; g.sub; g = g.sub) path.push((this.started.get(g) ?? 1) - 1);
    return path;
  }

  /** One move back: the game replayed from its seed. */
  back(): boolean {
    if (this.cursor === 0) return false;
    this.seek(this.cursor - 1);
    return true;
  }

  /** Goes to the position after `k` moves, replaying from the seed when going back. */
  seek(k: number): void {
    const target = Math.max(0, Math.min(k, this.history.length));
    if (target < this.cursor) this.restart();
    while (this.cursor < target) {
      this.replay(this.history[this.cursor]);
      this.cursor++;
    }
  }

  /** Plays on until a person must move or the game ends, at most `limit` moves; returns how many were played. */
  run(limit = Infinity): number {
    let n = 0;
    while (n < limit && this.forward()) n++;
    return n;
  }

  /** The players who may move now and are played by people. */
  peopleToMove(): number[] {
    return this.state.over ? [] : actors(this.state).filter((p) => this.isPerson(p));
  }

  /** The legal moves of a player now, with their text. */
  legal(p: number): { move: Move; text: string }[] {
    const g = innermost(this.state);
    return legalMoves(this.state, p).map((move) => ({ move, text: moveText(g, move) }));
  }

  /**
   * A person's move, typed or made by clicks; in real time at a time in seconds. An illegal move changes
   * nothing and comes back with the rule that refused it and why.
   */
  move(p: number, move: string | Move, at?: number): MoveResult {
    if (isRealtime(this.state) && at !== undefined) {
      // the agents' moves planned before this one come first, as they would at a table
      for (let t = this.nextAgentAt(); t !== null && t <= at && this.forward(); t = this.nextAgentAt());
    }
    const g = innermost(this.state);
    const parsed = typeof move === "string" ? parseMove(this.state, p, move) : move;
    if ("rule" in parsed) return { ok: false, refusal: parsed };
    // never before a move already made: the page's clock may lag behind the moves it has been told of
    const last = this.history[this.cursor - 1]?.at ?? 0;
    // (strictly after it: a move at the same time would join that move's moment, which it did not)
    const asked = at ?? g.now;
    const when = isRealtime(this.state) ? (asked <= last && this.cursor > 0 ? last + 0.001 : Math.max(asked, g.now)) : undefined;
    const text = moveText(g, parsed);
    const round = this.round();
    const result = this.play.move(p, parsed, when);
    if (!result.ok) return result;
    this.record({ player: p, move: parsed, text, at: when, round, by: "person" });
    return { ok: true };
  }

  /** The moves up to the cursor, as a game is passed on in text. */
  moveRecords(): MoveRecord[] {
    return this.history.slice(0, this.cursor).map((p) => (p.at === undefined ? { player: p.player, text: p.text } : { player: p.player, text: p.text, at: p.at }));
  }

  /**
   * Plays a game passed on in text again from the start, through the engine: a person's move as written (it
   * must be legal where it comes), an agent's by its agent, which the same seed makes make the same move. The
   * first move that does not replay stops it, with the game as it was after the last one that did.
   */
  replayMoves(moves: readonly MoveRecord[]): Replayed {
    this.seek(0);
    this.history.length = 0;
    for (let i = 0; i < moves.length; i++) {
      const m = moves[i];
      const problem = this.replayOne(m);
      if (problem) {
        const who = this.names[m.player] ?? `seat ${m.player + 1}`;
        return { played: i, of: moves.length, problem: `move ${i + 1} (${who}: ${m.text}) ${problem}` };
      }
    }
    return { played: moves.length, of: moves.length, problem: null };
  }

  private replayOne(m: MoveRecord): string | null {
    if (!Number.isInteger(m.player) || m.player < 0 || m.player >= this.names.length) return "is by a seat this game does not have";
    if (this.state.over) return "comes after the end of the game";
    if (this.isPerson(m.player)) {
      const r = this.move(m.player, m.text, m.at);
      return r.ok ? null : `is refused here: ${r.refusal.rule}: ${r.refusal.reason}`;
    }
    const at = this.cursor;
    if (this.forward() && this.history[at].player === m.player && this.history[at].text === m.text) return null;
    const made = this.cursor > at ? `${this.names[this.history[at].player]}: ${this.history[at].text}` : null;
    if (made !== null) {
      this.seek(at);
      this.history.length = at;
    }
    return made === null ? "is not a move its agent can make here" : `is not the move its agent makes here (${made})`;
  }

  /** In real time: when the next agent move is planned (seconds on the game's clock), or null. */
  nextAgentAt(): number | null {
    if (!isRealtime(this.state) || this.cursor < this.history.length) return null;
    const next = this.play.plan();
    return next < 0 ? null : this.play.intents[next]!.at;
  }

  /** A seat's view (exactly view(state, seat)), or the whole truth. */
  view(viewer: number): View {
    return viewer === TRUTH ? truthView(this.state) : view(this.state, viewer);
  }

  /** The log so far, one line per event, as describeEvent tells it to the viewer (TRUTH: everything). */
  log(viewer: number, from = 0): string[] {
    return this.entries.slice(from).map(({ game, event }) => describeEvent(game, event, viewer, true));
  }

  get logLength(): number {
    return this.entries.length;
  }

  /** The log's events with the game each happened in. */
  get events(): readonly LogEntry[] {
    return this.entries;
  }
}
