// The flow of play generated per phase: entering the phase, what follows an action in it, the turn passing and
// the phase's end, doing what the engine's flow (engine/flow.ts) does, in the same order, with what the phase's
// model fixes written in: its direction of play, whether it names its players, its resets, its first turn, its
// end condition and the phase that follows. A phase the engine enters in a way of its own (players chosen as it
// begins, a phase that may be skipped, a game inside it, play together, a direction read as it begins, a turn of
// steps) keeps the engine's flow, as the flow after an action does in a phase with actions out of turn.
import type { Game, PhaseDef, VarDef } from "../model.js";
import type { CodeTree } from "../lang/compile.js";
import { record } from "../events.js";
import { activeCount } from "../flow-effects.js";
import { applyOrder, firstTurn, nextActive, nextInPhase, startPlayer } from "../turn-order.js";
import { finishGame } from "../engine/outcome.js";
import { enterPhase, looping } from "../engine/flow.js";
import { countedRun, entered as enteredPhase } from "../changes.js";
import { resetVars } from "../engine/vars.js";
import type { Emitter } from "./emit.js";
import { Fn, int } from "./fn.js";

type TreeOf = (fn: object) => CodeTree | undefined;

/** The generated name of each function the compiler made (null: it keeps its closure), by the function. */
export type NameOf = (fn: object) => string | null;

/** The phase's flow as the names of its generated functions: null where the engine's flow is kept. */
export interface PhaseFlow {
  enter: string | null;
  after: string | null;
}

