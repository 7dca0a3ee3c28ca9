// The user's own rule files, kept in the browser's storage so that they survive a reload. Every change is
// announced, so that the file list, the editor and the checker follow it.
import { freeName } from "./names.js";

const key = "houserules.files.v1";

export type FilesListener = (change: { name: string; kind: "added" | "changed" | "removed" }) => void;

export class FileStore {
  private files = new Map<string, string>();
  private listeners: FilesListener[] = [];
  /** The last storage failure (the quota is a few MB), shown to the user; cleared by the next good save. */
  saveProblem: string | null = null;

  constructor(private storage: Storage | null = globalThis.localStorage ?? null) {
    const saved = this.read();
    for (const [name, text] of saved) this.files.set(name, text);
  }

  names(): string[] {
    return [...this.files.keys()].sort((a, b) => a.localeCompare(b));
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
    const name = freeName(wanted, (n) => this.files.has(n));
    this.files.set(name, text);
    this.save();
    this.emit({ name, kind: "added" });
    return name;
  }

  set(name: string, text: string): void {
    if (this.files.get(name) === text) return;
    const kind = this.files.has(name) ? "changed" : "added";
    this.files.set(name, text);
    this.save();
    this.emit({ name, kind });
  }

  remove(name: string): void {
    if (!this.files.delete(name)) return;
    this.save();
    this.emit({ name, kind: "removed" });
  }

  rename(from: string, wanted: string): string {
    const text = this.files.get(from);
    if (text === undefined) return from;
    this.remove(from);
    return this.add(wanted, text);
  }

  on(listener: FilesListener): void {
    this.listeners.push(listener);
  }

  private emit(change: Parameters<FilesListener>[0]): void {
    for (const l of this.listeners) l(change);
  }

  private read(): [string, string][] {
    try {
      const raw = this.storage?.getItem(key);
      if (!raw) return [];
      const value: unknown = JSON.parse(raw);
      if (!Array.isArray(value)) return [];
      return value.filter((e): e is [string, string] => Array.isArray(e) && typeof e[0] === "string" && typeof e[1] === "string");
    } catch {
      return [];
    }
  }

  private save(): void {
    try {
      this.storage?.setItem(key, JSON.stringify(this.entries()));
      this.saveProblem = null;
    } catch (e) {
      this.saveProblem = `your files could not be saved in this browser: ${(e as Error).message}`;
    }
  }
}
