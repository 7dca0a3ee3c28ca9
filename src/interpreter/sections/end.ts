// The rule file's `end`, `outcome`: when the game ends, and who wins.
import type { Section } from "./section.js";

export const end: Section = {
  summary: "when the game ends, and scores, winners and losers",
  properties: {
    end: {
      "$ref": "#/definitions/expressionItem",
      description: "The game ends as soon as this holds (checked after every action)."
    },
    outcome: {
      "$ref": "#/definitions/outcome"
    }
  },
  definitions: {
    outcome: {
      type: "object",
      additionalProperties: false,
      properties: {
        text: {
          type: "string"
        },
        scores: {
          "$ref": "#/definitions/expression",
          description: "A player's score: `p => ...`."
        },
        winners: {
          "$ref": "#/definitions/expression"
        },
        losers: {
          "$ref": "#/definitions/expression"
        },
        assumed: {
          "$ref": "#/definitions/assumed"
        }
      }
    }
  },
};
