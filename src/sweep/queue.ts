// A sweep on a queue: BullMQ on Redis. The command that runs the sweep puts every shard not merged yet on the
// queue as a job whose id is the shard's (putting it there twice leaves one job), then merges each job's result
// as it completes; workers on any machine take jobs, play them on their threads (the rules stay compiled
// between shards) and return the shard's tally as the job's result. A worker that dies leaves its job's lock
// to expire, and BullMQ gives the job to another worker. Results stay in Redis: the same command run again
// merges what is done and waits for the rest, which is how a stopped sweep resumes.
import { Job, Queue, QueueEvents, UnrecoverableError, Worker } from "bullmq";
import { hostname } from "node:os";
import { Redis } from "ioredis";
import type { WorkerPool } from "../sim/parallel.js";
import type { RunSpec } from "../sim/run-spec.js";
import type { Bounds } from "../sim/budget.js";
import type { Tally } from "../sim/tally.js";
import { ResultRefused, type ShardResult, type SweepMerge } from "./merge.js";
import { specOf, type Shard } from "./plan.js";
import { authProblem, masked, QueueError, redisOptions } from "./redis-url.js";

export const queueName = "houserules-sweep";

/** What a job carries: the shard and everything a worker needs to play it, by name. */
export interface ShardJob {
  program: string;
  /** The hash of the sources the program was built from (programBuild): a worker built from others refuses the shard. */
  build?: string;
  sweep: string;
  shard: string;
  spec: RunSpec;
  hash: string;
  from: number;
  to: number;
}

/** Limits on a job a worker takes from the queue: it comes from whoever can write to Redis. */
const maxJobRefs = 64;
const maxJobText = 1000;
const maxJobGames = 100_000;

/** The longest time between two looks at every pending job while results keep coming as events. */
const fullLookSeconds = 30;

/** How many times a shard whose result was refused is put back on the queue before it counts as failed. */
const maxRequeues = 3;

export { QueueError, redisOptions } from "./redis-url.js";

/**
 * Connects once and pings; throws QueueError with what went wrong when Redis cannot be reached within a few seconds
 * or refuses the password. Messages show the address with its password masked.
 */
export async function checkReachable(url: string, seconds = 3): Promise<void> {
  const redis = new Redis({ ...redisOptions(url), lazyConnect: true, connectTimeout: seconds * 1000, maxRetriesPerRequest: 0, retryStrategy: () => null });
  let cause: Error | undefined;
  redis.on("error", (e: Error) => (cause ??= e));
  try {
    await redis.connect();
    await redis.ping();
  } catch (e) {
    const error = cause ?? (e as Error);
    const refused = authProblem(url, error);
    if (refused) throw new QueueError(refused);
    throw new QueueError(`cannot reach Redis at ${masked(url)} (${masked(error.message || String(e))}): is redis-server running there, and is the address right?`);
  } finally {
    redis.disconnect();
  }
}

export interface QueueRun {
  /** A shard's result, merged. */
  onResult: (text: string, shard: Shard) => void;
  /** A result refused (its shard is put back on the queue), or a shard that failed. */
  onProblem: (message: string) => void;
  /** Seconds without a result before the jobs not heard of are looked at (default 2). */
  pollSeconds?: number;
  signal?: AbortSignal;
}

