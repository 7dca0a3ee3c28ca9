// Idiot written by hand, exactly as rules/idiot/idiot.yaml encodes it, to measure what the generic interpreter
// costs against plain TypeScript. It deals from the same seed with the same generator calls, keeps every zone in
// the interpreter's order and lists legal moves in the interpreter's order, so that the same agents play the very
// same game in both (test/reference.test.ts holds the two to that, move for move).
import { nextInt, seedRng, shuffleInPlace, type RngState } from "../../src/interpreter/rng.js";
import { cardName, freshDeck, rankOf, removeCard } from "./cards.js";
import type { HandWrittenGame } from "./random-play.js";

export type IdiotMove =
  | { action: "swap"; handCard: number; upCard: number }
  | { action: "ready" }
  | { action: "play"; cards: number[] }
  | { action: "pickup"; upCard: number | null }
  | { action: "flip"; n: number };

/** The interpreter's default limits.moves: a game still going after this many moves is stopped unfinished. */
const moveLimit = 20_000;

export class IdiotGame implements HandWrittenGame<IdiotMove> {
  readonly n: number;
  readonly rng: RngState;
  readonly dealer: number;
  // Zones as the interpreter keeps them: the last card of a list is the top.
  readonly stock: number[];
  pile: number[] = [];
  readonly removed: number[] = [];
  readonly hand: number[][];
  readonly faceUp: number[][];
  readonly faceDown: number[][];
  /** The face-up cards as dealt, before any swap: who starts is decided from them. */
  readonly dealtUp: number[][];

  phase: "swap" | "play" = "swap";
  /** Per seat, in the swap phase: finished swapping. */
  readonly ready: Uint8Array;
  readonly out: Uint8Array;
  /** Seats in the order they went out. */
  readonly places: number[] = [];
  current = -1;
  start = -1;
  private extraTurn = false;
  over = false;
  /** Why the game stopped unfinished (the move limit), else null. */
  error: string | null = null;
  moves = 0;

  constructor(players: number, seed: number | string) {
    const n = players;
    this.n = n;
    this.rng = seedRng(seed);
    this.hand = Array.from({ length: n }, () => []);
    this.faceUp = Array.from({ length: n }, () => []);
    this.faceDown = Array.from({ length: n }, () => []);
    this.ready = new Uint8Array(n);
    this.out = new Uint8Array(n);
    // `dealer: random(players)` draws before the setup shuffles.
    this.dealer = nextInt(this.rng, n);
    this.stock = freshDeck();
    shuffleInPlace(this.rng, this.stock);
    this.deal(this.faceDown);
    this.deal(this.faceUp);
    this.deal(this.hand);
    // The swap phase begins by remembering the face-up cards as dealt.
    this.dealtUp = this.faceUp.map((cards) => cards.slice());
  }

