// The rule files as a catalogue: fragments can be named as printed ("Deal Eight") wherever an id is accepted,
// rule cards can be listed with their type and markers, and bases can offer named presets. The catalogue holds
// every file under the rule folders (the shipped rules/, then the user's own); a user's file beside the one
// that names it (or, on the command line, in the working folder) is found by its id and its name as well.
import { idOf, resolveRules, shippedRules } from "./resolve.js";
import { dirname, join } from "./paths.js";
import { host, noteRead, perHost } from "./host.js";
import { byText } from "./by-text.js";
import { maxFileBytes } from "../limits.js";
import { SourceFile, loadYaml } from "./yaml.js";
import { ruleCardsOf, type MatchCard } from "./added-cards.js";

export interface CatalogEntry {
  id: string;
  name: string;
  /** The game's family on the shelf (trick-taking, shedding, ...), for a game that gives one. */
  family: string | null;
  extends: string | null;
  type: string | null; // a fragment's kind, as printed: Deal, Aim, Optional Twist, ...
  markers: string[];
  known: "rulebook" | "interpretation" | "house" | null; // house: not from the printed game or rulebook
  text: string;
  fills: string[];
  changes: string[];
  presets: Record<string, string[]>;
  include: string[];
  parts: Record<string, { type?: string; text?: string }>;
  cardTypes: Record<string, { colour?: string; text?: string }>;
  players: { min: number; max: number } | null;
  /** A match's rule cards as its own file holds them (a match that extends another has the other's too). */
  matchCards: MatchCard[];
  /** The folder of the file: what it names (extends, include) is found from there. */
  folder: string;
}

/**
 * A rule file described from its text, or undefined when it does not read; kept per file and id for a host
 * (an entry carries the id it was asked by: the catalogue's id of a file must not be whichever id was asked first).
 */
const described = perHost(() => new Map<string, CatalogEntry | null>(), (cache, files) => {
  for (const key of cache.keys()) if (files.has(key.slice(0, key.indexOf("\u0000")))) cache.delete(key);
  return false;
});

/** Entries by file, id and text, kept across hosts (see by-text.ts): a new host reads again only what changed. */
const madeEntries = byText<CatalogEntry | null>();

function describe(file: string, id: string): CatalogEntry | undefined {
  const cache = described();
  const key = `${file}\u0000${id}`;
  noteRead(file);
  if (cache.has(key)) return cache.get(key) ?? undefined;
  const read = host().readFile(file, maxFileBytes);
  const entry = "text" in read ? madeEntries(key, read.text, () => readEntry(file, id, read.text) ?? null) : null;
  cache.set(key, entry);
  return entry ?? undefined;
}

function readEntry(file: string, id: string, text: string): CatalogEntry | undefined {
  // read with the loader's limits: a file of 150,000 keys is refused here at once, as it is when loaded
  const yaml = loadYaml(new SourceFile(file, text));
  if (yaml.problems.some((d) => d.severity === "error")) return undefined; // check reports broken files; the catalogue only lists what reads
  const raw = yaml.value as Record<string, unknown> | null;
  if (!raw || typeof raw !== "object") return undefined;
  const info = (raw.fragment ?? {}) as Record<string, unknown>;
  return {
    id,
    name: typeof raw.name === "string" ? raw.name : id,
    family: typeof raw.family === "string" ? raw.family : null,
    extends: typeof raw.extends === "string" ? raw.extends : null,
    type: typeof info.type === "string" ? info.type : null,
    markers: Array.isArray(info.markers) ? info.markers.map(String) : [],
    known: info.known === "rulebook" || info.known === "interpretation" || info.known === "house" ? info.known : null,
    // a card's printed text; a file with none says what it is about in its summary
    text: typeof info.text === "string" ? info.text.trim() : typeof raw.summary === "string" ? raw.summary.trim() : "",
    fills: Array.isArray(info.fills) ? info.fills.map(String) : [],
    changes: Array.isArray(info.changes) ? info.changes.map(String) : [],
    presets: raw.presets && typeof raw.presets === "object" ? (raw.presets as Record<string, string[]>) : {},
    include: Array.isArray(raw.include) ? raw.include.map(String) : [],
    parts: raw.parts && typeof raw.parts === "object" ? (raw.parts as CatalogEntry["parts"]) : {},
    cardTypes: raw.cardTypes && typeof raw.cardTypes === "object" ? (raw.cardTypes as CatalogEntry["cardTypes"]) : {},
    players: playerRange(raw.players),
    matchCards: ruleCardsOf(raw),
    folder: dirname(file),
  };
}

/** Every rule file under the rule folders. */
export const catalog = perHost((): CatalogEntry[] => {
  const entries: CatalogEntry[] = [];
  for (const id of shippedRules()) {
    const file = resolveRules(id);
    const e = file && describe(file, id);
    if (e) entries.push(e);
  }
  return entries;
});

/**
 * The rule files directly in a folder (not below it) that are not under a rule folder: a user's own cards
 * beside the file that names them. Each is known by its path, which loads it wherever an id is accepted.
 */
export function beside(folder: string): CatalogEntry[] {
  const out: CatalogEntry[] = [];
  for (const f of host().listFolder(folder)) {
    if (f.folder || !f.name.endsWith(".yaml")) continue;
    const file = join(folder, f.name);
    if (host().ruleRoots.some((r) => file.startsWith(r + "/"))) continue;
    const e = describe(file, file);
    if (e) out.push(e);
  }
  return out;
}

