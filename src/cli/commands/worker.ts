// houserules worker: takes a sweep's shards from a queue, plays them on this machine's threads (the rules stay
// compiled from one shard to the next) and posts each shard's tally as its result.
import { availableParallelism } from "node:os";
import { ruleFoldersOption } from "../rule-folders.js";
import { intFlag, readArgs, workersFlag } from "../args.js";
import { loadQueue, queueAddress } from "./sweep.js";
import { UsageError, type IO } from "../io.js";
import { boundsOf } from "../game-options.js";
import { programBuild, programVersion } from "../../node/rules-hash.js";
import { WorkerPool } from "../../sim/parallel.js";
import { queueUrl, redisUrlVariable } from "../../sweep/redis-url.js";

export const workerHelp = `Usage: houserules worker --queue redis://HOST:PORT [--workers N] [--lock S] [--time-limit S] [--memory-limit MB]

Takes shards of sweeps (houserules sweep FILE --queue ...) from the queue, plays each on one of N threads and
posts its result, until stopped with SIGTERM or Ctrl-C (the shards it is playing are finished first). A worker
refuses a shard of another version or build of houserules, or whose games ask more time or memory than its
limits. The rule files come with the shard (their texts, kept in Redis by the sweep): a worker needs no copy of
them and reads no other file. A worker that dies leaves its shards to another worker once their lock runs out.

Options:
  --queue URL   the queue: redis://[user:password@]HOST:PORT[/DB], or rediss:// for TLS; without it, the
                address in HOUSERULES_REDIS_URL (out of the process list); a password is printed as ***
  --workers N   threads, one shard each at a time (default: every processor)
  --time-limit S
                the most seconds a shard may give each game (default 600): a shard of a sweep whose
                time-limit: is larger is refused, with why
  --memory-limit M
                the most megabytes a shard may give each game (default 2048), likewise
  --lock S      seconds a shard's lock lasts unrenewed: how soon a dead worker's shard is taken over
                (default 10)
${ruleFoldersOption(14)}
  -h, --help    this text

Exit status: 0 when stopped, 1 when the queue cannot be reached, 2 for bad usage.
`;

export async function workerCommand(argv: string[], io: IO): Promise<number> {
  const { values, positionals } = readArgs(argv, {
    queue: { type: "string" }, workers: { type: "string" }, lock: { type: "string" }, "time-limit": { type: "string" }, "memory-limit": { type: "string" },
  });
  if (values.help) {
    io.out(workerHelp);
    return 0;
  }
  if (positionals.length) throw new UsageError(`worker takes no ${positionals[0]}: its work comes from the queue`);
  // the address from --queue, or from the environment (kept out of the process list: it may hold a password)
  const url = queueUrl(values.queue);
  if (url === undefined) throw new UsageError(`worker takes --queue redis://HOST:PORT, or the address in ${redisUrlVariable}`);
  const lockSeconds = intFlag(values.lock, "lock", 10, 1, 3600);
  const bounds = boundsOf(values);
  const q = await loadQueue();
  queueAddress(q, url);
  const pool = new WorkerPool(workersFlag(values.workers, io) || availableParallelism());
  const stop = new AbortController();
  const onSignal = () => stop.abort();
  process.once("SIGINT", onSignal);
  process.once("SIGTERM", onSignal);
  try {
    const { shards, games } = await q.serveQueue(url, { program: programVersion(), build: programBuild(), pool, bounds, lockSeconds, log: (line) => io.err(line + "\n"), signal: stop.signal });
    io.err(`houserules worker: stopped after ${shards} shard${shards === 1 ? "" : "s"} (${games} games)\n`);
    return 0;
  } catch (e) {
    if (e instanceof q.QueueError) {
      io.err(`houserules worker: ${e.message}\n`);
      return 1;
    }
    throw e;
  } finally {
    process.off("SIGINT", onSignal);
    process.off("SIGTERM", onSignal);
    await pool.close();
  }
}
