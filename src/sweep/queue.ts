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
import type { RunSpec, ShippedRules } from "../sim/run-spec.js";
import { maxFileBytes } from "../interpreter/limits.js";
import type { Bounds } from "../sim/budget.js";
import type { Tally } from "../sim/tally.js";
import { ResultRefused, type ShardResult, type SweepMerge } from "./merge.js";
import { maxShippedBytes, maxShippedFiles, specOf, textHash, type Shard } from "./plan.js";
import { authProblem, masked, QueueError, redisOptions } from "./redis-url.js";

export const queueName = "houserules-sweep";

/** What a job carries: the shard and everything a worker needs to play it, the rule files by their text's hash. */
export interface ShardJob {
  program: string;
  /** The hash of the sources the program was built from (programBuild): a worker built from others refuses the shard. */
  build?: string;
  sweep: string;
  shard: string;
  spec: RunSpec;
  /** The rule files, each by its path where the sweep was made and its text's hash: the texts are in Redis (textKey). */
  rules: RuleNames;
  from: number;
  to: number;
}

/** A job's rule files: as ShippedRules, with each text's hash ("sha256:...") in place of the text. */
export type RuleNames = Omit<ShippedRules, "key">;

/** Where a rule file's text is kept in Redis, by its hash: once, however many sweeps and shards name it. */
export const textKey = (hash: string): string => `${queueName}:text:${hash}`;

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
    const rules = { roots: plan.roots, working: plan.working, files: cell.files };
    const data: ShardJob = { program: plan.program, build: plan.build, sweep: plan.key, shard: s.id, spec: specOf(plan, cell), rules, from: s.from, to: s.to };
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
    await shipTexts(url, merge);
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

/** Puts the texts of the rule files of the pending shards in Redis, each once under its hash (kept if already there). */
async function shipTexts(url: string, merge: SweepMerge): Promise<void> {
  const hashes = new Set(merge.pending().flatMap((s) => merge.plan.cells[s.cell].files.map(([, hash]) => hash)));
  const redis = new Redis(redisOptions(url));
  try {
    const list = [...hashes];
    for (let i = 0; i < list.length; i += 500) {
      const batch = redis.pipeline();
      for (const hash of list.slice(i, i + 500)) batch.set(textKey(hash), merge.plan.texts.get(hash)!, "NX");
      const refused = (await batch.exec())?.find(([e]) => e);
      if (refused) throw new QueueError(`Redis did not keep the rule files' texts: ${masked(refused[0]!.message)}`);
    }
  } finally {
    redis.disconnect();
  }
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
  // a connection of its own for reading the rule files' texts (the worker's own are busy waiting for jobs)
  const texts = new Redis(redisOptions(url));
  texts.on("error", () => undefined); // said by the worker's own connections
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
      const shipped = await shippedRules(texts, d.rules);
      if (typeof shipped === "string") throw new UnrecoverableError(`houserules worker: shard ${d.shard}: ${shipped}`);
      const started = performance.now();
      let tally: Tally;
      try {
        // the thread compiles the shipped texts (once per content) and reads no file of this machine
        tally = await o.pool.tally({ ...d.spec, shipped }, d.from, d.to);
      } catch (e) {
        throw new UnrecoverableError(`houserules worker: shard ${d.shard}: ${(e as Error).message}`);
      }
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
  texts.disconnect();
  return { shards, games };
}

/** What is wrong with a job's data, or null: it is checked field by field, with a limit on every size. */
function jobProblem(d: unknown): string | null {
  if (!d || typeof d !== "object") return "no data";
  const x = d as Partial<ShardJob>;
  const text = (v: unknown) => typeof v === "string" && v.length > 0 && v.length <= maxJobText;
  if (!text(x.program) || !text(x.sweep) || !text(x.shard) || (x.build !== undefined && !text(x.build))) return "program, build, sweep and shard are texts";
  const s = x.spec;
  if (!s || typeof s !== "object") return "no spec";
  if (!Array.isArray(s.refs) || s.refs.length === 0 || s.refs.length > maxJobRefs || !s.refs.every(text)) return `the rules are 1 to ${maxJobRefs} names`;
  if (!Number.isInteger(s.players) || s.players < 1 || s.players > 64) return "players is 1 to 64";
  if (!Array.isArray(s.agents) || s.agents.length !== s.players || !s.agents.every((a) => a && text(a.name) && Object.keys(a).length === 1)) return "one agent per seat, by name";
  if (!(typeof s.seed === "string" ? text(s.seed) : Number.isSafeInteger(s.seed))) return "the seed is a text or a whole number";
  const b = s.bounds;
  if (!b || !(b.seconds > 0) || !(b.megabytes > 0) || !Number.isFinite(b.seconds) || !Number.isFinite(b.megabytes) || Object.keys(s).some((k) => !["refs", "players", "seed", "agents", "bounds", "options"].includes(k))) return "bounds of time and memory, and nothing else";
  if (s.options !== undefined && optionsProblem(s.options)) return "options are at most 64 names, each a number, true or false, or a short text";
  if (!Number.isSafeInteger(x.from) || !Number.isSafeInteger(x.to) || x.from! < 0 || x.to! <= x.from! || x.to! - x.from! > maxJobGames) return `games from..to, at most ${maxJobGames}`;
  return null;
}

