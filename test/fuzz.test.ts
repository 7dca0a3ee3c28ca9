// A short run of the standing campaign (src/fuzz): mutated shipped rule files load or are refused at a place,
// and what loads plays with every invariant holding; rules that break an invariant are reported; and shards add
// up. `npm run fuzz -- --runs N --seed S --shards K` runs a long one.
import { describe, expect, it } from "vitest";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runCampaign, shippedTargets } from "../src/fuzz/campaign.js";
import { mutateText, randomExpression } from "../src/fuzz/mutate.js";
import { checkedGame } from "../src/fuzz/invariants.js";
import { addUp, readLog, shardRange, shardRecord, summaryLine } from "../src/fuzz/shards.js";
import { installNodeHost } from "../src/node/host.js";
import { seedRng } from "../src/interpreter/rng.js";
import { gameOf, stockRules, tinyRules } from "./helpers/rules.js";

describe("the standing campaign", () => {
  it("covers every shipped rule file", () => {
    const refs = new Set(shippedTargets().flatMap((t) => t.refs));
    for (const id of ["idiot", "hands", "idle-hands/missions", "idle-hands/seven-sins-advanced", "on-the-cards/round-the-twist"]) expect(refs).toContain(id);
  });

  it("mutates the same way from the same seed, and differently from another", () => {
    const text = tinyRules();
    const edits = (seed: string) => Array.from({ length: 20 }, (_, i) => mutateText(text, seedRng(`${seed}/${i}`)));
    expect(edits("a")).toEqual(edits("a"));
    expect(new Set(edits("a")).size).toBeGreaterThan(10);
    expect(randomExpression(seedRng("x"))).toBe(randomExpression(seedRng("x")));
  });

  it("checks a game after every event and tries a malformed move at every decision", () => {
    const ok = checkedGame(gameOf(tinyRules()), { players: 3, seed: "t", maxMoves: 100, leakEvery: 1, seconds: 10, strict: true });
    expect(ok).toMatchObject({ finished: true, moves: 9, violations: [] });
    expect(ok.events).toBeGreaterThan(9);
    expect(ok.refusals).toBe(9); // one malformed move tried at every decision before the end, each refused
  });

  it("runs 10 mutated files and 2 shipped games with no violation", () => {
    const r = runCampaign({ runs: 12, seed: "ci", shippedEvery: 6, maxMoves: 150, leakEvery: 8 });
    expect(r.violations).toEqual([]);
    expect([r.files, r.pristine, r.violationCount]).toEqual([10, 2, 0]);
    expect(r.loaded + r.refused).toBe(10);
    expect(r.games).toBe(r.loaded + 2);
    expect(r.expressions).toBe(12);
    expect(r.loaded).toBeGreaterThan(0);
    expect(r.events).toBeGreaterThan(100);
  }, 60_000);

  it("searches a rule folder whose sub-folders link back to itself, every 50th run, and finds its file at once", () => {
    const r = runCampaign({ runs: 25, seed: "links", shippedEvery: 1000, maxMoves: 5, leakEvery: 50, targets: [{ refs: ["idiot"], players: [2] }] });
    expect(r.violations).toEqual([]);
    expect(r.files).toBe(26); // 25 mutated files and the folder of links
  }, 60_000);
});

// Rules that break what the campaign checks, planted: a run that did not report them would be a checker that
// finds nothing.
// a card taken from the face-down stock by its name: every such legal move names a card its player may not see
const peek = stockRules(`setup: deal(stock, hand, 2)
phases:
  play: {turns: clockwise, actions: [play, grab]}
actions:
  play: {params: {card: hand}, effect: "move(card, pile)"}
  grab: {params: {card: stock}, effect: "move(card, hand)"}
end: hand.empty and stock.empty
`);
// nothing is dealt, so nobody ever has a card to play, and the game cannot end
const stuck = stockRules(`phases:
  play: {turns: clockwise, actions: [play]}
actions:
  play: {params: {card: hand}, effect: "move(card, pile)"}
end: pile.count == 6
`);

