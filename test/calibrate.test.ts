// npm run calibrate: the table docs/agents.md shows and the figures test/sensible.test.ts reads, written between
// the markers; a run of some agents keeps the others' figures from the last run.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { Calibration } from "../bench/calibrate.js";

const script = new URL("../dist/bench/calibrate.js", import.meta.url).pathname;

describe("npm run calibrate", () => {
  it("writes the table between the markers, and --agents measures again only the agents it names", () => {
    const dir = mkdtempSync(join(tmpdir(), "houserules-calibrate-"));
    mkdirSync(join(dir, "docs"));
    const begin = "<!-- calibration: written by npm run calibrate -- --write -->";
    const end = "<!-- end of calibration -->";
    writeFileSync(join(dir, "docs", "agents.md"), `# Agents\n\n${begin}\n${end}\nafter the table\n`);
    const run = (...args: string[]) => execFileSync(process.execPath, [script, "--game", "war", "--reference", "20", "--workers", "0", "--write", ...args], { cwd: dir, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
    const figures = () => (JSON.parse(readFileSync(join(dir, "docs", "agents-calibration.json"), "utf8")) as { games: Calibration[] }).games;

    run("--scale", "0.05");
    const first = figures();
    expect(first.map((c) => c.game)).toEqual(["war"]);
    expect(first[0].agents.map((a) => [a.agent, a.games])).toEqual([["random", 10], ["greedy", 5], ["sensible", 10], ["ismcts:20", 1]]);
    const doc = readFileSync(join(dir, "docs", "agents.md"), "utf8");
    expect(doc).toContain("| War | 2 | sensible | 10 |");
    expect(doc.endsWith(`${end}\nafter the table\n`)).toBe(true);

    run("--scale", "0.1", "--agents", "random");
    const again = figures()[0];
    expect(again.agents.map((a) => [a.agent, a.games])).toEqual([["random", 20], ["greedy", 5], ["sensible", 10], ["ismcts:20", 1]]);
    expect(again.agents.slice(1)).toEqual(first[0].agents.slice(1));
    expect(again.headToHead).toEqual(first[0].headToHead);

    expect(() => run("--agents", "clever")).toThrow(/--agents takes some of random, greedy, sensible, reference, not 'clever'/);
  }, 120_000);
});