  /** Three rounds, one card at a time from the top of the stock, starting left of the dealer. */
  private deal(zone: number[][]): void {
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < this.n; i++) zone[(this.dealer + 1 + i) % this.n].push(this.stock.pop()!);
    }
  }

  /** In the swap phase everyone not yet ready may act; the playout lets the lowest such seat act first. */
  actor(): number {
    if (this.over) return -1;
    if (this.phase === "play") return this.current;
    for (let p = 0; p < this.n; p++) if (!this.ready[p]) return p;
    return -1;
  }

  // ---- the rules' definitions ----------------------------------------------------------------------

  private fromTable(p: number): boolean {
    return this.hand[p].length === 0 && this.stock.length === 0;
  }

  private blind(p: number): boolean {
    return this.hand[p].length === 0 && this.faceUp[p].length === 0;
  }

  private canPlay(card: number): boolean {
    const rank = rankOf(card);
    if (rank === 2 || rank === 10 || this.pile.length === 0) return true;
    const top = rankOf(this.pile[this.pile.length - 1]);
    return top === 2 || rank >= top;
  }

  private fourOnTop(): boolean {
    const pile = this.pile;
    if (pile.length < 4) return false;
    const top = rankOf(pile[pile.length - 1]);
    return rankOf(pile[pile.length - 2]) === top && rankOf(pile[pile.length - 3]) === top && rankOf(pile[pile.length - 4]) === top;
  }

  /** A ten or four of a kind on top removes the pile from the game, and the player plays again. */
  private clearIfDue(): void {
    if (rankOf(this.pile[this.pile.length - 1]) === 10 || this.fourOnTop()) {
      for (const c of this.pile) this.removed.push(c);
      this.pile = [];
      this.extraTurn = true;
    }
  }

  /**
   * Who starts: the lowest claim. A face-up card as dealt claims (rank, 0, deal position), a hand card after the
   * swaps (rank, 1, seat from the dealer's left); twos claim nothing. Packed into one number, ordered the same way.
   */
  private startPlayer(): number {
    const n = this.n;
    let best = -1;
    let bestClaim = Infinity;
    for (let p = 0; p < n; p++) {
      const seat = (((p - (this.dealer + 1)) % n) + n) % n;
      let claim = Infinity;
      this.dealtUp[p].forEach((c, i) => {
        const rank = rankOf(c);
        if (rank !== 2) claim = Math.min(claim, rank * 1000 + (i * n + seat));
      });
      for (const c of this.hand[p]) {
        const rank = rankOf(c);
        if (rank !== 2) claim = Math.min(claim, rank * 1000 + 100 + seat);
      }
      if (claim < bestClaim) {
        bestClaim = claim;
        best = p;
      }
    }
    return best >= 0 ? best : (this.dealer + 1) % n;
  }

  // ---- legal moves ---------------------------------------------------------------------------------

  legalMoves(): IdiotMove[] {
    const p = this.actor();
    const out: IdiotMove[] = [];
    if (p < 0) return out;
    if (this.phase === "swap") {
      for (const handCard of this.hand[p]) for (const upCard of this.faceUp[p]) out.push({ action: "swap", handCard, upCard });
      out.push({ action: "ready" });
      return out;
    }
    this.playMoves(p, out);
    this.pickupMoves(p, out);
    if (this.blind(p)) for (let n = 1; n <= this.faceDown[p].length; n++) out.push({ action: "flip", n });
    return out;
  }

  /** Each playable rank, in order of first appearance in the source, with every subset of its cards. */
  private playMoves(p: number, out: IdiotMove[]): void {
    const source = this.fromTable(p) ? this.faceUp[p] : this.hand[p];
    const byRank: number[][] = [];
    const ranks: number[] = [];
    for (const c of source) {
      const rank = rankOf(c);
      let group = byRank[rank];
      if (!group) {
        group = byRank[rank] = [];
        ranks.push(rank);
      }
      group.push(c);
    }
    // The interpreter stops at 4096 subsets, which at most four cards of a rank never reach.
    for (const rank of ranks) {
      const group = byRank[rank];
      if (this.canPlay(group[0])) pushSubsets(group, out);
    }
  }

  private pickupMoves(p: number, out: IdiotMove[]): void {
    if (this.blind(p) || this.pile.length === 0) return;
    if (this.fromTable(p)) for (const upCard of this.faceUp[p]) out.push({ action: "pickup", upCard });
    else out.push({ action: "pickup", upCard: null });
  }

  // ---- applying moves ------------------------------------------------------------------------------

  /** Applies a move from legalMoves() for the seat that decides next. */
  apply(move: IdiotMove): void {
    const p = this.actor();
    this.moves++;
    switch (move.action) {
      case "swap":
        exchange(this.hand[p], move.handCard, this.faceUp[p], move.upCard);
        break;
      case "ready":
        this.ready[p] = 1;
        break;
      case "play": {
        const source = this.fromTable(p) ? this.faceUp[p] : this.hand[p];
        for (const c of move.cards) {
          removeCard(source, c);
          this.pile.push(c);
        }
        const hand = this.hand[p];
        for (let k = Math.min(3 - hand.length, this.stock.length); k > 0; k--) hand.push(this.stock.pop()!);
        this.clearIfDue();
        break;
      }
      case "pickup":
        if (move.upCard !== null) {
          removeCard(this.faceUp[p], move.upCard);
          this.pile.push(move.upCard);
        }
        this.pickUpPile(p);
        break;
      case "flip": {
        const card = this.faceDown[p][move.n - 1];
        const legal = this.canPlay(card);
        removeCard(this.faceDown[p], card);
        this.pile.push(card);
        if (legal) this.clearIfDue();
        else this.pickUpPile(p);
        break;
      }
    }
    this.afterAction(p);
    if (!this.over && this.moves >= moveLimit) {
      this.over = true;
      this.error = `the game reached ${moveLimit} moves without ending`;
    }
  }

  private pickUpPile(p: number): void {
    for (const c of this.pile) this.hand[p].push(c);
    this.pile = [];
  }

  /** The `out` trigger, the end of the game, then the next turn (or the play phase once everyone is ready). */
  private afterAction(p: number): void {
    if (!this.out[p] && this.hand[p].length === 0 && this.faceUp[p].length === 0 && this.faceDown[p].length === 0) {
      this.out[p] = 1;
      this.places.push(p);
    }
    if (this.activeCount() <= 1) {
      this.over = true;
      this.current = -1;
      return;
    }
    if (this.phase === "swap") {
      if (this.actor() >= 0) return;
      this.phase = "play";
      this.start = this.startPlayer();
      this.beginTurn(this.start);
      return;
    }
    this.beginTurn(this.extraTurn && !this.out[p] ? p : this.nextActive(p));
  }

  private beginTurn(p: number): void {
    this.current = p;
    this.extraTurn = false;
  }

  private nextActive(from: number): number {
    for (let i = 1; i <= this.n; i++) {
      const p = (from + i) % this.n;
      if (!this.out[p]) return p;
    }
    return from;
  }

  private activeCount(): number {
    let count = 0;
    for (let p = 0; p < this.n; p++) if (!this.out[p]) count++;
    return count;
  }

  // ---- outcome -------------------------------------------------------------------------------------

  /** The last player holding cards (when the game ended rather than stopped). */
  losers(): number[] {
    const out: number[] = [];
    for (let p = 0; p < this.n; p++) if (!this.out[p]) out.push(p);
    return out;
  }

  winners(): number[] {
    const out: number[] = [];
    for (let p = 0; p < this.n; p++) if (this.out[p]) out.push(p);
    return out;
  }

  /** Every card of the deck, wherever it is: for checks that no card was lost or doubled. */
  allCards(): number[] {
    return [this.stock, this.pile, this.removed, ...this.hand, ...this.faceUp, ...this.faceDown].flat();
  }
}

