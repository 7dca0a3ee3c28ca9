// A match that plays rounds composed from rule cards can start from a preset ("Here are some starting
// combinations"): a rule file that accepts one declares the option `preset` (the rules ids of the cards to put
// on top for the first round). This module turns a preset's name into that option and checks that the first
// round really is composed from those cards (a card the match set aside for the player count cannot start it).
import type { Game } from "../interpreter/model.js";
import { newGame } from "../interpreter/engine.js";
import { preset, presetNames } from "../interpreter/load/catalog.js";

export const presetOption = "preset";

/** The options that start `game` from the preset called `name`, or why it cannot. */
export function startingCombination(game: Game, name: string): { options: Record<string, unknown> } | { problem: string } {
  const found = preset(name);
  if (!found) return { problem: `no preset called '${name}' (presets: ${presetNames().join(", ")})` };
  if (!game.options.has(presetOption)) {
    return { problem: `${game.name} cannot start from a preset: it declares no option '${presetOption}' (a match whose rounds are composed from rule cards can)` };
  }
  return { options: { [presetOption]: found.ids } };
}

/**
 * Why a game started with these options does not play the preset's cards in its first game inside it, or null
 * when it does. The first game is composed at the start, so starting one game with the same seed shows it.
 */
export function startProblem(game: Game, players: string[], seed: number | string, options: Record<string, unknown>, dealer?: number): string | null {
  const ids = options[presetOption];
  if (!Array.isArray(ids) || ids.length === 0) return null;
  const s = newGame(game, { players, seed, options, dealer });
  const first = (s.log ?? []).find((e) => e.type === "game");
  if (s.error) return `the game stopped at the start: ${s.error}`;
  if (!first || first.type !== "game") return `${game.name} plays no game inside it, so it has no first round to start from the preset`;
  const missing = ids.filter((id) => !first.ids.includes(String(id)));
  if (missing.length === 0) return null;
  return `${game.name} with ${players.length} players cannot start from these cards: ${missing.join(", ")} ${missing.length === 1 ? "is" : "are"} not on top of a stack (its first round plays ${first.ids.join(", ")})`;
}
