// The generated parts of docs/language.md: the table of sections, from the sections' units, and the function
// reference, from the builtins registry, so that neither can drift from what the loader and compiler accept.
import { allBuiltins, type Builtin } from "../interpreter/lang/builtins.js";
import { signature } from "../authoring/assist.js";
import { sectionsTable } from "../interpreter/sections/index.js";


export function functionReference(): string {
  const values = allBuiltins().filter((b) => !b.effect).sort((a, b) => a.name.localeCompare(b.name));
  const effects = allBuiltins().filter((b) => b.effect).sort((a, b) => a.name.localeCompare(b.name));
  const table = (list: Builtin[]) =>
    ["| function | what it gives | example |", "|---|---|---|", ...list.map((b) => `| \`${signature(b)}\` | ${b.doc} | \`${b.example.replace(/\|/g, "\\|")}\` |`)].join("\n");
  return [
    "### Functions",
    "",
    "Any function can also be written after its first argument: `hand.count` is `count(hand)`, `pile.top(4)` is `top(pile, 4)`.",
    "",
    table(values),
    "",
    "### Effects",
    "",
    "Effects change the game. They are allowed in `setup`, in an action's `effect`, in a phase's `begin`, `turn` and `end`, and in a trigger's `effect`.",
    "",
    table(effects),
    "",
  ].join("\n");
}

export const referenceStart = "<!-- functions: generated from src/interpreter/lang/builtins.ts by `npm run docs` -->";
export const referenceEnd = "<!-- end of functions -->";

export const sectionsStart = "<!-- sections: generated from src/interpreter/sections/ by `npm run docs` -->";
export const sectionsEnd = "<!-- end of sections -->";

/** Puts the generated table of sections and the function reference between their markers in a document. */
export function withReference(doc: string): string {
  return between(between(doc, sectionsStart, sectionsEnd, `${sectionsTable()}\n`), referenceStart, referenceEnd, functionReference());
}

function between(doc: string, startMark: string, endMark: string, text: string): string {
  const start = doc.indexOf(startMark);
  const end = doc.indexOf(endMark);
  if (start < 0 || end < 0) throw new Error(`docs/language.md lacks the markers ${startMark} and ${endMark}`);
  return doc.slice(0, start + startMark.length) + "\n\n" + text + "\n" + doc.slice(end);
}
