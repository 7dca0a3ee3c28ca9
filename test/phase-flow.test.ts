// The flow generated per phase (js/flow.ts) against the engine's flow (engine/flow.ts), which the closures use:
// a game that takes every turn of the flow there is — a phase of one turn each going counter-clockwise from a
// first player, a phase without turns, a phase that ends by its condition or by endPhase(), again(), skip(),
// giveTurn(), reverse(), players going out, turn and phase variables fixed and evaluated, effects at a phase's
// begin, every turn and the end, triggers in their order, a game that ends in the middle of a phase and at a
// phase's end — played with both, to the same events, variables, counts of rules and place in the flow.
import { describe, expect, it } from "vitest";
import { compileRulesText } from "../src/interpreter/load/load.js";
import { formatDiagnostic } from "../src/interpreter/diagnostics.js";
import type { Backend } from "../src/interpreter/backend.js";
import type { Game } from "../src/interpreter/model.js";
import { playGame } from "../src/sim/play-game.js";
import { randomAgent } from "../src/agents/random.js";
import { generatedSource } from "../src/interpreter/js/game.js";
import { deckRules } from "./helpers/rules.js";

const text = `${deckRules("Flow", "{min: 2, max: 5}", ["pile: {visible: everyone}", "hand: {per: player, visible: owner, ordered: false}"])}variables:
  rounds: {type: number}
  inTurn: {type: number, reset: turn}
  seen: {type: bool, per: player, reset: phase}
  bonus: {type: number, reset: phase, initial: 2}
  plays: {type: number, per: player}
  halted: {type: bool}
  noted: {type: number}
setup: |
  shuffle(stock)
  deal(stock, hand, 5)
phases:
  warm:
    turns: counterclockwise
    once: true
    first: dealer
    actions: [play, draw, think]
    begin: rounds += 1
    turn: |
      inTurn += 10
      if stock.count == 30 {
        halted = true
      }
    end: bonus += 1
    next: lull
  lull:
    turns: none
    begin: bonus += 1
    next: main
  main:
    actions: [play, draw, think, stop]
    endWhen: pile.count >= 4 + rounds
    end: |
      move(pile, stock)
      shuffle(stock)
    next: warm
triggers:
  crowded:
    when: hand.count >= 7
    effect: move(hand.top, stock)
  counted:
    when: hand.count == 6
    effect: noted += 1
end: rounds >= 6 or halted or players.any(p => p.hand.empty) or stock.count + pile.count > 60
actions:
  play:
    params:
      card: hand
    effect: |
      move(card, pile)
      inTurn += 1
      seen = true
      plays += 1
      if card.rank == 7 {
        again()
      }
      if card.rank == 8 {
        skip(card.suit == "S" ? 2 : 1)
      }
      if card.rank == 9 {
        reverse()
      }
      if card.rank == 11 {
        giveTurn(players.last)
      }
      if card.rank == 14 and plays >= 3 {
        out(me)
      }
  draw:
    require:
      some:
        check: stock.any
        else: the stock is empty
    effect: move(stock.top, hand)
  think:
    endsTurn: false
    require:
      once:
        check: inTurn < 12
        else: one thought a turn
    effect: inTurn += 5
  stop:
    require:
      played:
        check: seen
        else: play first
    effect: endPhase()
`;

// the same game ending with its first main phase, which no phase follows
const once = text.replace("    next: warm\n", "    next: none\n");

function compile(backend: Backend, rules = text): Game {
  const r = compileRulesText(rules, "flow.yaml", "flow", undefined, { backend });
  if (!r.game) throw new Error(r.diagnostics.map(formatDiagnostic).join("\n"));
  return r.game;
}

describe("the flow generated per phase", () => {
  const closures = compile("closures");
  const js = compile("js");

  it("is generated for every phase here, and for none with the closures", () => {
    expect(js.phases.map((p) => [p.enter !== null, p.after !== null])).toEqual([[true, true], [true, false], [true, true]]);
    expect(closures.phases.every((p) => p.enter === null && p.after === null)).toBe(true);
    // the turn order and the resets written in: counter-clockwise, and fixed values with nothing evaluated
    const source = generatedSource(js)!;
    expect(source).toMatch(/ = k\d+\(s, actor, s\.reversed \? -\(-1\) : \(-1\)\);/);
    expect(source).toMatch(/ = k\d+\(s, actor, s\.reversed \? -1 : 1\);/);
    expect(source).toMatch(/(t\d+) = s\.n;\nfor \((t\d+) = 0; \2 < \1; \2\+\+\) \{\ns\.vars\[\d+ \+ \d+ \* \1 \+ \2\] = false;\n\}/);
  });

  it.each([
    ["as written", text, ["counted", "crowded", "end", "halted", "lull", "main", "out", "skip", "warm"]],
    ["ending after its main phase", once, ["counted", "crowded", "end", "halted", "lull", "main", "out", "skip", "warm"]],
  ])("plays as the engine's flow plays, event for event, to the same state (%s)", (_, rules, kinds) => {
    const [closures, js] = [compile("closures", rules as string), compile("js", rules as string)];
    let ended = 0;
    let turns = 0;
    const seen = new Set<string>();
    for (let g = 0; g < 120; g++) {
      const players = 2 + (g % 4);
      const [a, b] = [closures, js].map((game) => {
        const r = playGame(game, { players, seed: `flow-${g}`, agents: Array(players).fill(randomAgent), log: true, coverage: true });
        const s = r.state;
        return { r, text: JSON.stringify([s.log, s.vars, s.result, r.error, s.phase, s.current, s.phaseTurns, s.reversed, s.out, s.places, [...s.coverage!]]) };
      });
      expect(b.text).toBe(a.text);
      expect(a.r.error).toBeNull();
      if (a.r.finished) ended++;
      for (const e of a.r.state.log ?? []) {
        if (e.type === "turn") turns++;
        if (e.type === "skip" || e.type === "out" || e.type === "end") seen.add(e.type);
        if (e.type === "phase") seen.add(e.phase);
      }
      const halted = a.r.state.game.vars.find((v) => v.name === "halted")!;
      if (a.r.state.vars[halted.slot] === true) seen.add("halted");
      // both triggers fired, and the one that fires after the other's effect
      const fired = (name: string) => a.r.state.coverage![a.r.state.game.coverage.findIndex((c) => c.rule === `triggers.${name}`)];
      if (fired("crowded") > 0) seen.add("crowded");
      if (fired("counted") > 0) seen.add("counted");
    }
    // the games took the turns of the flow this test is for
    expect(ended).toBe(120);
    expect(turns).toBeGreaterThan(rules === text ? 2000 : 500);
    expect([...seen].sort()).toEqual(kinds);
  });
});
