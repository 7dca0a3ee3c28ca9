// The examples of docs/scenarios.md are scenarios: each passes, or fails with exactly the text shown after it.
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { runScenarioText } from "../src/scenario/scenario.js";
import { formatDiagnostic } from "../src/interpreter/diagnostics.js";
import { loadRules } from "../src/interpreter/load/load.js";
import { newGame } from "../src/interpreter/engine.js";
import type { State } from "../src/interpreter/state.js";

const doc = readFileSync("docs/scenarios.md", "utf8");

/** Each ```yaml block with a top-level `moves:` is a scenario; a ```text block right after it is its failures. */
function examples(): { line: number; text: string; failures: string[] }[] {
  const out: { line: number; text: string; failures: string[] }[] = [];
  const block = /```(\w+)\n([\s\S]*?)```/g;
  let last: { line: number; text: string; failures: string[]; end: number } | null = null;
  for (let m; (m = block.exec(doc)); ) {
    const line = doc.slice(0, m.index).split("\n").length;
    if (m[1] === "yaml" && /^moves:/m.test(m[2])) {
      last = { line, text: m[2], failures: [], end: m.index + m[0].length };
      out.push(last);
    } else if (m[1] === "text" && last && doc.slice(last.end, m.index).trim() === "") {
      last.failures = m[2].trim().split("\n");
    }
  }
  return out;
}

describe("the examples of docs/scenarios.md", () => {
  const all = examples();
  it("are there: a passing example for each feature, and failing ones with their output", () => {
    expect(all.length).toBeGreaterThanOrEqual(9);
    expect(all.filter((e) => e.failures.length).length).toBeGreaterThanOrEqual(2);
  });
  it.each(all.map((e) => [`line ${e.line}`, e] as const))("%s", (_, e) => {
    const r = runScenarioText(e.text, "example.scenario.yaml", "test/scenarios");
    expect(r.failures.map(formatDiagnostic)).toEqual(e.failures);
    expect(r.passed).toBe(e.failures.length === 0);
  });
  it("the GameHooks example steers a game as it says: a reversed shuffle, the same cards in another deal", () => {
    const game = loadRules("idiot").game!;
    const dealt = (reverse: boolean) => {
      let setUp: State | null = null;
      const s = newGame(game, {
        players: ["Ann", "Bob"],
        seed: 11,
        hooks: { shuffled: reverse ? (s, zone) => void s.zones[zone].reverse() : undefined, afterSetup: (s) => void (setUp = s) },
      });
      expect(setUp).toBe(s);
      return s.zones.map((z) => z.slice());
    };
    const plain = dealt(false);
    const reversed = dealt(true);
    expect(reversed).not.toEqual(plain);
    expect(reversed.flat().sort((a, b) => a - b)).toEqual(plain.flat().sort((a, b) => a - b));
    expect(doc).toContain("shuffled: (s, zone) => void s.zones[zone].reverse()");
  });
});
