// One round of On The Cards written by hand, with the rule cards of the worked example: Deal Eight, Take Lots of
// Tricks, Crazy Eights and Whist (facts listed in /work/shared/rulebooks/NOTES.md). The deck, the generator and
// the order of zones follow the interpreter's conventions (random dealer, then shuffle, then deal from the top),
// so a rule file for the same cards can later be held to this round move for move.
import { nextInt, seedRng, shuffleInPlace } from "../../src/interpreter/rng.js";
import { cardName, freshDeck, rankOf, removeCard, suitIndexOf } from "./cards.js";
import type { HandWrittenGame } from "./random-play.js";

export type OtcMove = { action: "play"; card: number } | { action: "pass" };

export const cardsPerHand = 8;
export const otcPlayers = { min: 2, max: 6 };

/** Rank decides, ace high and two low; between equal ranks spades > hearts > diamonds > clubs. */
export function cardStrength(card: number): number {
  return rankOf(card) * 4 + (3 - suitIndexOf(card));
}

/** Crazy Eights: a card may follow the previously played card when it shares its rank or its suit. */
export function matches(card: number, previous: number): boolean {
  return rankOf(card) === rankOf(previous) || suitIndexOf(card) === suitIndexOf(previous);
}

export interface OtcDeal {
  dealer: number;
  /** Each seat's hand in the order dealt. */
  hands: number[][];
}

/** The dealer is drawn at random, the deck shuffled, and eight cards dealt one at a time from the dealer's left. */
export function dealOtcRound(players: number, seed: number | string): OtcDeal {
  const rng = seedRng(seed);
  const dealer = nextInt(rng, players);
  const stock = freshDeck();
  shuffleInPlace(rng, stock);
  const hands: number[][] = Array.from({ length: players }, () => []);
  for (let round = 0; round < cardsPerHand; round++) {
    for (let i = 0; i < players; i++) hands[(dealer + 1 + i) % players].push(stock.pop()!);
  }
  return { dealer, hands };
}

export class OtcRound implements HandWrittenGame<OtcMove> {
  readonly n: number;
  readonly hands: number[][];
  /** The tricks each seat has taken, kept face down. */
  readonly won: number[][];
  readonly points: number[];
  /** The cards of the trick in play, in the order played. */
  trick: number[] = [];
  leader: number;
  current: number;
  /** Seats that have played or passed in this trick. */
  private acted = 0;
  private best = -1;
  private bestSeat = -1;
  private previous = -1;
  tricks = 0;
  moves = 0;
  over = false;

  constructor(deal: OtcDeal) {
    this.n = deal.hands.length;
    this.hands = deal.hands.map((h) => h.slice());
    this.won = this.hands.map(() => []);
    this.points = this.hands.map(() => 0);
    // The player left of the dealer holds the Start Player card and leads the first trick.
    this.leader = this.current = (deal.dealer + 1) % this.n;
  }

  static random(players: number, seed: number | string): OtcRound {
    return new OtcRound(dealOtcRound(players, seed));
  }

  actor(): number {
    return this.over ? -1 : this.current;
  }

  /** The leader must play any card; a later player may play a matching card (in hand order) or pass. */
  legalMoves(): OtcMove[] {
    const out: OtcMove[] = [];
    if (this.over) return out;
    const hand = this.hands[this.current];
    if (this.acted === 0) {
      for (const card of hand) out.push({ action: "play", card });
      return out;
    }
    for (const card of hand) if (matches(card, this.previous)) out.push({ action: "play", card });
    out.push({ action: "pass" });
    return out;
  }

  apply(move: OtcMove): void {
    const p = this.current;
    this.moves++;
    if (move.action === "play") {
      removeCard(this.hands[p], move.card);
      this.trick.push(move.card);
      this.previous = move.card;
      if (this.best < 0 || cardStrength(move.card) > cardStrength(this.best)) {
        this.best = move.card;
        this.bestSeat = p;
      }
    }
    if (++this.acted < this.n) {
      this.current = (p + 1) % this.n;
      return;
    }
    this.takeTrick();
  }

  /** Whist: once everyone has played or passed, the best card takes the trick and its owner leads next. */
  private takeTrick(): void {
    const winner = this.bestSeat;
    for (const c of this.trick) this.won[winner].push(c);
    this.points[winner]++;
    this.tricks++;
    this.trick = [];
    this.acted = 0;
    this.best = this.bestSeat = this.previous = -1;
    // Trick Taking and Score: a new trick only while every player still holds cards.
    if (this.hands.every((h) => h.length > 0)) this.leader = this.current = winner;
    else {
      this.over = true;
      this.current = -1;
    }
  }

  /** Take Lots of Tricks: the players tied for most points win. */
  winners(): number[] {
    const most = Math.max(...this.points);
    return this.points.flatMap((v, p) => (v === most ? [p] : []));
  }
}

export function otcMoveText(move: OtcMove): string {
  return move.action === "play" ? `play ${cardName(move.card)}` : "pass";
}
