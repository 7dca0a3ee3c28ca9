// The rules a game can be started from: every shipped game and match (by id, as `houserules play` takes
// them), and the user's own files (by path).
import type { App } from "../app.js";
import { idOf } from "../app.js";

/**
 * Shipped games: the files at the top of each game's folder, less the fragments that only join a base; then the
 * user's files. The file open in the editor comes first, by the name the Rules field takes.
 */
export function gameChoices(app: App): string[] {
  const shipped = app.workspace.shippedPaths()
    .filter((p) => /^rules\/[^/]+\/[^/]+\.yaml$/.test(p) && !/\/(style-|round\.yaml)/.test(p))
    .map(idOf);
  const open = openRules(app);
  return [...new Set([...(open ? [open] : []), ...shipped, ...app.workspace.userPaths()])];
}

/** The file open in the editor, as the Rules field names it; null when none is. */
export function openRules(app: App): string | null {
  const path = app.opened();
  return path ? app.reference(path) : null;
}
