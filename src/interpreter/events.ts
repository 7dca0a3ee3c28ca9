// The game log: structured events for programs, and a sentence for each one for people. A player's copy of the
// log names only the cards that player could see.
import type { State } from "./state.js";
import { zoneName } from "./zones.js";
import { canSeeZone } from "./view.js";

export type GameEvent =
  | { type: "phase"; phase: string }
  | { type: "turn"; player: number }
  | { type: "action"; player: number; move: string; cards?: number[]; seenBy?: number[] }
  | { type: "move"; cards: number[]; from: number; to: number }
  | { type: "shuffle"; zone: number }
  | { type: "out"; player: number; place: number }
  | { type: "pass"; player: number; reason: string }
  | { type: "end"; winners: number[]; losers: number[]; scores: number[] | null }
  | { type: "game"; rules: string; ids: string[] }
  | { type: "error"; message: string };

export function record(s: State, event: GameEvent): void {
  if (s.log) s.log.push(event);
  if (s.watch) s.watch(s, event);
}

/** One line of text for an event. With a viewer, cards the viewer cannot see are counted, not named. */
export function describeEvent(s: State, e: GameEvent, viewer = -1): string {
  const who = (p: number) => s.names[p] ?? `player ${p}`;
  switch (e.type) {
    case "phase": return `— ${e.phase} —`;
    case "turn": return `${who(e.player)}'s turn`;
    case "action": return `${who(e.player)}: ${viewer < 0 || viewer === e.player ? e.move : maskMove(s, e, viewer)}`;
    case "move": {
      const shown = viewer < 0 || canSeeZone(s, e.from, viewer) || canSeeZone(s, e.to, viewer);
      const what = shown ? e.cards.map((c) => s.game.cardNames[c]).join(" ") : `${e.cards.length} card${e.cards.length === 1 ? "" : "s"}`;
      return `  ${what}: ${zoneName(s, e.from)} → ${zoneName(s, e.to)}`;
    }
    case "shuffle": return `  ${zoneName(s, e.zone)} shuffled`;
    case "out": return `${who(e.player)} is out (place ${e.place})`;
    case "pass": return `${who(e.player)} passes: ${e.reason}`;
    case "end": {
      const list = (ps: number[]) => (ps.length ? ps.map(who).join(", ") : "nobody");
      const scores = e.scores ? `; scores ${e.scores.map((v, p) => `${who(p)} ${v}`).join(", ")}` : "";
      return `game over: winners ${list(e.winners)}; losers ${list(e.losers)}${scores}`;
    }
    case "game": return `— playing ${e.rules} —`;
    case "error": return `stopped: ${e.message}`;
  }
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
  return e.move.split(" ").map((w, i) => (i > 0 && hidden.has(w) ? "##" : w)).join(" ");
}
