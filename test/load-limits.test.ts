// Every size and depth a rule file can drive while loading has a limit with its own code, reported where the
// limit was passed, before the work is done: nothing a file says crashes, hangs or exhausts the loader.
import { describe, expect, it } from "vitest";
import { parseExpression, parseProgram } from "../src/interpreter/lang/ast.js";
import { errorsOf, tinyRules } from "./helpers/rules.js";

const deckOf = (set: string) => tinyRules("", { "    - deck: standard52\n      into: stock\n": set });

describe("depth limits", () => {
  it("parseExpression and parseProgram return a located problem, never throw, however deep the text", () => {
    for (const n of [64, 150, 200, 10_000, 100_000]) {
      const r = parseExpression("(".repeat(n) + "1" + ")".repeat(n));
      expect(r.value).toBe(null);
      expect(r.problems).toEqual([{ code: "E_EXPR_DEPTH", message: "nested more than 64 levels deep (brackets, calls, conditionals, not, minus, blocks)", at: { start: 64, end: 65 } }]);
    }
    for (const text of ["not ".repeat(50_000) + "x", "- ".repeat(50_000) + "1", "x => ".repeat(50_000) + "1", "a ? ".repeat(50_000) + "1", "[".repeat(50_000)]) {
      expect(parseExpression(text).problems.map((p) => p.code)).toEqual(["E_EXPR_DEPTH"]);
    }
    expect(parseProgram("if x { ".repeat(50_000)).problems.map((p) => p.code)).toEqual(["E_EXPR_DEPTH"]);
    expect(parseProgram("if a {} " + "else if a {} ".repeat(50_000)).problems.map((p) => p.code)).toEqual(["E_EXPR_DEPTH"]);
    expect(parseExpression("(".repeat(63) + "1" + ")".repeat(63)).problems).toEqual([]);
  });

  it("refuses an operator chain deeper than the tree limit, and accepts one within it", () => {
    expect(parseExpression(Array(257).fill("1").join(" + ")).problems).toEqual([]);
    const r = parseExpression(Array(20_000).fill("1").join(" + "));
    expect(r.problems.map((p) => [p.code, p.message])).toEqual([["E_EXPR_DEPTH", "more than 256 operations nested in one expression: split it with define"]]);
    expect(parseExpression("x" + ".y".repeat(20_000)).problems.map((p) => p.code)).toEqual(["E_EXPR_DEPTH"]);
  });

  it("reports 200 nested parentheses in a rule file at their place, not as an internal error", () => {
    const deep = "(".repeat(200) + "true" + ")".repeat(200);
    expect(errorsOf(tinyRules("", { "end: players.all(p => p.hand.empty)": `end: ${deep}` }))).toEqual([
      "t.yaml:21:70: error E_EXPR_DEPTH: nested more than 64 levels deep (brackets, calls, conditionals, not, minus, blocks)",
    ]);
  });

  it("refuses YAML nested 10,000 deep in flow style, and as deep as a file's size allows in block style, where the limit was passed", () => {
    expect(errorsOf(tinyRules(`x: ${"[".repeat(10_000)}${"]".repeat(10_000)}\n`))).toEqual(["t.yaml:22:68: error E_YAML_DEPTH: values nested more than 64 deep"]);
    const block = Array.from({ length: 2_800 }, (_, i) => `${" ".repeat(i)}k:`).join("\n"); // 3.9 MB
    expect(errorsOf(block)).toEqual(["t.yaml:65:65: error E_YAML_DEPTH: values nested more than 64 deep"]);
    expect(errorsOf(`x:\n${"- ".repeat(10_000)}1\n`)).toEqual(["t.yaml:2:127: error E_YAML_DEPTH: values nested more than 64 deep"]);
  });
});

describe("size limits while loading", () => {
  it("refuses a document of more YAML tokens than the limit while it is read", () => {
    expect(errorsOf(`x: [${"1,".repeat(300_000)}1]\n`)).toEqual(["t.yaml:1:333334: error E_YAML_SIZE: the document is too large (more than 500000 YAML tokens)"]);
  });

  it("counts a card set before making it: a huge range, a huge product, huge copies", () => {
    expect(errorsOf(deckOf("    - into: stock\n      each: {rank: 1..99999999999999}\n"))).toEqual([
      "t.yaml:6:20: error E_CARD_COUNT: this range has 99,999,999,999,999 values, more than the limit of 100,000 cards in a game",
    ]);
    expect(errorsOf(deckOf("    - into: stock\n      each: {a: 1..1000, b: 1..1000}\n"))).toEqual([
      "t.yaml:6:13: error E_CARD_COUNT: this set would make 1,000,000 cards, more than the limit of 100,000 cards in a game",
    ]);
    expect(errorsOf(deckOf("    - into: stock\n      each: {rank: 1..1000}\n      copies: 1000\n"))).toEqual([
      "t.yaml:7:15: error E_CARD_COUNT: this set would make 1,000,000 cards, more than the limit of 100,000 cards in a game",
    ]);
    expect(errorsOf(deckOf("    - deck: standard52\n      into: stock\n      copies: 1000\n    - deck: standard52\n      into: stock\n      copies: 1000\n"))).toEqual([
      "t.yaml:10:15: error E_CARD_COUNT: this set would make 52,000 cards, after 52,000, more than the limit of 100,000 cards in a game",
    ]);
  });

  it("caps the limits a file sets for itself", () => {
    expect(errorsOf(tinyRules("limits: {steps: 100000000000000, moves: 1000000000000}\n"))).toEqual([
      "t.yaml:22:17: error E_LIMIT: limits.steps is at most 1,000,000, not 100,000,000,000,000",
      "t.yaml:22:41: error E_LIMIT: limits.moves is at most 1,000,000, not 1,000,000,000,000",
    ]);
    expect(errorsOf(tinyRules("limits: {steps: 1000000, moves: 1000000}\n"))).toEqual([]);
  });
});

describe("rule and scenario text given from code", () => {
  it("is held to the size limit of a file, refused at once and at its own name", async () => {
    const { loadRulesText, runScenarioText, RulesError } = await import("../src/api/index.js");
    const huge = "extends: idiot\ndefine:\n  x: '\"" + "a".repeat(50_000_000) + "\"'\n";
    const t0 = performance.now();
    let thrown: unknown;
    try {
      loadRulesText(huge, { name: "mine.yaml" });
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(RulesError);
    const d = (thrown as InstanceType<typeof RulesError>).diagnostics;
    expect(d).toEqual([{ severity: "error", code: "E_FILE_SIZE", message: "mine.yaml is 50000033 bytes, larger than the limit of 4194304 bytes a rule file may have", file: "mine.yaml", line: 1, col: 1 }]);
    // three bytes a character, within the limit in characters but not in bytes
    const wide = runScenarioText("rules: idiot\n# " + "€".repeat(1_500_000) + "\n", { name: "mine.scenario.yaml" });
    expect(wide.failures.map((f) => [f.code, f.file, f.message])).toEqual([["E_FILE_SIZE", "mine.scenario.yaml", "mine.scenario.yaml is 4500016 bytes, larger than the limit of 4194304 bytes a scenario file may have"]]);
    expect(performance.now() - t0).toBeLessThan(5000);
  });
});
