// How good a game state is for each player, from 0 to 1, for agents that look ahead. A finished game gives its
// result; otherwise the rules' own scores, if they define any; otherwise fewer cards held is better (the aim
// of shedding games such as Idiot), and a player who is out has done best.
import type { State } from "../interpreter/state.js";

/** The values, one per player, written into `out` when given (a search scores a position every iteration). */
export function evaluate(s: State, out: number[] = new Array(s.n)): number[] {
  const n = s.n;
  if (s.over) {
    const r = s.result;
    out.fill(r && r.winners.length ? 0 : 0.5, 0, n);
    if (r) for (const p of r.winners) out[p] = 1;
    return out;
  }
  const scores = s.game.outcome.scores;
  const values = out; // the raw values first, then each turned into its place between the lowest and the highest
  if (scores) {
    const saved = s.me;
    for (let p = 0; p < n; p++) values[p] = scores(s, p);
    s.me = saved;
  } else {
    // fewer cards held is better
    for (let p = 0; p < n; p++) values[p] = 0;
    for (let z = 0; z < s.zones.length; z++) {
      const owner = s.zoneOwner[z];
      if (owner >= 0) values[owner] -= s.zones[z].length;
    }
  }
  let min = Infinity;
  let max = -Infinity;
  for (let p = 0; p < n; p++) {
    if (s.out[p]) continue;
    if (values[p] < min) min = values[p];
    if (values[p] > max) max = values[p];
  }
  for (let p = 0; p < n; p++) {
    if (s.out[p]) out[p] = 1;
    else out[p] = max === min ? 0.5 : 0.1 + (0.8 * (values[p] - min)) / (max - min);
  }
  return out;
}
