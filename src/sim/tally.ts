// A run's figures kept as sums that add up: counts, sums and exact counts of each value (game lengths, final
// scores, gaps, lead changes), so that the medians, quartiles and histograms stay exact. Tallies of any shares
// of a run, added in any order, give the same tally, and the summary of a tally is the summary of its games:
// `summarize` itself goes through a tally. Everything in a tally is plain data in an order of its own (values
// sorted, problems and inner rules by the first game they appear in), so that its JSON is the same bytes
// whichever shares it was added from.
import type { CoverageEntry, Game } from "../interpreter/model.js";
import type { GameOutcome, SimulateOptions, Summary } from "./simulate.js";
import { round, spread, wilson } from "./stats.js";
import { histogram } from "./histogram.js";
import { seatScoreSpread } from "./scores.js";
import { winsByAgent } from "./agent-wins.js";
import type { CoverageTable, RuleCount } from "./coverage.js";
import { balanceOf, decisivenessOf, dramaOf, skillOf } from "./evaluation.js";

/** [value, how many times] pairs, sorted by value: a multiset. */
export type ValueCounts = [number, number][];

export interface ProblemTally {
  key: string; // the message with its numbers as N: what groups games with the same problem
  message: string; // of the first game with it
  games: number;
  first: number; // the index of that game in the run
}

export interface RulesTally {
  id: string;
  name: string;
  rules: CoverageEntry[];
  games: number;
  counts: number[]; // times each rule fired over all games
  fired: number[]; // games in which it fired
  /**
   * Per rule, how many games it changed something in so many times (values and counts, 0 left out): what it
   * did, not that it ran (an effect that moved a card, a requirement that alone refused a move). Absent in tallies
   * written before it was counted, which then give no `fired` figures.
   */
  changed?: ValueCounts[];
  first: [number, number]; // the game it first appears in and its place in that game's list (inner rules)
}

export interface Tally {
  players: number;
  games: number;
  finished: number;
  ties: number;
  moves: number;
  decisions: number;
  branching: number;
  wins: number[];
  losses: number[];
  lengths: ValueCounts; // finished games
  scores: ValueCounts[] | null; // per seat, finished games with scores
  scoreGames: number;
  gaps: ValueCounts;
  leads: ValueCounts;
  drama: ValueCounts; // lead changes on the standings, finished games that have them
  settled: ValueCounts; // the share of a game after its winners stood apart, finished games that have it
  problems: ProblemTally[];
  coverage: RulesTally | null;
  inner: RulesTally[];
}

/** The tally of outcomes: game k of the list is game `from + k` of the run. */
export function tallyOf(game: Pick<Game, "id" | "name" | "coverage" | "outcome">, players: number, outcomes: readonly GameOutcome[], from = 0): Tally {
  const lengths = new Map<number, number>();
  const bySeat = game.outcome.scores ? Array.from({ length: players }, () => new Map<number, number>()) : null;
  const gaps = new Map<number, number>();
  const leads = new Map<number, number>();
  const drama = new Map<number, number>();
  const settled = new Map<number, number>();
  const problems = new Map<string, ProblemTally>();
  const inner = new Map<string, RulesTally>();
  const t: Tally = {
    players, games: outcomes.length, finished: 0, ties: 0, moves: 0, decisions: 0, branching: 0,
    wins: new Array(players).fill(0), losses: new Array(players).fill(0), lengths: [], scores: null, scoreGames: 0,
    gaps: [], leads: [], drama: [], settled: [], problems: [], coverage: null, inner: [],
  };
  outcomes.forEach((g, k) => {
    const index = from + k;
    t.moves += g.moves;
    t.decisions += g.decisions;
    t.branching += g.branching;
    if (g.counts) {
      t.coverage ??= rulesTally(game.id, game.name, game.coverage, [index, 0]);
      addCounts(t.coverage, g.counts.counts);
      g.counts.inner.forEach((i, place) => {
        let r = inner.get(i.id);
        if (!r) inner.set(i.id, (r = rulesTally(i.id, i.name, [...i.rules], [index, place])));
        addCounts(r, i.counts);
      });
    }
    if (!g.finished) {
      const key = (g.error ?? "unfinished").replace(/\d+/g, "N");
      const p = problems.get(key) ?? { key, message: g.error ?? "unfinished", games: 0, first: index };
      p.games++;
      problems.set(key, p);
      return;
    }
    t.finished++;
    bump(lengths, g.moves);
    if (g.winners.length > 1) t.ties++;
    for (const p of g.winners) t.wins[p]++;
    for (const p of g.losers) t.losses[p]++;
    if (bySeat && g.scores) {
      t.scoreGames++;
      let best = -Infinity;
      let worst = Infinity;
      for (let p = 0; p < players; p++) {
        const v = g.scores[p];
        bump(bySeat[p], v);
        if (v > best) best = v;
        if (v < worst) worst = v;
      }
      bump(gaps, best - worst);
    }
    if (g.leadChanges !== null) bump(leads, g.leadChanges);
    if (g.drama !== null) bump(drama, g.drama);
    if (g.settled !== null) bump(settled, g.settled);
  });
  t.lengths = sorted(lengths);
  t.scores = bySeat ? bySeat.map(sorted) : null;
  t.gaps = sorted(gaps);
  t.leads = sorted(leads);
  t.drama = sorted(drama);
  t.settled = sorted(settled);
  t.problems = [...problems.values()].sort((a, b) => a.first - b.first);
  t.inner = [...inner.values()].sort(byFirst);
  return t;
}

