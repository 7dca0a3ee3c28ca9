// Sweep files and sweeps on this machine: the file's located problems, the merged result (each cell what
// simulate --json prints for the same games), the same bytes on any number of threads, and a sweep resumed
// from its saved results — with a result saved twice, or cut off, counted once.
import { describe, expect, it } from "vitest";
import { mkdtempSync, readFileSync, writeFileSync, appendFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { maxShippedBytes, maxShippedFiles, shippedFiles, sweepPlan } from "../src/sweep/plan.js";
import { ResultRefused, SweepMerge, resultText } from "../src/sweep/merge.js";
import { formatDiagnostic } from "../src/interpreter/diagnostics.js";
import { run } from "./helpers/cli.js";
import { tallyOf } from "../src/sim/tally.js";
import { playMany } from "../src/sim/simulate.js";
import { agentsOfSpec, gameOfSpec } from "../src/sim/run-spec.js";
import { programBuild } from "../src/node/rules-hash.js";

const dir = mkdtempSync(join(tmpdir(), "sweep-"));
const errorsOf = (text: string) => sweepPlan(text, "s.yaml", dir, "0.1.0").problems.map(formatDiagnostic);

export const smallSweep = `name: small
seed: 7
games: 6
shard: 4
players: [3, 4]
rules:
  - id: idiot
  - compose: [Deal Thirteen, Take Lots of Tricks, Crazy Eights, Whist]
  - compose: [Deal All, Avoid High Value Cards, Same Sized Sets, President]
`;

describe("a sweep file", () => {
  it("is checked against its schema, each problem at its line and column", () => {
    expect(errorsOf("games: 10\nrules:\n  - id: idiot\nplayer: [4]\n")).toEqual([expect.stringMatching(/^s\.yaml:4:1: error E_SCHEMA: .*'player'.*players/)]);
    expect(errorsOf("games: 10\nagents: [ismcts:200, smart]\nrules:\n  - id: idiot\n")).toEqual([
      "s.yaml:2:22: error E_SCHEMA: 'smart' is not written as expected: an agent is random, greedy, mc or ismcts, with a search budget after a colon where wanted (ismcts:200)",
    ]);
    expect(errorsOf("games: 0\nrules:\n  - id: idiot\n")[0]).toMatch(/^s\.yaml:1:8: error E_SCHEMA: /);
    expect(errorsOf("rules: [\n")[0]).toMatch(/^s\.yaml:\d+:\d+: error E_YAML/);
  });

  it("says where a rule set cannot be played, a table of agents does not fit, and a rule set names two things", () => {
    expect(errorsOf("games: 2\nrules:\n  - id: idiot\n  - compose: [Deal Eight, Take Lots of Trix, Crazy Eights, Whist]\n")).toEqual([
      expect.stringMatching(/^s\.yaml:4:5: error E_RULES: Deal Eight, Take Lots of Trix, Crazy Eights, Whist cannot be played: .*Take Lots of Trix/),
    ]);
    expect(errorsOf("games: 2\nplayers: [3, 4]\nagents: [[ismcts:20, random, random, random]]\nrules:\n  - id: idiot\n")).toEqual([
      "s.yaml:3:10: error E_SWEEP: names 4 agents, one per seat, but the sweep also plays 3 players: name one agent for all seats, or play 4 players only",
    ]);
    expect(errorsOf("games: 2\nrules:\n  - id: idiot\n    compose: [Deal Eight]\n")).toEqual(["s.yaml:3:5: error E_SWEEP: a rule set is one of id:, compose: or combinations:, not id and compose"]);
  });

  it("checks a rule set's options against what its rules declare, at the options", () => {
    expect(errorsOf("games: 2\nrules:\n  - id: go-fish\n    options: {handSize: 99, nope: 1}\n")).toEqual([
      expect.stringMatching(/^s\.yaml:4:\d+: error E_SWEEP: go-fish \(handSize=99, nope=1\): option 'handSize' is at most 10, not 99; there is no option 'nope' \(options: handSize\)$/),
    ]);
    expect(errorsOf("games: 2\nrules:\n  - id: go-fish\n    options: {handSize: [1]}\n")[0]).toMatch(/^s\.yaml:4:\d+: error E_SCHEMA: /);
  });

  it("refuses more cells than the limit before it lists any", () => {
    const stacks = Array.from({ length: 12 }, () => "      - [Deal Eight, Deal Seven, Deal All]").join("\n");
    expect(errorsOf(`games: 1\nrules:\n  - combinations:\n${stacks}\n`)).toEqual(["s.yaml:3:3: error E_SWEEP: the sweep has 531,441 cells, more than the limit of 100,000"]);
  });

  it("makes every combination of its stacks, an optional one with and without, and skips a count the rules do not take", () => {
    const { plan } = sweepPlan("games: 3\nplayers: [4, 5]\nrules:\n  - combinations:\n      - [Deal Eight, Deal Thirteen]\n      - [Take Lots of Tricks]\n      - [Crazy Eights]\n      - [Whist]\n      - optional: [Partnership]\n", "s.yaml", dir, "0.1.0");
    expect(plan!.cells.map((c) => `${c.label} ${c.players}${c.skipped ? " skipped" : ""}`)).toEqual([
      "Deal Eight, Take Lots of Tricks, Crazy Eights, Whist 4", "Deal Eight, Take Lots of Tricks, Crazy Eights, Whist 5",
      "Deal Eight, Take Lots of Tricks, Crazy Eights, Whist, Partnership 4", "Deal Eight, Take Lots of Tricks, Crazy Eights, Whist, Partnership 5",
      "Deal Thirteen, Take Lots of Tricks, Crazy Eights, Whist 4", "Deal Thirteen, Take Lots of Tricks, Crazy Eights, Whist 5 skipped",
      "Deal Thirteen, Take Lots of Tricks, Crazy Eights, Whist, Partnership 4", "Deal Thirteen, Take Lots of Tricks, Crazy Eights, Whist, Partnership 5 skipped",
    ]);
    expect(plan!.shards).toHaveLength(6);
    expect(plan!.shards[0].id).toMatch(/^[0-9a-f]{16}-c0-g0$/);
  });

  it("the shipped On The Cards sweep has 360 cells of 100 games", () => {
    const { plan, problems } = sweepPlan(readFileSync("sweeps/on-the-cards.yaml", "utf8"), "on-the-cards.yaml", "sweeps", "0.1.0");
    expect(problems).toEqual([]);
    expect(plan!.cells).toHaveLength(360);
    expect(plan!.cells.every((c) => !c.skipped && c.players === 4)).toBe(true);
    expect(plan!.shards).toHaveLength(360);
  }, 60_000);
});

describe("merging shard results", () => {
  const { plan } = sweepPlan(smallSweep, "s.yaml", dir, "0.1.0");
  const shard = plan!.shards[0];
  const cell = plan!.cells[shard.cell];
  const game = gameOfSpec(cell.refs);
  const tally = tallyOf(game, cell.players, playMany(game, { players: cell.players, seed: plan!.seed, agents: agentsOfSpec(cell.agents), games: shard.to, from: shard.from, to: shard.to }), shard.from);
  const text = resultText(plan!, shard, tally);

  it("counts a shard once: the same result again is dropped, a different one refused, the first kept", () => {
    const m = new SweepMerge(plan!);
    expect(m.add(text, "a")).toBe("added");
    expect(m.add(text, "b")).toBe("again");
    const other = JSON.parse(text);
    other.tally.moves++;
    expect(() => m.add(JSON.stringify(other), "c")).toThrow(/c: shard .* was posted twice with different results: the first is kept/);
    expect(m.done).toBe(1);
    expect(m.tally(shard.cell)!.moves).toBe(tally.moves);
  });

  it("refuses a result that does not parse, of another version, of another sweep or not a tally of the shard's games", () => {
    const m = new SweepMerge(plan!);
    const refused = (t: string) => {
      try {
        m.add(t, "r");
      } catch (e) {
        expect(e).toBeInstanceOf(ResultRefused);
        return (e as Error).message;
      }
      return "added";
    };
    expect(refused(text.slice(0, 40))).toMatch(/^r: the result does not parse as JSON/);
    expect(refused(text.replace('"program":"0.1.0"', '"program":"0.0.9"'))).toMatch(/played by houserules 0\.0\.9, not 0\.1\.0: its games are not counted/);
    expect(refused(text.replace(plan!.key, "0000000000000000").replace(`"sweep":"0000000000000000"`, `"sweep":"0000000000000000"`))).toMatch(/another sweep|has no shard/);
    const short = JSON.parse(text);
    short.tally.games = 3;
    expect(refused(JSON.stringify(short))).toMatch(/is not a tally of its games: 3 games, not 4/);
    const lost = JSON.parse(text);
    lost.tally.lengths = lost.tally.lengths.slice(1);
    expect(refused(JSON.stringify(lost))).toMatch(/game lengths for \d+ finished games/);
    const forged = JSON.parse(text);
    forged.tally.gaps = [[1, 1e15]]; // a count no shard has: refused before anything is expanded from it
    expect(refused(JSON.stringify(forged))).toMatch(/the score gaps do not count the games with scores/);
    // the standings' figures: a count no shard has, a share outside 0 to 1
    const dramatic = JSON.parse(text);
    dramatic.tally.drama = [[2, 1e15]];
    expect(refused(JSON.stringify(dramatic))).toMatch(/more games in drama than finished games/);
    const settled = JSON.parse(text);
    settled.tally.settled = [[7, 1]];
    expect(refused(JSON.stringify(settled))).toMatch(/a settled share is not between 0 and 1/);
    expect(m.done).toBe(0);
  });
});

describe("a sweep's build", () => {
  it("is part of its key and of every result: a rebuilt engine's sweep merges none of the old build's results", () => {
    const old = sweepPlan(smallSweep, "s.yaml", dir, "0.1.0", "sha256:aaaaaaaaaaaaaaaa").plan!;
    const rebuilt = sweepPlan(smallSweep, "s.yaml", dir, "0.1.0", "sha256:bbbbbbbbbbbbbbbb").plan!;
    expect(rebuilt.key).not.toBe(old.key);
    const shard = old.shards[0];
    const cell = old.cells[shard.cell];
    const game = gameOfSpec(cell.refs);
    const tally = tallyOf(game, cell.players, playMany(game, { players: cell.players, seed: old.seed, agents: agentsOfSpec(cell.agents), games: shard.to, from: shard.from, to: shard.to }), shard.from);
    const text = resultText(old, shard, tally);
    expect(JSON.parse(text).build).toBe("sha256:aaaaaaaaaaaaaaaa");
    const m = new SweepMerge(rebuilt);
    expect(() => m.add(text, "r")).toThrow(`r: shard ${shard.id} was played by another build of houserules 0.1.0 (sha256:aaaaaaaaaaaaaaaa, not sha256:bbbbbbbbbbbbbbbb): its games are not counted`);
    // a result that names no build (of a program before builds were named) is not counted either
    const unnamed = JSON.parse(resultText(rebuilt, rebuilt.shards[0], tally));
    delete unnamed.build;
    expect(() => m.add(JSON.stringify(unnamed), "r")).toThrow(/was played by another build of houserules 0\.1\.0 \(none named, not sha256:b+\)/);
    expect(m.done).toBe(0);
  });
});

describe("a cell's rule files, shipped with its shards", () => {
  it("are counted and measured before any is shipped: files, bytes each (the loader's limit) and bytes together", () => {
    const folder = mkdtempSync(join(dir, "ship-"));
    const many = new Set(Array.from({ length: maxShippedFiles + 1 }, (_, i) => join(folder, `f${i}.yaml`)));
    expect(shippedFiles(many, new Map())).toBe(`the rules read ${maxShippedFiles + 1} files, more than the ${maxShippedFiles} a shard may ship`);
    // five files of 3.5 MB: each under the loader's 4 MB, together over the 16 MB a shard may ship
    const big = new Set<string>();
    for (let i = 0; i < 5; i++) {
      const file = join(folder, `big${i}.yaml`);
      writeFileSync(file, `# ${i}${"x".repeat(3.5 * 2 ** 20)}\n`);
      big.add(file);
    }
    expect(shippedFiles(big, new Map())).toBe(`the rules' files are more than the ${maxShippedBytes / 2 ** 20} MB a shard may ship`);
    // within the limits: each file by its path and its text's hash, each text kept once
    const texts = new Map<string, string>();
    const two = new Set([...big].slice(0, 2));
    const shipped = shippedFiles(two, texts) as [string, string][];
    expect(shipped.map(([p]) => p)).toEqual([...two].sort());
    expect(shipped.every(([, h]) => /^sha256:[0-9a-f]{64}$/.test(h) && texts.has(h))).toBe(true);
  });
});

describe("houserules sweep on this machine", () => {
  const file = join(dir, "small.yaml");
  writeFileSync(file, smallSweep);

  it("gives each cell what simulate --json gives for its games, the same bytes on 1 and 2 threads, resumed or not", async () => {
    const one = await run(["sweep", file, "--json", "--workers", "1"]);
    expect(one.err).toBe("");
    expect(one.code).toBe(0);
    const result = JSON.parse(one.out);
    expect(result.build).toBe(programBuild()); // the build that played every shard
    expect(result.cells.map((c: { rules: string; players: number }) => `${c.rules} ${c.players}`)).toEqual([
      "idiot 3", "idiot 4", "Deal Thirteen, Take Lots of Tricks, Crazy Eights, Whist 3", "Deal Thirteen, Take Lots of Tricks, Crazy Eights, Whist 4",
      "Deal All, Avoid High Value Cards, Same Sized Sets, President 3", "Deal All, Avoid High Value Cards, Same Sized Sets, President 4",
    ]);
    expect(result.complete).toBe(true);
    const sim = await run(["simulate", "--compose", "Deal Thirteen, Take Lots of Tricks, Crazy Eights, Whist", "--players", "3", "--games", "6", "--seed", "7", "--json"]);
    expect(JSON.stringify(result.cells[2].summary, null, 2) + "\n").toBe(sim.out);
    const idiot = await run(["simulate", "idiot", "--players", "4", "--games", "6", "--seed", "7", "--json"]);
    expect(JSON.stringify(result.cells[1].summary, null, 2) + "\n").toBe(idiot.out);
    expect(result.cells[2].replay).toBe('houserules replay --compose "Deal Thirteen, Take Lots of Tricks, Crazy Eights, Whist" --players 3 --agents sensible,sensible,sensible --seed 7:0'); // a sweep without agents: the measuring agent, as simulate

    const two = await run(["sweep", file, "--json", "--workers", "2"]);
    expect(two.out).toBe(one.out);

    // resumed: half the results saved, one of them twice and one line cut off
    const save = join(dir, "saved.jsonl");
    await run(["sweep", file, "--json", "--workers", "2", "--save", save]);
    const lines = readFileSync(save, "utf8").trim().split("\n");
    expect(lines).toHaveLength(12);
    writeFileSync(save, lines.slice(0, 5).join("\n") + "\n");
    appendFileSync(save, lines[0] + "\n" + lines[6].slice(0, 50) + "\n");
    const resumed = await run(["sweep", file, "--json", "--workers", "2", "--save", save]);
    expect(resumed.err).toMatch(/saved\.jsonl:6: the shard's result is there twice: counted once/);
    expect(resumed.err).toMatch(/saved\.jsonl:7: the result does not parse as JSON .*; the shard is played again/);
    expect(resumed.err).toMatch(/resuming small: 5 of 12 shards already played/);
    expect(resumed.out).toBe(one.out);
  }, 120_000);

  it("plays a rule set with its options as simulate --option plays them, and replays a game with them", async () => {
    const options = join(dir, "options.yaml");
    writeFileSync(options, "seed: 3\ngames: 5\nplayers: 3\nrules:\n  - id: go-fish\n  - id: go-fish\n    options: {handSize: 3}\n");
    const r = await run(["sweep", options, "--json", "--workers", "1"]);
    expect(r.err).toBe("");
    const result = JSON.parse(r.out);
    expect(result.cells.map((c: { rules: string; options?: unknown }) => [c.rules, c.options])).toEqual([["go-fish", undefined], ["go-fish (handSize=3)", { handSize: 3 }]]);
    const sim = await run(["simulate", "go-fish", "--players", "3", "--games", "5", "--seed", "3", "--option", "handSize=3", "--json"]);
    expect(JSON.stringify(result.cells[1].summary, null, 2) + "\n").toBe(sim.out);
    expect(result.cells[0].summary).not.toEqual(result.cells[1].summary);
    expect(result.cells[1].replay).toBe("houserules replay go-fish --option handSize=3 --players 3 --agents sensible,sensible,sensible --seed 3:0");
    // the command plays that game again, with the option
    const replay = await run(result.cells[1].replay.split(" ").slice(1));
    expect(replay.err).toBe("");
    expect(replay.code).toBe(0);
    const plain = await run(result.cells[0].replay.split(" ").slice(1));
    expect(replay.out).not.toBe(plain.out);
  });

  it("says where a malformed sweep file is wrong, and exits 2", async () => {
    const bad = join(dir, "bad.yaml");
    writeFileSync(bad, "games: ten\nrules:\n  - id: idiot\n");
    const r = await run(["sweep", bad]);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/bad\.yaml:1:8: error E_SCHEMA: expected a whole number/);
  });
});