/** Whether a job's options are not what a sweep file can give: a few names, each a number, true or false, or short text. */
function optionsProblem(o: unknown): boolean {
  if (!o || typeof o !== "object" || Array.isArray(o)) return true;
  const entries = Object.entries(o);
  return entries.length > 64 || entries.some(([k, v]) => k.length > 64 || !(typeof v === "boolean" || (typeof v === "number" && Number.isFinite(v)) || (typeof v === "string" && v.length <= 200)));
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

/** What is wrong with a job's list of rule files, or null: absolute paths of .yaml files, each with a text's hash. */
function rulesProblem(r: unknown): string | null {
  const x = r as Partial<RuleNames> | null;
  const path = (v: unknown) => typeof v === "string" && v.length <= maxJobText && v.startsWith("/");
  if (!x || typeof x !== "object" || !path(x.working) || !Array.isArray(x.roots) || x.roots.length > maxJobRefs || !x.roots.every(path)) return "no rule folders";
  if (!Array.isArray(x.files) || x.files.length === 0 || x.files.length > maxShippedFiles) return `the rule files are 1 to ${maxShippedFiles}`;
  const file = (f: unknown) => Array.isArray(f) && f.length === 2 && path(f[0]) && f[0].endsWith(".yaml") && typeof f[1] === "string" && /^sha256:[0-9a-f]{64}$/.test(f[1]);
  if (!x.files.every(file)) return "each rule file is a path of a .yaml file and the sha256 of its text";
  return null;
}

/**
 * The texts of a job's rule files, read from Redis, or why not. Every size is checked before a text is read:
 * the number of files, each file's bytes (the loader's limit) and all of them together; and each text must be
 * the one its hash names. Messages name files by path and hash, never by what they hold.
 */
async function shippedRules(redis: Redis, names: RuleNames): Promise<ShippedRules | string> {
  const problem = rulesProblem(names);
  if (problem) return `its rules are not named as a sweep names them: ${problem}`;
  const keys = names.files.map(([, hash]) => textKey(hash));
  const sizes = ((await redis.pipeline(keys.map((k) => ["strlen", k])).exec()) ?? []).map(([e, n]) => (e ? 0 : Number(n)));
  let total = 0;
  for (const [i, [path, hash]] of names.files.entries()) {
    if (!sizes[i]) return `the text of ${path} (${hash}) is not in Redis: run the sweep command again, which puts it there`;
    if (sizes[i] > maxFileBytes) return `${path} is ${sizes[i]} bytes, larger than the limit of ${maxFileBytes} bytes`;
    total += sizes[i];
  }
  if (total > maxShippedBytes) return `its rule files are ${total} bytes together, more than the limit of ${maxShippedBytes} bytes`;
  const read = await redis.mgetBuffer(...keys);
  const files: [string, string][] = [];
  for (const [i, [path, hash]] of names.files.entries()) {
    const text = read[i] === null ? null : utf8(read[i]!);
    if (text === null || textHash(text) !== hash) return `the text kept for ${path} is not the one its hash (${hash}) names`;
    files.push([path, text]);
  }
  // the texts are checked against their hashes: the hashes, with the names, stand for them
  const key = textHash(JSON.stringify([names.roots, names.working, names.files]));
  return { roots: names.roots, working: names.working, files, key };
}

const decoder = new TextDecoder("utf-8", { fatal: true });

/** UTF-8 bytes as text, or null when they are not UTF-8. */
function utf8(bytes: Buffer): string | null {
  try {
    return decoder.decode(bytes);
  } catch {
    return null;
  }
}
