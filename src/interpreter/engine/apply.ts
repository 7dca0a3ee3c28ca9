// Applying a move: the checks of a move from outside, then the action's effect and the flow that follows it.
// An illegal move changes nothing and comes back refused, with the rule and the reason.
import type { ActionDef, ParamDef } from "../model.js";
import type { Pending, Refusal, State } from "../state.js";
import { record } from "../events.js";
import { equal } from "../lang/values.js";
import { phaseOf } from "../turn-order.js";
import type { ApplyResult, Move } from "./types.js";
import { mayAct, waitingFor } from "./actors.js";
import { failed, guard, stop } from "./guard.js";
import { tick } from "../budget.js";
import { countedRun } from "../changes.js";
import { afterAction, finishInnerGame } from "./flow.js";
import { actionEvent, markSeen } from "./action-event.js";
import { parseMove } from "./move-text.js";
import { listChoice } from "./legal-moves.js";
import { notOutOfTurn, stepRefusal } from "./steps.js";
import { zoneName, zoneWord } from "../zones.js";

/** The result of every move that was taken: one value, never changed, so that taking a move allocates nothing. */
const taken: ApplyResult = Object.freeze({ ok: true });

/**
 * Applies a move for a player. A move from legalMoves() can be applied with trusted = true to skip the checks
 * it already passed. An illegal move changes nothing and comes back refused, with the rule and the reason.
 * In a real-time phase a move happens `at` a time; with `together`, more moves made at the same moment follow,
 * and the phase's settle effects wait for the last of them.
 */
export function applyMove(s: State, p: number, move: Move, trusted = false, at?: number, together = false): ApplyResult {
  if (s.sub) {
    const inner = s.sub;
    const r = applyMove(inner, p, move, trusted, at, together);
    if (r.ok) {
      // a move inside is a move of this game: it counts against this game's limits.moves, and is the decision
      // its step count (limits.steps) waits for, else the effects after every hand added up to a "loop"
      s.moves++;
      s.steps = 0;
      const phase = s.game.phases[s.phase];
      if (inner.over) guard(s, "the game inside", () => finishInnerGame(s));
      if (!s.over && s.moves >= s.game.limits.moves) {
        const message = outOfMoves(s, inner.game.name, phase.name);
        for (let g: State | null = s.sub; g; g = g.sub) stop(g, message); // a game still being played inside stops with it
        stop(s, message);
      }
    }
    return r;
  }
  const malformed = trusted ? null : shapeProblem(s, p, move);
  if (malformed) return { ok: false, refusal: { rule: "move", reason: malformed } };
  const who = mayAct(s, p);
  if (who) return { ok: false, refusal: who };
  const action = move.action;
  const phase = trusted ? null : phaseOf(s);
  const pending = s.pending;
  if (pending !== null) {
    if (action.index !== pending.choice) return { ok: false, refusal: waitingFor(s, pending) };
    bindOuter(s, pending);
  } else if (phase !== null && !phase.actions.includes(action.index)) {
    const allowed = phase.actions.map((a) => s.game.actions[a].name).join(", ");
    return { ok: false, refusal: { rule: "phase", reason: `'${action.name}' is not allowed in the ${phase.name} phase (allowed: ${allowed || "nothing"})` } };
  } else if (phase !== null && (phase.steps !== null || phase.anytime !== null) && !phase.anytime?.includes(action.index)) {
    const refusal = p !== s.current ? notOutOfTurn(s, phase, p) : stepRefusal(s, phase, action);
    if (refusal) return { ok: false, refusal };
  }
  const frame = action.frame;
  const saved = s.me;
  s.me = p;
  if (!trusted) {
    let refusal: Refusal | null = null;
    try {
      refusal = check(s, move, frame);
    } catch (e) {
      failed(s, e, `${action.name}`);
      return { ok: false, refusal: { rule: "error", reason: s.error ?? "the rules failed" } };
    }
    if (refusal) {
      s.me = saved; // a refusal changes nothing
      return { ok: false, refusal };
    }
  } else bind(s, move);
  return take(s, p, move, at, together);
}

/** Binds the parameters of the actions that asked the choice waited for, as they were when it was asked. */
export function bindOuter(s: State, pending: Pending): void {
  const choice = s.game.actions[pending.choice];
  const outer = choice.choice!.outer;
  for (let i = 0; i < outer.length; i++) choice.frame[outer[i].slot] = pending.args[i];
}

/**
 * After an action's (or a choice's) effect: when it asks a player to choose, and they have something to choose
 * from, the game waits for that choice (true); else the flow of play goes on (false). `who` and the candidates are
 * read with the player who just acted as \`me\`.
 */
function ask(s: State, actor: number, action: ActionDef, together: boolean): boolean {
  const a = action.ask!;
  if (s.over) return false;
  const who = a.who(s);
  if (who === null || who < 0 || who >= s.n || s.out[who]) return false;
  const choice = a.choice;
  const saved = s.me;
  s.me = who;
  const moves: Move[] = [];
  try {
    listChoice(s, choice, moves);
  } finally {
    s.me = saved;
  }
  if (moves.length === 0) return false; // nothing to choose from: the choice, and its then, are skipped
  const outer = choice.choice!.outer;
  s.pending = { choice: choice.index, player: who, actor, args: outer.map((p) => choice.frame[p.slot]), together };
  return true;
}

