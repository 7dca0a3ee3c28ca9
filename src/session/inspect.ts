// What the Play screen's inspector may show of the agents' thinking: for each seat a searching agent plays, the
// moves it weighed before its latest move, with how often it tried each and the mean value it found. Those moves
// are that agent's own legal moves, made from its hand: they name cards other seats may not see, and even the
// list of them says what the agent could do. So what an agent weighed is shown only where that agent's cards are
// no secret: in the whole truth, and in the agent's own seat's view (the Play screen asks before it shows either
// during a game against agents). There, a move that names a card the view no longer shows (the card went face
// down since) is shown without its text. Any other view is told only that the agent searched, how long, and why
// the rest is not shown.
import type { View } from "../interpreter/view.js";
import type { TableRules } from "../table/rules.js";

/** The most moves kept of one search: the most visited, and always the move chosen. */
export const searchMoves = 24;

/** One move a searching agent weighed. */
export interface Considered {
  text: string;
  /** The cards the move names, by card id. */
  cards: number[];
  visits: number;
  /** The mean value the agent found for itself after the move, from 0 (lost) to 1 (won). */
  value: number;
  chosen: boolean;
}

/** What a searching agent weighed before a move it made. */
export interface Search {
  agent: string;
  /** The moves it weighed, most visited first: at most searchMoves, the one it chose always among them. */
  moves: Considered[];
  /** How many moves it weighed in all. */
  of: number;
  /** Its tries in all (the visits added up). */
  tries: number;
}

/** A search as a frame carries it to one viewer. */
export interface SearchShown {
  player: number;
  agent: string;
  /** The move it made, counted from 1 (the position after it is move `at`). */
  at: number;
  of: number;
  tries: number;
  /** The moves weighed (text null: it names a card this view does not show), or null where they are not shown. */
  moves: { text: string | null; visits: number; value: number; chosen: boolean }[] | null;
  /** Why the moves are not shown to this viewer, or null. */
  withheld: string | null;
}

/** The cards a view shows by identity: those in its zones and those held by the variables it shows. */
export function cardsShown(v: View, rules: TableRules): Set<number> {
  const out = new Set<number>();
  for (const z of v.zones) for (const c of z.cards) if (c >= 0) out.add(c);
  for (const def of rules.vars) {
    const t = def.type;
    if (t.t !== "card" && !(t.t === "list" && t.of.t === "card")) continue;
    const value = v.variables[def.name];
    const values = def.per === "player" ? (Array.isArray(value) ? value : []) : [value];
    for (const x of values.flat()) if (typeof x === "number" && x >= 0) out.add(x);
  }
  return out;
}

/**
 * The searches as `viewer` may be shown them (-1: the whole truth): `latest` holds each searching seat's latest
 * search, with the number of the move it made.
 */
export function searchesFor(viewer: number, v: View, rules: TableRules, names: readonly string[], latest: { player: number; at: number; search: Search }[]): SearchShown[] {
  const shown = viewer < 0 ? null : cardsShown(v, rules);
  return latest.map(({ player, at, search }) => {
    const base = { player, agent: search.agent, at, of: search.of, tries: search.tries };
    if (viewer >= 0 && viewer !== player) {
      const who = names[player] ?? `seat ${player + 1}`;
      return { ...base, moves: null, withheld: `what ${who} weighed is shown in ${who}'s view and in the whole truth: its moves are made of cards this view may not see` };
    }
    const moves = search.moves.map((m) => ({ text: shown && !m.cards.every((c) => shown.has(c)) ? null : m.text, visits: m.visits, value: m.value, chosen: m.chosen }));
    return { ...base, moves, withheld: null };
  });
}
