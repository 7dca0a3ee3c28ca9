// The simulator's statistics, its HTML report and its worker threads.
import { describe, expect, it } from "vitest";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { wilson } from "../src/sim/stats.js";
import { binLabel, histogram, niceCeil } from "../src/sim/histogram.js";
import { leader, leadChanges, LeadTracker } from "../src/sim/lead.js";
import { quantile, scoreSpread } from "../src/sim/scores.js";
import { winsByAgent } from "../src/sim/agent-wins.js";
import { summaryOfTally, tallyOf } from "../src/sim/tally.js";
import type { GameOutcome } from "../src/sim/simulate.js";
import { simulate, playMany, summarize } from "../src/sim/simulate.js";
import { chunkSize } from "../src/sim/parallel.js";
import { reportHtml } from "../src/report/html.js";
import { histogramLines } from "../src/sim/text-table.js";
import { randomAgent } from "../src/agents/random.js";
import type { Agent } from "../src/agents/agent.js";
import { gameOf, tinyRules } from "./helpers/rules.js";
import { run, runBin } from "./helpers/cli.js";

/** Tiny rules with scores (cards kept), a requirement and a trigger that never fire, and one that does. */
const scoredText = tinyRules(
  `triggers:
  never:
    when: pile.count > 60
    effect: out(me)
outcome:
  scores: p => p.won.count
`,
  {
    "  hand: {per: player, visible: owner, ordered: false}": "  hand: {per: player, visible: owner, ordered: false}\n  won: {per: player, visible: everyone}",
    "actions: [play]": "actions: [play, keep]",
    "    effect: move(card, pile)": `    effect: move(card, pile)
  keep:
    params:
      card: hand
    require:
      no-aces:
        check: card.rank < 14
        else: aces cannot be kept
      always:
        check: true
        else: never refused
    effect: move(card, won)`,
  },
);

function tempDir(): string {
  return mkdtempSync(join(tmpdir(), "houserules-sim-"));
}

/** An agent that always takes the first legal move: a different kind from random. */
const firstAgent: Agent = { name: "first", needsView: false, choose: () => 0 };

