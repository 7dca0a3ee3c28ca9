// An ablation on the Measure screen: the variant measured whole, then without each of its own rules in turn (the
// same seeds and agents), one row a rule, as `houserules compare A --with F --ablate` prints them; each row also
// in words, "Without it games are 11.2 moves shorter", so a designer can say which of their rules matters.
import { h } from "../dom.js";
import { firedWords, type AblationFigure, type AblationRow } from "../../sim/ablation.js";
import { holmNote } from "../../sim/compare.js";

export interface AblationResult {
  rules: string;
  games: number;
  players: number;
  seed: number | string;
  /** The whole variant's mean game length (moves), share of games finished and of finished games with shared wins. */
  whole: { length: number; finished: number; ties: number };
  rows: AblationRow[];
}

/** A difference as the table shows it: a rate in percentage points, a mean to one place, signed. */
function shown(f: Pick<AblationFigure, "kind">, x: number): string {
  const v = f.kind === "rate" ? `${(x * 100).toFixed(1)} pt` : x.toFixed(1);
  return `${x > 0 ? "+" : ""}${v}`;
}

const p = (x: number | null) => (x === null ? "—" : x < 0.001 ? "<0.001" : x.toFixed(3));

/** What taking the rule out does to the length of a game, in words, and whether it holds after Holm's correction. */
export function ablationWords(row: AblationRow): string {
  const length = row.figures[0];
  const d = Math.abs(length.difference);
  const what = length.difference === 0 ? "games are as long without it" : `it makes games ${d.toFixed(1)} move${d.toFixed(1) === "1.0" ? "" : "s"} ${length.difference > 0 ? "longer" : "shorter"}`;
  const held = length.pHolm === null ? "untested" : length.significantHolm ? "a difference that holds after Holm's correction" : "within chance after Holm's correction";
  return `${named(row)}: ${what} (${held})`;
}

/** A row's rule by its words, without the full stop that ends them. */
const named = (row: AblationRow) => row.name.replace(/[.:]\s*$/, "");

/** The rows of an ablation as a table, with the whole variant's figures and what each column means. */
export function ablationTable(a: AblationResult): HTMLElement {
  const tested = a.rows.flatMap((r) => r.figures).filter((f) => f.p !== null);
  const held = tested.filter((f) => f.significantHolm).length;
  const figure = (f: AblationFigure) => h("td", { class: f.significantHolm ? "significant" : "" }, `${shown(f, f.difference)} [${shown(f, f.low)}, ${shown(f, f.high)}]${f.significantHolm ? " ★" : ""}`);
  return h("section", { class: "ablation", "data-test": "ablation" },
    h("h3", {}, `What each of ${a.rules}'s own rules does: ${a.games} games each, ${a.players} players, seed ${a.seed}`),
    h("p", {}, `The whole variant: game length ${a.whole.length.toFixed(1)} moves, ${(a.whole.finished * 100).toFixed(1)}% of games finished, ${(a.whole.ties * 100).toFixed(1)}% with shared wins. Each row is the whole less the variant without that rule, the same seeds and seats on every side: a length of +12 means the rule makes games 12 moves longer.`),
    h("ul", { "data-test": "ablation-words" }, ...a.rows.map((r) => h("li", {}, ablationWords(r)))),
    h("table", { class: "comparison", "data-test": "ablation-table" },
      h("caption", {}, `★ the difference holds after Holm's correction over all ${tested.length} tested figures. ${holmNote(tested.length, held)}`),
      h("thead", {}, h("tr", {}, ...["taken out", "written at", "changed the game", "length: whole − without [95%]", "p", "p (Holm)", "finished", "shared wins"].map((t) => h("th", {}, t)))),
      h("tbody", {},
        h("tr", { "data-test": "ablation-whole" }, h("td", {}, "nothing: the whole variant"), h("td", {}, ""), h("td", {}, ""),
          h("td", {}, `${a.whole.length.toFixed(1)} moves`), h("td", {}, ""), h("td", {}, ""), h("td", {}, `${(a.whole.finished * 100).toFixed(1)}%`), h("td", {}, `${(a.whole.ties * 100).toFixed(1)}%`)),
        ...a.rows.map((r) => h("tr", { "data-test": "ablation-row", "data-rule": r.rule },
        h("td", {}, r.name === r.rule ? r.rule : `${named(r)} (${r.rule})`),
        h("td", {}, `${r.file.split("/").pop()}:${r.line}`),
        h("td", {}, firedWords(r.fired, r.timesFired, a.games)),
        figure(r.figures[0]), h("td", {}, p(r.figures[0].p)), h("td", {}, p(r.figures[0].pHolm)),
        ...r.figures.slice(1).map(figure))))));
}
