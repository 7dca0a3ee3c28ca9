// The rule file's `extends`, `replaces`, `overrides`, `append`, `include`, `parts`, `fragment`, `presets`, `cardTypes`: composition: a fragment and what it changes, a base and the parts fragments fill.
import type { Section } from "./section.js";

export const fragments: Section = {
  summary: "composition: see [Fragments](#fragments)",
  properties: {
    extends: {
      type: "string",
      description: "Makes this file a fragment: the rules id (or path) of the base it is composed onto."
    },
    replaces: {
      type: "array",
      items: {
        type: "string",
        pattern: "^[A-Za-z][A-Za-z0-9_-]*(\\.[^.]+)*$",
        patternErrorMessage: "an item is named by its section and names joined by dots (actions.play, define.pileValue, actions.play.require.rank-order), or a section alone (outcome)"
      },
      description: "In a fragment: the items it replaces, as section.name (actions.play, define.pileValue), a section (outcome, setup), or one part of an item (actions.play.require.rank-order, actions.play.effect)."
    },
    overrides: {
      type: "array",
      items: {
        type: "string"
      },
      description: "In a fragment: the fragments it wins over where both replace the same item."
    },
    append: {
      type: "object",
      description: "In a fragment: effects added after an existing program (setup, phases.play.end, actions.play.effect), or items added to an existing list (phases.play.actions).",
      additionalProperties: {
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
      }
    },
    include: {
      type: "array",
      items: {
        type: "string"
      },
      description: "Fragments that are always composed onto this base, in order."
    },
    parts: {
      type: "object",
      description: "Parts of the rules that fragments must fill, exactly one fragment each.",
      additionalProperties: {
        type: "object",
        additionalProperties: false,
        properties: {
          text: {
            type: "string"
          },
          type: {
            type: "string",
            description: "The kind of fragment that fills this part, as printed (Deal, Aim, ...)."
          }
        }
      }
    },
    fragment: {
      "$ref": "#/definitions/fragmentInfo"
    },
    presets: {
      type: "object",
      description: "Named combinations of fragments (by name or id), for `compose` and scenarios' `preset:`.",
      additionalProperties: {
        type: "array",
        items: {
          type: "string"
        }
      }
    },
    cardTypes: {
      type: "object",
      description: "The kinds of rule card of a game whose rules are cards, as printed: each kind's border colour and what its cards decide. Shown wherever the cards are drawn.",
      additionalProperties: {
        type: "object",
        additionalProperties: false,
        properties: {
          colour: {
            type: "string",
            description: "The colour of the cards' border, as the rulebook names it (red, mauve, ...)."
          },
          text: {
            type: "string"
          }
        }
      }
    }
  },
  definitions: {
    fragmentInfo: {
      type: "object",
      additionalProperties: false,
      properties: {
        type: {
          type: "string"
        },
        markers: {
          type: "array",
          items: {
            type: "string"
          }
        },
        text: {
          type: "string"
        },
        known: {
          enum: [
            "rulebook",
            "interpretation",
            "house"
          ],
          description: "Whether the effect is known from the rulebook, is a reading of the card's name, or is a house rule: not from the printed game or rulebook at all."
        },
        fills: {
          type: "array",
          items: {
            type: "string"
          }
        },
        changes: {
          type: "array",
          items: {
            type: "string"
          }
        }
      }
    }
  },
};
