// The schema validators the build compiles ahead with ajv's standalone code (dist/grammar/validators.cjs) are
// the ones a Node process uses, and they judge every file as ajv's validators compiled at run time do: the same
// verdict and the same errors, over the shipped rule files, the scenarios and
// thousands of damaged copies.
import { describe, expect, it, vi } from "vitest";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";
import { Ajv, type ErrorObject } from "ajv";
import { schemas, validator, type SchemaName } from "../src/interpreter/load/schema.js";
import { compileSchema } from "../src/interpreter/load/schema-compile.js";
import { builtValidators, schemaValidator } from "../src/node/built-validators.js";
import { nextInt, seedRng, type RngState } from "../src/interpreter/rng.js";

const names = Object.keys(schemas) as SchemaName[];

function yamlFiles(dir: string): string[] {
  return readdirSync(dir).sort().flatMap((name) => {
    const full = join(dir, name);
    return statSync(full).isDirectory() ? yamlFiles(full) : full.endsWith(".yaml") ? [full] : [];
  });
}

/** One random structural damage: a key renamed or removed, or a value of another type, somewhere in the value. */
function damage(value: unknown, rng: RngState): unknown {
  const copy = structuredClone(value);
  const nodes: { parent: Record<string, unknown> | unknown[]; key: string | number }[] = [];
  const walk = (v: unknown) => {
    if (Array.isArray(v)) v.forEach((x, i) => (nodes.push({ parent: v, key: i }), walk(x)));
    else if (v && typeof v === "object") for (const [k, x] of Object.entries(v)) nodes.push({ parent: v as Record<string, unknown>, key: k }), walk(x);
  };
  walk(copy);
  if (nodes.length === 0) return copy;
  const { parent, key } = nodes[nextInt(rng, nodes.length)];
  const others = [42, -1, 0.5, "text", "", true, null, [], {}, ["a", 1], { x: 1 }, "all", "ask"];
  const kind = nextInt(rng, 4);
  if (!Array.isArray(parent) && kind === 0) {
    parent[`${key}s`] = parent[key];
    delete parent[key];
  } else if (!Array.isArray(parent) && kind === 1) {
    delete parent[key];
  } else {
    (parent as Record<string | number, unknown>)[key] = others[nextInt(rng, others.length)];
  }
  return copy;
}

const ids = new WeakMap<object, number>();
const idOfText = new Map<string, number>();

/**
 * Errors as JSON, with the schemas and the data they carry each written as a number that stands for its JSON
 * text (equal texts, equal numbers): the errors of a file point into the same schemas and values many times, and
 * writing them out each time would take minutes.
 */
function text(errors: ErrorObject[] | null | undefined): string {
  return JSON.stringify(errors ?? null, (key, value) => {
    if ((key !== "schema" && key !== "parentSchema" && key !== "data") || !value || typeof value !== "object") return value;
    let id = ids.get(value);
    if (id === undefined) {
      const json = JSON.stringify(value);
      id = idOfText.get(json) ?? idOfText.size;
      idOfText.set(json, id);
      ids.set(value, id);
    }
    return `#${id}`;
  });
}

const built = builtValidators();

describe("the validators compiled by the build", () => {
  it("are written by the build and are the ones in use", () => {
    expect(built, "dist/grammar/validators.cjs (npm run build writes it)").toBeDefined();
    for (const name of names) {
      expect(built!.sources[name]).toBe(JSON.stringify(schemas[name]));
      expect(validator(name)).toBe(built![name]);
    }
  });

  it("give the verdict and the errors of ajv's run-time validators, over real files and damaged copies", () => {
    const runtime = new Map(names.map((n) => [n, compileSchema(schemas[n])]));
    const files = [...yamlFiles("rules"), ...yamlFiles("test/scenarios")];
    expect(files.length).toBeGreaterThan(150);
    const rng = seedRng("validators");
    const differ: string[] = [];
    let checked = 0;
    let invalid = 0;
    for (const file of files) {
      const value: unknown = parse(readFileSync(file, "utf8"));
      const values = [value, ...Array.from({ length: 8 }, () => damage(value, rng))];
      for (const v of values) {
        for (const name of names) {
          const ahead = built![name]!;
          const now = runtime.get(name)!;
          const verdict = ahead(v);
          if (verdict !== now(v) || text(ahead.errors) !== text(now.errors)) differ.push(`${file} (${name}, copy ${values.indexOf(v)})`);
          checked++;
          if (!verdict) invalid++;
        }
      }
    }
    expect(differ).toEqual([]);
    expect(checked).toBeGreaterThan(3000);
    expect(invalid).toBeGreaterThan(1000);
  });
});

describe("the loader's validators", () => {
  it("compile no schema at a process's start when the host has them built", async () => {
    vi.resetModules();
    const compile = vi.spyOn(Ajv.prototype, "compile");
    try {
      const { installNodeHost } = await import("../src/node/host.js");
      const fresh = await import("../src/interpreter/load/schema.js");
      installNodeHost();
      expect(fresh.validator("rules")({ name: 1 })).toBe(false);
      expect(fresh.validator("scenario")({ name: 1 })).toBe(false);
      expect(compile).not.toHaveBeenCalled();
    } finally {
      compile.mockRestore();
    }
  });

  it("are compiled at first use where the build's were made from another schema", () => {
    const other = { type: "object", required: ["deck"] };
    const v = schemaValidator("rules", other);
    expect(v).not.toBe(built!.rules);
    expect(v({ deck: 1 })).toBe(true);
    expect(v({ name: "x" })).toBe(false);
    expect(schemaValidator("rules", schemas.rules)).toBe(built!.rules);
  });
});
