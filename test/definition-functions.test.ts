// A definition's parameter can be a function: the body calls it (f(x), or x.f), and a use of the definition gives
// one written there (x => ...) or names a definition taking as many parameters. Both back ends give the same
// values, every call counts as a call of a function given to a built-in does, a mistake is an E_TYPE at its place,
// and a definition still cannot use itself, also not through a function it is given.
import { describe, expect, it } from "vitest";
import { compileRulesText } from "../src/interpreter/load/load.js";
import { formatDiagnostic } from "../src/interpreter/diagnostics.js";
import { newGame } from "../src/interpreter/engine.js";
import { errorsOf, tinyRules } from "./helpers/rules.js";
import { loadComposition } from "../src/interpreter/load/load.js";
import { explain } from "../src/explain/rulebook.js";
import { rulebookText } from "../src/explain/render.js";

const definitions = `define:
  highest(f): "players.map(p => f(p)).max"
  most: "highest(p => p.hand.count)"
  handCount(p): p.hand.count
  twice(f, x): "f(f(x))"
  largest(f): "players[0].hand.map(c => c.f).max"
  pairSum(g): "[10, 20].map((v, i) => g(v, i)).sum"
  plusIndex(v, i): v + i
  countOf(f): "highest(f)"
  nested: "highest(p => highest(q => q.hand.count) + p.hand.count)"
  scored(card): "card.rank * 2"
`;

/** The values of `exprs` (numbers) in the setup of Tiny with the definitions above, in one back end; and the work counted. */
function values(exprs: string[], backend: "js" | "closures", extra = definitions): { values: unknown[]; ticks: number } {
  const vars = exprs.map((_, i) => `  v${i}: {type: number}`).join("\n");
  const sets = exprs.map((e, i) => `  v${i} = ${e}`).join("\n");
  const text = tinyRules(`variables:\n${vars}\n${extra}`, { "setup: |\n  deal(stock, hand, 3)\n": `setup: |\n  deal(stock, hand, 3)\n  move(stock.top, players[0].hand)\n${sets}\n` });
  const r = compileRulesText(text, "t.yaml", "t", undefined, { backend });
  expect(r.diagnostics.filter((d) => d.severity === "error").map(formatDiagnostic)).toEqual([]);
  const s = newGame(r.game!, { players: ["Ann", "Bob"], seed: 1 });
  expect(s.error).toBe(null);
  return { values: exprs.map((_, i) => s.vars[r.game!.vars.find((v) => v.name === `v${i}`)!.slot]), ticks: s.ticks };
}

/** Tiny with a number variable v, the definitions given, and a setup that sets v to `value`. */
function settingV(defines: string, value: string): string {
  return tinyRules(`variables:\n  v: {type: number}\ndefine:\n${defines}`, { "setup: |\n  deal(stock, hand, 3)\n": `setup: |\n  deal(stock, hand, 3)\n  v = ${value}\n` });
}

const cases: [string, number][] = [
  ["most", 4],
  ["highest(handCount)", 4],
  ["highest(p => p.hand.count * 10)", 40],
  ["twice(x => x + 3, 1)", 7],
  ["twice(x => x * x, 3)", 81],
  ["pairSum((v, i) => v * 10 + i)", 301],
  ["pairSum(plusIndex)", 31],
  ["pairSum(v => v)", 30],
  ["countOf(handCount)", 4],
  ["countOf(p => 1)", 1],
  ["nested", 8],
  ["largest(scored) >= 2", 1],
  ["largest(c => c.rank) >= 2", 1],
];

