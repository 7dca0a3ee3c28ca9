// A choice asked in the middle of an action (`ask:`): the action's effect runs, the game waits while one player
// chooses among candidates as a move of its own, `then:` runs with the choice, and the turn goes on after it.
// Take Rows (rules/take-rows) is the example: the player whose card is lower than every row's end chooses a row.
import { describe, expect, it } from "vitest";
import { compileRulesText, loadComposition } from "../src/interpreter/load/load.js";
import { formatDiagnostic } from "../src/interpreter/diagnostics.js";
import type { Backend } from "../src/interpreter/backend.js";
import type { Game } from "../src/interpreter/model.js";
import { actors, legalMoves, moveText, newGame, play } from "../src/interpreter/engine.js";
import { view } from "../src/interpreter/view.js";
import { playGame } from "../src/sim/play-game.js";
import { simulate } from "../src/sim/simulate.js";
import { randomAgent } from "../src/agents/random.js";
import { makeAgent } from "../src/agents/index.js";
import { formatLeak, leakCheckGame } from "../src/sim/leaks.js";
import { savedAndReplayed } from "./helpers/cli.js";
import { askRules, errorsOf, tinyRules } from "./helpers/rules.js";

function takeRows(backend: Backend): Game {
  const r = loadComposition(["take-rows"], undefined, { backend });
  if (!r.game) throw new Error(r.diagnostics.map(formatDiagnostic).join("\n"));
  return r.game;
}

const answered = askRules();

function compiled(text: string, backend: Backend): Game {
  const r = compileRulesText(text, "t.yaml", "t", undefined, { backend });
  if (!r.game) throw new Error(r.diagnostics.map(formatDiagnostic).join("\n"));
  return r.game;
}

/** Every move of a seeded game with random agents, as written, with the result. */
function playedOut(game: Game, players: number, seed: string): { moves: string[]; result: string; events: string } {
  const r = playGame(game, { players, seed, agents: Array(players).fill(randomAgent), log: true });
  expect(r.error).toBeNull();
  const log = r.state.log ?? [];
  return {
    moves: log.flatMap((e) => (e.type === "action" ? [`${r.state.names[e.player]}: ${e.move}`] : [])),
    result: JSON.stringify([r.state.result, r.state.vars]),
    events: JSON.stringify(log),
  };
}

