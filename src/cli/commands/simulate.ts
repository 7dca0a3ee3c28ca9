// houserules simulate: many games with agents in every seat, and what happened.
import { readArgs, intFlag } from "../args.js";
import { UsageError, type IO } from "../io.js";
import { loadComposition, loadRules } from "../../interpreter/load/load.js";
import { preset, presetNames, resolveReference } from "../../interpreter/load/catalog.js";
import { splitNames } from "./compose.js";
import { shippedRules } from "../../interpreter/load/resolve.js";
import type { Game } from "../../interpreter/model.js";
import { formatDiagnostic } from "../../interpreter/diagnostics.js";
import { agentNames, makeAgent } from "../../agents/index.js";
import { withReaction, type Agent } from "../../agents/agent.js";
import { simulate, type Summary } from "../../sim/simulate.js";
import { Progress } from "../progress.js";
import { table } from "../table.js";

export const simulateHelp = `Usage: houserules simulate <id> [--with <fragment id>]... [--players N] [--games G] [--seed S] [--agents a,b,...] [--json]
       houserules simulate --compose "Deal Eight, Take Lots of Tricks, Crazy Eights, Whist" [...]
       houserules simulate --preset "Black Maria" [...]
       houserules simulate --all [--games G]

Plays G games of the rules with an agent in every seat and prints what happened: games finished, the
average and spread of game length (in moves), and wins and losses by seat with a 95% interval.
The same seed gives the same output, byte for byte.

Options:
  --with F      compose fragment F onto the rules (repeatable): a variant
  --compose L   play rules composed from cards named as printed, comma-separated
  --preset P    play the cards of a named preset (Opening Hands, President, Winning Whist, Black Maria)
  --players N   number of players (default: 4, or the nearest count the rules allow)
  --games G     number of games (default 1000; 200 each with --all)
  --seed S      seed of the run (default 1); game i is played with seed "S:i"
  --agents L    comma-separated agent per seat (${agentNames().join(", ")}); default random for every seat
  --reaction R  in real-time games, each seat's reaction time in seconds: MEAN or MEAN:SPREAD,
                comma-separated per seat (default 0.8:0.25 for every agent)
  --check       check after every move that each card is in exactly one zone
  --json        print one JSON object: games, finished, moves, wins per seat, and more
  --all         simulate every shipped game and print one table
  -h, --help    this text

Exit status: 0 when every game finished, 1 when some did not, 2 for bad usage.
`;

export function defaultPlayers(game: Game): number {
  return Math.min(game.players.max, Math.max(game.players.min, 4));
}

