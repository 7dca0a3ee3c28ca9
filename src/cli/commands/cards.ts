// houserules cards: every rule card (fragment with a type) with its type, markers and how it is known.
import { ruleFoldersOption } from "../rule-folders.js";
import { readArgs } from "../args.js";
import type { IO } from "../io.js";
import { ruleCards } from "../../interpreter/load/catalog.js";
import { table } from "../../sim/text-table.js";

export const cardsHelp = `Usage: houserules cards [--json]

Lists every rule card that ships with houserules, and those in your rule folders (--rules): its name as printed, its type, its markers (OH1, OH2,
3+), whether its effect is known from the rulebook, is an interpretation, or is a house rule (a card of
houserules' own, not from the printed game), and its id.

Options:
  --json      print {"cards": [...]}
${ruleFoldersOption(12)}
  -h, --help  this text
`;

const typeOrder = ["Fixed", "Deal", "Aim", "Card Play", "Trick Taking", "Optional Twist"];

export async function cardsCommand(argv: string[], io: IO): Promise<number> {
  const { values } = readArgs(argv, { json: { type: "boolean" } });
  if (values.help) {
    io.out(cardsHelp);
    return 0;
  }
  const cards = ruleCards().sort((a, b) => {
    const ta = typeOrder.indexOf(a.type!);
    const tb = typeOrder.indexOf(b.type!);
    return (ta < 0 ? 99 : ta) - (tb < 0 ? 99 : tb) || a.id.localeCompare(b.id);
  });
  if (values.json) {
    io.out(JSON.stringify({ cards: cards.map((c) => ({ id: c.id, name: c.name, type: c.type, markers: c.markers, known: c.known, text: c.text })) }, null, 2) + "\n");
    return 0;
  }
  io.out(table(["card", "type", "markers", "known", "id"], cards.map((c) => [c.name, c.type!, c.markers.join(" "), c.known ?? "", c.id])));
  return 0;
}
