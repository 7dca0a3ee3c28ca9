// The rule file's `actions`: what a player may do.
import type { Section } from "./section.js";

export const actions: Section = {
  summary: "what a player may do: parameters, requirements and effects",
  properties: {
    actions: {
      type: "object",
      description: "What a player may do, keyed by the word that starts the move: `play 9S 9D`.",
      propertyNames: {
        pattern: "^[a-z][a-z0-9-]*$",
        patternErrorMessage: "an action is named by the word that starts its move, in lower-case letters, digits and dashes, starting with a letter (play, pick-up)"
      },
      additionalProperties: {
        "$ref": "#/definitions/action"
      }
    }
  },
  definitions: {
    param: {
      oneOf: [
        {
          "$ref": "#/definitions/expression"
        },
        {
          type: "object",
          additionalProperties: false,
          required: [
            "from"
          ],
          properties: {
            from: {
              "$ref": "#/definitions/expression",
              description: "The candidates: a zone, or a list of cards, players or numbers."
            },
            several: {
              type: "boolean",
              description: "One or more of the candidates, written one after another."
            },
            alike: {
              type: "string",
              description: "With several: the attribute all chosen cards must share."
            },
            max: {
              oneOf: [
                {
                  type: "integer",
                  minimum: 1
                },
                {
                  type: "string"
                }
              ],
              description: "With several: the most cards, a number or an expression."
            },
            optional: {
              type: "boolean",
              description: "Left out of the move when there are no candidates."
            },
            else: {
              type: "string",
              description: "The reason given when a value is not among the candidates."
            },
            text: {
              type: "string"
            }
          }
        }
      ]
    },
    requirement: {
      oneOf: [
        {
          "$ref": "#/definitions/expression"
        },
        {
          type: "object",
          additionalProperties: false,
          required: [
            "check"
          ],
          properties: {
            check: {
              "$ref": "#/definitions/expression"
            },
            else: {
              type: "string",
              description: "The reason given when the check fails: text with {expressions}."
            },
            text: {
              type: "string"
            },
            assumed: {
              "$ref": "#/definitions/assumed"
            }
          }
        }
      ]
    },
    action: {
      type: "object",
      additionalProperties: false,
      properties: {
        text: {
          type: "string"
        },
        params: {
          type: "object",
          additionalProperties: {
            "$ref": "#/definitions/param"
          }
        },
        require: {
          type: "object",
          additionalProperties: {
            "$ref": "#/definitions/requirement"
          }
        },
        effect: {
          "$ref": "#/definitions/programItem"
        },
        endsTurn: {
          type: "boolean",
          default: true,
          description: "false: the player goes on with the same turn."
        },
        assumed: {
          "$ref": "#/definitions/assumed"
        }
      }
    }
  },
};
