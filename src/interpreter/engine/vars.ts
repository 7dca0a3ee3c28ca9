// Variables get their initial values: all of them at the start, and a turn's or a phase's when it begins.
import type { State } from "../state.js";

export function resetVars(s: State, which: "all" | "turn" | "phase"): void {
  const vars = which === "all" ? s.game.vars : which === "turn" ? s.game.turnVars : s.game.phaseVars;
  if (vars.length === 0) return;
  const saved = s.me;
  for (const v of vars) {
    if (v.per === "game") {
      s.me = -1;
      s.vars[v.slot] = v.initial(s);
    } else if (v.constant) {
      // the same value for every player: no need to evaluate it for each
      const value = v.initial(s);
      const base = s.game.globalVars + v.slot * s.n;
      if (Array.isArray(value)) for (let p = 0; p < s.n; p++) s.vars[base + p] = value.slice();
      else for (let p = 0; p < s.n; p++) s.vars[base + p] = value;
    } else {
      for (let p = 0; p < s.n; p++) {
        s.me = p;
        s.vars[s.game.globalVars + v.slot * s.n + p] = v.initial(s);
      }
    }
  }
  s.me = saved;
}
