// The sensible agent measures: what it learns from the rules alone, that its games are as long as strong search's
// (the reference figures docs/agents-calibration.json records, from npm run calibrate), that it beats greedy, and
// that it is the agent simulate, compare and sweep use when none is named.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { loadRules } from "../src/interpreter/load/load.js";
import { whatMatters } from "../src/agents/what-matters.js";
import { defaultAgent, makeAgent } from "../src/agents/index.js";
import { simulate } from "../src/sim/simulate.js";
import { simulate as simulateRules } from "../src/api/index.js";
import type { Game } from "../src/interpreter/model.js";
import type { Calibration } from "../bench/calibrate.js";

const idiot = loadRules("idiot").game!;
const crazyEights = loadRules("crazy-eights").game!;
const hearts = loadRules("hearts").game!;

const card = (game: Game, name: string) => game.cardNames.indexOf(name);
const zone = (game: Game, name: string) => game.zones.findIndex((z) => z.name === name);

describe("what the sensible agent learns from the rules", () => {
  it("in Idiot: twos, tens and aces can always be played, threes seldom; a hand is better empty; going out is good", () => {
    const w = whatMatters(idiot, 4);
    for (const c of ["2S", "10H", "AD"]) expect(w.use[card(idiot, c)]).toBeGreaterThan(0.95);
    for (const c of ["3S", "3H", "3D", "3C"]) expect(w.use[card(idiot, c)]).toBeLessThan(0.6);
    expect(w.use[card(idiot, "3S")]).toBeLessThan(w.use[card(idiot, "KS")]);
    expect(w.zone[zone(idiot, "hand")]).toBe(-1);
    expect(w.zone[zone(idiot, "pile")]).toBe(0); // nobody's
    expect(w.outIsGood).toBe(true);
  });

  it("in Crazy Eights: an eight can always be played", () => {
    const w = whatMatters(crazyEights, 4);
    for (const c of ["8S", "8H", "8D", "8C"]) expect(w.use[card(crazyEights, c)]).toBe(1);
    expect(w.use[card(crazyEights, "3S")]).toBeLessThan(0.5);
  });

  it("in Hearts: the lowest scores win, and cards taken in tricks are better few", () => {
    const w = whatMatters(hearts, 4);
    expect(w.scores).toBe(-1);
    expect(w.zone[zone(hearts, "taken")]).toBe(-1);
  });

  it("is the same whenever it is learned: seeded, from the rules alone", () => {
    const again = loadRules("idiot").game!; // a game of its own, so nothing is remembered
    const a = whatMatters(idiot, 3);
    const b = whatMatters(again, 3);
    expect([...b.use]).toEqual([...a.use]);
    expect([...b.zone]).toEqual([...a.zone]);
  });
});

const calibration = JSON.parse(readFileSync(new URL("../docs/agents-calibration.json", import.meta.url), "utf8")) as { reference: string; games: Calibration[] };

/** The reference's median game length at the calibration's player count. */
function reference(id: string): { players: number; median: number } {
  const c = calibration.games.find((g) => g.game === id)!;
  const ref = c.agents.find((a) => a.agent === calibration.reference)!;
  return { players: c.players, median: ref.medianLength };
}

describe("the sensible agent's games are as long as strong search's", () => {
  const median = (game: Game, agent: string, players: number, games: number) =>
    simulate(game, { players, games, seed: "length", agents: Array.from({ length: players }, () => makeAgent(agent)!) }).length.median;

  it.each([["idiot", idiot], ["crazy-eights", crazyEights]] as const)("%s: median game length within 25% of the reference's", (id, game) => {
    const ref = reference(id);
    const m = median(game, "sensible", ref.players, 40);
    expect(Math.abs(m / ref.median - 1)).toBeLessThanOrEqual(0.25);
  });

  it("the same check tells greedy's games of Idiot apart: they are far longer", () => {
    const ref = reference("idiot");
    expect(median(idiot, "greedy", ref.players, 20) / ref.median).toBeGreaterThan(1.25);
  });
});

describe("the sensible agent plays", () => {
  it("loses Idiot less often than its share among greedy players", () => {
    const agents = [makeAgent("sensible")!, makeAgent("greedy")!, makeAgent("greedy")!, makeAgent("greedy")!];
    const s = simulate(idiot, { players: 4, games: 24, seed: "versus", agents });
    expect(s.finished).toBe(24);
    expect(s.losses[0]).toBeLessThanOrEqual(2); // a seat loses 6 of 24 by chance
  });

  it("finishes every game of a shelf game whose winners collect cards (Scopa)", () => {
    const scopa = loadRules("scopa").game!;
    const w = whatMatters(scopa, 2);
    expect(w.zone[zone(scopa, "won")]).toBe(1);
    const s = simulate(scopa, { players: 2, games: 10, seed: "scopa", agents: [makeAgent("sensible")!, makeAgent("random")!] });
    expect(s.finished).toBe(10);
    expect(s.wins[0]).toBeGreaterThan(s.wins[1]);
  });

  it.each([["texas-holdem", 4], ["cheat", 4]] as const)("finishes %s, where one move ahead alone goes round in circles, once a game runs past its patience", (id, players) => {
    // one ply folds every hand of Hold'em (a call costs chips now) and doubts every claim in Cheat: neither game
    // would end; past a few times random play's length, chance takes a growing share of the moves
    const game = loadRules(id).game!;
    const w = whatMatters(game, players);
    expect(w.patience).toBeGreaterThanOrEqual(100);
    const s = simulate(game, { players, games: 3, seed: "circles", agents: Array.from({ length: players }, () => makeAgent("sensible")!) });
    expect(s.finished).toBe(3);
    expect(s.length.max).toBeGreaterThan(w.patience); // it was patience, not play, that ended them
    expect(s.length.max).toBeLessThan(3 * w.patience);
  });

  it("measures by default: simulate names it for every seat when no agent is given", async () => {
    expect(defaultAgent).toBe("sensible");
    const s = await simulateRules("idiot", { players: 3, games: 4 });
    expect(s.agents).toEqual(["sensible", "sensible", "sensible"]);
  });
});
