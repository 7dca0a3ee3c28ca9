// Variables get their initial values: all of them at the start, and a turn's or a phase's when it begins.
import type { Game, VarDef } from "../model.js";
import type { State } from "../state.js";

/**
 * A variable's reset, worked out once per list of variables: a constant initial value that is not a list (a
 * number, true/false, none) is the same at every reset, so it is kept instead of evaluated each time; every
 * other variable is evaluated as it is reset, in the declared order.
 */
type Reset = { v: VarDef; fixed: boolean; value: unknown };

/** A game's plans: for all its variables, those of a turn and those of a phase. */
type Plans = { all: Reset[] | null; turn: Reset[] | null; phase: Reset[] | null };

const plansByGame = new WeakMap<Game, Plans>();
// the game of the last reset, in front of the WeakMap: a phase or a turn begins often, and nearly always in the
// same game as the last one
let lastGame: Game | null = null;
let lastPlans: Plans | null = null;

function plansOf(game: Game): Plans {
  if (game === lastGame) return lastPlans!;
  let p = plansByGame.get(game);
  if (!p) plansByGame.set(game, (p = { all: null, turn: null, phase: null }));
  lastGame = game;
  lastPlans = p;
  return p;
}

function plan(s: State, vars: VarDef[]): Reset[] {
  return vars.map((v) => {
    if (!v.constant) return { v, fixed: false, value: null };
    s.me = -1;
    const value = v.initial(s);
    return { v, fixed: !Array.isArray(value), value };
  });
}

export function resetVars(s: State, which: "all" | "turn" | "phase"): void {
  const game = s.game;
  const vars = which === "all" ? game.vars : which === "turn" ? game.turnVars : game.phaseVars;
  if (vars.length === 0) return;
  const saved = s.me;
  const plans = plansOf(game);
  const resets = (plans[which] ??= plan(s, vars));
  const n = s.n;
  for (let i = 0; i < resets.length; i++) {
    const r = resets[i];
    const v = r.v;
    if (v.per === "game") {
      s.me = -1;
      s.vars[v.slot] = r.fixed ? r.value : v.initial(s);
    } else if (v.constant) {
      // the same value for every player: no need to evaluate it for each
      const value = r.fixed ? r.value : v.initial(s);
      const base = game.globalVars + v.slot * n;
      if (Array.isArray(value)) for (let p = 0; p < n; p++) s.vars[base + p] = value.slice();
      else for (let p = 0; p < n; p++) s.vars[base + p] = value;
    } else {
      for (let p = 0; p < n; p++) {
        s.me = p;
        s.vars[game.globalVars + v.slot * n + p] = v.initial(s);
      }
    }
  }
  s.me = saved;
}
