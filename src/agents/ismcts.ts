// Information-set Monte Carlo tree search (single observer): each iteration deals the unseen cards anew
// (determinize.ts), walks down a tree of moves shared by all deals, choosing among the moves legal in this deal
// by UCB, adds one move, plays on at random for a few moves and scores the end with evaluate.ts. A node counts
// how often it was available, so moves legal only in some deals are judged fairly.
import { deliberating, type Agent, type Decision, type Weighed } from "./agent.js";
import { deal, prepare } from "./determinize.js";
import { evaluate } from "./evaluate.js";
import { worth } from "./sensible.js";
import { whatMatters } from "./what-matters.js";
import { decider, listedKey, moveKey, randomPlayout, type MoveKey } from "./playout.js";
import { none, Tree } from "./tree.js";
import { applyJustListed, applyMove, listMovesInto, MoveList } from "../interpreter/engine.js";
import type { State } from "../interpreter/state.js";
import { nextInt } from "../interpreter/rng.js";

/** What a search found out about one of the root's moves. */
export interface MoveStats {
  player: number; // who makes the move
  visits: number;
  reward: number; // for `player`
  available: number;
}

export interface SearchOptions {
  iterations: number;
  /** Random moves after the tree before the position is scored. */
  depth: number;
  /** Exploration weight of UCB. */
  exploration: number;
  /**
   * Score the end of each playout by what the rules say matters (the sensible agent's worth of the position for
   * each player, from -4 cards' worth and below to +4 and above squashed onto 0 to 1) instead of evaluate.ts's
   * place between the lowest and highest holding, which leaves the last-placed player nothing to choose between.
   */
  informed?: boolean;
}

/** How many cards' worth (sensible.ts) make a position clearly good or bad: worth 4 scores 0.88, -4 scores 0.12. */
const informedScale = 4;
export const defaultSearch: SearchOptions = { iterations: 1000, depth: 10, exploration: 0.7 };

/** Runs the search and returns the statistics of the root's moves, by key, in the order they were first tried. */
export function search(d: Decision, o: SearchOptions = defaultSearch): Map<MoveKey, MoveStats> {
  const tree = new Tree(o.iterations + 1);
  const { visits, reward, available, player } = tree;
  const root = 0;
  const rootKeys = d.legal.map(moveKey);
  const rootSlots = Float64Array.from(rootKeys, (k) => tree.slotKey(k));
  const path = new Int32Array(tree.capacity); // the nodes an iteration went through, root excluded
  // below the root, a node's legal moves are listed without making them; the move taken is applied from the list
  const listed = new MoveList();
  const untried: number[] = []; // the untried moves' places in the listing
  const untriedKeys: number[] = [];
  const prepared = prepare(d.game, d.view, d.rng, d.budget);
  const value = new Array<number>(d.view.names.length);
  // Math.log of every count a node can be available (at most once per iteration), worked out once
  const logOf = new Float64Array(o.iterations + 1);
  for (let i = 1; i <= o.iterations; i++) logOf[i] = Math.log(i);
  const knowledge = o.informed ? whatMatters(d.game, d.view.names.length, d.budget ?? null) : null;
  let s: State | undefined; // one state, dealt anew for every iteration
  for (let it = 0; it < o.iterations; it++) {
    deliberating(d);
    s = deal(prepared, d.rng, s);
    let current = root;
    let depth = 0;
    // Selection and expansion.
    while (!s.over) {
      const atRoot = current === root;
      const p = atRoot ? d.player : decider(s, d.rng);
      if (p < 0) break;
      const count = atRoot ? d.legal.length : listMovesInto(s, p, listed);
      if (count === 0) break;
      let tried = 0;
      let best = none;
      let bestMove = -1;
      let bestScore = -Infinity;
      for (let i = 0; i < count; i++) {
        const key = atRoot ? rootSlots[i] : tree.slotKey(listedKey(listed, i));
        const child = tree.child(current, key);
        if (child === none) {
          untried[tried] = i;
          untriedKeys[tried] = key;
          tried++;
          continue;
        }
        const n = visits[child];
        const score = reward[child] / n + o.exploration * Math.sqrt(logOf[++available[child]] / n);
        if (score > bestScore) {
          bestScore = score;
          best = child;
          bestMove = i;
        }
      }
      if (tried > 0) {
        const k = tried === 1 ? 0 : nextInt(d.rng, tried);
        const child = tree.add(current, untriedKeys[k], p);
        available[child] = 1;
        if (atRoot) applyMove(s, p, d.legal[untried[k]], true);
        else applyJustListed(s, p, listed.toApply(untried[k]));
        path[depth++] = child;
        break;
      }
      // the root's moves were listed on the true state; those below it on this deal, just now
      if (atRoot) applyMove(s, p, d.legal[bestMove], true);
      else applyJustListed(s, p, listed.toApply(bestMove));
      current = best;
      path[depth++] = current;
    }
    // Simulation and backpropagation.
    randomPlayout(s, o.depth, d.rng);
    if (o.informed) {
      if (s.over) evaluate(s, value);
      else for (let q = 0; q < value.length; q++) value[q] = 0.5 + 0.5 * Math.tanh(worth(s, q, knowledge!) / informedScale);
    } else evaluate(s, value);
    for (let i = 0; i < depth; i++) {
      const n = path[i];
      visits[n]++;
      reward[n] += value[player[n]];
    }
  }
  // the root's children, in the order they were added
  const order: number[] = [];
  for (let i = 0; i < rootSlots.length; i++) {
    const child = tree.child(root, rootSlots[i]);
    if (child !== none && !order.includes(child)) order.push(child);
  }
  order.sort((a, b) => a - b);
  const out = new Map<MoveKey, MoveStats>();
  for (const child of order) {
    const i = rootSlots.indexOf(tree.key[child]);
    out.set(rootKeys[i], { player: player[child], visits: visits[child], reward: reward[child], available: available[child] });
  }
  return out;
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
      if (d.weighed) {
        // moves of one key are one move to the search: each is listed once, at its first place
        const seen = new Set<MoveKey>();
        const weighed: Weighed[] = [];
        d.legal.forEach((m, i) => {
          const key = moveKey(m);
          const stats = children.get(key);
          if (seen.has(key)) return;
          seen.add(key);
          weighed.push({ move: i, visits: stats?.visits ?? 0, value: stats && stats.visits ? stats.reward / stats.visits : 0 });
        });
        d.weighed(weighed);
      }
      return best;
    },
  };
}
