// Scenarios must catch rules that break: runs a scenario against a copy of a rule file with one text changed.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { resolveRules } from "../../src/interpreter/load/resolve.js";
import { runScenarioText, type ScenarioResult } from "../../src/scenario/scenario.js";

/** Writes a copy of the rules `id` with `from` replaced by `to` into a new folder: the folder and the file's name. */
function brokenCopy(id: string, from: string, to: string): { dir: string; name: string } {
  const file = resolveRules(id)!;
  const rules = readFileSync(file, "utf8");
  if (!rules.includes(from)) throw new Error(`'${from}' is not in ${id}`);
  const dir = mkdtempSync(join(tmpdir(), "houserules-broken-"));
  writeFileSync(join(dir, basename(file)), rules.replace(from, to));
  return { dir, name: basename(file) };
}

/**
 * Copies the rules `id` with `from` replaced by `to` and runs the scenario file (a path under test/scenarios/)
 * against the copy. The scenario must name the rules as `rules: <id>`.
 */
export function withBrokenRules(id: string, scenario: string, from: string, to: string): ScenarioResult {
  const { dir, name } = brokenCopy(id, from, to);
  const text = readFileSync(join("test/scenarios", scenario), "utf8");
  const named = `rules: ${id}\n`;
  if (!text.includes(named)) throw new Error(`${scenario} does not name its rules as '${named.trim()}'`);
  return runScenarioText(text.replace(named, `rules: ./${name}\n`), scenario, dir);
}

/**
 * Like withBrokenRules, for a fragment the scenario names in `compose:` or `with:` (by its printed name or its
 * id, written as `written`): the scenario runs with the broken copy in its place.
 */
export function withBrokenFragment(id: string, written: string, scenario: string, from: string, to: string): ScenarioResult {
  const { dir, name } = brokenCopy(id, from, to);
  const text = readFileSync(join("test/scenarios", scenario), "utf8");
  const list = /^(compose|with): \[.*\]$/m.exec(text);
  if (!list || !list[0].includes(written)) throw new Error(`${scenario} does not name ${written} in compose: or with:`);
  return runScenarioText(text.replace(list[0], list[0].replace(written, `./${name}`)), scenario, dir);
}
