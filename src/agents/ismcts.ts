// Information-set Monte Carlo tree search (single observer): each iteration deals the unseen cards anew
// (determinize.ts), walks down a tree of moves shared by all deals, choosing among the moves legal in this deal
// by UCB, adds one move, plays on at random for a few moves and scores the end with evaluate.ts. A node counts
// how often it was available, so moves legal only in some deals are judged fairly.
import type { Agent, Decision } from "./agent.js";
import { deal, prepare } from "./determinize.js";
import { evaluate } from "./evaluate.js";
import { decider, moveKey, randomPlayout, type MoveKey } from "./playout.js";
import { applyMove, legalMoves, type Move } from "../interpreter/engine.js";
import type { State } from "../interpreter/state.js";
import { nextInt } from "../interpreter/rng.js";

interface Node {
  player: number; // who made the move into this node
  visits: number;
  reward: number; // for `player`
  available: number;
  children: Map<MoveKey, Node> | null; // made when the first child is added: most nodes stay leaves
}

export interface SearchOptions {
  iterations: number;
  /** Random moves after the tree before the position is scored. */
  depth: number;
  /** Exploration weight of UCB. */
  exploration: number;
}

export const defaultSearch: SearchOptions = { iterations: 1000, depth: 10, exploration: 0.7 };

function node(player: number): Node {
  return { player, visits: 0, reward: 0, available: 0, children: null };
}

/** Runs the search and returns visit counts of the root's moves, by key. */
export function search(d: Decision, o: SearchOptions = defaultSearch): Map<MoveKey, Node> {
  const root = node(-1);
  const rootChildren = (root.children = new Map<MoveKey, Node>());
  const path: Node[] = [];
  const prepared = prepare(d.game, d.view, d.rng);
  let s: State | undefined; // one state, dealt anew for every iteration
  for (let it = 0; it < o.iterations; it++) {
    s = deal(prepared, d.rng, s);
    let current = root;
    path.length = 0;
    // Selection and expansion.
    while (!s.over) {
      const p = current === root ? d.player : decider(s, d.rng);
      if (p < 0) break;
      const legal = current === root ? (d.legal as Move[]) : legalMoves(s, p);
      if (legal.length === 0) break;
      let untried: Move[] | null = null;
      let best: Node | null = null;
      let bestMove: Move | null = null;
      let bestScore = -Infinity;
      const children = current.children;
      for (let i = 0; i < legal.length; i++) {
        const m = legal[i];
        const child = children === null ? undefined : children.get(moveKey(m));
        if (!child) {
          (untried ??= []).push(m);
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
      if (untried) {
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
    // Simulation and backpropagation.
    randomPlayout(s, o.depth, d.rng);
    const value = evaluate(s);
    for (const n of path) {
      n.visits++;
      n.reward += value[n.player];
    }
  }
  return rootChildren;
}

export function ismctsAgent(o: Partial<SearchOptions> = {}): Agent {
  const options = { ...defaultSearch, ...o };
  return {
    name: "ismcts",
    needsView: true,
    choose(d) {
      const children = search(d, options);
      let best = 0;
      let most = -1;
      d.legal.forEach((m, i) => {
        const visits = children.get(moveKey(m))?.visits ?? 0;
        if (visits > most) {
          most = visits;
          best = i;
        }
      });
      return best;
    },
  };
}
