// The results of a sweep's shards, merged. A shard's result is one line of JSON: the program and sweep it was
// played for, the shard's id and the tally of its games. Each is checked before it counts — its size, that it
// parses, that it has the shape of a tally of that shard's games, that it was played by this version and build for
// this sweep — and each shard counts once: the same result again is noted and dropped, a different one refused.
// Tallies add up in any order to the same tally, so the merged result is the same bytes whatever the order.
import { addTallies, type Tally } from "../sim/tally.js";
import type { Cell, Shard, SweepPlan } from "./plan.js";

/** The largest shard result read: a tally holds counts of values, never one row per game. */
export const maxResultBytes = 8 * 1024 * 1024;

export interface ShardResult {
  program: string;
  /** The build that played the shard (programBuild): results are counted only for the sweep's own build. */
  build: string;
  sweep: string;
  shard: string;
  tally: Tally;
}

/** A result refused, with why, in words for the person running the sweep. */
export class ResultRefused extends Error {}

export function resultText(plan: Pick<SweepPlan, "program" | "build" | "key">, shard: Shard, tally: Tally): string {
  return JSON.stringify({ program: plan.program, build: plan.build, sweep: plan.key, shard: shard.id, tally } satisfies ShardResult);
}

export class SweepMerge {
  private readonly shards = new Map<string, Shard>();
  private readonly texts = new Map<string, string>();
  private readonly cells = new Map<number, Tally>();
  /** Results dropped as the same result of a shard again. */
  again = 0;

  constructor(readonly plan: SweepPlan) {
    for (const s of plan.shards) this.shards.set(s.id, s);
  }

  get done(): number {
    return this.texts.size;
  }

  get gamesDone(): number {
    let n = 0;
    for (const id of this.texts.keys()) {
      const s = this.shards.get(id)!;
      n += s.to - s.from;
    }
    return n;
  }

  has(id: string): boolean {
    return this.texts.has(id);
  }

  /** The shards not merged yet, in the plan's order. */
  pending(): Shard[] {
    return this.plan.shards.filter((s) => !this.texts.has(s.id));
  }

  /**
   * Adds one shard's result; returns "added", or "again" for the same result of a shard already merged. Throws
   * ResultRefused, merging nothing, for a result that is too large, does not parse, is not a tally of the
   * shard's games, was played by another version or build or for another sweep, or differs from the one already merged.
   */
  add(text: unknown, from: string): "added" | "again" {
    if (typeof text !== "string") throw new ResultRefused(`${from}: the result is not text`);
    if (text.length > maxResultBytes) throw new ResultRefused(`${from}: a result of ${text.length} bytes is larger than the limit of ${maxResultBytes}`);
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (e) {
      throw new ResultRefused(`${from}: the result does not parse as JSON (${(e as Error).message})`);
    }
    const r = value as Partial<ShardResult> | null;
    if (!r || typeof r !== "object" || typeof r.program !== "string" || typeof r.sweep !== "string" || typeof r.shard !== "string") {
      throw new ResultRefused(`${from}: the result is not a shard's result (program, build, sweep, shard and tally)`);
    }
    if (r.program !== this.plan.program) throw new ResultRefused(`${from}: shard ${r.shard} was played by houserules ${r.program}, not ${this.plan.program}: its games are not counted`);
    if (r.build !== this.plan.build) throw new ResultRefused(`${from}: shard ${r.shard} was played by another build of houserules ${r.program} (${typeof r.build === "string" ? r.build.slice(0, 80) : "none named"}, not ${this.plan.build}): its games are not counted`);
    if (r.sweep !== this.plan.key) throw new ResultRefused(`${from}: the result is of another sweep (${r.sweep}, not ${this.plan.key})`);
    const shard = this.shards.get(r.shard);
    if (!shard) throw new ResultRefused(`${from}: this sweep has no shard ${r.shard}`);
    const cell = this.plan.cells[shard.cell];
    const problem = tallyProblem(r.tally, cell, shard);
    if (problem) throw new ResultRefused(`${from}: the result of shard ${shard.id} is not a tally of its games: ${problem}`);
    const canonical = JSON.stringify({ program: r.program, build: r.build, sweep: r.sweep, shard: r.shard, tally: r.tally });
    const had = this.texts.get(shard.id);
    if (had !== undefined) {
      if (had === canonical) {
        this.again++;
        return "again";
      }
      throw new ResultRefused(`${from}: shard ${shard.id} was posted twice with different results: the first is kept (a worker whose games differ: check that every worker has the same version and rule files)`);
    }
    this.texts.set(shard.id, canonical);
    const sum = this.cells.get(shard.cell);
    this.cells.set(shard.cell, sum ? addTallies(sum, r.tally!) : r.tally!);
    return "added";
  }

