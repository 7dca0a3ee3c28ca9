// The state of one game: flat arrays of card ids, zone by zone, and of variable values. Compiled rules read
// and change it in place; clone() copies it for search and for what-if questions.
import type { Game } from "./model.js";
import type { GameEvent } from "./events.js";
import type { RngState } from "./rng.js";

export interface Refusal {
  rule: string; // which rule refused: `play/not-lower`, or `turn`, `phase`, `move` for the engine's own checks
  reason: string;
}

export interface GameResult {
  winners: number[];
  losers: number[];
  scores: number[] | null;
  places: number[]; // players in the order they went out, where the rules put players out
}

/**
 * The bounds of a run that the user sets (wall-clock time, memory), never the rule file: asked now and then while
 * the rules work, it says why the run must stop, or null to go on. Games played inside a game share it.
 */
export interface Budget {
  /** `work`: the units of work done since the budget was last asked about this state (a budget may count them). */
  check(work?: number): string | null;
}

export interface State {
  game: Game;
  n: number; // players
  names: string[];
  zones: number[][]; // each zone's card ids, bottom first: the last is the top
  zoneDef: number[]; // for each zone, the index of its ZoneDef
  zoneOwner: number[]; // for each zone, the owning player or -1
  groups: number[][]; // for each zone family, its zones in creation order
  // Per card, small whole numbers in plain arrays rather than typed arrays: a typed array of more than 64 bytes
  // gets a buffer outside the heap, and allocating two of those made up a quarter of starting a game.
  cardZone: number[]; // where each card is
  cardFrom: number[]; // the owner of the zone each card last left (-1: a zone of the game)
  shown: number[]; // per card: the players it was shown to by reveal(), one bit each, until it leaves its zone
  vars: unknown[];
  opts: unknown[];
  me: number; // the player the rules currently speak for (the actor, or whose turn it is)
  current: number; // whose turn it is, -1 outside turns
  phase: number;
  phaseTurns: number; // turns ended in this phase
  phasePlayers: number; // players taking part when the phase began
  phaseWho: Uint8Array | null; // the players taking part in this phase, when the phase names them
  extraTurn: boolean; // set by again()
  turnStep: number; // in a phase whose turns have steps: the step the turn is at (0: the first)
  phaseDir: number; // +1: the phase's turns go clockwise, -1: counter-clockwise (read when the phase begins)
  reversed: boolean; // reverse() turned the direction of play round, for the rest of the game
  skips: number; // players skip() passes over when the turn next passes (cleared when a phase begins)
  givenTurn: number; // the player giveTurn() gave the next turn, or -1
  stayInTurn: boolean;
  endPhaseNow: boolean;
  done: Uint8Array; // per player, in a simultaneous phase
  out: Uint8Array; // per player: out of the game (finished)
  /**
   * Per player, where they stand in the hand being played (see turn-order.ts): FOLDED, STOOD and ACTED bits, all
   * cleared when a phase with `newHand: true` begins. Unlike `out`, a player out of one hand is back for the next.
   */
  hand: Uint8Array;
  activeCache: number[] | null; // the players still in, until someone goes out
  places: number[];
  dealer: number;
  start: number; // -2: not yet decided
  startFixed: boolean;
  rng: RngState;
  moves: number;
  steps: number; // effect steps since the last decision, against runaway rules
  cardMoves: number; // cards moved so far, in all: a move that leaves it as it was moved nothing
  shows: number; // cards shown so far by reveal(), to players who had not seen them there
  still: number; // moves in a row that moved no card, named when a game runs out of moves
  over: boolean;
  result: GameResult | null;
  error: string | null;
  errorCode: string | null; // which limit stopped the game (E_RANGE_SIZE, E_BUDGET, ...), E_RUNTIME otherwise
  budget: Budget | null;
  ticks: number; // work done, counted by the runtime's helpers
  nextCheck: number; // the count of work at which the budget is next asked
  log: GameEvent[] | null;
  now: number; // the time of the latest move, in seconds, in a real-time phase
  sub: State | null; // a game being played inside this one (a round of a match)
  last: State | null; // the last game played inside this one, finished
  coverage: Uint32Array | null; // per Game.coverage entry, how often it ran; then per entry, how often it changed the game (engine/changes.ts); null: not counted
  innerCoverage: Map<Game, Uint32Array> | null; // the same for the games played inside this one, by their rules
  /** Called after every event, logged or not: for invariant checks in tests and tools. */
  watch: ((s: State, e: GameEvent) => void) | null;
  /** How a test or tool steers this game from outside (a scenario's stacked deck); null in play. */
  hooks: GameHooks | null;
  /** A choice an action's `ask:` waits for: only this player may move, and only to make it. */
  pending: Pending | null;
}

