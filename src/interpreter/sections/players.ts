// The rule file's `players`: how many may play.
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
