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

/** The CommonJS module's source: one validating function per schema, and the text of each schema it was made from. */
export function validatorsSource(): string {
  const ajv = new Ajv({ ...ajvOptions, code: { source: true } });
  const ids: Record<string, string> = {};
  for (const [name, schema] of Object.entries(schemas)) {
    ajv.addSchema(schema, name);
    ids[name] = name;
  }
  const code = standalone.default(ajv, ids);
  const sources = Object.fromEntries(Object.entries(schemas).map(([name, schema]) => [name, JSON.stringify(schema)]));
  return `${code}\nexports.sources = ${JSON.stringify(sources)};\n`;
}

export function writeValidators(file = builtValidatorsFile()): void {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, validatorsSource());
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) writeValidators();