/** A choice being waited for (see ActionDef.ask). */
export interface Pending {
  choice: number; // the index of the choice's action
  player: number; // who chooses
  actor: number; // who took the action that asked
  args: unknown[]; // the values of the choice's outer parameters, as they were when it was asked
  together: boolean; // the action that asked was one of several made at one moment
}

/**
 * Ways a scenario steers or a checker watches a game without changing its rules: the outcome of a shuffle, the
 * zones once setup is over, the state after each action's effect, and the same for each game played inside this one.
 */
export interface GameHooks {
  /** Called after a zone has been shuffled with the game's random numbers: may put its cards in another order. */
  shuffled?: (s: State, zone: number) => void;
  /** Called once setup is over, before the first phase. */
  afterSetup?: (s: State) => void;
  /**
   * Called after each action's effect, before the flow that follows it (a phase's settle effects, the end of a
   * turn): the moment the action's log line is marked as seen by. A card may be shown and put down again
   * within one move with no event between, and a checker of what the log tells each player must see it too.
   */
  afterEffect?: (s: State) => void;
  /** The hooks of the next game played inside this one, when it starts. */
  inner?: (outer: State) => GameHooks | undefined;
}

/**
 * A copy to explore from. Written out field by field in the order blankState() lists them, not spread: a spread
 * copy gets another hidden class, and code that sees both a game's own state and copies of it (a search that
 * plans from the game it plays) then reads every field through a slower, polymorphic path.
 */
export function cloneState(s: State): State {
  return {
    game: s.game, n: s.n, names: s.names, zones: s.zones.map((z) => z.slice()), zoneDef: s.zoneDef.slice(), zoneOwner: s.zoneOwner.slice(),
    groups: s.groups.map((g) => g.slice()),
    cardZone: s.cardZone.slice(), cardFrom: s.cardFrom.slice(),
    shown: s.shown.slice(),
    vars: s.vars.slice(), // lists held in variables are never changed in place, so sharing them is safe
    opts: s.opts, me: s.me, current: s.current, phase: s.phase, phaseTurns: s.phaseTurns, phasePlayers: s.phasePlayers,
    extraTurn: s.extraTurn, turnStep: s.turnStep, phaseDir: s.phaseDir, reversed: s.reversed, skips: s.skips, givenTurn: s.givenTurn, stayInTurn: s.stayInTurn, endPhaseNow: s.endPhaseNow,
    done: s.done.slice(), out: s.out.slice(), hand: s.hand.slice(), activeCache: null, places: s.places.slice(), phaseWho: s.phaseWho ? s.phaseWho.slice() : null,
    dealer: s.dealer, start: s.start, startFixed: s.startFixed,
    rng: s.rng.slice(), moves: s.moves, steps: s.steps, cardMoves: s.cardMoves, shows: s.shows, still: s.still,
    over: s.over, result: s.result, error: s.error, errorCode: s.errorCode, budget: s.budget, ticks: s.ticks, nextCheck: s.nextCheck, log: s.log ? s.log.slice() : null, watch: s.watch,
    now: s.now, sub: s.sub ? cloneState(s.sub) : null, last: s.last, coverage: null, innerCoverage: null, // a copy explores; it does not count
    hooks: null, // a copy explores: nothing outside steers it
    pending: s.pending,
  };
}

