// Composition of rule files. A fragment (a file with `extends:`) is layered onto its base, at every depth:
//  - an item with a new name (a zone, an action, a requirement of an action, a parameter, ...) is added;
//  - an item that already exists is replaced only if the fragment lists it under `replaces:` (a whole action,
//    `actions.play`, or one part of it, `actions.play.require.rank-order`); an existing map the fragment writes
//    without listing it is gone into, so that a fragment names only what it changes;
//  - `append:` adds effects after an existing program or items to an existing list;
//  - card sets are added to the base's;
//  - a base's `parts:` must each be filled (`fragment.fills:`) by exactly one fragment.
// No fragment's change is lost without a word: replacing an item that another fragment replaced, added to or
// appended to, or adding to an item another fragment replaced, is a conflict reported in the later file,
// unless one of the two wins — it lists the other under `overrides:`, it extends it, or it changes a part the
// other fills (`fragment.changes:`). Whichever order they come in, the winner's change is the one kept.
// Every value of the composed tree remembers the file and place it came from, so problems are reported where
// they were written.
// `without` takes rules of the fragments out (an ablation measures the variant without each in turn): an item a
// fragment adds is not added, one it replaces keeps the base's, an appended effect is not appended. A rule is named
// as coverage names it: actions.jackAgain, actions.play.require.order, actions.play.effect.append.1 (the number it
// has in the whole variant, whatever else is taken out).
import type { Diagnostic } from "../diagnostics.js";
import { closest, suggestion } from "../diagnostics.js";
import { escapePointer, type SourceFile } from "./yaml.js";
import { ComposedSource } from "./composed-source.js";
import { appendTarget } from "./append.js";

export { ComposedSource };

type Raw = Record<string, unknown>;

export interface Piece {
  id: string;
  file: SourceFile;
  raw: Raw;
  /** The id of the piece this one extends, when it is a fragment. */
  base?: string;
}

/**
 * The rules as composed, for what reads them as a whole (explain): the tree, the pieces it was made of (the
 * base first, each with its own tree), and for any value the file and line it was written at.
 */
export interface ComposedRules {
  raw: Raw;
  pieces: { id: string; name: string; file: string; raw: Raw }[];
  fileOf(pointer: string): string;
  lineOf(pointer: string): number;
  /** The rules the fragments add, replace or append, with the file and line that write each; `out` when taken out. */
  own: { rule: string; how: OwnRule["how"]; by: string; file: string; line: number; out: boolean }[];
}

export interface Composed {
  raw: Raw;
  source: ComposedSource;
  diagnostics: Diagnostic[];
  /** The rules the fragments add, replace or append to, as composed (those taken out included, marked so). */
  own: OwnRule[];
}

/** A rule a fragment brings: added, replaced or appended, by its name as coverage gives it, and where it is written. */
export interface OwnRule {
  rule: string;
  how: "add" | "replace" | "append";
  /** The fragment's id, and its file's name and the pointer of the value in it. */
  by: string;
  file: SourceFile;
  pointer: string;
  /** Taken out by `without`. */
  out: boolean;
}

const namedSections = ["zones", "variables", "constants", "options", "define", "phases", "actions", "triggers", "parts"];
const singleSections = ["players", "teams", "dealer", "start", "setup", "end", "outcome", "limits", "first"];
const metaKeys = new Set(["name", "family", "summary", "rulebook", "notes", "extends", "replaces", "overrides", "append", "include", "fragment", "assumed", "presets", "cardTypes"]);

/** What a fragment did to an item of the composed rules, kept so that no later fragment undoes it unnoticed. */
interface Change {
  path: string[]; // names: [actions, play, require, rank-order]; a define by its name alone
  by: string;
  how: "replace" | "add" | "append";
  /** An append, done again onto a replacement that it wins over. */
  redo?: () => void;
}

/** One fragment's pass: what it lists under replaces, and which of those it used. */
interface Pass {
  f: Piece;
  replaces: Map<string, number>; // path → index in the list
  used: Set<string>;
}

function defineName(key: string): string {
  const paren = key.indexOf("(");
  return paren < 0 ? key : key.slice(0, paren);
}

function clone<T>(v: T): T {
  return v === undefined ? v : (JSON.parse(JSON.stringify(v)) as T);
}

