// The schema validators the build compiled ahead (write-validators.ts), as the disk's host offers them to the
// loader (Host.builtValidators): the rules are then checked with no schema compiled at a process's start. Where
// the build has not written them the loader compiles the schemas itself, and also where they were written from
// other schema files (it compares them).
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import type { BuiltValidators } from "../interpreter/load/host.js";
import { packageRoot } from "./package-root.js";

export function builtValidatorsFile(): string {
  return join(packageRoot(), "dist", "grammar", "validators.cjs");
}

/** The built validators, or undefined when the build has not written them. */
export function loadBuiltValidators(): BuiltValidators | undefined {
  const file = builtValidatorsFile();
  if (!existsSync(file)) return undefined;
  const { schemas, ...validators } = createRequire(import.meta.url)(file) as BuiltValidators["validators"] & { schemas: string };
  return { schemas, validators };
}
