// A sweep file read into its plan: every cell (a rule set, a player count, the agents of the seats) and every
// shard of it (games [from, to) of one cell), each with an id that depends only on what it plays. Problems are
// located diagnostics, as for rule files and scenarios: the YAML, the schema, then rule sets that do not load,
// agent lists that do not fit a player count, and counts of cells or shards past their limits.
import { createHash } from "node:crypto";
import type { Diagnostic } from "../interpreter/diagnostics.js";
import { formatDiagnostic } from "../interpreter/diagnostics.js";
import { SourceFile, loadYaml } from "../interpreter/load/yaml.js";
import { validate } from "../interpreter/load/schema.js";
import { loadComposition } from "../interpreter/load/load.js";
import { resolveReference } from "../interpreter/load/catalog.js";
import { displayPath } from "../interpreter/load/resolve.js";
import { programBuild, rulesHash } from "../node/rules-hash.js";
import { dirname, resolve } from "../interpreter/load/paths.js";
import { collectReads, host } from "../interpreter/load/host.js";
import { maxFileBytes } from "../interpreter/limits.js";
import { optionProblems } from "../interpreter/options.js";
import { defaultAgent, makeAgent, maxAgentBudget } from "../agents/index.js";
import { defaultBounds, type Bounds } from "../sim/budget.js";
import type { AgentSpec, RunSpec } from "../sim/run-spec.js";

/** The most cells a sweep may have, and the most shards: checked before any list of them is made. */
export const maxCells = 100_000;
export const maxShards = 1_000_000;
export const defaultShard = 25;
/** The most rule files a cell's rules may read, and their most bytes together: what one shard ships. */
export const maxShippedFiles = 256;
export const maxShippedBytes = 16 * 1024 * 1024;

export interface Cell {
  index: number;
  /** What loadComposition takes: rules ids (or absolute paths), then fragments. */
  refs: string[];
  /** How the sweep file named the rule set: the id and its fragments, or the cards. */
  label: string;
  /** The --compose names when the rule set is a composition of cards, else the id and --with fragments. */
  compose: string[] | null;
  /** Values for the rules' options, as the rule set gives them (none when it gives none). */
  options?: Record<string, unknown>;
  players: number;
  agents: AgentSpec[];
  /** The rules' id, as simulate names them, and whether they have scores. */
  id: string;
  scored: boolean;
  /** The content hash of the rule files (as simulate --log records it). */
  hash: string;
  /** Every file loading the rules read, by absolute path, with its text's hash (a key of the plan's texts). */
  files: [string, string][];
  /** Why the cell is not played (a player count its rules do not take), or null. */
  skipped: string | null;
}

export interface Shard {
  id: string;
  cell: number;
  from: number;
  to: number;
}

export interface SweepPlan {
  file: string;
  name: string;
  seed: number | string;
  games: number;
  shard: number;
  bounds: Bounds;
  program: string;
  /** The hash of the sources the program was built from (programBuild): a rebuilt engine is another sweep. */
  build: string;
  /** A hash of everything that decides the sweep's games, the build included: a shard's id starts with it. */
  key: string;
  cells: Cell[];
  shards: Shard[];
  /** The rule files' texts by their hash ("sha256:..."): what a sweep on a queue ships to its workers. */
  texts: Map<string, string>;
  /** The rule folders and working folder the rules were found from: a worker finds them the same way. */
  roots: string[];
  working: string;
}

type Raw = Record<string, unknown>;

/** Reads a sweep file through the host (bounded in size, a regular file). */
export function readSweepFile(path: string, program: string, build = programBuild()): { plan: SweepPlan | null; problems: Diagnostic[] } {
  const full = resolve(host().workingFolder, path);
  const shown = displayPath(full);
  const read = host().readFile(full, maxFileBytes);
  if ("error" in read) {
    return { plan: null, problems: [{ severity: "error", code: read.tooLarge ? "E_FILE_SIZE" : "E_FILE", message: `cannot read ${shown}: ${read.error}`, file: shown, line: 1, col: 1 }] };
  }
  return sweepPlan(read.text, shown, dirname(full), program, build);
}

