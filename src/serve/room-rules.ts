// The rules a room is made of, loaded from its folder: the game, or the first error in the words check prints.
import type { Game } from "../interpreter/model.js";
import { loadComposition, type LoadResult } from "../interpreter/load/load.js";
import { formatDiagnostic } from "../interpreter/diagnostics.js";

export function loadRoomRules(folder: string, rules: string[]): { game: Game; loaded: LoadResult } | string {
  const loaded = loadComposition(rules, folder);
  const first = loaded.diagnostics.find((d) => d.severity === "error");
  if (!loaded.game || first) return first ? formatDiagnostic(first) : "the rules do not load";
  return { game: loaded.game, loaded };
}
