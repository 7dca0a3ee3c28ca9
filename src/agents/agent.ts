// An agent decides for one seat. It sees only that player's view and the rules (with the legal moves, which
// the rules derive from what the player may know); it never receives the game state itself.
import type { Game } from "../interpreter/model.js";
import type { Move } from "../interpreter/engine.js";
import type { View } from "../interpreter/view.js";
import type { RngState } from "../interpreter/rng.js";

export interface Decision {
  game: Game;
  player: number;
  view: View;
  legal: readonly Move[];
  rng: RngState; // the agent's own random numbers, seeded per game and seat
}

export interface Agent {
  name: string;
  /** Returns the index in `legal` of the chosen move. */
  choose(d: Decision): number;
  /** Whether the agent reads the view; agents that do not are spared building it. */
  readonly needsView: boolean;
}
