// Which rules a scenario plays: `rules:` (an id, or a path relative to the scenario file), with any fragments
// named in `with:` composed on top.
import type { Diagnostic } from "../interpreter/diagnostics.js";
import type { Game } from "../interpreter/model.js";
import type { SourceFile } from "../interpreter/load/yaml.js";
import { loadRules } from "../interpreter/load/load.js";

type Raw = Record<string, unknown>;

export function resolveScenarioRules(raw: Raw, file: SourceFile, folder: string): { game: Game | null; diagnostics: Diagnostic[] } {
  if (typeof raw.rules !== "string") {
    return { game: null, diagnostics: [file.at("", "error", "E_SCHEMA", "a scenario names its rules: rules: <id or path>")] };
  }
  if (Array.isArray(raw.with) && raw.with.length > 0) {
    return { game: null, diagnostics: [file.at("/with", "error", "E_COMPOSE", "composing fragments is not supported by these rules")] };
  }
  const loaded = loadRules(raw.rules, folder);
  if (!loaded.game) {
    const first = loaded.diagnostics.find((d) => d.severity === "error");
    const where = file.at("/rules", "error", "E_RULES", `the rules '${raw.rules}' do not load${first ? `: ${first.file}:${first.line}:${first.col}: ${first.message}` : ""}`);
    return { game: null, diagnostics: [where] };
  }
  return { game: loaded.game, diagnostics: loaded.diagnostics };
}