function isMap(v: unknown): v is Raw {
  return v !== null && typeof v === "object" && !Array.isArray(v);
}

/** Is one path the other or inside it? */
function within(inner: string[], outer: string[]): boolean {
  return outer.length <= inner.length && outer.every((s, i) => inner[i] === s);
}

const pointerOf = (keys: string[]) => keys.map((k) => "/" + escapePointer(k)).join("");

/** The key an item has in its holder: a define is found by its name whatever its parameters. */
function keyIn(holder: Raw, path: string[]): string | undefined {
  const name = path[path.length - 1];
  if (path.length === 2 && path[0] === "define") return Object.keys(holder).find((k) => defineName(k) === name);
  return Object.prototype.hasOwnProperty.call(holder, name) ? name : undefined;
}

/** Puts a value in place of an item, keeping its position (the order of parameters and phases matters). */
function replaceKey(holder: Raw, oldKey: string, newKey: string, value: unknown): void {
  if (oldKey === newKey) {
    holder[oldKey] = value;
    return;
  }
  const entries = Object.entries(holder);
  for (const [k] of entries) delete holder[k];
  for (const [k, v] of entries) holder[k === oldKey ? newKey : k] = k === oldKey ? value : v;
}

/** Composes a base and fragments, in order. */
export function compose(base: Piece, fragments: Piece[], without: readonly string[] = []): Composed {
  return new Composer(base, without).run(fragments);
}

class Composer {
  readonly diagnostics: Diagnostic[] = [];
  readonly source: ComposedSource;
  readonly raw: Raw = {};
  private changes: Change[] = [];
  private filled = new Map<string, string>(); // part -> fragment id
  private pieces = new Map<string, Piece>();
  private parts: Raw;
  private readonly own: OwnRule[] = [];
  private readonly without: ReadonlySet<string>;
  /** Per list appended to, the appended items taken out so far: the others keep the numbers they have in the whole. */
  private readonly takenOut = new Map<string, number>();

  constructor(private base: Piece, without: readonly string[]) {
    this.without = new Set(without);
    this.source = new ComposedSource(base.file.path);
    this.source.set("", base.file, "");
    for (const [k, v] of Object.entries(base.raw)) this.raw[k] = clone(v);
    this.parts = (this.raw.parts ?? {}) as Raw;
    this.pieces.set(base.id, base);
  }

  run(fragments: Piece[]): Composed {
    for (const f of fragments) {
      this.pieces.set(f.id, f);
      this.fragment(f);
    }
    for (const part of Object.keys(this.parts)) {
      if (!this.filled.has(part)) {
        this.diagnostics.push(this.base.file.at(`/parts/${escapePointer(part)}`, "error", "E_COMPOSE", `no fragment fills the ${this.partName(part)} part`, true));
      }
    }
    this.raw.name = [this.base.raw.name, ...fragments.filter((f) => f.raw.name).map((f) => f.raw.name)].join(" + ");
    delete this.raw.include;
    return { raw: this.raw, source: this.source, diagnostics: this.diagnostics, own: this.own };
  }

  private error(file: SourceFile, pointer: string, code: "E_CONFLICT" | "E_COMPOSE", message: string, onKey = true): void {
    this.diagnostics.push(file.at(pointer, "error", code, message, onKey));
  }

  private partName(part: string): string {
    const type = (this.parts[part] as Raw | undefined)?.type;
    return typeof type === "string" ? type : part;
  }

  /** Does fragment `a` win over fragment `b` where both change the same item? */
  private wins(a: string, b: string): boolean {
    const f = this.pieces.get(a);
    if (!f || b === this.base.id) return true;
    if (((f.raw.overrides ?? []) as string[]).includes(b)) return true;
    const changes = ((f.raw.fragment as Raw | undefined)?.changes ?? []) as string[];
    for (const [part, filler] of this.filled) if (filler === b && changes.includes(part)) return true;
    // a fragment is written on top of the fragments it extends
    for (let up = f.base, i = 0; up && i < 100; up = this.pieces.get(up)?.base, i++) if (up === b) return true;
    return false;
  }

