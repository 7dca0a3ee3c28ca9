// The flow generated per phase (js/flow.ts) against the engine's flow (engine/flow.ts), which the closures use:
// a game that takes every turn of the flow there is — a phase of one turn each going counter-clockwise from a
// first player, a phase without turns, a phase that ends by its condition or by endPhase(), again(), skip(),
// giveTurn(), reverse(), players going out, turn and phase variables fixed and evaluated, effects at a phase's
// begin, every turn and the end, triggers in their order, a game that ends in the middle of a phase and at a
// phase's end — played with both, to the same events, variables, counts of rules and place in the flow.
import { describe, expect, it } from "vitest";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { compileRulesText, loadComposition } from "../src/interpreter/load/load.js";
import { formatDiagnostic } from "../src/interpreter/diagnostics.js";
import type { Backend } from "../src/interpreter/backend.js";
import type { Game } from "../src/interpreter/model.js";
import { playGame } from "../src/sim/play-game.js";
import { randomAgent } from "../src/agents/random.js";
import { generatedSource } from "../src/interpreter/js/game.js";
import { deckRules, errorsOf } from "./helpers/rules.js";

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

// The flow that branches: a `next:` chosen by conditions, a phase skipped by a condition (none of its effects
// run), and phases and actions a fragment takes out with skip: true.
const branching = `${deckRules("Branches", "{min: 2, max: 4}", ["hand: {per: player, visible: owner, ordered: false}", "pile: {visible: everyone}"])}variables:
  hands: {type: number}
  caller: {type: player}
  marks: {type: number}
phases:
  deal:
    turns: none
    begin: |
      move(pile, stock)
      for p in players {
        move(p.hand, stock)
      }
      shuffle(stock)
      deal(stock, hand, 3)
      hands += 1
      caller = none
    next: call
  call:
    once: true
    actions: [call, pass]
    next:
      - if: caller == none
        then: deal
      - if: hands >= 7
        then: none
      - swap
  swap:
    skip: hands % 3 == 0
    first: caller
    who: "[caller]"
    once: true
    begin: marks += 1
    turn: marks += 1
    end: marks += 1
    actions: [swap]
    next: play
  play:
    first: caller
    once: true
    actions: [play]
    next: deal
actions:
  call:
    require:
      open: caller == none
    effect: caller = me
  pass: {}
  swap:
    params:
      card: hand
    effect: |
      move(stock.top, hand)
      move(card, stock)
  play:
    params:
      card: hand
    effect: move(card, pile)
`;

function varOf(s: { game: Game; vars: unknown[] }, name: string): unknown {
  return s.vars[s.game.vars.find((v) => v.name === name)!.slot];
}