  /** The tally of a cell's merged shards, or undefined when none is merged. */
  tally(cell: number): Tally | undefined {
    return this.cells.get(cell);
  }
}

const isCount = (x: unknown): x is number => typeof x === "number" && Number.isSafeInteger(x) && x >= 0;
const isCounts = (x: unknown, n: number): boolean => Array.isArray(x) && x.length === n && x.every(isCount);
const isValueCounts = (x: unknown): boolean =>
  Array.isArray(x) && x.every((p) => Array.isArray(p) && p.length === 2 && typeof p[0] === "number" && Number.isFinite(p[0]) && isCount(p[1]) && p[1] > 0);

/** What is wrong with a tally for a shard's games, or null: its games, seats and the sums that must agree. */
function tallyProblem(t: unknown, cell: Cell, shard: Shard): string | null {
  if (!t || typeof t !== "object") return "no tally";
  const x = t as Record<string, unknown>;
  const games = shard.to - shard.from;
  if (x.players !== cell.players) return `${String(x.players)} players, not ${cell.players}`;
  if (x.games !== games) return `${String(x.games)} games, not ${games}`;
  for (const k of ["finished", "ties", "moves", "decisions", "branching", "scoreGames"]) if (!isCount(x[k])) return `${k} is not a count`;
  if ((x.finished as number) > games) return "more games finished than were played";
  if (!isCounts(x.wins, cell.players) || !isCounts(x.losses, cell.players)) return "wins and losses are not one count per seat";
  for (const k of ["lengths", "gaps", "leads"]) if (!isValueCounts(x[k])) return `${k} is not a list of values and counts`;
  const lengths = (x.lengths as [number, number][]).reduce((a, p) => a + p[1], 0);
  if (lengths !== x.finished) return `${lengths} game lengths for ${String(x.finished)} finished games`;
  if (x.scores !== null && !(Array.isArray(x.scores) && x.scores.length === cell.players && x.scores.every(isValueCounts))) return "scores are not one list of values and counts per seat";
  // every multiset counts the games it is of, so that none is larger than the games played
  const total = (v: unknown) => (v as [number, number][]).reduce((a, p) => a + p[1], 0);
  if ((x.scoreGames as number) > (x.finished as number)) return "more games with scores than finished games";
  if (Array.isArray(x.scores) && x.scores.some((seat) => total(seat) !== x.scoreGames)) return "a seat's scores do not count the games with scores";
  if (total(x.gaps) !== (Array.isArray(x.scores) ? x.scoreGames : 0)) return "the score gaps do not count the games with scores";
  if (total(x.leads) > (x.finished as number)) return "more lead changes counted than finished games";
  // the standings' figures, in tallies of a program that has them
  for (const k of ["drama", "settled"]) {
    if (x[k] === undefined) continue;
    if (!isValueCounts(x[k])) return `${k} is not a list of values and counts`;
    if (total(x[k]) > (x.finished as number)) return `more games in ${k} than finished games`;
  }
  if (x.settled !== undefined && (x.settled as [number, number][]).some(([v]) => v < 0 || v > 1)) return "a settled share is not between 0 and 1";
  if (!Array.isArray(x.problems) || !x.problems.every((p) => p && typeof p.key === "string" && typeof p.message === "string" && isCount(p.games) && isCount(p.first) && p.first >= shard.from && p.first < shard.to)) {
    return "its problems are not listed by message, games and first game";
  }
  const rulesOk = (r: unknown): boolean => {
    if (!r || typeof r !== "object") return false;
    const y = r as Record<string, unknown>;
    const n = Array.isArray(y.rules) ? y.rules.length : -1;
    return typeof y.id === "string" && typeof y.name === "string" && n >= 0 && isCount(y.games) && isCounts(y.counts, n) && isCounts(y.fired, n) && Array.isArray(y.first) && isCount(y.first[0]) && isCount(y.first[1])
      // the times each rule changed the game, a game: absent from results written before it was counted
      && (y.changed === undefined || (Array.isArray(y.changed) && y.changed.length === n && y.changed.every((c) => isValueCounts(c) && total(c) <= (y.games as number))));
  };
  if (x.coverage !== null && !rulesOk(x.coverage)) return "its rule counts are malformed";
  if (!Array.isArray(x.inner) || !x.inner.every(rulesOk)) return "the rule counts of the rules played inside are malformed";
  return null;
}
