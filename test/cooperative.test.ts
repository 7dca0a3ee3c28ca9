// Games everyone wins or loses together (outcome.together): the table wins or loses as one, and reports give the
// table's win rate instead of wins by seat and balance.
import { describe, expect, it } from "vitest";
import { loadComposition } from "../src/interpreter/load/load.js";
import { simulate } from "../src/sim/simulate.js";
import { compareSummaries } from "../src/sim/compare.js";
import { randomAgent } from "../src/agents/random.js";
import { makeAgent } from "../src/agents/index.js";
import { errorsOf, tinyRules } from "./helpers/rules.js";
import { run } from "./helpers/cli.js";


describe("a game won together", () => {
  it("is declared by outcome.together, and has no winners or losers of its own", () => {
    expect(errorsOf(tinyRules("outcome:\n  together: pile.count > 3\n"))).toEqual([]);
    expect(errorsOf(tinyRules("outcome:\n  together: pile.count > 3\n  winners: players\n"))).toEqual([
      expect.stringMatching(/error E_SCHEMA: a game won together \(outcome\.together\) has no winners of its own: everyone wins when together holds and loses when it does not; remove 'winners'$/),
    ]);
    expect(errorsOf(tinyRules("outcome:\n  together: pile.count\n"))[0]).toMatch(/E_TYPE/);
  });

  it("ends with every player a winner or every player a loser, alike in both back ends", () => {
    const [closures, js] = (["closures", "js"] as const).map((backend) => {
      const game = loadComposition(["climb-together"], undefined, { backend }).game!;
      return simulate(game, { players: 4, games: 40, seed: "together", agents: Array(4).fill(randomAgent) });
    });
    expect(js.together).toEqual(closures.together);
    expect(js.wins).toEqual(closures.wins);
    const t = js.together!;
    expect(t.games).toBe(40);
    // some games won and some lost: every seat won exactly the games the table won, and lost the others
    expect(t.won).toBeGreaterThan(0);
    expect(t.won).toBeLessThan(40);
    expect(js.wins).toEqual([t.won, t.won, t.won, t.won]);
    expect(js.losses).toEqual(Array(4).fill(40 - t.won));
    expect(t.winRate95[0]).toBeLessThan(t.winRate);
    expect(t.winRate95[1]).toBeGreaterThan(t.winRate);
    expect(js.balance).toBeNull();
  });

  it("is measured by the table's win rate: a better table wins more, and compare tests that one figure", async () => {
    const game = loadComposition(["climb-together"]).game!;
    const play = (agent: string) => simulate(game, { players: 4, games: 120, seed: "table", agents: Array.from({ length: 4 }, () => makeAgent(agent)!) });
    const random = play("random");
    const sensible = play("sensible");
    const c = compareSummaries(random, sensible, ["random", "sensible"]);
    const measures = c.differences.map((d) => d.measure);
    expect(measures).toContain("table win rate");
    expect(measures.some((m) => /^P\d (win|loss) rate$/.test(m))).toBe(false);
    const table = c.differences.find((d) => d.measure === "table win rate")!;
    expect(table.difference).toBeGreaterThan(0); // the sensible table chooses what to put back

    const text = await run(["simulate", "climb-together", "--players", "4", "--games", "10"]);
    expect(text.out).toMatch(/\neveryone wins or loses together: the table won \d+ of 10 finished games, \d+\.\d% \(95% interval \d+\.\d%–\d+\.\d%\); agents sensible\n/);
    expect(text.out).toContain("balance: none (everyone wins or loses together");
    expect(text.out).not.toMatch(/\nP1 +sensible/);
  });
});
