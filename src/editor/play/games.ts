// The rules a game can be started from: every shipped game and match (by id, as `houserules play` takes
// them), and the user's own files (by path).
import type { App } from "../app.js";
import { idOf } from "../app.js";

/** Shipped games: the files at the top of each game's folder, less the fragments that only join a base. */
export function gameChoices(app: App): string[] {
  const shipped = app.workspace.shippedPaths()
    .filter((p) => /^rules\/[^/]+\/[^/]+\.yaml$/.test(p) && !/\/(style-|round\.yaml)/.test(p))
    .map(idOf);
  return [...shipped, ...app.workspace.userPaths()];
}
