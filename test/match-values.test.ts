// A match passes values into each game it plays inside (`game: {rules, with}`, as that game's options) and reads
// back what the game leaves (`lastPlaces`, `lastVariable`): checked as the rules load where they can be, else as
// the game inside starts, with where the value is written.
import { describe, expect, it } from "vitest";
import { playGame } from "../src/sim/play-game.js";
import { randomAgent } from "../src/agents/random.js";
import { newGame } from "../src/interpreter/engine.js";
import type { Game } from "../src/interpreter/model.js";
import { compileMatch, handFolder, handRules, matchRules } from "./helpers/match-rules.js";
import { compileRulesText } from "../src/interpreter/load/load.js";
import { explain } from "../src/explain/rulebook.js";
import { rulebookText } from "../src/explain/render.js";

const dir = handFolder();

function play(game: Game, players: number, seed: string) {
  return playGame(game, { players, seed, agents: Array(players).fill(randomAgent), log: true });
}

function value(game: Game, vars: unknown[], name: string): unknown {
  return vars[game.vars.find((v) => v.name === name)!.slot];
}

describe("a match passes values into the games it plays", () => {
  for (const backend of ["closures", "js"] as const) {
    it(`deals each hand the size the match passes, and lets the last hand's first out deal (${backend})`, () => {
      const { game, errors } = compileMatch(matchRules(), dir, backend);
      expect(errors).toEqual([]);
      for (let seed = 0; seed < 10; seed++) {
        const r = play(game!, 2 + (seed % 3), `m${seed}`);
        expect(r.error).toBeNull();
        expect(value(game!, r.state.vars, "handsPlayed")).toBe(3);
        expect(value(game!, r.state.vars, "sizes")).toBe(123); // hand 1 of one card, 2 of two, 3 of three
        expect(value(game!, r.state.vars, "wrongDealer")).toBe(0);
        // what the match kept of the last hand is the order its players went out in
        expect(value(game!, r.state.vars, "order")).toEqual(r.state.last!.result!.places);
        expect((value(game!, r.state.vars, "order") as number[]).length).toBe(2 + (seed % 3) - 1);
      }
    });
  }

  it("plays a game's options at their defaults where the match passes nothing", () => {
    const { game, errors } = compileMatch(matchRules("{}"), dir);
    expect(errors).toEqual([]);
    const r = play(game!, 3, "plain");
    expect(r.error).toBeNull();
    expect(value(game!, r.state.vars, "sizes")).toBe(222);
  });

  it("reads lastPlaces as no players before any game inside was played", () => {
    const { game } = compileMatch(matchRules().replace("end: handsPlayed >= 3", "end: handsPlayed >= 3 or lastPlaces.count > 5"), dir);
    expect(play(game!, 2, "x").error).toBeNull();
  });
});

describe("values a match passes are checked", () => {
  it("refuses, as the rules load, an option the game inside does not declare", () => {
    const { errors } = compileMatch(matchRules("{handSize: 1, passBy: 2}"), dir);
    expect(errors).toEqual([expect.stringMatching(/^m\.yaml:\d+:\d+: error E_OPTION: A Hand has no option 'passBy' to pass a value to \(options: handSize, lastOrder\)$/)]);
  });

  it("refuses, as the rules load, a value of another kind than the option's", () => {
    expect(compileMatch(matchRules('{handSize: "\'three\'"}'), dir).errors).toEqual([expect.stringMatching(/E_TYPE: option 'handSize' of A Hand takes number, but this is text/)]);
    expect(compileMatch(matchRules("{lastOrder: handsPlayed}"), dir).errors).toEqual([expect.stringMatching(/E_TYPE: option 'lastOrder' of A Hand takes players, but this is number/)]);
  });

  it("refuses, as the rules load, a written value out of the option's range, at the value", () => {
    const text = matchRules("{handSize: 9}");
    const line = text.split("\n").findIndex((l) => l.includes("handSize: 9")) + 1;
    const col = text.split("\n")[line - 1].indexOf("9") + 1;
    expect(compileMatch(text, dir).errors).toEqual([`m.yaml:${line}:${col}: error E_OPTION: A Hand refuses this value: option 'handSize' is at most 5, not 9`]);
  });

  it("stops the match as the game inside starts when a computed value is out of range, naming where it is written", () => {
    const text = matchRules("{handSize: handsPlayed + 4}");
    const { game, errors } = compileMatch(text, dir);
    expect(errors).toEqual([]);
    const r = play(game!, 2, "range");
    const line = text.split("\n").findIndex((l) => l.includes("handsPlayed + 4")) + 1;
    // hands 1 and 2 (4 and 5 cards) are allowed; hand 3 (6) is not
    expect(r.error).toMatch(new RegExp(`^m\\.yaml:${line}:\\d+: phases\\.hand\\.game\\.with\\.handSize gives 6, which A Hand refuses: option 'handSize' is at most 5, not 6$`));
    expect(value(game!, r.state.vars, "handsPlayed")).toBe(2);
  });

  it("refuses a list of players that names a seat twice or one the game does not have", () => {
    const hand = compileMatch(handRules, dir).game!;
    expect(() => newGame(hand, { players: ["A", "B"], options: { lastOrder: [1, 1] } })).toThrow(/option 'lastOrder' is a list of different players/);
    expect(() => newGame(hand, { players: ["A", "B"], options: { lastOrder: [0, 2] } })).toThrow(/option 'lastOrder' names seats from 0 to 1, not \[0,2\]/);
    expect(() => newGame(hand, { players: ["A", "B"], options: { lastOrder: [1, 0] } })).not.toThrow();
  });

  it("needs a default for an option unless it holds players", () => {
    const errors = compileMatch(handRules.replace("handSize: {default: 2, min: 1, max: 5}", "handSize: {min: 1, max: 5}"), dir).errors;
    expect(errors.length).toBeGreaterThan(0);
    expect(errors.join("\n")).toMatch(/default/);
  });
});

describe("the rulebook", () => {
  it("says what the match passes to the game inside, option by option in words, and what lastPlaces is", () => {
    const text = rulebookText(explain(compileRulesText(matchRules(), "m.yaml", "m", dir).rules!));
    expect(text).toContain("It starts with its options set to:\n    hand size: the hands played plus 1.\n    last order: the order.");
    expect(text).toContain("Set the order to the players of the last game played inside this one in the order they went out.");
  });

  it("says an option holds players", () => {
    const text = rulebookText(explain(compileRulesText(handRules, "hand.yaml", "hand", dir).rules!));
    expect(text).toMatch(/Last order: Chosen before a game: a list of players; the order the last hand finished in\./);
  });
});
