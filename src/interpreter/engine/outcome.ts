// The end of a game: the outcome's winners, losers and scores, recorded once.
import type { GameResult, State } from "../state.js";
import { record } from "../events.js";

export function finishGame(s: State): void {
  if (s.over) return;
  s.me = -1;
  const o = s.game.outcome;
  const scores = o.scores ? Array.from({ length: s.n }, (_, p) => o.scores!(s, p)) : null;
  let winners: number[];
  if (o.winners) winners = (o.winners(s) as number[]).slice();
  else if (scores) {
    const best = Math.max(...scores);
    winners = scores.flatMap((v, p) => (v === best ? [p] : []));
  } else winners = [];
  const losers = o.losers ? (o.losers(s) as number[]).slice() : [];
  const result: GameResult = { winners, losers, scores, places: s.places.slice() };
  s.result = result;
  s.over = true;
  s.current = -1;
  record(s, { type: "end", winners, losers, scores });
}
