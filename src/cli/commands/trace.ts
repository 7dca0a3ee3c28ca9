// houserules trace: write a golden trace of one seeded game, or check one against the rules as they are now.
import { readFileSync, statSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { rebaseReference } from "../../interpreter/load/resolve.js";
import { ruleFoldersOption } from "../rule-folders.js";
import { readArgs, intFlag } from "../args.js";
import { UsageError, type IO } from "../io.js";
import { loadOrReport, outputFile, playersOf, seedOf } from "../game-options.js";
import { rulesToLoad } from "../rules-args.js";
import { traceLines, type TraceSpec } from "../../sim/trace.js";
import { checkTrace, formatTraceCheck } from "../../api/index.js";
import { formatDiagnostic } from "../../interpreter/diagnostics.js";

/** The largest trace --check reads: a trace is text a person reviews, not a data set. */
export const maxTraceBytes = 64 * 1024 * 1024;

export const traceHelp = `Usage: houserules trace <rules> --seed S [--players N] [--agents a,b,...] [--max-moves M] [--out FILE]
       houserules trace --check FILE...

Writes one seeded game as plain text: every event, each player's view as it changes (## for a card that
player cannot see), the legal moves at every decision, and the result, with zones, cards and players named.
Keep traces beside your rules and diff them in review: an edit that does not change play (a comment, a
summary) leaves the trace as it was; one that does shows where.

With --check: plays each trace's game again from its header and reports the first line where play differs,
  FILE:LINE: play differs
    trace: <the line in the file>
    now:   <the line the rules give now>

Options:
  --seed S       the game's seed (default 1)
  --players N    players (default: as simulate chooses)
  --agents LIST  one agent, or one per seat: random, greedy, mc:N, ismcts:N (default random)
  --max-moves M  stop the trace after M moves (default: the whole game)
  --with, --compose, --preset, --add-card  the rules, as simulate takes them
  --out FILE     write the trace to FILE (default: standard output)
${ruleFoldersOption(15)}
  -h, --help     this text

Exit status: 0 when written or when every trace checks, 1 when one differs or cannot be read, 2 for bad usage.
`;

export async function traceCommand(argv: string[], io: IO): Promise<number> {
  const { values, positionals } = readArgs(argv, {
    seed: { type: "string" }, players: { type: "string" }, agents: { type: "string" }, "max-moves": { type: "string" }, out: { type: "string" },
    check: { type: "boolean" }, with: { type: "string", multiple: true }, compose: { type: "string" }, preset: { type: "string" }, "add-card": { type: "string", multiple: true },
  });
  if (values.help) {
    io.out(traceHelp);
    return 0;
  }
  if (values.check) {
    if (positionals.length === 0) throw new UsageError("trace --check takes the trace files to check");
    let code = 0;
    for (const file of positionals) code = Math.max(code, checkTraceFile(file, io));
    return code;
  }
  const refs = rulesToLoad(positionals, values, "trace");
  const loaded = loadOrReport(refs, io);
  if (!loaded) return 1;
  const players = playersOf(values, loaded.game);
  const list = ((values.agents as string | undefined) ?? "random").split(",").map((a) => a.trim());
  const agents = list.length === 1 ? Array(players).fill(list[0]) : list;
  if (agents.length !== players) throw new UsageError(`--agents takes one agent or ${players}, not ${agents.length}`);
  const out = outputFile(values, "out");
  // a trace written to a file names its rules from its own folder, where --check finds them
  const named = typeof out === "string" ? refs.map((r) => rebaseReference(r, process.cwd(), dirname(resolve(out)))) : refs;
  const spec: TraceSpec = { rules: named, players, seed: seedOf(values.seed), agents, ...(values["max-moves"] === undefined ? {} : { maxMoves: intFlag(values["max-moves"], "max-moves", 0, 1, 1_000_000) }) };
  let lines: string[];
  try {
    lines = traceLines(loaded.game, spec);
  } catch (e) {
    if (e instanceof RangeError) throw new UsageError(e.message);
    throw e;
  }
  const text = lines.join("\n") + "\n";
  if (typeof out === "string") writeFileSync(out, text);
  else io.out(text);
  return 0;
}

function checkTraceFile(file: string, io: IO): number {
  let text: string;
  try {
    const st = statSync(file);
    if (!st.isFile()) throw new Error("not a regular file");
    if (st.size > maxTraceBytes) throw new Error(`larger than ${maxTraceBytes / 1024 / 1024} MB, the most a trace may be`);
    text = readFileSync(file, "utf8");
  } catch (e) {
    io.out(`${file}:1: error: cannot read it: ${(e as Error).message}\n`);
    return 1;
  }
  const r = checkTrace(text, { base: dirname(resolve(file)) }); // its paths, from its folder
  if (r.ok) {
    io.out(`${file}: the same (${r.lines} lines)\n`);
    return 0;
  }
  if (r.diagnostics.length) {
    for (const d of r.diagnostics) io.err(formatDiagnostic(d) + "\n");
    return 1;
  }
  io.out(formatTraceCheck(file, r) + "\n");
  return 1;
}
