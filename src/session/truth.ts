// The whole truth: a view of a game in which every card and every variable is known, for watching a game from
// above. The seats' own views stay exactly view(state, player).
import type { State } from "../interpreter/state.js";
import { innermost } from "../interpreter/engine.js";
import { view, type View } from "../interpreter/view.js";

/** Like view(s, p): the innermost game, with the game around it as `outer`; but nothing is hidden. */
export function truthView(s: State): View {
  const v = view(s, -1);
  const shown = unmask(v, innermost(s));
  if (v.outer) shown.outer = unmask(v.outer, s);
  return shown;
}

function unmask(v: View, s: State): View {
  const variables: Record<string, unknown> = {};
  for (const def of s.game.vars) {
    if (def.per === "game") variables[def.name] = s.vars[def.slot];
    else variables[def.name] = Array.from({ length: s.n }, (_, q) => s.vars[s.game.globalVars + def.slot * s.n + q]);
  }
  const zones = v.zones.map((z) => ({ ...z, cards: s.zones[z.zone].slice(), from: s.zones[z.zone].map((c) => s.cardFrom[c]) }));
  return { ...v, zones, variables };
}
