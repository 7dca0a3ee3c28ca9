// The rule file's `cards`: the components: card sets and their attributes.
import type { Section } from "./section.js";

export const cards: Section = {
  summary: "the components: card sets and attributes",
  properties: {
    cards: {
      "$ref": "#/definitions/cards"
    }
  },
  definitions: {
    cards: {
      type: "object",
      additionalProperties: false,
      properties: {
        attributes: {
          type: "object",
          additionalProperties: {
            type: "object",
            additionalProperties: false,
            properties: {
              values: {
                type: "array",
                items: {
                  type: [
                    "string",
                    "number"
                  ]
                }
              },
              text: {
                type: "string"
              },
              assumed: {
                "$ref": "#/definitions/assumed"
              }
            }
          }
        },
        sets: {
          type: "array",
          items: {
            type: "object",
            additionalProperties: false,
            properties: {
              deck: {
                enum: [
                  "standard52"
                ],
                description: "A ready deck: standard52 is 2..10, J, Q, K, A of spades, hearts, diamonds and clubs."
              },
              each: {
                type: "object",
                description: "One card for every combination of these attribute values.",
                additionalProperties: {
                  oneOf: [
                    {
                      type: "array",
                      items: {
                        type: [
                          "string",
                          "number"
                        ]
                      }
                    },
                    {
                      type: "string",
                      pattern: "^-?\\d+\\.\\.-?\\d+$",
                      patternErrorMessage: "a range of whole numbers is written with two dots (1..10)"
                    }
                  ]
                }
              },
              with: {
                type: "object",
                additionalProperties: {
                  type: [
                    "string",
                    "number",
                    "boolean"
                  ]
                }
              },
              copies: {
                type: "integer",
                minimum: 1,
                maximum: 1000
              },
              name: {
                type: "string",
                description: "How each card is written: attribute names in braces, `{colour}{rank}`."
              },
              into: {
                type: "string",
                description: "The zone these cards start in."
              },
              assumed: {
                "$ref": "#/definitions/assumed"
              }
            },
            required: [
              "into"
            ]
          }
        }
      }
    }
  },
};
