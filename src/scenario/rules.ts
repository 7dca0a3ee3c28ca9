// Which rules a scenario plays: `rules:` (an id, or a path relative to the scenario file), with any fragments
// named in `with:` composed on top.
import type { Diagnostic } from "../interpreter/diagnostics.js";
import type { Game } from "../interpreter/model.js";
import type { SourceFile } from "../interpreter/load/yaml.js";
import { loadComposition } from "../interpreter/load/load.js";

type Raw = Record<string, unknown>;

export function resolveScenarioRules(raw: Raw, file: SourceFile, folder: string): { game: Game | null; diagnostics: Diagnostic[] } {
  if (typeof raw.rules !== "string") {
    return { game: null, diagnostics: [file.at("", "error", "E_SCHEMA", "a scenario names its rules: rules: <id or path>")] };
  }
  const fragments = Array.isArray(raw.with) ? (raw.with as string[]) : [];
  const loaded = loadComposition([raw.rules, ...fragments], folder);
  if (!loaded.game) {
    const first = loaded.diagnostics.find((d) => d.severity === "error");
    const named = [raw.rules, ...fragments].join(" with ");
    const where = file.at(fragments.length ? "/with" : "/rules", "error", "E_RULES", `the rules '${named}' do not load${first ? `: ${first.file}:${first.line}:${first.col}: ${first.message}` : ""}`);
    return { game: null, diagnostics: [where] };
  }
  return { game: loaded.game, diagnostics: loaded.diagnostics };
}
