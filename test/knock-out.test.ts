// Leaving a game without a place (eliminate), and a match saying who starts each game it plays (game: {starts}).
import { describe, expect, it } from "vitest";
import { playGame } from "../src/sim/play-game.js";
import { randomAgent } from "../src/agents/random.js";
import { describeEvent } from "../src/interpreter/events.js";
import type { Game } from "../src/interpreter/model.js";
import type { State } from "../src/interpreter/state.js";
import { errorsOf, gameOf, tinyRules } from "./helpers/rules.js";
import { compileMatch } from "./helpers/match-rules.js";
import { knockFolder, knockMatch } from "./helpers/knock-out-rules.js";

const value = (game: Game, s: State, name: string): unknown => s.vars[game.vars.find((v) => v.name === name)!.slot];

describe("eliminate(p)", () => {
  // the last seat goes out, the first is knocked out, before anyone plays
  const text = tinyRules(`variables:
  firstPlace: {type: number}
  firstOut: {type: bool}
outcome:
  winners: active
`, {
    "  deal(stock, hand, 3)": "  deal(stock, hand, 3)\n  out(players.last)\n  eliminate(players.first)\n  out(players.first)\n  eliminate(players.last)\n  firstPlace = players.first.place ?? 0\n  firstOut = players.first.out",
    "end: players.all(p => p.hand.empty)": "end: active.count <= 1",
  });

  it("puts a player out with no place: places lists only who went out, and the knocked-out player loses", () => {
    const game = gameOf(text);
    const r = playGame(game, { players: 3, seed: "k", agents: Array(3).fill(randomAgent), log: true });
    expect(r.error).toBeNull();
    expect(r.state.result!.places).toEqual([2]); // out(players.first) after eliminate does not give a place
    expect(r.state.result!.losers).toEqual([0]); // no outcome.losers: the knocked-out player alone
    expect(r.state.result!.winners).toEqual([1]);
    expect(value(game, r.state, "firstPlace")).toBe(0);
    expect(value(game, r.state, "firstOut")).toBe(true);
    const said = (r.state.log ?? []).filter((e) => e.type === "out").map((e) => describeEvent(r.state, e));
    expect(said).toEqual(["P3 is out (place 1)", "P1 is knocked out"]);
  });

  it("joins the losers the outcome names, once", () => {
    const game = gameOf(text.replace("  winners: active\n", "  winners: active\n  losers: players.filter(p => p.out)\n"));
    const r = playGame(game, { players: 3, seed: "k", agents: Array(3).fill(randomAgent) });
    expect(r.state.result!.losers).toEqual([0, 2]);
  });

  it("needs a player, said where it is written", () => {
    const bad = tinyRules("", { "    effect: move(card, pile)": "    effect: |\n      move(card, pile)\n      eliminate(3)" });
    expect(errorsOf(bad)).toEqual(["t.yaml:22:17: error E_TYPE: eliminate needs a player"]);
  });
});

describe("a match saying who starts each game: game: {starts}", () => {
  const dir = knockFolder();
  const play = (starts: string | null, seed: string, players: number) => {
    const { game, errors } = compileMatch(knockMatch(starts), dir);
    if (!game) throw new Error(errors.join("\n"));
    const r = playGame(game, { players, seed, agents: Array(players).fill(randomAgent) });
    expect(r.error).toBeNull();
    return { game, s: r.state };
  };

  it("starts every hand after the first with the last hand's winner, and knocked-out players have no place", () => {
    let knocked = 0;
    for (let g = 0; g < 20; g++) {
      const { game, s } = play("lastWinners.first", `starts-${g}`, 2 + (g % 3));
      expect(value(game, s, "wrongStarter")).toBe(0);
      expect(value(game, s, "placedKnocked")).toBe(0);
      knocked += value(game, s, "knocked") as number;
    }
    expect(knocked).toBeGreaterThan(0);
  });

  it("without starts, the hand picks its own start player (left of the dealer), so the check above bites", () => {
    let wrong = 0;
    for (let g = 0; g < 20; g++) {
      const { game, s } = play(null, `starts-${g}`, 2 + (g % 3));
      wrong += value(game, s, "wrongStarter") as number;
    }
    expect(wrong).toBeGreaterThan(0);
  });

  it("is a player, said where it is written", () => {
    expect(compileMatch(knockMatch("3"), dir).errors).toEqual(["m.yaml:16:42: error E_TYPE: expected player, but this is number"]);
    expect(compileMatch(knockMatch("lastWinners"), dir).errors).toEqual(["m.yaml:16:42: error E_TYPE: expected player, but this is players"]);
    expect(compileMatch(knockMatch("lastWinners.first").replace("starts:", "start:"), dir).errors).toEqual([
      "m.yaml:16:34: error E_SCHEMA: unknown key 'start' in 'phases.hand.game' (did you mean 'starts'?)",
    ]);
  });
});
