// A turn's and a phase's variables are set back to their initial values as the turn or phase begins: constant
// values written from a plan kept per game (engine/vars.ts), others evaluated in the declared order — a game
// variable with the rules speaking for nobody, a player's as that player — and the player the rules speak for
// is the same afterwards. Both back ends.
import { describe, expect, it } from "vitest";
import { compileRulesText } from "../src/interpreter/load/load.js";
import { formatDiagnostic } from "../src/interpreter/diagnostics.js";
import type { Backend } from "../src/interpreter/backend.js";
import { newGame, play } from "../src/interpreter/engine.js";
import type { State } from "../src/interpreter/state.js";
import { deckRules } from "./helpers/rules.js";

const text = `${deckRules("Resets", "{min: 2, max: 4}", [])}variables:
  rounds: {type: number}
  early: {type: bool, reset: turn, initial: "flagged"}
  flagged: {type: bool, reset: turn}
  tally: {type: number, reset: turn, initial: 5}
  marks: {per: player, type: number, reset: turn}
  double: {type: number, reset: turn, initial: "tally * 2"}
  base: {type: number, reset: turn, initial: "rounds * 10"}
  own: {per: player, type: number, reset: turn, initial: "base + players.indexOf(me)"}
  flags: {per: player, type: bool, reset: phase}
  starts: {type: number, reset: phase, initial: "rounds + 100"}
  speaker: {type: number}
phases:
  main:
    actions: [bump, next]
    endWhen: rounds >= 2
    next: main
actions:
  bump:
    effect: |
      tally += 1
      flagged = true
      marks += 1
      own += 1
      flags = true
      speaker = players.indexOf(me)
  next:
    effect: rounds += 1
end: rounds >= 4
`;

function start(backend: Backend): State {
  const r = compileRulesText(text, "resets.yaml", "resets", undefined, { backend });
  if (!r.game) throw new Error(r.diagnostics.map(formatDiagnostic).join("\n"));
  return newGame(r.game, { players: ["Ann", "Bob", "Cy"], seed: 1, dealer: 2 });
}

/** A variable's values: one for a game variable, one per player for a player's. */
function values(s: State, name: string): unknown {
  const v = s.game.vars.find((x) => x.name === name)!;
  if (v.per === "game") return s.vars[v.slot];
  return Array.from({ length: s.n }, (_, p) => s.vars[s.game.globalVars + v.slot * s.n + p]);
}

const snapshot = (s: State) => Object.fromEntries(["rounds", "early", "flagged", "tally", "double", "marks", "base", "own", "flags", "starts", "speaker"].map((n) => [n, values(s, n)]));

describe.each(["closures", "js"] as Backend[])("variables reset as turns and phases begin (%s)", (backend) => {
  it("start at their initial values, each player's evaluated as that player", () => {
    const s = start(backend);
    expect(snapshot(s)).toEqual({ rounds: 0, early: false, flagged: false, tally: 5, double: 10, marks: [0, 0, 0], base: 0, own: [0, 1, 2], flags: [false, false, false], starts: 100, speaker: 0 });
    expect(s.me).toBe(s.current); // the resets of the first turn leave the rules speaking for its player
  });
  it("a turn's are set back when the next turn begins, in the declared order; the phase's last the phase", () => {
    const s = start(backend);
    expect(play(s, 0, "bump").ok).toBe(true); // Ann's turn ends
    expect(s.current).toBe(1);
    // in the declared order: early reads flagged before it is set back (Ann's true), double reads tally after
    // it is (5 * 2, not the 6 * 2 of Ann's bump)
    expect(snapshot(s)).toEqual({ rounds: 0, early: true, flagged: false, tally: 5, double: 10, marks: [0, 0, 0], base: 0, own: [0, 1, 2], flags: [true, false, false], starts: 100, speaker: 0 });
    expect(play(s, 1, "next").ok).toBe(true); // a round counted: the next turn's base reads it, and own reads base
    expect(snapshot(s)).toMatchObject({ rounds: 1, tally: 5, base: 10, own: [10, 11, 12], flags: [true, false, false], starts: 100 });
    expect(s.me).toBe(2);
    expect(play(s, 2, "bump").ok).toBe(true);
    expect(snapshot(s)).toMatchObject({ flags: [true, false, true], speaker: 2 });
  });
  it("a phase's are set back when the phase begins again, evaluated after what ended the last one", () => {
    const s = start(backend);
    for (const [p, move] of [[0, "bump"], [1, "next"], [2, "next"]] as const) expect(play(s, p, move).ok).toBe(true);
    // two rounds end the phase; it begins again with its variables set back, starts reading the rounds so far
    expect(snapshot(s)).toMatchObject({ rounds: 2, flags: [false, false, false], starts: 102, base: 20, own: [20, 21, 22] });
    expect(s.me).toBe(s.current);
  });
});
