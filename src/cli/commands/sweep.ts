// houserules sweep: many rule sets, player counts and agents, each cell played for the same games, on this
// machine's threads or on a queue that workers on many machines take shards from; the merged result per cell
// and the broken cells and outliers across them.
import { existsSync, readFileSync, appendFileSync, statSync } from "node:fs";
import { availableParallelism } from "node:os";
import { ruleFoldersOption } from "../rule-folders.js";
import { readArgs, workersFlag } from "../args.js";
import { UsageError, type IO } from "../io.js";
import { withPackages } from "../../node/optional.js";
import { formatDiagnostic } from "../../interpreter/diagnostics.js";
import { programVersion } from "../../node/rules-hash.js";
import { readSweepFile, type SweepPlan } from "../../sweep/plan.js";
import { ResultRefused, SweepMerge } from "../../sweep/merge.js";
import { sweepResult, type SweepResult } from "../../sweep/result.js";
import { playLocally } from "../../sweep/local.js";
import { queueUrl, redisUrlVariable } from "../../sweep/redis-url.js";
import { WorkerPool } from "../../sim/parallel.js";
import { Progress } from "../progress.js";
import { outputFile, reportWritten } from "../game-options.js";
import { table } from "../../sim/text-table.js";
import { writeSweepReport } from "../../report/sweep-html.js";

export const sweepHelp = `Usage: houserules sweep FILE.yaml [--workers N] [--save FILE] [--json] [--report FILE.html]
       houserules sweep FILE.yaml --queue redis://HOST:PORT [--json] [--report FILE.html] [--stop]
       houserules sweep RESULT.json --report FILE.html

Plays every cell of a sweep file — each rule set at each player count with each table of agents — for the
file's games (game i of every cell with seed "SEED:i", as simulate plays them) and prints per cell what
simulate prints, then the broken cells (games that did not finish, a seat that always wins, a rule that never
fired) and the outliers across cells, each with how sure it is. The file's format is in docs/sweeps.md.

By default the games are played on this machine's threads. With --queue, the sweep's shards (a few games of
one cell each) go on a BullMQ queue in Redis, and houserules worker --queue ... on any number of machines plays
them; the rule files' texts go with the shards, so workers need no copy of them; this command merges the
results as they come. The merged result is the same bytes however the shards were played, by how many
workers, in what order, and how often retried.

Options:
  --workers N   threads on this machine (default: every processor)
  --save F      keep each shard's result in F as it is merged (JSON lines); run again with the same F to go
                on from where a stopped sweep was
  --queue URL   put the shards on the queue at redis://[user:password@]HOST:PORT[/DB] (rediss:// for TLS)
                and merge the results; run again to resume: shards done stay in Redis and are merged, the
                rest are waited for. Without --queue, HOUSERULES_REDIS_URL is the address when it is set (out
                of the process list, where a password in --queue is seen); messages print the password as ***
  --stop        with --queue: take the sweep's shards no worker has started off the queue (results stay)
  --json        print the merged result as one JSON object (fields below)
  --report F    also write an HTML report to F: a heat map of the cells, sortable tables, findings, and the
                command that replays a game of each cell; from a RESULT.json (saved --json), only the report
${ruleFoldersOption(14)}
  -h, --help    this text

JSON fields: sweep, file, key (the hash a shard's id starts with), program, build (the hash of the sources
the program was built from: results of another build are not merged), seed, games, shard, cells [{cell,
rules, refs, options (when the rule set gives them), players, agents, skipped, played, summary (what simulate
--json prints), replay}], complete,
findings [{cell, kind, says, confidence}].

Exit status: 0 when every cell is complete and every game finished, 1 when not, 2 for bad usage or a bad file.
`;

export async function sweepCommand(argv: string[], io: IO): Promise<number> {
  const { values, positionals } = readArgs(argv, {
    workers: { type: "string" }, save: { type: "string" }, queue: { type: "string" }, stop: { type: "boolean" },
    json: { type: "boolean" }, report: { type: "string" },
  });
  if (values.help) {
    io.out(sweepHelp);
    return 0;
  }
  if (positionals.length !== 1) throw new UsageError("sweep takes one sweep file (or a result saved with --json, to --report it)");
  const report = outputFile(values, "report");
  // the address from --queue, or from the environment (kept out of the process list: it may hold a password)
  const queue = queueUrl(values.queue);
  if (values.stop && !queue) throw new UsageError(`--stop is for a sweep on a queue: give --queue or set ${redisUrlVariable}`);
  if (positionals[0].endsWith(".json")) {
    if (!report) throw new UsageError("a result file is given to draw its report: give --report FILE.html");
    return writeReport(io, report, readResult(positionals[0]), false);
  }
  const { plan, problems } = readSweepFile(positionals[0], programVersion());
  if (!plan) {
    for (const d of problems) io.err(formatDiagnostic(d) + "\n");
    return 2;
  }
  const merge = new SweepMerge(plan);
  const save = outputFile(values, "save");
  if (save && queue) throw new UsageError("--save is for a sweep on this machine: on a queue, the results are kept in Redis");
  if (save && existsSync(save)) resume(io, merge, save);
  const total = plan.shards.reduce((a, s) => a + s.to - s.from, 0);
  const bar = new Progress(io, plan.name.slice(0, 40), total, merge.gamesDone);
  let failed: string[] = [];
  if (queue) {
    const q = await loadQueue();
    queueAddress(q, queue);
    try {
      if (values.stop) {
        const removed = await q.stopOnQueue(merge, queue);
        io.err(`${removed} shard${removed === 1 ? "" : "s"} of ${plan.name} taken off the queue; the results in Redis stay, to be merged when the sweep is run again\n`);
        return 0;
      }
      const stop = new AbortController();
      const onSignal = () => stop.abort();
      process.once("SIGINT", onSignal);
      try {
        ({ failed } = await q.sweepOnQueue(merge, queue, {
          onResult: () => bar.update(merge.gamesDone),
          onProblem: (m) => io.err(`houserules sweep: ${m}\n`),
          signal: stop.signal,
        }));
      } finally {
        process.off("SIGINT", onSignal);
      }
      if (stop.signal.aborted) io.err(`\nstopped with ${merge.done} of ${plan.shards.length} shards merged; the queue's workers go on: run the same command again to merge the rest\n`);
    } catch (e) {
      if (e instanceof q.QueueError) {
        io.err(`houserules sweep: ${e.message}\n`);
        return 1;
      }
      throw e;
    }
  } else if (merge.pending().length) {
    const pool = new WorkerPool(Math.min(workersFlag(values.workers, io) || availableParallelism(), merge.pending().length));
    try {
      await playLocally(merge, pool, (text) => {
        if (save) appendFileSync(save, text + "\n");
        bar.update(merge.gamesDone);
      });
    } finally {
      await pool.close();
    }
  }
  bar.finish();
  const result = sweepResult(plan, merge);
  if (values.json) io.out(JSON.stringify(result, null, 2) + "\n");
  else io.out(describe(plan, result, merge.done, failed));
  if (report) {
    const code = writeReport(io, report, result, Boolean(values.json));
    if (code) return code;
  }
  const unfinished = result.cells.some((c) => c.summary && c.summary.unfinished);
  return result.complete && !unfinished ? 0 : 1;
}

