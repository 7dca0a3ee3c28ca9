// The rule file's `triggers`: rules that fire after any action.
import type { Section } from "./section.js";

export const triggers: Section = {
  summary: "rules that fire after any action when their condition holds",
  properties: {
    triggers: {
      type: "object",
      description: "Rules that fire after any action when their condition holds.",
      additionalProperties: {
        "$ref": "#/definitions/trigger"
      }
    }
  },
  definitions: {
    trigger: {
      type: "object",
      additionalProperties: false,
      required: [
        "when",
        "effect"
      ],
      properties: {
        text: {
          type: "string"
        },
        when: {
          "$ref": "#/definitions/expression"
        },
        effect: {
          "$ref": "#/definitions/program"
        },
        assumed: {
          "$ref": "#/definitions/assumed"
        }
      }
    }
  },
};