/** The plan of a sweep file's text, or its problems. */
export function sweepPlan(text: string, shown: string, folder: string, program: string, build = programBuild()): { plan: SweepPlan | null; problems: Diagnostic[] } {
  const file = new SourceFile(shown, text);
  const yaml = loadYaml(file);
  if (yaml.problems.some((d) => d.severity === "error")) return { plan: null, problems: yaml.problems };
  const schema = validate("sweep", yaml.value, file);
  if (schema.length) return { plan: null, problems: schema };
  const raw = yaml.value as Raw;
  const problems: Diagnostic[] = [];
  const games = raw.games as number;
  const shard = (raw.shard as number | undefined) ?? defaultShard;
  const seed = (raw.seed as number | string | undefined) ?? 1;
  const players = raw.players === undefined ? [4] : Array.isArray(raw.players) ? [...new Set(raw.players as number[])] : [raw.players as number];
  const tables = ((raw.agents as (string | string[])[] | undefined) ?? [defaultAgent]);
  for (const [i, t] of tables.entries()) {
    for (const name of Array.isArray(t) ? t : [t]) {
      if (!makeAgent(name)) problems.push(file.at(`/agents/${i}`, "error", "E_SWEEP", `the budget of '${name}' is a whole number from 1 to ${maxAgentBudget.toLocaleString("en")}`));
    }
    if (Array.isArray(t) && t.length > 1) {
      const off = players.filter((n) => n !== t.length);
      if (off.length) problems.push(file.at(`/agents/${i}`, "error", "E_SWEEP", `names ${t.length} agents, one per seat, but the sweep also plays ${off.join(", ")} players: name one agent for all seats, or play ${t.length} players only`));
    }
  }
  const sets = ruleSets(raw.rules as Raw[], file, folder, problems);
  const cellCount = sets.reduce((a, s) => a + s.count, 0) * players.length * tables.length;
  if (cellCount > maxCells) problems.push(file.at("/rules", "error", "E_SWEEP", `the sweep has ${cellCount.toLocaleString("en")} cells, more than the limit of ${maxCells.toLocaleString("en")}`));
  const shardsPerCell = Math.ceil(games / shard);
  if (cellCount * shardsPerCell > maxShards) problems.push(file.at("/games", "error", "E_SWEEP", `the sweep has ${(cellCount * shardsPerCell).toLocaleString("en")} shards, more than the limit of ${maxShards.toLocaleString("en")}: make shard: larger`));
  if (problems.length) return { plan: null, problems };
  const cells: Cell[] = [];
  const texts = new Map<string, string>();
  for (const set of sets) {
    for (const choice of set.choices()) {
      // checked and hashed only (workers compile what they play): the closures back end skips generating code
      const { value: loaded, files: read } = collectReads(() => loadComposition(choice.refs, undefined, { backend: "closures" }));
      if (!loaded.game) {
        const first = loaded.diagnostics.find((d) => d.severity === "error");
        problems.push(file.at(set.pointer, "error", "E_RULES", `${choice.label} cannot be played: ${first ? formatDiagnostic(first) : "it does not load"}`));
        continue;
      }
      const shipped = shippedFiles(read, texts);
      if (typeof shipped === "string") {
        problems.push(file.at(set.pointer, "error", "E_SWEEP", `${choice.label}: ${shipped}`));
        continue;
      }
      const wrong = choice.options ? optionProblems(loaded.game.options, choice.options) : [];
      if (wrong.length) {
        problems.push(file.at(`${set.pointer}/options`, "error", "E_SWEEP", `${choice.label}: ${wrong.map((w) => w.message).join("; ")}`));
        continue;
      }
      const range = loaded.game.players;
      const hash = rulesHash(loaded);
      for (const n of players) {
        for (const t of tables) {
          const names = Array.isArray(t) ? (t.length === 1 ? Array(n).fill(t[0]) : t) : Array(n).fill(t);
          const skipped = n < range.min || n > range.max ? `${loaded.game.name} is for ${range.min}–${range.max} players` : null;
          cells.push({ index: cells.length, id: loaded.game.id, scored: Boolean(loaded.game.outcome.scores), refs: choice.refs, label: choice.label, compose: choice.compose, ...(choice.options ? { options: choice.options } : {}), players: n, agents: names.map((name: string) => ({ name })), hash, files: shipped, skipped });
        }
      }
    }
  }
  if (problems.length) return { plan: null, problems };
  const bounds = { seconds: (raw["time-limit"] as number | undefined) ?? defaultBounds.seconds, megabytes: (raw["memory-limit"] as number | undefined) ?? defaultBounds.megabytes };
  const key = createHash("sha256")
    .update(JSON.stringify({ program, build, seed, games, shard, bounds, cells: cells.map((c) => [c.refs, c.hash, c.files, c.players, c.agents, c.skipped !== null, ...(c.options ? [c.options] : [])]) }))
    .digest("hex")
    .slice(0, 16);
  const shards: Shard[] = [];
  for (const c of cells) {
    if (c.skipped) continue;
    for (let from = 0; from < games; from += shard) shards.push({ id: `${key}-c${c.index}-g${from}`, cell: c.index, from, to: Math.min(games, from + shard) });
  }
  const name = typeof raw.name === "string" ? raw.name : shown;
  return { plan: { file: shown, name, seed, games, shard, bounds, program, build, key, cells, shards, texts, roots: [...host().ruleRoots], working: host().workingFolder }, problems: [] };
}

