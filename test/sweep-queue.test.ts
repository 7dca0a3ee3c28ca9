// Sweeps on a queue, with a real redis-server and real worker processes: the merged JSON is the bytes of the same
// sweep on this machine with one worker, with two, with one of two killed mid-shard, run twice, and stopped and
// resumed; and each fault says what it is — Redis unreachable, a worker of another version, a result that does
// not parse — with nothing merged lost or counted twice.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createHash } from "node:crypto";
import { Redis } from "ioredis";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Job, Queue, Worker } from "bullmq";
import { startRedis, type RedisServer } from "./helpers/redis.js";
import { freePort } from "../src/node/free-port.js";
import { run } from "./helpers/cli.js";
import { tinyRules } from "./helpers/rules.js";
import { queueName, redisOptions } from "../src/sweep/queue.js";
import { masked, redisUrlVariable } from "../src/sweep/redis-url.js";

const dir = mkdtempSync(join(tmpdir(), "sweep-queue-"));
const file = join(dir, "q.yaml");
writeFileSync(file, `name: queued
seed: 5
games: 6
shard: 1
players: [3]
rules:
  - id: idiot
  - compose: [Deal Eight, Take Lots of Tricks, Crazy Eights, Whist]
`);
const shards = 12;

interface Spawned {
  child: ChildProcess;
  out: string;
  err: string;
  exited: Promise<number | null>;
}

function bin(args: string[]): Spawned {
  const child = spawn(process.execPath, ["bin/houserules.js", ...args], { stdio: ["ignore", "pipe", "pipe"] });
  const s: Spawned = { child, out: "", err: "", exited: new Promise((resolve) => child.once("exit", (code) => resolve(code))) };
  child.stdout!.on("data", (d: Buffer) => (s.out += d.toString()));
  child.stderr!.on("data", (d: Buffer) => (s.err += d.toString()));
  return s;
}

const worker = (url: string) => bin(["worker", "--queue", url, "--workers", "1", "--lock", "2"]);

async function stopAll(workers: Spawned[]): Promise<void> {
  for (const w of workers) if (w.child.exitCode === null && w.child.signalCode === null) w.child.kill("SIGTERM");
  await Promise.all(workers.map((w) => w.exited));
}

