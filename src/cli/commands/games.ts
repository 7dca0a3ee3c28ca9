// houserules games: the shelf — every game that names its family, with its players, what it is about and the
// house rules that ship with it.
import { ruleFoldersOption } from "../rule-folders.js";
import { readArgs } from "../args.js";
import type { IO } from "../io.js";
import { catalog, type CatalogEntry } from "../../interpreter/load/catalog.js";
import { gameFamilies } from "../../interpreter/sections/about.js";
import { table } from "../../sim/text-table.js";

export const gamesHelp = `Usage: houserules games [--family F] [--json]

Lists the shelf: every game that ships with houserules (and those in your rule folders, --rules) that names
its family, grouped by family (${gameFamilies.join(", ")}), with its player counts, its id and the house rules
that ship with it. Play one with houserules play ID, and a house rule with --with: houserules simulate uno
--with uno/stack-draw-two.

Options:
  --family F  only the games of one family
  --json      print {"games": [{id, name, family, players, summary, houseRules: [{id, name, text}]}]}
${ruleFoldersOption(12)}
  -h, --help  this text
`;

export interface ShelfGame {
  id: string;
  name: string;
  family: string;
  players: { min: number; max: number } | null;
  summary: string;
  houseRules: { id: string; name: string; text: string }[];
}

/** The shelf: the games that name a family, in the families' order, then by name; each with its house rules. */
export function shelf(entries: CatalogEntry[] = catalog()): ShelfGame[] {
  const order = (f: string) => (gameFamilies as readonly string[]).indexOf(f);
  return entries
    .filter((e) => e.family !== null)
    .map((e) => ({
      id: e.id, name: e.name, family: e.family!, players: e.players, summary: e.text,
      houseRules: entries.filter((h) => h.extends === e.id && h.known === "house").map((h) => ({ id: h.id, name: h.name, text: h.text })),
    }))
    .sort((a, b) => order(a.family) - order(b.family) || a.name.localeCompare(b.name));
}

export async function gamesCommand(argv: string[], io: IO): Promise<number> {
  const { values } = readArgs(argv, { json: { type: "boolean" }, family: { type: "string" } });
  if (values.help) {
    io.out(gamesHelp);
    return 0;
  }
  const family = typeof values.family === "string" ? values.family : undefined;
  const games = shelf().filter((g) => family === undefined || g.family === family);
  if (values.json) {
    io.out(JSON.stringify({ games }, null, 2) + "\n");
    return 0;
  }
  const players = (p: ShelfGame["players"]) => (p === null ? "" : p.min === p.max ? String(p.min) : `${p.min}–${p.max}`);
  io.out(table(["game", "family", "players", "house rules", "id"], games.map((g) => [g.name, g.family, players(g.players), g.houseRules.map((h) => h.id.slice(h.id.indexOf("/") + 1)).join(", "), g.id])));
  return 0;
}