/**
 * The files a cell's rules were loaded from, by path and the hash of their text, each text kept once in `texts`;
 * or why they are more than a shard may ship (counted before anything is shipped).
 */
export function shippedFiles(read: ReadonlySet<string>, texts: Map<string, string>): [string, string][] | string {
  if (read.size > maxShippedFiles) return `the rules read ${read.size} files, more than the ${maxShippedFiles} a shard may ship`;
  const out: [string, string][] = [];
  let bytes = 0;
  for (const path of [...read].sort()) {
    const got = host().readFile(path, maxFileBytes);
    if ("error" in got) return `cannot read ${displayPath(path)} again: ${got.error}`;
    bytes += Buffer.byteLength(got.text);
    if (bytes > maxShippedBytes) return `the rules' files are more than the ${maxShippedBytes / 2 ** 20} MB a shard may ship`;
    const hash = textHash(got.text);
    texts.set(hash, got.text);
    out.push([path, hash]);
  }
  return out;
}

/** The name a text is kept under, on a queue and in a job: "sha256:" and the hex digest of its UTF-8 bytes. */
export function textHash(text: string): string {
  return `sha256:${createHash("sha256").update(text).digest("hex")}`;
}

interface Choice {
  refs: string[];
  label: string;
  compose: string[] | null;
  options?: Record<string, unknown>;
}

interface RuleSet {
  pointer: string;
  count: number;
  choices: () => Choice[];
}

/** The rule sets of the file, each with how many it makes (counted before they are listed). */
function ruleSets(list: Raw[], file: SourceFile, folder: string, problems: Diagnostic[]): RuleSet[] {
  const ref = (name: string) => (name.endsWith(".yaml") ? resolve(folder, name) : resolveReference(name));
  const out: RuleSet[] = [];
  list.forEach((r, i) => {
    const pointer = `/rules/${i}`;
    const id = r.id as string | undefined;
    const fragments = (r.with as string[] | undefined) ?? [];
    const cards = r.compose as string[] | undefined;
    const stacks = r.combinations as (string[] | { optional: string[] })[] | undefined;
    const given = [id !== undefined && "id", cards && "compose", stacks && !id && "combinations"].filter(Boolean);
    if (given.length !== 1) {
      problems.push(file.at(pointer, "error", "E_SWEEP", given.length ? `a rule set is one of id:, compose: or combinations:, not ${given.join(" and ")}` : "a rule set names its rules with id: (and with:), compose: or combinations:"));
      return;
    }
    // the options a rule set gives, copied into an object with no prototype, and said in its label
    const written = r.options as Record<string, unknown> | undefined;
    const options = written && Object.keys(written).length ? Object.assign(Object.create(null) as Record<string, unknown>, written) : undefined;
    const label = (l: string) => (options ? `${l} (${Object.entries(options).map(([k, v]) => `${k}=${String(v)}`).join(", ")})` : l);
    const withOptions = options ? { options } : {};
    if (!stacks) {
      const compose = cards ?? null;
      const names = cards ? [...cards, ...fragments] : [id!, ...fragments];
      out.push({ pointer, count: 1, choices: () => [{ refs: names.map(ref), label: label(labelOf(id, cards ? [...cards, ...fragments] : fragments)), compose: compose && [...compose, ...fragments], ...withOptions }] });
      return;
    }
    const picks = stacks.map((s) => (Array.isArray(s) ? s.map((x) => [x]) : [[], ...s.optional.map((x) => [x])]));
    const count = picks.reduce((a, o) => a * o.length, 1);
    out.push({
      pointer,
      count,
      choices: () => {
        let combos: string[][] = [[]];
        for (const o of picks) combos = combos.flatMap((c) => o.map((x) => [...c, ...x]));
        return combos.map((c) => {
          const names = id ? [...fragments, ...c] : [...c, ...fragments];
          return { refs: (id ? [id, ...names] : names).map(ref), label: label(labelOf(id, names)), compose: id ? null : names, ...withOptions };
        });
      },
    });
  });
  return out;
}

function labelOf(id: string | undefined, names: string[]): string {
  return id ? [id, ...names.map((n) => `+ ${n}`)].join(" ") : names.join(", ");
}

/** What a worker needs to play a cell's games: names only, rebuilt where it runs. */
export function specOf(plan: Pick<SweepPlan, "seed" | "bounds">, cell: Cell): RunSpec {
  return { refs: cell.refs, players: cell.players, seed: plan.seed, agents: cell.agents, bounds: plan.bounds, ...(cell.options ? { options: { ...cell.options } } : {}) };
}
