// The engine's interface checks what a caller asks against the rules: the players, the options and the shape of
// a move. A refusal never changes the state; what the checker cannot rule out is refused at run time with the
// rule named, and no card is ever lost.
import { describe, expect, it } from "vitest";
import { newGame, legalMoves, applyMove, actors } from "../src/interpreter/engine.js";
import { conservationProblem, type State } from "../src/interpreter/state.js";
import { runScenarioText } from "../src/scenario/scenario.js";
import { errorsOf, gameOf, tinyRules } from "./helpers/rules.js";
import { loadRules } from "../src/interpreter/load/load.js";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const withOption = (decl: string) => tinyRules(`options:\n  handSize: ${decl}\n`, { "deal(stock, hand, 3)": "deal(stock, hand, handSize)" });

/** Everything a refusal must leave as it was. */
function snapshot(s: State): string {
  return JSON.stringify({ zones: s.zones, vars: s.vars, moves: s.moves, me: s.me, current: s.current, phase: s.phase, over: s.over, error: s.error, log: s.log?.length, rng: [...s.rng], cardZone: [...s.cardZone] });
}

describe("starting a game through the API", () => {
  const game = gameOf(tinyRules());

  it("checks the player count against the rules", () => {
    expect(() => newGame(game, { players: Array.from({ length: 10_000 }, (_, i) => `P${i}`), seed: 1 })).toThrow("cannot start Tiny: Tiny is for 2–4 players, not 10000");
    expect(() => newGame(game, { players: Array.from({ length: 33 }, (_, i) => `P${i}`), seed: 1 })).toThrow(/is for 2–4 players, not 33/);
    expect(() => newGame(game, { players: ["Ann"], seed: 1 })).toThrow(/not 1/);
    const shipped = loadRules("idiot").game!;
    expect(() => newGame(shipped, { players: Array.from({ length: 40 }, (_, i) => `P${i}`), seed: 1 })).toThrow(/Idiot is for 2–5 players, not 40/);
  });

  it("refuses two players of one name, and a name that is empty", () => {
    expect(() => newGame(game, { players: ["Ann", "ann"], seed: 1 })).toThrow("two players are called 'ann'");
    expect(() => newGame(game, { players: ["Ann", ""], seed: 1 })).toThrow(/is text/);
  });

  it("checks option values against their declaration", () => {
    const g = gameOf(withOption("{default: 3, min: 1, max: 5}"));
    expect(newGame(g, { players: ["Ann", "Bob"], seed: 1, options: { handSize: 5 } }).zones[g.sharedZones].length).toBe(5);
    expect(() => newGame(g, { players: ["Ann", "Bob"], seed: 1, options: { handSize: 100 } })).toThrow("option 'handSize' is at most 5, not 100");
    expect(() => newGame(g, { players: ["Ann", "Bob"], seed: 1, options: { handSize: "lots" } })).toThrow(`option 'handSize' is a number, not "lots"`);
    expect(() => newGame(g, { players: ["Ann", "Bob"], seed: 1, options: { handSize: [1, 2] } })).toThrow("option 'handSize' is a number, not [1,2]");
    expect(() => newGame(g, { players: ["Ann", "Bob"], seed: 1, options: { hands: 2 } })).toThrow("there is no option 'hands' (options: handSize)");
    expect(() => newGame(g, { players: ["Ann", "Bob"], seed: 1, options: { toString: 2 } })).toThrow("there is no option 'toString'");
  });

  it("refuses seeds that a number cannot hold exactly", () => {
    expect(() => newGame(game, { players: ["Ann", "Bob"], seed: 2 ** 53 + 2 })).toThrow(/the seed is text or a whole number up to 2\^53/);
  });
});

describe("option declarations", () => {
  it("refuses a default outside its range, an empty range, and values of another kind", () => {
    expect(errorsOf(withOption("{default: 99, max: 5}"))).toEqual(["t.yaml:23:23: error E_OPTION: the default 99 is not allowed: it must be at most 5, not 99"]);
    expect(errorsOf(withOption("{default: 7, min: 10, max: 5}"))).toEqual(["t.yaml:23:40: error E_OPTION: max (5) is below min (10): no value is allowed"]);
    expect(errorsOf(withOption("{default: 3, values: [1, two]}"))).toEqual(["t.yaml:23:38: error E_OPTION: the values of an option are all of the default's kind (a number), not \"two\""]);
    expect(errorsOf(withOption("{default: 3, values: [1, 2]}"))).toEqual(["t.yaml:23:23: error E_OPTION: the default 3 is not allowed: it must be one of 1, 2, not 3"]);
  });
});

