// Loading a rule file: read it, parse the YAML, validate its structure, compile its rules. Every stage adds
// located diagnostics; a file with errors gives no game, and nothing here throws on bad input.
import { readFileSync } from "node:fs";
import type { Diagnostic } from "../diagnostics.js";
import { suggestion } from "../diagnostics.js";
import type { Game } from "../model.js";
import { SourceFile, loadYaml } from "./yaml.js";
import { validateRules } from "./schema.js";
import { compileGame } from "./compile-game.js";
import { displayPath, idOf, knownIds, resolveRules } from "./resolve.js";

export interface LoadResult {
  game: Game | null;
  diagnostics: Diagnostic[];
  file?: SourceFile;
}

const cache = new Map<string, LoadResult>();

/** Loads rules by id or path (relative to `base`). Results are cached per file. */
export function loadRules(ref: string, base?: string): LoadResult {
  const path = resolveRules(ref, base);
  if (!path) {
    const hint = suggestion(ref, knownIds());
    const d: Diagnostic = { severity: "error", code: "E_RULES", message: `no rule file for '${ref}'${hint}`, file: ref, line: 1, col: 1 };
    return { game: null, diagnostics: [d] };
  }
  const cached = cache.get(path);
  if (cached) return cached;
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (e) {
    const d: Diagnostic = { severity: "error", code: "E_FILE", message: `cannot read: ${(e as Error).message}`, file: displayPath(path), line: 1, col: 1 };
    return { game: null, diagnostics: [d] };
  }
  const result = compileRulesText(text, displayPath(path), idOf(path));
  cache.set(path, result);
  return result;
}

/** Compiles rule text that may not be on disk (the playground, tests). */
export function compileRulesText(text: string, displayName: string, id: string): LoadResult {
  const file = new SourceFile(displayName, text);
  const yaml = loadYaml(file);
  if (yaml.problems.some((d) => d.severity === "error")) return { game: null, diagnostics: yaml.problems, file };
  if (yaml.value === null || typeof yaml.value !== "object" || Array.isArray(yaml.value)) {
    return { game: null, diagnostics: [...yaml.problems, file.at("", "error", "E_SCHEMA", "a rule file is a map of sections (name, cards, zones, phases, actions, ...)")], file };
  }
  const schema = validateRules(yaml.value, file);
  if (schema.length > 0) return { game: null, diagnostics: [...yaml.problems, ...schema], file };
  try {
    const compiled = compileGame(yaml.value as Record<string, unknown>, file, id);
    return { game: compiled.game, diagnostics: [...yaml.problems, ...compiled.diagnostics], file };
  } catch (e) {
    // A bug of ours, not of the rule file: still a report, never a crash.
    const d = file.at("", "error", "E_SCHEMA", `internal error while compiling: ${(e as Error).message}`);
    return { game: null, diagnostics: [d], file };
  }
}

export function clearRulesCache(): void {
  cache.clear();
}
