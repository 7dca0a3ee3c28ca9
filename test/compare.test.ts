// Comparing two sets of rules: the same games under both, the figures side by side, and only differences
// larger than chance marked.
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { compareSummaries } from "../src/sim/compare.js";
import { simulate } from "../src/sim/simulate.js";
import { loadComposition } from "../src/interpreter/load/load.js";
import { randomAgent } from "../src/agents/random.js";
import { run } from "./helpers/cli.js";
import { threesAreWild as threes } from "./helpers/threes.js";


describe("compareSummaries", () => {
  const players = 4;
  const agents = Array.from({ length: players }, () => randomAgent);
  const options = { players, games: 80, seed: 3, agents, coverage: false };
  const dir = mkdtempSync(join(tmpdir(), "houserules-compare-"));
  writeFileSync(join(dir, "threes.yaml"), threes);
  const base = loadComposition(["idiot"]).game!;
  const variant = loadComposition(["./threes.yaml"], dir).game!;
  const a = simulate(base, options);

  it("finds no difference between the same rules played the same way", () => {
    const c = compareSummaries(a, simulate(base, options));
    expect(c.differences.every((f) => f.difference === 0 && !f.significant)).toBe(true);
    expect(c.differences.map((f) => f.measure)).toContain("P4 loss rate");
  });

  it("marks a real difference: threes played on anything make Idiot shorter", () => {
    const c = compareSummaries(a, simulate(variant, options));
    const length = c.differences.find((f) => f.measure === "game length (moves)")!;
    expect(length.difference).toBeLessThan(0);
    expect(length.significant).toBe(true);
    expect(length.p!).toBeLessThan(0.05);
    expect(c.differences.find((f) => f.measure === "games finished")!.significant).toBe(false);
  });

  it("sets each side's balance, drama, decisiveness and skill side by side, none where a side has none", () => {
    const b = simulate(variant, options);
    const c = compareSummaries(a, b);
    expect(c.evaluation.map((e) => [e.measure, e.a, e.b])).toEqual([
      ["balance", a.balance!.value, b.balance!.value],
      ["drama", a.drama!.leadChanges.mean, b.drama!.leadChanges.mean],
      ["decisiveness", a.decisiveness!.settled.mean, b.decisiveness!.settled.mean],
      ["skill", null, null],
    ]);
    expect(c.evaluation[1].difference).toBeCloseTo(b.drama!.leadChanges.mean - a.drama!.leadChanges.mean, 4);
    expect(c.evaluation[3].difference).toBeNull();
    // the evaluation rows are not among the tested figures: the Holm correction counts what it did before
    expect(c.differences.some((d) => /balance|drama|decisive|skill/.test(d.measure))).toBe(false);
  });


  it("needs nothing of Node, so the playground can use it", () => {
    const seen = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      const text = readFileSync(file, "utf8");
      for (const m of text.matchAll(/^import (?!type )[^;]*?from "([^"]+)"/gm)) {
        expect(m[1].startsWith("node:") || !m[1].startsWith("."), `${file} imports ${m[1]}`).toBe(false);
        visit(join(dirname(file), m[1].replace(/\.js$/, ".ts")));
      }
    };
    visit("src/sim/compare.ts");
    expect(seen.size).toBeGreaterThanOrEqual(2);
  });
});

describe("houserules compare", () => {
  it("prints both sides, the difference and the marks, and --json", async () => {
    const dir = mkdtempSync(join(tmpdir(), "houserules-compare-"));
    writeFileSync(join(dir, "threes.yaml"), threes);
    const file = join(dir, "threes.yaml");
    const text = await run(["compare", "idiot", "--with", file, "--games", "60", "--seed", "3"]);
    expect(text.code).toBe(0);
    expect(text.out).toMatch(/^A: Idiot \(idiot\)\nB: Idiot \+ Threes Are Wild \(idiot\+.*threes\.yaml\)\n60 games each, 4 players, seed 3/);
    expect(text.out).toMatch(/\ngame length \(moves\) +[\d.]+ +[\d.]+ +-[\d.]+ +\* p\S+ +\* p\S+\n/);
    // beside each p the same p corrected for all the figures at once, and what that correction means
    expect(text.out).toMatch(/\nmeasure +A +B +B − A +95% +Holm\n/);
    expect(text.out).toMatch(/\nevaluation +what +A +B +B − A\n[^]*\nskill +the strongest agent's win rate less chance +none +none\n/);
    expect(text.out).toMatch(/\nCorrected for all \d+ figures tested at once \(Holm's method\), \d+ stays? significant at 95%: if the two sets of rules played alike/);
    const json = await run(["compare", "idiot", `idiot+${file}`, "--games", "60", "--seed", "3", "--json", "--coverage"]);
    const c = JSON.parse(json.out);
    expect(Object.keys(c)).toEqual(["a", "b", "players", "games", "seed", "agents", "level", "differences", "evaluation"]);
    expect(c.evaluation.map((e: { measure: string }) => e.measure)).toEqual(["balance", "drama", "decisiveness", "skill"]);
    expect(c.differences.find((f: { measure: string }) => f.measure === "game length (moves)").significant).toBe(true);
    // the corrected p is added beside the fields each difference had, which are unchanged
    expect(Object.keys(c.differences[0])).toEqual(["measure", "a", "b", "difference", "kind", "p", "significant", "pHolm", "significantHolm"]);
    const tested = c.differences.filter((f: { p: number | null }) => f.p !== null);
    expect(tested.every((f: { p: number; pHolm: number }) => f.pHolm >= f.p && f.pHolm <= 1)).toBe(true);
    expect(c.differences.find((f: { measure: string }) => f.measure === "game length (moves)").significantHolm).toBe(true);
    expect(c.differences.filter((f: { measure: string }) => f.measure.endsWith("(share of games)")).length).toBeGreaterThan(3); // rule by rule
    expect((await run(["compare", "idiot"])).code).toBe(2);
    expect((await run(["compare", "--help"])).out).toContain("Usage: houserules compare <A> <B>");
  });
});
