// The user's own rule files, kept in the browser's storage so that they survive a reload. Every change is
// announced, so that the file list, the editor and the checker follow it. Each file is kept under a key of its
// own and the names in one list, so that a keystroke writes the file it changed, not the whole workspace.
import { freeName } from "./names.js";

/** The list of names. */
const indexKey = "houserules.files.v2";
/** A file's text is kept under this prefix and its name. */
const filePrefix = "houserules.file.v2/";
/** Where earlier versions of the page kept every file together, as one list of [name, text]: read once and moved. */
const oldKey = "houserules.files.v1";

/** A change to one or more files (files added together, as a shared link's are, are announced at once). */
export type FilesListener = (change: { names: string[]; kind: "added" | "changed" | "removed"; renamedTo?: string }) => void;

export class FileStore {
  private files = new Map<string, string>();
  private listeners: FilesListener[] = [];
  /** The names in order, kept until the next file is added or removed. */
  private sorted: string[] | null = null;
  /** The last storage failure (the quota is a few MB), shown to the user; cleared by the next good save. */
  saveProblem: string | null = null;

  constructor(private storage: Storage | null = globalThis.localStorage ?? null) {
    const { files, moved } = this.read();
    for (const [name, text] of files) this.files.set(name, text);
    // files an earlier page kept together get a key each; the old list goes only once every file is kept so
    if (moved && this.save(this.names(), true)) this.storage?.removeItem(oldKey);
  }

  names(): string[] {
    this.sorted ??= [...this.files.keys()].sort((a, b) => a.localeCompare(b));
    return [...this.sorted];
  }

  has(name: string): boolean {
    return this.files.has(name);
  }

  get(name: string): string | undefined {
    return this.files.get(name);
  }

  entries(): [string, string][] {
    return this.names().map((n) => [n, this.files.get(n)!]);
  }

  /** Adds a file under a free name made from `wanted`; returns the name it got. */
  add(wanted: string, text: string): string {
    return this.addAll([[wanted, text]])[0];
  }

  /** Adds files, each under a free name made from the name it is given; saves and announces them once. */
  addAll(files: [wanted: string, text: string][]): string[] {
    const names = files.map(([wanted, text]) => {
      const name = freeName(wanted, (n) => this.files.has(n));
      this.files.set(name, text);
      return name;
    });
    if (!names.length) return names;
    this.sorted = null;
    this.save(names, true);
    this.emit({ names, kind: "added" });
    return names;
  }

  set(name: string, text: string): void {
    if (this.files.get(name) === text) return;
    const kind = this.files.has(name) ? "changed" : "added";
    if (kind === "added") this.sorted = null;
    this.files.set(name, text);
    this.save([name], kind === "added");
    this.emit({ names: [name], kind });
  }

  remove(name: string): void {
    if (!this.files.delete(name)) return;
    this.sorted = null;
    this.save([name], true);
    this.emit({ names: [name], kind: "removed" });
  }

  rename(from: string, wanted: string): string {
    const text = this.files.get(from);
    if (text === undefined) return from;
    // both changes are made before either is announced: a listener sees the file under its new name only
    this.files.delete(from);
    const name = freeName(wanted, (n) => this.files.has(n));
    this.files.set(name, text);
    this.sorted = null;
    this.save([from, name], true);
    this.emit({ names: [from], kind: "removed", renamedTo: name });
    this.emit({ names: [name], kind: "added" });
    return name;
  }

  on(listener: FilesListener): void {
    this.listeners.push(listener);
  }

  private emit(change: Parameters<FilesListener>[0]): void {
    for (const l of this.listeners) l(change);
  }

  private read(): { files: [string, string][]; moved: boolean } {
    const parsed = (raw: string | null | undefined): unknown => {
      try {
        return raw ? JSON.parse(raw) : null;
      } catch {
        return null;
      }
    };
    const index = parsed(this.storage?.getItem(indexKey));
    if (Array.isArray(index)) {
      const names = index.filter((n): n is string => typeof n === "string");
      const files = names.flatMap((n): [string, string][] => {
        const text = this.storage?.getItem(filePrefix + n);
        return typeof text === "string" ? [[n, text]] : [];
      });
      return { files, moved: false };
    }
    const old = parsed(this.storage?.getItem(oldKey));
    if (!Array.isArray(old)) return { files: [], moved: false };
    const files = old.filter((e): e is [string, string] => Array.isArray(e) && typeof e[0] === "string" && typeof e[1] === "string");
    return { files, moved: true };
  }

  /** Writes the named files (a file no longer here is removed) and, when names came or went, the list of names. */
  private save(names: string[], list: boolean): boolean {
    try {
      for (const name of names) {
        const text = this.files.get(name);
        if (text === undefined) this.storage?.removeItem(filePrefix + name);
        else this.storage?.setItem(filePrefix + name, text);
      }
      if (list) this.storage?.setItem(indexKey, JSON.stringify([...this.files.keys()]));
      this.saveProblem = null;
      return true;
    } catch (e) {
      this.saveProblem = `your files could not be saved in this browser: ${(e as Error).message}`;
      return false;
    }
  }
}
