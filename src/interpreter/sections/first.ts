// The rule file's `first`: the phase play starts with.
import type { Section } from "./section.js";

export const first: Section = {
  summary: "the phase play starts with (default: the first listed)",
  properties: {
    first: {
      type: "string",
      description: "The phase play starts with (default: the first listed)."
    }
  },
  definitions: {},
};
