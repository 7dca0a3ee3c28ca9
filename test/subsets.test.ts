// The subsets of a group of alike cards, which a legal-move listing offers as the moves of several cards: built
// without recursion and kept per group, they must be the subsets a plain recursive walk gives, in its order.
import { describe, expect, it } from "vitest";
import { subsets } from "../src/interpreter/engine/legal-moves.js";
import type { State } from "../src/interpreter/state.js";
import { nextInt, seedRng } from "../src/interpreter/rng.js";

/** The plain walk: every subset of up to max cards in depth-first order, same-named sets once, at most 4,096. */
function reference(names: string[], unique: boolean, items: number[], max: number): number[][] {
  const out: number[][] = [];
  const seen = new Set<string>();
  const pick: number[] = [];
  const walk = (start: number): void => {
    for (let i = start; i < items.length && out.length < 4096; i++) {
      pick.push(items[i]);
      const key = pick.map((c) => names[c]).sort().join(" ");
      if (unique || !seen.has(key)) {
        seen.add(key);
        out.push(pick.slice());
      }
      if (pick.length < max) walk(i + 1);
      pick.pop();
    }
  };
  walk(0);
  return out;
}

/** Just enough of a state for subsets(): the cards' names, and whether any two share one. */
function stateOf(names: string[]): State {
  return { game: { cardNames: names, uniqueNames: new Set(names).size === names.length } } as unknown as State;
}

describe("subsets of a group of cards", () => {
  const unique = Array.from({ length: 1100 }, (_, i) => `c${i}`);
  const doubled = Array.from({ length: 60 }, (_, i) => `c${i >> 1}`); // cards 2k and 2k+1 share a name

  it("are the plain walk's, in its order, for groups of every size, with and without shared names", () => {
    const rng = seedRng("subsets");
    for (const names of [unique, doubled]) {
      const s = stateOf(names);
      for (let trial = 0; trial < 400; trial++) {
        const size = 1 + nextInt(rng, 7);
        const items: number[] = [];
        while (items.length < size) {
          const c = nextInt(rng, names.length);
          if (!items.includes(c)) items.push(c);
        }
        const max = nextInt(rng, size + 2); // 0 and more than the group included
        const want = reference(names, s.game.uniqueNames, items, max);
        expect(subsets(s, items, max)).toEqual(want);
        expect(subsets(s, items, max)).toEqual(want); // and again, from what was kept
      }
    }
  });

  it("keep each group apart: the order of its cards, its size and the largest subset all count", () => {
    const s = stateOf(unique);
    for (const [items, max] of [[[3, 5], 2], [[5, 3], 2], [[3, 5], 1], [[3, 5, 7], 3], [[1029, 3], 2], [[3, 1029], 2], [[5], 1], [[0, 5], 1], [[0, 5], 2], [[0, 0, 5], 3]] as [number[], number][]) {
      expect(subsets(s, items, max)).toEqual(reference(unique, true, items, max));
    }
  });

  it("stop at 4,096 sets, as the plain walk does", () => {
    const s = stateOf(unique);
    const items = Array.from({ length: 14 }, (_, i) => i * 3);
    const sets = subsets(s, items, 14);
    expect(sets).toHaveLength(4096);
    expect(sets).toEqual(reference(unique, true, items, 14));
  });
});
