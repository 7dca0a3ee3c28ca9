// The flow of play: a game starts, enters phases, gives turns, runs what follows each action, and ends. A phase
// may play a whole game inside it. Everything here comes from the compiled Game; nothing names a game.
import type { ActionDef, Game, PhaseDef } from "../model.js";
import type { State } from "../state.js";
import { nextUint32 } from "../rng.js";
import { record } from "../events.js";
import { activeCount } from "../flow-effects.js";
import { RuleError } from "../lang/values.js";
import { optionValueProblem, seatRangeProblem } from "../options.js";
import { ACTED, firstTurn, followingTurn, newHand, phaseOf, reopenRound, roundOver, roundTurn, startPlayer, takesPart } from "../turn-order.js";
import type { NewGameOptions } from "./types.js";
import { blankState } from "./blank-state.js";
import { newGameProblems } from "./new-game-check.js";
import { guard, stop } from "./guard.js";
import { resetVars } from "./vars.js";
import { finishGame } from "./outcome.js";
import { countedRun, entered } from "../changes.js";
import { takeStep } from "./steps.js";

/** Starts a game. A request the rules do not allow (too many players, an unknown option) is refused with a RangeError. */
export function newGame(game: Game, o: NewGameOptions): State {
  const problems = newGameProblems(game, o);
  if (problems.length) throw new RangeError(`cannot start ${game.name}: ${problems.join("; ")}`);
  const s = blankState(game, o);
  guard(s, "setup", () => {
    resetVars(s, "all");
    if (o.dealer !== undefined) s.dealer = o.dealer;
    else if (game.dealer) s.dealer = (game.dealer(s) as number | null) ?? 0;
    if (o.start !== undefined) {
      s.start = o.start;
      s.startFixed = true;
    }
    game.setup?.(s);
    o.afterSetup?.(s);
    s.hooks?.afterSetup?.(s);
    s.steps = 0;
    enterPhase(s, game.firstPhase);
  });
  return s;
}

function checkEnd(s: State): boolean {
  if (s.over) return true;
  const end = s.game.end;
  if (!end) return false;
  const saved = s.me;
  s.me = -1;
  const over = end(s) === true;
  s.me = saved;
  if (over) finishGame(s);
  return over;
}

/**
 * Enters a phase, and the phases after it that end at once. Entered at every trick of a trick-taking game, so the
 * common path is kept short, with what few phases need (who takes part, a game inside, simultaneous play) out of
 * line: a small function is one V8 inlines whole into the flow around it.
 */
export function enterPhase(s: State, index: number): void {
  for (;;) {
    const generated = s.game.phases[index].enter;
    if (generated !== null) {
      // the phase's own flow, generated (js/flow.ts): it gives the phase to enter next when this one ended at once
      index = generated(s);
      if (index < 0) return;
      continue;
    }
    if (++s.steps > s.game.limits.steps) throw looping(s, index);
    const skipped = skipTo(s, s.game.phases[index]);
    if (skipped !== null) {
      if (skipped < 0) return;
      index = skipped;
      continue;
    }
    s.phase = index;
    const phase = phaseOf(s);
    if (s.coverage !== null) entered(s, s.game.actions.length + index);
    if (s.log !== null || s.watch !== null) record(s, { type: "phase", phase: phase.name });
    s.phaseTurns = 0;
    s.phaseWho = null;
    s.skips = 0;
    s.givenTurn = -1;
    s.phasePlayers = activeCount(s);
    for (let p = 0; p < s.n; p++) s.done[p] = 0; // not fill(): a call into the runtime, at every trick
    s.endPhaseNow = false;
    s.turnStep = 0;
    resetVars(s, "phase");
    if (phase.newHand) newHand(s);
    if (phase.turns === "round") reopenRound(s); // a round begins with nobody having acted in it
    s.me = -1;
    s.current = -1;
    phase.begin?.(s);
    if (checkEnd(s)) return;
    if (phase.who) choosePlayers(s, phase);
    s.phaseDir = phaseDirection(s, phase);
    if (phase.game) {
      // the inner game now waits for decisions, or it ended at once and the flow has already moved on
      startInnerGame(s, phase);
      return;
    }
    const turns = phase.turns;
    if (turns === "clockwise" || turns === "counterclockwise") {
      const first = phase.first ? (phase.first(s) as number | null) : startPlayer(s);
      if (s.phasePlayers > 0) {
        beginTurn(s, firstTurn(s, first)); // a player skipped has had a turn of the phase
        return;
      }
      // nobody takes part: the phase ends at once
    } else if (turns === "round") {
      if (startRound(s, phase)) return;
      // one player or none is left in the hand, or nobody can act: the round ends at once
    } else if ((turns === "simultaneous" || turns === "realtime") && !s.endPhaseNow && s.phasePlayers > 0) {
      startTogether(s);
      return;
    }
    // A phase without turns runs its effects and ends.
    const next = leavePhase(s);
    if (next < 0) return;
    index = next;
  }
}

