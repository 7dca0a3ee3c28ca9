// The game log: structured events for programs, and a sentence for each one for people. A player's copy of the
// log names only the cards that player could see.
import type { State } from "./state.js";
import { possessive, zoneLabel, zoneName as zoneId } from "./zones.js";
import { canSeeZone } from "./view.js";

export type GameEvent =
  | { type: "phase"; phase: string }
  | { type: "turn"; player: number }
  | { type: "action"; player: number; move: string; cards?: number[]; seenBy?: number[] }
  | { type: "move"; cards: number[]; from: number; to: number; seenBy?: number[] } // seenBy: players each card was shown to before it moved
  | { type: "reveal"; cards: number[]; zones: number[]; to: number } // zones: where the cards were; to: one bit per player shown
  | { type: "skip"; player: number }
  | { type: "reverse"; direction: number }
  | { type: "shuffle"; zone: number }
  | { type: "out"; player: number; place: number } // place 0: knocked out, with no place
  | { type: "pass"; player: number; reason: string }
  | { type: "end"; winners: number[]; losers: number[]; scores: number[] | null }
  | { type: "game"; rules: string; ids: string[] }
  | { type: "error"; message: string };

export function record(s: State, event: GameEvent): void {
  if (s.log) s.log.push(event);
  if (s.watch) s.watch(s, event);
}

/**
 * One line of text for an event. With a viewer, cards the viewer cannot see are counted, not named. With
 * `words`, zones are named as people read them ("Ann's face up"); without, by their names in the rule file
 * ("Ann's faceUp"), as traces have always written them.
 */
export function describeEvent(s: State, e: GameEvent, viewer = -1, words = false): string {
  const zoneName = words ? zoneLabel : zoneId;
  const who = (p: number) => s.names[p] ?? `player ${p}`;
  const you = (p: number) => s.names[p] === "You"; // the person at the terminal: "You pass", not "You passes"
  switch (e.type) {
    case "phase": return `— ${e.phase} —`;
    case "turn": return `${possessive(who(e.player))} turn`;
    case "action": return `${who(e.player)}: ${viewer < 0 || viewer === e.player ? e.move : maskMove(s, e, viewer)}`;
    case "move": {
      const zoneShown = viewer < 0 || canSeeZone(s, e.from, viewer) || canSeeZone(s, e.to, viewer);
      const seen = e.cards.filter((_, i) => zoneShown || ((e.seenBy?.[i] ?? 0) & (1 << viewer)) !== 0);
      return `  ${cardsAsSeen(s, seen, e.cards.length)}: ${zoneName(s, e.from)} → ${zoneName(s, e.to)}`;
    }
    case "reveal": {
      const all = (1 << s.n) - 1;
      const seen = viewer < 0 || (e.to & (1 << viewer)) !== 0 ? e.cards : [];
      const to = (e.to & all) === all ? "everyone" : s.names.filter((_, p) => e.to & (1 << p)).join(", ");
      const where = e.zones.map((z) => zoneName(s, z)).join(", ");
      return `  ${cardsAsSeen(s, seen, e.cards.length)} (${where}) shown to ${to}`;
    }
    case "skip": return `${possessive(who(e.player))} turn is skipped`;
    case "reverse": return `play now goes ${e.direction > 0 ? "clockwise" : "counter-clockwise"}`;
    case "shuffle": return `  ${zoneName(s, e.zone)} shuffled`;
    case "out": return `${who(e.player)} ${you(e.player) ? "are" : "is"} ${e.place ? `out (place ${e.place})` : "knocked out"}`;
    case "pass": return `${who(e.player)} ${you(e.player) ? "pass" : "passes"}: ${e.reason}`;
    case "end": {
      const list = (ps: number[]) => (ps.length ? ps.map(who).join(", ") : "nobody");
      const scores = e.scores ? `; scores ${e.scores.map((v, p) => `${who(p)} ${v}`).join(", ")}` : "";
      return `game over: winners ${list(e.winners)}; losers ${list(e.losers)}${scores}`;
    }
    case "game": return `— playing ${e.rules} —`;
    case "error": return `stopped: ${e.message}`;
  }
}

/** Cards named where the viewer saw them, the rest counted: "7C 7D", "2 cards", "7C and 1 card". */
function cardsAsSeen(s: State, seen: number[], total: number): string {
  const hidden = total - seen.length;
  const count = `${hidden} card${hidden === 1 ? "" : "s"}`;
  if (seen.length === 0) return count;
  const names = seen.map((c) => s.game.cardNames[c]).join(" ");
  return hidden ? `${names} and ${count}` : names;
}

/**
 * The move as another player heard it: a card named in the move is shown only to players who could see it
 * before or after the move (seenBy holds one bit per player for each card).
 */
function maskMove(s: State, e: Extract<GameEvent, { type: "action" }>, viewer: number): string {
  if (!e.cards || !e.seenBy) return e.move;
  const hidden = new Set<string>();
  e.cards.forEach((c, i) => {
    if (!(e.seenBy![i] & (1 << viewer))) hidden.add(s.game.cardNames[c]);
  });
  if (hidden.size === 0) return e.move;
  // A name may hold spaces (`card of 6`): it is hidden as the run of words it is in the move's text, the
  // longest names first, so that no word of a hidden name is left to be read.
  const words = e.move.split(" ");
  const names = [...hidden].map((n) => n.split(" ")).sort((a, b) => b.length - a.length);
  const out = [words[0]];
  for (let i = 1; i < words.length; ) {
    const name = names.find((n) => n.every((w, j) => words[i + j] === w));
    out.push(name ? "##" : words[i]);
    i += name ? name.length : 1;
  }
  return out.join(" ");
}
