// The content hash of the rule files a composition was loaded from, and the program's version: what a saved game
// names so that a replay refuses other rules or another version instead of playing a different game.
import { createHash } from "node:crypto";
import type { LoadResult } from "../interpreter/load/load.js";

/** sha256 over the texts of every file read, in an order of their own (not of where they lie on this disk). */
export function rulesHash(loaded: LoadResult): string {
  const texts = [...loaded.sources.values()].map((f) => f.text).sort();
  const h = createHash("sha256");
  for (const t of texts) h.update(t).update("\0");
  return `sha256:${h.digest("hex")}`;
}

export { programBuild, programVersion } from "./package-root.js";
