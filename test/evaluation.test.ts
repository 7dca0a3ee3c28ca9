// Balance, drama, decisiveness and skill (src/sim/evaluation.ts), each on a game built to have a known value.
import { describe, expect, it } from "vitest";
import { chiSquareTail } from "../src/sim/stats.js";
import { Standings, higherWins } from "../src/sim/lead.js";
import { balanceOf, skillOf } from "../src/sim/evaluation.js";
import { winsByAgent } from "../src/sim/agent-wins.js";
import { simulate, type SimulateOptions } from "../src/sim/simulate.js";
import { randomAgent } from "../src/agents/random.js";
import { greedyAgent } from "../src/agents/greedy.js";
import type { Agent } from "../src/agents/agent.js";
import { deckRules, gameOf, playRules } from "./helpers/rules.js";
import { run } from "./helpers/cli.js";

/**
 * Two players, three cards each from a shuffled deck, a card played to the pile each turn until the end. The
 * second seat starts (the player left of the first, who deals), so the first seat moves last.
 */
function known(o: { outcome: string; effect?: string; end?: string; variables?: string; setup?: string }): string {
  return `${deckRules("Known", "2", ["pile: {visible: everyone}", "hand: {per: player, visible: owner, ordered: false}"])}${o.variables ? `variables:\n${o.variables}\n` : ""}setup: |
  shuffle(stock)
  deal(stock, hand, 3)
${o.setup ?? ""}
${playRules(`|\n      ${(o.effect ?? "move(card, pile)").split("\n").join("\n      ")}`, o.end)}outcome:
${o.outcome}
`;
}

/** A winner drawn at random, whatever anyone plays: the colour of the stock's top card when the hands are empty. */
const pureChance = known({ outcome: `  winners: |\n    stock.top.suit in ["H", "D"] ? [players[0]] : [players[1]]` });
/** One card each, the higher wins: the first seat, moving last, wins more often when it looks at the card played. */
const highCard = known({ outcome: "  winners: |\n    [pile.maxBy(c => c.rank).from]", end: "pile.count == 2" });
/** The first seat wins every game. */
const firstWins = known({ outcome: "  winners: |\n    [players[0]]" });
/** The k-th move of a game scores k for its player: the lead changes hands at every move after the first, 5 times. */
const seesaw = (rest: string, first = "made") => known({
  variables: "  points: {per: player, type: number}\n  made: {type: number}",
  effect: `move(card, pile)\nmade += 1\npoints += made == 1 ? ${first} : made`,
  outcome: `  scores: p => p.points\n${rest}`,
});

function play(text: string, agents: Agent[] = [randomAgent, randomAgent], games = 300): ReturnType<typeof simulate> {
  const o: SimulateOptions = { players: 2, games, seed: 1, agents };
  const s = simulate(gameOf(text), o);
  expect(s.finished).toBe(games);
  return s;
}

describe("the tail of the chi-square distribution", () => {
  it("gives the 95% points of 1 to 5 degrees of freedom, and 1 at 0", () => {
    for (const [x, df] of [[3.841459, 1], [5.991465, 2], [7.814728, 3], [9.487729, 4], [11.070498, 5]]) expect(chiSquareTail(x, df)).toBeCloseTo(0.05, 5);
    expect(chiSquareTail(0, 3)).toBe(1);
    expect(chiSquareTail(1, 2)).toBeCloseTo(Math.exp(-0.5), 6);
  });
});

