// A game in progress, as a program sees it: moves listed and made by their text, views and the whole state with
// everything named — zones as moves name them (`pile`, `Ann.hand`, `piles#2`), seats, cards and variables by
// name. A view is built from the engine's view for that seat, so it holds only what that seat may see.
import type { Game as CompiledGame, ParamDef, VarDef } from "../interpreter/model.js";
import type { State } from "../interpreter/state.js";
import type { Type } from "../interpreter/lang/types.js";
import type { View } from "../interpreter/view.js";
import { actors, applyMove, innermost, legalMoves, moveText, newGame, play as playText, seatPrefix, stop, type Move } from "../interpreter/engine.js";
import { describeEvent } from "../interpreter/events.js";
import { view as engineView } from "../interpreter/view.js";
import { zoneWord } from "../interpreter/zones.js";
import { truthView } from "../session/truth.js";
import { seatNames } from "../sim/play-game.js";
import { seedRngs } from "../interpreter/rng.js";
import { RuleError } from "../interpreter/lang/values.js";
import { makeAgent } from "../agents/index.js";
import type { Agent } from "../agents/agent.js";
import { gameBudget, defaultBounds } from "../sim/budget.js";
import { holdDeal, readDeal, type Deal } from "../scenario/deal.js";

/** A value as a program reads it: cards, players and zones by name, lists item by item, none as null. */
export type NamedValue = string | number | boolean | null | NamedValue[];

/** A legal move: its text (as a person types it and a scenario writes it), its action, and who makes it. */
export interface MoveOption {
  text: string;
  action: string;
  player: string;
  /** The move's arguments by parameter name: cards, players and zones by name. */
  args: Record<string, NamedValue>;
}

/** Why a move was refused: the rule that refused it and its reason, as the engine gives them. */
export interface Refusal {
  rule: string;
  reason: string;
}

export type MoveResult = { ok: true } | { ok: false; refusal: Refusal };

/** One zone as a seat sees it: its cards bottom first by name, null for a card that seat may not see. */
export interface NamedZone {
  name: string; // the zone's rule name: hand, pile
  owner: string | null;
  cards: (string | null)[];
}

/** What one seat may see (or, from `state()`, everything): named, as plain data. */
export interface NamedView {
  /** The seat whose view this is; null for the whole state. */
  seat: string | null;
  rules: string;
  phase: string;
  turn: string | null;
  dealer: string;
  players: string[];
  out: string[];
  /** Zones by the word a move names them by: `pile`, `Ann.hand`, `piles#2`. */
  zones: Record<string, NamedZone>;
  /** Game variables by name; per-player ones by seat name. A variable this seat may not see is null. */
  variables: Record<string, NamedValue | Record<string, NamedValue>>;
  over: boolean;
  result: GameOutcome | null;
  moves: number;
}

export interface GameOutcome {
  winners: string[];
  losers: string[];
  scores: Record<string, number> | null;
}

export interface StartOptions {
  /** A count of players (named P1, P2, ...) or their names. */
  players: number | string[];
  seed?: number | string;
  options?: Record<string, unknown>;
  /** The seat that deals first, by name or by index (default: as the rules say). */
  dealer?: string | number;
  /**
   * The zones once the setup has dealt, as a scenario's `deal:` writes them (docs/scenarios.md): `{hand: {Ann:
   * [AS, 2C]}, pile: [7H]}`, bottom first. The cards a zone takes are swapped with those they displace.
   */
  deal?: Record<string, unknown>;
  /** The zone of the game cards displaced by the deal and not needed elsewhere go to, as a scenario's `spare:`. */
  spare?: string;
}

/** A game being played: from Rules.start(). */
export class Game {
  /** The engine's state: for tools that need what this class does not name. Read it; change it only through moves. */
  readonly state: State;

  constructor(readonly rules: CompiledGame, o: StartOptions) {
    const names = typeof o.players === "number" ? seatNames(o.players) : o.players;
    const dealer = typeof o.dealer === "string" ? seatOf(names, o.dealer) : o.dealer;
    const deal = o.deal === undefined && o.spare === undefined ? undefined : dealOf(rules, names, o);
    let dealt: string | null = null;
    let release = () => {};
    const afterSetup = deal && ((s: State) => void (release = holdDeal(s, deal, (p) => (dealt ??= p))));
    this.state = newGame(rules, { players: names, seed: o.seed ?? 1, options: o.options, ...(dealer === undefined ? {} : { dealer }), ...(afterSetup ? { afterSetup } : {}) });
    release(); // the game waits for a decision: the cards are the players' now
    if (dealt !== null) throw new RangeError(`cannot deal as asked: ${dealt}`);
  }

  get players(): string[] {
    return this.state.names.slice();
  }

  get over(): boolean {
    return this.state.over;
  }

  /** Why the rules stopped the game, when a rule failed or a limit was reached; null otherwise. */
  get error(): string | null {
    return this.state.error;
  }