/** The tally of two shares of a run (of the same rules and players): the same whichever order they are added. */
export function addTallies(a: Tally, b: Tally): Tally {
  if (a.players !== b.players) throw new Error(`cannot add a tally of ${b.players} players to one of ${a.players}`);
  const problems = new Map<string, ProblemTally>();
  for (const p of [...a.problems, ...b.problems]) {
    const had = problems.get(p.key);
    if (!had) problems.set(p.key, { ...p });
    else problems.set(p.key, { ...(p.first < had.first ? p : had), games: had.games + p.games });
  }
  const inner = new Map<string, RulesTally>();
  for (const r of [...a.inner, ...b.inner]) {
    const had = inner.get(r.id);
    inner.set(r.id, had ? addRules(had, r) : r);
  }
  return {
    players: a.players,
    games: a.games + b.games,
    finished: a.finished + b.finished,
    ties: a.ties + b.ties,
    moves: a.moves + b.moves,
    decisions: a.decisions + b.decisions,
    branching: a.branching + b.branching,
    wins: a.wins.map((w, i) => w + b.wins[i]),
    losses: a.losses.map((l, i) => l + b.losses[i]),
    lengths: addCounts2(a.lengths, b.lengths),
    scores: a.scores && b.scores ? a.scores.map((s, i) => addCounts2(s, b.scores![i])) : (a.scores ?? b.scores),
    scoreGames: a.scoreGames + b.scoreGames,
    gaps: addCounts2(a.gaps, b.gaps),
    leads: addCounts2(a.leads, b.leads),
    drama: addCounts2(a.drama ?? [], b.drama ?? []),
    settled: addCounts2(a.settled ?? [], b.settled ?? []),
    problems: [...problems.values()].sort((x, y) => x.first - y.first),
    coverage: a.coverage && b.coverage ? addRules(a.coverage, b.coverage) : (a.coverage ?? b.coverage),
    inner: [...inner.values()].sort(byFirst),
  };
}

/** The summary `simulate` gives for the games of a tally. */
export function summaryOfTally(game: Pick<Game, "id" | "outcome">, o: Pick<SimulateOptions, "seed"> & { agents: readonly { name: string }[] }, t: Tally): Summary {
  const lengths = expand(t.lengths);
  const agents = o.agents.map((a) => a.name);
  const coverage = t.coverage ? tableOf(t.coverage) : null;
  const byAgent = winsByAgent(agents, t.wins, t.finished);
  const by = game.outcome.scores ? "scores" : "evaluation";
  return {
    rules: game.id,
    players: t.players,
    games: t.games,
    seed: o.seed,
    agents,
    finished: t.finished,
    unfinished: t.games - t.finished,
    moves: t.moves,
    length: spread(lengths),
    ties: t.ties,
    seats: t.wins.map((w, seat) => ({
      seat: seat + 1,
      agent: agents[seat],
      wins: w,
      losses: t.losses[seat],
      winRate: t.finished ? Math.round((w / t.finished) * 10000) / 10000 : 0,
      winRate95: wilson(w, t.finished),
    })),
    wins: [...t.wins],
    losses: [...t.losses],
    problems: t.problems.map((p) => ({ message: p.message, games: p.games, firstSeed: `${o.seed}:${p.first}` })),
    lengthHistogram: histogram(lengths),
    branching: {
      decisions: t.decisions,
      perGame: t.games ? round(t.decisions / t.games) : 0,
      mean: t.decisions ? round(t.branching / t.decisions) : 0,
    },
    scores: game.outcome.scores
      ? {
          games: t.scoreGames,
          seats: Array.from({ length: t.players }, (_, p) => ({ seat: p + 1, ...seatScoreSpread(expand(t.scores?.[p] ?? [])) })),
          gap: spread(expand(t.gaps)),
          leadChanges: spread(expand(t.leads)),
        }
      : null,
    byAgent,
    coverage,
    innerCoverage: coverage ? t.inner.map(tableOf) : [],
    balance: game.outcome.together ? null : balanceOf(t.wins, t.finished),
    drama: dramaOf(by, expand(t.drama ?? [])),
    decisiveness: decisivenessOf(by, expand(t.settled ?? [])),
    skill: skillOf(byAgent),
    // after the fields summaries had before it, as every new figure is
    together: game.outcome.together
      ? { games: t.finished, won: t.wins[0] ?? 0, winRate: t.finished ? Math.round(((t.wins[0] ?? 0) / t.finished) * 10000) / 10000 : 0, winRate95: wilson(t.wins[0] ?? 0, t.finished) }
      : null,
  };
}

