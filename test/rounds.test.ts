// Rounds of bidding and betting (`turns: round`) and the hand they are played in: turns go round over the players
// still in the hand who can act; fold() leaves the hand and stand() stays in it without acting; raise() reopens
// the round; the round ends once everyone still in has acted since the last raise, or one player is left; a phase
// with `newHand: true` brings everyone who folded or stood back in, where out() is for the rest of the game.
import { describe, expect, it } from "vitest";
import { legalMoves, newGame, play } from "../src/interpreter/engine.js";
import { cloneState, copyState, type State } from "../src/interpreter/state.js";
import { view } from "../src/interpreter/view.js";
import { determinize } from "../src/agents/determinize.js";
import { seedRng } from "../src/interpreter/rng.js";
import { compileRulesText } from "../src/interpreter/load/load.js";
import { formatDiagnostic } from "../src/interpreter/diagnostics.js";
import type { Backend } from "../src/interpreter/backend.js";
import { playGame } from "../src/sim/play-game.js";
import { randomAgent } from "../src/agents/random.js";
import { deckRules, errorsOf } from "./helpers/rules.js";

/** Two rounds a hand, each from the player left of the dealer; moves that only act on the round and the hand. */
const text = `${deckRules("Rounds", "{min: 2, max: 6}", [])}variables:
  hands: {type: number}
  inCount: {type: number}
phases:
  deal:
    turns: none
    newHand: true
    begin: hands += 1
    next: first
  first:
    turns: round
    first: left(dealer)
    actions: [pass, up, fold, allin, quit]
    next: second
  second:
    turns: round
    first: left(dealer)
    begin: inCount = players.count(p => p.inHand)
    actions: [pass, up, fold, allin, quit]
    next: deal
actions:
  pass: {}
  up: {effect: raise()}
  fold: {effect: fold()}
  allin: {effect: stand()}
  quit: {effect: out()}
end: hands > 30 or active.count < 2
`;

const names = ["Ann", "Bob", "Cy", "Dee"];
const backends: Backend[] = ["closures", "js"];

function start(backend: Backend, players = 4): State {
  const r = compileRulesText(text, "t.yaml", "t", undefined, { backend });
  if (!r.game) throw new Error(r.diagnostics.map(formatDiagnostic).join("\n"));
  return newGame(r.game, { players: names.slice(0, players), seed: 1, dealer: players - 1 });
}

/** Plays each move as `Who: move`; gives where play is after each: `phase Who` (the player whose turn it is). */
function steps(s: State, moves: string[]): string[] {
  return moves.map((m) => {
    const [who, move] = m.split(": ");
    const r = play(s, names.indexOf(who), move);
    if (!r.ok) throw new Error(`${m}: ${r.refusal.reason}`);
    return at(s);
  });
}

const at = (s: State) => `${s.game.phases[s.phase].name} ${s.names[s.current]}`;
const variable = (s: State, name: string) => s.vars[s.game.vars.find((v) => v.name === name)!.slot];