  /** The seat whose turn it is in the game being played now (the round, in a match); null when nobody's. */
  get turn(): string | null {
    const g = innermost(this.state);
    return g.current >= 0 ? g.names[g.current] : null;
  }

  get phase(): string {
    const g = innermost(this.state);
    return g.game.phases[g.phase]?.name ?? "";
  }

  /** The seats that may move now. */
  get actors(): string[] {
    return actors(this.state).map((p) => this.state.names[p]);
  }

  get result(): GameOutcome | null {
    return outcomeOf(this.state);
  }

  /** The legal moves of a seat (default: every seat that may move now, in seat order). */
  moves(seat?: string): MoveOption[] {
    const seats = seat === undefined ? actors(this.state) : [this.seat(seat)];
    return seats.flatMap((p) => legalMoves(this.state, p).map((m) => this.option(p, m)));
  }

  /**
   * Makes a move written as a person types it (`play 7C`, `Ann: play 7C`), or one of `moves()`. Without a seat,
   * the move is the only seat's that may move, or the seat named before a colon.
   */
  play(move: string | MoveOption, seat?: string): MoveResult {
    if (typeof move !== "string") return this.play(move.text, move.player);
    let text = move.trim();
    let who = seat;
    const named = seatPrefix(this.state.names, text);
    if (named && who !== undefined && seatOf(this.state.names, who) !== named.seat) {
      return refused("turn", `the move is given for ${who} but its text names ${this.state.names[named.seat]} (${text}): name the seat once`);
    }
    if (named) {
      who = this.state.names[named.seat];
      text = named.move;
    } else if (who === undefined) {
      // `Zed: ready`: a name before a colon, where no action begins the move, is a seat the game does not have
      const prefix = /^([^:\s][^:]*):(\s|$)/.exec(text)?.[1].trim();
      const first = text.split(/\s/, 1)[0].toLowerCase();
      if (prefix !== undefined && !innermost(this.state).game.actionsByName.has(first)) {
        return refused("turn", `${prefix} is not a seat (seats: ${this.state.names.join(", ")})`);
      }
    }
    let p: number;
    if (who !== undefined) p = this.seat(who);
    else {
      const now = actors(this.state);
      if (now.length !== 1) return refused("turn", now.length ? `say whose move it is: ${now.map((q) => this.state.names[q]).join(", ")} may move (as in ${this.state.names[now[0]]}: ${text})` : "nobody may move now");
      p = now[0];
    }
    const r = playText(this.state, p, text);
    return r.ok ? { ok: true } : { ok: false, refusal: { rule: r.refusal.rule, reason: r.refusal.reason } };
  }

  /** What a seat sees now, named. */
  view(seat: string): NamedView {
    const p = this.seat(seat);
    return named(this.state, engineView(this.state, p), seat);
  }

  /** The whole state, hidden cards included, named: for tests, never to be shown to a player. */
  snapshot(): NamedView {
    return named(this.state, truthView(this.state), null);
  }

  /** The game's log as sentences; for a seat, only what that seat saw (cards it could not see are counted). */
  log(seat?: string): string[] {
    const p = seat === undefined ? -1 : this.seat(seat);
    const g = innermost(this.state);
    return (g.log ?? []).map((e) => describeEvent(g, e, p));
  }

  /**
   * Lets agents play on (`random`, `greedy`, `mc:200`, `ismcts:500`; one for every seat, or one per seat) until the
   * game is over or `maxMoves` more moves were made. Each seat's agent decides from that seat's view.
   */
  playOut(agents: string | string[] = "random", o: { maxMoves?: number; seconds?: number; seed?: number | string } = {}): void {
    const specs = typeof agents === "string" ? this.state.names.map(() => agents) : agents;
    if (specs.length !== this.state.n) throw new RangeError(`playOut takes one agent or ${this.state.n}, not ${specs.length}`);
    const seats: Agent[] = specs.map((spec) => {
      const a = makeAgent(spec);
      if (!a) throw new RangeError(`there is no agent called '${spec}'`);
      return a;
    });
    const s = this.state;
    const rngs = seedRngs(String(o.seed ?? "playOut"), "/agent/", s.n);
    const budget = s.budget;
    s.budget = gameBudget({ ...defaultBounds, seconds: o.seconds ?? defaultBounds.seconds });
    try {
      for (const limit = s.moves + (o.maxMoves ?? Infinity); !s.over && s.moves < limit; ) {
        const who = actors(s);
        const g = innermost(s);
        const p = who.includes(g.current) ? g.current : who[0];
        if (p === undefined) return stop(s, "nobody may act, but the game is not over");
        const legal = legalMoves(s, p);
        if (s.over) return;
        if (legal.length === 0) return stop(s, `${s.names[p]} has no legal move in the ${this.phase} phase`);
        const i = legal.length === 1 ? 0 : seats[p].choose({ game: g.game, player: p, view: engineView(s, p), legal, rng: rngs[p], budget: s.budget });
        applyMove(s, p, legal[i], true);
      }
    } catch (e) {
      if (!(e instanceof RuleError) || e.code !== "E_BUDGET") throw e;
      stop(s, e.message, "E_BUDGET"); // an agent's thinking ran past the time allowed
    } finally {
      s.budget = budget;
    }
  }

