// A scenario file read through the host: the one part of the scenario runner that reads files. The runner
// itself (run.ts) works from text, so that it runs in a page or a worker as on the command line.
import { displayPath } from "../interpreter/load/resolve.js";
import { host } from "../interpreter/load/host.js";
import { dirname, resolve } from "../interpreter/load/paths.js";
import { maxFileBytes } from "../interpreter/limits.js";
import { runScenarioText, type ScenarioResult } from "./run.js";

export * from "./run.js";

/** Reads a scenario file as rule files are read: a regular .yaml file of bounded size, never a device or a pipe. */
export function runScenarioFile(file: string): ScenarioResult {
  const path = resolve(host().workingFolder, file);
  const shown = displayPath(path);
  const read = host().readFile(path, maxFileBytes);
  if ("error" in read) {
    const failure = { severity: "error" as const, code: read.tooLarge ? ("E_FILE_SIZE" as const) : ("E_FILE" as const), message: `cannot read ${shown}: ${read.error}`, file: shown, line: 1, col: 1 };
    return { file: shown, name: shown, passed: false, failures: [failure], state: null };
  }
  return runScenarioText(read.text, shown, dirname(path));
}
