// Chooses uniformly among the legal moves.
import type { Agent } from "./agent.js";
import { nextInt } from "../interpreter/rng.js";

export const randomAgent: Agent = {
  name: "random",
  needsView: false,
  choose: (d) => nextInt(d.rng, d.legal.length),
};
