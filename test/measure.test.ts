// Measuring in the playground: a pool of message-passing workers gives the command line's summary byte for byte,
// cancels at once, and the charts show the summary's own figures.
import { describe, expect, it } from "vitest";
import { RunPool, Cancelled, type PoolReply, type PoolRequest, type WorkerLike } from "../src/sim/pool.js";
import { answer } from "../src/sim/pool-worker.js";
import { shares, chunkSize } from "../src/sim/shares.js";
import type { RunSpec } from "../src/sim/run-spec.js";
import type { Summary } from "../src/sim/simulate.js";
import { chanceNote, compareSummaries, holm, holmNote, means, proportions, pValue, withHolm } from "../src/sim/compare.js";
import { commonBins, histogram } from "../src/sim/histogram.js";
import { chartsOf, winsBySeat, lengthHistogram, scoreSpreadChart, coverageChart, dramaChart, evaluationChart } from "../src/measure/charts.js";
import { runBin } from "./helpers/cli.js";
import { simulate } from "../src/sim/simulate.js";
import { loadComposition } from "../src/interpreter/load/load.js";
import { randomAgent } from "../src/agents/random.js";

/**
 * A worker that answers on this thread, a turn of the event loop later, with its answer copied as a message
 * is: the pool's own logic under test, without a browser. (The browser tests run the page's real Web Workers.)
 */
class LocalWorker implements WorkerLike {
  onmessage: ((e: { data: PoolReply }) => void) | null = null;
  onerror: ((e: { message?: string }) => void) | null = null;
  ended = false;
  tasks: [number, number][] = [];
  kinds: PoolRequest["kind"][] = [];
  postMessage(request: PoolRequest): void {
    this.kinds.push(request.kind);
    setTimeout(() => {
      if (this.ended) return;
      if (request.kind === "play") this.tasks.push([request.from, request.to]);
      const reply: PoolReply = request.kind === "setup" ? { kind: "ready" } : answer(request);
      this.onmessage?.({ data: structuredClone(reply) });
    }, 0);
  }
  terminate(): void {
    this.ended = true;
  }
}

function poolOf(size: number): { pool: RunPool; made: LocalWorker[] } {
  const made: LocalWorker[] = [];
  const pool = new RunPool(() => {
    const w = new LocalWorker();
    made.push(w);
    return w;
  }, size);
  return { pool, made };
}

const spec = (refs: string[], players: number, seed: number | string, agents: string[]): RunSpec => ({ refs, players, seed, agents: agents.map((name) => ({ name })) });

