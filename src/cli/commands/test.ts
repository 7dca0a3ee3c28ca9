// houserules test: run scenario files and report each failure at its step.
import { ruleFoldersOption } from "../rule-folders.js";
import { statSync, existsSync } from "node:fs";
import { resolve } from "node:path";
import { scenarioFiles } from "../../api/testing.js";
import { readArgs } from "../args.js";
import { UsageError, type IO } from "../io.js";
import { runScenarioFile } from "../../scenario/scenario.js";
import { formatDiagnostic } from "../../interpreter/diagnostics.js";

export const testHelp = `Usage: houserules test [<scenario files or folders>...] [--json]

Runs scenario files (*.scenario.yaml): each scripts a game and states what must hold. Prints each failure as
  path:line:col: error CODE: step N (Ann: play 9S): what was expected and what happened
and a closing line "N passed, N failed". Folders are searched for *.scenario.yaml; with no arguments, test/.

Options:
  --json      print {"passed", "failed", "results": [...]}
${ruleFoldersOption(12)}
  -h, --help  this text

Exit status: 0 when all pass, 1 when any fails, 2 for bad usage.
`;

/**
 * The scenario files named: a file as given (whatever it is: running it says what is wrong with it), a folder
 * searched as houserules/testing searches it, each real folder once, so a link back to a folder above is no loop.
 */
export function findScenarios(paths: string[]): string[] {
  const out: string[] = [];
  for (const p of paths) {
    const full = resolve(p);
    if (!existsSync(full)) throw new UsageError(`no such file or folder: ${p}`);
    if (!statSync(full).isDirectory()) out.push(full);
    else {
      try {
        out.push(...scenarioFiles(full));
      } catch (e) {
        if (e instanceof RangeError) throw new UsageError(e.message);
        throw e;
      }
    }
  }
  return out;
}

export async function testCommand(argv: string[], io: IO): Promise<number> {
  const { values, positionals } = readArgs(argv, { json: { type: "boolean" } });
  if (values.help) {
    io.out(testHelp);
    return 0;
  }
  const files = findScenarios(positionals.length ? positionals : ["test"]);
  if (files.length === 0) throw new UsageError("no scenario files (*.scenario.yaml) found");
  const results = files.map((f) => runScenarioFile(f));
  const failed = results.filter((r) => !r.passed);
  if (values.json) {
    io.out(JSON.stringify({
      passed: results.length - failed.length,
      failed: failed.length,
      results: results.map((r) => ({ file: r.file, name: r.name, passed: r.passed, failures: r.failures })),
    }, null, 2) + "\n");
  } else {
    for (const r of failed) {
      io.out(`FAIL ${r.file}${r.name !== r.file ? ` — ${r.name}` : ""}\n`);
      for (const f of r.failures) io.out(`  ${formatDiagnostic(f)}\n`);
    }
    io.out(`${results.length - failed.length} passed, ${failed.length} failed\n`);
  }
  return failed.length ? 1 : 0;
}
