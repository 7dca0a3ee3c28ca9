// houserules replay: play a saved game again and say whether it is the same game, event for event; or play one
// game of a simulation again from its seed alone and print it.
import { statSync } from "node:fs";
import { boundedLines } from "../../node/lines.js";
import { readArgs } from "../args.js";
import { UsageError, type IO } from "../io.js";
import { loadComposition } from "../../interpreter/load/load.js";
import { host } from "../../interpreter/load/host.js";
import { formatDiagnostic } from "../../interpreter/diagnostics.js";
import { describeEvent } from "../../interpreter/events.js";
import { Replayer, type LoadForReplay } from "../../sim/game-log.js";
import { playGame, seatNames } from "../../sim/play-game.js";
import { agentsOfSpec } from "../../sim/run-spec.js";
import { agentSpecs, loadOrReport, optionFlag, optionHelp, optionsOf, playersOf, startFrom } from "../game-options.js";
import { rulesToLoad } from "../rules-args.js";
import { programVersion, rulesHash } from "../../node/rules-hash.js";

/** The longest line a log may have, in bytes: a game's line (its header, a move) is far shorter. */
export const maxLogLineBytes = 4 * 1024 * 1024;

export const replayHelp = `Usage: houserules replay <log file>
       houserules replay <id> --seed S [--with <fragment id>]... [--compose "Card, Card"] [--add-card FILE] [--players N] [--agents a,b,...] [--option NAME=VALUE]...

With a log file (written by simulate --log or play --log): plays every game in it again, move for move, and
compares each move's events with the log. It prints one line per game and exits 0 when every game is the same;
a log that is cut off, edited, or written with other rules or another version of houserules is refused with
  file:line: error: where and how it diverges
A line longer than ${maxLogLineBytes / 1024 / 1024} MB is refused the same way, before it is read whole.

With rules and --seed: plays the one game of a simulation that has that seed ("first with seed 1:5" in a
simulation's problems), with the same agents, and prints it event by event as the rules saw it.

Options:
  --seed S       the game's seed, as a simulation prints it (1:5 is game 5 of the run with seed 1)
  --players N    as given to simulate (default: as simulate chooses)
  --agents LIST  as given to simulate (default sensible, as simulate)
  --with, --compose, --preset  the rules, as given to simulate
${optionHelp}
  --trust-log-paths  load the rule files a log names by a path outside the working folder and the rule
                 folders (without it such a log is refused: a log names its rules as the command line does)
  -h, --help     this text

Exit status: 0 when the game (or every game of the log) is the same, 1 when not, 2 for bad usage.
`;

export async function replayCommand(argv: string[], io: IO): Promise<number> {
  const { values, positionals } = readArgs(argv, {
    seed: { type: "string" }, players: { type: "string" }, agents: { type: "string" }, with: { type: "string", multiple: true },
    compose: { type: "string" }, preset: { type: "string" }, "add-card": { type: "string", multiple: true }, "trust-log-paths": { type: "boolean" }, ...optionFlag,
  });
  if (values.help) {
    io.out(replayHelp);
    return 0;
  }
  if (values.seed !== undefined) return replaySeed(positionals, values, io);
  if (positionals.length !== 1) throw new UsageError("replay takes one log file, or rules and --seed");
  return replayLog(positionals[0], io, Boolean(values["trust-log-paths"]));
}

/**
 * Loads the rules a log names, with the hash of their files, as the log's header was written. A log is
 * untrusted: its rules are found as the command line's are (ids, the rule folders, .yaml files under the working
 * folder), never at any path it names, unless the user trusts its paths.
 */
const loadForReplay = (trustPaths: boolean): LoadForReplay => (refs) => {
  const loaded = loadComposition(refs, trustPaths ? undefined : host().workingFolder);
  if (loaded.game) return { game: loaded.game, hash: rulesHash(loaded) };
  const first = loaded.diagnostics.find((d) => d.severity === "error");
  if (!first) return "they do not load";
  const hint = first.code === "E_PATH" && !trustPaths ? `; a log's rules are found as the command line's are (ids, the rule folders, files under the working folder): run replay from the folder that holds them, or pass --trust-log-paths to load the path the log names` : "";
  return formatDiagnostic(first) + hint;
};

async function replayLog(file: string, io: IO, trustPaths: boolean): Promise<number> {
  let stat;
  try {
    stat = statSync(file);
  } catch {
    throw new UsageError(`no such file: ${file}`);
  }
  if (!stat.isFile()) throw new UsageError(`${file} is not a regular file`);
  const replayer = new Replayer(loadForReplay(trustPaths), programVersion());
  let n = 0;
  let shown = 0;
  const report = () => {
    for (; shown < replayer.done.length; shown++) {
      const g = replayer.done[shown];
      io.out(`game ${g.game} (seed ${g.seed}): ${g.moves} moves, ${g.events} events, the same\n`);
    }
  };
  for await (const read of boundedLines(file, maxLogLineBytes)) {
    n = read.line;
    const refused = "tooLong" in read ? `the line is longer than the limit of ${maxLogLineBytes.toLocaleString("en")} bytes: this is not a log houserules wrote` : replayer.feed(read.text, n);
    report();
    if (refused) {
      io.err(`${file}:${n}: error: ${refused}\n`);
      return 1;
    }
  }
  const cut = replayer.finish(n);
  if (cut) {
    io.err(`${file}:${cut.line}: error: ${cut.message}\n`);
    return 1;
  }
  const events = replayer.done.reduce((sum, g) => sum + g.events, 0);
  io.out(`${replayer.done.length} game${replayer.done.length === 1 ? "" : "s"} replayed: every one the same, event for event (${events.toLocaleString("en")} events)\n`);
  return 0;
}

/** Plays the game of a simulation with this seed, as the simulator played it, and prints every event. */
function replaySeed(positionals: string[], values: Record<string, unknown>, io: IO): number {
  const seed = String(values.seed);
  if (seed === "") throw new UsageError("--seed takes the seed of a game, as a simulation prints it (1:5)");
  const loaded = loadOrReport(rulesToLoad(positionals, values, "replay", "--compose or --preset", true), io);
  if (!loaded) return 1;
  const game = loaded.game;
  const players = playersOf(values, game);
  const agents = agentsOfSpec(agentSpecs(values.agents as string | undefined, players, undefined));
  io.out(`${game.name} — ${players} players (${seatNames(players).map((n, i) => `${n}: ${agents[i].name}`).join(", ")}), seed ${seed}\n`);
  const preset = typeof values.preset === "string" && positionals.length === 1 ? startFrom(game, values.preset, players, seed.replace(/:\d+$/, "")) : undefined;
  const options = optionsOf(values, game, preset);
  const r = playGame(game, { players, seed, agents, options, log: true, watch: (st, e) => io.out(describeEvent(st, e) + "\n") });
  const s = r.state;
  const names = (ps: number[] | undefined) => (ps ?? []).map((p) => s.names[p]).join(", ") || "nobody";
  if (r.error) io.out(`stopped after ${r.moves} moves: ${r.error}\n`);
  else if (!r.finished) io.out(`unfinished after ${r.moves} moves\n`);
  else io.out(`over after ${r.moves} moves: ${names(s.result?.winners)} won\n`);
  return r.finished ? 0 : 1;
}
