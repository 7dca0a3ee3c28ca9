// What the rules say matters, learned from the rules alone: a few seeded random games played at the agent's
// first decision, the same on every machine and in every worker. From them the sensible agent (sensible.ts)
// knows, without any game-specific code:
//  - how useful each card is to hold: the share of the times a player to move held it, in a zone they could
//    play some card from then, that it was part of a legal move (a two or a ten in Idiot, an eight in Crazy Eights: nearly always; a three in Idiot: rarely);
//  - which of a player's zones are better full: those where the winners held clearly more cards than the others,
//    on average over their games (a pile of captures to build); the others are better empty (a hand to shed);
//  - whether the rules' scores are better high or low (the winners' final scores against the others');
//  - whether going out of the game is good (shedding games) or bad (knock-out games);
//  - how long a game of these rules runs when played at random: past a few times that, a sensible player who has
//    not finished is going round in circles (everyone folding every hand, every claim doubted), and plays on by chance.
// Nothing of a game in progress is read: only its rules and the number of players.
import type { Game } from "../interpreter/model.js";
import type { Budget, State } from "../interpreter/state.js";
import { actors, applyMove, legalMoves, newGame } from "../interpreter/engine.js";
import { nextInt, seedRng } from "../interpreter/rng.js";
import { RuleError } from "../interpreter/lang/values.js";
import { higherWins } from "../interpreter/engine/outcome.js";

export interface WhatMatters {
  /** Per card: 0 (never playable when held) to 1 (always part of a legal move). */
  use: Float64Array;
  /** Per zone definition: +1 the winners clearly held more cards there, -1 otherwise, 0 for a zone of no player's. */
  zone: Float64Array;
  /** +1 higher scores win, -1 lower ones do, 0 no scores or no clear direction. */
  scores: number;
  /** Whether a player who leaves the game first is usually among its winners. */
  outIsGood: boolean;
  /**
   * Moves after which a game still going is going round in circles: three times the longest sample game that
   * finished (at least 100), or three times the sampling's cap when none finished.
   */
  patience: number;
}

/** The sampling's bounds: small enough to cost a few tens of milliseconds once per game and player count. */
const sampleGames = 12;
const sampleMoves = 6000;
const movesPerGame = 1500;
/** How many times the longest finished sample game a sensible game may run before chance takes part. */
const patienceFactor = 3;
const leastPatience = 100;

const known = new WeakMap<Game, Map<number, WhatMatters>>();

/** What matters in `game` for `players` players; learned once per game and player count, then remembered. */
export function whatMatters(game: Game, players: number, budget: Budget | null = null): WhatMatters {
  let byCount = known.get(game);
  if (!byCount) known.set(game, (byCount = new Map()));
  let w = byCount.get(players);
  if (!w) byCount.set(players, (w = learn(game, players, budget)));
  return w;
}

function learn(game: Game, n: number, budget: Budget | null): WhatMatters {
  const cards = game.cardNames.length;
  const zones = game.zones.length;
  const held = new Float64Array(cards);
  const usable = new Float64Array(cards);
  // per zone definition: the summed mean counts of winners and of the others, and how many of each
  const winCount = new Float64Array(zones), otherCount = new Float64Array(zones);
  let winners = 0, others = 0;
  let higher = 0, lower = 0, outWon = 0, outLost = 0;
  let longest = -1; // the longest sample game that finished, in moves
  const rng = seedRng("what-matters");
  const names = Array.from({ length: n }, (_, i) => `P${i + 1}`);
  const seen = new Uint8Array(cards);
  let moves = 0;
  for (let g = 0; g < sampleGames && moves < sampleMoves; g++) {
    let s: State;
    try {
      s = newGame(game, { players: names, seed: `what-matters/${g}`, log: false, budget: budget ?? undefined });
    } catch (e) {
      if (e instanceof RuleError && e.code === "E_BUDGET") throw e;
      break; // rules that cannot start alone (a hand that a match starts): learn nothing more
    }
    const sums = new Float64Array(zones * n);
    let snapshots = 0;
    for (let m = 0; m < movesPerGame && !s.over && moves < sampleMoves; m++, moves++) {
      const who = actors(s);
      if (who.length === 0) break;
      const p = who.length === 1 ? who[0] : who[nextInt(rng, who.length)];
      const legal = legalMoves(s, p);
      if (legal.length === 0) break;
      seen.fill(0);
      for (const move of legal) {
        move.action.params.forEach((param, i) => {
          const a = move.args[i];
          if (param.kind === "card" && typeof a === "number") seen[a] = 1;
          else if (param.kind === "cards" && Array.isArray(a)) for (const c of a) seen[c as number] = 1;
        });
      }
      for (let z = 0; z < s.zones.length; z++) {
        const owner = s.zoneOwner[z];
        if (owner < 0) continue;
        const zone = s.zones[z];
        sums[s.zoneDef[z] * n + owner] += zone.length;
        // a card counts as held where the player could play some card from its zone now (a hand, not the
        // face-down cards that wait their turn)
        if (owner === p && zone.some((c) => seen[c])) for (const c of zone) (held[c]++, (usable[c] += seen[c]));
      }
      snapshots++;
      applyMove(s, p, legal[nextInt(rng, legal.length)], true);
    }
    const r = s.result;
    if (s.over) longest = Math.max(longest, s.moves);
    if (!s.over || !r || r.winners.length === 0 || r.winners.length === n || snapshots === 0) continue;
    const won = new Set(r.winners);
    for (let p = 0; p < n; p++) {
      for (let d = 0; d < zones; d++) (won.has(p) ? winCount : otherCount)[d] += sums[d * n + p] / snapshots;
      if (won.has(p)) winners++;
      else others++;
    }
    if (r.scores) {
      const side = higherWins(r.scores, r.winners);
      if (side === true) higher++;
      else if (side === false) lower++;
    }
    if (r.places.length) (won.has(r.places[0]) ? outWon++ : outLost++);
  }
  const use = new Float64Array(cards);
  for (let c = 0; c < cards; c++) use[c] = held[c] ? Math.min(1, usable[c] / held[c]) : 0;
  const zone = new Float64Array(zones);
  for (let d = 0; d < zones; d++) {
    if (game.zones[d].per !== "player") continue;
    if (winners === 0 || others === 0) {
      zone[d] = -1; // nothing learned: fewer cards held is better, the aim of most shedding games
      continue;
    }
    // fewer cards is better unless the winners clearly held more (a pile of captures): a difference too small to
    // read leaves a hand a hand (two-player Idiot's winners and losers hold much the same on average)
    const w = winCount[d] / winners, o = otherCount[d] / others;
    zone[d] = w > o * 1.05 ? 1 : -1;
  }
  const scores = !game.outcome.scores ? 0 : higher > lower ? 1 : lower > higher ? -1 : higher + lower === 0 ? 1 : 0;
  const patience = patienceFactor * (longest < 0 ? movesPerGame : Math.max(leastPatience, longest));
  return { use, zone, scores, outIsGood: outLost === 0 || outWon >= outLost, patience };
}

