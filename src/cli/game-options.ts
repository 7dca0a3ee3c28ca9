// The options of the commands that play games (simulate, play, replay, compare), read one way for all of them:
// the rules loaded or their errors, the seed, the number of players, the agents of the seats and their reaction times, the bounds of a game, a
// match started from a preset, and the files a command writes.
import { existsSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { UsageError, type IO } from "./io.js";
import { intFlag } from "./args.js";
import { loadComposition, type LoadResult } from "../interpreter/load/load.js";
import { formatDiagnostic } from "../interpreter/diagnostics.js";
import type { Game } from "../interpreter/model.js";
import { agentNames, defaultAgent, makeAgent, maxAgentBudget } from "../agents/index.js";
import { withReaction, type Agent } from "../agents/agent.js";
import { defaultBounds, type Bounds } from "../sim/budget.js";
import type { AgentSpec } from "../sim/run-spec.js";
import { startingCombination, startProblem } from "../sim/starting-combination.js";
import { seatNames } from "../sim/play-game.js";
import { optionsFromPairs } from "../interpreter/options.js";
import { teamCount } from "../interpreter/teams.js";

/** --option NAME=VALUE, repeatable: a value for an option the rules declare. */
export const optionFlag = { option: { type: "string" as const, multiple: true as const } };

/** The help line of --option, for every command that takes it. */
export const optionHelp = "  --option NAME=VALUE  a value for an option the rules declare (repeatable): a number, true or false,\n                 or text, as the option's default is";

/**
 * The options given with --option, read as the options' defaults are (a number, true or false, text) and
 * checked against what the rules declare: an unknown name or a value out of range is bad usage, said before any
 * game is played. `base` holds options set otherwise (a preset's), which --option overrides.
 */
export function optionsOf(values: Record<string, unknown>, game: Game, base?: Record<string, unknown>): Record<string, unknown> | undefined {
  const given = (values.option as string[] | undefined) ?? [];
  if (given.length === 0) return base;
  for (const text of given) if (text.indexOf("=") <= 0) throw new UsageError(`--option takes NAME=VALUE, as in --option handSize=5, not '${text}'`);
  const { options, problems } = optionsFromPairs(given, game.options, base);
  if (problems.length) throw new UsageError(problems.join("; "));
  return options;
}

/** A seed as given: digits are a number while a number holds them exactly, else the text, so no two collide. */
export function seedOf(text: unknown): number | string {
  if (typeof text !== "string") return 1;
  return /^\d+$/.test(text) && Number.isSafeInteger(Number(text)) ? Number(text) : text;
}

export function defaultPlayers(game: Game): number {
  return Math.min(game.players.max, Math.max(game.players.min, 4));
}

/** --players: a count the rules allow; 4, or the nearest count they allow, when it is not given. */
export function playersOf(values: Record<string, unknown>, game: Game): number {
  const players = intFlag(values.players as string | undefined, "players", defaultPlayers(game));
  if (players < game.players.min || players > game.players.max) throw new UsageError(`${game.name} is for ${game.players.min}–${game.players.max} players, not ${players}`);
  const teams = game.teams ? teamCount(game.teams, players) : 0;
  if (typeof teams === "string") throw new UsageError(`${game.name} is played in teams, and ${teams}`);
  return players;
}

/** The rules a command plays, loaded; when they do not load, their errors printed as check prints them, and null. */
export function loadOrReport(refs: string[], io: IO): (LoadResult & { game: Game }) | null {
  const loaded = loadComposition(refs);
  if (loaded.game) return loaded as LoadResult & { game: Game };
  for (const d of loaded.diagnostics.filter((d) => d.severity === "error")) io.err(formatDiagnostic(d) + "\n");
  return null;
}

/**
 * Writes a --report file with `write` (which gives the path written) and says so: on standard error when the
 * standard output is JSON. Gives the exit status: 1, with the reason, when the file cannot be written.
 */
export function reportWritten(io: IO, command: string, file: string, json: boolean, write: () => string): number {
  let path: string;
  try {
    path = write();
  } catch (e) {
    io.err(`houserules ${command}: cannot write the report to ${file}: ${(e as Error).message}\n`);
    return 1;
  }
  (json ? io.err : io.out)(`report written to ${path}\n`);
  return 0;
}

/** A file a command writes (--log F, --report F): a name, in a folder that exists, checked before any game is played. */
export function outputFile(values: Record<string, unknown>, flag: string): string | undefined {
  const file = values[flag];
  if (file === undefined) return undefined;
  if (typeof file !== "string" || file === "") throw new UsageError(`--${flag} takes a file name`);
  if (!existsSync(dirname(resolve(file)))) throw new UsageError(`--${flag} ${file}: there is no folder ${dirname(resolve(file))}`);
  return file;
}

/** The options that start a match from a preset, checked against its first round (a usage error if it cannot). */
export function startFrom(game: Game, name: string, players: number, seed: number | string): Record<string, unknown> {
  const combination = startingCombination(game, name);
  if ("problem" in combination) throw new UsageError(combination.problem);
  const problem = startProblem(game, seatNames(players), `${seed}:0`, combination.options);
  if (problem) throw new UsageError(`--preset "${name}": ${problem}`);
  return combination.options;
}

/** --time-limit and --memory-limit: the bounds of each game, which only the user may raise. */
export function boundsOf(values: Record<string, unknown>): Bounds {
  const number = (flag: string, fallback: number) => {
    const v = values[flag];
    if (v === undefined) return fallback;
    const n = Number(v);
    if (!(typeof v === "string" && n > 0 && Number.isFinite(n))) throw new UsageError(`--${flag} takes a positive number, not '${String(v)}'`);
    return n;
  };
  return { seconds: number("time-limit", defaultBounds.seconds), megabytes: number("memory-limit", defaultBounds.megabytes) };
}

/** The agent of every seat by name, with its reaction time where --reaction gives one (checked here). */
export function agentSpecs(list: string | undefined, players: number, reaction: string | undefined): AgentSpec[] {
  const agents = withReactions(parseAgents(list, players), reaction);
  const names = list ? list.split(",").map((x) => x.trim()) : [];
  return agents.map((agent, i) => {
    const name = names[i] ?? names[names.length - 1] ?? defaultAgent;
    return reaction ? { name, reaction: agent.reaction } : { name };
  });
}

/** --reaction 0.8:0.25,0.5 gives each seat's agent its mean (and spread) of reaction times in real-time play. */
export function withReactions(agents: Agent[], spec: string | undefined): Agent[] {
  if (!spec) return agents;
  const parts = spec.split(",").map((x) => x.trim());
  return agents.map((agent, i) => {
    const part = parts[Math.min(i, parts.length - 1)];
    const [mean, spread] = part.split(":").map(Number);
    if (!(mean > 0) || (spread !== undefined && !(spread >= 0))) throw new UsageError(`--reaction takes seconds as MEAN or MEAN:SPREAD, not '${part}'`);
    return withReaction(agent, mean, spread ?? mean * 0.3);
  });
}

/** The agent of every seat by name; `fallback` for seats when none is named (the measuring agent unless told). */
export function parseAgents(list: string | undefined, players: number, fallback: string = defaultAgent): Agent[] {
  const names = list ? list.split(",").map((x) => x.trim()) : [];
  if (names.length > players) throw new UsageError(`--agents names ${names.length} agents for ${players} players`);
  if (names.length > 1 && names.length < players) throw new UsageError(`--agents names ${names.length} agents for ${players} players: name one for every seat, or one for all`);
  return Array.from({ length: players }, (_, i) => {
    const name = names[i] ?? names[names.length - 1] ?? fallback;
    const agent = makeAgent(name);
    const budget = name.split(":")[1];
    if (!agent && budget !== undefined && agentNames().includes(name.split(":")[0])) {
      throw new UsageError(`the budget of '${name}' is a whole number from 1 to ${maxAgentBudget.toLocaleString("en")}`);
    }
    if (!agent) throw new UsageError(`unknown agent '${name}' (agents: ${agentNames().join(", ")})`);
    return agent;
  });
}
