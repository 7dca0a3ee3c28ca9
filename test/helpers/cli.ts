// Runs the houserules command in-process with captured output, or as the real bin in a child process.
import { Readable } from "node:stream";
import { spawnSync } from "node:child_process";
import { main } from "../../src/cli/main.js";

export async function run(args: string[], input?: string): Promise<{ code: number; out: string; err: string }> {
  let out = "";
  let err = "";
  const code = await main(args, {
    out: (t) => void (out += t),
    err: (t) => void (err += t),
    tty: false,
    stdin: input === undefined ? undefined : Readable.from([input]),
  });
  return { code, out, err };
}

/** A timeout (ms) kills the child: a command that hangs then fails with code -1 instead of hanging the suite. */
export function runBin(args: string[], input?: string, timeout?: number): { code: number; out: string; err: string } {
  const r = spawnSync(process.execPath, ["bin/houserules.js", ...args], { input, encoding: "utf8", timeout });
  return { code: r.status ?? -1, out: r.stdout, err: r.stderr };
}
