// The tree of a search (ismcts.ts) in flat typed arrays: node i's statistics sit at index i of each array, and a
// node's children are found through one hash table of (parent, move key) pairs. A search adds at most one node
// per iteration, so every array is made once, at its full size: no object per node, no Map per node, nothing
// grows while the search runs.
import type { MoveKey } from "./playout.js";

/** No node: what child() gives for a move not yet tried. */
export const none = -1;

export class Tree {
  /** Nodes made so far; node 0 is the root. */
  size = 0;
  /** Who made the move into each node (-1 at the root). */
  readonly player: Int32Array;
  readonly visits: Int32Array;
  /** The sum of the rewards of the playouts through each node, for its player. */
  readonly reward: Float64Array;
  /** How often each node's move was legal when its parent was reached. */
  readonly available: Int32Array;
  /** The move key of each node's move, as a whole number (see `slotKey`). */
  readonly key: Float64Array;
  // Open addressing with linear probing over a power of two at least twice the nodes: entry i is free while
  // childOf[i] is 0, else it holds the parent, the key and the child + 1.
  private readonly parentAt: Int32Array;
  private readonly keyAt: Float64Array;
  private readonly childOf: Int32Array;
  private readonly mask: number;
  /** Keys given as text (moves with several arguments) as negative whole numbers, in the order first met. */
  private readonly textKeys = new Map<string, number>();

  constructor(readonly capacity: number) {
    this.player = new Int32Array(capacity);
    this.visits = new Int32Array(capacity);
    this.reward = new Float64Array(capacity);
    this.available = new Int32Array(capacity);
    this.key = new Float64Array(capacity);
    let slots = 16;
    while (slots < 2 * capacity) slots *= 2;
    this.parentAt = new Int32Array(slots);
    this.keyAt = new Float64Array(slots);
    this.childOf = new Int32Array(slots);
    this.mask = slots - 1;
    this.add(none, 0, -1);
  }

  /** A key as a whole number: numbered keys (0 to 2^51) stay as they are; text keys become negative. */
  slotKey(k: MoveKey): number {
    if (typeof k === "number") return k;
    let n = this.textKeys.get(k);
    if (n === undefined) this.textKeys.set(k, (n = -1 - this.textKeys.size));
    return n;
  }

  /** The child of `parent` by the move with this (whole-number) key, or `none`. */
  child(parent: number, key: number): number {
    const mask = this.mask;
    for (let i = hash(parent, key) & mask; ; i = (i + 1) & mask) {
      const c = this.childOf[i];
      if (c === 0) return none;
      if (this.parentAt[i] === parent && this.keyAt[i] === key) return c - 1;
    }
  }

  /** Adds a node for `player`'s move with this key under `parent` (none: the root) and returns it. */
  add(parent: number, key: number, player: number): number {
    if (this.size === this.capacity) throw new Error(`the search tree is full (${this.capacity} nodes)`);
    const n = this.size++;
    this.player[n] = player;
    this.key[n] = key;
    if (parent !== none) {
      const mask = this.mask;
      let i = hash(parent, key) & mask;
      while (this.childOf[i] !== 0) i = (i + 1) & mask;
      this.parentAt[i] = parent;
      this.keyAt[i] = key;
      this.childOf[i] = n + 1;
    }
    return n;
  }
}

/** Mixes the parent with both halves of the key (a whole number of up to 52 bits and its sign). */
function hash(parent: number, key: number): number {
  const h = Math.imul(parent, 0x9e3779b1) ^ Math.imul(key | 0, 0x85ebca77) ^ Math.imul((key / 4294967296) | 0, 0xc2b2ae3d);
  return h ^ (h >>> 15);
}
