// The rule-file schema as the editor's hover reads it. monaco-yaml titles a key's hover with the key's own
// schema title or, lacking one, the nearest title above it — the whole schema's "houserules rule file" for
// every key. Each property is given its key as its title, so the hover names the key and then documents it.

type Schema = Record<string, unknown>;

/**
 * The uri the editor gives the schema. A hover ends "Source: " and the uri's last segment, decoded, so that
 * segment is written for a person to read; the uri is a name only, never fetched.
 */
export const schemaUri = "https://houserules.dev/schema/houserules%20rule%20file";

const isSchema = (v: unknown): v is Schema => typeof v === "object" && v !== null && !Array.isArray(v);

/** A copy of a JSON Schema in which every property's schema without a title has its key as title. */
export function withKeyTitles<T>(schema: T): T {
  const walk = (node: unknown, key?: string): unknown => {
    if (Array.isArray(node)) return node.map((x) => walk(x));
    if (!isSchema(node)) return node;
    const out: Schema = {};
    for (const [k, v] of Object.entries(node)) {
      if ((k === "properties" || k === "definitions" || k === "patternProperties") && isSchema(v)) {
        out[k] = Object.fromEntries(Object.entries(v).map(([name, sub]) => [name, walk(sub, k === "properties" ? name : undefined)]));
      } else if (k === "enum" || k === "const" || k === "default" || k === "examples" || k === "required") out[k] = v;
      else out[k] = walk(v);
    }
    if (key !== undefined && out.title === undefined) out.title = key;
    return out;
  };
  return walk(schema) as T;
}
