// The rulebook of rules named as a command names them: a rules id or path, with fragments after it. A single
// rule card is explained in a whole round, as check checks it. Shared by `houserules explain` and the
// playground's rules worker, so that the page shows the terminal's text; it needs nothing of Node.
import { loadComposition } from "../interpreter/load/load.js";
import { completion } from "../interpreter/load/catalog.js";
import type { Diagnostic } from "../interpreter/diagnostics.js";
import { explain, type Rulebook } from "./rulebook.js";

export type Explained = { book: Rulebook; errors: [] } | { book: null; errors: Diagnostic[] };

/** `base`: the folder relative paths are found from (default: the working folder). */
export function explainRules(refs: string[], base?: string): Explained {
  const loaded = loadComposition([...refs, ...completion(refs)], base);
  if (!loaded.game || !loaded.rules) return { book: null, errors: loaded.diagnostics.filter((d) => d.severity === "error") };
  return { book: explain(loaded.rules), errors: [] };
}