describe("the run pool", () => {
  it("gives the summary of houserules simulate --json byte for byte, with 1, 2 and 3 workers", async () => {
    const cli = runBin(["simulate", "idiot", "--games", "40", "--seed", "7", "--players", "4", "--json"]);
    expect(cli.code).toBe(0);
    for (const size of [1, 2, 3]) {
      const { pool, made } = poolOf(size);
      const progress: number[] = [];
      // the measuring agent (simulate's default): what it learns from the rules is the same in every worker
      const summary = await pool.run(spec(["idiot"], 4, 7, ["sensible", "sensible", "sensible", "sensible"]), 40, { onProgress: (d) => progress.push(d) });
      expect(JSON.stringify(summary, null, 2) + "\n").toBe(cli.out);
      expect(progress[progress.length - 1]).toBe(40);
      expect(made).toHaveLength(size);
      // every worker played a share, and together they played every game once
      const played = made.flatMap((w) => w.tasks).sort((a, b) => a[0] - b[0]);
      expect(played).toEqual(shares(0, 40, size));
      if (size > 1) expect(made.every((w) => w.tasks.length > 0)).toBe(true);
      pool.close();
    }
  });

  it("matches the command line for scores, several agents and a match", async () => {
    const cli = runBin(["simulate", "on-the-cards/opening-hands", "--games", "6", "--seed", "3", "--players", "3", "--agents", "greedy,random,random", "--json"]);
    const { pool } = poolOf(2);
    const summary = await pool.run(spec(["on-the-cards/opening-hands"], 3, 3, ["greedy", "random", "random"]), 6);
    expect(JSON.stringify(summary, null, 2) + "\n").toBe(cli.out);
    expect(summary.byAgent).not.toBeNull();
    expect(summary.innerCoverage.length).toBeGreaterThan(0);
    pool.close();
  });

  it("cancels at once: the promise rejects and every worker is ended", async () => {
    const { pool, made } = poolOf(2);
    let seen = 0;
    let cancelledAt = 0;
    const running = pool.run(spec(["idiot"], 2, 7, ["random", "random"]), 10_000, {
      onProgress: (d) => {
        seen = d;
        cancelledAt = performance.now();
        pool.cancel();
      },
    });
    await expect(running).rejects.toBeInstanceOf(Cancelled);
    expect(performance.now() - cancelledAt).toBeLessThan(1_000); // no task is waited for
    expect(seen).toBeLessThan(10_000);
    expect(made.every((w) => w.ended)).toBe(true);
    expect(pool.running).toBe(false);
    // and the next run starts new workers
    const again = await pool.run(spec(["idiot"], 2, 1, ["random", "random"]), 4);
    expect(again.games).toBe(4);
    pool.close();
  });

  it("keeps its workers from run to run: the setup is sent again only when it changed, and warm() loads the rules ahead", async () => {
    const cli = runBin(["simulate", "idiot", "--games", "30", "--seed", "7", "--players", "4", "--json"]);
    const { pool, made } = poolOf(2);
    const idiot = spec(["idiot"], 4, 7, ["sensible", "sensible", "sensible", "sensible"]);
    await pool.warm(idiot, 30, [["a.yaml", "x: 1"]]);
    expect(made).toHaveLength(2);
    expect(made.map((w) => w.tasks)).toEqual([[[0, 0]], [[0, 0]]]); // a share of no games: the rules loaded
    for (const setup of [[["a.yaml", "x: 1"]], [["a.yaml", "x: 1"]], [["a.yaml", "x: 2"]]]) {
      const summary = await pool.run(idiot, 30, { setup });
      expect(JSON.stringify(summary, null, 2) + "\n").toBe(cli.out);
    }
    expect(made).toHaveLength(2); // no worker started again
    expect(made.every((w) => !w.ended)).toBe(true);
    // each was set up at the warm-up and again once the files changed
    expect(made.map((w) => w.kinds.filter((k) => k === "setup").length)).toEqual([2, 2]);
    expect(made[0].kinds.filter((k) => k === "summarize")).toHaveLength(3);
    pool.close();
    expect(made.every((w) => w.ended)).toBe(true);
  });

  it("says why when the rules do not load", async () => {
    const { pool } = poolOf(1);
    await expect(pool.run(spec(["no-such-game"], 2, 1, ["random", "random"]), 3)).rejects.toThrow(/no rule file for 'no-such-game'/);
    pool.close();
  });

  it("cuts a run as the command line's pool does", () => {
    expect(chunkSize(1000, 1)).toBe(63);
    expect(shares(0, 10, 4).flat()).toEqual([0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10]);
    expect(shares(0, 1000, 2).length).toBe(32);
  });
});

