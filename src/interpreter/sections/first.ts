// The rule file's `first`: the phase play starts with.
// Its piece of the schema, its line in the language guide, and its compile step, which the builder in
// load/compile-game.ts calls.
import { suggestion } from "../diagnostics.js";
import type { PhaseDef } from "../model.js";
import type { Build } from "./build.js";
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

export function firstPhase(build: Build, phases: PhaseDef[]): number {
  const first = build.raw.first;
  if (typeof first !== "string") return 0;
  const index = phases.findIndex((p) => p.name === first);
  if (index < 0) build.diagnostics.push(build.file.at("/first", "error", "E_NAME", `unknown phase '${first}'${suggestion(first, phases.map((p) => p.name))}`));
  return Math.max(0, index);
}
