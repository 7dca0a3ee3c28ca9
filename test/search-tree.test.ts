// The search keeps its tree in typed arrays with one hash table of children, and scores positions into one list:
// the tree must find exactly the children a Map per node finds, and a whole search must come out exactly as the
// plain search (objects and a Map per node, written out below) comes out, number for number.
import { describe, expect, it } from "vitest";
import { loadComposition, loadRules } from "../src/interpreter/load/load.js";
import type { Game } from "../src/interpreter/model.js";
import { actors, applyMove, legalMoves, newGame, type Move } from "../src/interpreter/engine.js";
import type { State } from "../src/interpreter/state.js";
import { view } from "../src/interpreter/view.js";
import { nextInt, seedRng, type RngState } from "../src/interpreter/rng.js";
import type { Decision } from "../src/agents/agent.js";
import { deal, prepare } from "../src/agents/determinize.js";
import { evaluate } from "../src/agents/evaluate.js";
import { search, type SearchOptions } from "../src/agents/ismcts.js";
import { decider, moveKey, randomPlayout, type MoveKey } from "../src/agents/playout.js";
import { none, Tree } from "../src/agents/tree.js";

/** A whole-number key as moves get them: small, up to 2^51, alike in their low 32 bits, or a text key's negative. */
function anyKey(rng: RngState): number {
  switch (nextInt(rng, 5)) {
    case 0: return nextInt(rng, 40);
    case 1: return nextInt(rng, 1 << 30);
    case 2: return 2 ** 30 + nextInt(rng, 2 ** 20) * 2 ** 31 + nextInt(rng, 2 ** 31);
    case 3: return 7 + nextInt(rng, 16) * 2 ** 32; // the same low half
    default: return -1 - nextInt(rng, 20);
  }
}

describe("the search tree", () => {
  it("finds exactly the children a map of (parent, key) finds", () => {
    const rng = seedRng("tree");
    const tree = new Tree(3000);
    const reference = new Map<string, number>();
    const wrong: string[] = [];
    // few parents and keys from a small range, so that the same pair comes up again and slots collide
    for (let i = 0; i < 20000; i++) {
      const parent = nextInt(rng, Math.min(tree.size, 60));
      const key = anyKey(rng);
      const known = reference.get(`${parent}/${key}`);
      if (tree.child(parent, key) !== (known ?? none)) wrong.push(`${parent}/${key}: ${tree.child(parent, key)}, not ${known ?? none}`);
      if (known === undefined && tree.size < tree.capacity) {
        const player = nextInt(rng, 4);
        const child = tree.add(parent, key, player);
        if (child !== tree.size - 1 || tree.player[child] !== player || tree.key[child] !== key) wrong.push(`node ${child}`);
        reference.set(`${parent}/${key}`, child);
      }
    }
    expect(wrong).toEqual([]);
    expect(tree.size).toBe(tree.capacity);
    for (const [pair, child] of reference) {
      const [parent, key] = pair.split("/").map(Number);
      if (tree.child(parent, key) !== child) wrong.push(pair);
    }
    expect(wrong).toEqual([]);
    expect(() => tree.add(0, 7, 0)).toThrow(/full/);
  });

  it("numbers text keys apart from each other and from numbered keys", () => {
    const tree = new Tree(4);
    expect(tree.slotKey(5)).toBe(5);
    const a = tree.slotKey("3:1.2");
    const b = tree.slotKey("3:1.20");
    expect(a).toBeLessThan(0);
    expect(b).toBeLessThan(0);
    expect(a).not.toBe(b);
    expect(tree.slotKey("3:1.2")).toBe(a);
  });
});

describe("scoring a position into a list", () => {
  const idiot = loadRules("idiot").game!;
  it("gives what a new list gets, whatever the list held", () => {
    const rng = seedRng("evaluate");
    const out = [7, -3, 99, 42];
    for (let g = 0; g < 8; g++) {
      const s = newGame(idiot, { players: ["A", "B", "C", "D"], seed: `evaluate/${g}`, log: false });
      while (!s.over) {
        const fresh = evaluate(s);
        expect(evaluate(s, out)).toBe(out);
        expect(out).toEqual(fresh);
        randomPlayout(s, 1 + nextInt(rng, 30), rng);
      }
      expect(evaluate(s, out)).toEqual(evaluate(s)); // a finished game: its result
      expect(out.filter((v) => v === 1).length).toBeGreaterThan(0);
    }
  });
});

