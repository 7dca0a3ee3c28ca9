// What a caller asks of a new game is checked against the rules before anything is built: the players (as many
// as the rules allow, each named once), the options (declared ones, with allowed values), the dealer and the
// starting player (seats of this game). The log marks who saw a card in a 32-bit mask, and a table of a size
// the rules never meant breaks such assumptions: the rules' own bounds are the only ones that hold.
import type { Game } from "../model.js";
import type { NewGameOptions } from "./types.js";
import { optionProblems, seatRangeProblem } from "../options.js";
import { teamCount } from "../teams.js";

/** Per game, the players of the last request found sound that named no options, dealer or start (a copy). */
const lastSound = new WeakMap<Game, unknown[]>();
const none: string[] = [];

export function newGameProblems(game: Game, o: NewGameOptions): string[] {
  const players: unknown = o?.players;
  if (!Array.isArray(players)) return ["players is a list of names"];
  // a simulation starts thousands of games with the same names: those were checked once
  const plain = o.options === undefined && o.dealer === undefined && o.start === undefined && (o.seed === undefined || typeof o.seed === "string" || Number.isSafeInteger(o.seed));
  if (plain && sameItems(lastSound.get(game), players)) return none;
  const out = problems(game, o, players);
  if (plain && out.length === 0) lastSound.set(game, players.slice());
  return out;
}

function sameItems(a: unknown[] | undefined, b: unknown[]): boolean {
  if (a === undefined || a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function problems(game: Game, o: NewGameOptions, players: unknown[]): string[] {
  const out: string[] = [];
  const { min, max } = game.players;
  if (players.length < min || players.length > max) out.push(`${game.name} is for ${min === max ? min : `${min}–${max}`} players, not ${players.length}`);
  else if (game.teams) {
    const teams = teamCount(game.teams, players.length);
    if (typeof teams === "string") out.push(`${game.name} is played in teams, and ${teams}`);
  }
  const seen = new Set<string>();
  for (const name of players) {
    if (typeof name !== "string" || name.trim() === "") {
      out.push(`a player's name is text, not ${JSON.stringify(name)}`);
      continue;
    }
    if (name.includes(":")) out.push(`a player's name may not hold ':', which ends the seat's name in a move (as in Ann: ready), not '${name}'`);
    if (seen.has(name.toLowerCase())) out.push(`two players are called '${name}'`);
    seen.add(name.toLowerCase());
  }
  for (const p of optionProblems(game.options, o.options)) out.push(p.message);
  for (const [name, spec] of game.options) {
    const problem = seatRangeProblem(name, spec, o.options && Object.hasOwn(o.options, name) ? o.options[name] : spec.value, players.length);
    if (problem) out.push(problem);
  }
  for (const key of ["dealer", "start"] as const) {
    const seat = o[key];
    if (seat !== undefined && !(Number.isInteger(seat) && seat >= 0 && seat < players.length)) out.push(`${key} is a seat from 0 to ${players.length - 1}, not ${String(seat)}`);
  }
  if (o.seed !== undefined && typeof o.seed !== "string" && !(typeof o.seed === "number" && Number.isSafeInteger(o.seed))) {
    out.push(`the seed is text or a whole number up to 2^53, not ${String(o.seed)}`);
  }
  return out;
}
