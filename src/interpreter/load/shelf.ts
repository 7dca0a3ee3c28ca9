// The shelf: the games that name a family, with their house rules — what `houserules games` lists and the page's
// Shelf shows, made here once from the catalogue (this module reads no folder itself, so the page's worker runs it).
import type { CatalogEntry } from "./catalog.js";
import { gameFamilies } from "../sections/about.js";

export interface ShelfGame {
  id: string;
  name: string;
  family: string;
  players: { min: number; max: number } | null;
  /** What the game is about: its summary. */
  summary: string;
  /** The fragments that extend it and are marked as house rules, with their text. */
  houseRules: { id: string; name: string; text: string }[];
}

/** The shelf of a catalogue: in the families' order, then by name; each game with its house rules. */
export function shelfOf(entries: readonly CatalogEntry[]): ShelfGame[] {
  const order = (f: string) => (gameFamilies as readonly string[]).indexOf(f);
  const houseRules = (id: string) => entries.filter((h) => h.extends === id && h.known === "house").map((h) => ({ id: h.id, name: h.name, text: h.text }));
  return entries
    .flatMap((e) => (e.family === null ? [] : [{ id: e.id, name: e.name, family: e.family, players: e.players, summary: e.text, houseRules: houseRules(e.id) }]))
    .sort((a, b) => order(a.family) - order(b.family) || a.name.localeCompare(b.name));
}