/** Generates the flow of every phase of the game that the engine enters and passes the turn in the usual way. */
export function phaseFlows(em: Emitter, game: Game, treeOf: TreeOf, nameOf: NameOf): PhaseFlow[] {
  const m = em.m;
  const k = {
    record: m.constant(record),
    activeCount: m.constant(activeCount),
    finishGame: m.constant(finishGame),
    applyOrder: m.constant(applyOrder),
    firstTurn: m.constant(firstTurn),
    startPlayer: m.constant(startPlayer),
    enterPhase: m.constant(enterPhase),
    looping: m.constant(looping),
    countedRun: m.constant(countedRun),
    entered: m.constant(enteredPhase),
  };
  /** A call of a function the compiler made: its generated function, or its closure. */
  const call = (fn: object, args: string): string => `${nameOf(fn) ?? m.constant(fn)}(${args})`;

  // the end of the game, checked as the engine's checkEnd() checks it (for the whole game, as nobody)
  const end = game.end;
  const checkEnd = m.add(
    ["s"],
    end
      ? `if (s.over) return true;\nt0 = s.me;\ns.me = -1;\nt1 = ${call(end, "s")} === true;\ns.me = t0;\nif (t1) ${k.finishGame}(s);\nreturn t1;`
      : "return s.over;",
    end ? 2 : 0,
  );
  const turnReset = (f: Fn) => resets(em, game, game.turnVars, "turn", treeOf, f);
  const phaseReset = (f: Fn) => resets(em, game, game.phaseVars, "phase", treeOf, f);
  const turnPhase = (p: PhaseDef) => p.turns === "clockwise" || p.turns === "counterclockwise";

  /** A turn begins (the engine's beginTurn). */
  const beginTurn = (p: PhaseDef): string => {
    const f = new Fn();
    const hook = p.turn ? `${call(p.turn, "s")};\n${checkEnd}(s);` : "";
    const body = [
      "s.current = p;\ns.me = p;\ns.extraTurn = false;",
      turnReset(f),
      `if (s.log !== null || s.watch !== null) ${k.record}(s, { type: "turn", player: p });`,
      hook,
    ];
    return m.add(["s", "p"], body.filter((x) => x).join("\n"), f.temps);
  };

  /** Play goes on to a phase (the engine's goOn): its index, or the game ends. */
  const goOn = (to: number): string => (to < 0 ? `{\n${k.finishGame}(s);\nreturn -1;\n}` : `return ${int(to)};`);

  /** The phase ends (the engine's leavePhase): the index of the phase that follows, or -1 when the game is over. */
  const leave = (p: PhaseDef): string => {
    const body = ["s.me = -1;\ns.current = -1;", p.end ? `${call(p.end, "s")};` : "", `if (${checkEnd}(s)) return -1;`];
    for (const branch of p.nextIf) body.push(`if (${call(branch.when, "s")} === true) ${goOn(branch.to)}`);
    body.push(goOn(p.next));
    return m.add(["s"], body.filter((x) => x).join("\n"), 0);
  };

  /** The phase begins (one round of the engine's enterPhase): the index of the next phase if it ended at once. */
  const enter = (p: PhaseDef, turn: string, leaves: string): string => {
    const f = new Fn();
    const i = f.tmp();
    const body = [
      `if (++s.steps > ${em.value(game.limits.steps)}) throw ${k.looping}(s, ${int(p.index)});`,
      `s.phase = ${int(p.index)};`,
      `if (s.coverage !== null) ${k.entered}(s, ${int(game.actions.length + p.index)});`,
      `if (s.log !== null || s.watch !== null) ${k.record}(s, { type: "phase", phase: ${em.value(p.name)} });`,
      "s.phaseTurns = 0;\ns.phaseWho = null;\ns.skips = 0;\ns.givenTurn = -1;",
      `s.phasePlayers = ${k.activeCount}(s);`,
      `for (${i} = 0; ${i} < s.n; ${i}++) s.done[${i}] = 0;`,
      "s.endPhaseNow = false;",
      phaseReset(f),
      "s.me = -1;\ns.current = -1;",
      p.begin ? `${call(p.begin, "s")};` : "",
      `if (${checkEnd}(s)) return -1;`,
      `s.phaseDir = ${p.turns === "counterclockwise" ? "-1" : "1"};`,
    ];
    if (turnPhase(p)) {
      body.push(`${i} = ${p.first ? call(p.first, "s") : `${k.startPlayer}(s)`};`);
      body.push(`if (s.phasePlayers > 0) {\n${turn}(s, ${k.firstTurn}(s, ${i}));\nreturn -1;\n}`);
    }
    body.push(`return ${leaves}(s);`);
    return m.add(["s"], body.filter((x) => x).join("\n"), f.temps);
  };

  const entered = game.phases.map((p) => p.who === null && p.steps === null && p.skip === null && p.game === null && p.turnsBy === null && !p.newHand && (turnPhase(p) || p.turns === "none"));
  const turns = game.phases.map((p) => (turnPhase(p) ? beginTurn(p) : null));
  const leaves = game.phases.map((p) => leave(p));
  const enters = game.phases.map((p, i) => (entered[i] ? enter(p, turns[i] ?? "", leaves[i]) : null));

  /**
   * The next phase begins, and the phases after it that end at once: the first by name when it is generated and
   * is the only phase that can follow.
   */
  const nextPhase = (p: PhaseDef, t: string): string => {
    if (p.nextIf.length > 0) return `${t} = ${leaves[p.index]}(s);\nif (${t} >= 0) ${k.enterPhase}(s, ${t});\nreturn;`;
    if (p.next < 0) return `${leaves[p.index]}(s);\nreturn;`;
    const into = enters[p.next];
    const entering = into ? `${t} = ${into}(s);\nif (${t} >= 0) ${k.enterPhase}(s, ${t});` : `${k.enterPhase}(s, ${int(p.next)});`;
    return `if (${leaves[p.index]}(s) >= 0) {\n${entering}\n}\nreturn;`;
  };

  // the game's triggers, after every action: each written out, its condition and effect called by name
  const triggers = game.triggers.map(
    (tr) => `s.me = actor;\nif (${call(tr.when, "s")} === true) {\nif (s.coverage !== null) ${k.countedRun}(s, ${int(tr.coverage)}, ${nameOf(tr.effect) ?? m.constant(tr.effect)});\nelse ${call(tr.effect, "s")};\n}`,
  );

  /**
   * After an action of the phase (the engine's afterAction and afterTurn): the triggers, then the end of the
   * game, of the turn and of the phase.
   */
  const after = (p: PhaseDef, turn: string): string => {
    const f = new Fn();
    const t = f.tmp();
    // an action that ends the turn by the rules: when every action of the phase does, the test is left out
    const ends = p.actions.map((a) => game.actions[a].endsTurn);
    const turnOver = ends.every((e) => e) ? null : ends.some((e) => e) ? "action.endsTurn || " : "";
    const over = ["s.endPhaseNow"];
    if (p.once) over.push("s.phaseTurns >= s.phasePlayers");
    if (p.endWhen) over.push(`${call(p.endWhen, "s")} === true`);
    const dir = p.turnsBy ? "s.phaseDir" : p.turns === "counterclockwise" ? "(-1)" : "1";
    const next = p.who ? m.constant(nextInPhase) : m.constant(nextActive);
    const body = [
      "s.me = actor;",
      ...triggers,
      `if (${checkEnd}(s)) return;`,
      turnOver === null ? "" : `if (!(${turnOver}s.out[actor] === 1 || s.endPhaseNow)) return;`,
      // in a phase of one turn each, an extra turn (again()) is part of the player's own: it counts as nobody's
      `${p.once ? "if (!s.extraTurn || s.out[actor] === 1) " : ""}s.phaseTurns++;\ns.me = actor;`,
      `if (${over.join(" || ")}) {\n${nextPhase(p, t)}\n}`,
      `if (${k.activeCount}(s) === 0) {\n${k.finishGame}(s);\nreturn;\n}`,
      `if (s.extraTurn && !s.out[actor]) {\n${turn}(s, actor);\nreturn;\n}`,
      // the turn passes: skipped players lose their turn, and in a phase of one turn each that is their turn
      `${t} = ${next}(s, actor, s.reversed ? -${dir} : ${dir});`,
      `if (s.givenTurn >= 0 || s.skips !== 0) ${t} = ${k.applyOrder}(s, ${t});`,
      p.once ? `if (s.phaseTurns >= s.phasePlayers) {\n${nextPhase(p, t)}\n}` : "",
      `${turn}(s, ${t});`,
    ];
    return m.add(["s", "actor", "action"], body.filter((x) => x).join("\n"), f.temps);
  };

  return game.phases.map((p, i) => ({ enter: enters[i], after: turnPhase(p) && p.steps === null && p.anytime === null ? after(p, turns[i]!) : null }));
}

