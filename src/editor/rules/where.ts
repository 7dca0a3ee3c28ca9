// Where a rule of a run is written, in the files the rules worker holds: coverage names rules by their path in
// the rule file (actions.play.require.order), and the editor opens a line. A composition's later files write
// over its earlier ones, and a file writes over the files it extends, so each is looked in before those.
import { host } from "../../interpreter/load/host.js";
import { displayPath, resolveRules } from "../../interpreter/load/resolve.js";
import { dirname } from "../../interpreter/load/paths.js";
import { maxFileBytes, maxExtendsDepth } from "../../interpreter/limits.js";
import { extendsOf, lineOfChange, lineOfRule } from "../measure/rule-line.js";
import { loadComposition } from "../../interpreter/load/load.js";
import { ruleWords } from "../../explain/rulebook.js";

/** Each rule in a person's words (explain/rulebook.ts ruleWords), or all null when the rules do not load. */
export function rulesInWords(refs: string[], rules: string[]): (string | null)[] {
  const loaded = loadComposition(refs);
  return loaded.rules ? ruleWords(loaded.rules, rules) : rules.map(() => null);
}

export interface Place {
  /** The file, as the page names files ("yours/royal-court.yaml", "rules/idiot/idiot.yaml"). */
  path: string;
  line: number;
  /** Whether that file changes rules it extends (a variant, a card): the rule is the file's own, not its base's. */
  changes: boolean;
}

/** For each rule, the first file of the rules `refs` name (or of those they extend) that writes or changes it. */
export function whereWritten(refs: string[], rules: string[]): (Place | null)[] {
  const files: { path: string; text: string; changes: boolean }[] = [];
  const seen = new Set<string>();
  const visit = (ref: string, folder: string | undefined, depth: number) => {
    const file = resolveRules(ref, folder);
    if (!file || seen.has(file) || depth > maxExtendsDepth) return;
    seen.add(file);
    const read = host().readFile(file, maxFileBytes);
    if (!("text" in read)) return;
    const base = extendsOf(read.text);
    files.push({ path: displayPath(file), text: read.text, changes: base !== null });
    if (base) visit(base, dirname(file), depth + 1);
  };
  for (const ref of [...refs].reverse()) visit(ref, undefined, 0);
  return rules.map((rule) => {
    for (const f of files) {
      const line = lineOfRule(f.text, rule) ?? lineOfChange(f.text, rule);
      if (line !== null) return { path: f.path, line, changes: f.changes };
    }
    return null;
  });
}
