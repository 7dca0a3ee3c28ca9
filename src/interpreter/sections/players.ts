// The rule file's `players`: how many may play.
// Its piece of the schema, its line in the language guide, and its compile step, which the builder in
// load/compile-game.ts calls.
import type { Build, Raw } from "./build.js";
import type { Section } from "./section.js";

export const players: Section = {
  summary: "`{min: 2, max: 5}` or a number",
  properties: {
    players: {
      description: "How many may play.",
      oneOf: [
        {
          type: "integer",
          minimum: 1,
          maximum: 16
        },
        {
          type: "object",
          additionalProperties: false,
          required: [
            "min",
            "max"
          ],
          properties: {
            min: {
              type: "integer",
              minimum: 1,
              maximum: 16
            },
            max: {
              type: "integer",
              minimum: 1,
              maximum: 16
            },
            assumed: {
              "$ref": "#/definitions/assumed"
            }
          }
        }
      ]
    }
  },
  definitions: {},
};

export function playerRange(build: Build): { min: number; max: number } {
  const p = build.raw.players;
  if (typeof p === "number") return { min: p, max: p };
  if (p && typeof p === "object") {
    const r = p as Raw;
    const range = { min: Number(r.min), max: Number(r.max) };
    if (range.min > range.max) build.diagnostics.push(build.file.at("/players", "error", "E_SCHEMA", `players.min (${range.min}) is more than players.max (${range.max})`));
    return range;
  }
  return { min: 1, max: 16 };
}