describe("the campaign reports a planted violation", () => {
  it("a legal move that names a hidden card", () => {
    const g = checkedGame(gameOf(peek), { players: 2, seed: "p", maxMoves: 20, leakEvery: 1, seconds: 10, strict: false });
    expect(g.violations.length).toBeGreaterThan(0);
    expect(g.violations[0]).toMatch(/^leak: \[legal\] seat \d at move 0 in Peek: the legal move 'grab c\d' carries c\d \(stock\), which P\d may not see \(seed p, after 0 moves\)$/);
  });

  it("shipped rules where nobody to move has a legal move", () => {
    const strict = checkedGame(gameOf(stuck), { players: 2, seed: "s", maxMoves: 20, leakEvery: 1, seconds: 10, strict: true });
    expect(strict.violations).toEqual(["nobody to move has a legal move, and the game is not over (seed s, after 0 moves)"]);
    // a mutated file may make such rules: then the game must be stopped with a message, as it is here
    const mutated = checkedGame(gameOf(stuck), { players: 2, seed: "s", maxMoves: 20, leakEvery: 1, seconds: 10, strict: false });
    expect(mutated.violations).toEqual([]);
    expect(mutated.stopped).toMatch(/has no legal move in the play phase/);
  });

  it("in a shard's counts and its summary line", () => {
    const dir = mkdtempSync(join(tmpdir(), "planted-"));
    writeFileSync(join(dir, "peek.yaml"), peek);
    installNodeHost({ roots: [dir] });
    try {
      const played: string[] = [];
      const r = runCampaign({ runs: 4, shippedEvery: 2, seed: "planted", targets: [{ refs: ["peek"], players: [2] }], onRun: (k, file, text) => played.push(`${k} ${file} ${text === peek}`) });
      expect(played).toEqual([0, 1, 2, 3].map((k) => `${k} ${join(dir, "peek.yaml")} ${k % 2 === 1}`)); // the runs as shipped are 1 and 3
      expect(r.pristine).toBe(2);
      expect(r.violationCount).toBeGreaterThanOrEqual(2);
      expect(r.violations.some((v) => /^run 1: peek as shipped: leak: \[legal\]/.test(v))).toBe(true);
      const line = summaryLine("seed planted", shardRecord("planted", 4, r, 1, 1));
      expect(line).toContain(`, ${r.violationCount} VIOLATIONS, 1.0 s CPU`);
    } finally {
      installNodeHost();
    }
  });
});

describe("a campaign in shards", () => {
  const counts = { files: 9, pristine: 1, loaded: 4, refused: 5, games: 5, finished: 3, stopped: 0, moves: 40, refusals: 40, expressions: 10 };
  const shard = (seed: string, events: number, violations = 0) =>
    shardRecord(seed, 10, { ...counts, events, violationCount: violations, violations: violations ? ["run 3: a planted one"] : [] }, 2, 3);

  it("adds up its shards, the latest record of a shard replacing the one before, and skips a line cut short", () => {
    const log = [shard("s/1", 100), shard("s/2", 50, 1), shard("s/1", 120)].map((r) => JSON.stringify(r)).join("\n") + '\n{"seed": "s/3", "ev';
    const shards = readLog(log);
    expect(shards.map((r) => r.seed)).toEqual(["s/1", "s/2"]);
    const t = addUp(shards);
    expect([t.shards, t.runs, t.events, t.violations, t.cpu, t.wall]).toEqual([2, 20, 170, 1, 4, 6]);
    expect(t.found).toEqual(["run 3: a planted one"]);
    expect(summaryLine("all", t)).toBe("all: 18 mutated files (8 loaded and played, 10 refused with located errors), 2 games of shipped rules, 10 games, 80 moves, 170 events checked, 80 malformed moves refused, 20 random expressions, 1 VIOLATIONS, 4.0 s CPU");
  });

  it("takes a count or a range of shards", () => {
    expect([shardRange("7"), shardRange("8-20"), shardRange("0"), shardRange("5-2"), shardRange("x")]).toEqual([[1, 7], [8, 20], null, null, null]);
  });
});
