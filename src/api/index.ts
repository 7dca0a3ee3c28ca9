// houserules as a library: `import { loadRules } from "houserules"`. Load rules (by id, path or text, with
// fragments and compositions), play a game by the moves' text, read views and the whole state by name, run
// scenarios, simulate and compare. Problems are values with codes and places, as the command line prints them.
import { installNodeHost } from "../node/host.js";
import { compileRulesText, loadComposition, type LoadResult } from "../interpreter/load/load.js";
import { referenceFrom } from "../interpreter/load/catalog.js";
import { formatDiagnostic, sortDiagnostics, type Diagnostic } from "../interpreter/diagnostics.js";
import { runScenarioFile, runScenarioText as runText, type ScenarioResult as EngineScenarioResult } from "../scenario/scenario.js";
import { run as runGames } from "../sim/run-games.js";
import { compareSummaries, type Comparison } from "../sim/compare.js";
import type { Summary } from "../sim/simulate.js";
import type { AgentSpec } from "../sim/run-spec.js";
import { agentNames, defaultAgent, makeAgent } from "../agents/index.js";
import { programVersion } from "../node/package-root.js";
import { dirname, resolve } from "../interpreter/load/paths.js";
import { host, hostInstalled } from "../interpreter/load/host.js";
import { firstDifference, readTraceHeader, traceLines } from "../sim/trace.js";
import { explainRules } from "../explain/explain-rules.js";
import { rulebookText } from "../explain/render.js";
import { composition, compositionText } from "../interpreter/load/composition.js";
import { ruleCards } from "../interpreter/load/catalog.js";
import { table } from "../sim/text-table.js";
import type { Game as CompiledGame } from "../interpreter/model.js";
import { Game, type StartOptions } from "./game.js";

export { Game } from "./game.js";
export type { GameOutcome, MoveOption, MoveResult, NamedValue, NamedView, NamedZone, Refusal, StartOptions } from "./game.js";
export type { Diagnostic, Severity, Code } from "../interpreter/diagnostics.js";
export type { Summary, SeatSummary } from "../sim/simulate.js";
export type { Comparison, Difference } from "../sim/compare.js";
export { formatDiagnostic, codes } from "../interpreter/diagnostics.js";

// Rule files are read from the disk, with the working folder, the shipped rules and HOUSERULES_PATH, unless the
// program (the command line, with its --rules folders) installed a host of its own first.
if (!hostInstalled()) installNodeHost();

/** The package's version. */
export const version: string = programVersion();

/** The names of the agents simulate and playOut take (`random`, `greedy`, `sensible`, `mc`, `ismcts`; `mc:400` sets a budget). */
export { agentNames };

/** Rules that loaded: what Rules.start() plays. */
export class Rules {
  /** The compiled rules: for tools that need what this class does not name. */
  readonly compiled: CompiledGame;
  /** What was loaded: ids, paths or names as given, rules first, then fragments. */
  readonly refs: string[];
  /** Notices and warnings found while loading (no errors: rules with errors do not load). */
  readonly diagnostics: Diagnostic[];

  constructor(compiled: CompiledGame, refs: string[], diagnostics: Diagnostic[]) {
    this.compiled = compiled;
    this.refs = refs;
    this.diagnostics = diagnostics;
  }

  get id(): string {
    return this.compiled.id;
  }

  get name(): string {
    return this.compiled.name;
  }

  get players(): { min: number; max: number } {
    return { ...this.compiled.players };
  }

  /** Starts a game: `rules.start({ players: ["Ann", "Bob"], seed: 7 })`. Throws a RangeError the engine words for players or options the rules do not allow. */
  start(o: StartOptions): Game {
    return new Game(this.compiled, o);
  }
}

/** Rules that did not load: every problem, located, in `diagnostics`; the message lists the errors as `check` does. */
export class RulesError extends Error {
  constructor(readonly diagnostics: Diagnostic[]) {
    super(diagnostics.filter((d) => d.severity === "error").map(formatDiagnostic).join("\n") || "the rules did not load");
    this.name = "RulesError";
  }
}

