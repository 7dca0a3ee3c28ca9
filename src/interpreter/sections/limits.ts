// The rule file's `limits`: how long a game may run and how many effect steps a rule may take. A file may raise
// each of them only up to its cap (limits.ts): past it, a file could run without end.
import type { Diagnostic } from "../diagnostics.js";
import { limitCaps } from "../limits.js";
import type { Source } from "../load/yaml.js";
import type { Section } from "./section.js";

/** The limits of a file that sets none. */
export const defaultLimits = { moves: 20_000, steps: 100_000 };
export type Limits = typeof defaultLimits;

const n = (value: number) => value.toLocaleString("en");

export const limits: Section = {
  summary: `\`moves\` (a game still running after this many moves stops as unfinished; ${n(defaultLimits.moves)} unless set) and \`steps\` (effect steps between two decisions before a rule is stopped as looping; ${n(defaultLimits.steps)} unless set); a file may raise each to at most ${n(Math.min(limitCaps.moves, limitCaps.steps))} (\`E_LIMIT\`)`,
  properties: {
    limits: {
      type: "object",
      additionalProperties: false,
      properties: {
        moves: {
          type: "integer",
          minimum: 1,
          description: `A game still running after this many moves is stopped as unfinished (at most ${n(limitCaps.moves)}).`,
        },
        steps: {
          type: "integer",
          minimum: 100,
          description: `Effect steps allowed between two decisions before a rule is stopped as looping (at most ${n(limitCaps.steps)}).`,
        },
      },
    },
  },
  definitions: {},
};

/** The compile step: the file's limits, each one it sets at most its cap (else an E_LIMIT error, and the default). */
export function compileLimits(section: unknown, file: Source, report: (d: Diagnostic) => void): Limits {
  const result = { ...defaultLimits };
  const given = (section ?? {}) as Record<string, unknown>;
  for (const key of ["moves", "steps"] as const) {
    const value = given[key];
    if (typeof value !== "number") continue;
    if (value > limitCaps[key]) report(file.at(`/limits/${key}`, "error", "E_LIMIT", `limits.${key} is at most ${n(limitCaps[key])}, not ${n(value)}`));
    else result[key] = value;
  }
  return result;
}