  private fragment(f: Piece): void {
    const info = (f.raw.fragment ?? {}) as { fills?: string[] };
    let clash = false;
    for (const part of info.fills ?? []) {
      if (!(part in this.parts)) {
        this.error(f.file, "/fragment/fills", "E_COMPOSE", `the base has no part '${part}'${suggestion(part, Object.keys(this.parts))}`, false);
        continue;
      }
      const earlier = this.filled.get(part);
      if (earlier) {
        this.error(f.file, "/fragment/fills", "E_CONFLICT", `the ${this.partName(part)} part is already filled by ${earlier}: a round takes exactly one`, false);
        clash = true;
      } else this.filled.set(part, f.id);
    }
    if (clash) return; // its items would only repeat the same conflict

    const pass: Pass = { f, replaces: new Map(), used: new Set() };
    ((f.raw.replaces ?? []) as string[]).forEach((p, i) => pass.replaces.set(namesOf(p).join("."), i));

    for (const [section, value] of Object.entries(f.raw)) {
      if (metaKeys.has(section)) continue;
      const sp = `/${escapePointer(section)}`;
      if (namedSections.includes(section)) {
        const holder = (this.raw[section] ??= {}) as Raw;
        for (const [key, item] of Object.entries(value as Raw)) {
          const name = section === "define" ? defineName(key) : key;
          this.item(pass, [section, name], [section], holder, key, item, `${sp}/${escapePointer(key)}`);
        }
      } else if (section === "cards") {
        const cards = (this.raw.cards ??= {}) as Raw;
        const sets = (cards.sets ??= []) as unknown[];
        ((value as Raw).sets as unknown[] | undefined)?.forEach((set, i) => {
          this.source.set(`/cards/sets/${sets.length}`, f.file, `/cards/sets/${i}`);
          sets.push(clone(set));
        });
        const attrs = (cards.attributes ??= {}) as Raw;
        for (const [name, attr] of Object.entries(((value as Raw).attributes ?? {}) as Raw)) {
          this.item(pass, ["cards", "attributes", name], ["cards", "attributes"], attrs, name, attr, `/cards/attributes/${escapePointer(name)}`);
        }
      } else if (singleSections.includes(section)) {
        this.item(pass, [section], [], this.raw, section, value, sp);
      } else {
        this.error(f.file, sp, "E_COMPOSE", `a fragment cannot set '${section}'`);
      }
    }

    for (const [path, addition] of Object.entries((f.raw.append ?? {}) as Raw)) this.append(f, path, addition, `/append/${escapePointer(path)}`);

    for (const [path, index] of pass.replaces) {
      if (pass.used.has(path)) continue;
      const names = path.split(".");
      const there = this.find(names);
      const message = there.found
        ? `'${path}' is listed under replaces, but this fragment does not write it`
        : `'${path}' is listed under replaces, but nothing sets it${there.holder ? nearby(names, there.holder) : ""}`;
      this.error(f.file, `/replaces/${index}`, "E_COMPOSE", message, false);
    }
  }

  /** The holder of an item of the composed tree, and whether the item is there. */
  private find(names: string[]): { holder: Raw | null; found: boolean } {
    let holder: unknown = this.raw;
    for (let i = 0; i < names.length - 1; i++) {
      if (!isMap(holder)) return { holder: null, found: false };
      const key = keyIn(holder, names.slice(0, i + 1));
      holder = key === undefined ? undefined : holder[key];
    }
    if (!isMap(holder)) return { holder: null, found: false };
    return { holder, found: keyIn(holder, names) !== undefined };
  }

  /** A top-level item a fragment writes: refused whole if it writes over something it does not list. */
  private item(pass: Pass, path: string[], keys: string[], holder: Raw, key: string, value: unknown, pointer: string): void {
    const existing = keyIn(holder, path);
    if (existing !== undefined) {
      const over: { path: string[]; pointer: string }[] = [];
      this.overwrites(pass, path, holder[existing], value, pointer, over);
      if (over.length) {
        const top = path.join(".");
        const first = over[0].path.join(".");
        const message = over.length === 1
          ? `'${first}' is already set by ${this.setter(over[0].path)}; a fragment replaces an item only when it lists it under replaces${first === top ? "" : `: replaces: [${first}]`}`
          : `'${top}' is already set by ${this.setter(path)}; a fragment replaces an item only when it lists it under replaces: replaces: [${over.map((o) => o.path.join(".")).join(", ")}] for what this changes, or replaces: [${top}] for the whole`;
        this.error(pass.f.file, over.length === 1 ? over[0].pointer : pointer, "E_CONFLICT", message);
        return;
      }
    }
    this.put(pass, path, keys, holder, key, value, pointer);
  }