export type LoadOutcome = { ok: true; rules: Rules; diagnostics: Diagnostic[] } | { ok: false; rules: null; diagnostics: Diagnostic[] };

export interface LoadOptions {
  /** The folder relative paths and rule files beside it are found from (default: the working folder). */
  base?: string;
}

/**
 * Loads rules and says how it went, never throwing for the rules' sake: `refs` is a rules id (`idiot`), a name as
 * printed (`Deal Eight`), a path (`./mine.yaml`), or a list of them — a base, then fragments or rule cards.
 */
export function load(refs: string | string[], o: LoadOptions = {}): LoadOutcome {
  const list = typeof refs === "string" ? [refs] : refs;
  if (list.length === 0) throw new RangeError("load takes at least one rules id, name or path");
  const base = o.base === undefined ? undefined : resolve(host().workingFolder, o.base);
  return outcome(loadComposition(list.map((r) => referenceFrom(r, base ?? host().workingFolder)), base), list);
}

/** Loads rules, or throws a RulesError with every problem. */
export function loadRules(refs: string | string[], o: LoadOptions = {}): Rules {
  const r = load(refs, o);
  if (!r.ok) throw new RulesError(r.diagnostics);
  return r.rules;
}

/** Loads one rule file from its text; `name` is the file name problems are reported at (default `rules.yaml`). */
export function loadRulesText(text: string, o: LoadOptions & { name?: string } = {}): Rules {
  const name = o.name ?? "rules.yaml";
  const base = resolve(host().workingFolder, o.base ?? ".");
  const r = outcome(compileRulesText(text, name, name.replace(/\.yaml$/, ""), base), [name]);
  if (!r.ok) throw new RulesError(r.diagnostics);
  return r.rules;
}

/** Every problem `houserules check` reports for these rules (errors, warnings and notices), sorted as it prints them. */
export function check(refs: string | string[], o: LoadOptions = {}): Diagnostic[] {
  return load(refs, o).diagnostics;
}

function outcome(loaded: LoadResult, refs: string[]): LoadOutcome {
  const diagnostics = sortDiagnostics(loaded.diagnostics);
  if (!loaded.game || diagnostics.some((d) => d.severity === "error")) return { ok: false, rules: null, diagnostics };
  return { ok: true, rules: new Rules(loaded.game, refs, diagnostics), diagnostics };
}

export interface ScenarioResult {
  file: string;
  name: string;
  passed: boolean;
  /** Each failure located in the scenario file (E_REFUSED, E_EXPECT, ...); `formatDiagnostic` prints it as `houserules test` does. */
  failures: Diagnostic[];
}

function scenarioResult(r: EngineScenarioResult): ScenarioResult {
  return { file: r.file, name: r.name, passed: r.passed, failures: r.failures };
}

/** Runs a scenario file (the format of docs/scenarios.md); a relative `file` is found from `base` (default: the working folder). */
export function runScenario(file: string, o: LoadOptions = {}): ScenarioResult {
  return scenarioResult(runScenarioFile(o.base === undefined ? file : resolve(resolve(host().workingFolder, o.base), file)));
}

/** Runs a scenario from its text; `name` is where failures are reported, `base` where its rules are found from. */
export function runScenarioText(text: string, o: { name?: string; base?: string } = {}): ScenarioResult {
  const name = o.name ?? "scenario.yaml";
  const base = resolve(host().workingFolder, o.base ?? dirname(resolve(host().workingFolder, name)));
  return scenarioResult(runText(text, name, base));
}

export interface SimulateOptions {
  games?: number; // default 100
  players?: number; // default: the fewest the rules allow, at least 2 where they allow it
  seed?: number | string; // default 1: the same seed gives the same games, byte for byte
  /**
   * One agent for every seat, or one per seat: random, greedy, sensible, mc, ismcts (with a budget: mc:400).
   * Default sensible, the measuring agent.
   */
  agents?: string | string[];
  options?: Record<string, unknown>;
  /** Worker threads (0: this thread; default 0). The summary is the same whatever the count. */
  workers?: number;
  /** The most seconds one game may take (default 600). */
  seconds?: number;
  onProgress?: (done: number) => void;
}