/** Every name and id a reference made from `folder` may use, for "did you mean". */
export function knownNames(folder = host().workingFolder): string[] {
  return [...catalog().flatMap((e) => [e.id, e.name]), ...beside(folder).map((e) => e.name)];
}

const normal = (s: string) => s.toLowerCase().replace(/[\s\u2013\u2014-]+/g, " ").trim();

/**
 * A rules id for a reference made from `folder`: an id or path as it is; a rule file's name as printed ("Deal
 * Eight"); or, for a file of the user's beside it, that file's path, found by its id (avoid-hearts) or its name
 * (Avoid Hearts). A reference that names nothing is given back as it is.
 */
export function referenceFrom(ref: string, folder: string): string {
  if (resolveRules(ref, folder)) return ref;
  const found = catalog().find((e) => normal(e.name) === normal(ref));
  if (found) return found.id;
  if (/^[a-z0-9][a-z0-9_-]*$/i.test(ref)) {
    const file = resolveRules(`./${ref}.yaml`, folder);
    if (file) return file;
  }
  const near = beside(folder).find((e) => normal(e.name) === normal(ref));
  return near ? near.id : ref;
}

/** A rules id for a reference the user makes (from the working folder): see referenceFrom. */
export function resolveReference(ref: string): string {
  return referenceFrom(ref, host().workingFolder);
}

/** The fragments a preset names, as ids; undefined when no shipped base offers that preset. */
export function preset(name: string): { base: string; ids: string[] } | undefined {
  for (const e of catalog()) {
    for (const [key, list] of Object.entries(e.presets)) {
      if (normal(key) === normal(name)) return { base: e.id, ids: list.map((id) => referenceFrom(id, e.folder)) };
    }
  }
  return undefined;
}

export function presetNames(): string[] {
  return catalog().flatMap((e) => Object.keys(e.presets));
}

/** Fragments that are cards of a game: those with a type. */
export function ruleCards(): CatalogEntry[] {
  return catalog().filter((e) => e.type !== null);
}

function playerRange(p: unknown): { min: number; max: number } | null {
  if (typeof p === "number") return { min: p, max: p };
  if (p && typeof p === "object" && "min" in p && "max" in p) return { min: Number((p as { min: unknown }).min), max: Number((p as { max: unknown }).max) };
  return null;
}

/** The entry of an id, or of a file named by a path (from `folder`). */
export function entry(id: string, folder = host().workingFolder): CatalogEntry | undefined {
  // read from its own file only: the whole catalogue is read when it is needed
  const file = resolveRules(id, folder);
  return file ? describe(file, idOf(file) === id ? id : file) : undefined;
}

/** The entry a reference names from a folder, by id, path or name. */
export function entryOf(ref: string, folder = host().workingFolder): CatalogEntry | undefined {
  return entry(referenceFrom(ref, folder), folder);
}

/**
 * A match's rule cards, those its chain of `extends` holds included (a file's own come first; a card named
 * twice counts once): what a card of one's own can be added to or put in the place of. Empty for a file that
 * is no match.
 */
export function matchCardsOf(e: CatalogEntry): MatchCard[] {
  const out: MatchCard[] = [];
  let at: CatalogEntry | undefined = e;
  for (let i = 0; at && i < 50; i++) {
    for (const c of at.matchCards) if (!out.some((o) => o.name === c.name)) out.push(c);
    at = at.extends ? entryOf(at.extends, at.folder) : undefined;
  }
  return out;
}

/** The base a fragment is finally composed onto: its chain of `extends` to a file without one. */
export function rootOf(id: string): CatalogEntry | undefined {
  let e = entryOf(id);
  for (let i = 0; e?.extends && i < 50; i++) e = entryOf(e.extends, e.folder);
  return e;
}

/**
 * Fragments that complete a composition: for every part of the base that the given fragments (and the base's
 * own includes) leave empty, the first fragment of the base's first preset that fills it, else the first
 * shipped one. Lets one rule card be checked, or a round composed from only some of its cards.
 */
export function completion(ids: string[]): string[] {
  const resolved = ids.map((id) => resolveReference(id));
  const base = resolved.length ? rootOf(resolved[0]) : undefined;
  if (!base || Object.keys(base.parts).length === 0) return [];
  const filled = new Set<string>();
  for (const id of base.include) for (const part of entryOf(id, base.folder)?.fills ?? []) filled.add(part);
  // a fragment brings the fragments it extends, and what they fill
  for (const id of resolved) {
    let e = entryOf(id);
    for (let i = 0; e && i < 50; i++, e = e.extends ? entryOf(e.extends, e.folder) : undefined) for (const part of e.fills) filled.add(part);
  }
  const preferred = (Object.values(base.presets)[0] ?? []).map((id) => referenceFrom(id, base.folder));
  const out: string[] = [];
  for (const part of Object.keys(base.parts)) {
    if (filled.has(part)) continue;
    const pick =
      preferred.find((id) => entry(id)?.fills.includes(part)) ??
      catalog().find((e) => e.fills.includes(part) && rootOf(e.id)?.id === base.id)?.id;
    if (pick) {
      out.push(pick);
      filled.add(part);
    }
  }
  return out;
}
