// Rule coverage: how often each rule of a game fired over many games, and which rules never did.
import type { CoverageEntry } from "../interpreter/model.js";
import type { State } from "../interpreter/state.js";
import type { Spread } from "./stats.js";

/** One game's counts for rules played inside it (a round of a match), with what names the counts. */
export interface InnerCounts {
  id: string;
  name: string;
  rules: readonly CoverageEntry[];
  counts: number[];
}

/** What one game counted: per Game.coverage entry of its rules, and per inner rules played inside it. */
export interface GameCounts {
  counts: number[];
  inner: InnerCounts[];
}

export interface RuleCount {
  rule: string;
  what: CoverageEntry["what"];
  count: number; // times in all games
  games: number; // games in which it happened at least once
  /** Games in which it changed something: an effect that changed the game, a requirement that alone refused a move. */
  fired?: number;
  /** How many times a game it changed something, over all the games (those in which it never did count 0). */
  timesFired?: Spread;
  /** For a rule that is not a named item (effects a fragment appends): the file and line that write it. */
  file?: string;
  line?: number;
}

export interface CoverageTable {
  id: string;
  name: string;
  games: number; // games these rules were played in (for inner rules: the games in which a round used them)
  rules: RuleCount[];
  never: string[]; // the rules that never fired
}

/** The counts of a game played with coverage on, or null when it was played without. */
export function countsOf(s: State): GameCounts | null {
  if (!s.coverage) return null;
  const inner: InnerCounts[] = [];
  for (const [game, counts] of s.innerCoverage ?? []) inner.push({ id: game.id, name: game.name, rules: game.coverage, counts: Array.from(counts) });
  return { counts: Array.from(s.coverage), inner };
}
