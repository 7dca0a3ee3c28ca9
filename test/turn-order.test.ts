// Turn order as data: skip, reverse and giveTurn change who plays next; `turns:` may be an expression read when
// the phase begins; `who:` is read once, when the phase begins.
import { describe, expect, it } from "vitest";
import { newGame, play } from "../src/interpreter/engine.js";
import type { State } from "../src/interpreter/state.js";
import { view } from "../src/interpreter/view.js";
import { describeEvent } from "../src/interpreter/events.js";
import { determinize } from "../src/agents/determinize.js";
import { nextActive, nextInPhase } from "../src/interpreter/turn-order.js";
import { seedRng } from "../src/interpreter/rng.js";
import { activeCount, goOut } from "../src/interpreter/flow-effects.js";
import { activePlayers } from "../src/interpreter/lang/runtime.js";
import { deckRules, errorsOf, gameOf, tinyRules } from "./helpers/rules.js";
import { compileRulesText } from "../src/interpreter/load/load.js";
import { Game } from "../src/api/game.js";

/** A game of moves that only change the order of turns; it never ends by itself. */
function orderGame(phase = "", extra = ""): string {
  return `${deckRules("Order", "{min: 2, max: 6}", [])}variables:
  round: {type: number}
  chosen: {type: players}
phases:
  main:
    actions: [pass, skip1, skip2, rev, give, twice, give-skip]
${phase}
actions:
  pass: {}
  skip1: {effect: skip()}
  skip2: {effect: skip(2)}
  rev: {effect: reverse()}
  give:
    params:
      target: players
    effect: giveTurn(target)
  twice:
    effect: |
      skip()
      again()
  give-skip:
    params:
      target: players
    effect: |
      giveTurn(target)
      skip()
end: "false"
${extra}`;
}

const names = ["Ann", "Bob", "Cy", "Dee"];
const start = (text: string, players = 4, dealer = 3) => newGame(gameOf(text), { players: names.slice(0, players), seed: 1, dealer });
/** Plays each move as `Who: move` and returns whose turn it is after each. */
function turns(s: State, moves: string[]): string[] {
  return moves.map((m) => {
    const [who, move] = m.split(": ");
    const r = play(s, names.indexOf(who), move);
    if (!r.ok) throw new Error(`${m}: ${r.refusal.reason}`);
    return s.names[s.current];
  });
}

describe("skip", () => {
  it("passes over the next player, or the next n", () => {
    const s = start(orderGame());
    expect(s.names[s.current]).toBe("Ann");
    expect(turns(s, ["Ann: skip1", "Cy: skip2", "Bob: pass", "Cy: pass"])).toEqual(["Cy", "Bob", "Cy", "Dee"]);
    expect(s.log!.filter((e) => e.type === "skip").map((e) => describeEvent(s, e))).toEqual(["Bob's turn is skipped", "Dee's turn is skipped", "Ann's turn is skipped"]);
  });
  it("with two players gives the turn straight back, and a whole round of the table comes back to the same place", () => {
    const two = start(orderGame(), 2, 1);
    expect(turns(two, ["Ann: skip1", "Ann: skip2", "Bob: pass"])).toEqual(["Ann", "Bob", "Ann"]);
  });
  it("waits while again() keeps the turn", () => {
    const s = start(orderGame());
    expect(turns(s, ["Ann: twice", "Ann: pass"])).toEqual(["Ann", "Cy"]);
  });
  it("counts from the player given the turn", () => {
    const s = start(orderGame());
    expect(turns(s, ["Ann: give-skip Cy"])).toEqual(["Dee"]);
  });
  it("stops the game on a negative count, with a message saying what is wrong", () => {
    const s = start(orderGame("", "").replace("skip2: {effect: skip(2)}", "skip2: {effect: skip(0 - 2)}"));
    play(s, 0, "skip2");
    expect(s.error).toBe("skip: the number of players to skip must be a whole number, 0 or more, not -2");
  });
  it("is checked for its type when the file loads", () => {
    expect(errorsOf(orderGame().replace("skip(2)", 'skip("two")'))).toEqual([
      expect.stringContaining("the number of players to skip must be a number"),
    ]);
  });
});

