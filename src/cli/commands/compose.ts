// houserules compose: which card fills which part of a round, the cards' texts, and any conflict.
import { ruleFoldersOption } from "../rule-folders.js";
import { readArgs, intFlag } from "../args.js";
import { UsageError, type IO } from "../io.js";
import { composition, compositionText } from "../../interpreter/load/composition.js";
import { table } from "../../sim/text-table.js";
import { splitNames } from "../rules-args.js";

export const composeHelp = `Usage: houserules compose <card names or ids>... [--players N] [--json]

Composes rule cards (fragments, named as printed or by id) onto the base they extend, as one round is
composed, and prints which card fills which part of the base, each card's text, and whether it is known
from the rulebook or an interpretation. Conflicts — a part filled twice or not at all, two cards setting the
same rule — are printed with their place in the card's file.

  houserules compose "Deal Eight" "Take Lots of Tricks" "Crazy Eights" Whist
  houserules compose Deal Thirteen, Take Lots of Tricks, Crazy Eights, Whist --players 5

Names may be separated by commas. Options:
  --players N  also check that the composed rules allow N players
  --json       print {"rules", "parts": [...], "players", "ok", "diagnostics"}
${ruleFoldersOption(13)}
  -h, --help   this text

Exit status: 0 when the rules compose, 1 when they do not, 2 for bad usage.
`;

export async function composeCommand(argv: string[], io: IO): Promise<number> {
  const { values, positionals } = readArgs(argv, { players: { type: "string" }, json: { type: "boolean" } });
  if (values.help) {
    io.out(composeHelp);
    return 0;
  }
  if (positionals.length === 0) throw new UsageError("compose takes the cards to compose");
  const names = splitNames(positionals);
  const players = values.players === undefined ? undefined : intFlag(values.players, "players", 4, 1, 16);
  const c = composition(names, players);
  if (values.json) {
    io.out(JSON.stringify({
      rules: c.rules, base: c.base?.id ?? null, ok: c.ok, players: c.players, playersProblem: c.playersProblem,
      parts: c.parts, twists: c.twists.map((e) => ({ id: e.id, name: e.name, changes: e.changes })),
      diagnostics: c.problems,
    }, null, 2) + "\n");
  } else {
    io.out(compositionText(c, table));
  }
  return c.ok ? 0 : 1;
}
