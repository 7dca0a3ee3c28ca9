// Rule coverage: how often each rule of a game fired over many games, and which rules never did.
import type { CoverageEntry, Game } from "../interpreter/model.js";
import type { State } from "../interpreter/state.js";

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

/** Adds up the counts of many games, in the order given; inner rules are listed in the order they first appear. */
export class CoverageSum {
  private outer: Tally;
  private inner = new Map<string, Tally>();

  constructor(game: Pick<Game, "id" | "name" | "coverage">) {
    this.outer = new Tally(game.id, game.name, game.coverage);
  }

  add(g: GameCounts): void {
    this.outer.add(g.counts);
    for (const i of g.inner) {
      let t = this.inner.get(i.id);
      if (!t) this.inner.set(i.id, (t = new Tally(i.id, i.name, i.rules)));
      t.add(i.counts);
    }
  }

  table(): CoverageTable {
    return this.outer.table();
  }

  innerTables(): CoverageTable[] {
    return [...this.inner.values()].map((t) => t.table());
  }
}

class Tally {
  private games = 0;
  private counts: number[];
  private fired: number[];

  constructor(
    private id: string,
    private name: string,
    private rules: readonly CoverageEntry[],
  ) {
    this.counts = new Array(rules.length).fill(0);
    this.fired = new Array(rules.length).fill(0);
  }

  add(counts: readonly number[]): void {
    this.games++;
    for (let i = 0; i < this.rules.length; i++) {
      const c = counts[i] ?? 0;
      this.counts[i] += c;
      if (c > 0) this.fired[i]++;
    }
  }

  table(): CoverageTable {
    const rules = this.rules.map((r, i) => ({ rule: r.rule, what: r.what, count: this.counts[i], games: this.fired[i] }));
    return { id: this.id, name: this.name, games: this.games, rules, never: rules.filter((r) => r.count === 0).map((r) => r.rule) };
  }
}
