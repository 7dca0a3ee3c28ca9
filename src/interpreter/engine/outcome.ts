// The end of a game: the outcome's winners, losers and scores, recorded once.
import type { GameResult, State } from "../state.js";
import { record } from "../events.js";
import { knockedOut } from "../flow-effects.js";

export function finishGame(s: State): void {
  if (s.over) return;
  s.me = -1;
  const o = s.game.outcome;
  // loops rather than Array.from, a spread into Math.max and flatMap: a game ends once, but a short game's end
  // is a fair share of its time
  let scores: number[] | null = null;
  if (o.scores) {
    scores = new Array(s.n);
    for (let p = 0; p < s.n; p++) scores[p] = o.scores(s, p) as number;
  }
  let winners: number[];
  let losers: number[];
  if (o.together) {
    // everyone wins or loses together
    const all = Array.from({ length: s.n }, (_, p) => p);
    const won = o.together(s) === true;
    winners = won ? all : [];
    losers = won ? [] : all;
  } else {
    if (o.winners) winners = (o.winners(s) as number[]).slice();
    else if (scores) winners = bestOf(scores);
    else winners = [];
    losers = o.losers ? (o.losers(s) as number[]).slice() : [];
  }
  // a player knocked out (out with no place) loses, whatever the outcome says
  if (s.places.length < s.n) for (const p of knockedOut(s)) if (!losers.includes(p)) losers.push(p);
  const result: GameResult = { winners, losers, scores, places: s.places.slice() };
  s.result = result;
  s.over = true;
  s.current = -1;
  if (s.log || s.watch) record(s, { type: "end", winners, losers, scores });
}

/** The players with the highest score: Math.max one score at a time, which is Math.max of them all. */
function bestOf(scores: number[]): number[] {
  let best = -Infinity;
  for (let p = 0; p < scores.length; p++) best = Math.max(best, scores[p]);
  const out: number[] = [];
  for (let p = 0; p < scores.length; p++) if (scores[p] === best) out.push(p);
  return out;
}

/**
 * Whether the final values put the winners ahead with higher values (true) or lower ones (false), or neither
 * (null: the values do not order the winners before the rest, so they say nothing about who was winning).
 */
export function higherWins(finals: readonly number[], winners: readonly number[]): boolean | null {
  if (winners.length === 0 || winners.length >= finals.length) return null;
  const won = new Set(winners);
  let wLow = Infinity, wHigh = -Infinity, oLow = Infinity, oHigh = -Infinity;
  finals.forEach((v, p) => {
    if (won.has(p)) (wLow = Math.min(wLow, v)), (wHigh = Math.max(wHigh, v));
    else (oLow = Math.min(oLow, v)), (oHigh = Math.max(oHigh, v));
  });
  if (wLow >= oHigh) return true;
  if (wHigh <= oLow) return false;
  return null;
}
