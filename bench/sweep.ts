// npm run bench:sweep: what the queue costs. The same sweep is run on this machine's pool with one thread (no
// queue), then on the queue (a redis-server of its own on 127.0.0.1, N `houserules worker --workers 1`
// processes and the `houserules sweep --queue` command), in alternating rounds. Each is counted in CPU seconds
// of every process it takes (its threads included; Redis's too), which holds on a shared machine where wall time
// does not, and in wall time with the load average beside it. The merged JSON must be the same bytes every time.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { freePort } from "../src/node/free-port.js";
import { loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { createInterface } from "node:readline";
import { intFlag, readArgs } from "../src/cli/args.js";
import { UsageError } from "../src/cli/io.js";

const usage = `usage: npm run bench:sweep -- [--file F] [--shard N] [--workers K] [--rounds R] [--json]

  --file F     the sweep file (default sweeps/on-the-cards.yaml)
  --shard N    games a shard, in place of the file's (default: the file's)
  --workers K  worker processes on the queue, one thread each (default 1)
  --rounds R   rounds of (this machine, the queue) (default 2)
  --json       one JSON object instead of the table

Needs redis-server on the PATH (Debian's package: apt-get install redis-server).
`;

const bin = resolve("bin/houserules.js");
const tick = 100; // clock ticks a second in /proc (USER_HZ)

/** CPU seconds (user + system) of a live process and its threads, from /proc. */
function cpuOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(f[11]) + Number(f[12])) / tick;
}

/** CPU seconds of this process's children that have ended and been waited for. */
function childrenCpu(): number {
  const stat = readFileSync("/proc/self/stat", "utf8");
  const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(f[13]) + Number(f[14])) / tick;
}

const ended = (p: ChildProcess) => new Promise<number>((done) => (p.exitCode !== null ? done(p.exitCode) : p.once("exit", (c) => done(c ?? 1))));

/** Runs the houserules command to its end; its stdout, wall seconds and CPU seconds. */
async function houserules(args: string[]): Promise<{ out: string; wall: number; cpu: number }> {
  const before = childrenCpu();
  const started = performance.now();
  const p = spawn(process.execPath, [bin, ...args], { stdio: ["ignore", "pipe", "pipe"] });
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  p.stdout!.on("data", (b: Buffer) => out.push(b));
  p.stderr!.on("data", (b: Buffer) => err.push(b));
  const code = await ended(p);
  const wall = (performance.now() - started) / 1000;
  if (code !== 0) throw new Error(`houserules ${args.join(" ")} exited ${code}: ${Buffer.concat(err).toString().slice(-2000)}`);
  return { out: Buffer.concat(out).toString(), wall, cpu: childrenCpu() - before };
}

interface Run {
  how: string;
  wall: number;
  cpu: number;
  parts: Record<string, number>;
  load: [number, number];
}

async function local(file: string): Promise<{ run: Run; json: string }> {
  const load0 = loadavg()[0];
  const r = await houserules(["sweep", file, "--workers", "1", "--json"]);
  return { run: { how: "this machine, 1 thread", wall: r.wall, cpu: r.cpu, parts: { sweep: r.cpu }, load: [load0, loadavg()[0]] }, json: r.out };
}