describe("a choice in the middle of an action", () => {
  it("waits for the chooser alone, offers only the candidates, and goes on with the turn after then", () => {
    const game = takeRows("closures");
    const s = newGame(game, { players: ["Ann", "Bob"], seed: 3 });
    // play until a choice is asked
    for (let i = 0; i < 400 && s.pending === null && !s.over; i++) {
      const p = actors(s)[0];
      const moves = legalMoves(s, p);
      expect(play(s, p, moveText(s, moves[0])).ok).toBe(true);
    }
    expect(s.pending).not.toBeNull();
    const chooser = s.pending!.player;
    const other = 1 - chooser;
    expect(actors(s)).toEqual([chooser]);
    expect(legalMoves(s, other)).toEqual([]);
    expect(legalMoves(s, chooser).map((m) => moveText(s, m))).toEqual(["row rows#1", "row rows#2", "row rows#3", "row rows#4"]);
    expect(play(s, other, "place")).toMatchObject({ ok: false, refusal: { rule: "choice" } });
    expect(play(s, chooser, "place")).toMatchObject({ ok: false, refusal: { rule: "choice" } });
    // the view says who chooses what, and with which arguments of the action that asked
    expect(view(s, other).flow.pending).toEqual({ player: chooser, choice: "row", actor: chooser, args: [] });
    const card = s.zones.findIndex((z, i) => s.game.zones[s.zoneDef[i]].name === "chosen" && s.zoneOwner[i] === chooser);
    const low = s.zones[card][0];
    expect(play(s, chooser, "row rows#2").ok).toBe(true);
    expect(s.pending).toBeNull();
    const rows = s.groups[0];
    expect(s.zones[rows[1]]).toEqual([low]);
  });

  it("shows another player a card the asking action named only where they may see it", () => {
    const hidden = compiled(answered.replace("pile: {visible: everyone}", "pile: {visible: nobody}"), "closures");
    const s = newGame(hidden, { players: ["Ann", "Bob"], seed: 1 });
    for (let i = 0; i < 100 && s.pending === null && !s.over; i++) {
      const p = actors(s)[0];
      expect(play(s, p, moveText(s, legalMoves(s, p)[0])).ok).toBe(true);
    }
    const pending = s.pending!;
    expect(pending.player).not.toBe(pending.actor);
    const card = pending.args[0] as number;
    expect(view(s, pending.actor).flow.pending?.args).toEqual([card]);
    expect(view(s, pending.player).flow.pending?.args).toEqual([null]);
    expect(view(s, -1).flow.pending?.args).toEqual([null]);
  });

  it("waits for the chooser in a simultaneous phase too: the others move once it is made", () => {
    const text = tinyRules("variables:\n  points: {per: player, type: number}\n", {
      "    actions: [play]\n": "    turns: simultaneous\n    actions: [play]\n",
      "    effect: move(card, pile)": `    effect: |
      move(card, pile)
      if hand.empty {
        done()
      }
    ask:
      choose: bonus
      from: "[1, card.rank]"
      then: points += bonus`,
    });
    const [closures, js] = (["closures", "js"] as const).map((b) => compiled(text, b));
    const s = newGame(closures, { players: ["Ann", "Bob", "Cy"], seed: 2 });
    expect(actors(s)).toEqual([0, 1, 2]);
    expect(play(s, 1, moveText(s, legalMoves(s, 1)[0])).ok).toBe(true);
    expect(actors(s)).toEqual([1]);
    expect(legalMoves(s, 0)).toEqual([]);
    expect(play(s, 1, "bonus 1").ok).toBe(true);
    expect(actors(s)).toEqual([0, 1, 2]);
    for (let g = 0; g < 3; g++) {
      const a = playedOut(closures, 3, `simultaneous-${g}`);
      expect(playedOut(js, 3, `simultaneous-${g}`)).toEqual(a);
      expect(a.moves.filter((m) => m.includes("bonus")).length).toBe(9);
    }
  });

  it("skips the choice and its then when there is nothing to choose from, or nobody to choose", () => {
    const game = compiled(answered, "closures");
    let asked = 0;
    let skipped = 0;
    for (let g = 0; g < 20; g++) {
      const r = playGame(game, { players: 2, seed: `skip-${g}`, agents: [randomAgent, randomAgent], log: true });
      expect(r.error).toBeNull();
      const log = r.state.log ?? [];
      log.forEach((e, i) => {
        if (e.type !== "action" || !e.move.startsWith("play")) return;
        const after = log.slice(i + 1).find((x) => x.type === "action");
        if (after?.type === "action" && after.move.startsWith("answer")) asked++;
        else skipped++;
      });
    }
    expect(asked).toBeGreaterThan(0);
    expect(skipped).toBeGreaterThan(0);
  });

  it("plays alike with both back ends, move for move and event for event", () => {
    for (const [text, players] of [[answered, [2, 3, 4]], [null, [2, 3, 5]]] as const) {
      const [closures, js] = (["closures", "js"] as const).map((b) => (text ? compiled(text, b) : takeRows(b)));
      for (const n of players) {
        for (let g = 0; g < 3; g++) {
          const a = playedOut(closures, n, `alike-${n}-${g}`);
          const b = playedOut(js, n, `alike-${n}-${g}`);
          expect(b.moves).toEqual(a.moves);
          expect(b.events).toEqual(a.events);
          expect(b.result).toEqual(a.result);
        }
      }
    }
  });

  it("is written to a saved game as a move, and replaying the log gives the same game", async () => {
    const { saved, simCode, replay } = await savedAndReplayed("take-rows", 3, "random");
    expect(simCode).toBe(0);
    expect(saved).toMatch(/"text":"row rows#\d"/);
    expect([replay.code, replay.err]).toEqual([0, ""]);
    expect(replay.out).toContain("every one the same");
  });

  it("random, sensible and searching agents finish games that ask", () => {
    const game = takeRows("js");
    for (const name of ["random", "sensible", "ismcts:40"]) {
      const agent = makeAgent(name)!;
      const s = simulate(game, { players: 3, games: name.startsWith("ismcts") ? 1 : 5, seed: `agents-${name}`, agents: [agent, agent, agent], checkConservation: true });
      expect(s.unfinished, `${name}: ${JSON.stringify(s.problems)}`).toBe(0);
    }
    const tiny = compiled(answered, "js");
    const searcher = makeAgent("ismcts:40")!;
    const s = simulate(tiny, { players: 3, games: 2, seed: "agents-tiny", agents: [searcher, randomAgent, searcher] });
    expect(s.unfinished, JSON.stringify(s.problems)).toBe(0);
  });

  it("shows no player a card they may not see, in the candidates or anywhere else", () => {
    const game = takeRows("closures");
    const found: string[] = [];
    for (const n of [2, 4]) found.push(...leakCheckGame(game, { players: n, seed: `ask-leaks-${n}`, limit: 5 }).map(formatLeak));
    const tiny = compiled(answered, "closures");
    found.push(...leakCheckGame(tiny, { players: 3, seed: "ask-leaks-tiny", limit: 5 }).map(formatLeak));
    expect(found).toEqual([]);
  });
});