describe("the charts", () => {
  const summaryOf = (args: string[]): Summary => JSON.parse(runBin(["simulate", ...args, "--json"]).out) as Summary;

  it("show wins by seat with their 95% intervals and the game-length histogram from the summary", () => {
    const s = summaryOf(["idiot", "--games", "40", "--seed", "2", "--players", "3"]);
    const wins = winsBySeat(s);
    expect(wins.config.type).toBe("barWithErrorBars");
    expect(wins.config.data.labels).toEqual(["P1 (sensible)", "P2 (sensible)", "P3 (sensible)"]);
    expect(wins.config.data.datasets[0].data).toEqual(s.seats.map((x) => ({ y: Math.round(x.winRate * 1000) / 10, yMin: Math.round(x.winRate95[0] * 1000) / 10, yMax: Math.round(x.winRate95[1] * 1000) / 10 })));
    const lengths = lengthHistogram(s);
    expect((lengths.config.data.datasets[0].data as number[]).reduce((a, b) => a + b, 0)).toBe(s.finished);
    expect(scoreSpreadChart(s)).toBeNull(); // Idiot has no scores
    const coverage = coverageChart(s)!;
    expect(coverage.config.data.labels).toHaveLength(s.coverage!.rules.length);
  });

  it("show score spread as box plots and lead changes, for rules with scores", () => {
    const s = summaryOf(["hands", "--games", "20", "--seed", "2", "--players", "4"]);
    const box = scoreSpreadChart(s)!;
    expect(box.config.type).toBe("boxplot");
    expect(box.config.data.datasets[0].data).toEqual(s.scores!.seats.map((x) => ({ min: x.min, q1: x.q1, median: x.median, q3: x.q3, max: x.max, mean: x.mean })));
    expect(chartsOf(s).map((c) => c.config.type)).toEqual(["barWithErrorBars", "bar", "boxplot", "barWithErrorBars", "bar", "barWithErrorBars", "bar"]);
  });

  it("show drama as a histogram of lead changes a game, and balance, decisiveness and skill as bars from the summary", () => {
    const s = summaryOf(["idiot", "--games", "30", "--seed", "2", "--players", "3", "--agents", "greedy,random,random"]);
    const drama = dramaChart(s)!;
    expect(drama.title).toContain("on the agents' evaluation");
    expect((drama.config.data.datasets[0].data as number[]).reduce((a, b) => a + b, 0)).toBe(s.drama!.games);
    const bars = evaluationChart(s)!;
    expect(bars.config.data.labels).toEqual(["balance", "decisiveness", "skill (greedy)"]);
    expect((bars.config.data.datasets[0].data as { y: number }[]).map((b) => b.y)).toEqual([s.balance!.value, s.decisiveness!.settled.mean, s.skill!.value]);
    expect((bars.config.data.datasets[0].data as { yMin: number; yMax: number }[])[2]).toMatchObject({ yMin: s.skill!.value95[0], yMax: s.skill!.value95[1] });
    expect(chartsOf(s).map((c) => c.title.split(" ")[0])).toEqual(["Wins", "Game", "Drama:", "Balance,", "Rule"]);
  });
});

describe("the charts of two runs side by side", () => {
  it("put both game-length histograms on the same bins, each value in a bin that holds it, and the same axes", () => {
    const short = histogram(Array.from({ length: 300 }, (_, i) => 10 + (i % 37)));
    const long = histogram([...Array.from({ length: 300 }, (_, i) => 30 + ((i * 7) % 140)), 5000]);
    expect(short.width).not.toBe(long.width);
    const [a, b] = commonBins(short, long);
    expect(a.bins.map((x) => [x.from, x.to])).toEqual(b.bins.map((x) => [x.from, x.to]));
    expect(a.width).toBe(b.width);
    for (const [before, after] of [[short, a], [long, b]]) {
      expect(after.bins.reduce((n, x) => n + x.count, 0)).toBe(before.bins.reduce((n, x) => n + x.count, 0));
      // every bin before lies within the bin after that took its count
      for (const x of before.bins) {
        const into = after.bins.find((y) => x.from >= y.from && (y.to === null || (x.to !== null && x.to <= y.to)));
        expect(into, JSON.stringify(x)).toBeDefined();
      }
    }
    expect(commonBins(short, short)).toEqual([short, short]);

    const sa = JSON.parse(runBin(["simulate", "hands", "--games", "20", "--seed", "2", "--players", "4", "--json"]).out) as Summary;
    const sb = JSON.parse(runBin(["simulate", "hands", "--games", "30", "--seed", "5", "--players", "4", "--json"]).out) as Summary;
    const [ca, cb] = [chartsOf(sa, sb), chartsOf(sb, sa)];
    const axes = (c: ReturnType<typeof chartsOf>) => c.map((x) => [x.config.data.labels.length && /^(Game|Drama)/.test(x.title) ? x.config.data.labels : null, JSON.stringify((x.config.options.scales as any)?.y)]);
    expect(axes(ca).slice(0, 6)).toEqual(axes(cb).slice(0, 6));
    expect(ca[4].title).toMatch(/^Drama/);
    // the drama histograms on the same bins hold every game of their side, under one y axis above both
    const counts = (c: ReturnType<typeof chartsOf>) => c[4].config.data.datasets[0].data as number[];
    expect([counts(ca), counts(cb)].map((x) => x.reduce((a, b) => a + b, 0))).toEqual([sa.drama!.games, sb.drama!.games]);
    expect((ca[4].config.options.scales as any).y.max).toBe(Math.max(...counts(ca), ...counts(cb)));
    expect((ca[1].config.options.scales as any).y.max).toBeGreaterThanOrEqual(Math.max(...(ca[1].config.data.datasets[0].data as number[]), ...(cb[1].config.data.datasets[0].data as number[])));
  });

  it("label every rule's bar of the coverage chart", () => {
    const s = JSON.parse(runBin(["simulate", "idiot", "--games", "5", "--seed", "2", "--json"]).out) as Summary;
    expect((coverageChart(s)!.config.options.scales as any).y.ticks.autoSkip).toBe(false);
  });

  it("say how many marks chance alone would give", () => {
    expect(chanceNote(20)).toMatch(/^Of 20 figures tested at 95%, about 1 would be marked by chance alone/);
    expect(chanceNote(12)).toMatch(/less than one would be marked/);
  });
});

