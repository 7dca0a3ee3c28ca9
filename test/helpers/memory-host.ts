// A host that keeps rule files in memory, as the playground does: proof that loading needs nothing of Node.
import type { FolderEntry, Host } from "../../src/interpreter/load/host.js";
import { dirname, normalize } from "../../src/interpreter/load/paths.js";
import { compileSchema } from "../../src/interpreter/load/schema-compile.js";

export function memoryHost(files: Record<string, string>, roots: string[] = ["/rules"], workingFolder = "/work"): Host {
  const texts = new Map(Object.entries(files).map(([path, text]) => [normalize(path), text]));
  return {
    readFile(path, maxBytes) {
      const text = texts.get(normalize(path));
      if (text === undefined) return { error: "no such file" };
      if (new TextEncoder().encode(text).length > maxBytes) return { error: `larger than ${maxBytes} bytes`, tooLarge: true };
      return { text };
    },
    listFolder(path) {
      const folder = normalize(path);
      const entries = new Map<string, FolderEntry>();
      for (const file of texts.keys()) {
        for (let p = file; p !== "/" && p !== "."; p = dirname(p)) {
          if (dirname(p) === folder) entries.set(p, { name: p.slice(folder.length).replace(/^\//, ""), folder: p !== file });
        }
      }
      return [...entries.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    },
    ruleRoots: roots,
    workingFolder,
    schemaValidator: (_name, schema) => compileSchema(schema),
  };
}
