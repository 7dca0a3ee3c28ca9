// docs/authoring.md runs as written: every file it shows is saved into an empty folder, every command it shows
// is run there with the package's bin, and each must exit as its block says (0 unless `exit=N`) and print the
// lines shown, in order. A line "..." stands for any lines, and "..." inside a line for any text.
import { beforeAll, describe, expect, it } from "vitest";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { spawnSync } from "node:child_process";

interface Block {
  lang: string;
  info: Record<string, string>;
  body: string;
  line: number; // of the opening fence in the guide
}

const guide = readFileSync("docs/authoring.md", "utf8");

function blocks(text: string): Block[] {
  const out: Block[] = [];
  for (const m of text.matchAll(/^```(\w+)([^\n]*)\n([\s\S]*?)^```$/gm)) {
    const info = Object.fromEntries([...m[2].matchAll(/(\w+)=(\S+)/g)].map((x) => [x[1], x[2]]));
    out.push({ lang: m[1], info, body: m[3], line: text.slice(0, m.index).split("\n").length });
  }
  return out;
}

/** A command line as the shell splits it: words, and "double-quoted" words. */
function words(line: string): string[] {
  return [...line.matchAll(/"([^"]*)"|(\S+)/g)].map((m) => m[1] ?? m[2]);
}

const bin = resolve("bin/houserules.js");
const { HOUSERULES_PATH: _, ...env } = process.env;

function houserules(args: string[], cwd: string): { code: number; out: string } {
  const r = spawnSync(process.execPath, [bin, ...args], { cwd, env, encoding: "utf8", timeout: 300_000 });
  return { code: r.status ?? -1, out: r.stdout + r.stderr };
}

/** Whether the output holds the lines shown, in order: "..." skips lines, "..." in a line matches any text. */
function shows(shown: string[], output: string): boolean {
  const lines = output.replace(/\n$/, "").split("\n");
  const pattern = (l: string) => new RegExp(`^${l.split("...").map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join(".*")}$`);
  const match = (i: number, j: number): boolean => {
    if (i === shown.length) return j === lines.length;
    if (shown[i] === "...") {
      for (let k = j; k <= lines.length; k++) if (match(i + 1, k)) return true;
      return false;
    }
    return j < lines.length && pattern(shown[i]).test(lines[j]) && match(i + 1, j + 1);
  };
  return match(0, 0);
}

describe("docs/authoring.md", () => {
  const all = blocks(guide);
  const dir = mkdtempSync(join(tmpdir(), "houserules-guide-"));
  // the files come before the commands that use them in the guide, and no command writes one
  beforeAll(() => {
    for (const b of all) if (b.info.file) writeFileSync(join(dir, b.info.file), b.body);
  });

  it("quotes the shipped rule file as it is", () => {
    for (const b of all.filter((x) => x.info.from)) {
      const file = readFileSync(b.info.from, "utf8").split("\n");
      let at = 0;
      for (const line of b.body.trimEnd().split("\n")) {
        const found = file.indexOf(line, at);
        expect(found, `docs/authoring.md:${b.line}: "${line}" is not in ${b.info.from} after line ${at}`).toBeGreaterThanOrEqual(0);
        at = found + 1;
      }
    }
  });

  it("runs every step as written: check, test, simulate, compare and explain, with the output shown", { timeout: 900_000 }, () => {
    let commands = 0;
    for (const b of all) {
      if (b.lang !== "console") continue;
      const steps = b.body.trimEnd().split(/^\$ /m).filter(Boolean);
      for (const step of steps) {
        const [command, ...shown] = step.split("\n");
        const [name, ...args] = words(command);
        expect(name).toBe("houserules");
        const r = houserules(args, dir);
        const where = `docs/authoring.md:${b.line}: $ ${command}`;
        expect(r.code, `${where}\n${r.out}`).toBe(Number(b.info.exit ?? 0));
        expect(shows(shown, r.out), `${where} printed:\n${r.out}`).toBe(true);
        commands++;
      }
    }
    const run = all.filter((b) => b.lang === "console").map((b) => words(b.body.split("\n")[0].slice(2))[1]);
    expect(new Set(run)).toEqual(new Set(["explain", "check", "test", "simulate", "compare"]));
    expect(commands).toBeGreaterThanOrEqual(9);
  });

  it("has a scenario that tests the house rule: without it, the same scenario fails at the three", () => {
    const scenario = all.find((b) => b.info.file?.endsWith(".scenario.yaml"))!;
    writeFileSync(join(dir, "without.scenario.yaml"), scenario.body.replace(/^with:.*\n/m, ""));
    const r = houserules(["test", "without.scenario.yaml"], dir);
    expect(r.code).toBe(1);
    expect(r.out).toContain("refused by play/rank-order: 3C is lower than KH");
  });
});
