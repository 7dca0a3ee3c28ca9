// The rule file's `triggers`: rules that fire after any action.
// Its piece of the schema, its line in the language guide, and its compile step, which the builder in
// load/compile-game.ts calls.
import * as T from "../lang/types.js";
import { escapePointer } from "../load/yaml.js";
import type { TriggerDef } from "../model.js";
import { entries, type Build, type Raw } from "./build.js";
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

export function compileTriggers(build: Build): TriggerDef[] {
  const out: TriggerDef[] = [];
  for (const [name, item] of entries(build.raw.triggers)) {
    const spec = item as Raw;
    const pointer = `/triggers/${escapePointer(name)}`;
    const when = build.expressionAt<boolean>(`${pointer}/when`, spec.when, { rule: `triggers.${name}`, effects: false, hasMe: true }, T.bool);
    const effect = build.programAt(`${pointer}/effect`, spec.effect, { rule: `triggers.${name}`, effects: true, hasMe: true });
    if (when && effect) out.push({ name, when, effect, coverage: -1 });
  }
  return out;
}