/**
 * Makes `into` the same as cloneState(from) would be, reusing its arrays: for a search that plays out one copy
 * of a position after another, which otherwise allocates some twenty arrays per copy. `into` must be a copy
 * (cloneState) of a state of the same game and players, and nothing else may hold its arrays.
 */
export function copyState(into: State, from: State): void {
  copyListsInto(into.zones, from.zones);
  copyInto(into.zoneDef, from.zoneDef);
  copyInto(into.zoneOwner, from.zoneOwner);
  copyListsInto(into.groups, from.groups);
  copyInto(into.cardZone, from.cardZone);
  copyInto(into.cardFrom, from.cardFrom);
  copyInto(into.shown, from.shown);
  copyValuesInto(into.vars, from.vars); // lists held in variables are never changed in place (see cloneState)
  into.opts = from.opts;
  into.me = from.me;
  into.current = from.current;
  into.phase = from.phase;
  into.phaseTurns = from.phaseTurns;
  into.phasePlayers = from.phasePlayers;
  into.extraTurn = from.extraTurn;
  into.turnStep = from.turnStep;
  into.phaseDir = from.phaseDir;
  into.reversed = from.reversed;
  into.skips = from.skips;
  into.givenTurn = from.givenTurn;
  into.stayInTurn = from.stayInTurn;
  into.endPhaseNow = from.endPhaseNow;
  // by hand: set() is a call into the runtime, for a few seats
  for (let p = 0; p < from.n; p++) {
    into.done[p] = from.done[p];
    into.out[p] = from.out[p];
    into.hand[p] = from.hand[p];
  }
  into.activeCache = null;
  copyInto(into.places, from.places);
  // a list of its own, as cloneState gives (only a phase that names its players has one)
  into.phaseWho = from.phaseWho ? from.phaseWho.slice() : null;
  into.dealer = from.dealer;
  into.start = from.start;
  into.startFixed = from.startFixed;
  const rng = into.rng;
  rng[0] = from.rng[0];
  rng[1] = from.rng[1];
  rng[2] = from.rng[2];
  rng[3] = from.rng[3];
  into.moves = from.moves;
  into.cardMoves = from.cardMoves;
  into.shows = from.shows;
  into.still = from.still;
  into.steps = from.steps;
  into.over = from.over;
  into.result = from.result;
  into.error = from.error;
  into.errorCode = from.errorCode;
  into.budget = from.budget;
  into.ticks = from.ticks;
  into.nextCheck = from.nextCheck;
  into.log = from.log ? from.log.slice() : null;
  into.watch = from.watch;
  into.now = from.now;
  into.sub = from.sub ? cloneState(from.sub) : null;
  into.last = from.last;
  into.coverage = null;
  into.innerCoverage = null;
  into.hooks = null;
  into.pending = from.pending; // never changed in place
}

/** Copies a list of lists into another, each inner list into the one at its place (a zone family may have grown). */
function copyListsInto(into: number[][], from: readonly number[][]): void {
  while (into.length > from.length) into.pop();
  for (let i = 0; i < from.length; i++) {
    if (i < into.length) copyListInto(into[i], from[i]);
    else into.push(from[i].slice());
  }
}

/** copyInto for the zones' and families' lists, which have no holes, unlike the lists of one entry per card or zone. */
function copyListInto(into: number[], from: readonly number[]): void {
  const n = from.length;
  while (into.length > n) into.pop();
  const m = into.length;
  for (let i = 0; i < m; i++) into[i] = from[i];
  for (let i = m; i < n; i++) into.push(from[i]);
}

/** Copies a list into another by pop, assignment and push: setting length calls into the runtime, and growing a list by it leaves holes. */
function copyInto(into: number[], from: readonly number[]): void {
  const n = from.length;
  while (into.length > n) into.pop();
  const m = into.length;
  for (let i = 0; i < m; i++) into[i] = from[i];
  for (let i = m; i < n; i++) into.push(from[i]);
}

