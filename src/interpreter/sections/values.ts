// The rule file's `variables`, `constants`, `options`: values of the game: variables, constants and options.
import type { Section } from "./section.js";

export const values: Section = {
  summary: "values that change during a game, values that do not, and values chosen before a game",
  properties: {
    variables: {
      type: "object",
      additionalProperties: {
        "$ref": "#/definitions/variable"
      }
    },
    constants: {
      type: "object",
      additionalProperties: {
        "$ref": "#/definitions/constant"
      }
    },
    options: {
      type: "object",
      additionalProperties: {
        "$ref": "#/definitions/option"
      }
    }
  },
  definitions: {
    variable: {
      type: "object",
      additionalProperties: false,
      properties: {
        per: {
          enum: [
            "player",
            "game"
          ]
        },
        type: {
          enum: [
            "number",
            "bool",
            "text",
            "card",
            "cards",
            "player",
            "players"
          ]
        },
        initial: {
          "$ref": "#/definitions/expression"
        },
        reset: {
          enum: [
            "turn",
            "phase",
            "never"
          ],
          default: "never",
          description: "Set back to the initial value at the start of every turn or phase."
        },
        visible: {
          enum: [
            "everyone",
            "owner",
            "nobody"
          ],
          default: "everyone"
        },
        text: {
          type: "string"
        },
        assumed: {
          "$ref": "#/definitions/assumed"
        }
      },
      required: [
        "type"
      ]
    },
    constant: {
      oneOf: [
        {
          type: [
            "string",
            "number",
            "boolean",
            "array"
          ]
        },
        {
          type: "object",
          required: [
            "value"
          ],
          additionalProperties: false,
          properties: {
            value: {},
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
    option: {
      type: "object",
      additionalProperties: false,
      properties: {
        default: {
          type: [
            "number",
            "boolean",
            "string",
            "array"
          ],
          items: {
            type: [
              "number",
              "boolean",
              "string"
            ]
          }
        },
        values: {
          type: "array",
          items: {
            type: [
              "number",
              "boolean",
              "string"
            ]
          }
        },
        min: {
          type: "number"
        },
        max: {
          type: "number"
        },
        text: {
          type: "string"
        },
        assumed: {
          "$ref": "#/definitions/assumed"
        }
      },
      required: [
        "default"
      ]
    }
  },
};
