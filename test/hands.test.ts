// Hands, a real-time game: whole games decided by the agents' reaction times, deterministic for a seed.
import { describe, expect, it } from "vitest";
import { loadRules } from "../src/interpreter/load/load.js";
import { simulate } from "../src/sim/simulate.js";
import { randomAgent } from "../src/agents/random.js";
import { reactionTime, withReaction } from "../src/agents/agent.js";
import { seedRng } from "../src/interpreter/rng.js";
import { newGame, play } from "../src/interpreter/engine.js";
import { run } from "./helpers/cli.js";

const hands = loadRules("hands").game!;

describe("Hands", () => {
  it("loads without errors, listing the shapes and counts as assumptions", () => {
    const loaded = loadRules("hands");
    expect(loaded.diagnostics.filter((d) => d.severity !== "notice")).toEqual([]);
    expect(hands.cardNames).toHaveLength(90);
    expect(hands.assumptions.some((a) => a.why.includes("4a + 2b = 78"))).toBe(true);
  });

  it.each([3, 4, 5, 6, 7, 8])("plays 40 whole games with %i players, every card in one zone after every event", (players) => {
    const s = simulate(hands, { players, games: 40, seed: `hands-${players}`, agents: Array(players).fill(randomAgent), checkConservation: true });
    expect(s.problems).toEqual([]);
    expect(s.finished).toBe(40);
  });

  it("gives the same games for the same seed", () => {
    const o = { players: 5, games: 10, seed: "same", agents: Array(5).fill(randomAgent) };
    expect(JSON.stringify(simulate(hands, o))).toBe(JSON.stringify(simulate(hands, o)));
  });

  it("decides races by time: a quick player wins far more often than slow ones", () => {
    const quick = withReaction(randomAgent, 0.3, 0.1);
    const slow = withReaction(randomAgent, 1.2, 0.3);
    const s = simulate(hands, { players: 4, games: 100, seed: "race", agents: [quick, slow, slow, slow] });
    expect(s.wins[0]).toBeGreaterThan(70);
  });

  it("draws reaction times from the agent's own seeded numbers, around its mean", () => {
    const agent = withReaction(randomAgent, 0.5, 0.1);
    const a = seedRng("r");
    const b = seedRng("r");
    const times = Array.from({ length: 2000 }, () => reactionTime(agent, a));
    expect(Array.from({ length: 2000 }, () => reactionTime(agent, b))).toEqual(times);
    const mean = times.reduce((x, y) => x + y, 0) / times.length;
    expect(mean).toBeGreaterThan(0.47);
    expect(mean).toBeLessThan(0.53);
    expect(Math.min(...times)).toBeGreaterThan(0);
  });

  it("refuses a move stamped earlier than the move before", () => {
    const s = newGame(hands, { players: ["Ann", "Bob", "Cy"], seed: 1 });
    const card = (p: number) => s.game.cardNames[s.zones[s.game.sharedZones + s.game.zones.find((z) => z.name === "hand")!.slot * 3 + p][0]];
    expect(play(s, 0, `make ${card(0)}`, 2.0)).toEqual({ ok: true });
    expect(play(s, 1, `make ${card(1)}`, 1.5)).toEqual({ ok: false, refusal: { rule: "time", reason: "a move at 1.5 comes before the last move, at 2" } });
  });

  it("can be played at the terminal, each line stamped with the clock", async () => {
    const r = await run(["play", "hands", "--players", "3", "--seed", "4", "--speed", "2000"], "make spock\n");
    expect(r.out).toContain("Real time: type a move at any moment");
    expect(r.out).toContain("You: make spock");
    expect(r.out).toContain("game over:");
  });
});
