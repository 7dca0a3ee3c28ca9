// Completion and hover for the structure of a rule file come from its JSON Schema through monaco-yaml.
// monaco-yaml's own validation is off: the markers a person sees are the project's loader's (see markers.ts),
// so that the editor and `houserules check` never disagree.
import { configureMonacoYaml } from "monaco-yaml";
import { rulesSchema } from "../../interpreter/sections/index.js";
import { monaco } from "./monaco.js";
import { schemaUri, withKeyTitles } from "./schema-titles.js";

export function configureYaml(): void {
  configureMonacoYaml(monaco, {
    enableSchemaRequest: false,
    validate: false,
    completion: true,
    hover: true,
    schemas: [{ uri: schemaUri, fileMatch: ["**/*.yaml", "**/*.yml"], schema: withKeyTitles(rulesSchema()) as never }],
  });
}
