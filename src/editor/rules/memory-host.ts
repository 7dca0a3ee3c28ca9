// The loader's file host in the browser: rule files held in memory by absolute path — the shipped ones, built
// into the page, and the user's, in yours/. Folders are where files are; nothing else exists.
import type { FileRead, FolderEntry, Host } from "../../interpreter/load/host.js";
import { dirname, normalize } from "../../interpreter/load/paths.js";
import { compileSchema } from "../../interpreter/load/schema-compile.js";

export const packageFolder = "/houserules";

export function memoryHost(files: ReadonlyMap<string, string>, ruleRoots: string[], workingFolder = packageFolder): Host {
  const texts = new Map<string, string>();
  const folders = new Map<string, Map<string, FolderEntry>>();
  for (const [path, text] of files) {
    const file = normalize(path);
    texts.set(file, text);
    for (let p = file; p !== "/"; p = dirname(p)) {
      const parent = dirname(p);
      const entries = folders.get(parent) ?? new Map<string, FolderEntry>();
      const name = p.slice(parent === "/" ? 1 : parent.length + 1);
      if (!entries.has(name)) entries.set(name, { name, folder: p !== file });
      folders.set(parent, entries);
    }
  }
  const listings = new Map([...folders].map(([folder, entries]) => [folder, [...entries.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))]));
  return {
    readFile(path: string, maxBytes: number): FileRead {
      const text = texts.get(normalize(path));
      // the same words as the disk's host (src/node/host.ts), so that check says the same on the page
      if (text === undefined) return { error: listings.has(normalize(path)) ? "it is a folder, not a file" : "no such file" };
      // a UTF-8 character takes at most 3 bytes per UTF-16 unit: count exactly only when it could matter
      const size = text.length * 3 > maxBytes ? new TextEncoder().encode(text).length : 0;
      if (size > maxBytes) return { error: `refused: ${size} bytes is larger than the limit of ${maxBytes} bytes`, tooLarge: true };
      return { text };
    },
    listFolder(path: string): FolderEntry[] {
      return listings.get(normalize(path)) ?? [];
    },
    ruleRoots,
    workingFolder,
    // the page has no build of its own to compile them ahead: its rules workers may evaluate code (vite.config.ts)
    schemaValidator: (_name, schema) => compileSchema(schema),
  };
}
