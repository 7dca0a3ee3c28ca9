// Compiles one of our schemas with ajv, at first use: what the page's host does (its workers may evaluate code),
// and the build ahead of time for the disk (src/node/write-validators.ts). Compiling the rules schema costs about
// 0.2 s of CPU; importing ajv's compiler about 70 ms more, which is why only this module imports it.
// ajv is published as CommonJS; its class is also a named export, which both Node and bundlers can import.
import { Ajv, type ValidateFunction } from "ajv";
import { ajvOptions } from "./schema-options.js";

export function compileSchema(schema: object): ValidateFunction {
  return new Ajv(ajvOptions).compile(schema);
}
