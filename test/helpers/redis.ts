// A real redis-server (Debian's package) for the tests that need one: started on a free port of 127.0.0.1 with
// a folder of its own and nothing saved, and stopped by the test that started it. The machine's own (as .ci/run
// installs it) when it has one; otherwise Debian's package fetched once into the temporary folder with
// `apt-get download` (no root, nothing installed) and unpacked there, so `npm test` needs nothing else.
import { execFileSync, spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync, symlinkSync } from "node:fs";
import { freePort } from "../../src/node/free-port.js";
import { tmpdir } from "node:os";
import { join } from "node:path";

export interface RedisServer {
  url: string;
  port: number;
  stop: () => Promise<void>;
}

/** A port nothing listens on now. */
/** Debian's packages that hold redis-server and the libraries a Debian machine may lack. */
const packages = ["redis-tools", "libjemalloc2", "liblzf1", "libatomic1"];

/** The redis-server to run, and the environment it needs. */
function redisServer(): { command: string; env: NodeJS.ProcessEnv } {
  if (spawnSync("redis-server", ["--version"], { stdio: "ignore" }).status === 0) return { command: "redis-server", env: process.env };
  const home = join(tmpdir(), "houserules-redis-debian");
  const root = join(home, "root");
  const env = { ...process.env, LD_LIBRARY_PATH: [join(root, "usr/lib/x86_64-linux-gnu"), join(root, "lib/x86_64-linux-gnu"), process.env.LD_LIBRARY_PATH].filter(Boolean).join(":") };
  const command = join(root, "usr/bin/redis-server");
  if (existsSync(command)) return { command, env };
  if (spawnSync("apt-get", ["--version"], { stdio: "ignore" }).status !== 0) {
    throw new Error("these tests need redis-server: install Debian's package (apt-get install redis-server, as .ci/run does) or put one on the PATH");
  }
  // a folder of this process's own, renamed into place when whole: tests starting at once never see half of it
  const work = mkdtempSync(join(tmpdir(), "houserules-redis-fetch-"));
  const apt = ["-q", "-o", `Dir::State::Lists=${join(work, "lists")}`, "-o", `Dir::Cache=${join(work, "cache")}`, "-o", "Debug::NoLocking=1", "-o", `APT::Sandbox::User=${process.env.USER ?? "root"}`];
  for (const d of ["lists/partial", "cache/archives/partial", "root"]) mkdirSync(join(work, d), { recursive: true });
  execFileSync("apt-get", [...apt, "update"], { cwd: work, stdio: "ignore", timeout: 300_000 });
  execFileSync("apt-get", [...apt, "download", ...packages], { cwd: work, stdio: "ignore", timeout: 300_000 });
  for (const deb of readdirSync(work).filter((f) => f.endsWith(".deb"))) execFileSync("dpkg-deb", ["-x", deb, "root"], { cwd: work });
  symlinkSync("redis-check-rdb", join(work, "root/usr/bin/redis-server")); // one program, named by how it is called
  mkdirSync(home, { recursive: true });
  try {
    renameSync(join(work, "root"), root);
  } catch {
    // another test's copy got there first: it is the same package
  }
  rmSync(work, { recursive: true, force: true });
  return { command, env };
}

/** Starts a redis-server; `options` are more of its flags (a test's --requirepass). */
export async function startRedis(options: string[] = []): Promise<RedisServer> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), "redis-"));
  const server = redisServer();
  const child: ChildProcess = spawn(server.command, ["--port", String(port), "--bind", "127.0.0.1", "--dir", dir, "--save", "", "--appendonly", "no", "--daemonize", "no", ...options], { stdio: ["ignore", "pipe", "pipe"], env: server.env });
  let output = "";
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`redis-server did not start on port ${port}:\n${output}`)), 10_000);
    child.stdout!.on("data", (d: Buffer) => {
      output += d.toString();
      if (output.includes("Ready to accept connections")) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once("exit", (code) => reject(new Error(`redis-server exited with ${code}:\n${output}`)));
    child.once("error", (e) => reject(new Error(`cannot start redis-server (${e.message}): install Debian's package, apt-get install redis-server, as .ci/run does`)));
  });
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGTERM");
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
