// Where the values of a composed rule tree came from: each pointer prefix of the tree maps to the file and the
// pointer it was copied from, so that a problem found after composing is reported where it was written.
import type { Code, Diagnostic, Severity } from "../diagnostics.js";
import type { Source, SourceFile } from "./yaml.js";

export class ComposedSource implements Source {
  private map = new Map<string, { file: SourceFile; pointer: string }>();
  constructor(readonly path: string) {}

  set(pointer: string, file: SourceFile, original: string): void {
    for (const key of [...this.map.keys()]) if (key.startsWith(pointer + "/")) this.map.delete(key);
    this.map.set(pointer, { file, pointer: original });
  }

  /** Moves the places recorded under one pointer to another (an item whose key was renamed). */
  rename(from: string, to: string): void {
    for (const [key, value] of [...this.map]) {
      if (key === from || key.startsWith(from + "/")) {
        this.map.delete(key);
        this.map.set(to + key.slice(from.length), value);
      }
    }
  }

  has(pointer: string): boolean {
    return this.map.has(pointer);
  }

  /** The file and pointer a value of the composed tree came from. */
  origin(pointer: string): [SourceFile, string] {
    const r = this.resolve(pointer);
    return [r.file, r.pointer];
  }

  private resolve(pointer: string): { file: SourceFile; pointer: string } {
    let p = pointer;
    for (;;) {
      const hit = this.map.get(p);
      if (hit) return { file: hit.file, pointer: hit.pointer + pointer.slice(p.length) };
      if (p === "") throw new Error("composed source has no root");
      p = p.slice(0, p.lastIndexOf("/"));
    }
  }

  at(pointer: string, severity: Severity, code: Code, message: string, onKey?: boolean): Diagnostic {
    const r = this.resolve(pointer);
    return r.file.at(r.pointer, severity, code, message, onKey);
  }

  inside(pointer: string, from: number, to: number, severity: Severity, code: Code, message: string): Diagnostic {
    const r = this.resolve(pointer);
    return r.file.inside(r.pointer, from, to, severity, code, message);
  }

  lineOf(pointer: string): number {
    const r = this.resolve(pointer);
    return r.file.lineOf(r.pointer);
  }
}
