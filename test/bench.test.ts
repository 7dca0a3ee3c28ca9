// The benchmark's implementations must keep working: a few games each must finish with sane results, and the
// On The Cards round must follow the rulebook's worked example in both its hand-written and boardgame.io forms.
import { describe, expect, it } from "vitest";
import { IdiotGame } from "../bench/reference/idiot.js";
import { OtcRound, dealOtcRound, otcMoveText, type OtcDeal } from "../bench/reference/otc-round.js";
import { playRandomly } from "../bench/reference/random-play.js";
import { cardName, cardNamed } from "../bench/reference/cards.js";
import { otcRoundGame, playBoardgameRound, type OtcOutcome } from "../bench/boardgameio/otc-round.js";
import { boardgameClient } from "../bench/boardgameio/library.js";
import { comparisons, type Implementation } from "../bench/comparisons.js";
import { Measuring, measure } from "../bench/measure.js";
import { summarize, summarizeSearch, textReport, type Report, type Result } from "../bench/report.js";
import { timeSearch, type SearchTiming } from "../bench/search.js";
import { execFileSync } from "node:child_process";

const allCards = Array.from({ length: 52 }, (_, c) => c);

describe("hand-written Idiot", () => {
  it.each([2, 3, 4, 5])("finishes random games with %i players, one loser each, every card kept", (players) => {
    for (let i = 0; i < 5; i++) {
      const game = new IdiotGame(players, `sanity-${players}-${i}`);
      const playout = playRandomly(game, `sanity-${players}-${i}`, players);
      expect(playout.stuck).toBeNull();
      expect(game.error).toBeNull();
      expect(game.over).toBe(true);
      expect(game.losers()).toHaveLength(1);
      expect(game.places).toHaveLength(players - 1);
      expect(game.allCards().sort((a, b) => a - b)).toEqual(allCards);
    }
  });
});

// The worked example of on-the-cards.txt: Anika deals, Boris leads; ten tricks end Anika 3, Boris 2, Chandra 2,
// Dave 3, with Anika and Dave joint winners.
const example: OtcDeal = {
  dealer: 0,
  hands: [
    "QS 6S 4S AH 2H 7D 2D QC",
    "JS 7S 8H 7H 4H 7C 5C 2C",
    "KH 6H 3H QD 8D 5D 4C 3C",
    "AS 3S JH 10H 4D AC 10C 6C",
  ].map((h) => h.split(" ").map(cardNamed)),
};
// Trick by trick, starting with each trick's leader.
const exampleTricks = [
  "B: play 2C, C: play 3C, D: play AC, A: play AH",
  "A: play QC, B: pass, C: play QD, D: play 4D",
  "C: play KH, D: pass, A: play 2H, B: play 4H",
  "C: play 8D, D: pass, A: pass, B: play 8H",
  "B: play 7S, C: pass, D: play AS, A: pass",
  "D: play JH, A: pass, B: play JS, C: pass",
  "B: play 7H, C: play 3H, D: play 10H, A: pass",
  "D: play 10C, A: pass, B: pass, C: pass",
  "D: play 6C, A: play 6S, B: pass, C: pass",
  "A: play QS, B: pass, C: pass, D: play 3S",
].flatMap((t) => t.split(", "));
const seatLetter = "ABCD";

