// Pure parts of the playground page that new users met defects in, tested without a browser.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { ownCardText } from "../src/editor/compose/own-card.js";
import { schemaUri } from "../src/editor/monaco/schema-titles.js";
import { playState } from "../src/editor/files/page-state.js";
import { comparedSide, comparedValues } from "../src/editor/monaco/values.js";

describe("a card of one's own", () => {
  const card = readFileSync("rules/on-the-cards/aim/take-lots-of-tricks.yaml", "utf8");

  it("is a house rule without the rulebook's markers, and keeps the rest with its comments", () => {
    const own = ownCardText(`# the card as printed\n${card}`, "Take Lots of Tricks");
    const read = parse(own);
    expect(read.name).toBe("My Take Lots of Tricks");
    expect(read.fragment).toEqual({ type: "Aim", markers: [], fills: ["aim"], known: "house", text: parse(card).fragment.text });
    expect(read.define).toEqual(parse(card).define);
    expect(read.extends).toBe("on-the-cards/round");
    expect(own).toContain("# the card as printed");
  });

  it("adds a name to a file without one, and copies a text it cannot read under the new name", () => {
    expect(parse(ownCardText("fragment: {known: interpretation, markers: [X]}\n", "x"))).toEqual({ fragment: { known: "house", markers: [] }, name: "My x" });
    expect(ownCardText("name: a\nfragment: [\n", "a")).toBe("name: My a\nfragment: [\n");
  });
});

describe("the schema's name in a hover", () => {
  it("reads as what it is: monaco-yaml names the source by the last segment of the schema's uri", () => {
    const last = decodeURIComponent(new URL(schemaUri).pathname.split("/").pop()!);
    expect(last).toBe("houserules rule file");
  });
});

describe("a game kept across a reload", () => {
  const game = { rules: "on-the-cards/opening-hands", players: 2, seed: "4", seats: ["person", "random"], moves: [[0, "play 3♣"]] };

  it("keeps the round of a match the person had begun, and drops a game whose round is not a count", () => {
    expect(playState({ ...game, round: 2 })).toEqual({ ...game, round: 2 });
    expect(playState(game)).toEqual(game);
    for (const round of [-1, 1.5, "2", null]) expect(playState({ ...game, round })).toBeUndefined();
  });
});

describe("values offered after a comparison", () => {
  const values = { attributes: { rank: { numeric: true, values: [2, 10, 14] }, suit: { numeric: false, values: ["H", "S"] } }, zones: ["deck", "pile"] };
  const scope = { names: [{ name: "from", kind: "variable" as const, detail: "variable: zone", doc: "", receiver: "zone" }, { name: "count", kind: "variable" as const, detail: "variable: number", doc: "", receiver: "number" }], sites: [] };

  it("reads the left side of a comparison that ends the text before the cursor", () => {
    expect(comparedSide("  check: c.rank == ")).toBe("c.rank");
    expect(comparedSide('if cards.first . suit != "')).toBe("cards.first.suit");
    expect(comparedSide("from==")).toBe("from");
    for (const text of ["x = ", "c.rank == 2 and ", "c.rank <= ", ""]) expect(comparedSide(text), text).toBeUndefined();
  });

  it("offers an attribute's values as written (numbers bare, text quoted) and zone names after a zone", () => {
    expect(comparedValues("c.rank", values, scope)).toEqual(["2", "10", "14"]);
    expect(comparedValues("cards.first.suit", values, scope)).toEqual(['"H"', '"S"']);
    expect(comparedValues("from", values, scope)).toEqual(["deck", "pile"]);
    expect(comparedValues("count", values, scope)).toEqual([]);
    expect(comparedValues("rank", values, scope)).toEqual([]);
  });
});
