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
  const saved = s.me;
  s.me = -1;
  const plan = vars.map((v) => {
    if (!v.constant) return { v, fixed: false, value: null };
    const value = v.initial(s);
    return { v, fixed: !Array.isArray(value), value };
  });
  s.me = saved;
  return plan;
}

export function resetVars(s: State, which: "all" | "turn" | "phase"): void {
  const game = s.game;
  // most games have no variables of a turn: that is known before the plans are looked up
  if ((which === "turn" ? game.turnVars : which === "phase" ? game.phaseVars : game.vars).length === 0) return;
  const resets = resetsOf(s, which);
  const n = s.n;
  const vars = s.vars;
  for (let i = 0; i < resets.length; i++) {
    const r = resets[i];
    const v = r.v;
    if (r.fixed) {
      // a value that is the same at every reset and for every player, written without evaluating anything
      if (v.per === "game") vars[v.slot] = r.value;
      else for (let p = 0, at = game.globalVars + v.slot * n; p < n; p++) vars[at + p] = r.value;
    } else evaluate(s, v);
  }
}

/** The plan of one list: its branches written out, not plans[which], a keyed load of three names at every turn. */
function resetsOf(s: State, which: "all" | "turn" | "phase"): Reset[] {
  const game = s.game;
  const plans = plansOf(game);
  if (which === "turn") return (plans.turn ??= plan(s, game.turnVars));
  if (which === "phase") return (plans.phase ??= plan(s, game.phaseVars));
  return (plans.all ??= plan(s, game.vars));
}

/** Resets a variable whose value is evaluated as it is reset: once for the game, or once per player as that player. */
function evaluate(s: State, v: VarDef): void {
  const saved = s.me;
  const game = s.game;
  const n = s.n;
  if (v.per === "game") {
    s.me = -1;
    s.vars[v.slot] = v.initial(s);
  } else if (v.constant) {
    // the same value for every player: evaluated once, a list copied for each
    s.me = -1;
    const value = v.initial(s);
    const base = game.globalVars + v.slot * n;
    if (Array.isArray(value)) for (let p = 0; p < n; p++) s.vars[base + p] = value.slice();
    else for (let p = 0; p < n; p++) s.vars[base + p] = value;
  } else {
    for (let p = 0; p < n; p++) {
      s.me = p;
      s.vars[game.globalVars + v.slot * n + p] = v.initial(s);
    }
  }
  s.me = saved;
}
