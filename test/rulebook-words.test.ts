// A rulebook reads like the seed rulebooks (../shared/rulebooks/), not like a glossary of its rule file: across
// every shipped game, every fragment composed onto its base and every rule card, no identifier of the file is
// left in the printed text, and none is an entry's heading.
import { describe, expect, it } from "vitest";
import { loadComposition } from "../src/interpreter/load/load.js";
import { completion } from "../src/interpreter/load/catalog.js";
import { shippedRules } from "../src/interpreter/load/resolve.js";
import { explain, type Rulebook } from "../src/explain/rulebook.js";
import { rulebookText } from "../src/explain/render.js";

/** The names a rule file declares: its definitions, zones, variables, constants, options, actions and triggers. */
function declared(raw: Record<string, unknown>): Set<string> {
  const out = new Set<string>();
  for (const section of ["define", "zones", "variables", "constants", "options", "actions", "triggers"]) {
    for (const key of Object.keys((raw[section] ?? {}) as object)) out.add(key.replace(/\(.*$/, ""));
  }
  return out;
}

/** The lines of a rulebook that read like a rule file: each with what gives it away. */
export function identifierLines(book: Rulebook, names: Set<string>): string[] {
  const hits: string[] = [];
  for (const s of book.sections) {
    for (const item of s.items) if (names.has(item.title) || /^[a-z]/.test(item.title) || /[a-z][A-Z]/.test(item.title)) hits.push(`heading "${item.title}"`);
  }
  for (const line of rulebookText(book).split("\n")) {
    const checks: [string, RegExp][] = [
      ["camelCase", /\b[a-z]+[A-Z][A-Za-z0-9]*\b/],
      ["snake_case", /\b[a-z]+_[a-z_]+\b/],
      ["a bound letter", /\b(?!a\b|I\b)[a-z] (in|with|among|for)\b/],
      ["not nothing", /\bnot nothing\b/],
      ["a call written as code", /\b[A-Za-z_][\w-]*\((?!s\))[^)]*\)/],
    ];
    for (const [what, re] of checks) if (re.test(line)) hits.push(`${what}: ${line.trim()}`);
  }
  return hits;
}

/** Every shipped rules id as explain writes it: a fragment or rule card composed onto its base. */
export function everyRulebook(): { id: string; book: Rulebook; names: Set<string> }[] {
  const out: { id: string; book: Rulebook; names: Set<string> }[] = [];
  for (const id of shippedRules()) {
    const loaded = loadComposition([id, ...completion([id])]);
    if (!loaded.rules) continue;
    out.push({ id, book: explain(loaded.rules), names: declared(loaded.rules.raw) });
  }
  return out;
}

describe("every shipped rulebook reads in words", () => {
  it("names no identifier of its rule file, and heads no entry with one", () => {
    const books = everyRulebook();
    expect(books.length).toBeGreaterThan(40);
    const report: string[] = [];
    let hits = 0;
    for (const { id, book, names } of books) {
      const found = [...new Set(identifierLines(book, names))];
      hits += found.length;
      if (found.length) report.push(`${id}: ${found.length}\n  ${found.slice(0, 12).join("\n  ")}`);
    }
    expect(report.join("\n"), `${hits} lines read like a rule file`).toBe("");
  });
});
