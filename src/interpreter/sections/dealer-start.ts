// The rule file's `dealer`, `start`: who deals first and who starts.
import type { Section } from "./section.js";

export const dealerStart: Section = {
  summary: "who deals first and who starts: expressions",
  properties: {
    dealer: {
      "$ref": "#/definitions/expressionItem",
      description: "Who deals first: an expression, evaluated at the start. A scenario's `dealer:` fixes it."
    },
    start: {
      "$ref": "#/definitions/expressionItem",
      description: "Who starts: an expression, evaluated when first needed. A scenario's `start:` fixes it."
    }
  },
  definitions: {},
};
