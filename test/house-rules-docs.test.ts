// docs/house-rules.md: every house rule shipped has a simulated comparison against its base on the page, and the
// page's figures are what the comparison gives now (one is played again here; npm run docs:compare plays all).
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { catalog, resolveReference } from "../src/interpreter/load/catalog.js";
import { comparisonTable, comparisons, runComparison, tableIn } from "../src/docs/comparisons.js";

const page = readFileSync("docs/house-rules.md", "utf8");

describe("docs/house-rules.md", () => {
  it("compares every house rule with its base, each table written on the page", () => {
    const house = catalog().filter((e) => e.known === "house").map((e) => e.id);
    expect(house.length).toBeGreaterThanOrEqual(13);
    for (const id of house) {
      const spec = comparisons.find((c) => c.variant.map(resolveReference).includes(id) && !c.base.map(resolveReference).includes(id));
      expect(spec, `no comparison plays ${id}`).toBeDefined();
      expect(tableIn(page, spec!.key), `no table for ${spec!.key}`).toMatch(/^\d+ games on each side with the sensible agent in every seat[^]*\| game length \(moves\) \|/);
    }
  });

  it("shows a comparison's figures as the comparison gives them now", () => {
    const spec = comparisons.find((c) => c.key === "idle-hands/missions-abilities")!;
    expect(tableIn(page, spec.key)).toBe(comparisonTable(spec, runComparison(spec)));
  }, 180_000);

  it("marks a significant difference, and only where the test finds one", () => {
    const table = tableIn(page, "idiot/sevens")!;
    const rows = table.split("\n").filter((l) => l.startsWith("| ") && !l.startsWith("| figure"));
    let held = 0;
    for (const row of rows) {
      const cells = row.split("|").map((c) => c.trim());
      const p = Number(cells[5]);
      expect(cells[4].endsWith("*"), row).toBe(p < 0.05);
      // corrected for every figure of the table at once: never below p, and starred only below 0.05
      const holm = Number(cells[6].replace(" *", ""));
      expect(holm, row).toBeGreaterThanOrEqual(p);
      expect(cells[6].endsWith(" *"), row).toBe(holm < 0.05);
      if (holm < 0.05) held++;
    }
    expect(table).toContain(`Corrected for all ${rows.length} figures tested at once (Holm's method), ${held} stay`);
  });
});
