// A session behind a message boundary: the page asks, a worker that holds the rules and the game answers with a
// frame — what one viewer may be shown, as plain data. The page never holds the game, so a seat's screen can
// only ever have what that seat's view, legal moves and log give it.
import type { Game } from "../interpreter/model.js";
import type { Refusal } from "../interpreter/state.js";
import type { View } from "../interpreter/view.js";
import { actors, innermost } from "../interpreter/engine.js";
import { makeAgent } from "../agents/index.js";
import type { Agent } from "../agents/agent.js";
import { moveCards, tableRules, type TableRules } from "../table/rules.js";
import { Session, TRUTH, type MoveRecord, type Replayed } from "./session.js";
import { scenarioOf, type RulesRef, type ScenarioFrom, type ScriptedRound } from "./export.js";
import { scenarioStart, type ScenarioSetup } from "../scenario/run.js";
import { formatDiagnostic } from "../interpreter/diagnostics.js";
import type { GameHooks, State } from "../interpreter/state.js";
import { entry, rootOf } from "../interpreter/load/catalog.js";
import { searchesFor, type SearchShown } from "./inspect.js";

export interface StartRequest {
  kind: "start";
  /** The rules as loadComposition takes them: rules ids or paths, then fragments. */
  refs: string[];
  /** The same rules as a scenario names them. */
  ref: RulesRef;
  seed: number | string;
  /** An agent name per seat (random, greedy, mc, ismcts:200), or null for a seat a person plays. */
  seats: (string | null)[];
  names?: string[];
  options?: Record<string, unknown>;
  /** A seat, -1 for the whole truth, or "person": the first person to move (the whole truth when agents play every seat). */
  viewer: number | "person";
  /**
   * A scenario file to start from instead: its rules, players, options, seed, dealer and stacked deal, as
   * `houserules test` starts it. Its moves are not played: the seats play on from its start.
   */
  scenario?: { text: string; file: string };
  /** The moves of a game passed on (a shared link), replayed through the engine from the seed before the first frame. */
  moves?: MoveRecord[];
}

export type SessionRequest =
  | StartRequest
  /** Up to `moves` moves on (default 1), stopping where a person must move. */
  | { kind: "forward"; moves?: number; stopAtRound?: boolean }
  | { kind: "back" }
  | { kind: "seek"; cursor: number }
  /** In real time: every agent move planned for `at` seconds or sooner. */
  | { kind: "until"; at: number }
  | { kind: "move"; player: number; text: string; at?: number }
  /** The frame for another viewer (a seat, or -1 for the whole truth). */
  | { kind: "look"; viewer: number }
  | { kind: "export"; name?: string }
  /** The moves up to the cursor, as a shared link carries them. */
  | { kind: "moves" }
  /** The inspector opened or closed: while it is open, frames carry what the searching agents weighed (`searches`). */
  | { kind: "inspect"; on: boolean };

export interface LegalMove {
  text: string;
  action: string;
  /** The cards the move names, by card id (all of them known to the player who may make it). */
  cards: number[];
}

export interface Frame {
  viewer: number;
  names: string[];
  /** Which seats people play. */
  people: boolean[];
  rules: TableRules;
  view: View;
  /** The rules of the match around the round being played, when there is one (its view is view.outer). */
  outerRules: TableRules | null;
  cursor: number;
  length: number;
  over: boolean;
  error: string | null;
  realtime: boolean;
  /** The game's clock in real time: the time of the latest move. */
  now: number;
  /** In real time: when the next agent move is planned. */
  nextAt: number | null;
  /** Seats that may move now (the player to move, or everyone who may act). */
  toMove: number[];
  /** The viewer's legal moves, when the viewer may move now (for the whole truth: the player to move's). */
  legal: LegalMove[];
  /** Whose legal moves those are (-1: nobody's). */
  legalFor: number;
  /** Log lines as told to the viewer: the whole log when `reset`, else the lines after those sent before. */
  log: { reset: boolean; lines: string[] };
  /** Why the move just asked for was refused, or null. */
  refusal: Refusal | null;
  /** The name of the scenario the game started from, or null. */
  scenario: string | null;
  /** While a game is played inside this one (a round of a match): which it is, and the rules it is composed of. */
  round: RoundInfo | null;
  /** In the first frame of a game passed on with its moves: how far they replayed. */
  replayed: Replayed | null;
  /**
   * While the inspector is open: each searching agent's latest search in the game being played, as this viewer
   * may be shown it (inspect.ts says what that is).
   */
  searches?: SearchShown[];
}

/** A round of a match: its number, and each rule file it was composed from, as the composer prints cards. */
export interface RoundInfo {
  number: number;
  /** The moves made in the round so far. */
  moves: number;
  cards: { id: string; name: string; type: string | null; colour: string | null; text: string }[];
}