describe("hand-written On The Cards round", () => {
  it("plays the worked example to its published score", () => {
    const round = new OtcRound(example);
    for (const step of exampleTricks) {
      const [who, text] = step.split(": ");
      expect(seatLetter[round.actor()]).toBe(who);
      const move = round.legalMoves().find((m) => otcMoveText(m) === text);
      expect(move, `${step} must be legal`).toBeDefined();
      round.apply(move!);
    }
    expect(round.over).toBe(true);
    expect(round.points).toEqual([3, 2, 2, 3]);
    expect(round.winners()).toEqual([0, 3]);
    expect(round.won[1].map(cardName).sort()).toEqual(["8D", "8H", "JH", "JS"]); // tricks 4 and 6
  });

  it("refuses what the example says is not allowed", () => {
    const round = new OtcRound(example);
    expect(round.legalMoves().map(otcMoveText)).not.toContain("pass"); // the leader must play
    round.apply({ action: "play", card: cardNamed("2C") });
    // Chandra may follow 2C with a club only (no two), or pass.
    expect(round.legalMoves().map(otcMoveText)).toEqual(["play 4C", "play 3C", "pass"]);
  });

  it.each([2, 3, 4, 5, 6])("finishes random rounds with %i players: one point per trick, every card kept", (players) => {
    for (let i = 0; i < 10; i++) {
      const round = OtcRound.random(players, `otc-${players}-${i}`);
      expect(playRandomly(round, `otc-${players}-${i}`, players).stuck).toBeNull();
      expect(round.over).toBe(true);
      expect(round.points.reduce((a, b) => a + b, 0)).toBe(round.tricks);
      expect(round.hands.some((h) => h.length === 0)).toBe(true);
      expect(round.won.flat().length + round.hands.flat().length).toBe(8 * players);
      expect(round.winners().length).toBeGreaterThan(0);
    }
  });
});

describe("boardgame.io On The Cards round", () => {
  it("plays the worked example to its published score", () => {
    const Client = boardgameClient();
    const client = Client({ game: otcRoundGame("example", example), numPlayers: 4, debug: false });
    client.start();
    for (const step of exampleTricks) {
      const [who, text] = step.split(": ");
      expect(seatLetter[Number(client.getState()!.ctx.currentPlayer)]).toBe(who);
      const [move, card] = text.split(" ");
      const before = client.getState()!._stateID;
      if (move === "play") client.moves.play(cardNamed(card));
      else client.moves.pass();
      expect(client.getState()!._stateID, `${step} must be accepted`).toBe(before + 1);
    }
    const outcome = client.getState()!.ctx.gameover as OtcOutcome;
    client.stop();
    expect(outcome).toEqual({ points: [3, 2, 2, 3], winners: [0, 3], tricks: 10 });
  });

  it.each([2, 4, 6])("finishes seeded random rounds with %i players, the same round for the same seed", (players) => {
    for (let i = 0; i < 3; i++) {
      const result = playBoardgameRound(players, `bgio-${players}-${i}`);
      expect(result.outcome.points.reduce((a, b) => a + b, 0)).toBe(result.outcome.tricks);
      expect(result.outcome.winners.length).toBeGreaterThan(0);
      expect(result.moves).toBe(result.outcome.tricks * players);
      expect(playBoardgameRound(players, `bgio-${players}-${i}`)).toEqual(result);
    }
  });

  it.each([3, 5])("plays the same round as the hand-written one from the same deal, move for move (%i players)", (players) => {
    for (let i = 0; i < 3; i++) {
      const seed = `same-deal-${players}-${i}`;
      const deal = dealOtcRound(players, seed);
      const round = new OtcRound(deal);
      const expected: string[] = [];
      playRandomly(round, seed, players, (seat, move) => expected.push(`${seat}: ${otcMoveText(move)}`));
      const played = playBoardgameRound(players, seed, { fixedDeal: deal, transcript: true });
      const actual = played.transcript!.map((t) => `${t.seat}: ${t.move}${t.args.map((c) => ` ${cardName(c as number)}`).join("")}`);
      expect(actual).toEqual(expected);
      expect(played.outcome.points).toEqual(round.points);
    }
  });
});

