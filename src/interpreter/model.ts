// The compiled form of a rule file: plain tables and closures, ready for the engine. Nothing here refers to a
// particular game; every game is a value of these types.
import type { Type } from "./lang/types.js";
import type { State } from "./state.js";
import type { Location } from "./diagnostics.js";
import type { Backend } from "./backend.js";
import type { TeamsDef } from "./teams.js";
import type { OptionSpec } from "./options.js";

/** A compiled expression: evaluate it against a state (s.me is the player the rules speak for). */
export type Eval<T = unknown> = (s: State) => T;
/** A compiled effect program. */
export type Run = (s: State) => void;

/** `card`: of a zone each card has (per: card), seen by whoever sees the card holding it. */
export type Visibility = "everyone" | "owner" | "nobody" | "top" | "card";

export interface ZoneDef {
  name: string;
  index: number; // position in Game.zones
  /** card: each card holds one, its first zone numbered after the zones of the game (slot), one a card in card order. */
  per: "player" | "game" | "card";
  many: boolean; // a family of zones created during play
  visible: Visibility;
  ordered: boolean;
  slot: number; // among shared zones, among per-player zones, or among families
  /** The rule file's `text:` (what the zone is, in words), when it gives one. */
  text?: string;
  /**
   * A zone of a named family (`family: [red, green]`): the family's name and members, the index in Game.zones of
   * its first member (the members follow it in order), and this zone's member. Its name is `family.member`.
   */
  family?: { name: string; members: readonly string[]; first: number };
  member?: string;
}

export interface VarDef {
  name: string;
  index: number;
  per: "player" | "game";
  /** `per: team`: one value a team, kept by every member (per is then "player"): setting it sets the team's. */
  team?: true;
  type: Type;
  initial: Eval;
  constant: boolean; // the initial value does not depend on the player or the state
  reset: "turn" | "phase" | "never";
  visible: "everyone" | "owner" | "nobody";
  slot: number;
  /** The rule file's `text:`, when it gives one. */
  text?: string;
  /** Whether the table shows it (the rule file's `table:`, else the default for its type: see tableShows). */
  table: boolean;
}

export interface AttributeDef {
  name: string;
  numeric: boolean;
  values: (string | number)[]; // every value some card has, in declared order
  byCard: (string | number | null)[];
  keyByCard: Int32Array; // each card's value as an index into values (-1: none), for fast grouping
}

export interface ParamDef {
  name: string;
  kind: "card" | "cards" | "player" | "number" | "text" | "zone" | "flag";
  from: Eval<unknown[]>; // candidates
  several: boolean;
  alike: string | null; // attribute every chosen card shares
  max: Eval<number>; // how many cards at most, with several
  optional: boolean;
  refusal: Message | null;
  slot: number; // local slot the value is bound to while the action's rules run
}

/** A message with {expression} holes: evaluated when a move is refused. */
export type Message = (s: State) => string;

export interface RequirementDef {
  name: string;
  check: Eval<boolean>;
  refusal: Message;
  /** The last parameter it reads (-1: none): legal moves check it as soon as that parameter is chosen. */
  dependsOn: number;
  /** It reads a several-alike parameter only through what the cards share: checked once per group. */
  perGroup: boolean;
  coverage: number; // its entry in Game.coverage
}

export interface ActionDef {
  name: string;
  index: number;
  text: string;
  params: ParamDef[];
  requirements: RequirementDef[];
  effect: Run;
  endsTurn: boolean;
  /** `skip: true`: left out of the game, offered by no phase. */
  skip: boolean;
  phases: number[];
  frame: unknown[]; // where the parameters are bound while the requirements and the effect run
  /** For listing legal moves: checksAt[i] are the requirements to check once parameters 0..i-1 are chosen. */
  checksAt: RequirementDef[][];
  groupChecksAt: RequirementDef[][];
  /** Lists the action's legal moves into `out` as the engine would: generated for the action, or null. */
  enumerate: ((s: State, out: { action: ActionDef; args: unknown[] }[]) => void) | null;
  /** `ask:`: once the effect has run, a player chooses among the candidates of `choice`, whose effect is the `then:`. */
  ask?: AskDef;
  /** Set on the action a choice is made with: the action that asks it, and what it is bound to while it waits. */
  choice?: ChoiceDef;
}

/** A choice asked once an action's effect has run: who makes it, and the action each candidate is a move of. */
export interface AskDef {
  /** The player who chooses, read with the acting player as `me`; none skips the choice. */
  who: Eval<number | null>;
  choice: ActionDef;
}

/** What a choice's action knows of the action that asked it. */
export interface ChoiceDef {
  /** The action whose move began it all: the flow of play that follows the choice is that action's. */
  root: ActionDef;
  /** The parameters of the actions that asked (and of the choices made before it), bound again when it is made. */
  outer: ParamDef[];
  /** Where it is written, for coverage and messages: actions.play.ask, actions.play.ask.ask. */
  rule: string;
}

/** One value a match passes to the game it plays inside: an option of that game, given when it starts. */
export interface GameWith {
  name: string;
  value: Eval<unknown>;
  type: Type;
  /** Where the value is written (file:line:col), for the message when the game inside refuses it. */
  where: string;
}

/** One step of a turn: the actions a move of it may take, and whether the player may pass over it. */
export interface TurnStep {
  actions: number[];
  optional: boolean;
  /** The actions offered while the turn is at this step: its own, and those of the steps after it up to one that is not optional. */
  offered: number[];
}