async function onQueue(file: string, workers: number): Promise<{ run: Run; json: string }> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), "houserules-bench-redis-"));
  const redis = spawn("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--dir", dir, "--save", "", "--appendonly", "no"], { stdio: "ignore" });
  const url = `redis://127.0.0.1:${port}`;
  try {
    for (let i = 0; spawnSync("redis-cli", ["-p", String(port), "ping"], { encoding: "utf8" }).stdout?.trim() !== "PONG"; i++) {
      if (i > 100) throw new Error("redis-server did not start");
      await new Promise((r) => setTimeout(r, 50));
    }
    const load0 = loadavg()[0];
    const redis0 = cpuOf(redis.pid!);
    const started = performance.now();
    const procs = Array.from({ length: workers }, () => spawn(process.execPath, [bin, "worker", "--queue", url, "--workers", "1"], { stdio: ["ignore", "ignore", "pipe"] }));
    // every worker ready before the sweep starts, so that the wall time is the sweep's
    await Promise.all(procs.map((p) => new Promise<void>((done) => createInterface({ input: p.stderr! }).on("line", (l) => (/taking shards/.test(l) ? done() : undefined)))));
    const ready = (performance.now() - started) / 1000;
    const sweep = await houserules(["sweep", file, "--queue", url, "--json"]);
    const redisCpu = cpuOf(redis.pid!) - redis0;
    const afterSweep = childrenCpu();
    for (const p of procs) p.kill("SIGTERM");
    await Promise.all(procs.map(ended));
    const workersCpu = childrenCpu() - afterSweep;
    return {
      run: {
        how: `queue, ${workers} worker${workers === 1 ? "" : "s"}`, wall: sweep.wall, cpu: sweep.cpu + workersCpu + redisCpu,
        parts: { sweep: sweep.cpu, workers: workersCpu, redis: redisCpu, "workers starting (s wall)": ready },
        load: [load0, loadavg()[0]],
      },
      json: sweep.out,
    };
  } finally {
    redis.kill("SIGTERM");
    await ended(redis);
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const { values } = readArgs(process.argv.slice(2), { file: { type: "string" }, shard: { type: "string" }, workers: { type: "string" }, rounds: { type: "string" }, json: { type: "boolean" } });
  if (values.help) return void process.stdout.write(usage);
  if (spawnSync("redis-server", ["--version"], { stdio: "ignore" }).status !== 0) throw new UsageError("bench:sweep needs redis-server on the PATH (apt-get install redis-server)");
  const source = resolve(typeof values.file === "string" ? values.file : "sweeps/on-the-cards.yaml");
  const workers = intFlag(values.workers, "workers", 1, 1, 16);
  const rounds = intFlag(values.rounds, "rounds", 2, 1, 20);
  const tmp = mkdtempSync(join(tmpdir(), "houserules-bench-sweep-"));
  let file = source;
  if (typeof values.shard === "string") {
    const shard = intFlag(values.shard, "shard", 25, 1, 100_000);
    const text = readFileSync(source, "utf8");
    if (!/^shard: *\d+ *$/m.test(text)) throw new UsageError(`${source} has no 'shard:' line to change`);
    file = join(tmp, "sweep.yaml");
    writeFileSync(file, text.replace(/^shard: *\d+ *$/m, `shard: ${shard}`));
  }
  const runs: Run[] = [];
  let bytes: string | undefined;
  try {
    for (let r = 0; r < rounds; r++) {
      for (const go of [() => local(file), () => onQueue(file, workers)]) {
        const { run, json } = await go();
        if (bytes !== undefined && json !== bytes) throw new Error(`${run.how}: the merged JSON differs from the first run's`);
        bytes = json;
        runs.push(run);
        if (!values.json) process.stderr.write(`${run.how}: ${run.wall.toFixed(1)} s wall, ${run.cpu.toFixed(1)} s CPU\n`);
      }
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
  // the overhead of each round (the queue's run against this machine's run next to it), median and range
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const pairs = Array.from({ length: runs.length / 2 }, (_, i) => [runs[2 * i], runs[2 * i + 1]]);
  const overheadOf = (key: "wall" | "cpu") => {
    const xs = pairs.map(([here, queue]) => queue[key] / here[key] - 1);
    return { median: median(xs), min: Math.min(...xs), max: Math.max(...xs) };
  };
  const overhead = { cpu: overheadOf("cpu"), wall: overheadOf("wall") };
  const result = { file: source, shard: values.shard ?? "the file's", workers, runs, overhead, sameBytes: true };
  if (values.json) return void process.stdout.write(JSON.stringify(result, null, 2) + "\n");
  const lines = ["| run | wall s | CPU s | CPU by process | load |", "|---|---|---|---|---|"];
  for (const r of runs) lines.push(`| ${r.how} | ${r.wall.toFixed(1)} | ${r.cpu.toFixed(1)} | ${Object.entries(r.parts).map(([k, v]) => `${k} ${v.toFixed(1)}`).join(", ")} | ${r.load.map((l) => l.toFixed(1)).join("–")} |`);
  const pc = (o: { median: number; min: number; max: number }) => `${(o.median * 100).toFixed(1)}% (${(o.min * 100).toFixed(1)} to ${(o.max * 100).toFixed(1)})`;
  lines.push("", `queue overhead, median (range) over ${rounds} rounds: ${pc(overhead.cpu)} CPU, ${pc(overhead.wall)} wall; merged JSON the same bytes in every run`);
  process.stdout.write(lines.join("\n") + "\n");
}

main().catch((e: Error) => {
  process.stderr.write(`bench:sweep: ${e instanceof UsageError ? e.message : e.stack}\n`);
  process.exit(e instanceof UsageError ? 2 : 1);
});
