// Composition of rule files. A fragment (a file with `extends:`) is layered onto its base:
//  - an item with a new name (a zone, an action, a definition, ...) is added;
//  - an item that already exists is replaced only if the fragment lists it under `replaces:`;
//  - two fragments that replace the same item conflict unless one says it wins (`overrides: [other id]`,
//    or, for an item of a part, `fragment.changes: [part]`);
//  - `append:` adds effects after an existing program or items to an existing list;
//  - card sets are added to the base's;
//  - a base's `parts:` must each be filled (`fragment.fills:`) by exactly one fragment.
// Every value of the composed tree remembers the file and place it came from, so problems are reported where
// they were written.
import type { Code, Diagnostic, Severity } from "../diagnostics.js";
import { suggestion } from "../diagnostics.js";
import { escapePointer, type Source, type SourceFile } from "./yaml.js";

type Raw = Record<string, unknown>;

export interface Piece {
  id: string;
  file: SourceFile;
  raw: Raw;
}

const namedSections = ["zones", "variables", "constants", "options", "define", "phases", "actions", "triggers", "parts"];
const singleSections = ["players", "dealer", "start", "setup", "end", "outcome", "limits", "first"];
const metaKeys = new Set(["name", "summary", "rulebook", "notes", "extends", "replaces", "overrides", "append", "include", "fragment", "assumed", "presets"]);

/** A composed tree's places: each pointer prefix maps to the file and pointer it was copied from. */
export class ComposedSource implements Source {
  private map = new Map<string, { file: SourceFile; pointer: string }>();
  constructor(readonly path: string) {}

