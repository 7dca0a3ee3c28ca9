// The disk's host gives the loader the schema validators the build compiled ahead (write-validators.ts): a process
// then compiles no schema at its start, and does not even import ajv's compiler. Where the build has not written
// them, or wrote them from other schema files (they are compared), the schema is compiled with ajv at first use.
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import type { Ajv as AjvClass, ValidateFunction } from "ajv";
import { ajvOptions } from "../interpreter/load/schema-options.js";
import { packageRoot } from "./package-root.js";

const require = createRequire(import.meta.url);

export function builtValidatorsFile(): string {
  return join(packageRoot(), "dist", "grammar", "validators.cjs");
}

/** What the build writes: a validating function per schema, and the text (JSON) of each schema it was made from. */
export type BuiltValidators = Record<string, ValidateFunction | undefined> & { sources: Record<string, string> };

/** The built validators, or undefined when the build has not written them. */
export function builtValidators(): BuiltValidators | undefined {
  const file = builtValidatorsFile();
  return existsSync(file) ? (require(file) as BuiltValidators) : undefined;
}

/** The validator of a schema: the build's, if it was made from this very schema, else compiled now. */
export function schemaValidator(name: string, schema: object): ValidateFunction {
  const built = builtValidators();
  const ahead = built?.sources[name] === JSON.stringify(schema) ? built[name] : undefined;
  if (ahead) return ahead;
  const { Ajv } = require("ajv") as { Ajv: typeof AjvClass };
  return new Ajv(ajvOptions).compile(schema);
}
