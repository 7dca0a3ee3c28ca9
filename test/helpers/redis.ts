// A real redis-server (Debian's package) for the tests that need one: started on a free port of 127.0.0.1 with
// a folder of its own and nothing saved, and stopped by the test that started it.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

export interface RedisServer {
  url: string;
  port: number;
  stop: () => Promise<void>;
}

/** A port nothing listens on now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

export async function startRedis(): Promise<RedisServer> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), "redis-"));
  const child: ChildProcess = spawn("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--dir", dir, "--save", "", "--appendonly", "no", "--daemonize", "no"], { stdio: ["ignore", "pipe", "pipe"] });
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
