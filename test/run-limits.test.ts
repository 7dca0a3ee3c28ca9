// Every size and loop a rule file can drive at run time has a limit checked before the work is done, with its
// own code and the rule named; and a run's time and memory are bounded by its user, not by the file.
import { describe, expect, it } from "vitest";
import { newGame, legalMoves, applyMove, actors } from "../src/interpreter/engine.js";
import { conservationProblem, type State } from "../src/interpreter/state.js";
import { diagnosticsOf, errorsOf, gameOf, tinyRules } from "./helpers/rules.js";
import { compileRulesText, loadRules } from "../src/interpreter/load/load.js";
import { formatDiagnostic } from "../src/interpreter/diagnostics.js";
import { makeAgent } from "../src/agents/index.js";
import { playGame } from "../src/sim/play-game.js";

const effect = (code: string, extra = "") => tinyRules(extra, { "move(card, pile)": `move(card, pile)\n      ${code.split("\n").join("\n      ")}` });

/** Plays the first legal move once; returns the state. */
function firstMove(text: string, budget?: State["budget"]): State {
  const s = newGame(gameOf(text), { players: ["Ann", "Bob"], seed: 1, budget: budget ?? undefined });
  const p = actors(s)[0];
  expect(applyMove(s, p, legalMoves(s, p)[0]).ok).toBe(true);
  expect(conservationProblem(s)).toBe(null);
  return s;
}

describe("ranges, lists and texts", () => {
  it("counts a range of constants when the file is checked", () => {
    expect(errorsOf(tinyRules("", { "end: players.all(p => p.hand.empty)": "end: (1..100000000000).count == 0" }))).toEqual([
      "t.yaml:21:6: error E_RANGE_SIZE: the range 1..100000000000 has 100,000,000,000 numbers, more than the limit of 1,000,000",
    ]);
    expect(errorsOf(effect("for i in 1..1000000000000 {}"))).toEqual([
      "t.yaml:21:16: error E_RANGE_SIZE: the range 1..1000000000000 has 1,000,000,000,000 numbers, more than the limit of 1,000,000",
    ]);
  });

  it("counts a range at run time before building it, naming the rule", () => {
    const s = firstMove(effect("for i in 1..(pile.count * 1000000000000) {}"));
    expect(s.errorCode).toBe("E_RANGE_SIZE");
    expect(s.error).toBe("play.effect: the range 1..1000000000000 has 1,000,000,000,000 numbers, more than the limit of 1,000,000");
    const r = firstMove(effect("let n = range(1, pile.count * 1000000000000).count"));
    expect(r.errorCode).toBe("E_RANGE_SIZE");
  });

  it("stops lists and texts that double without end", () => {
    const list = firstMove(effect("let x = [1]\nwhile true {\n  x = x + x\n}"));
    expect([list.errorCode, list.error]).toEqual(["E_LIST_SIZE", "play.effect: joining lists of 524,288 and 524,288 items passes the limit of 1,000,000"]);
    const text = firstMove(effect(`let t = "ab"\nwhile true {\n  t = t + t\n}`));
    expect([text.errorCode, text.error]).toEqual(["E_TEXT_SIZE", "play.effect: joining texts makes 1,048,576 characters, more than the limit of 1,000,000"]);
  });

  it("lists at most 100,000 legal moves at once", () => {
    const text = tinyRules("", { "      card: hand\n": "      a: {from: \"1..100\"}\n      b: {from: \"1..100\"}\n      c: {from: \"1..100\"}\n", "move(card, pile)": "move(hand.top, pile)" });
    const s = newGame(gameOf(text), { players: ["Ann", "Bob"], seed: 1 });
    expect(legalMoves(s, actors(s)[0])).toEqual([]);
    expect([s.errorCode, s.error]).toEqual(["E_MOVES", "play: more than 100,000 legal moves at once; let a parameter choose fewer"]);
  });

  // A listing of one card chosen among a zone's cards cannot pass the limit, and its generated code leaves the
  // check out (mostMoves); cards chosen among zones' cards for several parameters can pass it, and keep it.
  for (const backend of ["closures", "js"] as const) {
    it(`lists at most 100,000 moves of cards chosen among zones' cards (${backend})`, () => {
      const params = "      a: stock\n      b: stock\n      c: stock\n      card: hand\n"; // 46 × 46 × 46 × 3 moves
      const text = tinyRules("", { "      card: hand\n": params });
      const r = compileRulesText(text, "t.yaml", "t", undefined, { backend });
      if (!r.game) throw new Error(r.diagnostics.map(formatDiagnostic).join("\n"));
      const s = newGame(r.game, { players: ["Ann", "Bob"], seed: 1 });
      expect(legalMoves(s, actors(s)[0])).toEqual([]);
      expect([s.errorCode, s.error]).toEqual(["E_MOVES", "play: more than 100,000 legal moves at once; let a parameter choose fewer"]);
    });
  }
});

