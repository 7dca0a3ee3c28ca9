// A turn in steps (a phase's `steps:`): the player first makes a move of the first step's actions, then of the
// next step's, and the turn ends after the last step; an optional step may be passed over by taking an action of
// a later one. Set Down (rules/set-down) is the example: draw or take, set down if you like, then discard.
import { describe, expect, it } from "vitest";
import { compileRulesText, loadComposition } from "../src/interpreter/load/load.js";
import { formatDiagnostic } from "../src/interpreter/diagnostics.js";
import type { Backend } from "../src/interpreter/backend.js";
import type { Game } from "../src/interpreter/model.js";
import type { State } from "../src/interpreter/state.js";
import { actors, legalMoves, moveText, newGame, play } from "../src/interpreter/engine.js";
import { playGame } from "../src/sim/play-game.js";
import { randomAgent } from "../src/agents/random.js";
import { view } from "../src/interpreter/view.js";
import { simulate } from "../src/sim/simulate.js";
import { makeAgent } from "../src/agents/index.js";
import { formatLeak, leakCheckGame } from "../src/sim/leaks.js";
import { savedAndReplayed } from "./helpers/cli.js";
import { anytimeRules, errorsOf, stepRules, tinyRules } from "./helpers/rules.js";

const backends: Backend[] = ["closures", "js"];

function setDown(backend: Backend): Game {
  const r = loadComposition(["set-down"], undefined, { backend });
  if (!r.game) throw new Error(r.diagnostics.map(formatDiagnostic).join("\n"));
  return r.game;
}

function compiled(text: string, backend: Backend): Game {
  const r = compileRulesText(text, "t.yaml", "t", undefined, { backend });
  if (!r.game) throw new Error(r.diagnostics.map(formatDiagnostic).join("\n"));
  return r.game;
}

/** The names of the actions p may take now, each once, in the order listed. */
const offered = (s: State, p: number): string[] => [...new Set(legalMoves(s, p).map((m) => m.action.name))];

/** The first legal move of p of the action named, as text. */
function first(s: State, p: number, action: string): string {
  const m = legalMoves(s, p).find((x) => x.action.name === action);
  if (!m) throw new Error(`no legal ${action} for ${s.names[p]}: ${offered(s, p).join(", ")}`);
  return moveText(s, m);
}

describe("a turn in steps", () => {
  for (const backend of backends) {
    it(`offers only the step's actions, goes step by step, and passes the turn after the last (${backend})`, () => {
      const s = newGame(setDown(backend), { players: ["Ann", "Bob"], seed: 4 });
      const ann = s.current;
      const bob = 1 - ann;
      expect(offered(s, ann)).toEqual(["draw", "take"]);
      expect(legalMoves(s, bob)).toEqual([]);
      expect(view(s, bob).flow.step).toBe(0);
      expect(play(s, ann, "draw").ok).toBe(true);
      expect(s.current).toBe(ann);
      expect(view(s, ann).flow.step).toBe(1);
      // the set step is optional: a discard passes over it
      const now = offered(s, ann);
      expect(now.filter((a) => a !== "set")).toEqual(["discard"]);
      expect(play(s, ann, first(s, ann, "discard")).ok).toBe(true);
      expect(s.current).toBe(bob);
      expect(view(s, ann).flow.step).toBe(0);
      expect(offered(s, bob)).toEqual(["draw", "take"]);
    });

    it(`refuses a move of another step, naming the step it belongs to and the step the turn is at (${backend})`, () => {
      const s = newGame(setDown(backend), { players: ["Ann", "Bob"], seed: 4 });
      const ann = s.current;
      const card = s.game.cardNames[view(s, ann).zones.find((z) => z.name === "hand" && z.owner === ann)!.cards[0]];
      const early = play(s, ann, `discard ${card}`);
      expect(early).toEqual({ ok: false, refusal: { rule: "step", reason: `'discard' is step 3 of 3 (discard), which comes later, after it: ${s.names[ann]}'s turn is at step 1 of 3 (draw or take)` } });
      expect(play(s, ann, "take").ok).toBe(true);
      const late = play(s, ann, "draw");
      expect(late).toEqual({ ok: false, refusal: { rule: "step", reason: `'draw' is step 1 of 3 (draw or take), which was passed earlier in this turn: ${s.names[ann]}'s turn is at step 2 of 3 (set)` } });
    });

    it(`keeps the turn at its step for an action with endsTurn: false, and starts again() at the first step (${backend})`, () => {
      const game = compiled(stepRules(), backend);
      let kept = 0;
      let again = 0;
      for (let seed = 0; seed < 40; seed++) {
        const s = newGame(game, { players: ["Ann", "Bob", "Cy"], seed });
        for (let i = 0; i < 400 && !s.over; i++) {
          const p = s.current;
          const moves = legalMoves(s, p);
          const m = moves[(i * 7 + seed) % moves.length];
          const step = s.turnStep;
          expect(play(s, p, moveText(s, m)).ok).toBe(true);
          if (s.over) break;
          if (m.action.name === "peek") {
            expect([s.current, s.turnStep]).toEqual([p, step]);
            kept++;
          }
          if (m.action.name === "play" && s.current === p) {
            expect(s.turnStep).toBe(0);
            expect(offered(s, p).some((a) => a === "draw" || a === "wait")).toBe(true);
            again++;
          }
        }
        expect(s.over, `seed ${seed}: ${s.error}`).toBe(true);
      }
      expect(kept).toBeGreaterThan(0);
      expect(again).toBeGreaterThan(0);
    });
  }

  it("random, sensible and searching agents finish games in steps and with moves out of turn", () => {
    for (const backend of backends) {
      for (const [text, name] of [[null, "set-down"], [stepRules(), "steps"], [anytimeRules(), "anytime"]] as const) {
        const game = text === null ? setDown(backend) : compiled(text, backend);
        for (const agentName of ["random", "sensible", "ismcts:40"]) {
          const agent = makeAgent(agentName)!;
          const s = simulate(game, { players: 3, games: agentName.startsWith("ismcts") ? 1 : 5, seed: `steps-${name}-${agentName}`, agents: [agent, agent, agent], checkConservation: true });
          expect(s.unfinished, `${name}, ${agentName}, ${backend}: ${JSON.stringify(s.problems)}`).toBe(0);
        }
      }
    }
  });

  it("shows no player a card they may not see", () => {
    const found = [2, 4].flatMap((n) => leakCheckGame(setDown("closures"), { players: n, seed: `steps-leaks-${n}`, limit: 5 }).map(formatLeak));
    expect(found).toEqual([]);
  });
});