export type SessionReply = { kind: "frame"; frame: Frame } | { kind: "export"; text: string } | { kind: "moves"; moves: MoveRecord[] } | { kind: "failed"; error: string };

/** Loads the rules a session plays: the game, or why not. */
export type LoadRules = (refs: string[]) => Game | string;

/** What the table needs of a game's rules, made once per game (not once per frame). */
const tableRulesMade = new WeakMap<Game, TableRules>();
function rulesOf(game: Game): TableRules {
  let r = tableRulesMade.get(game);
  if (!r) tableRulesMade.set(game, (r = tableRules(game)));
  return r;
}

/** At most this many moves per request, so that a worker always answers soon (the page asks again). */
const movesPerAnswer = 5000;

export class RemoteSession {
  private session: Session | null = null;
  private start: StartRequest | null = null;
  private viewer = TRUTH;
  private sent = 0; // log lines the page has for the viewer
  private sentCursor = 0;
  private inspecting = false;

  private from: (ScenarioFrom & { name: string }) | null = null;

  /** `folder`: where a scenario's relative paths are read from. */
  constructor(
    private readonly load: LoadRules,
    private readonly folder = ".",
  ) {}

  handle(request: SessionRequest): SessionReply {
    try {
      return this.answer(request);
    } catch (e) {
      return { kind: "failed", error: (e as Error).message };
    }
  }

  private answer(r: SessionRequest): SessionReply {
    if (r.kind === "start") return this.begin(r);
    const session = this.session;
    if (!session) return { kind: "failed", error: "no game has been started" };
    let refusal: Refusal | null = null;
    switch (r.kind) {
      case "forward": {
        const n = Math.max(1, Math.min(movesPerAnswer, r.moves ?? 1));
        const round = roundOf(session.state);
        for (let i = 0; i < n && session.forward(); i++) {
          // a new round: its cards are shown before anyone plays it
          if (r.stopAtRound && roundOf(session.state) !== round && innermost(session.state) !== session.state) break;
        }
        break;
      }
      case "back":
        session.back();
        break;
      case "seek":
        session.seek(r.cursor);
        break;
      case "until":
        for (let i = 0; i < movesPerAnswer; i++) {
          const at = session.nextAgentAt();
          if (at === null || at > r.at || !session.forward()) break;
        }
        break;
      case "move": {
        const result = session.move(r.player, r.text, r.at);
        if (!result.ok) refusal = result.refusal;
        break;
      }
      case "look":
        this.viewer = r.viewer;
        this.sent = 0;
        break;
      case "inspect":
        this.inspecting = r.on === true;
        break;
      case "export":
        return { kind: "export", text: scenarioOf(session, this.start!.ref, r.name, this.from ?? undefined) };
      case "moves":
        return { kind: "moves", moves: session.moveRecords() };
    }
    return { kind: "frame", frame: this.frame(refusal, null) };
  }

  private begin(r: StartRequest): SessionReply {
    if (r.scenario) return this.beginScenario(r, r.scenario);
    const game = this.load(r.refs);
    if (typeof game === "string") return { kind: "failed", error: game };
    const seats = agentsFor(r.seats);
    if (typeof seats === "string") return { kind: "failed", error: seats };
    if (seats.length < game.players.min || seats.length > game.players.max) {
      return { kind: "failed", error: `${game.name} is for ${game.players.min}–${game.players.max} players, not ${seats.length}` };
    }
    return this.begun(r, new Session({ game, seed: r.seed, seats, names: r.names, options: r.options }), null);
  }

  /** A game started as a scenario file starts it; a problem in the file is reported as `houserules test` words it. */
  private beginScenario(r: StartRequest, scenario: { text: string; file: string }): SessionReply {
    const read = () => scenarioStart(scenario.text, scenario.file, this.folder);
    const first = read();
    const problems = () => first.problems().map(formatDiagnostic).join("\n");
    const setup = first.setup;
    if (!setup) return { kind: "failed", error: problems() };
    // the scenario's players are the seats: those not chosen are people's
    const seats = agentsFor(setup.names.map((_, p) => r.seats[p] ?? null));
    if (typeof seats === "string") return { kind: "failed", error: seats };
    let hooks: GameHooks | null = setup.hooks;
    const session = new Session({
      game: setup.game, seed: setup.seed, seats, names: setup.names, options: setup.options, dealer: setup.dealer, start: setup.start,
      // the first game uses the hooks read above; a replay from the seed reads the file again for fresh ones
      hooks: () => {
        const h = hooks ?? read().setup?.hooks ?? {};
        hooks = null;
        return h;
      },
    });
    if (first.problems().length) return { kind: "failed", error: problems() };
    return this.begun(r, session, { name: first.name, keys: first.keys, rounds: scripted(setup.rounds) });
  }