export interface PhaseDef {
  name: string;
  index: number;
  text: string;
  turns: "clockwise" | "counterclockwise" | "round" | "simultaneous" | "realtime" | "none";
  /** `turns:` written as an expression: read when the phase begins, it gives clockwise or counterclockwise. */
  turnsBy: Eval<unknown> | null;
  first: Eval<number | null> | null;
  once: boolean;
  /** A new hand begins with the phase: everyone who folded or stood is back in, before its begin effects. */
  newHand: boolean;
  actions: number[];
  /**
   * A turn's steps, in order (`steps:`): each move is one of the current step's actions (or of a later one, past
   * optional steps), and the turn ends after the last step; null for a turn of one action.
   */
  steps: TurnStep[] | null;
  /**
   * The actions any player taking part may take out of turn while the phase runs (`anytime:`), as their
   * requirements allow: a move of one neither ends nor moves on the turn; null when the phase has none.
   */
  anytime: number[] | null;
  begin: Run | null;
  turn: Run | null;
  endWhen: Eval<boolean> | null;
  end: Run | null;
  /** In a real-time phase: effects run once every move made at one moment is in (the first two to make a shape). */
  settle: Run | null;
  next: number; // -1: the game ends
  /** `next:` written as conditions: the first whose condition holds, read as the phase ends, gives the phase; else `next`. */
  nextIf: { when: Eval<boolean>; to: number }[];
  /** The phase is left out when this holds as it would begin: no effects, play goes on to the phase that follows. */
  skip: Eval<boolean> | null;
  game: Eval<unknown> | null; // a game played inside this phase: its rules ids
  /** The values a phase with `game:` passes to the game inside (`with:`), each for one of its options. */
  gameWith: GameWith[];
  /** Who starts the game played inside (`game: {starts}`), read in this game as it starts; none leaves it to that game. */
  gameStarts: Eval<number | null> | null;
  who: Eval<number[]> | null; // the players who take part (default: every player still in)
  /**
   * Lists the legal moves of the phase's actions, in their order: generated, calling each action's listing from a
   * call site of its own; null where the engine walks the actions (the closures).
   */
  list: ((s: State, out: { action: ActionDef; args: unknown[] }[]) => void) | null;
  /**
   * Enters the phase, as the engine's flow would: generated for the phase, with its resets, first turn and end
   * conditions fixed in it; null where the engine's flow enters it. Gives the index of the phase to enter next
   * when this one ended at once, else -1.
   */
  enter: ((s: State) => number) | null;
  /** The flow after an action of the phase (its triggers already run), generated likewise; null: the engine's. */
  after: ((s: State, actor: number, action: ActionDef) => void) | null;
  /** list, into a MoveSink: the same moves in the same order, making none that was not made before. */
  listInto: ((s: State, into: MoveSink) => void) | null;
}

/**
 * Where a listing writes moves without making them (engine/move-list.ts): a move made before, or a move's action,
 * whose arguments then go to `args` from the place open() returns, one per parameter.
 */
export interface MoveSink {
  add(move: { action: ActionDef; args: unknown[] }): void;
  open(action: ActionDef): number;
  readonly args: unknown[];
}

export interface TriggerDef {
  name: string;
  coverage: number;
  when: Eval<boolean>;
  effect: Run;
}

export interface Outcome {
  scores: ((s: State, p: number) => number) | null;
  winners: Eval<number[]> | null;
  losers: Eval<number[]> | null;
  /** A cooperative game (`outcome.together`): whether the players, all together, won. */
  together: Eval<boolean> | null;
}

export interface Assumption {
  what: string;
  why: string;
  at: Location;
}

/** A rule whose use is counted when coverage is on: how often it fired in a game. */
export interface CoverageEntry {
  rule: string; // actions.play, actions.play.require.rank-order, triggers.out, phases.swap, actions.play.effect.append.1
  what: "taken" | "refused a move" | "fired" | "entered" | "ran";
  /** Where a rule that is not a named item of the rules is written (effects a fragment appends): file and line. */
  file?: string;
  line?: number;
}

export interface Game {
  id: string;
  /** What runs the rules: generated JavaScript, or closures (see backend.ts). */
  backend: Backend;
  /** Every countable rule; a state with coverage on counts each in s.coverage[i]. */
  coverage: CoverageEntry[];
  name: string;
  file: string;
  players: { min: number; max: number };
  /** The sides the players make (`teams`), or null: every player on their own. */
  teams: TeamsDef | null;
  cardNames: string[];
  uniqueNames: boolean; // no two cards share a name: then a card's name identifies it
  cardStart: number[]; // zone def index each card starts in
  attributes: Map<string, AttributeDef>;
  zones: ZoneDef[];
  sharedZones: number;
  playerZones: number;
  families: number;
  vars: VarDef[];
  turnVars: VarDef[]; // the variables set back at every turn
  phaseVars: VarDef[]; // and at every phase
  globalVars: number;
  playerVars: number;
  options: Map<string, OptionSpec & { slot: number }>;
  phases: PhaseDef[];
  actions: ActionDef[];
  actionsByName: Map<string, ActionDef>;
  triggers: TriggerDef[];
  setup: Run | null;
  dealer: Eval<number | null> | null;
  start: Eval<number | null> | null;
  end: Eval<boolean> | null;
  outcome: Outcome;
  limits: { moves: number; steps: number };
  assumptions: Assumption[];
  firstPhase: number;
  /** Finds the rules of a game played inside this one (a phase with `game:`): a Game, or why not. */
  resolve: (ids: string[]) => Game | string;
  /** Looks a card up by its written name: 10C, 10♣ and 10c are the same card. Returns every card so named. */
  cardsNamed(name: string): number[];
}
