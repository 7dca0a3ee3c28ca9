// What each rule did, not only that it ran: coverage's `fired` is the games in which a rule changed the game (an
// effect that moved a card or reversed play, a requirement that alone refused a move), and `timesFired` how
// often a game. An effect that runs on every play and changes nothing fires in no game.
import { describe, expect, it } from "vitest";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadComposition } from "../src/interpreter/load/load.js";
import { simulate } from "../src/sim/simulate.js";
import { compareSummaries } from "../src/sim/compare.js";
import { randomAgent } from "../src/agents/random.js";
import type { Backend } from "../src/interpreter/backend.js";
import { run } from "./helpers/cli.js";

const dir = mkdtempSync(join(tmpdir(), "houserules-fired-"));
const file = (name: string, text: string) => {
  writeFileSync(join(dir, name), text);
  return join(dir, name);
};
// a queen reverses play: it changes the game only when a queen is played
const queens = file("queens-reverse.yaml", "name: Queens Reverse\nextends: idiot\nappend:\n  actions.play.effect: |\n    if pile.any and pile.top.rank == 12 { reverse() }\n");
// runs on every play and never changes anything
const idle = file("idle.yaml", "name: Idle\nextends: idiot\nvariables:\n  plays: {type: number, text: plays}\nappend:\n  actions.play.effect: plays = plays\n");
// changes the game on every play
const counter = file("counter.yaml", "name: Counter\nextends: idiot\nvariables:\n  played: {type: number, text: plays counted}\nappend:\n  actions.play.effect: played = played + 1\n");
// a second requirement that says what rank-order says: whenever rank-order refuses a move, it would too
const twice = file("twice.yaml", "name: Twice\nextends: idiot\nactions:\n  play:\n    require:\n      also-rank-order:\n        check: canPlay(cards.first)\n        else: the same as rank-order\n");

function coverageOf(refs: string[], backend: Backend, games = 12) {
  const game = loadComposition(refs, undefined, { backend }).game!;
  return simulate(game, { players: 3, games, seed: "fired", agents: [randomAgent, randomAgent, randomAgent] }).coverage!;
}

describe("what each rule did", () => {
  it("tells a rule that changes the game in every game, one that sometimes does, and one that runs every play and never does, alike in both back ends", () => {
    const [closures, js] = (["closures", "js"] as const).map((b) => coverageOf(["idiot", queens, idle, counter], b));
    expect(js.rules).toEqual(closures.rules);
    const rule = (n: number) => js.rules.find((r) => r.rule === `actions.play.effect.append.${n}`)!;
    const plays = js.rules.find((r) => r.rule === "actions.play")!;
    // all three ran on every play of every game
    for (const n of [1, 2, 3]) expect([rule(n).count, rule(n).games]).toEqual([plays.count, js.games]);
    // the queen rule changed the game in some games, a few times a game
    expect(rule(1).fired).toBeGreaterThan(0);
    expect(rule(1).timesFired!.mean).toBeGreaterThan(0);
    expect(rule(1).timesFired!.mean).toBeLessThan(plays.count / js.games / 4);
    // the idle rule never did
    expect(rule(2).fired).toBe(0);
    expect(rule(2).timesFired).toEqual({ mean: 0, sd: 0, min: 0, median: 0, max: 0 });
    // the counter did on every play
    expect(rule(3).fired).toBe(js.games);
    expect(rule(3).timesFired!.mean).toBeCloseTo(plays.count / js.games, 2);
  });

  it("counts a requirement as firing only when it alone refused a move", () => {
    const [closures, js] = (["closures", "js"] as const).map((b) => coverageOf(["idiot", twice], b));
    expect(js.rules).toEqual(closures.rules);
    const rankOrder = js.rules.find((r) => r.rule === "actions.play.require.rank-order")!;
    expect(rankOrder.count).toBeGreaterThan(0); // it refused moves...
    expect(rankOrder.fired).toBe(0); // ...that also-rank-order would have refused too
    // without the second requirement, rank-order alone refuses the same moves
    const plain = coverageOf(["idiot"], "js").rules.find((r) => r.rule === "actions.play.require.rank-order")!;
    expect(plain.fired).toBe(js.games);
  });

  it("shows in simulate's table and --json, and compare sets both sides' figures side by side", async () => {
    const text = await run(["simulate", "idiot", "--with", idle, "--with", queens, "--games", "6", "--players", "3", "--agents", "random"]);
    expect(text.out).toMatch(/\nactions\.play\.effect\.append\.1 \(idle\.yaml:\d+\) +ran +\d+ +100\.0% +0\.0% +0\n/);
    const json = JSON.parse((await run(["simulate", "idiot", "--with", queens, "--games", "6", "--players", "3", "--agents", "random", "--json"])).out);
    const queen = json.coverage.rules.find((r: { rule: string }) => r.rule === "actions.play.effect.append.1");
    expect(queen.fired).toBeGreaterThan(0);
    expect(Object.keys(queen.timesFired)).toEqual(["mean", "sd", "min", "median", "max"]);

    const plainGame = loadComposition(["idiot"]).game!;
    const queenGame = loadComposition(["idiot", queens]).game!;
    const agents = [randomAgent, randomAgent, randomAgent];
    const a = simulate(plainGame, { players: 3, games: 10, seed: "side", agents });
    const b = simulate(queenGame, { players: 3, games: 10, seed: "side", agents });
    const rows = compareSummaries(a, b, ["idiot", "queens"]).differences.map((d) => d.measure);
    expect(rows).toContain("actions.play changed the game (times a game)");
    expect(rows).toContain("actions.play.effect.append.1 changed the game (times a game), only in queens");
  });
});