describe("comparing two runs", () => {
  it("tests two proportions and two means as a statistics book does", () => {
    const p = proportions("x", 50, 100, 70, 100);
    expect(p).toMatchObject({ a: 0.5, b: 0.7, difference: 0.2, significant: true });
    expect(p.p!).toBeCloseTo(0.0039, 4);
    expect(proportions("x", 50, 100, 55, 100).significant).toBe(false);
    const m = means("y", 10, 2, 100, 10.3, 2, 100);
    expect(m.p!).toBeCloseTo(0.2888, 3);
    expect(m.significant).toBe(false);
    expect(means("y", 10, 2, 400, 10.4, 2, 400).significant).toBe(true);
    expect(pValue(1.959964)).toBeCloseTo(0.05, 5);
    expect(proportions("x", 0, 0, 1, 2).p).toBeNull();
  });

  it("corrects the p values of a comparison together by Holm's method, as worked by hand", () => {
    // sorted: 0.005 ×4 = 0.02, 0.01 ×3 = 0.03, 0.03 ×2 = 0.06, 0.04 ×1 = 0.04 raised to the 0.06 before it; null untested
    expect(holm([0.01, 0.04, 0.03, 0.005, null])).toEqual([0.03, 0.06, 0.06, 0.02, null]);
    expect(holm([0.5, 0.6])).toEqual([1, 1]); // 0.5 ×2 capped at 1, and 0.6 not below it
    expect(holm([0.02, 0.02, 0.02])).toEqual([0.06, 0.06, 0.06]); // ties: ×3, ×2 (raised), ×1 (raised)
    expect(holm([0.049])).toEqual([0.049]); // one figure: nothing to correct
    expect(holm([null, null])).toEqual([null, null]);
    const marked = withHolm([0.01, 0.04, 0.03, 0.005].map((p, i) => ({ measure: `m${i}`, a: 0, b: 0, difference: 0, kind: "rate" as const, p, significant: p < 0.05 })));
    expect(marked.map((d) => [d.significant, d.pHolm, d.significantHolm])).toEqual([[true, 0.03, true], [true, 0.06, false], [true, 0.06, false], [true, 0.02, true]]);
    expect(holmNote(4, 2)).toBe("Corrected for all 4 figures tested at once (Holm's method), 2 stay significant at 95%: if the two sets of rules played alike, the chance that any figure stays marked would be below one in twenty.");
  });

  it("marks what a variant changes against its base, for the same seeds and agents", () => {
    const run = (refs: string[]) => simulate(loadComposition(refs).game!, { players: 4, games: 150, seed: 4, agents: [randomAgent, randomAgent, randomAgent, randomAgent] });
    const base = run(["idle-hands/seven-sins"]);
    const variant = run(["idle-hands/seven-sins", "idle-hands/seven-sins-advanced"]);
    const c = compareSummaries(base, variant, ["base", "Advanced"]);
    const same = compareSummaries(base, base);
    expect(same.differences.every((d) => !d.significant && d.difference === 0)).toBe(true);
    const row = (name: string) => c.differences.find((d) => d.measure === name)!;
    expect(row("game length (moves)")).toMatchObject({ a: base.length.mean, b: variant.length.mean });
    expect(row("P1 win rate").a).toBe(Math.round((base.seats[0].wins / base.finished) * 10000) / 10000);
    expect(c.differences.some((d) => d.significant)).toBe(true); // Advanced plays differently
    expect(c.differences.filter((d) => d.measure.endsWith("(share of games)")).length).toBeGreaterThan(3); // rule by rule
  });
});
