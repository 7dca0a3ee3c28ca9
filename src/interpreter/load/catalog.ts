// The shipped rule files as a catalogue: fragments can be named as printed ("Deal Eight") wherever an id is
// accepted, rule cards can be listed with their type and markers, and bases can offer named presets.
import { parse } from "yaml";
import { isPath, resolveRules, shippedRules } from "./resolve.js";
import { host, perHost } from "./host.js";
import { byText } from "./by-text.js";
import { maxFileBytes } from "../limits.js";

export interface CatalogEntry {
  id: string;
  name: string;
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
}

export const catalog = perHost((): CatalogEntry[] => {
  const entries: CatalogEntry[] = [];
  for (const id of shippedRules()) {
    const file = resolveRules(id);
    if (!file) continue;
    const read = host().readFile(file, maxFileBytes);
    if (!("text" in read)) continue;
    const e = entryOf(id, read.text);
    if (e) entries.push(e);
  }
  return entries;
});

/** Catalogue entries by id and text, kept across hosts (see by-text.ts). */
const madeEntries = byText<CatalogEntry | null>();

function entryOf(id: string, text: string): CatalogEntry | null {
  return madeEntries(id, text, () => readEntry(id, text));
}

function readEntry(id: string, text: string): CatalogEntry | null {
  let raw: Record<string, unknown> | null = null;
  try {
    raw = parse(text, { maxAliasCount: 100 }) as Record<string, unknown>;
  } catch {
    return null; // check reports broken files; the catalogue only lists what reads
  }
  if (!raw || typeof raw !== "object") return null;
  const info = (raw.fragment ?? {}) as Record<string, unknown>;
  return {
    id,
    name: typeof raw.name === "string" ? raw.name : id,
    extends: typeof raw.extends === "string" ? raw.extends : null,
    type: typeof info.type === "string" ? info.type : null,
    markers: Array.isArray(info.markers) ? info.markers.map(String) : [],
    known: info.known === "rulebook" || info.known === "interpretation" || info.known === "house" ? info.known : null,
    text: typeof info.text === "string" ? info.text.trim() : "",
    fills: Array.isArray(info.fills) ? info.fills.map(String) : [],
    changes: Array.isArray(info.changes) ? info.changes.map(String) : [],
    presets: raw.presets && typeof raw.presets === "object" ? (raw.presets as Record<string, string[]>) : {},
    include: Array.isArray(raw.include) ? raw.include.map(String) : [],
    parts: raw.parts && typeof raw.parts === "object" ? (raw.parts as CatalogEntry["parts"]) : {},
    cardTypes: raw.cardTypes && typeof raw.cardTypes === "object" ? (raw.cardTypes as CatalogEntry["cardTypes"]) : {},
    players: playerRange(raw.players),
  };
}

const normal = (s: string) => s.toLowerCase().replace(/[\s\u2013\u2014-]+/g, " ").trim();

/** A rules id for a reference: an id or path as it is, or a rule file's name as printed ("Deal Eight"). */
export function resolveReference(ref: string): string {
  if (resolveRules(ref)) return ref;
  const found = catalog().find((e) => normal(e.name) === normal(ref));
  return found ? found.id : ref;
}

/** The fragments a preset names, as ids; undefined when no shipped base offers that preset. */
export function preset(name: string): { base: string; ids: string[] } | undefined {
  for (const e of catalog()) {
    for (const [key, list] of Object.entries(e.presets)) {
      if (normal(key) === normal(name)) return { base: e.id, ids: list.map(resolveReference) };
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

/** The catalogue entry of one rules id, read from its own file only (the whole catalogue is read when needed). */
export function entry(id: string): CatalogEntry | undefined {
  if (isPath(id)) return undefined;
  const file = resolveRules(id);
  const read = file && host().readFile(file, maxFileBytes);
  return (read && "text" in read && entryOf(id, read.text)) || undefined;
}

/** The base a fragment is finally composed onto: its chain of `extends` to a file without one. */
export function rootOf(id: string): CatalogEntry | undefined {
  let e = entry(resolveReference(id));
  for (let i = 0; e?.extends && i < 50; i++) e = entry(resolveReference(e.extends));
  return e;
}

/**
 * Fragments that complete a composition: for every part of the base that the given fragments (and the base's
 * own includes) leave empty, the first fragment of the base's first preset that fills it, else the first
 * shipped one. Lets one rule card be checked, or a round composed from only some of its cards.
 */
export function completion(ids: string[]): string[] {
  const resolved = ids.map(resolveReference);
  const base = resolved.length ? rootOf(resolved[0]) : undefined;
  if (!base || Object.keys(base.parts).length === 0) return [];
  const filled = new Set<string>();
  for (const id of [...base.include, ...resolved]) for (const part of entry(resolveReference(id))?.fills ?? []) filled.add(part);
  const preferred = (Object.values(base.presets)[0] ?? []).map(resolveReference);
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
