// A scenario file read from disk: the one part of the scenario runner that needs Node. The runner itself
// (run.ts) works from text, so that it runs in a page or a worker as on the command line.
import { readFileSync } from "node:fs";
import { dirname } from "node:path";
import { displayPath } from "../interpreter/load/resolve.js";
import { runScenarioText, type ScenarioResult } from "./run.js";

export * from "./run.js";

export function runScenarioFile(path: string): ScenarioResult {
  const shown = displayPath(path);
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (e) {
    const failure = { severity: "error" as const, code: "E_FILE" as const, message: `cannot read: ${(e as Error).message}`, file: shown, line: 1, col: 1 };
    return { file: shown, name: shown, passed: false, failures: [failure], state: null };
  }
  return runScenarioText(text, shown, dirname(path));
}
