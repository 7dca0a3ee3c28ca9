// npm run docs:compare: plays every comparison of docs/house-rules.md (or those whose keys are given) and writes
// each table between its markers. Minutes of play: the comparisons are the page's figures, not a test.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { installNodeHost, packageRoot } from "../node/host.js";
import { comparisonTable, comparisons, runComparison, withComparisons } from "./comparisons.js";

installNodeHost();
const file = join(packageRoot(), "docs", "house-rules.md");
const only = process.argv.slice(2);
const tables = new Map<string, string>();
for (const spec of comparisons.filter((c) => only.length === 0 || only.includes(c.key))) {
  const started = Date.now();
  tables.set(spec.key, comparisonTable(spec, runComparison(spec)));
  console.log(`${spec.key}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
writeFileSync(file, withComparisons(readFileSync(file, "utf8"), tables));
console.log(`wrote ${file}`);