/**
 * copyInto for the variables, whose list holds any values: the same lines in a function of their own, so that
 * copyInto only ever stores small whole numbers. A store V8 has seen put objects into a list turns every list of
 * numbers it later stores into a list of any values, and the engine then reads the zones of a search's copies
 * through a slower, second kind of list.
 */
function copyValuesInto(into: unknown[], from: readonly unknown[]): void {
  const n = from.length;
  while (into.length > n) into.pop();
  const m = into.length;
  for (let i = 0; i < m; i++) into[i] = from[i];
  for (let i = m; i < n; i++) into.push(from[i]);
}

/** Index of the zone of a zone def for a player (per-player zones) or of the game. */
export function zoneIndex(s: State, def: number, player: number): number {
  const d = s.game.zones[def];
  if (d.per === "game") return d.slot;
  return s.game.sharedZones + d.slot * s.n + player;
}

/**
 * Refuses a zone that does not exist (none, or a family's zone past its end) before any card leaves where it is,
 * so that no card is ever lost; the caller names the rule.
 */
export function checkZone(s: State, to: unknown): void {
  if (!(typeof to === "number" && Number.isInteger(to) && to >= 0 && to < s.zones.length)) {
    throw new Error(to === null || to === undefined ? "cards cannot move to a zone that does not exist (none)" : `cards cannot move to a zone that does not exist (${String(to)})`);
  }
}

/**
 * Moves the top card of a zone onto the top of another: moveCard() for a card known to be on top of `from`, which
 * neither searches the zone for it nor closes a gap. A deal moves every card of a game this way.
 */
export function moveTopCard(s: State, from: number, to: number): void {
  checkZone(s, to);
  const card = s.zones[from].pop()!;
  s.zones[to].push(card);
  placed(s, card, from, to);
}

/** Moves one card onto the top (or bottom) of a zone, recording who it came from. */
export function moveCard(s: State, card: number, to: number, bottom = false): void {
  checkZone(s, to);
  placeCard(s, card, to, bottom);
}

/** moveCard() into a zone known to exist (checked once for a whole move of several cards, or proven so). */
export function placeCard(s: State, card: number, to: number, bottom: boolean): void {
  const from = s.cardZone[card];
  const src = s.zones[from];
  // found by a loop from the top: lastIndexOf() is a call V8 does not inline, and it cost more than the rest of
  // the move (a one-card move is the commonest effect there is)
  let at = src.length - 1;
  while (at >= 0 && src[at] !== card) at--;
  if (at < 0) src.splice(at, 1); // as before, should a card ever be missing from the zone it is indexed in
  else {
    // the gap closed by hand: splice() is a call into the runtime and builds a list of what it removed
    const last = src.length - 1;
    for (let i = at; i < last; i++) src[i] = src[i + 1];
    src.pop();
  }
  if (bottom) s.zones[to].unshift(card);
  else s.zones[to].push(card);
  placed(s, card, from, to);
}

/** Records a card's move into `to` from `from`: where it is, whose it was, and that it is no longer shown. */
function placed(s: State, card: number, from: number, to: number): void {
  s.cardMoves++;
  s.cardZone[card] = to;
  s.cardFrom[card] = s.zoneOwner[from];
  s.shown[card] = 0;
}

/** Checks that every card is in exactly one zone and that the card-to-zone index agrees. Returns a problem or null. */
export function conservationProblem(s: State): string | null {
  const seen = new Int32Array(s.game.cardNames.length).fill(-1);
  for (let z = 0; z < s.zones.length; z++) {
    for (const c of s.zones[z]) {
      if (c < 0 || c >= seen.length) return `zone ${z} holds a card that does not exist (${c})`;
      if (seen[c] !== -1) return `card ${s.game.cardNames[c]} is in two zones`;
      seen[c] = z;
      if (s.cardZone[c] !== z) return `card ${s.game.cardNames[c]} is indexed in the wrong zone`;
    }
  }
  for (let c = 0; c < seen.length; c++) if (seen[c] === -1) return `card ${s.game.cardNames[c]} is in no zone`;
  return null;
}
