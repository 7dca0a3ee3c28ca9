// The rule file's `zones`: where cards can be.
import type { Section } from "./section.js";

export const zones: Section = {
  summary: "where cards can be: per player or of the game, and who may see them",
  properties: {
    zones: {
      type: "object",
      additionalProperties: {
        "$ref": "#/definitions/zone"
      }
    }
  },
  definitions: {
    zone: {
      type: "object",
      additionalProperties: false,
      properties: {
        per: {
          enum: [
            "player",
            "game"
          ],
          default: "game",
          description: "One zone for each player, or one for the game."
        },
        many: {
          type: "boolean",
          description: "A family of zones created during play (new piles)."
        },
        visible: {
          enum: [
            "everyone",
            "owner",
            "nobody",
            "top"
          ],
          description: "Who may see the cards: everyone, only the owning player, nobody, or everyone but only the top card."
        },
        ordered: {
          type: "boolean",
          default: true,
          description: "false for a hand: order carries no meaning."
        },
        text: {
          type: "string"
        },
        assumed: {
          "$ref": "#/definitions/assumed"
        }
      },
      required: [
        "visible"
      ]
    }
  },
};
