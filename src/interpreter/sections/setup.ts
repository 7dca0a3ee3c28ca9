// The rule file's `setup`: effects run once before the first phase.
import type { Section } from "./section.js";

export const setup: Section = {
  summary: "effects run once before the first phase",
  properties: {
    setup: {
      "$ref": "#/definitions/programItem",
      description: "Effects run once before the first phase."
    }
  },
  definitions: {},
};