describe.each(backends)("a round (%s)", (backend) => {
  it("begins left of the dealer and ends once everyone still in has acted", () => {
    const s = start(backend);
    expect(at(s)).toBe("first Ann");
    expect(steps(s, ["Ann: pass", "Bob: pass", "Cy: pass", "Dee: pass"])).toEqual(["first Bob", "first Cy", "first Dee", "second Ann"]);
  });

  it("is reopened by a raise: everyone else acts again, the raiser not until someone raises again", () => {
    const s = start(backend);
    expect(steps(s, ["Ann: pass", "Bob: up", "Cy: pass", "Dee: pass", "Ann: pass"])).toEqual(["first Bob", "first Cy", "first Dee", "first Ann", "second Ann"]);
    expect(steps(s, ["Ann: up", "Bob: up", "Cy: pass", "Dee: pass", "Ann: up", "Bob: pass", "Cy: pass", "Dee: pass"])).toEqual([
      "second Bob", "second Cy", "second Dee", "second Ann", "second Bob", "second Cy", "second Dee", "first Ann",
    ]);
    expect(variable(s, "hands")).toBe(2);
  });

  it("passes over a player who folded for the rest of the hand, and has them back for the next", () => {
    const s = start(backend);
    expect(steps(s, ["Ann: fold", "Bob: pass", "Cy: up", "Dee: pass", "Bob: pass"])).toEqual(["first Bob", "first Cy", "first Dee", "first Bob", "second Bob"]);
    expect(variable(s, "inCount")).toBe(3);
    expect(s.hand[0] & 1).toBe(1);
    expect(steps(s, ["Bob: pass", "Cy: pass", "Dee: pass"])).toEqual(["second Cy", "second Dee", "first Ann"]);
    expect(Array.from(s.hand)).toEqual([0, 0, 0, 0]);
    expect(s.out[0]).toBe(0);
  });

  it("ends when one player is left in the hand, and a round begun with one left ends with no turn", () => {
    const s = start(backend);
    expect(steps(s, ["Ann: fold", "Bob: fold", "Cy: fold"])).toEqual(["first Bob", "first Cy", "first Ann"]);
    expect(variable(s, "hands")).toBe(2);
    expect(variable(s, "inCount")).toBe(1);
    expect(s.log!.filter((e) => e.type === "turn").length).toBe(4);
  });

  it("passes over a player who stood, who stays in the hand", () => {
    const s = start(backend);
    expect(steps(s, ["Ann: allin", "Bob: up", "Cy: pass", "Dee: pass"])).toEqual(["first Bob", "first Cy", "first Dee", "second Bob"]);
    expect(variable(s, "inCount")).toBe(4);
    // everyone but the player who stood passes: the round is over without them
    expect(steps(s, ["Bob: pass", "Cy: pass", "Dee: pass"])).toEqual(["second Cy", "second Dee", "first Ann"]);
  });

  it("ends at once when nobody is left to act, though several are in the hand", () => {
    const s = start(backend, 2);
    expect(steps(s, ["Ann: allin", "Bob: allin"])).toEqual(["first Bob", "first Ann"]);
    expect(variable(s, "hands")).toBe(2);
    expect(variable(s, "inCount")).toBe(2);
  });

  it("keeps a player who went out out of every hand after, unlike one who folded", () => {
    const s = start(backend);
    expect(steps(s, ["Ann: quit", "Bob: fold", "Cy: pass", "Dee: pass"])).toEqual(["first Bob", "first Cy", "first Dee", "second Cy"]);
    expect(steps(s, ["Cy: pass", "Dee: pass"])).toEqual(["second Dee", "first Bob"]);
    expect(steps(s, ["Bob: pass", "Cy: pass", "Dee: pass"])).toEqual(["first Cy", "first Dee", "second Bob"]);
  });

  it("plays whole games to the end with random agents", () => {
    for (let g = 0; g < 5; g++) {
      const s0 = start(backend);
      const r = playGame(s0.game, { players: 3 + (g % 3), seed: `rounds-${g}`, agents: Array(3 + (g % 3)).fill(randomAgent) });
      expect(r.error).toBeNull();
      expect(r.finished).toBe(true);
    }
  });
});

describe("where a player stands in the hand", () => {
  it("is copied with the state, shown in every view and kept by a determinized copy", () => {
    const s = start("closures");
    steps(s, ["Ann: fold", "Bob: allin", "Cy: up"]);
    expect(Array.from(s.hand)).toEqual([1, 2, 4, 0]); // the raise took back what Bob had acted
    expect(Array.from(cloneState(s).hand)).toEqual(Array.from(s.hand));
    const into = cloneState(start("closures"));
    copyState(into, s);
    expect(Array.from(into.hand)).toEqual(Array.from(s.hand));
    expect(view(s, 2).flow.hand).toEqual([1, 2, 4, 0]);
    const copy = determinize(s.game, view(s, 3), seedRng(1));
    expect(Array.from(copy.hand)).toEqual(Array.from(s.hand));
    expect(steps(copy, ["Dee: pass"])).toEqual(["second Cy"]);
    expect(legalMoves(copy, 2).map((m) => m.action.name)).toContain("up");
  });
});

describe("the rules of a round", () => {
  it("refuse once: true on a round, and suggest round for a misspelt way of taking turns", () => {
    const once = text.replace("  first:\n    turns: round\n", "  first:\n    turns: round\n    once: true\n");
    expect(errorsOf(once).join("\n")).toMatch(/once is for a phase of one turn each; a round \(phase 'first'\)/);
    expect(errorsOf(text.replace("  first:\n    turns: round\n", "  first:\n    turns: rund\n")).join("\n")).toMatch(/did you mean 'round'/);
    expect(errorsOf(text)).toEqual([]);
  });

  it("type fold, stand and inHand's arguments as players", () => {
    expect(errorsOf(text.replace("fold: {effect: fold()}", "fold: {effect: fold(3)}")).join("\n")).toMatch(/fold needs a player/);
    expect(errorsOf(text.replace("p => p.inHand", "p => inHand(1)")).join("\n")).toMatch(/inHand needs a player/);
  });
});