async function until(what: string, check: () => Promise<boolean> | boolean, seconds = 60): Promise<void> {
  const end = Date.now() + seconds * 1000;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe("a sweep on a queue", () => {
  let redis: RedisServer;
  let local: string;
  let db = 0;
  /** Every test has a database of its own: a sweep's results stay in Redis. */
  const nextUrl = () => `${redis.url}/${++db}`;
  const queueOf = (url: string) => new Queue(queueName, { connection: redisOptions(url) });

  beforeAll(async () => {
    redis = await startRedis();
    const r = await run(["sweep", file, "--json", "--workers", "1"]);
    expect(r.code).toBe(0);
    local = r.out;
  }, 60_000);

  afterAll(async () => {
    await redis?.stop();
  });

  it("gives the bytes of the sweep played here, with one worker, with two, with one killed mid-shard, and run again", async () => {
    // one worker
    let url = nextUrl();
    let workers = [worker(url)];
    let r = await run(["sweep", file, "--queue", url, "--json"]);
    expect(r.err).toBe("");
    expect(r.out).toBe(local);
    // the same sweep again: each shard is one job still, and its result is merged once
    r = await run(["sweep", file, "--queue", url, "--json"]);
    expect(r.out).toBe(local);
    const queue = queueOf(url);
    expect(await queue.getJobCounts("completed", "waiting", "active", "failed")).toEqual({ completed: shards, waiting: 0, active: 0, failed: 0 });
    await queue.close();
    await stopAll(workers);

    // two workers
    url = nextUrl();
    workers = [worker(url), worker(url)];
    r = await run(["sweep", file, "--queue", url, "--json"]);
    expect(r.out).toBe(local);
    await stopAll(workers);

    // one worker killed with SIGKILL while it plays a shard, a second started after: it takes the shard over
    url = nextUrl();
    const first = worker(url);
    await until("the first worker ready", () => first.err.includes("taking shards"));
    const sweep = run(["sweep", file, "--queue", url, "--json"]);
    const q = queueOf(url);
    let killed: Job | undefined;
    await until("a shard taken by the first worker", async () => {
      killed = (await q.getJobs(["active"])).find((j) => j.processedBy?.endsWith(`:${first.child.pid}`));
      return killed !== undefined;
    });
    first.child.kill("SIGKILL");
    workers = [first, worker(url)];
    r = await sweep;
    expect(r.out).toBe(local);
    const after = (await Job.fromId(q, killed!.id!))!;
    expect(after.processedBy).toBe(`${after.processedBy!.split(":")[0]}:${workers[1].child.pid}`);
    expect(after.stalledCounter).toBeGreaterThanOrEqual(1);
    await q.close();
    await stopAll(workers);
  }, 180_000);

  it("stops, with its results kept, and resumes", async () => {
    // games long enough that a worker stopped after two shards leaves most of them
    const long = join(dir, "long.yaml");
    writeFileSync(long, "name: long\nseed: 5\ngames: 30\nshard: 1\nplayers: [3]\nrules:\n  - id: idiot\n");
    const here = await run(["sweep", long, "--json", "--workers", "1"]);
    const url = nextUrl();
    let workers = [worker(url)];
    const sweep = bin(["sweep", long, "--queue", url, "--json"]);
    const q = queueOf(url);
    await until("two shards done", async () => (await q.getJobCounts("completed")).completed >= 2);
    await stopAll(workers);
    sweep.child.kill("SIGINT");
    expect(await sweep.exited).toBe(1);
    expect(sweep.err).toMatch(/stopped with \d+ of 30 shards merged; the queue's workers go on: run the same command again/);
    expect(JSON.parse(sweep.out).complete).toBe(false);
    const stop = await run(["sweep", long, "--queue", url, "--stop"]);
    expect(stop.err).toMatch(/^\d+ shards? of long taken off the queue; the results in Redis stay/);
    const counts = await q.getJobCounts("completed", "waiting");
    expect(counts.waiting).toBe(0);
    expect(counts.completed).toBeGreaterThanOrEqual(2);
    expect(counts.completed).toBeLessThan(30);
    workers = [worker(url)];
    const resumed = await run(["sweep", long, "--queue", url, "--json"]);
    expect(resumed.out).toBe(here.out);
    await q.close();
    await stopAll(workers);
  }, 120_000);

  it("puts a shard whose result does not parse back on the queue, and counts it once", async () => {
    const url = nextUrl();
    const sweep = run(["sweep", file, "--queue", url, "--json"]);
    // a worker that answers one shard with text that is not a result
    const rogue = new Worker(queueName, null, { connection: redisOptions(url), autorun: false });
    let job: Job | undefined;
    await until("a shard on the queue", async () => (job = await rogue.getNextJob("rogue")) !== undefined);
    await job!.moveToCompleted('{"program": "0.1.0", "sweep": ', "rogue", false);
    await rogue.close();
    const workers = [worker(url)];
    const r = await sweep;
    expect(r.err).toMatch(/^houserules sweep: shard [0-9a-f]{16}-c\d+-g\d+: the result does not parse as JSON \(.*\); the shard is put back on the queue\n$/);
    expect(r.out).toBe(local);
    await stopAll(workers);
  }, 120_000);

  it("is refused by a worker of another version, which says so, and the shard is left for a worker of that version", async () => {
    const url = nextUrl();
    const q = queueOf(url);
    await q.add("shard", { program: "0.0.9", sweep: "0123456789abcdef", shard: "0123456789abcdef-c0-g0", hash: "sha256:x", spec: { refs: ["idiot"], players: 3, seed: 1, agents: [{ name: "random" }, { name: "random" }, { name: "random" }], bounds: { seconds: 600, megabytes: 2048 } }, from: 0, to: 1 }, { jobId: "0123456789abcdef-c0-g0" });
    const workers = [worker(url)];
    await until("the refusal", async () => (await q.getJobCounts("failed")).failed === 1);
    const job = (await Job.fromId(q, "0123456789abcdef-c0-g0"))!;
    expect(job.failedReason).toBe("houserules worker 0.1.0 cannot play shard 0123456789abcdef-c0-g0 of houserules 0.0.9: start workers of that version");
    expect(job.returnvalue).toBeNull();
    await q.close();
    await stopAll(workers);
    expect(workers[0].err).toContain("cannot play shard 0123456789abcdef-c0-g0 of houserules 0.0.9");
  }, 60_000);

  it("is refused by a worker of another build of the same version, which says so", async () => {
    const url = nextUrl();
    const q = queueOf(url);
    const id = "0123456789abcdef-c0-g1";
    await q.add("shard", { program: "0.1.0", build: "sha256:0000000000000000", sweep: "0123456789abcdef", shard: id, hash: "sha256:x", spec: { refs: ["idiot"], players: 3, seed: 1, agents: [{ name: "random" }, { name: "random" }, { name: "random" }], bounds: { seconds: 600, megabytes: 2048 } }, from: 0, to: 1 }, { jobId: id });
    const workers = [worker(url)];
    await until("the refusal", async () => (await q.getJobCounts("failed")).failed === 1);
    const job = (await Job.fromId(q, id))!;
    const own = /houserules worker 0\.1\.0 \(build (sha256:[0-9a-f]{16})\): taking shards/.exec(workers[0].err)![1];
    expect(job.failedReason).toBe(`houserules worker 0.1.0 (build ${own}) cannot play shard ${id} of another build of houserules 0.1.0 (build sha256:0000000000000000): start workers from the same installation`);
    expect(job.returnvalue).toBeNull();
    await q.close();
    await stopAll(workers);
  }, 60_000);

  it("refuses a shard whose games ask more time or memory than the worker's limits, and says so", async () => {
    const url = nextUrl();
    const q = queueOf(url);
    const job = (id: string, bounds: object) => q.add("shard", { program: "0.1.0", sweep: "0123456789abcdef", shard: id, hash: "sha256:x", spec: { refs: ["idiot"], players: 3, seed: 1, agents: [{ name: "random" }, { name: "random" }, { name: "random" }], bounds }, from: 0, to: 1 }, { jobId: id });
    await job("0123456789abcdef-c0-g2", { seconds: 1e12, megabytes: 2048 });
    await job("0123456789abcdef-c0-g3", { seconds: 600, megabytes: 1e9 });
    const workers = [worker(url)];
    await until("the refusals", async () => (await q.getJobCounts("failed")).failed === 2);
    expect((await Job.fromId(q, "0123456789abcdef-c0-g2"))!.failedReason).toBe("houserules worker: shard 0123456789abcdef-c0-g2 gives a game 1000000000000 s, more than this worker's limit of 600 s: start workers with --time-limit 1000000000000 to play it");
    expect((await Job.fromId(q, "0123456789abcdef-c0-g3"))!.failedReason).toBe("houserules worker: shard 0123456789abcdef-c0-g3 gives a game 1000000000 MB, more than this worker's limit of 2048 MB: start workers with --memory-limit 1000000000 to play it");
    await q.close();
    // the refused shards took no thread: the worker stops at once
    const stopped = performance.now();
    await stopAll(workers);
    expect(performance.now() - stopped).toBeLessThan(10_000);
  }, 60_000);

  it("ships the rule files' texts: a worker needs no copy of them, and an edited file is a new sweep the same worker plays", async () => {
    const url = nextUrl();
    const folder = mkdtempSync(join(dir, "own-"));
    const rules = join(folder, "tiny.yaml");
    writeFileSync(rules, tinyRules());
    const own = join(folder, "own.yaml");
    writeFileSync(own, "name: own rules\ngames: 2\nshard: 1\nplayers: 2\nrules:\n  - id: ./tiny.yaml\n");
    const here = await run(["sweep", own, "--json", "--workers", "1"]);
    const sweep = run(["sweep", own, "--queue", url, "--json"]);
    const q = queueOf(url);
    await until("the shards on the queue", async () => (await q.getJobCounts("waiting")).waiting === 2);
    // the file gone from this disk before any worker starts: the worker plays the text the sweep shipped
    rmSync(rules);
    const workers = [worker(url)];
    let r = await sweep;
    expect(r.err).toBe("");
    expect(r.code).toBe(0);
    expect(r.out).toBe(here.out);
    // an edit, even a comment, makes a new sweep (its own key), which the same running worker plays
    writeFileSync(rules, "# a comment\n" + tinyRules());
    r = await run(["sweep", own, "--queue", url, "--json"]);
    expect(r.err).toBe("");
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out).key).not.toBe(JSON.parse(here.out).key);
    writeFileSync(rules, tinyRules().replace("deal(stock, hand, 3)", "deal(stock, hand, 2)"));
    r = await run(["sweep", own, "--queue", url]);
    expect(r.err).toBe("");
    expect(r.code).toBe(0);
    await q.close();
    await stopAll(workers);
    expect(workers[0].err).not.toContain("failed");
  }, 90_000);

  it("reads no file the job does not ship, and never says what a file holds", async () => {
    const url = nextUrl();
    const q = queueOf(url);
    const secret = join(dir, "secret.yaml");
    writeFileSync(secret, "topsecretkey: 1\nanotherkey: 2\n");
    const shipped = tinyRules();
    const hash = `sha256:${createHash("sha256").update(shipped).digest("hex")}`;
    const redisClient = new Redis(redisOptions(url));
    await redisClient.set(`${queueName}:text:${hash}`, shipped);
    const forged = (id: string, refs: string[], files: [string, string][]) => q.add("shard", {
      program: "0.1.0", sweep: "0123456789abcdef", shard: id,
      spec: { refs, players: 2, seed: 1, agents: [{ name: "random" }, { name: "random" }], bounds: { seconds: 600, megabytes: 2048 } },
      rules: { roots: ["/nowhere/rules"], working: "/nowhere", files }, from: 0, to: 1,
    }, { jobId: id });
    // a path on this disk that the job names but does not ship; a shipped path whose text is this disk's file; a
    // hash whose text is not in Redis; and a text kept under another's hash
    await forged("0123456789abcdef-c0-g4", [secret], [["/nowhere/tiny.yaml", hash]]);
    await forged("0123456789abcdef-c0-g5", [secret], [[secret, `sha256:${"0".repeat(64)}`]]);
    const other = `sha256:${"1".repeat(64)}`;
    await redisClient.set(`${queueName}:text:${other}`, "topsecretkey: 1\n");
    await forged("0123456789abcdef-c0-g6", [secret], [[secret, other]]);
    // a text larger than the loader's limit: refused by its size, before it is read
    const large = `sha256:${"2".repeat(64)}`;
    await redisClient.set(`${queueName}:text:${large}`, "x".repeat(4 * 1024 * 1024 + 1));
    await forged("0123456789abcdef-c0-g7", ["/nowhere/large.yaml"], [["/nowhere/large.yaml", large]]);
    const workers = [worker(url)];
    await until("the refusals", async () => (await q.getJobCounts("failed")).failed === 4);
    expect((await Job.fromId(q, "0123456789abcdef-c0-g7"))!.failedReason).toBe("houserules worker: shard 0123456789abcdef-c0-g7: /nowhere/large.yaml is 4194305 bytes, larger than the limit of 4194304 bytes");
    const reasons = await Promise.all(["4", "5", "6"].map(async (g) => (await Job.fromId(q, `0123456789abcdef-c0-g${g}`))!.failedReason));
    expect(reasons[0]).toMatch(/^houserules worker: shard 0123456789abcdef-c0-g4: the rules .*secret\.yaml do not load from the files shipped with them \(E_\w+ at .*secret\.yaml:1:1\)$/);
    expect(reasons[1]).toBe(`houserules worker: shard 0123456789abcdef-c0-g5: the text of ${secret} (sha256:${"0".repeat(64)}) is not in Redis: run the sweep command again, which puts it there`);
    expect(reasons[2]).toBe(`houserules worker: shard 0123456789abcdef-c0-g6: the text kept for ${secret} is not the one its hash (${other}) names`);
    for (const reason of reasons) expect(reason).not.toMatch(/topsecretkey|anotherkey/);
    redisClient.disconnect();
    await q.close();
    await stopAll(workers);
    expect(workers[0].err).not.toMatch(/topsecretkey|anotherkey/);
  }, 60_000);

  it("says when Redis cannot be reached, for the sweep and for a worker", async () => {
    const url = `redis://127.0.0.1:${await freePort()}`;
    const r = await run(["sweep", file, "--queue", url]);
    expect(r.code).toBe(1);
    expect(r.err).toBe(`houserules sweep: cannot reach Redis at ${url} (connect ECONNREFUSED ${url.slice(8)}): is redis-server running there, and is the address right?\n`);
    const w = bin(["worker", "--queue", url]);
    expect(await w.exited).toBe(1);
    expect(w.err).toContain(`houserules worker: cannot reach Redis at ${url} (connect ECONNREFUSED`);
    // an address that cannot be one is bad usage, said before anything is tried
    for (const args of [["sweep", file, "--queue", "127.0.0.1:6379"], ["worker", "--queue", "http://127.0.0.1:6379"]]) {
      const bad = await run(args);
      expect(bad.code, args.join(" ")).toBe(2);
      expect(bad.err).toContain("--queue takes redis://HOST:PORT, not");
    }
  }, 30_000);

  it("takes its address from HOUSERULES_REDIS_URL, never prints the password, and says when the password is refused", async () => {
    const guarded = await startRedis(["--requirepass", "s3cret"]);
    const where = `127.0.0.1:${guarded.port}`;
    let workers: Spawned[] = [];
    try {
      let r = await run(["sweep", file, "--queue", `redis://:wrong@${where}`]);
      expect(r.code).toBe(1);
      expect(r.err).toBe(`houserules sweep: redis at ${where} refused the password (WRONGPASS): check the password in the address\n`);
      r = await run(["sweep", file, "--queue", guarded.url]);
      expect(r.code).toBe(1);
      expect(r.err).toBe(`houserules sweep: redis at ${where} asks for a password (NOAUTH): give it in the address, redis://:PASSWORD@${where}, or in ${redisUrlVariable}\n`);
      // unreachable, and not an address at all: the password is masked in both
      const port = await freePort();
      r = await run(["sweep", file, "--queue", `redis://:s3cret@127.0.0.1:${port}`]);
      expect(r.err).toContain(`cannot reach Redis at redis://:***@127.0.0.1:${port} (connect ECONNREFUSED`);
      r = await run(["sweep", file, "--queue", `http://me:s3cret@${where}`]);
      expect(r.code).toBe(2);
      expect(r.err).toContain(`not 'http://me:***@${where}'`);
      expect(r.err).not.toContain("s3cret");
      // the address in the environment only (workers inherit it): the sweep plays, and no line shows the password
      process.env[redisUrlVariable] = `redis://:s3cret@${where}/1`;
      workers = [bin(["worker", "--workers", "1", "--lock", "2"])];
      r = await run(["sweep", file, "--json"]);
      expect(r.err).toBe("");
      expect(r.out).toBe(local);
      await stopAll(workers);
      expect(workers[0].err).toContain(`taking shards from redis://:***@${where}/1 on 1 thread`);
      expect(workers[0].err).not.toContain("s3cret");
    } finally {
      delete process.env[redisUrlVariable];
      await stopAll(workers);
      await guarded.stop();
    }
  }, 90_000);

  it("takes rediss:// (TLS) and masks passwords in any text", async () => {
    expect(redisOptions("rediss://:pw@example.org:6380/2")).toMatchObject({ host: "example.org", port: 6380, db: 2, password: "pw", tls: { servername: "example.org" } });
    expect(redisOptions("redis://example.org").tls).toBeUndefined();
    expect(masked("at redis://user:p%40ss@h:1/2 and rediss://:x@h")).toBe("at redis://user:***@h:1/2 and rediss://:***@h");
    // an address over TLS is tried, not refused as bad usage
    const port = await freePort();
    const r = await run(["sweep", file, "--queue", `rediss://127.0.0.1:${port}`]);
    expect(r.code).toBe(1);
    expect(r.err).toContain(`cannot reach Redis at rediss://127.0.0.1:${port}`);
  }, 30_000);
});