/**
 * Every non-empty subset of a group, keeping its order, in the order the interpreter's `subsets` walks them:
 * [a], [a b], [a b c], [a c], [b], [b c], [c].
 */
function pushSubsets(group: number[], out: IdiotMove[]): void {
  if (group.length === 1) {
    out.push({ action: "play", cards: [group[0]] });
    return;
  }
  const pick: number[] = [];
  const walk = (from: number): void => {
    for (let i = from; i < group.length; i++) {
      pick.push(group[i]);
      out.push({ action: "play", cards: pick.slice() });
      walk(i + 1);
      pick.pop();
    }
  };
  walk(0);
}

/** Two cards change places, each taking the other's position. */
function exchange(a: number[], cardA: number, b: number[], cardB: number): void {
  a[a.indexOf(cardA)] = cardB;
  b[b.indexOf(cardB)] = cardA;
}

/** A move written as at the terminal, as the interpreter's moveText writes it. */
export function idiotMoveText(move: IdiotMove): string {
  switch (move.action) {
    case "swap":
      return `swap ${cardName(move.handCard)} ${cardName(move.upCard)}`;
    case "ready":
      return "ready";
    case "play":
      return `play ${move.cards.map(cardName).join(" ")}`;
    case "pickup":
      return move.upCard === null ? "pickup" : `pickup ${cardName(move.upCard)}`;
    case "flip":
      return `flip ${move.n}`;
  }
}