  set(pointer: string, file: SourceFile, original: string): void {
    for (const key of [...this.map.keys()]) if (key.startsWith(pointer + "/")) this.map.delete(key);
    this.map.set(pointer, { file, pointer: original });
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

export interface Composed {
  raw: Raw;
  source: ComposedSource;
  diagnostics: Diagnostic[];
}

function defineName(key: string): string {
  const paren = key.indexOf("(");
  return paren < 0 ? key : key.slice(0, paren);
}

function itemKey(section: string, container: Raw, name: string): string | undefined {
  if (section !== "define") return Object.prototype.hasOwnProperty.call(container, name) ? name : undefined;
  return Object.keys(container).find((k) => defineName(k) === name);
}

function clone<T>(v: T): T {
  return v === undefined ? v : (JSON.parse(JSON.stringify(v)) as T);
}

/** Composes a base and fragments, in order. */
export function compose(base: Piece, fragments: Piece[]): Composed {
  const diagnostics: Diagnostic[] = [];
  const source = new ComposedSource(base.file.path);
  const raw: Raw = {};
  source.set("", base.file, "");
  for (const [k, v] of Object.entries(base.raw)) raw[k] = clone(v);
  const owner = new Map<string, string>(); // item path -> id of the fragment that last set it ("" for the base)
  const filled = new Map<string, string>(); // part -> fragment id
  const parts = (raw.parts ?? {}) as Raw;

  const conflict = (f: Piece, pointer: string, message: string, onKey = true) =>
    diagnostics.push(f.file.at(pointer, "error", "E_CONFLICT", message, onKey));

  for (const f of fragments) {
    const info = (f.raw.fragment ?? {}) as { fills?: string[]; changes?: string[] };
    const replaces = new Set((f.raw.replaces ?? []) as string[]);
    const used = new Set<string>();
    const overrides = new Set((f.raw.overrides ?? []) as string[]);
    let clash = false;
    for (const part of info.fills ?? []) {
      if (!(part in parts)) {
        diagnostics.push(f.file.at("/fragment/fills", "error", "E_COMPOSE", `the base has no part '${part}'${suggestion(part, Object.keys(parts))}`));
        continue;
      }
      const earlier = filled.get(part);
      if (earlier) {
        diagnostics.push(f.file.at("/fragment/fills", "error", "E_CONFLICT", `the ${partName(parts, part)} part is already filled by ${earlier}: a round takes exactly one`));
        clash = true;
      } else filled.set(part, f.id);
    }
    if (clash) continue; // its items would only repeat the same conflict
    const changes = new Set(info.changes ?? []);
    /** May this fragment replace an item another fragment set? */
    const mayOverride = (path: string): boolean => {
      const by = owner.get(path);
      if (!by) return true; // the base's own items may always be replaced when listed
      if (overrides.has(by)) return true;
      for (const [part, filler] of filled) if (filler === by && changes.has(part)) return true;
      return false;
    };
    const replaceCheck = (path: string, pointer: string): boolean => {
      if (!replaces.has(path)) {
        const by = owner.get(path);
        conflict(f, pointer, `'${path}' is already set by ${by ? by : "the base"}; a fragment replaces an item only when it lists it under replaces`);
        return false;
      }
      used.add(path);
      if (!mayOverride(path)) {
        conflict(f, pointer, `'${path}' is also replaced by ${owner.get(path)}: say which wins, with overrides: [${owner.get(path)}] in one of them`);
        return false;
      }
      return true;
    };

    for (const [section, value] of Object.entries(f.raw)) {
      if (metaKeys.has(section)) continue;
      const sp = `/${escapePointer(section)}`;
      if (namedSections.includes(section)) {
        const target = (raw[section] ??= {}) as Raw;
        for (const [key, item] of Object.entries(value as Raw)) {
          const name = section === "define" ? defineName(key) : key;
          const path = `${section}.${name}`;
          const pointer = `${sp}/${escapePointer(key)}`;
          const existing = itemKey(section, target, name);
          if (existing !== undefined) {
            if (!replaceCheck(path, pointer)) continue;
            delete target[existing];
          } else if (replaces.has(path)) {
            used.add(path);
            diagnostics.push(f.file.at(`/replaces`, "error", "E_COMPOSE", `'${path}' is listed under replaces, but nothing sets it${suggestion(name, Object.keys(target).map(defineName))}`));
          }
          target[key] = clone(item);
          source.set(`/${escapePointer(section)}/${escapePointer(key)}`, f.file, pointer);
          owner.set(path, f.id);
        }
        continue;
      }
      if (section === "cards") {
        const cards = (raw.cards ??= {}) as Raw;
        const sets = (cards.sets ??= []) as unknown[];
        ((value as Raw).sets as unknown[] | undefined)?.forEach((set, i) => {
          source.set(`/cards/sets/${sets.length}`, f.file, `/cards/sets/${i}`);
          sets.push(clone(set));
        });
        for (const [name, attr] of Object.entries(((value as Raw).attributes ?? {}) as Raw)) {
          const attrs = (cards.attributes ??= {}) as Raw;
          const path = `cards.attributes.${name}`;
          if (name in attrs && !replaceCheck(path, `/cards/attributes/${escapePointer(name)}`)) continue;
          attrs[name] = clone(attr);
          source.set(`/cards/attributes/${escapePointer(name)}`, f.file, `/cards/attributes/${escapePointer(name)}`);
          owner.set(path, f.id);
        }
        continue;
      }
      if (singleSections.includes(section)) {
        if (raw[section] !== undefined && !replaceCheck(section, sp)) continue;
        if (raw[section] === undefined && replaces.has(section)) used.add(section);
        raw[section] = clone(value);
        source.set(sp, f.file, sp);
        owner.set(section, f.id);
        continue;
      }
      diagnostics.push(f.file.at(sp, "error", "E_COMPOSE", `a fragment cannot set '${section}'`, true));
    }

    for (const [path, addition] of Object.entries((f.raw.append ?? {}) as Raw)) {
      const pointer = `/append/${escapePointer(path)}`;
      const steps = splitPath(path);
      const holder = lookup(raw, steps.slice(0, -1));
      const last = steps[steps.length - 1];
      if (!holder || typeof holder !== "object" || Array.isArray(holder)) {
        diagnostics.push(f.file.at(pointer, "error", "E_COMPOSE", `there is nothing at '${path}' to append to`, true));
        continue;
      }
      let container = holder as Raw;
      let key = steps[0] === "define" && steps.length === 2 ? itemKey("define", container, last) ?? last : last;
      let basePointer = "/" + [...steps.slice(0, -1), key].map(escapePointer).join("/");
      let current = container[key];
      if (current && typeof current === "object" && !Array.isArray(current) && "value" in (current as Raw)) {
        // the item is written {value: ..., text: ...}: append to its value
        container = current as Raw;
        key = "value";
        basePointer += "/value";
        current = container.value;
      }
      if (current === undefined) {
        diagnostics.push(f.file.at(pointer, "error", "E_COMPOSE", `there is nothing at '${path}' to append to`, true));
        continue;
      }
      const list = Array.isArray(current) ? current : [current];
      if (!Array.isArray(current)) source.set(`${basePointer}/0`, ...source.origin(basePointer));
      const additions = Array.isArray(addition) ? addition : [addition];
      additions.forEach((item, i) => {
        source.set(`${basePointer}/${list.length}`, f.file, Array.isArray(addition) ? `${pointer}/${i}` : pointer);
        list.push(item);
      });
      container[key] = list;
    }

    for (const path of replaces) {
      if (!used.has(path)) {
        diagnostics.push(f.file.at("/replaces", "error", "E_COMPOSE", `'${path}' is listed under replaces, but nothing sets it`));
      }
    }
  }

  for (const part of Object.keys(parts)) {
    if (!filled.has(part)) {
      diagnostics.push(base.file.at(`/parts/${escapePointer(part)}`, "error", "E_COMPOSE", `no fragment fills the ${partName(parts, part)} part`, true));
    }
  }
  raw.name = [base.raw.name, ...fragments.filter((f) => f.raw.name).map((f) => f.raw.name)].join(" + ");
  delete raw.include;
  return { raw, source, diagnostics };
}

function partName(parts: Raw, part: string): string {
  const type = (parts[part] as Raw | undefined)?.type;
  return typeof type === "string" ? type : part;
}

/** `phases.play.end` → [phases, play, end]; a define's key may carry parameters: define.score(p). */
function splitPath(path: string): string[] {
  const m = /^define\.([A-Za-z_][A-Za-z0-9_]*)/.exec(path);
  if (m) return ["define", m[1]];
  return path.split(".");
}

function lookup(raw: Raw, steps: string[]): unknown {
  let v: unknown = raw;
  for (const s of steps) {
    if (!v || typeof v !== "object") return undefined;
    v = (v as Raw)[s];
  }
  return v;
}

