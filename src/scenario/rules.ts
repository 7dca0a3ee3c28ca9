// Which rules a scenario plays: `rules:` (an id, or a path relative to the scenario file) with the fragments
// in `with:`; or `compose:`, fragments named as printed or by id, composed onto the base they extend; or
// `preset:`, a named combination a base offers. `preset:` beside `rules:` starts a match from that combination.
import type { Diagnostic } from "../interpreter/diagnostics.js";
import type { Game } from "../interpreter/model.js";
import type { SourceFile } from "../interpreter/load/yaml.js";
import { loadComposition } from "../interpreter/load/load.js";
import { preset, presetNames, referenceFrom } from "../interpreter/load/catalog.js";
import { suggestion } from "../interpreter/diagnostics.js";
import { startingCombination } from "../sim/starting-combination.js";

type Raw = Record<string, unknown>;

export interface ScenarioRules {
  game: Game | null;
  diagnostics: Diagnostic[];
  /** With `preset:` beside `rules:`, the options that start the match from the preset. */
  options?: Record<string, unknown>;
}

export function resolveScenarioRules(raw: Raw, file: SourceFile, folder: string): ScenarioRules {
  const fragments = Array.isArray(raw.with) ? (raw.with as string[]) : [];
  // preset: beside rules: starts a match from a combination; compose: names the rules alone.
  const given = ["rules", "compose", "preset"].filter((k) => raw[k] !== undefined);
  if (raw.compose !== undefined && given.length > 1) {
    return fail(file.at(`/${given[1]}`, "error", "E_SCHEMA", `a scenario names its rules one way: ${given.map((k) => `${k}:`).join(" and ")} cannot both be given`, true));
  }
  let refs: string[];
  let pointer: string;
  if (typeof raw.preset === "string" && typeof raw.rules === "string") {
    const loaded = loadRulesOf([raw.rules, ...fragments], folder, file, fragments.length ? "/with" : "/rules");
    if (!loaded.game) return loaded;
    const start = startingCombination(loaded.game, raw.preset);
    if ("problem" in start) return fail(file.at("/preset", "error", "E_RULES", start.problem));
    return { ...loaded, options: start.options };
  }
  if (typeof raw.preset === "string") {
    const found = preset(raw.preset);
    if (!found) return fail(file.at("/preset", "error", "E_RULES", `no preset called '${raw.preset}'${suggestion(raw.preset, presetNames())}`));
    refs = [...found.ids, ...fragments];
    pointer = "/preset";
  } else if (Array.isArray(raw.compose)) {
    refs = [...(raw.compose as string[]).map((n) => referenceFrom(n, folder)), ...fragments];
    pointer = "/compose";
  } else if (typeof raw.rules === "string") {
    refs = [raw.rules, ...fragments];
    pointer = fragments.length ? "/with" : "/rules";
  } else {
    return fail(file.at("", "error", "E_SCHEMA", "a scenario names its rules: rules: <id or path>, compose: [cards], or preset: <name>"));
  }
  return loadRulesOf(refs, folder, file, pointer);
}

function loadRulesOf(refs: string[], folder: string, file: SourceFile, pointer: string): ScenarioRules {
  const loaded = loadComposition(refs, folder);
  if (!loaded.game) {
    const first = loaded.diagnostics.find((d) => d.severity === "error");
    const where = file.at(pointer, "error", "E_RULES", `the rules '${refs.join(" + ")}' do not load${first ? `: ${first.file}:${first.line}:${first.col}: ${first.message}` : ""}`);
    return fail(where);
  }
  return { game: loaded.game, diagnostics: loaded.diagnostics };
}

function fail(d: Diagnostic): ScenarioRules {
  return { game: null, diagnostics: [d] };
}
