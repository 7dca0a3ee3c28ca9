// A rule file is made of sections (`cards`, `zones`, `phases`, ...). Each section is one unit in this folder: its
// piece of the JSON Schema, the line that introduces it in docs/language.md and, where it has one of its own, the
// step that compiles it. grammar/rules.schema.json and the table of sections in docs/language.md are generated
// from the units (`npm run docs`; a test fails when either is stale), so a section is changed in one place.

/** A piece of JSON Schema, as plain data. */
export type JsonSchema = { [key: string]: unknown };

export interface Section {
  /** What the section's keys hold, in the words of docs/language.md's table of sections. */
  summary: string;
  /** The top-level keys of a rule file that belong to this section, with their schemas, in the order shown. */
  properties: Record<string, JsonSchema>;
  /** Named schemas the section's keys refer to (`#/definitions/NAME`). */
  definitions: Record<string, JsonSchema>;
}