describe("definitions that take functions", () => {
  it("give the same values with both back ends", () => {
    const exprs = cases.map(([e]) => (e.includes(">=") ? `${e} ? 1 : 0` : e));
    const js = values(exprs, "js");
    const closures = values(exprs, "closures");
    expect(js.values).toEqual(cases.map(([, v]) => v));
    expect(closures.values).toEqual(js.values);
  });

  it("count each call of a function given to a definition, as a call of one given to a built-in", () => {
    for (const backend of ["js", "closures"] as const) {
      const none = values(["0"], backend).ticks;
      // players.max calls its function once a player: twice, and each calls f once more
      const viaDefinition = values(["highest(p => p.hand.count)"], backend).ticks;
      const direct = values(["players.map(p => p.hand.count).max"], backend).ticks;
      expect(direct - none, backend).toBe(2);
      expect(viaDefinition - none, backend).toBe(4);
      const named = values(["highest(handCount)"], backend).ticks;
      expect(named - none, backend).toBe(4);
    }
  });

  it("stop a definition that calls its function without end at the step limit, in both back ends", () => {
    const looping = `define:
  spin(f): |
    let n = 0
    while f(n) {
      n += 1
    }
limits: {steps: 500}
`;
    for (const backend of ["js", "closures"] as const) {
      const text = tinyRules(looping, { "setup: |\n  deal(stock, hand, 3)\n": "setup: |\n  deal(stock, hand, 3)\n  spin(n => n >= 0)\n" });
      const r = compileRulesText(text, "t.yaml", "t", undefined, { backend });
      expect(r.diagnostics.filter((d) => d.severity === "error").map(formatDiagnostic)).toEqual([]);
      const s = newGame(r.game!, { players: ["Ann", "Bob"], seed: 1 });
      expect(String(s.error), backend).toMatch(/is looping: more than 500 steps/);
    }
  });

  it("refuse a definition that uses itself through a function it is given, or gives itself", () => {
    const through = settingV(`  apply(f, x): "f(x)"\n  g(x): "apply(y => g(y), x)"\n`, "g(1)");
    expect(errorsOf(through)).toEqual([
      "t.yaml:27:21: error E_RECURSION: 'g' uses itself (directly or through other definitions); definitions cannot be recursive",
    ]);
    const named = settingV(`  apply(f, x): "f(x)"\n  g(x): "apply(g, x)"\n`, "g(1)");
    expect(errorsOf(named)).toEqual([
      "t.yaml:26:17: error E_RECURSION: 'g' uses itself (directly or through other definitions); definitions cannot be recursive",
    ]);
  });

  it("say where a function is given for a value, or a value for a function, with what to write", () => {
    const rules = (uses: string) => settingV(`  highest(f): "players.map(p => f(p)).max"\n  double(x): x * 2\n  pairOf(a, b): a + b\n`, uses);
    const mistakes: [string, string][] = [
      ["highest(3)", "t.yaml:13:15: error E_TYPE: 'highest''s first argument (f) is a function taking 1 argument, not a value: write one, as in x => ..., or name a definition taking one, such as double"],
      ["double(x => x)", "t.yaml:13:14: error E_TYPE: 'double''s first argument (x) is a value, not a function: 'double' never calls x (a parameter its body calls, as in x(...), takes a function)"],
      ["highest(pairOf)", "t.yaml:13:15: error E_TYPE: 'highest''s first argument (f) is a function taking 1 argument, but 'pairOf' takes 2 parameters"],
      ["highest((p, q) => 1)", "t.yaml:13:15: error E_TYPE: 'highest''s first argument (f) is called with 1 argument, but this function takes 2"],
    ];
    for (const [use, error] of mistakes) expect(errorsOf(rules(use)), use).toEqual([error]);
  });

  it("say where a function parameter is read as a value, or called with different counts", () => {
    const rules = (def: string) => settingV(`  ${def}\n`, "odd(x => 1)");
    expect(errorsOf(rules(`odd(f): "f(1) + f"`))).toEqual([
      "t.yaml:26:19: error E_TYPE: 'f' is called as a function elsewhere in this definition, so it cannot be read as a value here: call it, as in f(x)",
    ]);
    expect(errorsOf(rules(`odd(f): "f(1) + f(1, 2)"`))).toEqual([
      "t.yaml:26:19: error E_TYPE: 'f' is called with 1 argument elsewhere and 2 here: a function given to a definition takes the same number each time",
    ]);
  });

  it("type the function's body with the values it is called with", () => {
    const text = settingV(`  highest(f): "players.map(p => f(p)).max"\n`, "highest(p => p.rank)");
    expect(errorsOf(text)).toEqual([
      "t.yaml:13:22: error E_NAME: player has no 'rank'",
    ]);
  });

  it("read in words in the rulebook: a function written out, a definition named, a parameter called", () => {
    const text = rulebookText(explain(loadComposition(["scopa"]).rules!));
    expect(text).toContain("Let leaders be every player with the highest measure.");
    expect(text).toContain("Point for most, with for each player, the count of the player's won.");
    expect(text).toContain("Point for most, with the primiera total.");
    expect(text).not.toMatch(/measure\(|=>/);
  });
});