describe("a match whose decisions are all made in its hands", () => {
  for (const backend of ["closures", "js"] as const) {
    it(`stops at the match's limits.moves, counting the hands' moves, and says what to look at (${backend})`, () => {
      const match = loadRules("./test/rules/endless-match/endless-match.yaml", undefined, { backend });
      expect(match.diagnostics.filter((d) => d.severity === "error").map(formatDiagnostic)).toEqual([]);
      const random = makeAgent("random")!;
      const record = playGame(match.game!, { players: 2, seed: "endless", agents: [random, random] });
      // not "phases.hand.end is looping": each move in a hand is a decision of the match too
      expect(record.error).toBe(
        "the game reached 3000 moves without ending (limits.moves), counting the moves of the games its phases play inside it (the last: Endless Hand, in phases.hand): `end` is checked after each of those games and never held; does what phases.hand.end changes ever make it true?",
      );
      expect(record.state.moves).toBe(3_000);
    });
  }
});

describe("a run's budget", () => {
  it("stops work that the step limit cannot see, when the user's bound is passed", () => {
    let asked = 0;
    const budget = { check: () => (++asked > 3 ? "the run passed its time limit of 1 s (raise it with --time-limit)" : null) };
    // a million lambda calls inside one expression: no statement runs, so no step is counted
    const s = firstMove(effect("let n = (1..1000).map(x => (1..1000).map(y => y).count).count"), budget);
    expect([s.errorCode, s.error]).toEqual(["E_BUDGET", "the run passed its time limit of 1 s (raise it with --time-limit)"]);
    expect(s.over).toBe(true);
  });

  it("is asked as moves are made, however little the rules compute", () => {
    let asked = 0;
    const budget = { check: () => (++asked > 1 ? "over" : null) };
    const s = newGame(gameOf(tinyRules()), { players: ["Ann", "Bob"], seed: 1, budget });
    for (let i = 0; i < 2000 && !s.over; i++) {
      const p = actors(s)[0];
      applyMove(s, p, legalMoves(s, p)[0]);
    }
    expect(asked).toBeGreaterThan(0);
  });

  it("holds while agents deliberate: a search past the time limit stops the game with E_BUDGET, whatever the agent", () => {
    const idiot = loadRules("idiot").game!;
    for (const spec of ["greedy", "mc:100000", "ismcts:100000"]) {
      let asked = 0;
      // the budget is over after a few dozen questions: only the agent's thinking can ask that often before a move
      const budget = { check: () => (++asked > 40 ? "a game ran for more than its time limit of 1 s (raise it with --time-limit)" : null) };
      const agents = [makeAgent(spec)!, makeAgent(spec)!];
      const started = Date.now();
      const record = playGame(idiot, { players: 2, seed: "deliberate", agents, budget });
      expect(Date.now() - started, spec).toBeLessThan(20_000);
      expect([record.state.errorCode, record.state.over], spec).toEqual(["E_BUDGET", true]);
      expect(record.error, spec).toMatch(new RegExp(`^${spec.replace(/[:]/g, "\\$&")} for P\\d: a game ran for more than its time limit of 1 s \\(raise it with --time-limit\\), while an agent was deciding$`));
    }
  });

  it("warns of an index that may be none where an effect needs it, and names the rule that moved nothing when a game runs out of moves", () => {
    // an off-by-one: positions 1..3 of a hand of three, whose items are 0..2
    const text = tinyRules("", { "      card: hand\n": "      pos: {from: \"1..3\"}\n", "move(card, pile)": "move(hand[pos], pile)" });
    expect(diagnosticsOf(text).filter((d) => d.includes("W_NONE"))).toEqual([
      expect.stringMatching(/^t\.yaml:\d+:18: warning W_NONE: an index is none outside its list \(from 0 to count - 1\), and move then does nothing/),
    ]);
    expect(diagnosticsOf(tinyRules()).filter((d) => d.includes("W_NONE"))).toEqual([]); // a parameter's card is never none
    const record = playGame(gameOf(text), { players: 2, seed: "off-by-one", agents: [makeAgent("random")!, makeAgent("random")!] });
    expect(record.error).toMatch(/^the game reached 20000 moves without ending \(limits\.moves\); the last [\d,]+ moves moved no card, the latest by actions\.play: does an index or a find give none there\?$/);
  });
});
