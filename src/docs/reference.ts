// The function reference of docs/language.md, generated from the builtins registry so that it cannot drift
// from what the compiler accepts.
import { allBuiltins, type Builtin } from "../interpreter/lang/builtins.js";
import { signature } from "../authoring/assist.js";


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

/** Puts the generated reference between its markers in a document. */
export function withReference(doc: string): string {
  const start = doc.indexOf(referenceStart);
  const end = doc.indexOf(referenceEnd);
  if (start < 0 || end < 0) throw new Error("docs/language.md lacks the function reference markers");
  return doc.slice(0, start + referenceStart.length) + "\n\n" + functionReference() + "\n" + doc.slice(end);
}
