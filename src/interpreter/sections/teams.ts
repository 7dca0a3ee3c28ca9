// The rule file's `teams`: the sides the players make (partnerships), fixed by seat for the whole game.
// Its piece of the schema, its line in the language guide, and its compile step, which the builder in
// load/compile-game.ts calls.
import type { Build, Raw } from "./build.js";
import type { Section } from "./section.js";
import { teamCount, type TeamsDef } from "../teams.js";

export const teams: Section = {
  summary: "the sides the players make: `{size: 2}` (partners in alternate seats), `{count: 3}`, or the seats of each team",
  properties: {
    teams: {
      type: "object",
      additionalProperties: false,
      description: "The players play in teams, fixed by seat. `size` (players a team) or `count` (how many teams) seats the teams alternately round the table, so that at four players in two teams partners sit opposite; `seats` writes each team's seats out. A number of players the teams do not divide is refused.",
      properties: {
        size: { type: "integer", minimum: 1, maximum: 16, description: "Players a team; the teams' seats alternate." },
        count: { type: "integer", minimum: 1, maximum: 16, description: "How many teams; their seats alternate." },
        seats: {
          type: "array",
          minItems: 1,
          items: { type: "array", minItems: 1, items: { type: "integer", minimum: 0, maximum: 15 } },
          description: "Each team's seats (0 is the first player), every seat in one team.",
        },
        names: { type: "array", items: { type: "string" }, description: "The teams' names, in order: shown on the table." },
        text: { type: "string" },
        assumed: { "$ref": "#/definitions/assumed" },
      },
    },
  },
  definitions: {},
};

/** The compiled `teams`, or null; a split no allowed number of players fits is an error. */
export function compileTeams(build: Build, players: { min: number; max: number }): TeamsDef | null {
  const spec = build.raw.teams as Raw | undefined;
  if (!spec || typeof spec !== "object") return null;
  const ways = ["size", "count", "seats"].filter((k) => spec[k] !== undefined);
  if (ways.length !== 1) {
    build.diagnostics.push(build.file.at("/teams", "error", "E_SCHEMA", "teams are given by one of size, count or seats"));
    return null;
  }
  const seats = Array.isArray(spec.seats) ? (spec.seats as number[][]) : null;
  if (seats) {
    const all = seats.flat().sort((a, b) => a - b);
    if (all.some((p, i) => p !== i)) {
      build.diagnostics.push(build.file.at("/teams/seats", "error", "E_SCHEMA", `the teams' seats must be every seat from 0 once, not ${JSON.stringify(seats)}`));
      return null;
    }
  }
  const def: TeamsDef = {
    size: typeof spec.size === "number" ? spec.size : null,
    count: typeof spec.count === "number" ? spec.count : null,
    seats,
    names: Array.isArray(spec.names) ? (spec.names as string[]) : null,
  };
  const fits: number[] = [];
  for (let n = players.min; n <= players.max; n++) if (typeof teamCount(def, n) === "number") fits.push(n);
  if (fits.length === 0) {
    const why = teamCount(def, players.min) as string;
    build.diagnostics.push(build.file.at("/teams", "error", "E_SCHEMA", `no number of players the rules allow makes these teams: ${why}`));
    return null;
  }
  return def;
}
