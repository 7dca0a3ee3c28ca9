// The grammar as chevrotain sees it: its own checks, which the running parser and lexer skip to start sooner, and
// the bundle the grammar takes chevrotain from.
import { describe, expect, it } from "vitest";
import * as tree from "chevrotain";
import * as used from "../grammar/chevrotain.js";
import { ExpressionParser, parse } from "../grammar/parser.js";
import { makeLexer } from "../grammar/lexer.js";

describe("the grammar", () => {
  it("passes chevrotain's checks of the grammar (ambiguities, left recursion, unreachable rules)", () => {
    // performSelfAnalysis throws on any definition error when the checks run
    expect(() => new ExpressionParser(true)).not.toThrow();
    expect(Object.keys(new ExpressionParser(true).getGAstProductions())).toContain("ifStatement");
  });

  it("passes chevrotain's checks of the tokens", () => {
    // the lexer throws on a definition error when the checks run
    expect(() => makeLexer(true)).not.toThrow();
    expect(makeLexer(true).lexerDefinitionErrors).toEqual([]);
  });

  it("parses the same with the checks skipped as with them", () => {
    const text = "if a.b >= 2 and not c { move(hand.first, pile) } else { x += [1, 2].size ?? 0 }";
    const unchecked = parse(text, "program");
    expect(unchecked.parseErrors).toEqual([]);
    const checked = new ExpressionParser(true);
    checked.input = makeLexer(true).tokenize(text).tokens;
    expect(JSON.stringify(checked.program())).toBe(JSON.stringify(unchecked.cst));
  });
});

describe("chevrotain, as the grammar loads it", () => {
  it("is the package's single-file bundle, not its module tree", async () => {
    const bundle = await import(new URL("../chevrotain.mjs", import.meta.resolve("chevrotain")).href);
    expect(used.CstParser).toBe(bundle.CstParser);
    expect(used.CstParser).not.toBe(tree.CstParser);
    expect(used.Lexer).toBe(bundle.Lexer);
  });

  it("has every export of the package's entry, from the same version", async () => {
    const bundle = await import(new URL("../chevrotain.mjs", import.meta.resolve("chevrotain")).href);
    expect(Object.keys(bundle).sort()).toEqual(Object.keys(tree).sort());
    expect(bundle.VERSION).toBe(tree.VERSION);
  });
});
