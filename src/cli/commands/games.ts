// houserules games: the shelf — every game that names its family, with its players, what it is about and the
// house rules that ship with it.
import { ruleFoldersOption } from "../rule-folders.js";
import { readArgs } from "../args.js";
import type { IO } from "../io.js";
import { catalog } from "../../interpreter/load/catalog.js";
import { shelfOf, type ShelfGame } from "../../interpreter/load/shelf.js";
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

/** The shelf of the catalogue: the games that name a family, each with its house rules. */
export const shelf = (): ShelfGame[] => shelfOf(catalog());

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
