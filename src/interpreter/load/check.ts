// What `houserules check` finds for one reference, as data: the command line prints it, and the playground
// turns it into markers, so that both always say the same thing.
import { sortDiagnostics, type Diagnostic } from "../diagnostics.js";
import { loadComposition, loadRules } from "./load.js";
import { completion } from "./catalog.js";
import { withFolderListings } from "./resolve.js";
import type { SourceFile } from "./yaml.js";
import type { Scope } from "./scope.js";

export interface CheckReport {
  rules: string;
  ok: boolean;
  /** Sorted as check prints them: by file, then errors, warnings and notices, then by place. */
  diagnostics: Diagnostic[];
  /** Every file read, by the name diagnostics give it. */
  sources: ReadonlyMap<string, SourceFile>;
  /** What the file's expressions can name (see scope.ts), when it compiled far enough to know. */
  scope?: () => Scope;
}

/** Checks rules by id or path, or a composition (a base or fragment, then fragments); `quiet` leaves out notices. */
export function checkRules(refs: string | string[], quiet = false): CheckReport {
  return withFolderListings(() => check(refs, quiet));
}

function check(refs: string | string[], quiet: boolean): CheckReport {
  const list = typeof refs === "string" ? [refs] : refs;
  // A card that fills one part of a base is checked in a whole composition: the other parts are filled
  // with the base's first preset (notices say with which).
  const others = completion(list);
  const loaded = others.length || list.length > 1 ? loadComposition([...list, ...others]) : loadRules(list[0]);
  const diagnostics = [...loaded.diagnostics];
  if (others.length && !quiet) {
    diagnostics.push({ severity: "notice", code: "N_ASSUMED", message: `checked together with ${others.join(", ")} to fill the other parts`, file: list[0], line: 1, col: 1 });
  }
  return {
    rules: list.join(" + "),
    ok: !diagnostics.some((d) => d.severity === "error"),
    diagnostics: sortDiagnostics(diagnostics).filter((d) => !(quiet && d.severity === "notice")),
    sources: loaded.sources,
    scope: loaded.scope,
  };
}
