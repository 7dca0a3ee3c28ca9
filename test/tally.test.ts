// The mergeable tally of a run: shares of a run added in any order give the summary of the whole run.
import { describe, expect, it } from "vitest";
import { playMany, summarize } from "../src/sim/simulate.js";
import { addTallies, summaryOfTally, tallyOf, type Tally } from "../src/sim/tally.js";
import { loadRules } from "../src/interpreter/load/load.js";
import { gameOfSpec } from "../src/sim/run-spec.js";
import { resolveReference } from "../src/interpreter/load/catalog.js";
import { randomAgent } from "../src/agents/random.js";
import { greedyAgent } from "../src/agents/greedy.js";
import type { Game } from "../src/interpreter/model.js";

function shares(game: Game, o: Parameters<typeof playMany>[1], cuts: number[]): { whole: ReturnType<typeof summarize>; parts: Tally[] } {
  const outcomes = playMany(game, o);
  const parts: Tally[] = [];
  for (let k = 0; k + 1 < cuts.length; k++) parts.push(tallyOf(game, o.players, outcomes.slice(cuts[k], cuts[k + 1]), cuts[k]));
  return { whole: summarize(game, o, outcomes), parts };
}

describe("a tally", () => {
  it("of scored rounds in shares, added in any order, summarizes as the whole run does, medians and quartiles included", () => {
    const game = gameOfSpec(["Deal Eight", "Take Lots of Tricks", "Crazy Eights", "Whist"].map((n) => resolveReference(n)));
    const o = { players: 4, games: 24, seed: "t", agents: [greedyAgent, randomAgent, randomAgent, randomAgent] };
    const { whole, parts } = shares(game, o, [0, 5, 6, 17, 24]);
    expect(whole.scores).not.toBeNull();
    const forward = parts.reduce(addTallies);
    const backward = [...parts].reverse().reduce(addTallies);
    const mixed = addTallies(addTallies(parts[2], parts[0]), addTallies(parts[3], parts[1]));
    for (const t of [forward, backward, mixed]) {
      expect(JSON.stringify(t)).toBe(JSON.stringify(forward));
      expect(JSON.stringify(summaryOfTally(game, o, t))).toBe(JSON.stringify(whole));
    }
  });

  it("of a match keeps the rules played inside it, in the order they first appear, and the problems by first game", () => {
    const game = loadRules("on-the-cards/out-of-the-box").game!;
    const o = { players: 3, games: 4, seed: 2, agents: [randomAgent, randomAgent, randomAgent] };
    const { whole, parts } = shares(game, o, [0, 1, 3, 4]);
    expect(whole.innerCoverage.length).toBeGreaterThan(1);
    expect(JSON.stringify(summaryOfTally(game, o, parts[2]))).not.toBe(JSON.stringify(whole));
    expect(JSON.stringify(summaryOfTally(game, o, addTallies(parts[2], addTallies(parts[1], parts[0]))))).toBe(JSON.stringify(whole));
  });
});
