// The package's root, as a program uses it: rules loaded by id, text or composition, a game played by the moves'
// text, views and the state named, refusals and problems as values. A seat's view never names a card that seat
// may not see; names from rules or callers never reach an object's machinery.
import { describe, expect, it } from "vitest";
import { check, checkTrace, compose, explain, formatDiagnostic, Game, load, loadRules, loadRulesText, runScenario, runScenarioText, RulesError, simulate, trace } from "../src/api/index.js";
import { compileRulesText } from "../src/interpreter/load/load.js";
import { expectGamesFinish, expectTraceMatches, scenarioFiles } from "../src/api/testing.js";
import { tinyRules } from "./helpers/rules.js";
import { mkdtempSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { spawnSync } from "node:child_process";

describe("the library", () => {
  it("loads by id, composition and text, and gives problems as located values", () => {
    expect(loadRules("idiot").players).toEqual({ min: 2, max: 5 });
    expect(loadRules(["idiot", "idiot/sevens"]).refs).toEqual(["idiot", "idiot/sevens"]);
    const bad = load("idoit");
    expect(bad.ok).toBe(false);
    expect(bad.diagnostics[0]).toMatchObject({ code: "E_RULES", severity: "error", line: 1, col: 1 });
    expect(() => loadRulesText(tinyRules().replace("move(card, pile)", "move(card, pil)"), { name: "mine.yaml" })).toThrow(RulesError);
    try {
      loadRulesText(tinyRules().replace("move(card, pile)", "move(card, pil)"), { name: "mine.yaml" });
    } catch (e) {
      expect((e as RulesError).diagnostics[0]).toMatchObject({ file: "mine.yaml", code: "E_NAME" });
      expect((e as Error).message).toMatch(/^mine\.yaml:\d+:\d+: error E_NAME: unknown name 'pil'/);
    }
    expect(check("idiot").map((d) => d.code)).toEqual(["N_ASSUMED", "N_ASSUMED"]); // what check prints: the assumptions, as notices
  });

  it("plays by text, refuses with the rule, and names everything; a view hides what its seat may not see", () => {
    const g = loadRules("idiot").start({ players: ["Ann", "Bob", "Cy"], seed: 7 });
    expect(g.actors).toEqual(["Ann", "Bob", "Cy"]);
    const unsaid = g.play("ready");
    expect(unsaid).toEqual({ ok: false, refusal: { rule: "turn", reason: "say whose move it is: Ann, Bob, Cy may move (as in Ann: ready)" } });
    const before = JSON.stringify(g.snapshot());
    expect(g.play("Ann: play ZZ")).toEqual({ ok: false, refusal: { rule: "move", reason: "there is no card called 'ZZ'" } });
    expect(JSON.stringify(g.snapshot())).toBe(before); // a refusal changes nothing
    for (const seat of g.players) expect(g.play(`${seat}: ready`).ok).toBe(true);
    expect(g.phase).toBe("play");
    const truth = g.snapshot();
    for (const seat of g.players) {
      const v = g.view(seat);
      for (const [word, zone] of Object.entries(v.zones)) {
        // every card a view names is where the truth has it; a hand not its seat's shows none
        zone.cards.forEach((c, i) => c !== null && expect(c, `${seat} ${word}`).toBe(truth.zones[word].cards[i]));
        if (zone.name === "hand" && zone.owner !== seat) expect(zone.cards.every((c) => c === null), `${seat} sees ${word}`).toBe(true);
      }
      expect(g.moves(seat).every((m) => m.player === seat)).toBe(true);
    }
    const move = g.moves()[0];
    expect(move.args).toBeTypeOf("object");
    expect(g.play(move).ok).toBe(true);
    g.playOut("random");
    expect(g.over).toBe(true);
    expect(g.result!.winners.length + g.result!.losers.length).toBeGreaterThan(0);
  });

  it("refuses a game the rules do not allow with a RangeError, as docs/api.md says", () => {
    const rules = loadRules("idiot");
    expect(() => rules.start({ players: 9 })).toThrow(RangeError);
    expect(() => rules.start({ players: 9 })).toThrow("cannot start Idiot: Idiot is for 2–5 players, not 9");
  });

  it("says which seat a move names when it is not one, or names two; a seat's name may not hold a colon", () => {
    const rules = loadRules("idiot");
    const g = rules.start({ players: ["Ann", "Bob"], seed: 7 });
    expect(g.play("Zed: ready")).toEqual({ ok: false, refusal: { rule: "turn", reason: "Zed is not a seat (seats: Ann, Bob)" } });
    expect(g.play("Ann: ready", "Bob")).toEqual({ ok: false, refusal: { rule: "turn", reason: "the move is given for Bob but its text names Ann (Ann: ready): name the seat once" } });
    expect(g.play("Bob: ready", "Bob").ok).toBe(true);
    expect(g.play("ready", "Ann").ok).toBe(true);
    expect(() => rules.start({ players: ["Ann: B", "Bob"] })).toThrow("a player's name may not hold ':', which ends the seat's name in a move (as in Ann: ready), not 'Ann: B'");
  });

  it("places an unknown key of a scenario in the scenario, at its line", () => {
    const r = runScenarioText("name: x\nrules: idiot\nplayers: [Ann, Bob]\nbogus: 1\nmoves: []\n", { name: "mine.scenario.yaml" });
    expect(r.failures.map(formatDiagnostic)).toEqual(["mine.scenario.yaml:4:1: error E_SCHEMA: unknown key 'bogus' in the scenario"]);
  });

  it("starts a game from a chosen deal, written as a scenario's, and names each problem of one", () => {
    const rules = loadRulesText(tinyRules());
    const g = rules.start({ players: ["Ann", "Bob"], seed: 3, deal: { hand: { Ann: ["AS", "2C"], Bob: ["KH"] }, pile: ["7D"] } });
    const v = g.snapshot();
    expect([v.zones["Ann.hand"].cards, v.zones["Bob.hand"].cards, v.zones.pile.cards]).toEqual([["AS", "2C"], ["KH"], ["7D"]]);
    expect(Object.values(v.zones).reduce((n, z) => n + z.cards.length, 0)).toBe(52); // every card still exists once
    expect(g.moves().map((m) => `${m.player}: ${m.text}`)).toEqual(g.turn === "Ann" ? ["Ann: play AS", "Ann: play 2C"] : ["Bob: play KH"]);
    expect(() => rules.start({ players: ["Ann", "Bob"], deal: { hand: { Cy: ["AS"] }, pil: ["ZZ"] } })).toThrow(
      new RangeError("cannot deal as asked: deal.hand.Cy: there is no player called 'Cy' (players: Ann, Bob); deal.pil: there is no zone 'pil' (zones: stock, pile, hand)"),
    );
    expect(() => rules.start({ players: ["Ann", "Bob"], deal: {}, spare: "hand" })).toThrow("cannot deal as asked: spare: hand is each player's: spare names one zone of the game, where the cards the deal does not name go (stock, pile)");
    // the deal is let go once the game waits for a decision, in a phase everyone plays at once too: play is as ever
    const swap = loadRules("idiot").start({ players: ["Ann", "Bob"], seed: 2, deal: { hand: { Ann: ["2C", "3C", "4C"] } } });
    expect([swap.turn, swap.state.watch]).toEqual([null, null]);
    expect(swap.play("Ann: ready").ok && swap.play("Bob: ready").ok).toBe(true);
    swap.playOut("mc:20", { maxMoves: 5 });
  });

  it("holds a deal until the first decision: cards a phase deals as it begins do not land on it, and a leader found there reads it", () => {
    const rules = tinyRules("", {
      "setup: |\n  deal(stock, hand, 3)\n": "variables:\n  leader: {type: player}\nsetup: shuffle(stock)\n",
      "    actions: [play]\n": "    actions: [play]\n    turns: clockwise\n    first: leader\n    begin: |\n      deal(stock, hand, 2)\n      leader = players.filter(p => p.hand.any(c => c.rank == 14))[0] ?? start\n",
    });
    const deal = { hand: { Ann: ["2C", "3C"], Bob: ["AS", "4C"] } };
    for (const backend of ["js", "closures"] as const) {
      const game = new Game(compileRulesText(rules, "t.yaml", "t", undefined, { backend }).game!, { players: ["Ann", "Bob"], seed: 1, deal });
      const v = game.snapshot();
      expect([v.zones["Ann.hand"].cards, v.zones["Bob.hand"].cards, v.variables.leader, game.turn], backend).toEqual([["2C", "3C"], ["AS", "4C"], "Bob", "Bob"]);
      expect(Object.values(v.zones).reduce((n, z) => n + z.cards.length, 0)).toBe(52);
    }
    const scenario = `name: the leader holds the ace\nrules: ./lead.yaml\nplayers: [Ann, Bob]\nseed: 1\ndeal: {hand: {Ann: [2C, 3C], Bob: [AS, 4C]}}\nmoves:\n  - expect: {counts: {hand: {Ann: 2, Bob: 2}}, variables: {leader: Bob}}\n  - Bob: play AS\n  - expect: {counts: {hand: {Ann: 2, Bob: 1}}}\n`;
    const dir = mkdtempSync(join(tmpdir(), "houserules-lead-"));
    writeFileSync(join(dir, "lead.yaml"), rules);
    const r = runScenarioText(scenario, { name: join(dir, "lead.scenario.yaml") });
    expect(r.failures.map(formatDiagnostic)).toEqual([]);
  });

  it("keeps names from callers as plain keys: a seat called __proto__ is a seat", () => {
    const g = loadRulesText(tinyRules()).start({ players: ["__proto__", "constructor"], seed: 1 });
    const v = g.snapshot();
    expect(Object.keys(v.zones)).toContain("__proto__.hand");
    expect(v.zones["__proto__.hand"].cards).toHaveLength(3);
    g.playOut();
    expect(Object.keys(g.result!.scores ?? { x: 1 }).length).toBeGreaterThan(0);
    expect(({} as Record<string, unknown>).hand).toBeUndefined();
  });

  it("simulates as the command line does, and fails a game that does not finish by its seed and rule", async () => {
    const a = await simulate("idiot", { games: 30, seed: 4 });
    const b = await simulate("idiot", { games: 30, seed: 4, workers: 2 });
    expect(JSON.stringify(b)).toBe(JSON.stringify(a));
    const offByOne = loadRulesText(tinyRules("", { "      card: hand\n": "      pos: {from: \"1..3\"}\n", "move(card, pile)": "move(hand[pos], pile)" }));
    expect(() => expectGamesFinish(offByOne, { games: 2, maxMoves: 300 })).toThrow(/^Tiny: the game with seed finish:0 and 2 players did not finish: still going after 300 moves$/);
  });

  it("finishes games with one agent for every seat or one per seat", () => {
    expect(expectGamesFinish("idiot", { games: 2, agents: "greedy" }).games).toBe(2);
    expect(expectGamesFinish("idiot", { games: 2, agents: ["greedy", "random", "random"] }).games).toBe(2);
    expect(() => expectGamesFinish("idiot", { games: 2, players: 2, agents: ["greedy", "random", "random"] })).toThrow(new RangeError("give one agent or one per seat: 3 agents for 2 players"));
  });

  it("finds scenario files once each, through links back to a folder above", () => {
    const dir = mkdtempSync(join(tmpdir(), "houserules-scenarios-"));
    mkdirSync(join(dir, "a"));
    writeFileSync(join(dir, "a", "x.scenario.yaml"), "name: x\n");
    for (const link of ["l1", "l2", "l3"]) symlinkSync(".", join(dir, "a", link));
    expect(scenarioFiles(dir)).toEqual([join(dir, "a", "x.scenario.yaml")]);
  });
});

describe("a project's own layout: rules/ beside tests/", () => {
  it("finds the rules a trace names from the trace's folder, and the api's rules from a base, whatever the working folder", () => {
    const project = mkdtempSync(join(tmpdir(), "houserules-traces-"));
    mkdirSync(join(project, "rules"));
    writeFileSync(join(project, "rules", "mine.yaml"), tinyRules());
    const text = trace("./rules/mine.yaml", { base: project, seed: 2 });
    expect(text.split("\n")[1]).toBe('rules: ["./rules/mine.yaml"]');
    writeFileSync(join(project, "mine.trace"), text);
    expect(checkTrace(text, { base: project })).toMatchObject({ ok: true });
    expect(expectTraceMatches(join(project, "mine.trace")).lines).toBeGreaterThan(5);
    expect(explain("./rules/mine.yaml", { base: project }).text).toContain("Tiny");
    expect(compose(["./rules/mine.yaml"], { base: project }).problems.map((d) => d.code)).not.toContain("E_RULES"); // found, though no rule card
    writeFileSync(join(project, "mine.scenario.yaml"), "name: mine\nrules: ./rules/mine.yaml\nplayers: [Ann, Bob]\nmoves: []\n");
    expect(runScenario("mine.scenario.yaml", { base: project }).failures).toEqual([]);
    const bin = join(process.cwd(), "bin", "houserules.js");
    mkdirSync(join(project, "traces"));
    const env = { ...process.env, HOUSERULES_PATH: "" };
    const written = spawnSync(process.execPath, [bin, "trace", "./rules/mine.yaml", "--seed", "2", "--out", "traces/mine.trace"], { cwd: project, encoding: "utf8", env });
    expect(written.stderr).toBe("");
    expect(readFileSync(join(project, "traces", "mine.trace"), "utf8").split("\n")[1]).toBe('rules: ["../rules/mine.yaml"]');
    // from a folder above the project: the rules are under the working folder, as a file outside it may name them
    const checked = spawnSync(process.execPath, [bin, "trace", "--check", join(project, "traces", "mine.trace")], { cwd: tmpdir(), encoding: "utf8", env });
    expect(checked.stdout).toMatch(/mine\.trace: the same \(\d+ lines\)/);
  });


  it("a scenario in tests/ names its rules by ../rules/…, and a path outside the project is refused saying what to do", () => {
    const project = mkdtempSync(join(tmpdir(), "houserules-project-"));
    mkdirSync(join(project, "rules"));
    mkdirSync(join(project, "tests"));
    writeFileSync(join(project, "rules", "mine.yaml"), tinyRules());
    const scenario = (rules: string) => `name: one card each\nrules: ${rules}\nplayers: [Ann, Bob]\nseed: 1\nmoves:\n  - expect: {counts: {hand: {Ann: 3, Bob: 3}}}\n`;
    writeFileSync(join(project, "tests", "mine.scenario.yaml"), scenario("../rules/mine.yaml"));
    const bin = join(process.cwd(), "bin", "houserules.js");
    const passed = spawnSync(process.execPath, [bin, "test", "tests"], { cwd: project, encoding: "utf8", env: { ...process.env, HOUSERULES_PATH: "" } });
    expect(passed.stdout.trim().split("\n").pop()).toBe("1 passed, 0 failed");
    const outside = mkdtempSync(join(tmpdir(), "houserules-elsewhere-"));
    writeFileSync(join(outside, "theirs.yaml"), tinyRules());
    writeFileSync(join(project, "tests", "far.scenario.yaml"), scenario(join(outside, "theirs.yaml")));
    const refused = spawnSync(process.execPath, [bin, "test", "tests/far.scenario.yaml"], { cwd: project, encoding: "utf8", env: { ...process.env, HOUSERULES_PATH: "" } });
    expect(refused.stdout).toContain("is refused: a file names only rule files beside it (under tests), under the working folder");
    expect(refused.stdout).toContain("add its folder with --rules DIR or HOUSERULES_PATH");
  });
});