export function looping(s: State, index: number): RuleError {
  return new RuleError(`phase ${s.game.phases[index].name} is looping: more than ${s.game.limits.steps} steps without a decision`);
}

/** The players of a phase that names them, read once as it begins. */
function choosePlayers(s: State, phase: PhaseDef): void {
  const who = new Uint8Array(s.n);
  for (const p of phase.who!(s)) if (p !== null && !s.out[p]) who[p] = 1;
  s.phaseWho = who;
  s.phasePlayers = who.reduce((a, b) => a + b, 0);
}

/** A round begins with its first turn, unless it is over before anyone acts. Gives whether a turn began. */
function startRound(s: State, phase: PhaseDef): boolean {
  const first = phase.first ? (phase.first(s) as number | null) : startPlayer(s);
  if (s.phasePlayers === 0 || roundOver(s)) return false;
  const p = roundTurn(s, first ?? 0, true);
  if (p < 0) return false;
  beginTurn(s, p);
  return true;
}

/** A simultaneous or real-time phase begins: everyone who takes part may act, nobody is done yet. */
function startTogether(s: State): void {
  s.done.fill(0);
  for (let p = 0; p < s.n; p++) if (!takesPart(s, p)) s.done[p] = 1;
}

/** Starts the game a phase plays inside this one, with the same players and dealer. */
function startInnerGame(s: State, phase: PhaseDef): void {
  const value = phase.game!(s);
  const ids = (Array.isArray(value) ? value : [value]).filter((x): x is string => typeof x === "string" && x.length > 0);
  if (ids.length === 0) throw new RuleError(`phases.${phase.name}.game gives no rules to play`);
  const rules = s.game.resolve(ids);
  if (typeof rules === "string") throw new RuleError(`phases.${phase.name}.game: ${rules}`);
  if (s.n < rules.players.min || s.n > rules.players.max) {
    throw new RuleError(`phases.${phase.name}.game: ${rules.name} is for ${rules.players.min}–${rules.players.max} players, not ${s.n}`);
  }
  const options = phase.gameWith.length ? passedOptions(s, phase, rules) : undefined;
  const starts = phase.gameStarts ? startsInner(s, phase) : undefined;
  const inner = newGame(rules, {
    players: s.names, seed: nextUint32(s.rng), dealer: s.dealer, options, start: starts, log: s.log !== null, watch: s.watch ?? undefined, coverage: s.coverage !== null,
    budget: s.budget ?? undefined,
    hooks: s.hooks?.inner?.(s),
  });
  record(s, { type: "game", rules: rules.name, ids });
  s.sub = inner;
  if (inner.over) finishInnerGame(s);
}

/** The player a phase says starts the game inside (`starts:`), read in this game; undefined for none. */
function startsInner(s: State, phase: PhaseDef): number | undefined {
  const saved = s.me;
  s.me = -1;
  const p = phase.gameStarts!(s);
  s.me = saved;
  if (p === null || p === undefined) return undefined;
  if (typeof p !== "number" || !Number.isInteger(p) || p < 0 || p >= s.n) throw new RuleError(`phases.${phase.name}.game.starts gives ${JSON.stringify(p)}, not a player`);
  return p;
}

/**
 * The values a phase passes to the game inside (`with:`), as that game's options: each checked against the
 * option's declaration, a value it refuses stopping the game where the value is written.
 */
function passedOptions(s: State, phase: PhaseDef, rules: Game): Record<string, unknown> {
  const out: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  for (const w of phase.gameWith) {
    const spec = rules.options.get(w.name);
    const rule = `phases.${phase.name}.game.with.${w.name}`;
    if (!spec) throw new RuleError(`${w.where}: ${rule}: ${rules.name} has no option '${w.name}'${rules.options.size ? ` (options: ${[...rules.options.keys()].join(", ")})` : ""}`);
    const value = w.value(s);
    const problem = optionValueProblem(w.name, spec, value) ?? seatRangeProblem(w.name, spec, value, s.n);
    if (problem) throw new RuleError(`${w.where}: ${rule} gives ${JSON.stringify(value)}, which ${rules.name} refuses: ${problem}`);
    out[w.name] = Array.isArray(value) ? value.slice() : value;
  }
  return out;
}

