// The sections of a rule file in the order docs/language.md introduces them, and what is generated from them:
// the rules schema and the table of sections.
import { about } from "./about.js";
import { actions } from "./actions.js";
import { cards } from "./cards.js";
import { commonDefinitions } from "./common.js";
import { dealerStart } from "./dealer-start.js";
import { define } from "./define.js";
import { end } from "./end.js";
import { first } from "./first.js";
import { fragments } from "./fragments.js";
import { limits } from "./limits.js";
import { phases } from "./phases.js";
import { players } from "./players.js";
import type { JsonSchema, Section } from "./section.js";
import { setup } from "./setup.js";
import { teams } from "./teams.js";
import { triggers } from "./triggers.js";
import { values } from "./values.js";
import { zones } from "./zones.js";

export const sections: readonly Section[] = [about, players, teams, cards, zones, values, dealerStart, setup, define, phases, actions, triggers, end, limits, fragments, first];

/** grammar/rules.schema.json: the structure of a rule file, put together from its sections. */
export function rulesSchema(): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  const definitions: Record<string, JsonSchema> = { ...commonDefinitions };
  for (const section of sections) {
    for (const [key, schema] of Object.entries(section.properties)) {
      if (key in properties) throw new Error(`two sections define the key '${key}'`);
      properties[key] = schema;
    }
    for (const [name, schema] of Object.entries(section.definitions)) {
      if (name in definitions) throw new Error(`two sections define the schema '${name}'`);
      definitions[name] = schema;
    }
  }
  return {
    $schema: "http://json-schema.org/draft-07/schema#",
    $id: "https://houserules.dev/schema/rules.json",
    title: "houserules rule file",
    description: "A card game, or a fragment composed onto one. Conditions and effects are strings in the houserules expression language.",
    type: "object",
    additionalProperties: false,
    properties,
    definitions,
  };
}

/** The text of grammar/rules.schema.json. */
export function rulesSchemaText(): string {
  return `${JSON.stringify(rulesSchema(), null, 2)}\n`;
}

/** docs/language.md's table of sections: each section's keys and what they hold. */
export function sectionsTable(): string {
  const rows = sections.map((s) => `| ${Object.keys(s.properties).map((k) => `\`${k}\``).join(", ")} | ${s.summary.replace(/\|/g, "\\|")} |`);
  return ["| key | what it holds |", "|---|---|", ...rows].join("\n");
}