describe("reverse", () => {
  it("turns the direction of play round until reversed again, and next() follows it", () => {
    const s = start(orderGame("", "define:\n  after: next(me)\n"));
    expect(turns(s, ["Ann: rev", "Dee: pass", "Cy: rev", "Dee: pass"])).toEqual(["Dee", "Cy", "Dee", "Ann"]);
    expect(s.log!.filter((e) => e.type === "reverse").map((e) => describeEvent(s, e))).toEqual(["play now goes counter-clockwise", "play now goes clockwise"]);
  });
  it("lasts into the next phase and turns a counterclockwise phase clockwise", () => {
    const text = orderGame("    endWhen: round >= 1\n    next: back\n  back:\n    turns: counterclockwise\n    actions: [pass, rev]\n").replace("rev: {effect: reverse()}", "rev:\n    effect: |\n      reverse()\n      round += 1");
    const s = start(text);
    expect(turns(s, ["Ann: rev"])).toEqual(["Ann"]); // the new phase starts with the start player
    expect(s.game.phases[s.phase].name).toBe("back");
    expect(turns(s, ["Ann: pass", "Bob: pass"])).toEqual(["Bob", "Cy"]);
  });
  it("is in every player's view, and a searching agent's copy of the game keeps it", () => {
    const s = start(orderGame());
    turns(s, ["Ann: rev", "Dee: skip1"]);
    expect(view(s, 1).flow).toMatchObject({ phaseDirection: 1, reversed: true, skips: 0, givenTurn: -1 });
    const copy = determinize(s.game, view(s, 1), seedRng(1));
    expect([copy.reversed, copy.phaseDir, copy.current]).toEqual([true, 1, 1]);
    turns(copy, ["Bob: pass"]);
    expect(copy.names[copy.current]).toBe("Ann");
  });
});

describe("giveTurn", () => {
  it("gives a named player the next turn, and play goes on from them", () => {
    const s = start(orderGame());
    expect(turns(s, ["Ann: give Cy", "Cy: pass", "Dee: give Dee", "Dee: pass"])).toEqual(["Cy", "Dee", "Dee", "Ann"]);
  });
});

describe("the first turn of a phase", () => {
  // the phase ends after every turn and begins again: its begin effects run before its first turn is given
  const beginning = (begin: string) => orderGame(`    begin: ${begin}
    endWhen: "true"
`);
  it("goes to the player a begin effect gave it, or past those it skipped", () => {
    expect(start(beginning("giveTurn(left(dealer, 3))")).current).toBe(2); // Cy, not Ann (left of the dealer)
    expect(start(beginning("skip()")).current).toBe(1); // Ann's turn is skipped: Bob's
    expect(start(beginning("skip(2)")).current).toBe(2);
  });
  it("goes past a player who is out, to the next one in", () => {
    const s = start(orderGame("    endWhen: \"true\"\n").replace("pass: {}", "pass:\n    effect: out(me)"));
    expect(turns(s, ["Ann: pass"])).toEqual(["Bob"]); // the phase begins again: its first player, Ann, went out
  });
});

describe("a phase's turns as an expression", () => {
  const alternating = (round: number) =>
    orderGame(`    turns: "round % 2 == 1 ? 'counterclockwise' : 'clockwise'"\n    begin: round += 1\n    endWhen: "true"\n`);
  it("is read when the phase begins, after its begin effects", () => {
    const s = start(alternating(0));
    // the phase ends after every turn and begins again, one round more: odd rounds go counter-clockwise
    expect(turns(s, ["Ann: pass"])).toEqual(["Ann"]);
    expect(s.phaseDir).toBe(1);
    expect(turns(s, ["Ann: pass"])).toEqual(["Ann"]);
    expect(s.phaseDir).toBe(-1);
  });
  it("must give a direction, or the game stops naming the phase", () => {
    const s = start(orderGame(`    turns: "round == 0 ? 'sideways' : 'clockwise'"\n`));
    expect(s.error).toBe("phases.main.turns gives 'sideways': it must give clockwise or counterclockwise");
  });
  it("is checked when the file loads: a misspelt way of taking turns is caught with a suggestion", () => {
    expect(errorsOf(orderGame("    turns: clockwize\n"))).toEqual([
      "t.yaml:15:12: error E_SCHEMA: turns: 'clockwize' is not a way of taking turns: use clockwise, counterclockwise, round, simultaneous, realtime, none, or an expression giving clockwise or counterclockwise (did you mean 'clockwise'?)",
    ]);
    expect(errorsOf(orderGame("    turns: round + 1\n"))).toEqual([expect.stringContaining("E_TYPE")]);
  });
});

