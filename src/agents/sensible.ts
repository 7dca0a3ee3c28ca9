// The sensible agent, for measuring: plays like a competent person on any rules, at a few hundredths of a
// millisecond a decision. It tries each legal move on one determinization of what it sees (like greedy) and
// scores the position it leaves by what the rules say matters (what-matters.ts): the game's result if the move
// ends it; the rules' scores, in the direction that wins, against the best of the other players; the cards it
// holds against the best-placed other player's, each card counted by how seldom it can be played (keep the twos,
// shed the threes) in zones the winners keep empty, and counted as gained in zones the winners fill. It picks the
// best move, with a little noise as people have (a tenth of a card's worth, drawn from its own random numbers), so
// that two such players never repeat one exchange forever. One ply cannot see every way round: a game that runs
// well past the length random play gives it (what-matters' patience) is going in circles — every hand folded
// because a call costs chips now, every claim doubted — so from then on a share of its moves, growing with the
// overrun until all of them are, is chosen at random, and the game ends as random play's would.
import { deliberating, type Agent, type Decision } from "./agent.js";
import { deal, prepare } from "./determinize.js";
import { whatMatters, type WhatMatters } from "./what-matters.js";
import { applyMove } from "../interpreter/engine.js";
import { cloneState, copyState, type State } from "../interpreter/state.js";
import { nextFloat } from "../interpreter/rng.js";

/** A game's result outweighs any position: a won game is worth this much, a lost one as much below nothing. */
const decided = 1e6;
/** Going out of the game first, in a game where that is good (a shedding game) or bad (a knock-out game). */
const leftGame = 1e4;
/** The weight of cards held where the rules keep scores: the scores decide, the cards break their ties. */
const cardsBesideScores = 0.1;
/** The spread of the noise on each move's worth (Gumbel: the best move is chosen nearly always when it is clearly best). */
const noise = 0.15;

/** How good `s` is for `me`, in cards' (or points') worth: see the head of this file. */
export function worth(s: State, me: number, w: WhatMatters): number {
  if (s.over) {
    const r = s.result;
    if (!r) return 0;
    if (r.winners.length) return r.winners.includes(me) ? decided / r.winners.length : -decided;
    if (r.losers.length) return r.losers.includes(me) ? -decided : decided / (s.n - r.losers.length);
    return 0;
  }
  if (s.out[me]) return w.outIsGood ? leftGame : -leftGame;
  let value = 0;
  const scores = s.game.outcome.scores;
  if (scores && w.scores !== 0) {
    const saved = s.me;
    let best = -Infinity;
    let mine = 0;
    for (let p = 0; p < s.n; p++) {
      if (p !== me && s.out[p]) continue;
      const v = w.scores * (scores(s, p) as number);
      if (p === me) mine = v;
      else if (v > best) best = v;
    }
    s.me = saved;
    value += best === -Infinity ? mine : mine - best;
  }
  const held = heldWorth(s, w);
  let best = -Infinity;
  for (let p = 0; p < s.n; p++) if (p !== me && !s.out[p] && held[p] > best) best = held[p];
  const cards = best === -Infinity ? held[me] : held[me] - best;
  return value + (scores && w.scores !== 0 ? cardsBesideScores * cards : cards);
}

const heldBuffer: number[] = [];

/** Each player's cards, worth by what-matters: + for a card gained where winners gain, − for one still to shed. */
function heldWorth(s: State, w: WhatMatters): number[] {
  const held = heldBuffer;
  for (let p = 0; p < s.n; p++) held[p] = 0;
  for (let z = 0; z < s.zones.length; z++) {
    const owner = s.zoneOwner[z];
    if (owner < 0) continue;
    const sign = w.zone[s.zoneDef[z]];
    if (sign === 0) continue;
    const cards = s.zones[z];
    if (sign > 0) held[owner] += cards.length;
    else for (let i = 0; i < cards.length; i++) held[owner] -= 1 - w.use[cards[i]];
  }
  return held;
}

export const sensibleAgent: Agent = {
  name: "sensible",
  needsView: true,
  choose(d: Decision) {
    const w = whatMatters(d.game, d.view.names.length, d.budget ?? null);
    const overrun = d.view.flow.moves - w.patience;
    if (overrun > 0 && nextFloat(d.rng) < Math.min(1, overrun / w.patience)) return Math.floor(nextFloat(d.rng) * d.legal.length);
    const prepared = prepare(d.game, d.view, d.rng, d.budget);
    const dealt = deal(prepared, d.rng);
    const tried = cloneState(dealt);
    let best = 0;
    let bestValue = -Infinity;
    for (let i = 0; i < d.legal.length; i++) {
      deliberating(d);
      copyState(tried, dealt);
      applyMove(tried, d.player, d.legal[i], true);
      const value = worth(tried, d.player, w) - noise * Math.log(-Math.log(Math.max(1e-12, nextFloat(d.rng))));
      if (value > bestValue) {
        bestValue = value;
        best = i;
      }
    }
    return best;
  },
};