describe("the flow that branches", () => {
  it("goes on to the first phase whose condition holds, else to the last, and leaves a phase out when its skip holds, running none of its effects — with both back ends alike", () => {
    const games = (["closures", "js"] as const).map((backend) => compile(backend, branching));
    // the call phase's conditional next is generated; the phase that may be skipped keeps the engine's flow
    expect(games[1].phases.map((p) => [p.name, p.enter !== null])).toEqual([["deal", true], ["call", true], ["swap", false], ["play", true]]);
    const seen = new Set<string>();
    for (let g = 0; g < 60; g++) {
      const players = 2 + (g % 3);
      const [a, b] = games.map((game) => {
        const phases: string[] = [];
        let after: string | null = null; // the phase that came after a call phase, with what it was chosen by
        const r = playGame(game, {
          players, seed: `branch-${g}`, agents: Array(players).fill(randomAgent), log: true,
          watch: (s, e) => {
            if (e.type !== "phase") return;
            if (phases.at(-1) === "call") {
              const [hands, caller] = [varOf(s, "hands") as number, varOf(s, "caller")];
              // read as the call phase ended: the deal phase's begin has not run yet
              const chosen = caller === null ? "deal" : hands % 3 === 0 ? "play" : "swap";
              expect(e.phase, `after the call phase of hand ${hands}`).toBe(chosen);
              after = `${caller === null ? "nobody called" : hands % 3 === 0 ? "skipped" : "swapped"}`;
              seen.add(after);
            }
            phases.push(e.phase);
          },
        });
        return { r, phases, after };
      });
      expect(JSON.stringify(b.r.state.log)).toBe(JSON.stringify(a.r.state.log));
      expect(a.r.error).toBeNull();
      expect(a.r.finished).toBe(true);
      // the game ends only by the call phase's `then: none`, on its seventh hand called
      expect(a.phases.at(-1)).toBe("call");
      expect(varOf(a.r.state, "hands")).toBeGreaterThanOrEqual(7);
      // a skipped swap phase ran neither its begin, its turn nor its end: three marks for each it was played
      expect(varOf(a.r.state, "marks")).toBe(3 * a.phases.filter((p) => p === "swap").length);
    }
    expect([...seen].sort()).toEqual(["nobody called", "skipped", "swapped"]);
  });

  it("knows every phase a next can lead to, and reports one it cannot name where it is written", () => {
    expect(errorsOf(branching)).toEqual([]);
    // the swap phase is reached only through a condition: without it, nothing leads there
    expect(errorsOf(branching.replace("      - swap\n", "      - play\n"))).toEqual([
      "t.yaml:37:3: error E_UNREACHABLE: phase 'swap' never follows another phase, so it can never be played",
    ]);
    expect(errorsOf(branching.replace("then: deal", "then: dael"))).toEqual([
      "t.yaml:33:15: error E_NAME: unknown phase 'dael' (did you mean 'deal'?)",
    ]);
    expect(errorsOf(branching.replace("      - swap\n", "      - swpa\n"))).toEqual([
      "t.yaml:36:9: error E_NAME: unknown phase 'swpa' (did you mean 'swap'?)",
      // as after a plain next that names no phase, what only that phase led to is not reached
      "t.yaml:37:3: error E_UNREACHABLE: phase 'swap' never follows another phase, so it can never be played",
      "t.yaml:47:3: error E_UNREACHABLE: phase 'play' never follows another phase, so it can never be played",
    ]);
    expect(errorsOf(branching.replace("      - swap\n", ""))).toEqual([
      "t.yaml:34:9: error E_SCHEMA: next ends with a condition: add the phase that follows when none holds, as the last item (a name, or none to end the game)",
      "t.yaml:36:3: error E_UNREACHABLE: phase 'swap' never follows another phase, so it can never be played",
      "t.yaml:46:3: error E_UNREACHABLE: phase 'play' never follows another phase, so it can never be played",
    ]);
    expect(errorsOf(branching.replace("      - if: caller == none\n", "      - swap\n      - if: caller == none\n"))).toContain(
      "t.yaml:32:9: error E_SCHEMA: 'swap' has no if: the phase that follows when no condition holds comes last in next",
    );
    expect(errorsOf(branching.replace("if: hands >= 7", "if: hands + 7"))[0]).toMatch(/^t\.yaml:34:13: error E_TYPE: /);
  });

  it("lets a fragment take a phase and an action of its base out with skip: true, leaving the flow around them as it was", () => {
    const dir = mkdtempSync(join(tmpdir(), "houserules-branches-"));
    writeFileSync(join(dir, "base.yaml"), branching);
    const fragment = (name: string, text: string) => {
      writeFileSync(join(dir, name), `extends: ./base.yaml\nname: F\n${text}`);
      return loadComposition([`./${name}`], dir);
    };
    const out = fragment("out.yaml", "replaces: [phases.swap.skip]\nphases:\n  swap: {skip: true}\nactions:\n  swap: {skip: true}\n");
    expect(out.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    const game = out.game!;
    expect(game.actions.find((a) => a.name === "swap")!.phases).toEqual([]);
    for (let g = 0; g < 20; g++) {
      const r = playGame(game, { players: 3, seed: `out-${g}`, agents: Array(3).fill(randomAgent), log: true });
      expect(r.finished).toBe(true);
      expect(r.state.log!.some((e) => e.type === "phase" && e.phase === "swap")).toBe(false);
      expect(varOf(r.state, "marks")).toBe(0);
    }
    // taking the action out of its phase's list instead leaves it in no phase, where it is unreachable
    const unlisted = fragment("unlisted.yaml", "replaces: [phases.swap.skip, phases.swap.actions]\nphases:\n  swap:\n    skip: true\n    actions: []\n");
    expect(unlisted.diagnostics.filter((d) => d.severity === "error").map((d) => `${d.code}: ${d.message}`)).toEqual([
      "E_UNREACHABLE: action 'swap' is not allowed in any phase, so it can never be taken",
    ]);
    // a phase of turns whose every action is left out, and which is never skipped, is one nobody can act in
    const stuck = errorsOf(branching.replace("    skip: hands % 3 == 0\n", "").replace("  swap:\n    params:", "  swap:\n    skip: true\n    params:"));
    expect(stuck).toEqual(["t.yaml:44:5: error E_UNREACHABLE: every action of phase 'swap' is left out (swap: skip: true), so nobody can ever act in it: skip the phase too"]);
  });
});