/** Puts the sweep's pending shards on the queue and merges their results; returns the shards that failed. */
export async function sweepOnQueue(merge: SweepMerge, url: string, o: QueueRun): Promise<{ failed: string[] }> {
  await checkReachable(url);
  const connection = redisOptions(url);
  const queue = new Queue<ShardJob, string, "shard">(queueName, { connection });
  const events = new QueueEvents(queueName, { connection });
  const plan = merge.plan;
  const byId = new Map(plan.shards.map((s) => [s.id, s]));
  const pending = new Set(merge.pending().map((s) => s.id));
  const requeued = new Map<string, number>();
  const failed: string[] = [];
  const jobOf = (s: Shard) => {
    const cell = plan.cells[s.cell];
    const data: ShardJob = { program: plan.program, build: plan.build, sweep: plan.key, shard: s.id, spec: specOf(plan, cell), hash: cell.hash, from: s.from, to: s.to };
    return { name: "shard" as const, data, opts: { jobId: s.id, attempts: 3, backoff: { type: "fixed", delay: 1000 }, removeOnComplete: false, removeOnFail: false } };
  };
  const take = async (id: string, value: unknown) => {
    if (!pending.has(id)) return;
    try {
      merge.add(value, `shard ${id}`);
      pending.delete(id);
      o.onResult(value as string, byId.get(id)!);
    } catch (e) {
      if (!(e instanceof ResultRefused)) throw e;
      const times = (requeued.get(id) ?? 0) + 1;
      requeued.set(id, times);
      if (times > maxRequeues) {
        pending.delete(id);
        failed.push(id);
        o.onProblem(`${e.message}; refused ${times} times, the shard is left unplayed`);
        return;
      }
      o.onProblem(`${e.message}; the shard is put back on the queue`);
      const job = await Job.fromId(queue, id);
      await job?.remove().catch(() => undefined);
      await queue.add(jobOf(byId.get(id)!).name, jobOf(byId.get(id)!).data, jobOf(byId.get(id)!).opts);
    }
  };
  let wake: () => void = () => undefined;
  // results come as events; the jobs themselves are looked at only when the events go quiet (or every
  // fullLookSeconds): a look reads every pending job, which at 10^5 shards is 10^5 reads of Redis
  let heard = false;
  events.on("completed", ({ jobId, returnvalue }) => {
    if (!pending.has(jobId)) return;
    heard = true;
    void take(jobId, returnvalue).then(() => wake(), () => wake());
  });
  try {
    await events.waitUntilReady();
    // a job already there is left as it is (done, running or waiting); a failed one is tried again
    for (let i = 0; i < plan.shards.length; i += 500) {
      const batch = plan.shards.slice(i, i + 500).filter((s) => pending.has(s.id));
      if (batch.length) await queue.addBulk(batch.map(jobOf));
    }
    let first = true;
    let looked = 0;
    while (pending.size && !o.signal?.aborted) {
      const quiet = !heard || performance.now() - looked > fullLookSeconds * 1000;
      heard = false;
      if (quiet) await look(queue, [...pending], take, async (id, job) => {
        if (first) return job.retry("failed"); // failed in an earlier run: tried again (workers may have been fixed)
        if (job.attemptsMade >= (job.opts.attempts ?? 1) || /^houserules worker/.test(job.failedReason ?? "")) {
          pending.delete(id);
          failed.push(id);
          o.onProblem(`shard ${id} failed: ${job.failedReason}`);
        }
      }, async (id) => {
        const j = jobOf(byId.get(id)!);
        await queue.add(j.name, j.data, j.opts);
      });
      if (quiet) looked = performance.now();
      first = false;
      if (!pending.size) break;
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          o.signal?.removeEventListener("abort", done);
          resolve();
        };
        const timer = setTimeout(done, (o.pollSeconds ?? 2) * 1000);
        wake = () => (pending.size === 0 ? done() : undefined);
        o.signal?.addEventListener("abort", done, { once: true });
      });
    }
  } finally {
    await events.close();
    await queue.close();
  }
  return { failed };
}

/** Looks at jobs not heard of: takes the results of those completed, reports failed ones, re-adds missing ones. */
async function look(queue: Queue<ShardJob, string, "shard">, ids: string[], take: (id: string, value: unknown) => Promise<void>, failed: (id: string, job: Job) => Promise<void>, missing: (id: string) => Promise<void>): Promise<void> {
  for (let i = 0; i < ids.length; i += 200) {
    await Promise.all(ids.slice(i, i + 200).map(async (id) => {
      const job = (await Job.fromId(queue, id)) as Job<ShardJob, string> | undefined;
      if (!job) return missing(id);
      if (job.finishedOn && job.failedReason === undefined && job.returnvalue !== null && job.returnvalue !== undefined) return take(id, job.returnvalue);
      if (job.finishedOn && job.failedReason) return failed(id, job);
    }));
  }
}

/** Removes the sweep's jobs that no worker has taken yet: results already in Redis stay, to be merged on resuming. */
export async function stopOnQueue(merge: SweepMerge, url: string): Promise<number> {
  await checkReachable(url);
  const queue = new Queue<ShardJob, string, "shard">(queueName, { connection: redisOptions(url) });
  let removed = 0;
  try {
    for (const s of merge.pending()) {
      const job = await Job.fromId(queue, s.id);
      if (!job) continue;
      const state = await job.getState();
      if (state === "waiting" || state === "delayed" || state === "prioritized" || state === "failed") {
        await job.remove();
        removed++;
      }
    }
  } finally {
    await queue.close();
  }
  return removed;
}

export interface WorkerRun {
  program: string;
  build: string;
  pool: WorkerPool;
  /** The most time and memory a job may give its games (--time-limit, --memory-limit): a job asking more is refused. */
  bounds: Bounds;
  /** Seconds a job's lock lasts without being renewed: how long a dead worker's shard waits to be taken over. */
  lockSeconds: number;
  log: (line: string) => void;
  signal: AbortSignal;
}

