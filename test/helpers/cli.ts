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

/**
 * Simulates two games of the rules with `agents`, saving them (simulate --log), and replays the log: the saved
 * text, and the replay's outcome, for a test to check that every game replays the same.
 */
export async function savedAndReplayed(rules: string, players: number, agents: string): Promise<{ saved: string; simCode: number; replay: { code: number; out: string; err: string } }> {
  const { mkdtempSync, readFileSync } = await import("node:fs");
  const { tmpdir } = await import("node:os");
  const { join } = await import("node:path");
  const log = join(mkdtempSync(join(tmpdir(), "houserules-saved-")), "games.jsonl");
  const sim = await run(["simulate", rules, "--games", "2", "--players", String(players), "--seed", "5", "--agents", agents, "--log", log]);
  return { saved: sim.code === 0 ? readFileSync(log, "utf8") : sim.err, simCode: sim.code, replay: await run(["replay", log]) };
}