/**
 * The players (default: the fewest the rules allow, at least 2 where they allow it) and one agent name per seat
 * (default `fallback`: the measuring agent for simulate and compare, random for a trace).
 */
function seatsOf(game: CompiledGame, o: { players?: number; agents?: string | string[] }, fallback: string): { players: number; agents: string[] } {
  const players = o.players ?? Math.max(game.players.min, Math.min(2, game.players.max));
  const agents = typeof o.agents === "string" || o.agents === undefined ? Array<string>(players).fill(o.agents ?? fallback) : o.agents;
  if (agents.length !== players) throw new RangeError(`give one agent or ${players}, not ${agents.length}`);
  return { players, agents };
}

/** Plays seeded games with agents and gives the statistics `houserules simulate --json` prints. */
export async function simulate(rules: Rules | string | string[], o: SimulateOptions = {}): Promise<Summary> {
  const r = rules instanceof Rules ? rules : loadRules(rules);
  const game = r.compiled;
  const players = o.players ?? Math.max(game.players.min, Math.min(2, game.players.max));
  if (!Number.isInteger(players) || players < game.players.min || players > game.players.max) throw new RangeError(`${game.name} is for ${game.players.min}–${game.players.max} players, not ${players}`);
  const games = o.games ?? 100;
  if (!Number.isInteger(games) || games < 1) throw new RangeError(`games must be a whole number from 1, not ${games}`);
  const names = seatsOf(game, o, defaultAgent).agents;
  for (const n of names) if (!makeAgent(n)) throw new RangeError(`there is no agent called '${n}' (agents: ${agentNames().join(", ")})`);
  const agents: AgentSpec[] = names.map((name) => ({ name }));
  const spec = { refs: r.refs, players, seed: o.seed ?? 1, agents, options: o.options, bounds: { seconds: o.seconds ?? 600, megabytes: 2048 } };
  return (await runGames(game, spec, games, o.workers ?? 0, o.onProgress ?? (() => {}))).summary;
}

/** Plays two rule sets with the same seeds, players and agents, and gives their differences with p-values. */
export async function compare(a: Rules | string | string[], b: Rules | string | string[], o: SimulateOptions = {}): Promise<Comparison> {
  const [x, y] = [await simulate(a, o), await simulate(b, o)];
  return compareSummaries(x, y);
}

export interface TraceOptions extends LoadOptions {
  players?: number; // default: as simulate chooses
  seed?: number | string; // default 1
  /** One agent for every seat, or one per seat (default random). */
  agents?: string | string[];
  /** Stop after this many moves (default: the whole game). */
  maxMoves?: number;
}

/** The golden trace `houserules trace` writes: every event, each seat's view as it changes, the legal moves, the result. */
export function trace(rules: Rules | string | string[], o: TraceOptions = {}): string {
  const r = rules instanceof Rules ? rules : loadRules(rules, o);
  const { players, agents } = seatsOf(r.compiled, o, "random");
  return traceLines(r.compiled, { rules: r.refs, players, seed: o.seed ?? 1, agents, ...(o.maxMoves === undefined ? {} : { maxMoves: o.maxMoves }) }).join("\n") + "\n";
}

/**
 * A trace played again: the same, or where it stops being so. `line` is 1-based; at a difference `trace` and
 * `now` are the two versions of that line (null past the end of one). Rules that no longer load give their
 * problems in `diagnostics`.
 */
export type TraceCheck =
  | { ok: true; lines: number }
  | { ok: false; line: number; message: string; trace: string | null; now: string | null; diagnostics: Diagnostic[] };

