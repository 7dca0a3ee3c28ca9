// What drawing a table needs to know of the rules, as plain data: the zones, the variables and each card's face.
// It can cross from the worker that runs the game to the page that draws it, which never loads rules itself.
import type { Game, ZoneDef } from "../interpreter/model.js";
import type { Type } from "../interpreter/lang/types.js";
import { faceOf, type Face } from "./card-face.js";

export interface TableRules {
  name: string;
  zones: Pick<ZoneDef, "name" | "per" | "many" | "ordered" | "visible" | "slot" | "text">[];
  /** Every variable, with whether the table shows it (`table`); the inspector lists them all. */
  vars: { name: string; per: "player" | "game"; type: Type; text?: string; table: boolean }[];
  /** Each card's face, by card id: what a card shows once it is known. */
  faces: Face[];
  /** The actions by name, and whether each takes one card and nothing else (a key can make those). */
  actions: { name: string; oneCard: boolean }[];
}

const made = new WeakMap<Game, TableRules>();

export function tableRules(game: Game): TableRules {
  let rules = made.get(game);
  if (!rules) {
    rules = {
      name: game.name,
      zones: game.zones.map(({ name, per, many, ordered, visible, slot, text }) => ({ name, per, many, ordered, visible, slot, ...(text === undefined ? {} : { text }) })),
      vars: game.vars.map(({ name, per, type, text, table }) => ({ name, per, type, table, ...(text === undefined ? {} : { text }) })),
      faces: game.cardNames.map((_, c) => faceOf(game, c)),
      actions: game.actions.map((a) => ({ name: a.name, oneCard: a.params.length === 1 && a.params[0].kind === "card" && !a.params[0].several })),
    };
    made.set(game, rules);
  }
  return rules;
}

/** The cards a move names, by card id: its card parameters' arguments, in order. */
export function moveCards(params: readonly { kind: string; several: boolean }[], args: readonly unknown[]): number[] {
  const out: number[] = [];
  params.forEach((p, i) => {
    const v = args[i];
    if (v === null || v === undefined) return;
    if (p.several) out.push(...(v as number[]));
    else if (p.kind === "card") out.push(v as number);
  });
  return out;
}
