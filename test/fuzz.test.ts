// A short run of the standing campaign (src/fuzz): mutated shipped rule files load or are refused at a place,
// and what loads plays with every invariant holding. `npm run fuzz -- --runs N --seed S` runs a long one.
import { describe, expect, it } from "vitest";
import { runCampaign, shippedTargets } from "../src/fuzz/campaign.js";
import { mutateText, randomExpression } from "../src/fuzz/mutate.js";
import { checkedGame } from "../src/fuzz/invariants.js";
import { seedRng } from "../src/interpreter/rng.js";
import { gameOf, tinyRules } from "./helpers/rules.js";

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
    const r = runCampaign({ runs: 12, seed: "ci", maxMoves: 150, leakEvery: 8 });
    expect(r.violations).toEqual([]);
    expect([r.files, r.pristine]).toEqual([10, 2]);
    expect(r.loaded + r.refused).toBe(12);
    expect(r.loaded).toBeGreaterThanOrEqual(2);
    expect(r.expressions).toBe(24);
    expect(r.loaded).toBeGreaterThan(0);
    expect(r.events).toBeGreaterThan(100);
  });
});
