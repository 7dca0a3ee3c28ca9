// Hostile rule files as fixtures (test/hostile/expected.yaml): each is refused with its own code, within its time
// and memory bound, by the real command in a process of its own, with no stack trace. The process's memory is
// capped with --max-old-space-size, so a file that made it grow past its bound would kill it and fail here.
import { describe, expect, it } from "vitest";
import { spawnSync } from "node:child_process";
import { copyFileSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parse } from "yaml";

interface Entry {
  file: string;
  make?: "twenty-megabytes" | "binary" | "invalid-utf8";
  command: "check" | "simulate";
  code?: string;
  problem?: string;
  seconds: number;
  megabytes: number;
}

const folder = "test/hostile";
const entries = parse(readFileSync(join(folder, "expected.yaml"), "utf8")) as Entry[];

/** The fixtures, and the files made here, in one folder of their own (a file names only files beside it). */
const dir = mkdtempSync(join(tmpdir(), "houserules-hostile-"));
for (const name of readdirSync(folder)) if (name !== "expected.yaml") copyFileSync(join(folder, name), join(dir, name));
const made: Record<NonNullable<Entry["make"]>, () => Buffer> = {
  "twenty-megabytes": () => Buffer.from("name: Big\n" + `# ${"x".repeat(98)}\n`.repeat(200_000)),
  binary: () => Buffer.from(Array.from({ length: 65_536 }, (_, i) => (i * 2654435761) >>> 24)),
  "invalid-utf8": () => Buffer.concat([Buffer.from("name: Bad\nplayers: 2\n# "), Buffer.from([0xc3, 0x28, 0xff, 0xfe]), Buffer.from("\n")]),
};
for (const e of entries) if (e.make) writeFileSync(join(dir, e.file), made[e.make]());

describe("hostile rule files", () => {
  it("lists every fixture in the folder", () => {
    const listed = new Set(entries.map((e) => e.file));
    expect(readdirSync(folder).filter((n) => n !== "expected.yaml" && !listed.has(n))).toEqual([]);
  });

  // The files of one command and one memory bound are given to one process, in turn: a process each would cost
  // more in starting Node than in the files. Each file's code is looked for at its own path.
  const groups = new Map<string, Entry[]>();
  for (const e of entries) groups.set(`${e.command} ${e.megabytes}`, [...(groups.get(`${e.command} ${e.megabytes}`) ?? []), e]);

  it.each([...groups].map(([key, group]) => [key, group.map((e) => e.file).join(", "), group]))("%s MB: %s, each refused with its code, within its time and memory", (_key, _files, group) => {
    const e0 = group[0];
    const files = group.map((e) => join(dir, e.file));
    const args = e0.command === "check" ? ["check", ...files] : null;
    const runs = args ? [args] : files.map((f) => ["simulate", f, "--games", "2", "--players", "2", "--json"]);
    const seconds = group.reduce((sum, e) => sum + e.seconds, 0);
    const started = Date.now();
    const outputs = runs.map((a) => spawnSync(process.execPath, [`--max-old-space-size=${e0.megabytes}`, "bin/houserules.js", ...a], { encoding: "utf8", timeout: seconds * 1000 }));
    const took = (Date.now() - started) / 1000;
    for (const r of outputs) {
      expect(r.signal, `killed after ${took} s`).toBe(null);
      expect(r.status).toBe(1);
      expect(r.stdout + r.stderr).not.toMatch(/\n\s+at .+:\d+:\d+\)?\n/); // no stack trace
    }
    expect(took).toBeLessThan(seconds);
    group.forEach((e, i) => {
      if (e.code) expect(outputs[0].stdout + outputs[0].stderr).toMatch(new RegExp(`^${join(dir, e.file).replace(/[.]/g, "\\.")}:\\d+:\\d+: error ${e.code}: `, "m"));
      if (e.problem) expect(JSON.parse(outputs[i].stdout).problems.map((p: { message: string }) => p.message).join("\n")).toContain(e.problem);
    });
  });
});
