// Idiot as a whole: the deal, and many random games that must all end with every card accounted for.
import { describe, expect, it } from "vitest";
import { loadRules } from "../src/interpreter/load/load.js";
import { newGame } from "../src/interpreter/engine.js";
import { simulate } from "../src/sim/simulate.js";
import { randomAgent } from "../src/agents/random.js";

const idiot = loadRules("idiot").game!;

describe("Idiot", () => {
  it("loads without problems, listing its assumptions", () => {
    const loaded = loadRules("idiot");
    expect(loaded.diagnostics.filter((d) => d.severity !== "notice")).toEqual([]);
    expect(idiot.assumptions.map((a) => a.what)).toEqual(["actions.pickup.require.pile-not-empty", "outcome"]);
  });

  it("deals one card at a time from the dealer's left: three face down, three face up, three in hand", () => {
    const s = newGame(idiot, { players: ["Ann", "Bob", "Cy"], seed: 5, dealer: 1 });
    const moves = s.log!.filter((e) => e.type === "move").map((e) => (e.type === "move" ? e.to : -1));
    const zone = (name: string, p: number) => s.game.sharedZones + s.game.zones.find((z) => z.name === name)!.slot * 3 + p;
    const expected: number[] = [];
    for (const name of ["faceDown", "faceUp", "hand"]) for (let round = 0; round < 3; round++) for (const p of [2, 0, 1]) expected.push(zone(name, p));
    expect(moves).toEqual(expected);
  });

  it.each([2, 3, 4, 5])("finishes every one of 75 random games with %i players, every card in one zone after every event", (players) => {
    const summary = simulate(idiot, { players, games: 75, seed: `suite-${players}`, agents: Array(players).fill(randomAgent), checkConservation: true });
    expect(summary.problems).toEqual([]);
    expect(summary.finished).toBe(75);
    expect(summary.losses.reduce((a, b) => a + b, 0)).toBe(75); // exactly one loser a game
  });
});