describe("statistics on known inputs", () => {
  it("gives the Wilson score interval at 95%", () => {
    expect(wilson(0, 10)).toEqual([0, 0.2775]);
    expect(wilson(5, 10)).toEqual([0.2366, 0.7634]);
    expect(wilson(60, 100)).toEqual([0.502, 0.6906]);
    expect(wilson(10, 10)).toEqual([0.7225, 1]);
    expect(wilson(0, 0)).toEqual([0, 0]);
  });

  it("bins game lengths with round edges, and gathers a long tail in an open last bin", () => {
    expect(niceCeil(4.95)).toBe(5);
    expect(niceCeil(0.13)).toBe(0.2);
    expect(niceCeil(12)).toBe(20);
    const small = histogram([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 5);
    expect(small.width).toBe(2);
    expect(small.bins.map((b) => [b.from, b.to, b.count])).toEqual([[0, 2, 1], [2, 4, 2], [4, 6, 2], [6, 8, 2], [8, 10, 2], [10, 12, 1]]);
    const ones = histogram([39, 39, 44, 49]);
    expect(ones.width).toBe(1);
    expect(ones.bins).toHaveLength(11);
    expect(ones.bins[0]).toEqual({ from: 39, to: 40, count: 2 });
    const tail = histogram([...Array.from({ length: 99 }, (_, i) => i + 1), 1000]);
    expect(tail.width).toBe(5);
    expect(tail.bins).toHaveLength(21);
    expect(tail.bins[20]).toEqual({ from: 100, to: null, count: 1 });
    expect(tail.bins.reduce((a, b) => a + b.count, 0)).toBe(100);
    expect(histogram([])).toEqual({ width: 0, bins: [] });
    expect(histogram([7, 7, 7]).bins).toEqual([{ from: 7, to: 8, count: 3 }]);
    expect([binLabel(40, 41, 1), binLabel(400, 500, 100), binLabel(5000, null, 100), binLabel(0.5, 1, 0.5)]).toEqual(["40", "400–499", "5000+", "0.5–1"]);
    expect(histogramLines({ width: 2, bins: [{ from: 0, to: 2, count: 4 }, { from: 2, to: 4, count: 0 }, { from: 4, to: null, count: 2 }] }, 8)).toEqual([
      "0–1  4  ########",
      "2–3  0",
      " 4+  2  ####",
    ]);
  });

  it("counts lead changes on a hand-built sequence of scores", () => {
    expect(leader([1, 3, 2])).toBe(1);
    expect(leader([3, 3, 2])).toBe(-1);
    expect(leader([])).toBe(-1);
    // nobody, P1, tied, P2 (1), P1 (2), tied, P1 again (no change), P2 (3)
    const sequence = [[0, 0], [1, 0], [1, 1], [1, 2], [3, 2], [3, 3], [4, 3], [4, 5]];
    expect(leadChanges(sequence)).toBe(3);
    // a leader who keeps the lead through a tie has not lost it
    expect(leadChanges([[1, 0], [1, 1], [2, 1]])).toBe(0);
    const t = new LeadTracker();
    for (const s of [[0, 0, 1], [2, 0, 1], [2, 3, 1]]) t.observe(s);
    expect(t.changes).toBe(2);
  });

  it("spreads final scores by seat, with the gap between best and worst", () => {
    const s = scoreSpread([[1, 5, 3], [3, 1, 3], [2, 3, 3]], 3);
    expect(s.games).toBe(3);
    expect(s.seats[0]).toMatchObject({ seat: 1, mean: 2, min: 1, median: 2, max: 3, q1: 1.5, q3: 2.5 });
    expect(s.seats[1]).toMatchObject({ seat: 2, mean: 3, min: 1, max: 5, sd: 2 });
    expect(s.seats[2]).toMatchObject({ mean: 3, sd: 0 });
    expect(s.gap).toMatchObject({ mean: 2.3333, min: 1, median: 2, max: 4 }); // gaps 4, 2, 1
    expect(quantile([1, 2, 3, 4], 0.5)).toBe(2.5);
  });

  it("compares wins per agent with what a seat gets by chance, only when the seats differ", () => {
    const k = winsByAgent(["ismcts", "random", "random", "random"], [60, 20, 10, 10], 100)!;
    expect(k.map((x) => x.agent)).toEqual(["ismcts", "random"]);
    expect(k[0]).toEqual({ agent: "ismcts", seats: [1], wins: 60, trials: 100, winRate: 0.6, winRate95: [0.502, 0.6906], chance: 0.25, edge: 2.4 });
    expect(k[1]).toMatchObject({ seats: [2, 3, 4], wins: 40, trials: 300, winRate: 0.1333, chance: 0.25 });
    // shared wins: three winners a game out of four players make 75% the chance of a seat
    expect(winsByAgent(["a", "b", "b", "b"], [80, 75, 75, 70], 100)![0].chance).toBe(0.75);
    expect(winsByAgent(["random", "random"], [5, 5], 10)).toBeNull();
  });

  it("adds coverage up over games and lists the rules that never fired", () => {
    const rules = [{ rule: "actions.a", what: "taken" as const }, { rule: "triggers.t", what: "fired" as const }];
    const game = { id: "g", name: "G", coverage: rules, outcome: {} as never };
    const outcome = (counts: GameOutcome["counts"]): GameOutcome => ({ moves: 1, finished: true, error: null, winners: [0], losers: [], seed: "s", scores: null, leadChanges: null, drama: null, settled: null, decisions: 1, branching: 1, counts });
    // a game's counts: how often each rule ran, then how often it changed the game (interpreter/changes.ts)
    const tally = tallyOf(game, 1, [outcome({ counts: [3, 0, 2, 0], inner: [{ id: "r", name: "R", rules, counts: [1, 0, 1, 0] }] }), outcome({ counts: [0, 0, 0, 0], inner: [] })]);
    const sum = summaryOfTally(game, { seed: 1, agents: [{ name: "random" }] }, tally);
    const none = { mean: 0, sd: 0, min: 0, median: 0, max: 0 };
    expect(sum.coverage).toEqual({
      id: "g", name: "G", games: 2,
      rules: [
        { rule: "actions.a", what: "taken", count: 3, games: 1, fired: 1, timesFired: { mean: 1, sd: 1.4142, min: 0, median: 1, max: 2 } },
        { rule: "triggers.t", what: "fired", count: 0, games: 0, fired: 0, timesFired: none },
      ],
      never: ["triggers.t"],
    });
    expect(sum.innerCoverage).toMatchObject([{ id: "r", games: 1, never: ["triggers.t"] }]);
  });
});

describe("simulate on a tiny rule file", () => {
  const game = gameOf(scoredText);
  const o = { players: 3, games: 30, seed: "tiny", agents: [firstAgent, randomAgent, randomAgent] };

  it("reports coverage, listing the rules that never fired", () => {
    const s = simulate(game, o);
    expect(s.finished).toBe(30);
    expect(s.coverage!.games).toBe(30);
    const byRule = new Map(s.coverage!.rules.map((r) => [r.rule, r]));
    expect(byRule.get("actions.play")!.count).toBeGreaterThan(0);
    expect(byRule.get("actions.keep")!.games).toBeGreaterThan(20);
    expect(byRule.get("phases.main")).toMatchObject({ what: "entered", count: 30, games: 30 });
    expect(byRule.get("actions.keep.require.no-aces")!.count).toBeGreaterThan(0);
    expect(s.coverage!.never).toEqual(["triggers.never", "actions.keep.require.always"]);
    expect(s.innerCoverage).toEqual([]);
  });

  it("reports scores, lead changes, branching and wins by agent", () => {
    const s = simulate(game, o);
    expect(s.scores!.games).toBe(30);
    expect(s.scores!.seats).toHaveLength(3);
    // the first-move agent plays before it keeps (play is listed first), so it never scores
    expect(s.scores!.seats[0]).toMatchObject({ mean: 0, max: 0 });
    expect(s.scores!.gap.mean).toBeGreaterThan(0);
    expect(s.scores!.leadChanges.max).toBeGreaterThanOrEqual(s.scores!.leadChanges.mean);
    expect(s.branching.decisions).toBe(s.moves);
    expect(s.branching.mean).toBeGreaterThan(1);
    expect(s.byAgent!.map((k) => [k.agent, k.seats])).toEqual([["first", [1]], ["random", [2, 3]]]);
    expect(s.lengthHistogram.bins.reduce((a, b) => a + b.count, 0)).toBe(30);
    const outcomes = playMany(game, { ...o, from: 10, to: 12 });
    expect(outcomes.map((g) => g.seed)).toEqual(["tiny:10", "tiny:11"]);
    expect(outcomes.every((g) => g.leadChanges !== null && g.scores !== null && g.counts !== null)).toBe(true);
  });

  it("leaves out what the rules do not have: no scores, one kind of agent", () => {
    const plain = gameOf(tinyRules());
    const s = simulate(plain, { players: 2, games: 5, seed: 1, agents: [randomAgent, randomAgent] });
    expect(s.scores).toBeNull();
    expect(s.byAgent).toBeNull();
    const none = summarize(plain, { players: 2, games: 0, seed: 1, agents: [randomAgent, randomAgent] }, []);
    expect(none.coverage).toBeNull();
    expect(none.lengthHistogram.bins).toEqual([]);
  });

  it("draws the report: win rate with intervals, length histogram, scores by seat and coverage", () => {
    const html = reportHtml(simulate(game, o));
    expect(html.startsWith("<!DOCTYPE html>")).toBe(true);
    expect(html).not.toMatch(/<script|https?:\/\/(?!www\.w3\.org\/2000\/svg)/); // self-contained
    expect(html.match(/<svg [^>]*role="img"/g)!.length).toBe(4); // seats, agents, lengths, scores
    expect(html).toContain("win rate by seat, with 95% intervals");
    expect(html.match(/class="interval"/g)!.length).toBe(3 + 2);
    expect(html).toContain("game length in moves");
    expect(html).toContain("final score by seat");
    expect(html).toMatch(/<g class="box">/);
    for (const seat of ["P1", "P2", "P3"]) expect(html).toContain(`font-weight="600">${seat}</text>`);
    expect(html).toContain("Never fired (2 of");
    expect(html).toMatch(/<tr class="never"><td><code>triggers\.never<\/code>/);
    expect(html).not.toMatch(/<tr class="never"><td><code>actions\.play<\/code>/);
  });
});

describe("houserules simulate, new flags", () => {
  it("prints the histogram, branching, scores and coverage in text", async () => {
    const file = join(tempDir(), "tiny.yaml");
    writeFileSync(file, scoredText);
    const r = await run(["simulate", file, "--games", "12", "--players", "2"]);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/\ndecisions: \d+ in all, [\d.]+ a game; branching factor [\d.]+ legal moves per decision\n/);
    expect(r.out).toContain("\ngame length histogram (moves, games):\n");
    expect(r.out).toMatch(/\nfinal scores \(12 finished games\):\nseat +mean/);
    expect(r.out).toMatch(/\nlead changes: mean [\d.]+ a game/);
    expect(r.out).toContain("\nrule coverage (12 games):\n");
    expect(r.out).toContain("\nnever fired: triggers.never, actions.keep.require.always\n");
  });

  it("writes the HTML report and says where", async () => {
    const out = join(tempDir(), "report.html");
    const r = await run(["simulate", "idle-hands/missions", "--games", "30", "--players", "3", "--report", out]);
    expect(r.code).toBe(0);
    expect(r.out).toContain(`report written to ${out}\n`);
    expect(existsSync(out)).toBe(true);
    const html = readFileSync(out, "utf8");
    expect(html.match(/<svg [^>]*role="img"/g)!.length).toBe(3);
    expect(html).toContain("idle-hands/missions");
    expect(html).toContain("every seat alike");
    // with --json the note goes to stderr, so that stdout stays one JSON object
    const j = await run(["simulate", "idle-hands/missions", "--games", "5", "--players", "3", "--json", "--report", out]);
    expect(() => JSON.parse(j.out)).not.toThrow();
    expect(j.err).toContain(`report written to ${out}`);
    expect((await run(["simulate", "--all", "--report", out])).code).toBe(2);
  });

  it("gives the same JSON whatever the number of workers", async () => {
    expect(chunkSize(1000, 2)).toBe(32);
    expect(chunkSize(3, 8)).toBe(1);
    const args = ["simulate", "idle-hands/missions-match", "--games", "16", "--players", "3", "--seed", "9", "--json"];
    const one = runBin([...args, "--workers", "1"]);
    const two = runBin([...args, "--workers", "2"]);
    expect(one.code).toBe(0);
    expect(two.code).toBe(0);
    expect(two.out).toBe(one.out);
    const summary = JSON.parse(one.out);
    expect(summary.games).toBe(16);
    expect(summary.innerCoverage[0].id).toBe("idle-hands/missions");
    // the main thread alone agrees too
    expect((await run(args)).out).toBe(one.out);
  });

  it("plays a rule file given by path on workers, also when started from the TypeScript source", async () => {
    const file = join(tempDir(), "tiny.yaml");
    writeFileSync(file, scoredText);
    const args = ["simulate", file, "--games", "10", "--players", "3", "--json"];
    const workers = await run([...args, "--workers", "2"]); // the workers run the build's dist/src/sim/worker.js
    expect(workers.code).toBe(0);
    expect(workers.out).toBe((await run(args)).out);
    expect((await run([...args, "--workers", "0"])).code).toBe(2);
  });
});