/** `base` is the folder relative paths in the trace's `rules:` are found from: the trace file's own (default: the working folder). */
export function checkTrace(text: string, o: LoadOptions = {}): TraceCheck {
  const lines = text.endsWith("\n") ? text.slice(0, -1).split("\n") : text.split("\n");
  const failed = (line: number, message: string, diagnostics: Diagnostic[] = []): TraceCheck => ({ ok: false, line, message, trace: null, now: null, diagnostics });
  const spec = readTraceHeader(lines);
  if ("message" in spec) return failed(spec.line, spec.message);
  const loaded = load(spec.rules, o);
  if (!loaded.ok) return failed(2, "its rules do not load", loaded.diagnostics.filter((d) => d.severity === "error"));
  const game = loaded.rules.compiled;
  if (spec.players < game.players.min || spec.players > game.players.max) return failed(3, `${game.name} is for ${game.players.min}–${game.players.max} players now, not ${spec.players}`);
  let now: string[];
  try {
    now = traceLines(game, spec);
  } catch (e) {
    return failed(5, (e as Error).message);
  }
  const d = firstDifference(lines, now);
  if (!d) return { ok: true, lines: lines.length };
  return { ok: false, line: d.line, message: "play differs", trace: d.expected, now: d.actual, diagnostics: [] };
}

/** A failed check as `houserules trace --check` prints it: `FILE:LINE: play differs` with both versions, or the error. */
export function formatTraceCheck(file: string, r: TraceCheck & { ok: false }): string {
  if (r.message !== "play differs") return [`${file}:${r.line}: error: ${r.message}`, ...r.diagnostics.map(formatDiagnostic)].join("\n");
  return `${file}:${r.line}: play differs\n    trace: ${r.trace ?? "(the trace ends here)"}\n    now:   ${r.now ?? "(the game ends here)"}`;
}

/** The rulebook `houserules explain` writes, or null with the errors that keep the rules from loading. */
export function explain(refs: string | string[], o: LoadOptions = {}): { text: string | null; errors: Diagnostic[] } {
  const { book, errors } = explainRules(typeof refs === "string" ? [refs] : refs, o.base === undefined ? undefined : resolve(host().workingFolder, o.base));
  return { text: book && rulebookText(book), errors };
}

export interface Composed {
  ok: boolean;
  /** The id of the base the cards are composed onto, if one was found. */
  base: string | null;
  /** The round as `houserules compose` prints it (only its problems when it does not compose). */
  text: string;
  /** Each part of the base and the cards (names as printed) and ids that fill it. */
  parts: { part: string; type: string; cards: string[]; ids: string[] }[];
  twists: string[];
  /** The names given that name no rule file. */
  unknown: string[];
  problems: Diagnostic[];
  players: { min: number; max: number } | null;
  /** Why the player count asked for does not fit, if it does not. */
  playersProblem: string | null;
}

/** Composes rule cards (names as printed, ids or paths) onto their base, as `houserules compose` does. */
export function compose(cards: string[], o: LoadOptions & { players?: number } = {}): Composed {
  const c = composition(cards, o.players, o.base === undefined ? undefined : resolve(host().workingFolder, o.base));
  return {
    ok: c.ok,
    base: c.base?.id ?? null,
    text: compositionText(c, table),
    parts: c.parts.map((p) => ({ part: p.part, type: p.type, cards: p.cards, ids: p.ids })),
    twists: c.twists.map((t) => t.id),
    unknown: c.unknown,
    problems: c.problems,
    players: c.players,
    playersProblem: c.playersProblem,
  };
}

export interface RuleCard {
  id: string;
  name: string;
  type: string;
  markers: string[];
  /** How its effect is known: from the rulebook, an interpretation, or a house rule. */
  known: string | null;
  text: string;
}

/** Every rule card `houserules cards` lists: the shipped ones and those in your rule folders. */
export function cards(): RuleCard[] {
  return ruleCards().map((e) => ({ id: e.id, name: e.name, type: e.type!, markers: [...e.markers], known: e.known ?? null, text: e.text }));
}
