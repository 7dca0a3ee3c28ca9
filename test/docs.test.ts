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

describe("docs/language.md's examples written as files (```yaml file=NAME)", () => {
  it("load as written, and play to the end alike with both back ends", async () => {
    const { mkdtempSync, writeFileSync } = await import("node:fs");
    const { tmpdir } = await import("node:os");
    const { join } = await import("node:path");
    const { loadComposition } = await import("../src/interpreter/load/load.js");
    const { playGame } = await import("../src/sim/play-game.js");
    const { randomAgent } = await import("../src/agents/random.js");
    const text = readFileSync("docs/language.md", "utf8");
    const dir = mkdtempSync(join(tmpdir(), "houserules-language-"));
    const blocks = [...text.matchAll(/^```yaml file=(\S+)\n([\s\S]*?)^```$/gm)];
    for (const m of blocks) writeFileSync(join(dir, m[1]), m[2]);
    const files = blocks.map((m) => m[1]);
    expect(files.length).toBeGreaterThanOrEqual(2);
    for (const file of files) {
      const [closures, js] = (["closures", "js"] as const).map((backend) => loadComposition([`./${file}`], dir, { backend }));
      expect(closures.diagnostics.filter((d) => d.severity !== "notice"), file).toEqual([]);
      // three players, or the fewest the rules allow (a game for four in two teams)
      const { min, max } = closures.game!.players;
      const players = min <= 3 && 3 <= max ? 3 : min;
      for (let g = 0; g < 10; g++) {
        const [a, b] = [closures.game!, js.game!].map((game) => playGame(game, { players, seed: `${file}-${g}`, agents: Array(players).fill(randomAgent), log: true }));
        expect(a.finished, file).toBe(true);
        expect(JSON.stringify(b.state.log)).toBe(JSON.stringify(a.state.log));
      }
    }
  });
});
