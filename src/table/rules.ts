// What drawing a table needs to know of the rules, as plain data: the zones, the variables and each card's face.
// It can cross from the worker that runs the game to the page that draws it, which never loads rules itself.
import type { Game, ZoneDef } from "../interpreter/model.js";
import type { Type } from "../interpreter/lang/types.js";
import { faceOf, type Face } from "./card-face.js";

export interface TableRules {
  name: string;
  zones: Pick<ZoneDef, "name" | "per" | "many" | "ordered" | "visible" | "slot">[];
  vars: { name: string; per: "player" | "game"; type: Type }[];
  /** Each card's face, by card id: what a card shows once it is known. */
  faces: Face[];
}

const made = new WeakMap<Game, TableRules>();

export function tableRules(game: Game): TableRules {
  let rules = made.get(game);
  if (!rules) {
    rules = {
      name: game.name,
      zones: game.zones.map(({ name, per, many, ordered, visible, slot }) => ({ name, per, many, ordered, visible, slot })),
      vars: game.vars.map(({ name, per, type }) => ({ name, per, type })),
      faces: game.cardNames.map((_, c) => faceOf(game, c)),
    };
    made.set(game, rules);
  }
  return rules;
}