describe("moves out of turn", () => {
  for (const backend of backends) {
    it(`let anyone taking part make them as their requirements allow, leaving the turn where it was (${backend})`, () => {
      const s = newGame(compiled(anytimeRules(), backend), { players: ["Ann", "Bob", "Cy"], seed: 2 });
      const ann = s.current;
      const [bob, cy] = [(ann + 1) % 3, (ann + 2) % 3];
      expect(actors(s)).toEqual([ann, bob, cy]);
      expect(offered(s, ann)).toEqual(["play", "tap"]);
      expect(legalMoves(s, bob).map((m) => moveText(s, m))).toEqual(["tap"]);
      expect(play(s, bob, "tap").ok).toBe(true);
      expect(s.current).toBe(ann);
      // once a turn: Bob has tapped, so only Ann and Cy may act
      expect(actors(s)).toEqual([ann, cy]);
      expect(legalMoves(s, bob)).toEqual([]);
      const card = s.game.cardNames[view(s, bob).zones.find((z) => z.name === "hand" && z.owner === bob)!.cards[0]];
      expect(play(s, bob, `play ${card}`)).toEqual({ ok: false, refusal: { rule: "turn", reason: `it is ${s.names[ann]}'s turn: out of turn ${s.names[bob]} may only tap` } });
      expect(play(s, ann, "tap").ok).toBe(true);
      expect(s.current).toBe(ann);
      expect(play(s, ann, first(s, ann, "play")).ok).toBe(true);
      expect(s.current).toBe(bob);
      expect(actors(s)).toEqual([bob, cy, ann]);
    });

    it(`in a turn of steps, leave the step where it was (${backend})`, () => {
      const game = setDown(backend);
      let claims = 0;
      for (let seed = 0; seed < 30 && claims < 3; seed++) {
        const s = newGame(game, { players: ["Ann", "Bob", "Cy"], seed });
        for (let i = 0; i < 400 && !s.over; i++) {
          const who = actors(s);
          const p = who[i % who.length];
          const moves = legalMoves(s, p);
          const m = moves.find((x) => x.action.name === "claim") ?? moves[(i * 5 + seed) % moves.length];
          const [current, step] = [s.current, s.turnStep];
          expect(play(s, p, moveText(s, m)).ok).toBe(true);
          if (m.action.name === "claim" && !s.over) {
            expect([s.current, s.turnStep]).toEqual([current, step]);
            claims++;
          }
        }
      }
      expect(claims).toBeGreaterThan(0);
    });
  }

  it("are chosen among the agents by the seed, so a seed plays the same game, and a saved game of steps and claims replays the same", async () => {
    const game = compiled(anytimeRules(), "js");
    const logOf = (seed: string) => JSON.stringify(playGame(game, { players: 3, seed, agents: [randomAgent, randomAgent, randomAgent], log: true }).state.log);
    expect(logOf("same")).toBe(logOf("same"));
    expect(logOf("same")).not.toBe(logOf("other"));
    const { saved, simCode, replay } = await savedAndReplayed("set-down", 4, "random,sensible,ismcts:20,random");
    expect(simCode).toBe(0);
    expect(saved).toMatch(/"text":"claim /);
    expect(saved).toMatch(/"text":"discard /);
    expect([replay.code, replay.err]).toEqual([0, ""]);
    expect(replay.out).toContain("every one the same");
  });

  it("are held to limits.moves, however many there are", () => {
    // a card played comes straight back, and taps never run out: only the limit ends the game
    const endless = anytimeRules()
      .replace("    effect: move(card, pile)\n  tap:", "    effect: |\n      move(card, stock)\n      draw(stock, hand, 1)\n  tap:")
      .replace("once: not tapped and taps < 3", "once: taps >= 0")
      .replace("end: players.all(p => p.hand.empty)", "end: players.all(p => p.hand.empty)\nlimits: {moves: 40}");
    const r = playGame(compiled(endless, "closures"), { players: 3, seed: "endless", agents: [randomAgent, randomAgent, randomAgent] });
    expect([r.state.moves, r.error]).toEqual([40, expect.stringContaining("limits.moves")]);
  });

  it("are named in the rulebook's errors: an action both of the turn and out of it, or out of turn in a phase without turns", () => {
    expect(errorsOf(anytimeRules().replace("    actions: [play]\n", "    actions: [play, tap]\n"))).toEqual([expect.stringContaining("error E_SCHEMA: action 'tap' is one of phase 'main''s turn already")]);
    expect(errorsOf(anytimeRules().replace("    actions: [play]\n", "    turns: simultaneous\n    actions: [play]\n"))).toEqual([expect.stringContaining("anytime is for acting out of someone's turn, and phase 'main' has no turns of one player (turns: simultaneous)")]);
    expect(errorsOf(anytimeRules().replace("anytime: [tap]", "anytime: [tpa]"))[0]).toMatch(/error E_NAME: unknown action 'tpa' \(did you mean 'tap'\?\)/);
  });
});

describe("steps written wrongly", () => {
  const stepped = (steps: string, extra: Record<string, string> = {}) =>
    tinyRules("", { "    actions: [play]\n": steps, "    effect: move(card, pile)": "    effect: move(card, pile)\n  draw:\n    effect: draw(stock, hand, 1)", ...extra });

  it("names an unknown action in a step, with the nearest name, at its line and column", () => {
    // play, offered nowhere now, is unreachable too
    expect(errorsOf(stepped("    steps: [[draw], [plya]]\n"))[0]).toBe("t.yaml:15:22: error E_NAME: unknown action 'plya' (did you mean 'play'?)");
  });

  it("refuses an action in two steps, at the second", () => {
    const errors = errorsOf(stepped("    steps: [[draw, play], [play]]\n"));
    expect(errors).toEqual([expect.stringContaining("error E_SCHEMA: action 'play' is in step 1 of phase 'main' already: an action belongs to one step")]);
    expect(errors[0]).toMatch(/^t\.yaml:15:28:/);
  });

  it("refuses steps beside actions, an optional last step, and steps in a phase without one player's turns", () => {
    expect(errorsOf(stepped("    actions: [play]\n    steps: [[draw], [play]]\n"))).toEqual([expect.stringContaining("lists its actions both under actions and under steps")]);
    expect(errorsOf(stepped("    steps: [[draw], {actions: [play], optional: true}]\n"))).toEqual([expect.stringContaining("the last step of phase 'main' is optional")]);
    expect(errorsOf(stepped("    turns: simultaneous\n    steps: [[draw], [play]]\n"))).toEqual([expect.stringContaining("steps are the parts of one player's turn, and phase 'main' has no turns of one player (turns: simultaneous)")]);
    expect(errorsOf(stepped("    steps: [[draw], []]\n")).length).toBeGreaterThan(0);
  });

  it("refuses an empty step, and loads steps written rightly", () => {
    expect(errorsOf(stepped("    steps: [[draw], {actions: [], optional: false}, [play]]\n")).length).toBeGreaterThan(0); // an empty step is a schema error
    expect(errorsOf(stepped("    steps: [[draw], [play]]\n"))).toEqual([]);
  });
});
