// A build step (npm run build): compiles our JSON schemas once, with ajv's standalone code generation, into
// dist/grammar/validators.cjs, so that a process that loads rules does not compile the rules schema at its start
// (about 0.2 s of CPU in the command line and in every worker thread). The code is generated from our own schema
// files only, never from a rule file; built-validators.ts loads it and checks it was made from the same schemas.
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { pathToFileURL } from "node:url";
import { Ajv } from "ajv";
// a CommonJS module: its function is both the module and its `default`
import standalone from "ajv/dist/standalone/index.js";
import { schemas } from "../interpreter/load/schema.js";
import { ajvOptions } from "../interpreter/load/schema-options.js";
import { builtValidatorsFile } from "./built-validators.js";

function standaloneCode(esm: boolean): string {
  const ajv = new Ajv({ ...ajvOptions, code: { source: true, esm } });
  const ids: Record<string, string> = {};
  for (const [name, schema] of Object.entries(schemas)) {
    ajv.addSchema(schema, name);
    ids[name] = name;
  }
  return standalone.default(ajv, ids);
}

/** The CommonJS module's source: one validating function per schema, and the text of each schema it was made from. */
export function validatorsSource(): string {
  const sources = Object.fromEntries(Object.entries(schemas).map(([name, schema]) => [name, JSON.stringify(schema)]));
  return `${standaloneCode(false)}\nexports.sources = ${JSON.stringify(sources)};\n`;
}

/**
 * The same validators as an ES module, for the page's workers (vite.config.ts builds it into them): the page then
 * compiles no schema and carries no schema compiler. Both come from the same schema files in the same build.
 */
export function validatorsModule(): string {
  // the generated code asks for ajv's one runtime helper it needs the CommonJS way; a bundle imports it
  const runtime = 'require("ajv/dist/runtime/ucs2length").default';
  const code = standaloneCode(true);
  if (code.replaceAll(runtime, "").includes("require(")) throw new Error("the generated validators need more of ajv's runtime than ucs2length");
  return `import ucs2length from "ajv/dist/runtime/ucs2length.js";\n${code.replaceAll(runtime, "(ucs2length.default ?? ucs2length)")}`;
}

export function writeValidators(file = builtValidatorsFile()): void {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, validatorsSource());
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) writeValidators();
