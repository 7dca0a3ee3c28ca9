// A long campaign is run in shards: shard k of seed S is the campaign with seed S/k, so any shard can be run
// again alone. Each shard ends with one summary line, and with a log (one JSON line per shard) a campaign that
// was stopped goes on from the first shard not yet logged, and its shards, run one after another or side by
// side, add up to the campaign's totals.
import type { CampaignResult } from "./campaign.js";

export interface ShardRecord {
  seed: string; // the shard's own seed: S/k
  runs: number;
  files: number;
  pristine: number;
  loaded: number;
  refused: number;
  games: number;
  finished: number;
  stopped: number;
  moves: number;
  events: number;
  refusals: number;
  expressions: number;
  violations: number;
  found: string[]; // the first violations found, to replay from their seeds
  cpu: number; // seconds of CPU the shard used
  wall: number; // seconds it took
}

export function shardSeed(seed: string, k: number): string {
  return `${seed}/${k}`;
}

/** `7` is shards 1 to 7; `8-20` is shards 8 to 20. Null when it is neither. */
export function shardRange(text: string): [number, number] | null {
  const m = /^(?:(\d+)-)?(\d+)$/.exec(text);
  if (!m) return null;
  const from = m[1] === undefined ? 1 : Number(m[1]);
  const to = Number(m[2]);
  return from >= 1 && from <= to ? [from, to] : null;
}

export function shardRecord(seed: string, runs: number, r: CampaignResult, cpu: number, wall: number): ShardRecord {
  const { violationCount, violations, ...counts } = r;
  return { seed, runs, ...counts, violations: violationCount, found: violations.slice(0, 10), cpu: round(cpu), wall: round(wall) };
}

/** The shards of a log, the latest record of each seed: a shard run again replaces the one before. */
export function readLog(text: string): ShardRecord[] {
  const bySeed = new Map<string, ShardRecord>();
  for (const line of text.split("\n")) {
    if (!line.trim()) continue;
    try {
      const r = JSON.parse(line) as ShardRecord;
      if (typeof r.seed === "string" && typeof r.events === "number") bySeed.set(r.seed, r);
    } catch {
      // a line cut short by a stopped run: that shard is simply run again
    }
  }
  return [...bySeed.values()];
}

export type Totals = Omit<ShardRecord, "seed" | "found"> & { shards: number; found: string[] };

export function addUp(shards: ShardRecord[]): Totals {
  const t: Totals = { shards: shards.length, runs: 0, files: 0, pristine: 0, loaded: 0, refused: 0, games: 0, finished: 0, stopped: 0, moves: 0, events: 0, refusals: 0, expressions: 0, violations: 0, found: [], cpu: 0, wall: 0 };
  for (const s of shards) {
    for (const k of ["runs", "files", "pristine", "loaded", "refused", "games", "finished", "stopped", "moves", "events", "refusals", "expressions", "violations", "cpu", "wall"] as const) t[k] += s[k];
    t.found.push(...s.found.slice(0, Math.max(0, 20 - t.found.length)));
  }
  t.cpu = round(t.cpu);
  t.wall = round(t.wall);
  return t;
}

const n = (x: number) => x.toLocaleString("en");

/** One line for people: what a shard (or a whole campaign) did. */
export function summaryLine(what: string, r: Omit<ShardRecord, "seed" | "found">): string {
  return (
    `${what}: ${n(r.files)} mutated files (${n(r.loaded)} loaded and played, ${n(r.refused)} refused with located errors), ` +
    `${n(r.pristine)} games of shipped rules, ${n(r.games)} games, ${n(r.moves)} moves, ${n(r.events)} events checked, ` +
    `${n(r.refusals)} malformed moves refused, ${n(r.expressions)} random expressions, ` +
    `${r.violations === 0 ? "no violations" : `${n(r.violations)} VIOLATIONS`}, ${r.cpu.toFixed(1)} s CPU`
  );
}

function round(x: number): number {
  return Math.round(x * 10) / 10;
}
