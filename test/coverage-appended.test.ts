// Rule coverage counts every rule of a variant, the effects its fragments append included: each appended piece
// is a rule of its own (ACTION.effect.append.N, counted when it runs), with the file and line that write it.
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { loadComposition } from "../src/interpreter/load/load.js";
import { simulate } from "../src/sim/simulate.js";
import { randomAgent } from "../src/agents/random.js";
import type { Backend } from "../src/interpreter/backend.js";
import { run } from "./helpers/cli.js";

function coverageOf(refs: string[], backend: Backend) {
  const game = loadComposition(refs, undefined, { backend }).game!;
  return simulate(game, { players: 3, games: 12, seed: "append", agents: [randomAgent, randomAgent, randomAgent] }).coverage!;
}

const lineOf = (file: string, text: string) => readFileSync(file, "utf8").split("\n").findIndex((l) => l.includes(text)) + 1;

describe("coverage of appended effects", () => {
  it("counts each appended effect as its own rule, in its own file and line, alike in both backends", () => {
    const refs = ["idiot", "idiot/nines-reverse", "idiot/eights-skip"];
    const [closures, js] = (["closures", "js"] as const).map((b) => coverageOf(refs, b));
    expect(js.rules).toEqual(closures.rules);
    const appended = js.rules.filter((r) => r.what === "ran");
    expect(appended.map((r) => [r.rule, r.file, r.line])).toEqual([
      ["actions.play.effect.append.1", "rules/idiot/nines-reverse.yaml", lineOf("rules/idiot/nines-reverse.yaml", "actions.play.effect: reverseFor")],
      ["actions.play.effect.append.2", "rules/idiot/eights-skip.yaml", lineOf("rules/idiot/eights-skip.yaml", "actions.play.effect: skipForEights")],
      ["actions.flip.effect.append.1", "rules/idiot/nines-reverse.yaml", lineOf("rules/idiot/nines-reverse.yaml", "actions.flip.effect: reverseFor")],
      ["actions.flip.effect.append.2", "rules/idiot/eights-skip.yaml", lineOf("rules/idiot/eights-skip.yaml", "actions.flip.effect: skipForEights")],
    ]);
    // an appended effect runs each time its action's effect does
    const count = (rule: string) => js.rules.find((r) => r.rule === rule)!.count;
    expect(count("actions.play.effect.append.1")).toBeGreaterThan(0);
    expect(count("actions.play.effect.append.1")).toBe(count("actions.play"));
    expect(count("actions.flip.effect.append.2")).toBe(count("actions.flip"));
  });

  it("has none for rules without appends, and names each in simulate's table with its file", async () => {
    expect(coverageOf(["idiot"], "js").rules.some((r) => r.what === "ran")).toBe(false);
    const r = await run(["simulate", "idiot", "--with", "idiot/nines-reverse", "--games", "5", "--players", "3"]);
    expect(r.out).toMatch(/\nactions\.play\.effect\.append\.1 \(nines-reverse\.yaml:\d+\) +ran +\d+ +\d+\.\d% +\d+\.\d% +[\d.]+\n/);
  });
});