export async function simulateCommand(argv: string[], io: IO): Promise<number> {
  const { values, positionals } = readArgs(argv, {
    players: { type: "string" }, games: { type: "string" }, seed: { type: "string" }, agents: { type: "string" },
    json: { type: "boolean" }, all: { type: "boolean" }, check: { type: "boolean" }, with: { type: "string", multiple: true },
    compose: { type: "string" }, preset: { type: "string" }, reaction: { type: "string" },
  });
  if (values.help) {
    io.out(simulateHelp);
    return 0;
  }
  const seed = typeof values.seed === "string" ? (/^\d+$/.test(values.seed) ? Number(values.seed) : values.seed) : 1;
  if (values.all) return simulateAll(io, intFlag(values.games, "games", 200), seed, Boolean(values.json));
  const refs = rulesToLoad(positionals, values);
  const loaded = loadComposition(refs);
  if (!loaded.game) {
    for (const d of loaded.diagnostics.filter((d) => d.severity === "error")) io.err(formatDiagnostic(d) + "\n");
    return 1;
  }
  const game = loaded.game;
  const players = intFlag(values.players, "players", defaultPlayers(game));
  if (players < game.players.min || players > game.players.max) {
    throw new UsageError(`${game.name} is for ${game.players.min}–${game.players.max} players, not ${players}`);
  }
  const games = intFlag(values.games, "games", 1000);
  const agents = withReactions(parseAgents(values.agents as string | undefined, players), values.reaction as string | undefined);
  const progress = new Progress(io, `${game.id}`, games);
  const summary = simulate(game, { players, games, seed, agents, checkConservation: Boolean(values.check), onProgress: (d) => progress.update(d) });
  progress.finish();
  if (values.json) io.out(JSON.stringify(summary, null, 2) + "\n");
  else io.out(describe(summary));
  return summary.unfinished === 0 ? 0 : 1;
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

/** The rules of a run: an id with --with fragments, or --compose cards, or a --preset. */
export function rulesToLoad(positionals: string[], values: Record<string, unknown>): string[] {
  const fragments = withList(values.with);
  if (typeof values.preset === "string") {
    if (positionals.length) throw new UsageError("give either a rules id or --preset");
    const found = preset(values.preset);
    if (!found) throw new UsageError(`no preset called '${values.preset}' (presets: ${presetNames().join(", ")})`);
    return [...found.ids, ...fragments];
  }
  if (typeof values.compose === "string") {
    if (positionals.length) throw new UsageError("give either a rules id or --compose");
    return [...splitNames([values.compose]).map(resolveReference), ...fragments];
  }
  if (positionals.length !== 1) throw new UsageError("simulate takes one rules id (or --compose, --preset or --all)");
  return [positionals[0], ...fragments];
}

/** --with may be given several times, or with comma-separated ids. */
export function withList(value: unknown): string[] {
  const list = Array.isArray(value) ? value : typeof value === "string" ? [value] : [];
  return list.flatMap((v) => String(v).split(",")).map((v) => v.trim()).filter(Boolean);
}

export function parseAgents(list: string | undefined, players: number): Agent[] {
  const names = list ? list.split(",").map((x) => x.trim()) : [];
  if (names.length > players) throw new UsageError(`--agents names ${names.length} agents for ${players} players`);
  return Array.from({ length: players }, (_, i) => {
    const name = names[i] ?? names[names.length - 1] ?? "random";
    const agent = makeAgent(name);
    if (!agent) throw new UsageError(`unknown agent '${name}' (agents: ${agentNames().join(", ")})`);
    return agent;
  });
}

function describe(s: Summary): string {
  const lines: string[] = [];
  lines.push(`${s.rules}: ${s.games} games, ${s.players} players, seed ${s.seed}`);
  lines.push(`finished ${s.finished} of ${s.games}${s.unfinished ? ` (${s.unfinished} did not finish)` : ""}; ${s.ties} with shared wins`);
  lines.push(`game length: mean ${s.length.mean} moves, sd ${s.length.sd}, min ${s.length.min}, median ${s.length.median}, max ${s.length.max}; ${s.moves} moves in all`);
  lines.push("");
  lines.push(table(["seat", "agent", "wins", "win rate", "95% interval", "losses"], s.seats.map((x) => [
    `P${x.seat}`, x.agent, x.wins, pct(x.winRate), `${pct(x.winRate95[0])}–${pct(x.winRate95[1])}`, x.losses,
  ])).trimEnd());
  for (const p of s.problems) lines.push(`problem in ${p.games} game(s), first with seed ${p.firstSeed}: ${p.message}`);
  return lines.join("\n") + "\n";
}

function pct(x: number): string {
  return `${(x * 100).toFixed(1)}%`;
}

async function simulateAll(io: IO, games: number, seed: number | string, json: boolean): Promise<number> {
  const rows: (string | number)[][] = [];
  const results: Summary[] = [];
  let ok = true;
  for (const id of shippedRules()) {
    const loaded = loadRules(id);
    if (!loaded.game) continue; // fragments are simulated on their base
    const game = loaded.game;
    const players = defaultPlayers(game);
    const agents = parseAgents(undefined, players);
    const progress = new Progress(io, id, games);
    const started = performance.now();
    const s = simulate(game, { players, games, seed, agents, onProgress: (d) => progress.update(d) });
    const ms = performance.now() - started;
    progress.finish();
    results.push(s);
    if (s.unfinished) ok = false;
    rows.push([id, players, s.games, s.finished, s.length.mean, s.length.sd, s.length.max, `${Math.round((s.games / ms) * 1000)}`]);
  }
  if (json) io.out(JSON.stringify({ results }, null, 2) + "\n");
  else io.out(table(["rules", "players", "games", "finished", "mean moves", "sd", "max", "games/s"], rows));
  return ok ? 0 : 1;
}
