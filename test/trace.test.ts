// Golden traces: a seeded game as text, written by `houserules trace` and checked by `trace --check`. A trace of
// each shipped game round-trips; an edit that does not change play (a comment) checks; one that does is
// reported at its first differing line, with both versions.
import { describe, expect, it } from "vitest";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { run, runBin } from "./helpers/cli.js";
import { shippedRules } from "../src/interpreter/load/resolve.js";
import { loadRules } from "../src/interpreter/load/load.js";
import { tinyRules } from "./helpers/rules.js";

const dir = mkdtempSync(join(tmpdir(), "houserules-trace-"));

describe("houserules trace", () => {
  it("round-trips a trace of each shipped game that loads alone", async () => {
    const ids = shippedRules().filter((id) => loadRules(id).game);
    expect(ids.length).toBeGreaterThanOrEqual(10);
    for (const id of ids) {
      const file = join(dir, `${id.replace(/\//g, "_")}.trace`);
      const written = await run(["trace", id, "--seed", "3", "--max-moves", "40", "--out", file]);
      expect(written.code, `${id}: ${written.err}`).toBe(0);
      const text = readFileSync(file, "utf8");
      expect(text.startsWith(`# houserules trace 1\nrules: ["${id}"]\n`), id).toBe(true);
      expect(text, id).toMatch(/^view P1: /m);
      expect(text, id).toMatch(/^legal P\d: /m);
      const checked = await run(["trace", "--check", file]);
      expect([checked.code, checked.out], id).toEqual([0, `${file}: the same (${text.split("\n").length - 1} lines)\n`]);
    }
  });

  it("passes an edit that does not change play, and reports one that does at its first differing line", () => {
    // each check in a process of its own: the rules are read anew, as a user's next run reads them
    const rules = join(dir, "mine.yaml");
    writeFileSync(rules, tinyRules());
    const trace = join(dir, "mine.trace");
    expect((runBin(["trace", rules, "--seed", "5", "--players", "3", "--out", trace])).code).toBe(0);
    const lines = readFileSync(trace, "utf8").split("\n");
    expect(lines.at(-2)).toMatch(/^== result: winners /);

    writeFileSync(rules, `# a comment, and a summary: neither changes play\n${tinyRules().replace("name: Tiny\n", "name: Tiny\nsummary: Play your cards.\n")}`);
    expect((runBin(["trace", "--check", trace])).code).toBe(0);

    writeFileSync(rules, tinyRules().replace("move(card, pile)", "putUnder(card, pile)"));
    const differs = runBin(["trace", "--check", trace]);
    expect(differs.code).toBe(1);
    const first = lines.findIndex((l) => l.startsWith("view ") && l.includes("pile ") && lines.slice(0, lines.indexOf(l)).some((x) => x.startsWith("== move 2")));
    const m = /^(.*):(\d+): play differs\n {4}trace: (.*)\n {4}now: {3}(.*)\n$/.exec(differs.out);
    expect(m, differs.out).not.toBeNull();
    expect(m![1]).toBe(trace);
    expect(Number(m![2])).toBeLessThanOrEqual(first + 1); // by the second card on the pile at the latest
    expect(m![3]).toBe(lines[Number(m![2]) - 1]);
    expect(m![4]).not.toBe(m![3]);
  });

  it("refuses a trace it cannot read with the line and what was expected", async () => {
    const bad = join(dir, "bad.trace");
    writeFileSync(bad, "# houserules trace 1\nrules: [\"idiot\"]\nplayers: many\n");
    expect((await run(["trace", "--check", bad])).out).toBe(`${bad}:3: error: 'players:' is not followed by a JSON value\n`);
    writeFileSync(bad, "hello\n");
    expect((await run(["trace", "--check", bad])).out).toBe(`${bad}:1: error: a trace begins with '# houserules trace 1'\n`);
  });
});

describe("houserules/testing", () => {
  it("checks a trace, and throws at the first differing line", async () => {
    const { expectTraceMatches } = await import("../src/api/testing.js");
    const file = join(dir, "idiot.trace");
    expect((await run(["trace", "idiot", "--seed", "9", "--max-moves", "20", "--out", file])).code).toBe(0);
    expect(expectTraceMatches(file).lines).toBeGreaterThan(20);
    const lines = readFileSync(file, "utf8").split("\n");
    const at = lines.findIndex((l) => l.startsWith("legal P1: "));
    lines[at] = "legal P1: something else";
    writeFileSync(file, lines.join("\n"));
    expect(() => expectTraceMatches(file)).toThrow(`${file}:${at + 1}: play differs\n    trace: legal P1: something else\n    now:   `);
  });
});
