// The language's list and number functions that the shelf's games asked for — subsets, flatMap, floor and whole
// division — give the same values in both back ends, and each is held to the list limit before it builds a list.
import { describe, expect, it } from "vitest";
import { compileRulesText } from "../src/interpreter/load/load.js";
import { formatDiagnostic } from "../src/interpreter/diagnostics.js";
import { newGame } from "../src/interpreter/engine.js";
import { tinyRules } from "./helpers/rules.js";

/** A game whose setup writes the values of `exprs` into number variables v0, v1, ...; their values in a back end. */
function values(exprs: string[], backend: "js" | "closures"): unknown[] {
  const vars = exprs.map((_, i) => `  v${i}: {type: number}`).join("\n");
  const sets = exprs.map((e, i) => `  v${i} = ${e}`).join("\n");
  const text = tinyRules(`variables:\n${vars}\n`, { "setup: |\n  deal(stock, hand, 3)\n": `setup: |\n  deal(stock, hand, 3)\n${sets}\n` });
  const r = compileRulesText(text, "t.yaml", "t", undefined, { backend });
  expect(r.diagnostics.filter((d) => d.severity === "error").map(formatDiagnostic)).toEqual([]);
  const s = newGame(r.game!, { players: ["Ann", "Bob"], seed: 1 });
  expect(s.error).toBe(null);
  return exprs.map((_, i) => s.vars[r.game!.vars.find((v) => v.name === `v${i}`)!.slot]);
}

const cases: [string, number][] = [
  ["[1, 2, 3, 4].subsets.count", 16],
  ["[1, 2, 3, 4].subsets(2).count", 6],
  ["[1, 2, 3, 4, 5].subsets(3).count(t => t.sum == 9)", 2],
  ["[5, 10, 1].subsets.filter(t => t.sum == 15).first.count", 2],
  ["[[1, 2], [3], []].flatMap(x => x).sum", 6],
  ["players.flatMap(p => p.hand).count", 6],
  ["floor(7 / 2)", 3],
  ["floor(-7 / 2)", -4],
  ["div(7, 2)", 3],
  ["div(stock.count, playerCount)", 23],
];

describe("subsets, flatMap, floor and div", () => {
  it("give the same values in both back ends", () => {
    const exprs = cases.map(([e]) => e);
    for (const backend of ["js", "closures"] as const) expect(values(exprs, backend), backend).toEqual(cases.map(([, v]) => v));
  });

  it("are held to the list limit before a list is built, and div by 0 stops the game naming itself", () => {
    for (const backend of ["js", "closures"] as const) {
      const text = tinyRules("variables:\n  v: {type: number}\n", { "setup: |\n  deal(stock, hand, 3)\n": "setup: |\n  deal(stock, hand, 3)\n  v = range(1, 40).subsets(20).count\n" });
      const r = compileRulesText(text, "t.yaml", "t", undefined, { backend });
      const t0 = performance.now();
      const s = newGame(r.game!, { players: ["Ann", "Bob"], seed: 1 });
      expect(performance.now() - t0).toBeLessThan(1000);
      expect([s.errorCode, s.error]).toEqual(["E_LIST_SIZE", "subsets: the subsets of 40 items of size 20 are more than the limit of 1,000,000 lists"]);
      const zero = newGame(compileRulesText(text.replace("range(1, 40).subsets(20).count", "div(5, stock.count - stock.count)"), "t.yaml", "t", undefined, { backend }).game!, { players: ["Ann", "Bob"], seed: 1 });
      expect(zero.error).toBe("div: a number divided by 0");
    }
  });

  it("are refused with a located message when given the wrong kinds", () => {
    const errors = (expr: string) => compileRulesText(tinyRules("variables:\n  v: {type: number}\n", { "setup: |\n  deal(stock, hand, 3)\n": `setup: |\n  deal(stock, hand, 3)\n  v = ${expr}\n` }), "t.yaml", "t").diagnostics.filter((d) => d.severity === "error").map((d) => d.message);
    expect(errors("floor('x')")[0]).toContain("floor needs a number");
    expect(errors("[1].flatMap(x => x).count").join("\n")).toContain("flatMap needs a function giving a list");
    expect(errors("[1].subsets('a').count")[0]).toContain("a subset's size is a number");
  });
});
