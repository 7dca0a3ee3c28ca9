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

describe("grammar/rules.schema.json", () => {
  it("is put together from the sections' units, each key and schema defined by one unit only (run `npm run docs` after changing a section)", async () => {
    const { rulesSchemaText, sections } = await import("../src/interpreter/sections/index.js");
    expect(rulesSchemaText()).toBe(readFileSync("grammar/rules.schema.json", "utf8"));
    const keys = sections.flatMap((s) => Object.keys(s.properties));
    expect(new Set(keys).size).toBe(keys.length);
    const text = readFileSync("docs/language.md", "utf8");
    for (const key of keys) expect(text, `docs/language.md's table of sections names ${key}`).toContain(`\`${key}\``);
  });
});
