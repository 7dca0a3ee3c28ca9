// The docs are kept current: what is generated from the code is regenerated here and compared.
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { syntaxPage } from "../src/docs/syntax.js";
import { parser } from "../grammar/parser.js";

describe("docs/syntax.html", () => {
  const page = readFileSync("docs/syntax.html", "utf8");

  it("is the syntax diagram of the parser as it is (run `npm run docs` after changing the grammar)", () => {
    expect(syntaxPage()).toBe(page);
  });

  it("draws every rule of the grammar, with tokens as one writes them, and fetches nothing", () => {
    const rules = Object.keys(parser.getGAstProductions());
    expect(rules).toContain("ifStatement");
    for (const rule of rules) expect(page).toContain(`"name": "${rule}"`);
    expect(page).toContain(`"label": "=="`);
    expect(page).toContain(`"label": "name"`);
    expect(page).not.toMatch(/<(script|link)[^>]+(src|href)=/);
  });
});
