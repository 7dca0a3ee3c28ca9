// The rule file's `define`: named values and procedures.
import type { Section } from "./section.js";

export const define: Section = {
  summary: "named values and procedures, with parameters",
  properties: {
    define: {
      type: "object",
      description: "Named values and procedures, with optional parameters: `name(a, b): expression or effects`.",
      propertyNames: {
        pattern: "^[A-Za-z_][A-Za-z0-9_]*(\\([A-Za-z0-9_, ]*\\))?$",
        patternErrorMessage: "a definition is named with letters, digits and underscores, not starting with a digit, and its parameters in brackets (score, canPlay(c), pileValue(pile, p))"
      },
      additionalProperties: {
        "$ref": "#/definitions/programItem"
      }
    }
  },
  definitions: {},
};