  /** The existing items a value would write over without the fragment listing them. */
  private overwrites(pass: Pass, path: string[], existing: unknown, value: unknown, pointer: string, out: { path: string[]; pointer: string }[]): void {
    if (pass.replaces.has(path.join("."))) return;
    if (!isMap(existing) || !isMap(value)) {
      out.push({ path, pointer });
      return;
    }
    for (const [k, v] of Object.entries(value)) {
      const inner = [...path, k];
      const key = keyIn(existing, inner);
      if (key !== undefined) this.overwrites(pass, inner, existing[key], v, `${pointer}/${escapePointer(k)}`, out);
    }
  }

  /** Who last set an item: the fragment whose change covers it, or the base. */
  private setter(path: string[]): string {
    for (let i = this.changes.length - 1; i >= 0; i--) {
      const c = this.changes[i];
      if (c.how !== "append" && within(path, c.path)) return c.by;
    }
    return "the base";
  }

  /** Writes a value at an item: adds it when new, replaces it when listed, else goes inside it. */
  private put(pass: Pass, path: string[], keys: string[], holder: Raw, key: string, value: unknown, pointer: string): void {
    const { f } = pass;
    const dotted = path.join(".");
    const existing = keyIn(holder, path);
    if (this.without.has(dotted)) {
      // taken out: the base's item stays as it was, and nothing is added
      for (const listed of pass.replaces.keys()) if (listed === dotted || listed.startsWith(dotted + ".")) pass.used.add(listed);
      this.own.push({ rule: dotted, how: existing !== undefined && pass.replaces.has(dotted) ? "replace" : "add", by: f.id, file: f.file, pointer, out: true });
      return;
    }
    if (existing === undefined) {
      if (pass.replaces.has(dotted)) {
        pass.used.add(dotted);
        this.error(f.file, `/replaces/${pass.replaces.get(dotted)}`, "E_COMPOSE", `'${dotted}' is listed under replaces, but nothing sets it${nearby(path, holder)}`, false);
      }
      if (!this.mayChangeInside(f, path, pointer, `adds '${dotted}'`)) return;
      holder[key] = clone(value);
      this.source.set(pointerOf([...keys, key]), f.file, pointer);
      this.changes.push({ path, by: f.id, how: "add" });
      this.own.push({ rule: dotted, how: "add", by: f.id, file: f.file, pointer, out: false });
      return;
    }
    if (pass.replaces.has(dotted)) {
      for (const listed of pass.replaces.keys()) if (listed === dotted || listed.startsWith(dotted + ".")) pass.used.add(listed);
      this.replace(f, path, keys, holder, existing, key, value, pointer);
      return;
    }
    // both are maps (item() refused anything else): go inside
    const inner = holder[existing] as Raw;
    for (const [k, v] of Object.entries(value as Raw)) {
      this.put(pass, [...path, k], [...keys, existing], inner, k, v, `${pointer}/${escapePointer(k)}`);
    }
  }