describe("the harness", () => {
  it("measures every implementation of every comparison in a short window", () => {
    const results: Result[] = [];
    for (const c of comparisons()) {
      expect(new Set(c.implementations.map((i) => i.impl)).size).toBe(c.implementations.length);
      for (const implementation of c.implementations) {
        const m = measure(implementation, { seconds: 0.05, warmupSeconds: 0.01, seedPrefix: c.game });
        expect(m.games).toBeGreaterThan(0);
        expect(m.unfinished).toBe(0);
        expect(m.movesPerSec).toBeGreaterThan(m.gamesPerSec);
        results.push({ game: c.game, impl: implementation.impl, players: c.players, ...m });
      }
    }
    expect(summarize([results]).ratios.map((r) => `${r.game} ${r.versus}`)).toEqual([
      "idiot reference",
      "opening-hands-round-1 reference",
      "opening-hands-round-1 boardgame.io",
    ]);
  });

  it("loads before the warm-up: a first game that takes long leaves the warm-up its whole time", () => {
    const seeds: string[] = [];
    const slowFirst: Implementation = {
      impl: "interpreter",
      play: (seed) => {
        // the first game stands for loading the rules: 0.2 s of CPU, twice the warm-up
        if (seeds.length === 0) for (const t = process.cpuUsage(); process.cpuUsage(t).user < 200_000; );
        seeds.push(seed);
        return { moves: 1, finished: true };
      },
    };
    measure(slowFirst, { seconds: 0.01, warmupSeconds: 0.1, seedPrefix: "g" });
    expect(seeds[0]).toBe("g-ready");
    expect(seeds.filter((s) => s.startsWith("g-warmup-")).length).toBeGreaterThan(100);
  });

  it("times in several windows, going on with the seeds where the last window stopped, and counts every game", () => {
    const seeds: string[] = [];
    const counting: Implementation = { impl: "reference", play: (seed) => (seeds.push(seed), { moves: 2, finished: true }) };
    const measuring = new Measuring(counting, "g");
    measuring.warmUp(0.01);
    const warm = seeds.length;
    measuring.time(0.02);
    const first = seeds.length;
    measuring.time(0.02);
    const timed = seeds.slice(warm);
    expect(first).toBeGreaterThan(warm);
    expect(seeds.length).toBeGreaterThan(first);
    expect(timed).toEqual(timed.map((_, k) => `g-${k}`));
    const m = measuring.result();
    expect([m.games, m.moves]).toEqual([timed.length, 2 * timed.length]);
    expect(m.seconds).toBeGreaterThanOrEqual(0.04);
  });

  it("takes each ratio within a round and gives its median and range over the rounds", () => {
    const m = (game: string, impl: Result["impl"], movesPerSec: number): Result =>
      ({ game, impl, players: 4, games: 1, moves: movesPerSec, unfinished: 0, seconds: 1, gamesPerSec: 1, movesPerSec, heapUsedMB: 1, heapBaseMB: 1 });
    const rounds = [
      [m("g", "interpreter", 50), m("g", "reference", 100)],
      [m("g", "interpreter", 90), m("g", "reference", 100)],
      [m("g", "interpreter", 30), m("g", "reference", 50)],
    ];
    const { results, ratios } = summarize(rounds);
    expect(ratios).toEqual([{ game: "g", versus: "reference", ratio: 0.6, range: { min: 0.5, max: 0.9 }, rounds: [0.5, 0.9, 0.6] }]);
    expect(results.find((r) => r.impl === "interpreter")).toMatchObject({ rounds: 3, movesPerSec: 50, movesPerSecRange: { min: 30, max: 90 } });
  });

  it("measures each implementation in a process of its own, round after round, and prints the JSON it promises", () => {
    const args = ["dist/bench/run.js", "--seconds", "0.05", "--rounds", "2", "--game", "opening-hands-round-1", "--no-search", "--json"];
    const report = JSON.parse(execFileSync(process.execPath, args, { encoding: "utf8" })) as Report;
    expect(report.rounds).toBe(2);
    expect(report.sliceSeconds).toBe(0.2);
    expect(report.machine.cores).toBeGreaterThan(0);
    expect(report.results.map((r) => `${r.game} ${r.impl}`)).toEqual([
      "opening-hands-round-1 interpreter", "opening-hands-round-1 reference", "opening-hands-round-1 boardgame.io",
    ]);
    for (const r of report.results) {
      expect(r.rounds).toBe(2);
      expect(r.gamesPerSec).toBeGreaterThan(0);
      expect(r.movesPerSecRange.min).toBeLessThanOrEqual(r.movesPerSecRange.max);
    }
    expect(report.ratios.map((q) => [q.game, q.versus, q.rounds.length])).toEqual([
      ["opening-hands-round-1", "reference", 2], ["opening-hands-round-1", "boardgame.io", 2],
    ]);
    for (const q of report.ratios) expect(q.range.min).toBeLessThanOrEqual(q.ratio);
  }, 300_000);

  it("counts the garbage collections during the timed searches, and reports their median over the rounds", () => {
    // 20,000 iterations make more garbage than the young generation holds: at least one collection, timed
    const t = timeSearch(1, 20_000, 0);
    expect(t.collections).toBeGreaterThanOrEqual(1);
    expect(t.gcMs).toBeGreaterThan(0);
    const round = (collections: number, gcMs: number): SearchTiming => ({ ...t, collections, gcMs });
    const summary = summarizeSearch([round(2, 1.5), round(15, 22.1), round(3, 2.25)])!;
    expect([summary.collections, summary.gcMs]).toEqual([3, 2.3]);
    const report = { machine: { cpu: "c", cores: 2, node: "20", load: { min: 0, max: 0, start: 0, end: 0 } }, seconds: 1, sliceSeconds: 0.2, rounds: 3, backend: "js", results: [], ratios: [], agents: [], search: summary } as Report;
    expect(textReport(report)).toContain("3 garbage collections taking 2.3 ms during a process's timed searches (median)");
  }, 60_000);

  it("gives the sensible agent's games a second as a ratio to random agents' in the same round, and ISMCTS's iterations to random moves", () => {
    const result = (impl: Result["impl"], gamesPerSec: number, movesPerSec: number): Result => ({
      game: "idiot", impl, players: 4, games: 10, moves: 100, unfinished: 0, seconds: 1, gamesPerSec, movesPerSec, heapUsedMB: 1, heapBaseMB: 1,
    });
    const rounds = [
      [result("interpreter", 400, 800_000), result("reference", 400, 800_000), result("sensible", 100, 20_000)],
      [result("interpreter", 500, 1_000_000), result("reference", 250, 500_000), result("sensible", 150, 30_000)],
    ];
    const { ratios, agents } = summarize(rounds);
    expect(ratios.map((r) => r.versus)).toEqual(["reference"]); // the agent is not a rival implementation of the rules
    expect(agents).toEqual([{ game: "idiot", agent: "sensible", ratio: 0.275, range: { min: 0.25, max: 0.3 }, rounds: [0.25, 0.3] }]);
    const search = (medianMs: number): SearchTiming => ({ game: "idiot", players: 4, iterations: 1000, depth: 10, medianMs, bestMs: medianMs, searches: 1, warmups: 0, firstMs: 1, collections: 0, gcMs: 0 });
    const s = summarizeSearch([search(5), search(4)], rounds)!;
    // 1000 iterations in 5 ms are 200,000 a second: 0.25 of 800,000 random moves; in 4 ms, 0.25 of 1,000,000
    expect(s.versusRandom).toEqual({ ratio: 0.25, range: { min: 0.25, max: 0.25 }, rounds: [0.25, 0.25] });
    const report = { machine: { cpu: "c", cores: 2, node: "20", load: { min: 0, max: 0, start: 0, end: 0 } }, seconds: 1, sliceSeconds: 0.2, rounds: 2, backend: "js", results: [], ratios, agents, search: s } as Report;
    expect(textReport(report)).toContain("idiot: sensible ÷ random   0.275");
    expect(textReport(report)).toContain("iterations a second ÷ random moves a second of idiot in the same round: 0.2500");
  });

  it("refuses a game it does not measure, and says which it does", () => {
    let message = "";
    try {
      execFileSync(process.execPath, ["dist/bench/run.js", "--game", "chess"], { encoding: "utf8", stdio: "pipe" });
    } catch (e) {
      message = String((e as { stderr: string }).stderr);
    }
    expect(message).toContain("--game must be idiot or opening-hands-round-1, not 'chess'");
  });
});
