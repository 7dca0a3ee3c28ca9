// houserules check: load rule files and report every problem, with the notices for assumed values.
import { ruleFoldersOption } from "../rule-folders.js";
import { readArgs } from "../args.js";
import { UsageError, type IO } from "../io.js";
import { addedCards, composedRules, rulesFlags, withList } from "../rules-args.js";
import { checkRules } from "../../interpreter/load/check.js";
import { shippedRules } from "../../interpreter/load/resolve.js";
import type { SourceFile } from "../../interpreter/load/yaml.js";
import { excerpt, formatDiagnostic, type Diagnostic } from "../../interpreter/diagnostics.js";

export const checkHelp = `Usage: houserules check [<ids or files>...] [--with <fragment>]... [--json] [--quiet]
       houserules check --compose "Deal Eight, Take Lots of Tricks, Crazy Eights, Whist" [--with <fragment>]...
       houserules check --preset "Black Maria"

Loads each rule file and reports every problem: YAML, schema, expression syntax, unknown names (with a
suggestion), types, unreachable and conflicting rules. Each is printed as
  path:line:col: error CODE: message
with the line and a caret under the exact place. Values the rulebook does not give are listed as notices.
With no arguments, every rule file under rules/ is checked. A combination is checked as simulate plays it:
with --with, each file is checked with the fragments composed onto it.

Options:
  --with F     compose fragment F onto each file checked (repeatable, or comma-separated)
  --compose L  check rules composed from cards named as printed, comma-separated
  --preset P   check the cards of a named preset
  --add-card F check a match with the rule card in file F added to its cards (NAME=F: in the place of
               its card NAME); the card is checked as a round composed with it, too
  --json       print {"files": [{"rules", "ok", "diagnostics": [...]}]}
  --quiet      leave out notices
${ruleFoldersOption(13)}
  -h, --help   this text

Exit status: 0 when no file has errors, 1 when one has, 2 for bad usage.
`;

export async function check(argv: string[], io: IO): Promise<number> {
  const { values, positionals } = readArgs(argv, { json: { type: "boolean" }, quiet: { type: "boolean" }, ...rulesFlags });
  if (values.help) {
    io.out(checkHelp);
    return 0;
  }
  const fragments = withList(values.with);
  const composed = composedRules(values, "check", positionals);
  if (!composed && fragments.length && !positionals.length) throw new UsageError("--with needs the rules to compose the fragments onto");
  const cards = addedCards(values["add-card"]);
  if (cards.length && !composed && !positionals.length) throw new UsageError("--add-card needs the match to add the card to: houserules check on-the-cards/out-of-the-box --add-card FILE");
  const combinations = (composed ? [composed] : (positionals.length ? positionals : shippedRules()).map((ref) => [ref, ...fragments])).map((refs) => [...refs, ...cards]);
  const reports: { rules: string; ok: boolean; diagnostics: Diagnostic[] }[] = [];
  // Excerpts are taken from the files the loader read, never read again: a diagnostic may name any file.
  const sources = new Map<string, SourceFile>();
  for (const refs of combinations) {
    const report = checkRules(refs, Boolean(values.quiet));
    for (const [name, file] of report.sources) sources.set(name, file);
    reports.push({ rules: report.rules, ok: report.ok, diagnostics: report.diagnostics });
  }
  const failed = reports.some((r) => !r.ok);
  if (values.json) {
    io.out(JSON.stringify({ files: reports }, null, 2) + "\n");
    return failed ? 1 : 0;
  }
  for (const r of reports) {
    for (const d of r.diagnostics) {
      io.out(formatDiagnostic(d) + "\n");
      if (d.severity !== "notice") {
        const shown = excerpt(d, sources.get(d.file));
        if (shown) io.out(shown + "\n");
      }
    }
    const count = (sev: string) => r.diagnostics.filter((d) => d.severity === sev).length;
    io.out(`${r.rules}: ${r.ok ? "ok" : "failed"} (${count("error")} errors, ${count("warning")} warnings, ${count("notice")} notices)\n`);
  }
  return failed ? 1 : 0;
}