/**
 * Applies a move that legalMoves() listed for this player just now, with nothing done to the game since, outside a
 * game inside: the simulator's path, which has asked who may act once for the move, so neither that nor the move
 * is checked again.
 */
export function applyListed(s: State, p: number, move: Move): void {
  s.me = p;
  bind(s, move);
  take(s, p, move, undefined, false);
}

/**
 * Applies a move listed for this player just now (listMovesInto, legalMoves), with nothing done to the game since:
 * applyListed() outside a game inside, applyMove() trusted within one. A search's playouts list and apply this way.
 */
export function applyJustListed(s: State, p: number, move: Move): void {
  if (s.sub === null) applyListed(s, p, move);
  else applyMove(s, p, move, true);
}

/** Binds a move's arguments to its parameters, as the action's effect reads them. */
function bind(s: State, move: Move): void {
  if (s.pending !== null) bindOuter(s, s.pending);
  const frame = move.action.frame;
  const params = move.action.params;
  for (let i = 0; i < params.length; i++) frame[params[i].slot] = move.args[i];
}

/** A move found legal and bound, at a time or not: its effect, then the flow that follows it. */
function take(s: State, p: number, move: Move, at: number | undefined, together: boolean): ApplyResult {
  const action = move.action;
  if (at !== undefined) {
    if (at < s.now) return { ok: false, refusal: { rule: "time", reason: `a move at ${at} comes before the last move, at ${s.now}` } };
    s.now = at;
  }
  s.moves++;
  s.steps = 0;
  try {
    tick(s, 64); // a move is work too: the budget is asked however little the rules compute
  } catch (e) {
    failed(s, e, action.name);
    return taken;
  }
  const logged = s.log ? actionEvent(s, p, move) : null;
  if (logged) record(s, logged);
  // a choice goes on with the turn of the action that asked it: not a new one, so the phase may not end before it
  const pending = s.pending;
  const actor = pending !== null ? pending.actor : p;
  const root = pending !== null ? action.choice!.root : action;
  if (pending !== null) {
    s.pending = null;
    together = pending.together;
  } else s.endPhaseNow = false;
  const cardMoves = s.cardMoves;
  try {
    if (s.coverage !== null) countedRun(s, action.index, action.effect);
    else action.effect(s);
    if (logged) markSeen(s, logged);
    s.hooks?.afterEffect?.(s);
    if (action.ask === undefined || !ask(s, actor, action, together)) afterAction(s, actor, root, together);
  } catch (e) {
    failed(s, e, action.name);
  }
  s.still = s.cardMoves === cardMoves ? s.still + 1 : 0;
  if (!s.over && s.moves >= s.game.limits.moves) stop(s, `the game reached ${s.game.limits.moves} moves without ending (limits.moves)${stillness(s, action.name)}`);
  return taken;
}

/** A game whose moves are made in the games its phases play ran out of moves: what counts, and what to look at. */
function outOfMoves(s: State, inner: string, phase: string): string {
  const limit = s.game.limits.moves;
  return `the game reached ${limit} moves without ending (limits.moves), counting the moves of the games its phases play inside it (the last: ${inner}, in phases.${phase}): \`end\` is checked after each of those games and never held; does what phases.${phase}.end changes ever make it true?`;
}

/** Why a game may have run out of moves: the last moves moved no card, the latest of them made by this rule. */
function stillness(s: State, action: string): string {
  if (s.still < 2) return "";
  return `; the last ${s.still.toLocaleString("en-US")} moves moved no card, the latest by actions.${action}: does an index or a find give none there?`;
}

/**
 * What is wrong with the shape of a move from outside (a program, a saved log): an action of these rules, and
 * for each parameter a value of its kind. Values among the choices are checked later; this only keeps values
 * of the wrong kind from reaching the rules, where they would fail as if the rules were broken.
 */
function shapeProblem(s: State, p: number, move: Move): string | null {
  if (!Number.isInteger(p) || p < 0 || p >= s.n) return `there is no seat ${String(p)}`;
  if (!move || typeof move !== "object") return "a move is an action and its arguments";
  const action = move.action;
  if (!action || s.game.actions[action.index] !== action) return "a move names one of the rules' actions";
  if (!Array.isArray(move.args) || move.args.length > action.params.length) return `${action.name} takes ${action.params.length} argument${action.params.length === 1 ? "" : "s"}`;
  for (let i = 0; i < action.params.length; i++) {
    const param = action.params[i];
    const v = move.args[i];
    if (v === null || v === undefined) continue;
    const isCard = (c: unknown) => Number.isInteger(c) && (c as number) >= 0 && (c as number) < s.game.cardNames.length;
    const ok = param.several || param.kind === "cards"
      ? Array.isArray(v) && v.length <= s.game.cardNames.length && v.every(isCard)
      : param.kind === "card" ? isCard(v)
      : param.kind === "player" ? Number.isInteger(v) && (v as number) >= 0 && (v as number) < s.n
      : param.kind === "zone" ? Number.isInteger(v) && (v as number) >= 0 && (v as number) < s.zones.length
      : param.kind === "number" ? typeof v === "number" && Number.isFinite(v)
      : param.kind === "text" ? typeof v === "string"
      : param.kind === "flag" ? typeof v === "boolean"
      : true;
    if (!ok) return `${action.name}: ${param.name} takes ${param.several || param.kind === "cards" ? "a list of cards" : `a ${param.kind}`}, not ${JSON.stringify(v) ?? String(v)}`;
  }
  return null;
}