/** The inner game is over: keep its result for the phase's end effects, then leave the phase. */
export function finishInnerGame(s: State): void {
  const inner = s.sub!;
  s.sub = null;
  s.last = inner;
  if (inner.coverage) addInnerCoverage(s, inner);
  if (inner.error) {
    stop(s, `in ${inner.game.name}: ${inner.error}`);
    return;
  }
  nextPhase(s);
}

/** Keeps the counts of a finished inner game (and of the games inside it), by their rules. */
function addInnerCoverage(s: State, inner: State): void {
  s.innerCoverage ??= new Map();
  const add = (game: Game, counts: Uint32Array) => {
    const total = s.innerCoverage!.get(game) ?? new Uint32Array(counts.length);
    for (let i = 0; i < counts.length; i++) total[i] += counts[i];
    s.innerCoverage!.set(game, total);
  };
  add(inner.game, inner.coverage!);
  for (const [game, counts] of inner.innerCoverage ?? []) add(game, counts);
}

/** Ends the current phase: its end effects, then the next phase's index (-1 when the game is over). */
function leavePhase(s: State): number {
  const phase = phaseOf(s);
  s.me = -1;
  s.current = -1;
  phase.end?.(s);
  if (checkEnd(s)) return -1;
  return goOn(s, followingPhase(s, phase));
}

/** The phase that follows: the first of `next:`'s conditions that holds gives it, else its last item. */
export function followingPhase(s: State, phase: PhaseDef): number {
  const branches = phase.nextIf;
  for (let i = 0; i < branches.length; i++) if (branches[i].when(s) === true) return branches[i].to;
  return phase.next;
}

/** Play goes on to a phase, or the game ends (-1, the game finished). */
function goOn(s: State, next: number): number {
  if (next < 0) finishGame(s);
  return next;
}

/**
 * A phase whose `skip:` holds as it would begin is left out: none of its effects run, and play goes on to the
 * phase that follows it, as if it had ended with no moves. Gives that phase (-1: the game ended), or null when the
 * phase is played.
 */
export function skipTo(s: State, phase: PhaseDef): number | null {
  if (phase.skip === null) return null;
  s.me = -1;
  if (phase.skip(s) !== true) return null;
  return goOn(s, followingPhase(s, phase));
}


function beginTurn(s: State, p: number): void {
  s.current = p;
  s.me = p;
  s.extraTurn = false;
  s.turnStep = 0;
  if (s.game.turnVars.length > 0) resetVars(s, "turn");
  if (s.log !== null || s.watch !== null) record(s, { type: "turn", player: p });
  const hook = phaseOf(s).turn;
  if (hook) {
    hook(s);
    checkEnd(s);
  }
}

/**
 * Settles the moment in a real-time phase after moves applied `together`: the phase's settle effects, then the
 * end of the game or of the phase they bring about (in the innermost game, and the games around it).
 */
export function settleMoment(s: State): void {
  if (s.sub) {
    const inner = s.sub;
    settleMoment(inner);
    if (inner.over) guard(s, "the game inside", () => finishInnerGame(s));
    return;
  }
  const phase = phaseOf(s);
  if (s.over || phase.turns !== "realtime" || !phase.settle) return;
  guard(s, `phases.${phase.name}.settle`, () => {
    s.me = -1;
    phase.settle!(s);
    if (checkEnd(s)) return;
    if (s.endPhaseNow || (phase.endWhen !== null && phase.endWhen(s) === true)) {
      const next = leavePhase(s);
      if (next >= 0) enterPhase(s, next);
    }
  });
}

/** After an action: triggers, the end of the game, the end of the turn and of the phase. */
export function afterAction(s: State, actor: number, action: ActionDef, together = false): void {
  const phase = phaseOf(s);
  if (phase.after !== null) {
    // the phase's own flow, generated (js/flow.ts), the triggers in it: a trigger's effects never change the phase
    phase.after(s, actor, action);
    return;
  }
  s.me = actor;
  const triggers = s.game.triggers;
  for (let i = 0; i < triggers.length; i++) {
    const t = triggers[i];
    s.me = actor;
    if (t.when(s) === true) {
      if (s.coverage !== null) countedRun(s, t.coverage, t.effect);
      else t.effect(s);
    }
  }
  if (phase.anytime !== null && phase.anytime.includes(action.index)) afterOutOfTurn(s, phase);
  else if (phase.turns === "realtime") afterRealtime(s, actor, phase, together);
  else if (phase.turns === "simultaneous") afterSimultaneous(s);
  else if (phase.turns === "round") afterRound(s, actor, action, phase);
  else afterTurn(s, actor, action, phase);
}

