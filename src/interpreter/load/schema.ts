// Validates the structure of a rule file against its schema (grammar/rules.schema.json, put together from the
// sections in src/interpreter/sections/) with ajv, and turns ajv's errors into located diagnostics that say what
// was expected and suggest the key that was probably meant.
// The validators themselves come from the host (see host.ts): compiled ahead by the build on the disk, compiled
// by ajv in the page. ajv itself is imported only where schemas are compiled (schema-compile.ts).
import type { ErrorObject, ValidateFunction } from "ajv";
import type { Diagnostic } from "../diagnostics.js";
import { suggestion } from "../diagnostics.js";
import { escapePointer, type SourceFile } from "./yaml.js";
import { host } from "./host.js";
import { rulesSchema } from "../sections/index.js";
import scenario from "../../../grammar/scenario.schema.json" with { type: "json" };
import sweep from "../../../grammar/sweep.schema.json" with { type: "json" };

export const schemas = { rules: rulesSchema(), scenario, sweep };
export type SchemaName = keyof typeof schemas;
const validators = new Map<SchemaName, ValidateFunction>();

/** The validator of a schema, as the host gives it (once per process). */
export function validator(name: SchemaName): ValidateFunction {
  let v = validators.get(name);
  if (!v) {
    v = host().schemaValidator(name, schemas[name]);
    validators.set(name, v);
  }
  return v;
}

/** Checks a value read from YAML against one of our schemas; every mismatch becomes a located diagnostic. */
export function validate(name: SchemaName, value: unknown, file: SourceFile): Diagnostic[] {
  const check = validator(name);
  if (check(value)) return [];
  return describe(check.errors ?? [], file, wholeFile[name]);
}

export function validateRules(value: unknown, file: SourceFile): Diagnostic[] {
  return validate("rules", value, file);
}

function describe(errors: ErrorObject[], file: SourceFile, whole: string): Diagnostic[] {
  // With oneOf, ajv reports every alternative. Where a path has a real complaint (an unknown or missing key, a
  // wrong enum value), the bare "wrong type" errors of the other alternatives only add noise.
  const specific = new Set<string>();
  for (const e of errors) {
    if (e.keyword !== "type" && e.keyword !== "oneOf" && e.keyword !== "anyOf" && e.keyword !== "if") specific.add(pathOf(e));
  }
  const out = new Map<string, Diagnostic>();
  const typesWanted = new Map<string, Set<string>>();
  const dataAt = new Map<string, unknown>();
  for (const e of errors) {
    const path = pathOf(e);
    if (e.keyword === "oneOf" || e.keyword === "if") continue;
    // anyOf says only that no alternative fits: said better by the complaint about what was written
    if (e.keyword === "anyOf" && hasSpecificBelow(specific, e.instancePath)) continue;
    if (e.keyword === "type") {
      if (hasSpecificBelow(specific, e.instancePath)) continue;
      dataAt.set(e.instancePath, e.data);
      const set = typesWanted.get(e.instancePath) ?? new Set<string>();
      for (const t of ([] as string[]).concat(e.params.type as string | string[])) set.add(t === "object" ? "a map" : t === "array" ? "a list" : t === "integer" ? "a whole number" : `a ${t}`);
      typesWanted.set(e.instancePath, set);
      continue;
    }
    const d = single(e, file, whole);
    if (d) out.set(`${path}:${d.message}`, d);
  }
  for (const [pointer, types] of typesWanted) {
    // YAML reads [a, b] and {a: b} as a list and a map: an expression written so must be quoted.
    const data = dataAt.get(pointer);
    const hint = types.has("a string") && data !== null && typeof data === "object" ? " (an expression that starts with [ or { must be in quotes)" : "";
    out.set(`${pointer}:type`, file.at(pointer, "error", "E_SCHEMA", `expected ${[...types].join(" or ")}${hint}`));
  }
  return [...out.values()];
}

function hasSpecificBelow(specific: Set<string>, pointer: string): boolean {
  for (const p of specific) if (p === pointer || p.startsWith(pointer + "/")) return true;
  return false;
}

function pathOf(e: ErrorObject): string {
  if (e.keyword === "additionalProperties") return `${e.instancePath}/${String(e.params.additionalProperty)}`;
  return e.instancePath;
}

function single(e: ErrorObject, file: SourceFile, whole: string): Diagnostic | undefined {
  const where = e.instancePath;
  const schemaProps = (e.parentSchema as { properties?: Record<string, unknown> } | undefined)?.properties;
  switch (e.keyword) {
    case "additionalProperties": {
      const key = String(e.params.additionalProperty);
      const split = file.placeOf(`${where}/${escapePointer(key)}`).split;
      const hint = split ? `: a ',' ends a value inside {...}, so the rest was read as a key; if it is part of the text before it, put that text in quotes: ${split}` : schemaProps ? suggestion(key, Object.keys(schemaProps)) : "";
      return file.at(`${where}/${escapePointer(key)}`, "error", "E_SCHEMA", `unknown key '${key}' in ${describePath(where, whole)}${hint}`, true);
    }
    case "required":
      return file.at(where, "error", "E_SCHEMA", `${describePath(where, whole)} is missing the required key '${String(e.params.missingProperty)}'`, true);
    case "enum": {
      const allowed = (e.params.allowedValues as unknown[]).map(String);
      const got = valueAt(e);
      return file.at(where, "error", "E_SCHEMA", `expected one of ${allowed.join(", ")}${typeof got === "string" ? suggestion(got, allowed) : ""}`);
    }
    case "propertyNames":
      return undefined; // reported by the pattern error that comes with it
    case "pattern": {
      // The schema says in words what form is wanted (patternErrorMessage, which editors show too): a
      // regular expression is no help to a person.
      const words = (e.parentSchema as { patternErrorMessage?: string } | undefined)?.patternErrorMessage;
      const name = e.propertyName;
      if (name !== undefined) return file.at(`${where}/${name}`, "error", "E_SCHEMA", `'${name}' is not a valid name here${words ? `: ${words}` : ""}`, true);
      const value = typeof e.data === "string" ? `'${e.data}' ` : "";
      return file.at(where, "error", "E_SCHEMA", `${value}is not written as expected${words ? `: ${words}` : ""}`);
    }
    case "minimum":
    case "maximum":
    case "minLength":
      return file.at(where, "error", "E_SCHEMA", `${describePath(where, whole)} ${e.message ?? "is out of range"}`);
    default:
      return file.at(where, "error", "E_SCHEMA", `${describePath(where, whole)} ${e.message ?? "is not valid"}`);
  }
}

function valueAt(e: ErrorObject): unknown {
  return e.data;
}

/** What a file's top level is called in a message, by the schema it is read against. */
const wholeFile: Record<SchemaName, string> = { rules: "the rule file", scenario: "the scenario", sweep: "the sweep file" };

function describePath(pointer: string, whole: string): string {
  if (pointer === "") return whole;
  return `'${pointer.slice(1).split("/").join(".")}'`;
}