/** The values of a multiset, in order. */
export function expand(counts: ValueCounts): number[] {
  const out: number[] = [];
  for (const [v, c] of counts) for (let i = 0; i < c; i++) out.push(v);
  return out;
}

function rulesTally(id: string, name: string, rules: CoverageEntry[], first: [number, number]): RulesTally {
  return {
    id, name, rules: rules.map((r) => ({ rule: r.rule, what: r.what, ...(r.file === undefined ? {} : { file: r.file, line: r.line }) })), games: 0,
    counts: new Array(rules.length).fill(0), fired: new Array(rules.length).fill(0), changed: rules.map(() => []), first,
  };
}

function addCounts(r: RulesTally, counts: readonly number[]): void {
  r.games++;
  for (let i = 0; i < r.rules.length; i++) {
    const c = counts[i] ?? 0;
    r.counts[i] += c;
    if (c > 0) r.fired[i]++;
    // the second half of the counts: the times each rule changed the game (interpreter/changes.ts)
    const changed = counts[r.rules.length + i] ?? 0;
    if (changed > 0 && r.changed) r.changed[i] = addCounts2(r.changed[i], [[changed, 1]]);
  }
}

function addRules(a: RulesTally, b: RulesTally): RulesTally {
  if (a.id !== b.id || a.rules.length !== b.rules.length) throw new Error(`cannot add the rule counts of ${b.id} to those of ${a.id}`);
  return {
    ...(byFirst(a, b) <= 0 ? a : b),
    games: a.games + b.games,
    counts: a.counts.map((c, i) => c + b.counts[i]),
    fired: a.fired.map((c, i) => c + b.fired[i]),
    changed: a.changed && b.changed ? a.changed.map((c, i) => addCounts2(c, b.changed![i])) : undefined,
  };
}

function tableOf(r: RulesTally): CoverageTable {
  const rules = r.rules.map((e, i) => ({
    rule: e.rule, what: e.what, count: r.counts[i], games: r.fired[i],
    ...(r.changed ? firedOf(r.changed[i], r.games) : {}),
    ...(e.file === undefined ? {} : { file: e.file, line: e.line }),
  }));
  return { id: r.id, name: r.name, games: r.games, rules, never: rules.filter((x) => x.count === 0).map((x) => x.rule) };
}

/** A rule's `fired` figures from the times it changed the game in each game that it did (the others: none). */
function firedOf(changed: ValueCounts, games: number): Pick<RuleCount, "fired" | "timesFired"> {
  const some = total(changed);
  const times: ValueCounts = some < games ? [[0, games - some], ...changed] : changed;
  return { fired: some, timesFired: spread(expand(times)) };
}

function total(counts: ValueCounts): number {
  let n = 0;
  for (const [, c] of counts) n += c;
  return n;
}

function byFirst(a: { first: [number, number] }, b: { first: [number, number] }): number {
  return a.first[0] - b.first[0] || a.first[1] - b.first[1];
}

function bump(m: Map<number, number>, v: number): void {
  m.set(v, (m.get(v) ?? 0) + 1);
}

function sorted(m: Map<number, number>): ValueCounts {
  return [...m].sort((a, b) => a[0] - b[0]);
}

function addCounts2(a: ValueCounts, b: ValueCounts): ValueCounts {
  const m = new Map<number, number>(a);
  for (const [v, c] of b) m.set(v, (m.get(v) ?? 0) + c);
  return sorted(m);
}