describe("applying a move through the API", () => {
  const game = gameOf(tinyRules("", { "      card: hand\n": "      cards: {from: hand, several: true}\n", "move(card, pile)": "move(cards, pile)" }));

  it("refuses a malformed move without changing the state", () => {
    const s = newGame(game, { players: ["Ann", "Bob"], seed: 1 });
    const before = snapshot(s);
    const play = game.actionsByName.get("play")!;
    const malformed: unknown[] = [
      { action: play, args: [7] },
      { action: play, args: ["9S"] },
      { action: play, args: [[1.5]] },
      { action: play, args: [[-1]] },
      { action: play, args: [[1e9]] },
      { action: play, args: [[1], 2] },
      { action: play, args: "x" },
      { action: undefined, args: [] },
      { action: { ...play }, args: [[1]] },
      {},
      null,
    ];
    for (const m of malformed) {
      const r = applyMove(s, actors(s)[0], m as never);
      expect(r, JSON.stringify(m)).toMatchObject({ ok: false, refusal: { rule: "move" } });
      expect(snapshot(s)).toBe(before);
    }
    expect(applyMove(s, 7, legalMoves(s, 0)[0])).toMatchObject({ ok: false, refusal: { rule: "move", reason: "there is no seat 7" } });
    // a move of the right shape that the rules refuse also changes nothing
    const other = actors(s)[0] === 0 ? 1 : 0;
    expect(applyMove(s, other, legalMoves(s, actors(s)[0])[0]).ok).toBe(false);
    expect(snapshot(s)).toBe(before);
    expect(s.over).toBe(false);
    expect(applyMove(s, actors(s)[0], legalMoves(s, actors(s)[0])[0]).ok).toBe(true);
  });
});

describe("what the checker cannot rule out fails at run time with the rule named", () => {
  it("a missing row of a nested table", () => {
    const g = gameOf(tinyRules("constants:\n  t: {value: {a: {b: 1}}}\n", { "move(card, pile)": "move(card, pile)\n      score += t[\"zz\"][\"b\"]", "zones:": "variables:\n  score: {type: number}\nzones:" }));
    const s = newGame(g, { players: ["Ann", "Bob"], seed: 1 });
    expect(applyMove(s, actors(s)[0], legalMoves(s, actors(s)[0])[0]).ok).toBe(true);
    expect(s.error).toBe("play.effect: there is no row to look up 'b' in: the table has no entry for the row named before it");
    expect(conservationProblem(s)).toBe(null);
  });

  it("a parameter drawn from a list holding none (the top of an empty pile) lists no move without its card", () => {
    const g = gameOf(tinyRules("", { "      card: hand\n": "      card: {from: \"[pile.top, hand.top]\"}\n" }));
    const s = newGame(g, { players: ["Ann", "Bob"], seed: 1 });
    const legal = legalMoves(s, actors(s)[0]);
    expect(legal).toHaveLength(1); // the pile is empty: its top is none, and no choice
    expect(legal.every((m) => m.args[0] !== null)).toBe(true);
  });

  it("a move into a zone of a family that does not exist: no card is lost", () => {
    const g = gameOf(tinyRules("", { "move(card, pile)": "move(card, piles[3])", "zones:": "zones:\n  piles: {many: true, visible: everyone}" }));
    const s = newGame(g, { players: ["Ann", "Bob"], seed: 1 });
    expect(applyMove(s, actors(s)[0], legalMoves(s, actors(s)[0])[0]).ok).toBe(true);
    expect(s.error).toBe("play.effect: move's second argument (to) is none: there is no such zone");
    expect(conservationProblem(s)).toBe(null);
  });
});

describe("scenarios ask only what the rules allow", () => {
  const scenario = (body: string) => runScenarioText(body, "s.scenario.yaml", ".").failures.map((f) => `${f.line}:${f.col} ${f.message}`);

  it("refuses two players of one name", () => {
    expect(scenario("rules: idiot\nplayers: [Ann, Ann]\n")).toEqual(["2:10 two players are called 'Ann': each seat needs its own name"]);
  });

  it("refuses both rules: and compose:", () => {
    expect(scenario("rules: idiot\ncompose: [Deal Eight]\nplayers: 2\n")).toEqual(["2:1 a scenario names its rules one way: rules: and compose: cannot both be given"]);
  });

  it("checks its options against the rules' declarations, at the option", () => {
    const dir = mkdtempSync(join(tmpdir(), "houserules-api-"));
    writeFileSync(join(dir, "tiny.yaml"), withOption("{default: 3, min: 1, max: 5}"));
    const run = (options: string) => runScenarioText(`rules: ./tiny.yaml\nplayers: 2\noptions: {handSize: ${options}}\n`, "s.scenario.yaml", dir).failures.map((f) => `${f.line}:${f.col} ${f.message}`);
    expect(run("100")).toEqual(["3:21 Tiny: option 'handSize' is at most 5, not 100"]);
    expect(run("lots")).toEqual([`3:21 Tiny: option 'handSize' is a number, not "lots"`]);
    expect(run("[1, 2]")).toEqual(["3:21 Tiny: option 'handSize' is a number, not [1,2]"]);
    expect(run("4")).toEqual([]);
    expect(scenario("rules: idiot\nplayers: 2\noptions: {toString: 1}\n")).toEqual(["3:11 Idiot: there is no option 'toString' (the rules declare no options)"]);
  });
});
