// The log of an action: its text, the cards it names, and who could see each of them before and after the move.
import type { GameEvent } from "../events.js";
import type { State } from "../state.js";
import { canSeeCard } from "../view.js";
import type { Move } from "./types.js";
import { moveText } from "./move-text.js";

/** The action as logged: its text, the cards it names, and who could see each of them before the move. */
export function actionEvent(s: State, p: number, move: Move): Extract<GameEvent, { type: "action" }> {
  const cards: number[] = [];
  move.action.params.forEach((param, i) => {
    const v = move.args[i];
    if (v === null || v === undefined) return;
    if (param.several) cards.push(...(v as number[]));
    else if (param.kind === "card") cards.push(v as number);
  });
  const event: Extract<GameEvent, { type: "action" }> = { type: "action", player: p, move: moveText(s, move) };
  if (cards.length) {
    event.cards = cards;
    event.seenBy = cards.map(() => 0);
    markSeen(s, event);
  }
  return event;
}

/**
 * Adds the players who can see each named card where it is now: in a zone they may see, or held by a variable
 * everyone sees (a shape being shown, the card in play).
 */
export function markSeen(s: State, e: Extract<GameEvent, { type: "action" }>): void {
  if (!e.cards || !e.seenBy) return;
  const shown = publiclyHeldCards(s);
  const all = (1 << s.n) - 1;
  e.cards.forEach((c, i) => {
    if (shown.has(c)) {
      e.seenBy![i] = all;
      return;
    }
    const z = s.cardZone[c];
    const at = s.zones[z].indexOf(c);
    for (let q = 0; q < s.n; q++) if (canSeeCard(s, z, at, q)) e.seenBy![i] |= 1 << q;
  });
}

/** The cards held by card variables that everyone may see. */
function publiclyHeldCards(s: State): Set<number> {
  const out = new Set<number>();
  for (const v of s.game.vars) {
    if (v.visible !== "everyone" || v.type.t !== "card") continue;
    const count = v.per === "game" ? 1 : s.n;
    const base = v.per === "game" ? v.slot : s.game.globalVars + v.slot * s.n;
    for (let i = 0; i < count; i++) {
      const c = s.vars[base + i];
      if (typeof c === "number") out.add(c);
    }
  }
  return out;
}