/**
 * After an action in a phase of turns, the commonest flow there is (every move of a trick-taking game): the end
 * of the game, of the turn and of the phase, then the next turn. Kept apart from the flow of the phases played
 * together, which moves it never takes, so that it stays small enough for V8 to inline whole.
 */
function afterTurn(s: State, actor: number, action: ActionDef, phase: PhaseDef): void {
  if (checkEnd(s)) return;
  const turnOver = (phase.steps === null ? action.endsTurn : takeStep(s, phase, action)) || s.out[actor] === 1 || s.endPhaseNow;
  if (!turnOver) return;
  // in a phase of one turn each, an extra turn (again()) is part of the player's own: it counts as nobody's
  if (!phase.once || !s.extraTurn || s.out[actor] === 1) s.phaseTurns++;
  s.me = actor;
  const phaseOver = s.endPhaseNow || (phase.once && s.phaseTurns >= s.phasePlayers) || (phase.endWhen !== null && phase.endWhen(s) === true);
  if (phaseOver) {
    nextPhase(s);
    return;
  }
  if (gameOverOrAgain(s, actor)) return;
  // the turn passes: skipped players lose their turn, and in a phase of one turn each that is their turn
  const next = followingTurn(s, actor); // a player skipped has had a turn of the phase
  if (phase.once && s.phaseTurns >= s.phasePlayers) nextPhase(s);
  else beginTurn(s, next);
}

/**
 * After an action in a round: the turn over, the actor has acted since the last raise; the round ends once
 * everyone still in the hand has, or one player is left in it; else the turn goes to the next who has to act.
 */
function afterRound(s: State, actor: number, action: ActionDef, phase: PhaseDef): void {
  if (checkEnd(s)) return;
  if (!((phase.steps === null ? action.endsTurn : takeStep(s, phase, action)) || s.out[actor] === 1 || s.endPhaseNow)) return;
  s.phaseTurns++;
  s.hand[actor] |= ACTED;
  s.me = actor;
  if (s.endPhaseNow || (phase.endWhen !== null && phase.endWhen(s) === true) || roundOver(s)) {
    nextPhase(s);
    return;
  }
  if (gameOverOrAgain(s, actor)) return;
  const next = roundTurn(s, actor, false);
  if (next < 0) nextPhase(s);
  else beginTurn(s, next);
}

/** With nobody left in, the game ends; else again() gives the actor another turn. Gives whether either happened. */
function gameOverOrAgain(s: State, actor: number): boolean {
  if (activeCount(s) === 0) {
    finishGame(s);
    return true;
  }
  if (s.extraTurn && !s.out[actor]) {
    beginTurn(s, actor);
    return true;
  }
  return false;
}

/**
 * After an action any player may take out of turn (`anytime:`), whoever took it: the turn stays where it was, with
 * its player at the step it was at; only the end of the game or endPhase() moves play on.
 */
function afterOutOfTurn(s: State, phase: PhaseDef): void {
  if (checkEnd(s)) return;
  if (s.endPhaseNow) nextPhase(s);
  else s.me = s.current;
}

/** After an action in real time: a race between moves made at the same moment is settled once all are in. */
function afterRealtime(s: State, actor: number, phase: PhaseDef, together: boolean): void {
  if (phase.settle && !together) {
    s.me = -1;
    phase.settle(s);
  }
  if (checkEnd(s)) return;
  s.me = actor;
  if (s.endPhaseNow || (phase.endWhen !== null && phase.endWhen(s) === true)) nextPhase(s);
}

/** After an action in a simultaneous phase: the phase ends once everyone taking part is done. */
function afterSimultaneous(s: State): void {
  if (checkEnd(s)) return;
  let waiting = false;
  for (let p = 0; p < s.n; p++) if (!s.out[p] && !s.done[p]) waiting = true;
  if (waiting && !s.endPhaseNow) return;
  nextPhase(s);
}

function nextPhase(s: State): void {
  const next = leavePhase(s);
  if (next >= 0) enterPhase(s, next);
}

/** +1 or -1: the direction of the phase's turns, from its `turns:` (an expression is read as the phase begins). */
function phaseDirection(s: State, phase: PhaseDef): number {
  if (!phase.turnsBy) return phase.turns === "counterclockwise" ? -1 : 1;
  const way = phase.turnsBy(s);
  if (way === "clockwise") return 1;
  if (way === "counterclockwise") return -1;
  throw new RuleError(`phases.${phase.name}.turns gives ${typeof way === "string" ? `'${way}'` : "none"}: it must give clockwise or counterclockwise`);
}
