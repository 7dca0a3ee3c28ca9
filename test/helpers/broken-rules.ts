// Scenarios must catch rules that break: runs a scenario against a copy of a rule file with one text changed.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { resolveRules } from "../../src/interpreter/load/resolve.js";
import { runScenarioText, type ScenarioResult } from "../../src/scenario/scenario.js";

/**
 * Copies the rules `id` with `from` replaced by `to` and runs the scenario file (a path under test/scenarios/)
 * against the copy. The scenario must name the rules as `rules: <id>`.
 */
export function withBrokenRules(id: string, scenario: string, from: string, to: string): ScenarioResult {
  const file = resolveRules(id)!;
  const rules = readFileSync(file, "utf8");
  if (!rules.includes(from)) throw new Error(`'${from}' is not in ${id}`);
  const dir = mkdtempSync(join(tmpdir(), "houserules-broken-"));
  writeFileSync(join(dir, basename(file)), rules.replace(from, to));
  const text = readFileSync(join("test/scenarios", scenario), "utf8");
  const named = `rules: ${id}\n`;
  if (!text.includes(named)) throw new Error(`${scenario} does not name its rules as '${named.trim()}'`);
  return runScenarioText(text.replace(named, `rules: ./${basename(file)}\n`), scenario, dir);
}
