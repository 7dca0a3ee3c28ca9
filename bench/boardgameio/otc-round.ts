// One round of On The Cards (Deal Eight, Take Lots of Tricks, Crazy Eights, Whist) written for boardgame.io as
// its own documentation shows: a Game with setup, moves, a turn order and endIf, played through the headless
// Client. The deal uses boardgame.io's seeded random plugin; random play picks uniformly among the moves the
// game's ai.enumerate() lists.
import type { Ctx, Game } from "boardgame.io";
import { nextInt, seedRng } from "../../src/interpreter/rng.js";
import { cardStrength, cardsPerHand, matches, otcPlayers, type OtcDeal } from "../reference/otc-round.js";
import { freshDeck } from "../reference/cards.js";
import { boardgameClient, invalidMove } from "./library.js";

export interface OtcState {
  hands: number[][];
  won: number[][];
  points: number[];
  trick: number[];
  /** The last card played in this trick, which the next card must match; -1 before the lead. */
  previous: number;
  best: number;
  bestSeat: number;
  /** Seats that have played or passed in this trick. */
  acted: number;
  /** The seat whose turn comes next: the turn order reads it. */
  toAct: number;
  tricks: number;
  over: boolean;
}

export interface OtcOutcome {
  points: number[];
  winners: number[];
  tricks: number;
}

function legalPlays(G: OtcState, seat: number): number[] {
  const hand = G.hands[seat];
  return G.acted === 0 ? hand.slice() : hand.filter((card) => matches(card, G.previous));
}

/** After a play or a pass: the next player, or once everyone has acted, the trick goes to the best card. */
function endAction(G: OtcState, ctx: Ctx): void {
  G.acted++;
  if (G.acted < ctx.numPlayers) {
    G.toAct = (G.toAct + 1) % ctx.numPlayers;
    return;
  }
  const winner = G.bestSeat;
  G.won[winner].push(...G.trick);
  G.points[winner]++;
  G.tricks++;
  G.trick = [];
  G.acted = 0;
  G.previous = G.best = G.bestSeat = -1;
  if (G.hands.every((h) => h.length > 0)) G.toAct = winner;
  else G.over = true;
}

function initialState(n: number, deal: OtcDeal): OtcState {
  return {
    hands: deal.hands.map((h) => h.slice()),
    won: deal.hands.map(() => []),
    points: deal.hands.map(() => 0),
    trick: [],
    previous: -1,
    best: -1,
    bestSeat: -1,
    acted: 0,
    toAct: (deal.dealer + 1) % n,
    tricks: 0,
    over: false,
  };
}

/**
 * The round as a boardgame.io Game. Without a fixed deal the setup picks the dealer and shuffles with the random
 * plugin, seeded by `seed`; a fixed deal (for tests) replaces the shuffle.
 */
export function otcRoundGame(seed: string | number, fixedDeal?: OtcDeal): Game<OtcState> {
  return {
    name: "on-the-cards-round",
    minPlayers: otcPlayers.min,
    maxPlayers: otcPlayers.max,
    seed,
    disableUndo: true,
    setup: ({ ctx, random }) => {
      const n = ctx.numPlayers;
      if (fixedDeal) return initialState(n, fixedDeal);
      const dealer = random.Die(n) - 1;
      const stock = random.Shuffle(freshDeck());
      const hands: number[][] = Array.from({ length: n }, () => []);
      for (let round = 0; round < cardsPerHand; round++) {
        for (let i = 0; i < n; i++) hands[(dealer + 1 + i) % n].push(stock.pop()!);
      }
      return initialState(n, { dealer, hands });
    },
    moves: {
      play: ({ G, ctx, playerID }, card: number) => {
        const seat = Number(playerID);
        if (!legalPlays(G, seat).includes(card)) return invalidMove();
        const hand = G.hands[seat];
        hand.splice(hand.indexOf(card), 1);
        G.trick.push(card);
        G.previous = card;
        if (G.best < 0 || cardStrength(card) > cardStrength(G.best)) {
          G.best = card;
          G.bestSeat = seat;
        }
        endAction(G, ctx);
      },
      pass: ({ G, ctx }) => {
        if (G.acted === 0) return invalidMove(); // the leader must play
        endAction(G, ctx);
      },
    },
    // Each player plays or passes once and the turn passes; the trick's winner leads the next one.
    turn: {
      minMoves: 1,
      maxMoves: 1,
      order: {
        first: ({ G }) => G.toAct,
        next: ({ G }) => G.toAct,
      },
    },
    endIf: ({ G }): OtcOutcome | undefined => {
      if (!G.over) return undefined;
      const most = Math.max(...G.points);
      return { points: G.points, winners: G.points.flatMap((v, p) => (v === most ? [p] : [])), tricks: G.tricks };
    },
    ai: {
      enumerate: (G, _ctx, playerID) => {
        const plays = legalPlays(G, Number(playerID)).map((card) => ({ move: "play", args: [card] }));
        return G.acted === 0 ? plays : [...plays, { move: "pass" }];
      },
    },
  };
}

export interface BoardgameRoundResult {
  outcome: OtcOutcome;
  moves: number;
  /** Each move as written at a terminal, when asked for. */
  transcript?: { seat: number; move: string; args: unknown[] }[];
}

/**
 * Plays one round through the headless client. Every seat chooses uniformly among the enumerated moves with its
 * own generator seeded `${seed}/agent/${seat}` (a single legal move is taken without drawing), as the
 * interpreter's random agents do.
 */
export function playBoardgameRound(players: number, seed: string | number, options: { fixedDeal?: OtcDeal; transcript?: boolean } = {}): BoardgameRoundResult {
  const Client = boardgameClient();
  const game = otcRoundGame(seed, options.fixedDeal);
  const client = Client({ game, numPlayers: players, debug: false });
  client.start();
  const rngs = Array.from({ length: players }, (_, seat) => seedRng(`${seed}/agent/${seat}`));
  const transcript: BoardgameRoundResult["transcript"] = options.transcript ? [] : undefined;
  let moves = 0;
  for (;;) {
    const state = client.getState()!;
    if (state.ctx.gameover) {
      client.stop();
      return { outcome: state.ctx.gameover as OtcOutcome, moves, transcript };
    }
    const seat = state.ctx.currentPlayer;
    const legal = game.ai!.enumerate(state.G, state.ctx, seat) as { move: string; args?: unknown[] }[];
    if (legal.length === 0) throw new Error(`seat ${seat} has no legal move`);
    const choice = legal[legal.length === 1 ? 0 : nextInt(rngs[Number(seat)], legal.length)];
    const args = choice.args ?? [];
    transcript?.push({ seat: Number(seat), move: choice.move, args });
    const before = state._stateID;
    client.moves[choice.move](...args);
    if (client.getState()!._stateID === before) throw new Error(`boardgame.io refused ${choice.move} ${args.join(" ")}`);
    moves++;
  }
}
