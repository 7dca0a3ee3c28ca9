// The simulated comparisons of docs/house-rules.md: each house rule played against its base with the same seeds
// and the same agents (the sensible agent in every seat), figure by figure, the differences larger than chance marked. `npm run
// docs:compare` writes each table between its markers; a test reruns one and checks the page is current.
import { loadComposition } from "../interpreter/load/load.js";
import { resolveReference } from "../interpreter/load/catalog.js";
import { formatDiagnostic } from "../interpreter/diagnostics.js";
import type { Game } from "../interpreter/model.js";
import { simulate } from "../sim/simulate.js";
import { holmNote, compareSummaries, type Comparison, type Difference } from "../sim/compare.js";
import { defaultAgent, makeAgent } from "../agents/index.js";

export interface ComparisonSpec {
  key: string; // names the comparison's markers in the page
  base: string[]; // rules ids or printed names, composed in order
  variant: string[];
  players: number;
  games: number;
}

const opening = ["Deal Eight", "Take Lots of Tricks", "Crazy Eights", "Whist"];
/** The Opening Hands round with the card of one type replaced by a house card. */
const inOpening = (key: string, replaced: string, house: string): ComparisonSpec => ({
  key,
  base: opening,
  variant: opening.map((c) => (c === replaced ? house : c)),
  players: 4,
  games: 1000,
});
const idiot = (key: string, fragments: string[]): ComparisonSpec => ({ key, base: ["idiot"], variant: ["idiot", ...fragments], players: 4, games: 300 });

export const comparisons: ComparisonSpec[] = [
  idiot("idiot/sevens", ["idiot/sevens"]),
  idiot("idiot/eights-skip", ["idiot/eights-skip"]),
  idiot("idiot/nines-reverse", ["idiot/nines-reverse"]),
  idiot("idiot/jokers-wild", ["idiot/jokers-wild"]),
  idiot("idiot, all four", ["idiot/sevens", "idiot/eights-skip", "idiot/nines-reverse", "idiot/jokers-wild"]),
  { key: "idle-hands/missions-abilities", base: ["idle-hands/missions"], variant: ["idle-hands/missions-abilities"], players: 4, games: 2000 },
  inOpening("Five and Refill", "Deal Eight", "Five and Refill"),
  inOpening("Short Deck", "Deal Eight", "Short Deck"),
  inOpening("Dodge Tricks", "Take Lots of Tricks", "Dodge Tricks"),
  inOpening("Last Trick Bonus", "Take Lots of Tricks", "Last Trick Bonus"),
  inOpening("Follow Colour", "Crazy Eights", "Follow Colour"),
  inOpening("Step Up or Down", "Crazy Eights", "Step Up or Down"),
  inOpening("Lowest Takes", "Whist", "Lowest Takes"),
  inOpening("Second Best Takes", "Whist", "Second Best Takes"),
  { key: "idiot and crazy-eights", base: ["idiot"], variant: ["crazy-eights"], players: 4, games: 300 },
  shelfRule("war/three-down", 2, 500),
  shelfRule("war/deuce-beats-ace", 2, 500),
  shelfRule("old-maid/same-colour", 4, 1000),
  shelfRule("old-maid/old-bachelor", 4, 1000),
  shelfRule("uno/stack-draw-two", 4, 300),
  shelfRule("uno/seven-o", 4, 300),
  shelfRule("uno/draw-until-playable", 4, 200),
  shelfRule("blackjack/hit-soft-17", 3, 3000),
  shelfRule("blackjack/six-to-five", 3, 3000),
  shelfRule("hearts/jack-of-diamonds", 4, 500),
  shelfRule("hearts/no-points-first-trick", 4, 500),
  shelfRule("hearts/queen-breaks-hearts", 4, 500),
  shelfRule("knockout-whist/dogs-life", 4, 300),
  shelfRule("knockout-whist/no-trumps", 4, 300),
  shelfRule("oh-hell/no-hook", 4, 300),
  shelfRule("oh-hell/point-a-trick", 4, 300),
  shelfRule("president/revolution", 4, 300),
  shelfRule("president/three-of-clubs", 4, 300),
  shelfRule("durak/transfer", 4, 200),
  shelfRule("durak/first-bout-five", 4, 200),
  shelfRule("cheat/anyone-doubts", 4, 300),
  shelfRule("cheat/one-either-side", 4, 300),
  shelfRule("golf/jokers", 4, 300),
  shelfRule("golf/minus-four", 4, 300),
  shelfRule("scopa/ace-takes-all", 2, 200),
  shelfRule("scopa/napola", 2, 200),
  shelfRule("klondike/draw-three", 1, 300),
  shelfRule("klondike/vegas", 1, 300),
  shelfRule("gin-rummy/oklahoma", 2, 200),
  shelfRule("gin-rummy/big-gin", 2, 200),
  shelfRule("rummy-500/must-discard", 3, 100),
  shelfRule("rummy-500/round-the-corner", 3, 100),
  shelfRule("canasta/draw-two", 4, 100),
  shelfRule("canasta/frozen-pile", 4, 100),
  shelfRule("bridge/chicago", 4, 200),
  shelfRule("bridge/goulash", 4, 300),
  shelfRule("pinochle/stick-the-dealer", 4, 300),
  shelfRule("pinochle/minimum-250", 4, 300),
  shelfRule("texas-holdem/ante", 4, 200),
  shelfRule("texas-holdem/pot-limit", 4, 200),
  shelfRule("spades/blind-nil", 4, 200),
  shelfRule("spades/no-bags", 4, 200),
  shelfRule("euchre/stick-the-dealer", 4, 200),
  shelfRule("euchre/no-going-alone", 4, 200),
  shelfRule("cassino/no-sweeps", 2, 200),
  shelfRule("cassino/royal", 2, 200),
  shelfRule("cribbage/sixty-one", 2, 200),
  shelfRule("cribbage/crib-flush", 2, 200),
  shelfRule("egyptian-ratscrew/ten-sum", 2, 200),
  shelfRule("egyptian-ratscrew/marriage", 2, 200),
  shelfRule("speed/no-wrap", 2, 300),
  shelfRule("speed/same-rank", 2, 300),
];