describe("balance", () => {
  it("is 1 for seats that win alike and 0 when one seat always wins, with the chi-square test of seats alike", () => {
    expect(balanceOf([25, 25, 25, 25], 100)).toEqual({ value: 1, spread: 0, chiSquare: 0, df: 3, p: 1 });
    // one winner a game of two seats: the test is the coin's, z² = (60 − 50)² / 25 = 4
    expect(balanceOf([60, 40], 100)).toMatchObject({ value: 0.8, spread: 0.2, chiSquare: 4, df: 1 });
    expect(balanceOf([60, 40], 100)!.p).toBeCloseTo(0.0455, 4);
    // three winners a game of four (one loser): the counts of wins move together as the loser's do
    expect(balanceOf([75, 75, 75, 75], 100)!.value).toBe(1);
    // 300, as the chi-square test of the losses against equal shares gives: (3 × 25² + 75²) / 25
    expect(balanceOf([100, 100, 100, 0], 100)).toMatchObject({ value: 0, spread: 1, chiSquare: 300, df: 3 });
    expect(balanceOf([5], 10)).toBeNull();
    expect(balanceOf([0, 0], 0)).toBeNull();
  });

  it("is about 1 in a game of pure chance and 0 in a game the first seat always wins", () => {
    const chance = play(pureChance);
    expect(chance.balance!.value).toBeGreaterThan(0.85);
    expect(chance.balance!.p).toBeGreaterThan(0.05);
    const first = play(firstWins);
    expect(first.balance).toMatchObject({ value: 0, spread: 1, df: 1 });
    expect(first.balance!.p).toBeLessThan(1e-9);
  });
});

describe("drama and decisiveness", () => {
  it("read the standings both ways: the lead changes, and when the winners stood apart for good", () => {
    const s = new Standings(3);
    for (const v of [[0, 0, 0], [1, 0, 0], [1, 2, 0], [3, 2, 0], [3, 2, 1], [3, 4, 2]]) s.observe(v);
    expect(s.observed).toBe(6);
    expect(s.changes()).toBe(3); // highest alone: P1, P2, P1, P1, P2
    expect(s.changes(false)).toBe(0); // lowest alone: P3 from the third moment on
    expect(s.settledFrom([1])).toBe(5); // P2 alone ahead only at the last moment
    expect(s.settledFrom([0, 1])).toBe(2); // P1 and P2 ahead of P3 from the third moment (P2 ties P3 at the second)
    expect(s.settledFrom([2], false)).toBe(2); // P3 alone lowest, the same
    expect(s.settledFrom([])).toBeNull();
    expect(s.settledFrom([0, 1, 2])).toBeNull();
    const other = new Standings(3);
    for (const v of [[1, 2, 3], [1, 3, 2], [2, 1, 3]]) other.observe(v);
    expect([other.changes(), other.changes(false)]).toEqual([2, 1]);
    expect(higherWins([3, 4, 2], [1])).toBe(true);
    expect(higherWins([3, 4, 2], [2])).toBe(false);
    expect(higherWins([3, 4, 2], [0])).toBeNull();
  });

  it("count five lead changes a game in a game built to have five, and a game settled only by its last move", () => {
    const s = play(seesaw(""));
    expect(s.drama).toMatchObject({ by: "scores", games: 300, leadChanges: { mean: 5, min: 5, max: 5 } });
    expect(s.drama!.leadChanges).toEqual(s.scores!.leadChanges);
    expect(s.decisiveness).toMatchObject({ by: "scores", games: 300, settled: { mean: 0, max: 0 } });
  });

  it("find a game settled by its first move with five of its six moves still to play, whether the highest or the lowest score wins", () => {
    // the first move scores 100: its player leads to the end and wins on the highest score
    const high = play(seesaw("", "100"));
    expect(high.drama!.leadChanges).toMatchObject({ mean: 0, max: 0 });
    expect(high.decisiveness!.settled).toMatchObject({ mean: 0.8333, min: 0.8333, max: 0.8333 });
    expect(high.wins).toEqual([0, 300]);
    // the lowest score wins: the other player, lowest from the first move to the end
    const low = play(seesaw("  winners: |\n    players.best(p => -p.points)", "100"));
    expect(low.wins).toEqual([300, 0]);
    expect(low.drama!.leadChanges).toMatchObject({ mean: 0, max: 0 });
    expect(low.decisiveness!.settled).toMatchObject({ mean: 0.8333, min: 0.8333, max: 0.8333 });
  });

  it("read the agents' evaluation without scores: fewer cards held is ahead", () => {
    // the second seat starts with three cards to the first's four and goes out first, ahead after every move
    const text = known({
      setup: "  move(stock.top, players[0].hand)",
      end: "players.any(p => p.hand.empty)",
      outcome: "  winners: |\n    players.filter(p => p.hand.empty)",
    });
    const s = play(text, undefined, 50);
    expect(s.wins).toEqual([0, 50]);
    expect(s.drama).toMatchObject({ by: "evaluation", games: 50, leadChanges: { mean: 0, max: 0 } });
    // four moments are read (the fifth move ends the game and is the result): settled from the first, 3 of 4 to play
    expect(s.decisiveness).toMatchObject({ by: "evaluation", settled: { mean: 0.75, min: 0.75, max: 0.75 } });
  });
});