/** The plain search: a node object per move and a Map of children per node. */
interface PlainNode {
  player: number;
  visits: number;
  reward: number;
  available: number;
  children: Map<MoveKey, PlainNode> | null;
}

function plainSearch(d: Decision, o: SearchOptions): Map<MoveKey, PlainNode> {
  const node = (player: number): PlainNode => ({ player, visits: 0, reward: 0, available: 0, children: null });
  const root = node(-1);
  root.children = new Map();
  const prepared = prepare(d.game, d.view, d.rng);
  let s: State | undefined;
  for (let it = 0; it < o.iterations; it++) {
    s = deal(prepared, d.rng, s);
    let current = root;
    const path: PlainNode[] = [];
    while (!s.over) {
      const p = current === root ? d.player : decider(s, d.rng);
      if (p < 0) break;
      const legal = current === root ? (d.legal as Move[]) : legalMoves(s, p);
      if (legal.length === 0) break;
      const untried: Move[] = [];
      let best: PlainNode | null = null;
      let bestMove: Move | null = null;
      let bestScore = -Infinity;
      for (const m of legal) {
        const child = current.children?.get(moveKey(m));
        if (!child) {
          untried.push(m);
          continue;
        }
        child.available++;
        const score = child.reward / child.visits + o.exploration * Math.sqrt(Math.log(child.available) / child.visits);
        if (score > bestScore) {
          bestScore = score;
          best = child;
          bestMove = m;
        }
      }
      if (untried.length > 0) {
        const m = untried[untried.length === 1 ? 0 : nextInt(d.rng, untried.length)];
        const child = node(p);
        child.available = 1;
        (current.children ??= new Map()).set(moveKey(m), child);
        applyMove(s, p, m, true);
        path.push(child);
        break;
      }
      applyMove(s, p, bestMove!, true);
      current = best!;
      path.push(current);
    }
    randomPlayout(s, o.depth, d.rng);
    const value = evaluate(s);
    for (const n of path) {
      n.visits++;
      n.reward += value[n.player];
    }
  }
  return root.children;
}

describe("a whole search", () => {
  const games: [string, Game, number][] = [
    ["idiot", loadRules("idiot").game!, 4],
    ["hands", loadRules("hands").game!, 3],
    ["go-fish", loadRules("go-fish").game!, 3], // moves with text keys
    ["an On The Cards round", loadComposition(["Deal Eight", "Take Lots of Tricks", "Crazy Eights", "Whist"]).game!, 3],
  ];

  function positions(game: Game, n: number): { s: State; p: number }[] {
    const out: { s: State; p: number }[] = [];
    for (let k = 0; k < 4; k++) {
      const s = newGame(game, { players: Array.from({ length: n }, (_, i) => `P${i + 1}`), seed: `tree/${k}`, log: false });
      const rng: RngState = seedRng(`walk/${k}`);
      for (let i = 0; i < k * 12 && !s.over; i++) {
        const p = actors(s)[0];
        const legal = legalMoves(s, p);
        if (legal.length === 0) break;
        applyMove(s, p, legal[nextInt(rng, legal.length)], true);
      }
      const p = actors(s)[0];
      if (!s.over && p !== undefined && legalMoves(s, p).length > 0) out.push({ s, p });
    }
    return out;
  }

  it.each(games)("%s: the same visits, rewards and availability as the plain search", (_, game, n) => {
    const o: SearchOptions = { iterations: 250, depth: 10, exploration: 0.7 };
    const found = positions(game, n);
    expect(found.length).toBeGreaterThan(1);
    for (const [k, { s, p }] of found.entries()) {
      const decision = () => ({ game, player: p, view: view(s, p), legal: legalMoves(s, p), rng: seedRng(`search/${k}`) });
      const got = [...search(decision(), o)].map(([key, c]) => [key, c.player, c.visits, c.reward, c.available]);
      const want = [...plainSearch(decision(), o)].map(([key, c]) => [key, c.player, c.visits, c.reward, c.available]);
      expect(got).toEqual(want);
    }
  });
});
