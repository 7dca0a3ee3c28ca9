// The schema's pieces that sections share: expressions, programs, and the `assumed:` of any item.
import type { JsonSchema } from "./section.js";

export const commonDefinitions: Record<string, JsonSchema> = {
  assumed: {
    type: "string",
    minLength: 1,
    description: "This value is not given by the rulebook: say why it was chosen. `check` lists it as a notice."
  },
  expression: {
    type: [
      "string",
      "number",
      "boolean"
    ]
  },
  program: {
    oneOf: [
      {
        type: "string"
      },
      {
        type: "array",
        items: {
          type: "string"
        }
      }
    ]
  },
  expressionItem: {
    oneOf: [
      {
        "$ref": "#/definitions/expression"
      },
      {
        type: "object",
        additionalProperties: false,
        required: [
          "value"
        ],
        properties: {
          value: {
            "$ref": "#/definitions/expression"
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
  programItem: {
    oneOf: [
      {
        oneOf: [
          {
            "$ref": "#/definitions/expression"
          },
          {
            type: "array",
            items: {
              type: "string"
            }
          }
        ]
      },
      {
        type: "object",
        additionalProperties: false,
        required: [
          "value"
        ],
        properties: {
          value: {
            oneOf: [
              {
                "$ref": "#/definitions/expression"
              },
              {
                type: "array",
                items: {
                  type: "string"
                }
              }
            ]
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
  }
};