describe("who", () => {
  it("is read once, when the phase begins: changing what it reads during the phase changes nothing", () => {
    const text = orderGame("    who: chosen\n    begin: chosen = [left(dealer), left(dealer, 2)]\n")
      .replace("pass: {}", "pass:\n    effect: chosen = players");
    const s = start(text);
    expect(turns(s, ["Ann: pass", "Bob: pass", "Ann: pass"])).toEqual(["Bob", "Ann", "Bob"]);
    expect(play(s, 2, "pass")).toEqual({ ok: false, refusal: { rule: "phase", reason: "Cy takes no part in the main phase" } });
  });
});

describe("the next seat", () => {
  // what the stepping through seats must agree with: the seat `i` places on, counted round the table
  const byFormula = (out: number[], from: number, dir: number, n: number) => {
    for (let i = 1; i <= n; i++) {
      const p = (((from + dir * i) % n) + n) % n;
      if (!out.includes(p)) return p;
    }
    return from;
  };
  it("is the next player still in, both ways round, from every seat and from none (-1)", () => {
    const s = start(orderGame(), 4, 3);
    for (const out of [[], [1], [0, 2], [1, 2, 3], [0, 1, 2, 3]]) {
      s.out.fill(0);
      for (const p of out) s.out[p] = 1;
      for (const dir of [1, -1]) {
        for (const from of [-1, 0, 1, 2, 3, 5, -6]) {
          expect(nextActive(s, from, dir), `from ${from}, dir ${dir}, out ${out}`).toBe(byFormula(out, from, dir, 4));
          expect(nextInPhase(s, from, dir), `from ${from}, dir ${dir}, out ${out}`).toBe(byFormula(out, from, dir, 4));
        }
      }
    }
  });
  it("among the players of a phase that names them, skips those who take no part", () => {
    const s = start(orderGame(), 4, 3);
    s.phaseWho = Uint8Array.from([1, 0, 1, 0]);
    s.out[2] = 1;
    expect([0, 1, 2, 3, -1].map((p) => nextInPhase(s, p, 1))).toEqual([0, 0, 0, 0, 0]);
    s.out[2] = 0;
    expect([0, 1, 2, 3, -1].map((p) => nextInPhase(s, p, -1))).toEqual([2, 0, 0, 2, 2]);
  });
});

describe("the count of players still in", () => {
  it("follows players going out, whether or not the list of the players still in has been made", () => {
    const s = newGame(gameOf(orderGame()), { players: ["A", "B", "C", "D"], seed: 1, log: false });
    s.activeCache = null;
    expect(activeCount(s)).toBe(4); // counted seat by seat
    expect(activePlayers(s)).toEqual([0, 1, 2, 3]);
    expect(activeCount(s)).toBe(4); // read from the list
    goOut(s, 2);
    expect(activeCount(s)).toBe(3);
    expect(activePlayers(s)).toEqual([0, 1, 3]);
    expect(activeCount(s)).toBe(3);
    goOut(s, 0);
    goOut(s, 0); // a player already out stays out once
    expect(activeCount(s)).toBe(2);
    expect(activePlayers(s)).toEqual([1, 3]);
    expect(activeCount(s)).toBe(2);
  });
});

describe("again() in a phase of one turn each", () => {
  // Ann's extra turn is part of her own: Bob still takes his turn of the phase, with both back ends
  const text = tinyRules("", {
    "    actions: [play]\n": "    turns: clockwise\n    once: true\n    actions: [play]\n    next: rest\n  rest:\n    actions: [play]\n",
    "move(card, pile)": "|\n      move(card, pile)\n      if card.rank == 7 {\n        again()\n      }",
  });
  for (const backend of ["js", "closures"] as const) {
    it(`gives every player their turn (${backend})`, () => {
      const compiled = compileRulesText(text, "t.yaml", "t", undefined, { backend });
      const g = new Game(compiled.game!, { players: ["Ann", "Bob"], seed: 1, dealer: "Bob", deal: { hand: { Ann: ["7C", "2C", "5C"], Bob: ["3C", "4C", "6C"] } } });
      expect([g.phase, g.turn]).toEqual(["main", "Ann"]);
      expect(g.play("Ann: play 7C").ok).toBe(true);
      expect([g.phase, g.turn]).toEqual(["main", "Ann"]);
      expect(g.play("Ann: play 2C").ok).toBe(true);
      expect([g.phase, g.turn]).toEqual(["main", "Bob"]);
      expect(g.play("Bob: play 3C").ok).toBe(true);
      expect(g.phase).toBe("rest");
    });
  }
});
