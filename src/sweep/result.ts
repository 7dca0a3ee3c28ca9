// A sweep's merged result: per cell the summary `simulate --json` gives for its games, and across cells the
// findings a designer looks for first — broken cells (games that did not finish, a seat that always wins, a rule
// that never fired) and outliers (a cell whose figure lies far from the other cells') — each with a statement of
// how sure it is. Only counts go in: the same merged tallies give the same bytes.
import { summaryOfTally } from "../sim/tally.js";
import { round, wilson } from "../sim/stats.js";
import type { Summary } from "../sim/simulate.js";
import type { Cell, SweepPlan } from "./plan.js";
import type { SweepMerge } from "./merge.js";

export interface CellResult {
  cell: number;
  rules: string;
  refs: string[];
  /** Values for the rules' options, when the rule set gives them. */
  options?: Record<string, unknown>;
  players: number;
  agents: string[];
  skipped: string | null;
  /** Games merged so far, of the sweep's games per cell. */
  played: number;
  summary: Summary | null;
  /** The command that plays this cell's first game again, event by event. */
  replay: string;
}

export interface Finding {
  cell: number;
  kind: "unfinished" | "seat always wins" | "rule never fired" | "outlier";
  says: string;
  confidence: string;
}

export interface SweepResult {
  sweep: string;
  file: string;
  key: string;
  program: string;
  /** The hash of the sources the program was built from (programBuild): every shard was played by this build. */
  build: string;
  seed: number | string;
  games: number;
  shard: number;
  cells: CellResult[];
  complete: boolean;
  findings: Finding[];
}

export function sweepResult(plan: SweepPlan, merge: SweepMerge): SweepResult {
  const cells = plan.cells.map((c): CellResult => {
    const t = merge.tally(c.index);
    const summary = t ? summaryOfTally({ id: c.id, outcome: { scores: c.scored ? () => 0 : undefined } as never }, { seed: plan.seed, agents: c.agents }, t) : null;
    return { cell: c.index, rules: c.label, refs: c.refs, ...(c.options ? { options: { ...c.options } } : {}), players: c.players, agents: c.agents.map((a) => a.name), skipped: c.skipped, played: t?.games ?? 0, summary, replay: replayCommand(plan, c, 0) };
  });
  return {
    sweep: plan.name, file: plan.file, key: plan.key, program: plan.program, build: plan.build, seed: plan.seed, games: plan.games, shard: plan.shard,
    cells, complete: merge.done === plan.shards.length, findings: findings(cells),
  };
}

/** The command line that plays game i of a cell again (houserules replay with the run's seed). */
export function replayCommand(plan: Pick<SweepPlan, "seed">, c: Cell, i: number): string {
  const q = (s: string) => (/^[\w./:+=-]+$/.test(s) ? s : `"${s.replace(/(["\\$`])/g, "\\$1")}"`);
  const rules = c.compose ? `--compose ${q(c.compose.join(", "))}` : [q(c.refs[0]), ...c.refs.slice(1).map((f) => `--with ${q(f)}`)].join(" ");
  const options = Object.entries(c.options ?? {}).map(([k, v]) => ` --option ${q(`${k}=${String(v)}`)}`).join("");
  return `houserules replay ${rules}${options} --players ${c.players} --agents ${c.agents.map((a) => a.name).join(",")} --seed ${q(`${plan.seed}:${i}`)}`;
}

/** The figures compared across cells, by name: what the report's heat map can be drawn by. */
export const figures: { name: string; of: (s: Summary) => number }[] = [
  { name: "mean length", of: (s) => s.length.mean },
  { name: "unfinished share", of: (s) => (s.games ? s.unfinished / s.games : 0) },
  { name: "best seat's win rate", of: (s) => Math.max(0, ...s.seats.map((x) => x.winRate)) },
  { name: "shared wins share", of: (s) => (s.finished ? s.ties / s.finished : 0) },
  { name: "branching", of: (s) => s.branching.mean },
  { name: "rules never fired", of: (s) => (s.coverage ? s.coverage.never.length : 0) },
];

function findings(cells: CellResult[]): Finding[] {
  const out: Finding[] = [];
  const played = cells.filter((c): c is CellResult & { summary: Summary } => c.summary !== null);
  for (const c of played) {
    const s = c.summary;
    if (s.unfinished) {
      const first = s.problems[0];
      out.push({ cell: c.cell, kind: "unfinished", says: `${s.unfinished} of ${s.games} games did not finish${first ? `, first with seed ${first.firstSeed}: ${first.message}` : ""}`, confidence: "observed: each of these games stopped unfinished" });
    }
    for (const seat of s.seats) {
      if (s.finished >= 10 && seat.wins === s.finished) {
        const [low] = wilson(seat.wins, s.finished);
        out.push({ cell: c.cell, kind: "seat always wins", says: `P${seat.seat} (${seat.agent}) won all ${s.finished} finished games`, confidence: `95% sure the seat wins at least ${pct(low)} of games (Wilson interval)` });
      }
    }
    if (s.coverage && s.coverage.never.length) {
      const n = s.coverage.games;
      out.push({ cell: c.cell, kind: "rule never fired", says: `${s.coverage.never.length} rule${s.coverage.never.length === 1 ? "" : "s"} never fired in ${n} games: ${s.coverage.never.join(", ")}`, confidence: n ? `95% sure each fires in fewer than ${pct(1 - 0.05 ** (1 / n))} of games (none in ${n})` : "no game was counted" });
    }
  }
  // outliers: a cell whose figure is far from the median of all cells, measured in median absolute deviations
  if (played.length >= 8) {
    for (const f of figures) {
      const values = played.map((c) => f.of(c.summary));
      const median = medianOf(values);
      const mad = medianOf(values.map((v) => Math.abs(v - median)));
      if (mad === 0) continue;
      played.forEach((c, k) => {
        const z = (0.6745 * (values[k] - median)) / mad;
        if (Math.abs(z) > 3.5) {
          out.push({
            cell: c.cell, kind: "outlier",
            says: `${f.name} ${round(values[k])} against a median of ${round(median)} over ${played.length} cells (robust z ${round(z, 1)})`,
            confidence: `a robust z beyond 3.5 (Iglewicz and Hoaglin): about 1 in 2,000 cells of a normal spread, from ${c.summary.games} games`,
          });
        }
      });
    }
  }
  return out.sort((a, b) => a.cell - b.cell);
}

function medianOf(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

function pct(x: number): string {
  return `${(x * 100).toFixed(1)}%`;
}