/** The largest --save file read back (its lines are checked one by one as results are). */
const maxSaveBytes = 1024 * 2 ** 20;

/** Merges the results a --save file already holds; a line that is refused is said so and its shard played again. */
function resume(io: IO, merge: SweepMerge, file: string): void {
  if (statSync(file).size > maxSaveBytes) throw new UsageError(`--save ${file} is larger than ${maxSaveBytes / 2 ** 20} MB: not a file this sweep saved`);
  const lines = readFileSync(file, "utf8").split("\n");
  let merged = 0;
  lines.forEach((line, i) => {
    if (!line.trim()) return;
    try {
      if (merge.add(line, `${file}:${i + 1}`) === "again") io.err(`houserules sweep: ${file}:${i + 1}: the shard's result is there twice: counted once\n`);
      else merged++;
    } catch (e) {
      if (!(e instanceof ResultRefused)) throw e;
      io.err(`houserules sweep: ${e.message}; the shard is played again\n`);
    }
  });
  io.err(`resuming ${merge.plan.name}: ${merged} of ${merge.plan.shards.length} shards already played (${file})\n`);
}

function readResult(file: string): SweepResult {
  if (!existsSync(file)) throw new UsageError(`no such file: ${file}`);
  if (statSync(file).size > 256 * 1024 * 1024) throw new UsageError(`${file} is larger than 256 MB`);
  try {
    const r = JSON.parse(readFileSync(file, "utf8")) as SweepResult;
    if (!Array.isArray(r.cells) || !Array.isArray(r.findings)) throw new Error("no cells or findings");
    return r;
  } catch (e) {
    throw new UsageError(`${file} is not a sweep's result (houserules sweep --json): ${(e as Error).message}`);
  }
}

function writeReport(io: IO, file: string, result: SweepResult, json: boolean): number {
  return reportWritten(io, "sweep", file, json, () => writeSweepReport(file, result));
}

function describe(plan: SweepPlan, r: SweepResult, merged: number, failed: string[]): string {
  const lines: string[] = [];
  const played = r.cells.filter((c) => !c.skipped);
  lines.push(`${r.sweep}: ${r.cells.length} cells (${r.cells.length - played.length} skipped), ${r.games} games each, seed ${r.seed}${r.complete ? "" : `; incomplete: ${merged} of ${plan.shards.length} shards merged${failed.length ? `, ${failed.length} failed (run the same command again to retry them)` : ""}`}`);
  lines.push("");
  const agents = (list: string[]) => (new Set(list).size === 1 ? list[0] : list.join(","));
  lines.push(table(["cell", "rules", "players", "agents", "games", "finished", "mean moves", "best seat", "never fired"], r.cells.map((c) => {
    const s = c.summary;
    if (!s) return [c.cell, c.rules, c.players, agents(c.agents), c.skipped ? `skipped: ${c.skipped}` : "0", "", "", "", ""];
    const best = s.seats.reduce((a, x) => (x.winRate > a.winRate ? x : a), s.seats[0]);
    return [c.cell, c.rules, c.players, agents(c.agents), s.games, s.finished, s.length.mean, `P${best.seat} ${(best.winRate * 100).toFixed(1)}%`, s.coverage ? s.coverage.never.length : ""];
  })).trimEnd());
  lines.push("");
  if (!r.findings.length) lines.push("no broken cells and no outliers");
  for (const f of r.findings) lines.push(`cell ${f.cell} (${r.cells[f.cell].rules}, ${r.cells[f.cell].players} players): ${f.kind}: ${f.says} — ${f.confidence}`);
  return lines.join("\n") + "\n";
}

/** The queue's module, with BullMQ and ioredis, which a package install leaves out. */
export const loadQueue = () => withPackages("a sweep on a queue", ["bullmq", "ioredis"], () => import("../../sweep/queue.js"));

/** A --queue address that cannot be one is bad usage (exit 2), said before anything is played or connected. */
export function queueAddress(q: typeof import("../../sweep/queue.js"), url: string): void {
  try {
    q.redisOptions(url);
  } catch (e) {
    if (e instanceof q.QueueError) throw new UsageError(e.message);
    throw e;
  }
}