describe("choices are bounded as the rest of the rules are", () => {
  /** Tiny with a chain of `depth` asks, each asking the next player for a number, nested one in the other. */
  const chain = (depth: number, then = (n: string) => `points += ${n}`) => {
    const ask = (d: number, pad: string): string =>
      `${pad}ask:\n${pad}  who: next(me)\n${pad}  choose: n${d}\n${pad}  from: "[1, 2]"\n${pad}  then: ${then(`n${d}`)}\n${d < depth ? ask(d + 1, pad + "  ") : ""}`;
    return tinyRules("variables:\n  points: {per: player, type: number}\n", { "    effect: move(card, pile)\n": `    effect: move(card, pile)\n${ask(1, "    ")}` });
  };

  it("plays a chain of choices, each a move of its own, and refuses a chain nested past the file's depth limit", () => {
    const game = compiled(chain(5), "js");
    const r = playGame(game, { players: 3, seed: "chain", agents: [randomAgent, randomAgent, randomAgent], log: true });
    expect(r.error).toBeNull();
    const moves = (r.state.log ?? []).flatMap((e) => (e.type === "action" ? [e.move.split(" ")[0]] : []));
    expect(moves.slice(0, 6)).toEqual(["play", "n1", "n2", "n3", "n4", "n5"]);
    expect(errorsOf(chain(70))).toEqual([expect.stringMatching(/error E_YAML_DEPTH/)]);
  });

  it("stops a then that never ends with the step limit, naming the rule", () => {
    const game = compiled(chain(1, (n) => `"while true { points += ${n} }"`), "closures");
    const r = playGame(game, { players: 2, seed: "loop", agents: [randomAgent, randomAgent], log: true });
    expect(r.error).toMatch(/limits\.steps|steps/);
    expect(r.error).toContain("ask");
  });
});

describe("a choice written wrong is an error at its place", () => {
  const withAsk = (ask: string, extra = "") => tinyRules(extra, { "    effect: move(card, pile)": `    effect: move(card, pile)\n    ask:\n${ask}` });

  it("names an unknown name in its candidates, its then and its who", () => {
    expect(errorsOf(withAsk("      choose: target\n      from: hnad\n"))).toEqual([expect.stringMatching(/^t\.yaml:\d+:\d+: error E_NAME: .*'hnad'/)]);
    expect(errorsOf(withAsk("      choose: target\n      from: hand\n      then: move(targt, pile)\n"))).toEqual([expect.stringMatching(/^t\.yaml:\d+:\d+: error E_NAME: .*'targt'/)]);
    expect(errorsOf(withAsk("      who: card\n      choose: target\n      from: hand\n"))).toEqual([expect.stringMatching(/^t\.yaml:\d+:\d+: error E_TYPE: /)]);
  });

  it("refuses a name an action or a parameter has, and candidates that are not a list", () => {
    expect(errorsOf(withAsk("      choose: play\n      from: hand\n"))).toEqual([expect.stringMatching(/^t\.yaml:\d+:7: error E_CONFLICT: 'play' is already an action/)]);
    expect(errorsOf(withAsk("      choose: card\n      from: hand\n"))).toEqual([expect.stringMatching(/^t\.yaml:\d+:7: error E_CONFLICT: 'card' is already a parameter of play/)]);
    expect(errorsOf(withAsk("      choose: target\n      from: card.rank\n"))).toEqual([expect.stringMatching(/^t\.yaml:\d+:\d+: error E_TYPE: the choices for 'target' must be a zone or a list/)]);
  });

  it("is an action's: outside an action there is no player to ask, and a real-time phase waits for nobody", () => {
    const inPhase = tinyRules("", { "    actions: [play]\n": "    actions: [play]\n    ask: {choose: target, from: hand}\n" });
    expect(errorsOf(inPhase)).toEqual([expect.stringMatching(/^t\.yaml:\d+:\d+: error E_SCHEMA: .*ask/)]);
    const realtime = withAsk("      choose: target\n      from: hand\n").replace("    actions: [play]\n", "    turns: realtime\n    actions: [play]\n");
    expect(errorsOf(realtime)).toEqual([expect.stringMatching(/^t\.yaml:\d+:\d+: error E_SCHEMA: action 'play' asks a player to choose/)]);
  });
});