/**
 * A list of variables reset as the engine's resetVars() resets them. When every one starts from a value written
 * in the rules that is not a list, the values are written in, with nothing evaluated (the engine's plan keeps
 * such a value too); otherwise the engine resets them.
 */
function resets(em: Emitter, game: Game, vars: VarDef[], which: "turn" | "phase", treeOf: TreeOf, f: Fn): string {
  if (vars.length === 0) return "";
  const fixed = vars.map((v) => {
    const code = treeOf(v.initial);
    if (!v.constant || code?.k !== "expr") return null;
    // a written value is kept as a copy (of a list); a default is the value itself
    const tree = code.tree.k === "copyValue" ? code.tree.value : code.tree;
    return tree.k === "const" && !Array.isArray(tree.value) ? tree : null;
  });
  if (fixed.some((x) => x === null)) return `${em.m.constant(resetVars)}(s, ${which === "turn" ? `"turn"` : `"phase"`});`;
  const [p, n] = [f.tmp(), f.tmp()];
  const games: string[] = [];
  const players: string[] = [];
  vars.forEach((v, i) => {
    const value = em.value(fixed[i]!.value);
    if (v.per === "game") games.push(`s.vars[${int(v.slot)}] = ${value};`);
    else players.push(`s.vars[${int(game.globalVars)} + ${int(v.slot)} * ${n} + ${p}] = ${value};`);
  });
  // the players' values in one pass over the seats
  if (players.length) games.push(`${n} = s.n;\nfor (${p} = 0; ${p} < ${n}; ${p}++) {\n${players.join("\n")}\n}`);
  return games.join("\n");
}
