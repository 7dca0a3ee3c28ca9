// What the page asks the rules worker, and what it answers. The worker holds the user's files (sent as they
// change) beside the shipped ones, and answers with plain data: diagnostics as `houserules check` makes them.
import type { Diagnostic } from "../../interpreter/diagnostics.js";
import type { Scope } from "../../interpreter/load/scope.js";
import type { BuiltinInfo } from "../../authoring/assist.js";
import type { Place } from "./where.js";
import type { ShelfGame } from "../../interpreter/load/shelf.js";
import type { AblationUnit } from "../../sim/ablation-units.js";

export type { BuiltinInfo };

export type Request =
  /** The user's files that changed since the last request (text), or were removed (null). */
  | { kind: "files"; changes: [name: string, text: string | null][] }
  /** `houserules check` of each reference: a rules id or a user file's path. */
  | { kind: "check"; rules: string[] }
  /** The rule cards, shipped and the user's, and the bases they compose onto. */
  | { kind: "catalog" }
  /** The shelf as `houserules games` lists it: the games that name a family, each with its house rules. */
  | { kind: "shelf" }
  /** `houserules compose` of cards (ids or paths), optionally for a number of players. */
  | { kind: "compose"; cards: string[]; players: number | null }
  /** The expression language's functions, effects and words. */
  | { kind: "language" }
  /** `houserules explain` of a reference: its rulebook as the terminal prints it; with `html`, also as the page to print. */
  | { kind: "explain"; rules: string; html?: boolean }
  /**
   * Rules as a person names them, read as `houserules compare` reads a side: an id or path with fragments
   * joined by +, or rule cards by name separated by commas ("Deal Eight, Whist", the words of --compose).
   */
  | { kind: "rules"; text: string }
  /** Where each rule (a coverage name: actions.play) of the rules `refs` name is written or changed. */
  | { kind: "where"; refs: string[]; rules: string[] }
  /** The values a comparison in the rules can be completed with: each card attribute's, and the zones' names. */
  | { kind: "values"; rules: string }
  /** What an ablation of the rules `refs` name takes out: the first is the base, the rest its fragments. */
  | { kind: "ablation"; refs: string[] }
  /** Options written NAME=VALUE, separated by commas (the Options fields), read against what the rules declare. */
  | { kind: "options"; refs: string[]; text: string };

export interface CheckResult {
  rules: string;
  ok: boolean;
  diagnostics: Diagnostic[];
  /** Every file the check read, by the path diagnostics use: a change to any of them calls for a new check. */
  sources: string[];
  /** What the checked file's expressions can name, and where they are (null when it did not compile). */
  scope: Scope | null;
}

export interface CardInfo {
  id: string;
  name: string;
  /** Where the card's file is, as the page names files ("rules/on-the-cards/deal/deal-eight.yaml"). */
  path: string;
  extends: string | null;
  type: string | null;
  markers: string[];
  known: "rulebook" | "interpretation" | "house" | null;
  text: string;
  fills: string[];
}

export interface BaseInfo {
  id: string;
  name: string;
  path: string;
  parts: { part: string; type: string; text: string }[];
  presets: { name: string; cards: string[] }[];
  players: { min: number; max: number } | null;
  /** Each kind of card and the colour of its border, as the rulebook gives them. */
  cardTypes: { type: string; colour: string | null; text: string }[];
}

/** A match, with the rule cards its stacks hold: a card of the user's own can join them or take one's place. */
export interface MatchInfo {
  id: string;
  name: string;
  path: string;
  cards: { name: string; title: string; type: string }[];
}

/** A game on the shelf, as `houserules games` lists it (src/interpreter/load/shelf.ts). */
export type { ShelfGame };

export interface Composition {
  ok: boolean;
  /** What `houserules compose` prints for the same cards and players, line for line. */
  text: string;
  /** The cards that fill each part, and the twists, by id: to show which are in play. */
  parts: { part: string; type: string; ids: string[] }[];
  twists: string[];
}

export type Reply =
  | { kind: "files" }
  | { kind: "check"; results: CheckResult[] }
  | { kind: "catalog"; bases: BaseInfo[]; cards: CardInfo[]; matches: MatchInfo[] }
  | { kind: "shelf"; games: ShelfGame[] }
  | { kind: "compose"; composition: Composition }
  | { kind: "language"; builtins: BuiltinInfo[]; words: string[] }
  /** The rulebook's text, or null with the errors (as check prints them) that keep the rules from loading. */
  /** html: the same rulebook as the page `houserules explain --html` writes, to print (when asked for, else null) */
  | { kind: "explain"; rules: string; text: string | null; html: string | null; errors: string[] }
  /** The rules as loadComposition takes them; `composed` when they were named as a list of cards. */
  | { kind: "rules"; refs: string[]; composed: boolean }
  /**
   * Each rule's file (as the page names files) and line, or null where no file of the rules writes it; and each
   * rule in words (its text:, or what the rulebook says an appended effect does), or null.
   */
  | { kind: "where"; places: (Place | null)[]; names: (string | null)[] }
  | ({ kind: "values" } & RuleValues)
  /** Each thing to take out and how to load the rules without it; or why there is nothing to measure. */
  | { kind: "ablation"; units: AblationUnit[]; error: string | null }
  /** The options read, and each problem with them (an unknown name, a value out of range) in words. */
  | { kind: "options"; options: Record<string, unknown>; problems: string[] };

/** The values of the rules' card attributes (every value some card has, in declared order), and their zones. */
export interface RuleValues {
  attributes: Record<string, { numeric: boolean; values: (string | number)[] }>;
  zones: string[];
}

export type ReplyTo<R extends Request> = Extract<Reply, { kind: R["kind"] }>;

export interface Envelope<T> {
  id: number;
  body: T;
}

/** What the worker answers when a request failed inside it (a bug of ours, never of the rule file). */
export interface Failure {
  id: number;
  error: string;
}