  private begun(r: StartRequest, session: Session, from: (ScenarioFrom & { name: string }) | null): SessionReply {
    this.session = session;
    this.start = r;
    this.from = from;
    this.viewer = typeof r.viewer === "number" ? r.viewer : firstPerson(session);
    const replayed = r.moves ? session.replayMoves(r.moves) : null;
    if (r.moves) this.viewer = typeof r.viewer === "number" ? r.viewer : firstPerson(session);
    this.sent = 0;
    this.sentCursor = 0;
    return { kind: "frame", frame: this.frame(null, replayed) };
  }

  /** The round being played, by number, with the rule cards it is composed of (the log tells everyone). */
  private roundInfo(): RoundInfo | null {
    const around = aroundInnermost(this.session!.state);
    if (!around?.sub) return null;
    const games = (around.log ?? []).filter((e) => e.type === "game");
    const last = games[games.length - 1];
    if (!last || last.type !== "game") return null;
    const cards = last.ids.map((id) => {
      const e = entry(id);
      const colour = e?.type ? (rootOf(id)?.cardTypes[e.type]?.colour ?? null) : null;
      return { id, name: e?.name ?? id, type: e?.type ?? null, colour, text: e?.text ?? "" };
    });
    return { number: games.length, moves: around.sub.moves, cards };
  }

  private frame(refusal: Refusal | null, replayed: Replayed | null): Frame {
    const session = this.session!;
    const s = session.state;
    const viewer = this.viewer;
    const v = session.view(viewer);
    const g = innermost(s);
    const toMove = s.over ? [] : actors(s);
    const legalFor = viewer === TRUTH ? (g.current >= 0 ? g.current : (toMove[0] ?? -1)) : toMove.includes(viewer) ? viewer : -1;
    const legal = legalFor < 0 ? [] : session.legal(legalFor).map(({ move, text }) => ({ text, action: move.action.name, cards: moveCards(move.action.params, move.args) }));
    const reset = session.cursor < this.sentCursor || this.sent > session.logLength;
    const from = reset ? 0 : this.sent;
    const lines = session.log(viewer, from);
    this.sent = session.logLength;
    this.sentCursor = session.cursor;
    const realtime = session.realtime;
    const rules = rulesOf(g.game);
    const searches = this.inspecting ? { searches: searchesFor(viewer, v, rules, session.names, session.latestSearches()) } : {};
    return {
      viewer, names: session.names.slice(), people: session.setup.seats.map((a) => a === null),
      rules, view: v, outerRules: s.sub ? rulesOf(s.game) : null,
      cursor: session.cursor, length: session.history.length, over: s.over, error: s.error,
      realtime, now: g.now, nextAt: realtime ? session.nextAgentAt() : null,
      toMove, legal, legalFor, log: { reset: reset || from === 0, lines }, refusal, scenario: this.from?.name ?? null,
      round: this.roundInfo(), replayed, ...searches,
    };
  }
}

/** The game that holds the innermost game being played (null when no game is played inside another). */
function aroundInnermost(s: State): State | null {
  if (!s.sub) return null;
  let p = s;
  while (p.sub && p.sub.sub) p = p.sub;
  return p;
}

/** The round being played now, as a state (null outside rounds). */
function roundOf(s: State): State | null {
  return aroundInnermost(s)?.sub ?? null;
}

/** The person who moves first, else the first person, else the whole truth. */
function firstPerson(session: Session): number {
  const people = session.setup.seats.flatMap((a, p) => (a === null ? [p] : []));
  return session.peopleToMove()[0] ?? people[0] ?? TRUTH;
}

/** An agent per seat by name, null for a person; or which name is unknown. */
function agentsFor(names: (string | null)[]): (Agent | null)[] | string {
  const seats: (Agent | null)[] = [];
  for (const name of names) {
    if (name === null) {
      seats.push(null);
      continue;
    }
    const agent = makeAgent(name);
    if (!agent) return `unknown agent '${name}'`;
    seats.push(agent);
  }
  return seats;
}

/** The rounds a scenario scripts, with each one's own keys but its moves and expectations (what an export repeats). */
function scripted(rounds: ScenarioSetup["rounds"]): ScriptedRound[] {
  return rounds.map((r) => {
    const keys = Object.create(null) as Record<string, unknown>;
    for (const [k, v] of Object.entries(r.raw)) if (k !== "moves" && k !== "expect") keys[k] = v;
    return { keys, rounds: scripted(r.rounds) };
  });
}
