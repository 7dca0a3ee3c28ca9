// The loader's file host in the browser: rule files held in memory by absolute path — the shipped ones, built
// into the page, and the user's, in yours/. Folders are where files are; nothing else exists. The host is made
// once and its files changed in place, so that what the loader made from the files that did not change (their
// parses, the games compiled from them) is kept across edits.
import type { ValidateFunction } from "ajv";
import type { FileRead, FolderEntry, Host } from "../../interpreter/load/host.js";
import { basename, dirname, normalize } from "../../interpreter/load/paths.js";

export const packageFolder = "/houserules";

export class MemoryHost implements Host {
  private texts = new Map<string, string>();
  /** Each folder's entries by name; sorted into `listings` when asked. */
  private folders = new Map<string, Map<string, FolderEntry>>();
  private listings = new Map<string, FolderEntry[]>();

  constructor(
    files: Iterable<[string, string]>,
    readonly ruleRoots: string[],
    readonly schemaValidator: (name: string, schema: object) => ValidateFunction,
    readonly workingFolder = packageFolder,
  ) {
    for (const [path, text] of files) this.set(path, text);
  }

  /** Writes a file (null removes it): "same" when nothing changed, "text" for a new text, "listed" when it was added or removed. */
  set(path: string, text: string | null): "same" | "text" | "listed" {
    const file = normalize(path);
    const before = this.texts.get(file);
    if (before === (text ?? undefined)) return "same";
    if (text !== null && before !== undefined) {
      this.texts.set(file, text);
      return "text";
    }
    if (text === null) {
      this.texts.delete(file);
      // the file leaves its folder, and each folder that it leaves empty leaves its own
      for (let p = file; p !== "/"; p = dirname(p)) {
        const entries = this.folders.get(dirname(p));
        entries?.delete(basename(p));
        this.listings.delete(dirname(p));
        if (entries?.size) break;
        this.folders.delete(dirname(p));
      }
    } else {
      this.texts.set(file, text);
      for (let p = file; p !== "/"; p = dirname(p)) {
        const parent = dirname(p);
        const entries = this.folders.get(parent) ?? new Map<string, FolderEntry>();
        const name = basename(p);
        if (!entries.has(name)) entries.set(name, { name, folder: p !== file });
        this.folders.set(parent, entries);
        this.listings.delete(parent);
      }
    }
    return "listed";
  }

  readFile(path: string, maxBytes: number): FileRead {
    const text = this.texts.get(normalize(path));
    // the same words as the disk's host (src/node/host.ts), so that check says the same on the page
    if (text === undefined) return { error: this.folders.get(normalize(path))?.size ? "it is a folder, not a file" : "no such file" };
    // a UTF-8 character takes at most 3 bytes per UTF-16 unit: count exactly only when it could matter
    const size = text.length * 3 > maxBytes ? new TextEncoder().encode(text).length : 0;
    if (size > maxBytes) return { error: `refused: ${size} bytes is larger than the limit of ${maxBytes} bytes`, tooLarge: true };
    return { text };
  }

  listFolder(path: string): FolderEntry[] {
    const folder = normalize(path);
    let listing = this.listings.get(folder);
    if (!listing) {
      listing = [...(this.folders.get(folder)?.values() ?? [])].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
      this.listings.set(folder, listing);
    }
    return listing;
  }
}
