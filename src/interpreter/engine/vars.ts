// Variables get their initial values: all of them at the start, and a turn's or a phase's when it begins.
import type { VarDef } from "../model.js";
import type { State } from "../state.js";

/**
 * A variable's reset, worked out once per list of variables: a constant initial value that is not a list (a
 * number, true/false, none) is the same at every reset, so it is kept instead of evaluated each time; every
 * other variable is evaluated as it is reset, in the declared order.
 */
type Reset = { v: VarDef; fixed: boolean; value: unknown };

const plans = new WeakMap<VarDef[], Reset[]>();

function plan(s: State, vars: VarDef[]): Reset[] {
  let p = plans.get(vars);
  if (p) return p;
  p = vars.map((v) => {
    if (!v.constant) return { v, fixed: false, value: null };
    s.me = -1;
    const value = v.initial(s);
    return { v, fixed: !Array.isArray(value), value };
  });
  plans.set(vars, p);
  return p;
}

export function resetVars(s: State, which: "all" | "turn" | "phase"): void {
  const vars = which === "all" ? s.game.vars : which === "turn" ? s.game.turnVars : s.game.phaseVars;
  if (vars.length === 0) return;
  const saved = s.me;
  const resets = plan(s, vars);
  for (let i = 0; i < resets.length; i++) {
    const { v, fixed } = resets[i];
    if (v.per === "game") {
      s.me = -1;
      s.vars[v.slot] = fixed ? resets[i].value : v.initial(s);
    } else if (v.constant) {
      // the same value for every player: no need to evaluate it for each
      const value = fixed ? resets[i].value : v.initial(s);
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
