// The named packs: each makes the cards its table in docs/language.md says, with the standard notation where it
// is French-suited, plays seeded games to the end in both back ends, and the example in the docs loads and plays.
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { compileRulesText } from "../src/interpreter/load/load.js";
import { formatDiagnostic } from "../src/interpreter/diagnostics.js";
import { packs } from "../src/interpreter/cards.js";
import { simulate } from "../src/sim/simulate.js";
import { randomAgent } from "../src/agents/random.js";
import { tinyRules } from "./helpers/rules.js";

const sizes: Record<string, number> = { standard52: 52, standard54: 54, piquet32: 32, stripped36: 36, euchre24: 24, pinochle48: 48, italian40: 40, spanish40: 40 };

/** The tiny game of the test helpers, with its cards from the named pack. */
const withPack = (pack: string) => tinyRules("", { "    - deck: standard52\n      into: stock\n": `    - deck: ${pack}\n      into: stock\n` });

describe("named packs", () => {
  it("are the packs the docs list, each of its size", () => {
    expect(Object.keys(packs).sort()).toEqual(Object.keys(sizes).sort());
    const doc = readFileSync("docs/language.md", "utf8");
    for (const [name, size] of Object.entries(sizes)) {
      expect(packs[name].cards()).toHaveLength(size);
      expect(doc).toContain(`| \`${name}\` |`);
    }
  });

  it("keep the standard notation where French-suited, and name every card of a Latin pack once", () => {
    const names = (p: string) => packs[p].cards().map((c) => c.name);
    expect(names("euchre24")).toEqual(["S", "H", "D", "C"].flatMap((s) => ["9", "10", "J", "Q", "K", "A"].map((r) => `${r}${s}`)));
    expect(packs.piquet32.cards().every((c) => (c.attrs.rank as number) >= 7)).toBe(true);
    expect(new Set(names("pinochle48")).size).toBe(24); // two of each
    expect(new Set(names("italian40")).size).toBe(40);
    expect(new Set(names("spanish40")).size).toBe(40);
    expect(names("italian40").slice(0, 10)).toEqual(["1D", "2D", "3D", "4D", "5D", "6D", "7D", "FD", "CD", "RD"]);
    expect(names("standard54").slice(-2)).toEqual(["RedJoker", "BlackJoker"]);
    expect(names("standard52")).toEqual(["S", "H", "D", "C"].flatMap((s) => ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"].map((r) => `${r}${s}`)));
  });

  it.each(["js", "closures"] as const)("play seeded games to their end with every card kept, in the %s back end", (backend) => {
    for (const pack of Object.keys(sizes)) {
      const r = compileRulesText(withPack(pack), "t.yaml", "t", undefined, { backend });
      expect(r.diagnostics.filter((d) => d.severity === "error").map(formatDiagnostic), pack).toEqual([]);
      expect(r.game!.cardNames, pack).toHaveLength(sizes[pack]);
      const s = simulate(r.game!, { players: 2, games: 3, seed: pack, agents: [randomAgent, randomAgent], checkConservation: true });
      expect(s.unfinished, pack).toBe(0);
    }
  });

  it("refuses a pack it does not know, naming those it does", () => {
    const r = compileRulesText(withPack("tarot78"), "t.yaml", "t");
    expect(r.diagnostics.filter((d) => d.severity === "error").map(formatDiagnostic).join("\n")).toMatch(/standard52.*euchre24/s);
  });

  it("loads and plays the docs' example as written", () => {
    const doc = readFileSync("docs/language.md", "utf8");
    const example = /<!-- example: packs -->\n```yaml\n([^]*?)```/.exec(doc)![1];
    const r = compileRulesText(example, "example.yaml", "example");
    expect(r.diagnostics.filter((d) => d.severity !== "notice").map(formatDiagnostic)).toEqual([]);
    const s = simulate(r.game!, { players: 3, games: 5, seed: 1, agents: [randomAgent, randomAgent, randomAgent] });
    expect(s.unfinished).toBe(0);
  });
});