/** Whether a move (from an earlier list of legal moves) is still legal now, without listing every move. */
export function isLegal(s: State, p: number, move: Move): boolean {
  if (s.sub) return isLegal(s.sub, p, move);
  if (shapeProblem(s, p, move) || mayAct(s, p)) return false;
  if (s.pending !== null ? move.action.index !== s.pending.choice : !phaseOf(s).actions.includes(move.action.index)) return false;
  const saved = s.me;
  s.me = p;
  try {
    if (s.pending !== null) bindOuter(s, s.pending);
    return check(s, move, move.action.frame) === null;
  } catch {
    return false;
  } finally {
    s.me = saved;
  }
}

/** Checks a move's parameters against their choices, then the action's requirements in order. */
function check(s: State, move: Move, frame: unknown[]): Refusal | null {
  const action = move.action;
  for (let i = 0; i < action.params.length; i++) {
    const param = action.params[i];
    const value = move.args[i];
    const from = param.from(s);
    // The parameter's own reason (its `else`) explains a value that is not among the choices; the other
    // problems (too many cards, unlike cards) keep the engine's words.
    const refuse = (reason: string, notAmongChoices = false): Refusal => {
      frame[param.slot] = value;
      return { rule: `${action.name}.${param.name}`, reason: notAmongChoices && param.refusal ? param.refusal(s) : reason };
    };
    // A card not among the choices, where they all lie in one zone: said first, so that the rule's own reason
    // ("you play from your hand now") does not read as if the player were playing from the wrong place.
    const notThere = (c: number, reason: string): Refusal => {
      const zones = new Set((from as number[]).map((x) => s.cardZone[x]));
      const refusal = refuse(reason, true);
      if (zones.size !== 1 || !param.refusal) return refusal;
      return { ...refusal, reason: `${s.game.cardNames[c]} is not in ${zoneName(s, [...zones][0])}: ${refusal.reason}` };
    };
    if (value === null || value === undefined) {
      if (param.optional && from.length === 0) {
        frame[param.slot] = null;
        continue;
      }
      return refuse(param.optional ? `${action.name} needs ${param.name} here` : `${action.name} needs ${param.name}`, true);
    }
    if (param.optional && from.length === 0) return refuse(`${action.name} takes no ${param.name} here`, true);
    if (param.several) {
      const cards = value as number[];
      if (cards.length === 0) return refuse(`${action.name} needs at least one card`);
      const max = param.max(s);
      if (cards.length > max) return refuse(`at most ${max} card${max === 1 ? "" : "s"} at a time`);
      if (new Set(cards).size !== cards.length) return refuse("the same card is named twice");
      for (const c of cards) if (!from.includes(c)) return notThere(c, `${s.game.cardNames[c]} is not among the cards you may choose for ${param.name}`);
      if (param.alike) {
        const attr = s.game.attributes.get(param.alike)!.byCard;
        if (!cards.every((c) => attr[c] === attr[cards[0]])) return refuse(`cards chosen together must share their ${param.alike}`);
      }
    } else if (!from.some((x) => equal(x, value))) {
      const reason = `${describeValue(s, param, value)} is not among the choices for ${param.name}`;
      return param.kind === "card" ? notThere(value as number, reason) : refuse(reason, true);
    }
    frame[param.slot] = value;
  }
  for (const r of action.requirements) {
    if (r.check(s) !== true) return { rule: `${action.name}/${r.name}`, reason: r.refusal(s) };
  }
  return null;
}

function describeValue(s: State, param: ParamDef, value: unknown): string {
  if (param.kind === "card") return s.game.cardNames[value as number];
  if (param.kind === "player") return s.names[value as number];
  if (param.kind === "zone") return zoneWord(s, value as number);
  if (param.kind === "flag") return value === true ? param.name : `no ${param.name}`;
  return String(value);
}

/** Plays a written move: parse, then apply; in a real-time phase, at a time in seconds (see applyMove). */
export function play(s: State, p: number, text: string, at?: number, together = false): ApplyResult {
  const parsed = parseMove(s, p, text);
  if ("rule" in parsed) return { ok: false, refusal: parsed };
  return applyMove(s, p, parsed, false, at, together);
}
