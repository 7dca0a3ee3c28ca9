// houserules explain: the rules, fragments composed, as a rulebook in plain English.
import { writeFileSync } from "node:fs";
import { readArgs } from "../args.js";
import { UsageError, type IO } from "../io.js";
import { ruleFoldersOption } from "../rule-folders.js";
import { rulesFlags, rulesToLoad } from "../rules-args.js";
import { formatDiagnostic } from "../../interpreter/diagnostics.js";
import { explainRules } from "../../explain/explain-rules.js";
import { rulebookText } from "../../explain/render.js";
import { rulebookPage } from "../../docs/rulebook-page.js";

export const explainHelp = `Usage: houserules explain <id> [--with <fragment>]... [--html] [--json] [--out FILE]
       houserules explain --compose "Deal Eight, Take Lots of Tricks, Crazy Eights, Whist" [...]
       houserules explain --preset "Black Maria" [...]

Writes the rules, with any fragments composed onto them, as a rulebook to hand to friends at the table:
players, cards, where the cards are, what is kept, setting up, play, what a player may do, when the game
ends, winning and scoring, and the words the rules define, all in plain English. Every value the rulebook does not give is listed at the end as
an assumption, and for a variant each rule a fragment changes or adds is marked with the fragment's name.

Options:
  --with F     compose fragment F onto the rules (repeatable, or comma-separated)
  --compose L  rules composed from cards named as printed, comma-separated
  --preset P   the cards of a named preset
  --add-card F a match with the rule card in file F added to its cards (NAME=F: in the place of NAME)
  --html       write the rulebook as a self-contained HTML page to print, the cards it names drawn
  --out FILE   write to FILE instead of the terminal
  --json       print the rulebook as one JSON object: {title, summary, source, notes, pieces, sections
               [{title, items [{title, lines [{text, depth}], mark {how, by}, path}]}], assumptions, changes}
${ruleFoldersOption(13)}
  -h, --help   this text

Exit status: 0 when the rules load, 1 when they do not, 2 for bad usage.
`;

export async function explainCommand(argv: string[], io: IO): Promise<number> {
  const { values, positionals } = readArgs(argv, { ...rulesFlags, html: { type: "boolean" }, json: { type: "boolean" }, out: { type: "string" } });
  if (values.help) {
    io.out(explainHelp);
    return 0;
  }
  if (values.html && values.json) throw new UsageError("give --html or --json, not both");
  const refs = rulesToLoad(positionals, values, "explain");
  const { book, errors } = explainRules(refs);
  if (!book) {
    for (const d of errors) io.err(formatDiagnostic(d) + "\n");
    return 1;
  }
  const text = values.json ? JSON.stringify(book, null, 2) + "\n" : values.html ? rulebookPage(book) : rulebookText(book);
  if (typeof values.out === "string") {
    try {
      writeFileSync(values.out, text);
    } catch (e) {
      io.err(`houserules explain: cannot write ${values.out}: ${(e as Error).message}\n`);
      return 1;
    }
    io.out(`rulebook written to ${values.out}\n`);
  } else io.out(text);
  return 0;
}
