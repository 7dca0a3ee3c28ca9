// Sides: players who play together as a team (partnerships). A rule file's `teams` says how the seats are split,
// the same way for every game of the rules; the split is worked out from the number of players, so nothing of it
// lives in the state. Without teams every player is a team of their own.
import type { Game } from "./model.js";
import type { State } from "./state.js";

export interface TeamsDef {
  /** Players a team: seats then alternate between the teams (at four players in two teams, partners sit opposite). */
  size: number | null;
  /** How many teams: seats alternate likewise. */
  count: number | null;
  /** The seats of each team, written out. */
  seats: number[][] | null;
  /** The teams' names, in order; else "team 1", "team 2", ... */
  names: string[] | null;
}

/** How many teams n players make, or why they make none. */
export function teamCount(def: TeamsDef, n: number): number | string {
  if (def.seats) {
    const seated = def.seats.reduce((k, t) => k + t.length, 0);
    return seated === n ? def.seats.length : `the teams seat ${seated} players, not ${n}`;
  }
  if (def.size !== null) return n % def.size === 0 && n > 0 ? n / def.size : `${n} players do not make teams of ${def.size}`;
  const count = def.count ?? 1;
  return n % count === 0 && n >= count ? count : `${n} players do not split into ${count} teams of the same size`;
}

/** The team a seat plays for (0, 1, ...). */
export function teamIndex(game: Game, n: number, p: number): number {
  const def = game.teams;
  if (!def) return p;
  if (def.seats) return def.seats.findIndex((t) => t.includes(p));
  const k = teamCount(def, n);
  return typeof k === "number" ? p % k : p;
}

/** The players of a seat's team, in seat order. */
export function teamOf(s: State, p: number): number[] {
  const def = s.game.teams;
  if (!def) return [p];
  if (def.seats) return def.seats.find((t) => t.includes(p))?.slice().sort((a, b) => a - b) ?? [p];
  const t = teamIndex(s.game, s.n, p);
  const out: number[] = [];
  for (let q = 0; q < s.n; q++) if (teamIndex(s.game, s.n, q) === t) out.push(q);
  return out;
}

/** A seat's partner: the next member of their team clockwise, or none for a player alone. */
export function partnerOf(s: State, p: number | null): number | null {
  if (p === null) return null;
  const team = teamOf(s, p);
  if (team.length < 2) return null;
  return team.find((q) => q > p) ?? team[0];
}

/** Every team of a game of n players, each as its seats in order; empty for rules without teams. */
export function teamsOf(game: Game, n: number): number[][] {
  if (!game.teams) return [];
  const k = teamCount(game.teams, n);
  if (typeof k !== "number") return [];
  const out: number[][] = Array.from({ length: k }, () => []);
  for (let p = 0; p < n; p++) out[teamIndex(game, n, p)]?.push(p);
  return out;
}

/** A team's name for people. */
export function teamName(game: Game, t: number): string {
  return game.teams?.names?.[t] ?? `team ${t + 1}`;
}

/** After a team's variable was set at `index` (one member's place): every member of the team holds the value. */
export function shareWithTeam(s: State, index: number): void {
  const at = index - s.game.globalVars;
  const base = index - (at % s.n);
  const value = s.vars[index];
  for (const q of teamOf(s, at % s.n)) s.vars[base + q] = value;
}