describe("skill", () => {
  it("is about 0 in a game of pure chance, the greedy agent against random, 0 within its 95% interval", () => {
    const s = play(pureChance, [greedyAgent, randomAgent], 400);
    expect(s.skill).toMatchObject({ stronger: "greedy", against: ["random"], chance: 0.5 });
    expect(Math.abs(s.skill!.value)).toBeLessThan(0.06);
    expect(s.skill!.value95[0]).toBeLessThan(0);
    expect(s.skill!.value95[1]).toBeGreaterThan(0);
    expect(s.skill!.value).toBeCloseTo(s.skill!.winRate - s.skill!.chance, 4);
  });

  it("is above 0, its interval too, where looking at the card played wins", () => {
    const s = play(highCard, [greedyAgent, randomAgent], 400);
    expect(s.skill!.stronger).toBe("greedy");
    expect(s.skill!.value).toBeGreaterThan(0.15);
    expect(s.skill!.value95[0]).toBeGreaterThan(0);
  });

  it("is null with one kind of agent, ranks agents by kind and budget and not by their results", () => {
    expect(play(pureChance, [greedyAgent, greedyAgent], 10).skill).toBeNull();
    const of = (agents: string[], wins: number[]) => skillOf(winsByAgent(agents, wins, 100));
    // the weaker agent winning more gives a skill below 0: the stronger is named by its kind
    expect(of(["ismcts", "random"], [40, 60])).toMatchObject({ stronger: "ismcts", value: -0.1 });
    expect(of(["random", "greedy", "mc"], [40, 30, 30])!.stronger).toBe("mc");
    expect(of(["ismcts:200", "ismcts"], [50, 50])!.stronger).toBe("ismcts"); // 1000 iterations unless told
    expect(of(["ismcts:2000", "ismcts"], [50, 50])!.stronger).toBe("ismcts:2000");
    expect(of(["mc:200", "mc"], [50, 50])).toBeNull(); // the same agent by two names: no stronger one
  });
});

describe("simulate prints them", () => {
  it("in text and JSON", async () => {
    const r = await run(["simulate", "idiot", "--games", "6", "--agents", "greedy,random,random,random"]);
    expect(r.out).toMatch(/\nbalance: [0-9.]+ \(1 − the highest seat win rate less the lowest, [0-9.]+\); seats alike\? chi-square [0-9.]+, df 3, p [0-9.e-]+ \(the seats have different agents: read skill, not balance\)\n/);
    expect(r.out).toMatch(/\ndrama: [0-9.]+ lead changes a game on the agents' evaluation, fewer cards held ahead/);
    expect(r.out).toMatch(/\ndecisiveness: settled with [0-9.]+% of a game still to play/);
    expect(r.out).toMatch(/\nskill: greedy wins [0-9.]+% against random, chance 75.0%: [+-]?[0-9.]+% of at most \+25.0% \(95% interval/);
    const j = JSON.parse((await run(["simulate", "idiot", "--games", "6", "--json"])).out);
    expect(Object.keys(j)).toEqual(expect.arrayContaining(["balance", "drama", "decisiveness", "skill"]));
    expect(j.skill).toBeNull();
    expect(j.drama.by).toBe("evaluation");
  });
});
