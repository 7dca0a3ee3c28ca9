// Agents decide from what their player may see: the same view gives the same choice, whatever is hidden.
import { describe, expect, it } from "vitest";
import { loadRules, loadComposition } from "../src/interpreter/load/load.js";
import { newGame, legalMoves, applyMove, actors, moveText } from "../src/interpreter/engine.js";
import { cloneState, conservationProblem, type State } from "../src/interpreter/state.js";
import { view } from "../src/interpreter/view.js";
import { seedRng, nextInt } from "../src/interpreter/rng.js";
import { makeAgent } from "../src/agents/index.js";
import type { Agent } from "../src/agents/agent.js";
import { determinize } from "../src/agents/determinize.js";
import { search } from "../src/agents/ismcts.js";
import { simulate } from "../src/sim/simulate.js";
import { randomAgent } from "../src/agents/random.js";

const idiot = loadRules("idiot").game!;

/** A game of Idiot played at random to a position in the play phase. */
function position(seed: string, moves = 150): State {
  const s = newGame(idiot, { players: ["A", "B", "C", "D"], seed, log: false });
  const r = seedRng(seed);
  for (let i = 0; i < moves && !s.over; i++) {
    const p = actors(s)[0];
    const l = legalMoves(s, p);
    applyMove(s, p, l[nextInt(r, l.length)], true);
  }
  return s;
}

/** The same position with two cards the given player cannot see changed round. */
function withHiddenCardsSwapped(s: State, p: number): State {
  const t = cloneState(s);
  const hidden: { z: number; i: number }[] = [];
  const v = view(t, p);
  for (const z of v.zones) z.cards.forEach((c, i) => c < 0 && hidden.push({ z: z.zone, i }));
  const a = hidden[0];
  const b = hidden.find((h) => h.z !== a.z)!;
  const ca = t.zones[a.z][a.i];
  const cb = t.zones[b.z][b.i];
  t.zones[a.z][a.i] = cb;
  t.zones[b.z][b.i] = ca;
  t.cardZone[ca] = b.z;
  t.cardZone[cb] = a.z;
  expect(conservationProblem(t)).toBeNull();
  return t;
}

describe("agents decide from views only", () => {
  const s = position("views");
  const p = actors(s)[0];
  const t = withHiddenCardsSwapped(s, p);

  it("the two states differ but give the player the same view and the same legal moves", () => {
    expect(JSON.stringify(s.zones)).not.toBe(JSON.stringify(t.zones));
    expect(view(t, p)).toEqual(view(s, p));
    expect(legalMoves(t, p).map((m) => moveText(t, m))).toEqual(legalMoves(s, p).map((m) => moveText(s, m)));
  });

  it.each(["random", "greedy", "sensible", "mc:60", "ismcts:150", "ismcts-informed:150"])("%s chooses the same move in both", (name) => {
    const agent = makeAgent(name)!;
    const choose = (state: State) => agent.choose({ game: idiot, player: p, view: view(state, p), legal: legalMoves(state, p), rng: seedRng("same") });
    expect(choose(t)).toBe(choose(s));
  });

  it("a test agent that peeks at the hidden cards is caught by the same check", () => {
    // reads the true state through a closure: exactly what agents must not do
    const peeking = (state: State): Agent => ({
      name: "peeking",
      needsView: false,
      choose: (d) => {
        let hash = 0;
        for (const z of state.zones) for (const c of z) hash = (hash * 31 + c) % 1_000_003;
        return hash % d.legal.length;
      },
    });
    let caught = 0;
    for (let k = 0; k < 10; k++) {
      const a = position(`peek${k}`);
      const q = actors(a)[0];
      const b = withHiddenCardsSwapped(a, q);
      const pick = (state: State) => peeking(state).choose({ game: idiot, player: q, view: view(state, q), legal: legalMoves(state, q), rng: seedRng("x") });
      if (pick(a) !== pick(b)) caught++;
    }
    expect(caught).toBeGreaterThan(0);
  });
});

describe("determinization", () => {
  it("keeps every card the player sees where it is and deals the rest into the hidden places", () => {
    const s = position("det");
    const p = actors(s)[0];
    const v = view(s, p);
    const d = determinize(idiot, v, seedRng(3));
    expect(conservationProblem(d)).toBeNull();
    for (const z of v.zones) {
      expect(d.zones[z.zone]).toHaveLength(z.cards.length);
      z.cards.forEach((c, i) => c >= 0 && expect(d.zones[z.zone][i]).toBe(c));
    }
    expect(view(d, p)).toEqual(v);
    expect(legalMoves(d, p).map((m) => moveText(d, m))).toEqual(legalMoves(s, p).map((m) => moveText(s, m)));
  });

  it("works for a composed round in the middle of a trick", () => {
    const round = loadComposition(["Deal Eight", "Take Lots of Tricks", "Crazy Eights", "Whist"]).game!;
    const s = newGame(round, { players: ["A", "B", "C"], seed: 2, log: false });
    applyMove(s, s.current, legalMoves(s, s.current)[0], true);
    const p = s.current;
    const d = determinize(round, view(s, p), seedRng(1));
    expect(conservationProblem(d)).toBeNull();
    expect(legalMoves(d, p).map((m) => moveText(d, m))).toEqual(legalMoves(s, p).map((m) => moveText(s, m)));
  });
});

describe("searching agents", () => {
  it("ismcts visits every root move and spends its whole budget", () => {
    const s = position("budget");
    const p = actors(s)[0];
    const legal = legalMoves(s, p);
    const children = search({ game: idiot, player: p, view: view(s, p), legal, rng: seedRng(1) }, { iterations: 400, depth: 10, exploration: 0.7 });
    const visits = [...children.values()].reduce((a, c) => a + c.visits, 0);
    expect(visits).toBe(400);
    expect(children.size).toBe(legal.length);
  });

  it("ismcts loses Idiot less often than its share against random players", () => {
    const agents = [makeAgent("ismcts:60")!, randomAgent, randomAgent, randomAgent];
    const s = simulate(idiot, { players: 4, games: 20, seed: "vs", agents });
    expect(s.finished).toBe(20);
    expect(s.losses[0]).toBeLessThanOrEqual(3); // a random seat loses about 5 of 20
  });

  it("ismcts-informed, scoring its playouts by what the rules say matters, loses Idiot less often than plain ismcts", () => {
    const play = (agents: string[]) => simulate(idiot, { players: 4, games: 16, seed: "informed", agents: agents.map((a) => makeAgent(a)!) });
    const a = play(["ismcts-informed:60", "ismcts:60", "ismcts-informed:60", "ismcts:60"]);
    const b = play(["ismcts:60", "ismcts-informed:60", "ismcts:60", "ismcts-informed:60"]);
    const informed = a.losses[0] + a.losses[2] + b.losses[1] + b.losses[3];
    const plain = a.losses[1] + a.losses[3] + b.losses[0] + b.losses[2];
    expect(informed + plain).toBe(32); // one loser a game
    expect(informed).toBeLessThan(plain); // measured: 9 against 23
  }, 120_000);

  it("greedy plays every game to the end", () => {
    const s = simulate(idiot, { players: 3, games: 10, seed: "greedy", agents: [makeAgent("greedy")!, randomAgent, randomAgent] });
    expect(s.finished).toBe(10);
  });
});