  private replace(f: Piece, path: string[], keys: string[], holder: Raw, existing: string, key: string, value: unknown, pointer: string): void {
    const dotted = path.join(".");
    const redo: Change[] = [];
    const dropped = new Set<Change>();
    for (const c of this.changes) {
      if (c.by === f.id || !(within(c.path, path) || within(path, c.path))) continue;
      if (this.wins(f.id, c.by)) {
        if (within(c.path, path)) dropped.add(c);
        continue;
      }
      if (this.wins(c.by, f.id)) {
        if (c.how === "append") {
          redo.push(c);
          continue;
        }
        return; // the other fragment's change is the one kept
      }
      const other = c.path.join(".");
      const why =
        c.how === "append" ? `replacing '${dotted}' would drop what ${c.by} appends to '${other}'`
        : other === dotted ? `'${dotted}' is also ${c.how === "add" ? "set" : "replaced"} by ${c.by}`
        : within(path, c.path) ? `'${dotted}' is inside '${other}', which ${c.by} ${c.how === "add" ? "adds" : "replaces"}`
        : `replacing '${dotted}' would drop '${other}', which ${c.by} ${c.how === "add" ? "adds" : "replaces"}`;
      this.error(f.file, pointer, "E_CONFLICT", `${why}: say which wins, with overrides: [${c.by}] in one of them`);
      return;
    }
    const at = pointerOf([...keys, key]);
    if (existing !== key) this.source.rename(pointerOf([...keys, existing]), at);
    replaceKey(holder, existing, key, clone(value));
    this.source.set(at, f.file, pointer);
    this.changes = this.changes.filter((c) => !dropped.has(c));
    this.changes.push({ path, by: f.id, how: "replace" });
    this.own.push({ rule: dotted, how: "replace", by: f.id, file: f.file, pointer, out: false });
    for (const c of redo) c.redo!();
  }

  /**
   * May a fragment add to, or append to, an item inside one another fragment replaced? Only when one of them
   * wins: otherwise the order of the fragments would decide, without a word, whether the addition survives.
   */
  private mayChangeInside(f: Piece, path: string[], pointer: string, what: string): boolean {
    for (const c of this.changes) {
      if (c.by === f.id || c.how !== "replace" || !within(path, c.path)) continue;
      if (this.wins(f.id, c.by)) continue;
      if (this.wins(c.by, f.id)) return false;
      this.error(f.file, pointer, "E_CONFLICT", `this ${what}, but ${c.by} replaces '${c.path.join(".")}': say which wins, with overrides: [${c.by}] in one of them`);
      return false;
    }
    return true;
  }

  private append(f: Piece, path: string, addition: unknown, pointer: string): void {
    const names = namesOf(path);
    const target = appendTarget(this.raw, names);
    if (typeof target === "string") {
      this.error(f.file, pointer, "E_COMPOSE", target);
      return;
    }
    if (!this.mayChangeInside(f, names, pointer, `appends to '${names.join(".")}'`)) return;
    let first = true;
    const apply = (): void => {
      const t = appendTarget(this.raw, names);
      if (typeof t === "string") {
        this.error(f.file, pointer, "E_COMPOSE", t);
        return;
      }
      const basePointer = pointerOf(t.keys);
      const list = Array.isArray(t.current) ? t.current : [t.current];
      if (!Array.isArray(t.current)) this.source.set(`${basePointer}/0`, ...this.source.origin(basePointer));
      const additions = Array.isArray(addition) ? addition : [addition];
      additions.forEach((item, i) => {
        const at = Array.isArray(addition) ? `${pointer}/${i}` : pointer;
        // named as coverage names it (compile-game.ts): its place in the list of the whole variant
        const rule = `${t.keys.join(".")}.append.${list.length + (this.takenOut.get(basePointer) ?? 0)}`;
        const out = this.without.has(rule);
        if (first) this.own.push({ rule, how: "append", by: f.id, file: f.file, pointer: at, out });
        if (out) {
          this.takenOut.set(basePointer, (this.takenOut.get(basePointer) ?? 0) + 1);
          return;
        }
        this.source.set(`${basePointer}/${list.length}`, f.file, at);
        list.push(item);
      });
      t.holder[t.key] = list.length === 1 && !Array.isArray(t.current) ? t.current : list;
      first = false;
    };
    apply();
    this.changes.push({ path: names, by: f.id, how: "append", redo: apply });
  }
}

/** "did you mean" for a misspelt last name of a path, among the items of its holder, as a whole path. */
function nearby(names: string[], holder: Raw): string {
  const near = closest(names[names.length - 1], Object.keys(holder).map(defineName));
  return near ? ` (did you mean '${[...names.slice(0, -1), near].join(".")}'?)` : "";
}

/** `actions.play.require.rank-order` → its names; a define may be written with its parameters: define.score(p). */
export function namesOf(path: string): string[] {
  const m = /^define\.([A-Za-z_][A-Za-z0-9_]*)/.exec(path);
  if (m) return ["define", m[1]];
  return path.split(".");
}