/** A shelf game's house rule against the plain game: the game's id is the first part of the rule's. */
function shelfRule(id: string, players: number, games: number): ComparisonSpec {
  return { key: id, base: [id.split("/")[0]], variant: [id], players, games };
}

export const seed = "house-rules";

function load(refs: string[]): Game {
  const r = loadComposition(refs.map(resolveReference));
  if (!r.game) throw new Error(r.diagnostics.map(formatDiagnostic).join("\n"));
  return r.game;
}

/** Plays both sides of a comparison: the same seed, so game i of each side starts from the same seed. */
export function runComparison(spec: ComparisonSpec): Comparison {
  const play = (refs: string[]) =>
    simulate(load(refs), { players: spec.players, games: spec.games, seed, agents: Array.from({ length: spec.players }, () => makeAgent(defaultAgent)!), coverage: false });
  return compareSummaries(play(spec.base), play(spec.variant), [spec.base.join(" + "), spec.variant.join(" + ")]);
}

// Rates (shares of games) print as percentages; compareSummaries names them so.
const isRate = (d: Difference) => / rate$|^games /.test(d.measure);
const figure = (d: Difference, x: number) => (isRate(d) ? `${(x * 100).toFixed(1)}%` : String(Number(x.toFixed(2))));
const signed = (d: Difference) => (d.difference > 0 ? "+" : d.difference < 0 ? "−" : "±") + figure(d, Math.abs(d.difference));

/**
 * The comparison as a Markdown table: a difference significant at 95% is bold and starred, and beside its p the
 * p corrected for all the table's figures at once (Holm's method), starred when the difference stays significant.
 */
export function comparisonTable(spec: ComparisonSpec, c: Comparison): string {
  const rows = c.differences.map((d) => {
    const diff = d.significant ? `**${signed(d)}** *` : signed(d);
    const held = d.pHolm === null ? "–" : `${d.pHolm.toFixed(3)}${d.significantHolm ? " *" : ""}`;
    return `| ${d.measure} | ${figure(d, d.a)} | ${figure(d, d.b)} | ${diff} | ${d.p === null ? "–" : d.p.toFixed(3)} | ${held} |`;
  });
  const tested = c.differences.filter((d) => d.p !== null).length;
  return [
    `${spec.games} games on each side with the ${defaultAgent} agent in every seat, ${spec.players} players, seed \`${seed}\`: \`${spec.base.join(" + ")}\` against \`${spec.variant.join(" + ")}\`.`,
    "",
    "| figure | base | variant | difference | p | p (Holm) |",
    "|---|---:|---:|---:|---:|---:|",
    ...rows,
    "",
    holmNote(tested, c.differences.filter((d) => d.significantHolm).length),
  ].join("\n");
}

export const startMarker = (key: string) => `<!-- comparison ${key}: generated by npm run docs:compare -->`;
export const endMarker = "<!-- end of comparison -->";

/** The page with each comparison's table put between its markers. */
export function withComparisons(doc: string, tables: Map<string, string>): string {
  let out = doc;
  for (const [key, table] of tables) {
    const start = out.indexOf(startMarker(key));
    if (start < 0) throw new Error(`the page lacks the markers of the comparison '${key}'`);
    const end = out.indexOf(endMarker, start);
    out = out.slice(0, start + startMarker(key).length) + "\n\n" + table + "\n\n" + out.slice(end);
  }
  return out;
}

/** The table between a comparison's markers in a page, as written there. */
export function tableIn(doc: string, key: string): string | undefined {
  const start = doc.indexOf(startMarker(key));
  if (start < 0) return undefined;
  const end = doc.indexOf(endMarker, start);
  return doc.slice(start + startMarker(key).length, end).trim();
}