/** Takes shards from the queue until the signal stops it (letting the shards it plays finish). */
export async function serveQueue(url: string, o: WorkerRun): Promise<{ shards: number; games: number }> {
  await checkReachable(url);
  let shards = 0;
  let games = 0;
  const worker = new Worker<ShardJob, string, "shard">(
    queueName,
    async (job) => {
      const problem = jobProblem(job.data);
      if (problem) throw new UnrecoverableError(`houserules worker: job ${job.id} is not a shard: ${problem}`);
      const d = job.data;
      if (d.program !== o.program) throw new UnrecoverableError(`houserules worker ${o.program} cannot play shard ${d.shard} of houserules ${d.program}: start workers of that version`);
      if (d.build !== undefined && d.build !== o.build) throw new UnrecoverableError(`houserules worker ${o.program} (build ${o.build}) cannot play shard ${d.shard} of another build of houserules ${d.program} (build ${d.build}): start workers from the same installation`);
      const over = boundsProblem(d.spec.bounds!, o.bounds);
      if (over) throw new UnrecoverableError(`houserules worker: shard ${d.shard} ${over}`);
      const started = performance.now();
      const tally: Tally = await o.pool.tally(d.spec, d.from, d.to, d.hash);
      shards++;
      games += d.to - d.from;
      o.log(`shard ${d.shard}: ${d.to - d.from} games in ${((performance.now() - started) / 1000).toFixed(2)} s`);
      return JSON.stringify({ program: o.program, build: o.build, sweep: d.sweep, shard: d.shard, tally } satisfies ShardResult);
    },
    { connection: redisOptions(url), name: `${hostname()}:${process.pid}`, concurrency: o.pool.workers, lockDuration: o.lockSeconds * 1000, stalledInterval: Math.max(1000, (o.lockSeconds * 1000) / 2), maxStalledCount: 10 },
  );
  worker.on("error", (e) => o.log(`queue: ${masked(e.message)}`));
  worker.on("failed", (job, e) => o.log(`shard ${job?.id}: ${e.message}`));
  await worker.waitUntilReady();
  o.log(`houserules worker ${o.program} (build ${o.build}): taking shards from ${masked(url)} on ${o.pool.workers} thread${o.pool.workers === 1 ? "" : "s"}`);
  await new Promise<void>((resolve) => (o.signal.aborted ? resolve() : o.signal.addEventListener("abort", () => resolve(), { once: true })));
  await worker.close();
  return { shards, games };
}

/** What is wrong with a job's data, or null: it is checked field by field, with a limit on every size. */
function jobProblem(d: unknown): string | null {
  if (!d || typeof d !== "object") return "no data";
  const x = d as Partial<ShardJob>;
  const text = (v: unknown) => typeof v === "string" && v.length > 0 && v.length <= maxJobText;
  if (!text(x.program) || !text(x.sweep) || !text(x.shard) || !text(x.hash) || (x.build !== undefined && !text(x.build))) return "program, build, sweep, shard and hash are texts";
  const s = x.spec;
  if (!s || typeof s !== "object") return "no spec";
  if (!Array.isArray(s.refs) || s.refs.length === 0 || s.refs.length > maxJobRefs || !s.refs.every(text)) return `the rules are 1 to ${maxJobRefs} names`;
  if (!Number.isInteger(s.players) || s.players < 1 || s.players > 64) return "players is 1 to 64";
  if (!Array.isArray(s.agents) || s.agents.length !== s.players || !s.agents.every((a) => a && text(a.name) && Object.keys(a).length === 1)) return "one agent per seat, by name";
  if (!(typeof s.seed === "string" ? text(s.seed) : Number.isSafeInteger(s.seed))) return "the seed is a text or a whole number";
  const b = s.bounds;
  if (!b || !(b.seconds > 0) || !(b.megabytes > 0) || !Number.isFinite(b.seconds) || !Number.isFinite(b.megabytes) || Object.keys(s).some((k) => !["refs", "players", "seed", "agents", "bounds"].includes(k))) return "bounds of time and memory, and nothing else";
  if (!Number.isSafeInteger(x.from) || !Number.isSafeInteger(x.to) || x.from! < 0 || x.to! <= x.from! || x.to! - x.from! > maxJobGames) return `games from..to, at most ${maxJobGames}`;
  return null;
}

/**
 * Why a job's bounds are more than the worker's own, or null. A job comes from whoever can write to Redis: a game
 * bounded by 10^12 seconds would hold a thread (and a stopping worker) for ever. Refused, not cut down: a game cut
 * short by a lower bound than the sweep's would count as unfinished, and the results would differ by worker.
 */
export function boundsProblem(asked: Bounds, most: Bounds): string | null {
  if (asked.seconds > most.seconds) return `gives a game ${asked.seconds} s, more than this worker's limit of ${most.seconds} s: start workers with --time-limit ${asked.seconds} to play it`;
  if (asked.megabytes > most.megabytes) return `gives a game ${asked.megabytes} MB, more than this worker's limit of ${most.megabytes} MB: start workers with --memory-limit ${asked.megabytes} to play it`;
  return null;
}