  private seat(name: string): number {
    return seatOf(this.state.names, name);
  }

  private option(p: number, m: Move): MoveOption {
    const g = innermost(this.state);
    const args = record<NamedValue>();
    m.action.params.forEach((param, i) => (args[param.name] = nameValue(g, m.args[i], paramTypes[param.kind])));
    return { text: moveText(g, m), action: m.action.name, player: this.state.names[p], args };
  }
}

/** The type of a move's argument, by its parameter's kind: for naming it. */
const paramTypes: Record<ParamDef["kind"], Type> = {
  card: { t: "card" }, cards: { t: "list", of: { t: "card" } }, player: { t: "player" }, number: { t: "num" }, text: { t: "str" }, zone: { t: "zone" }, flag: { t: "bool" },
};

/** A record keyed by names from rule files or callers: with no prototype, `__proto__` is a name like any other. */
function record<T>(): Record<string, T> {
  return Object.create(null) as Record<string, T>;
}

/** The deal a caller asks for, read as a scenario's: a RangeError names each problem at its place in the deal. */
function dealOf(rules: CompiledGame, names: string[], o: StartOptions): Deal {
  const problems: string[] = [];
  const report = (pointer: string, message: string) => problems.push(`${pointer.slice(1).replaceAll("/", ".")}: ${message}`);
  const deal = readDeal(rules, names, o.deal ?? {}, o.spare, report);
  if (!deal) throw new RangeError(`cannot deal as asked: ${problems.join("; ")}`);
  return deal;
}

function refused(rule: string, reason: string): MoveResult {
  return { ok: false, refusal: { rule, reason } };
}

function seatOf(names: readonly string[], name: string): number {
  const p = names.findIndex((n) => n.toLowerCase() === name.toLowerCase());
  if (p < 0) throw new RangeError(`there is no player called '${name}' (players: ${names.join(", ")})`);
  return p;
}

function outcomeOf(s: State): GameOutcome | null {
  const r = s.result;
  if (!r) return null;
  let scores: Record<string, number> | null = null;
  if (r.scores) {
    scores = record<number>();
    r.scores.forEach((v, p) => (scores![s.names[p]] = v));
  }
  return { winners: r.winners.map((p) => s.names[p]), losers: r.losers.map((p) => s.names[p]), scores };
}

/** A value of the rules' type, named: a card by its name, a player by name, a zone by the word a move uses. */
function nameValue(s: State, v: unknown, type: Type | undefined): NamedValue {
  if (v === null || v === undefined) return null;
  if (Array.isArray(v)) {
    const of = type?.t === "list" ? type.of : type?.t === "zone" ? ({ t: "card" } as Type) : undefined;
    return v.map((x) => nameValue(s, x, of));
  }
  if (typeof v === "number") {
    if (type?.t === "card") return s.game.cardNames[v] ?? null;
    if (type?.t === "player") return s.names[v] ?? null;
    if (type?.t === "zone") return v >= 0 && v < s.zones.length ? zoneWord(s, v) : null;
    return v;
  }
  if (typeof v === "string" || typeof v === "boolean") return v;
  return null;
}

/** A view (a seat's, or the whole truth) as plain named data, read against the game being played now. */
function named(s: State, v: View, seat: string | null): NamedView {
  const g = innermost(s);
  const zones = record<NamedZone>();
  for (const z of v.zones) {
    if (z.retired) continue;
    zones[zoneWord(g, z.zone)] = { name: z.name, owner: z.owner >= 0 ? g.names[z.owner] : null, cards: z.cards.map((c) => (c >= 0 ? g.game.cardNames[c] : null)) };
  }
  const variables = record<NamedValue | Record<string, NamedValue>>();
  for (const def of g.game.vars) {
    const value = v.variables[def.name];
    variables[def.name] = def.per === "game" ? nameValue(g, value, def.type) : perSeat(g, def, value);
  }
  return {
    seat, rules: g.game.name, phase: v.phase, turn: v.current >= 0 ? g.names[v.current] : null, dealer: g.names[v.dealer],
    players: g.names.slice(), out: g.names.filter((_, p) => v.out[p]), zones, variables, over: s.over, result: outcomeOf(s), moves: s.moves,
  };
}

function perSeat(s: State, def: VarDef, value: unknown): Record<string, NamedValue> {
  const out = record<NamedValue>();
  const values = Array.isArray(value) ? value : [];
  s.names.forEach((n, p) => (out[n] = nameValue(s, values[p], def.type)));
  return out;
}
