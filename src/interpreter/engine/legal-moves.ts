// Legal moves: every combination of an action's parameter choices that passes every requirement.
import type { ActionDef, ParamDef, RequirementDef } from "../model.js";
import type { State } from "../state.js";
import { RuleError } from "../lang/values.js";
import { phaseOf } from "../turn-order.js";
import type { Move } from "./types.js";
import { mayAct } from "./actors.js";
import { failed } from "./guard.js";
import { tick } from "../budget.js";
import { refused } from "../changes.js";
import { maxLegalMoves } from "../limits.js";
import { bindOuter } from "./apply.js";

export function legalMoves(s: State, p: number): Move[] {
  if (s.sub) return legalMoves(s.sub, p);
  if (mayAct(s, p)) return [];
  return listMoves(s, p);
}

/**
 * The legal moves of a player known to be allowed to act now (mayAct gave no refusal), outside a game inside: the
 * simulator asks who may act once per move, and has asked it when it lists.
 */
export function listMoves(s: State, p: number): Move[] {
  const out: Move[] = [];
  const saved = s.me;
  s.me = p;
  const phase = phaseOf(s);
  try {
    if (s.pending !== null) {
      // a choice is waited for: its candidates are the only moves
      bindOuter(s, s.pending);
      listChoice(s, s.game.actions[s.pending.choice], out);
    } else if (phase.anytime !== null && p !== s.current) listActions(s, phase.anytime, out); // out of turn
    else if (phase.list !== null) phase.list(s, out); // generated: each action's listing called from its own line
    else {
      // the actions of the step the turn is at, in a turn of steps; else the phase's
      const offered = phase.steps === null ? phase.actions : phase.steps[Math.min(s.turnStep, phase.steps.length - 1)].offered;
      listActions(s, offered, out);
      if (phase.steps !== null && phase.anytime !== null) listActions(s, phase.anytime, out); // the turn's player may too
    }
  } catch (e) {
    failed(s, e, "legal moves");
    return [];
  } finally {
    s.me = saved;
  }
  return out;
}

/** Lists the legal moves of the actions given (indexes), in their order. */
function listActions(s: State, indexes: number[], out: Move[]): void {
  const actions = s.game.actions;
  // an indexed loop: this runs before every decision, and for-of walks an iterator V8 does not fold away
  for (let i = 0; i < indexes.length; i++) enumerate(s, actions[indexes[i]], out);
}

/** Lists the moves of a choice an action asks (ask:), its asking actions' parameters bound: its candidates. */
export function listChoice(s: State, choice: ActionDef, out: Move[]): void {
  enumerate(s, choice, out);
}

/**
 * Lists an action's legal moves: every combination of parameter choices that passes every requirement. Each
 * requirement is checked as soon as the parameters it reads are chosen, and one that reads a set of alike
 * cards only through what they share is checked once per group, not once per subset.
 */
function enumerate(s: State, action: ActionDef, out: Move[]): void {
  if (action.enumerate !== null) {
    action.enumerate(s, out); // generated for this action: the same moves, in the same order
    return;
  }
  if (!passes(s, action.checksAt[0])) return;
  if (action.params.length === 0) out.push({ action, args: [] });
  else choose(s, action, 0, new Array(action.params.length), out);
}

/** Chooses parameter i in every legal way, then the parameters after it. */
function choose(s: State, action: ActionDef, i: number, args: unknown[], out: Move[]): void {
  const param = action.params[i];
  const slot = param.slot;
  const frame = action.frame;
  const checks = action.checksAt[i + 1];
  const from = param.from(s);
  if (from.length === 0 && param.optional) {
    args[i] = null;
    frame[slot] = null;
    if (passes(s, checks)) goOn(s, action, i, args, out);
    return;
  }
  if (!param.several) {
    const list = choices(s, param, from);
    for (let k = 0; k < list.length; k++) {
      args[i] = list[k];
      frame[slot] = list[k];
      if (passes(s, checks)) goOn(s, action, i, args, out);
    }
    return;
  }
  const groupChecks = action.groupChecksAt[i + 1];
  const max = param.max(s);
  if (max === 1) {
    // one card at a time: every candidate on its own, in the zone's order; the rules see a scratch list while
    // they check it, and only a card that passes gets a list of its own
    const list = choices(s, param, from);
    const scratch = [0];
    for (let k = 0; k < list.length; k++) {
      scratch[0] = list[k] as number;
      frame[slot] = scratch;
      if (!passes(s, groupChecks) || !passes(s, checks)) continue;
      const set = [list[k] as number];
      args[i] = set;
      frame[slot] = set;
      goOn(s, action, i, args, out);
    }
    return;
  }
  const groups = alikeGroups(s, param, from as number[]);
  const representative = [0];
  for (let g = 0; g < groups.length; g++) {
    const group = groups[g];
    if (groupChecks.length > 0) {
      representative[0] = group[0];
      frame[slot] = representative;
      if (!passes(s, groupChecks)) continue;
    }
    const sets = group.length === 1 ? (max >= 1 ? [group] : []) : subsets(s, group, Math.min(max, group.length));
    for (let k = 0; k < sets.length; k++) {
      args[i] = sets[k];
      frame[slot] = sets[k];
      if (passes(s, checks)) goOn(s, action, i, args, out);
    }
  }
}

/** Stops a listing that passes the limit of legal moves at once: the generated listings call it too. */
export function tooManyMoves(action: ActionDef): never {
  throw new RuleError(`${action.name}: more than ${maxLegalMoves.toLocaleString("en")} legal moves at once; let a parameter choose fewer`, "E_MOVES");
}

/** Parameter i is chosen: the move is complete, or the next parameter is chosen. */
function goOn(s: State, action: ActionDef, i: number, args: unknown[], out: Move[]): void {
  if (i === action.params.length - 1) {
    if (out.length >= maxLegalMoves) tooManyMoves(action);
    out.push({ action, args: args.slice() });
  }
  else choose(s, action, i + 1, args, out);
}

/** Whether every requirement after the i-th lets the move through. */
function othersPass(s: State, checks: RequirementDef[], i: number): boolean {
  for (let j = i + 1; j < checks.length; j++) if (checks[j].check(s) !== true) return false;
  return true;
}

function passes(s: State, checks: RequirementDef[]): boolean {
  tick(s, 1);
  for (let i = 0; i < checks.length; i++) {
    if (checks[i].check(s) !== true) {
      if (s.coverage) refused(s, checks[i].coverage, (t) => othersPass(t, checks, i));
      return false;
    }
  }
  return true;
}

/** The values a single parameter can take; cards of the same name are the same choice, offered once. */
export function choices(s: State, param: ParamDef, from: unknown[]): unknown[] {
  if (param.kind !== "card" || s.game.uniqueNames) return from;
  const seen = new Set<string>();
  const out: unknown[] = [];
  for (const c of from) {
    const name = s.game.cardNames[c as number];
    if (!seen.has(name)) {
      seen.add(name);
      out.push(c);
    }
  }
  return out;
}

/** The candidates of a several-cards parameter in groups of alike cards, in order of first appearance. */
export function alikeGroups(s: State, param: ParamDef, from: number[]): number[][] {
  if (!param.alike) return from.length ? [from.slice()] : [];
  const keys = s.game.attributes.get(param.alike)!.keyByCard;
  const buckets: number[][] = [];
  const order: number[][] = [];
  for (let i = 0; i < from.length; i++) {
    const c = from[i];
    const k = keys[c] + 1;
    let b = buckets[k];
    if (!b) {
      b = buckets[k] = [];
      order.push(b);
    }
    b.push(c);
  }
  return order;
}

const maxSubsets = 4096;

/**
 * Every non-empty subset of up to `max` cards, keeping the zone's order, with same-named cards counted once: in
 * the order of a depth-first walk ([a], [a b], [a b c], [a c], [b], ...). The lists are shared between listings
 * (a group of alike cards comes back turn after turn, as a hand changes a card at a time): never change them,
 * as no move's arguments are ever changed.
 */
export function subsets(s: State, items: number[], max: number): number[][] {
  return subsetsIn(subsetCacheOf(s.game), s, items, max);
}

/**
 * subsets() with the game's cache (subsetCacheOf) given: generated listings hold their game's, and look it up
 * once, when they are generated, rather than at every group.
 */
export function subsetsIn(cache: Map<number, number[][]>, s: State, items: number[], max: number): number[][] {
  const key = groupKey(items, max);
  if (key < 0) return allSubsets(s, items, max);
  let sets = cache.get(key);
  if (sets === undefined) {
    sets = allSubsets(s, items, max);
    if (cache.size < maxCachedGroups) cache.set(key, sets);
  }
  return sets;
}

/** The subsets of the groups of a game listed before, by group (groupKey). */
export function subsetCacheOf(game: object): Map<number, number[][]> {
  let cache = subsetCache.get(game);
  if (!cache) subsetCache.set(game, (cache = new Map()));
  return cache;
}

const subsetCache = new WeakMap<object, Map<number, number[][]>>();
const maxCachedGroups = 50_000;

/**
 * A number naming a group of up to four cards (of the first 1,024) and the largest subset, which decide its
 * subsets; -1 for any other group, whose subsets are made each time.
 */
function groupKey(items: number[], max: number): number {
  const n = items.length;
  if (n === 0 || n > 4 || !Number.isInteger(max)) return -1;
  let key = 0;
  for (let i = 0; i < n; i++) {
    const c = items[i];
    if (!(c >= 0 && c < 1024 && Number.isInteger(c))) return -1;
    key = key * 1024 + c;
  }
  // up to 1024^4 × 25: a whole number well inside a double's exact range
  return (key * 5 + n) * 5 + (max < 1 ? 1 : max > n ? n : max);
}

/** subsets(), made: walked with a stack of positions rather than a recursive closure, which V8 does not inline. */
function allSubsets(s: State, items: number[], max: number): number[][] {
  const out: number[][] = [];
  const names = s.game.uniqueNames ? null : s.game.cardNames;
  const dedupe = names ? new Set<string>() : null;
  const pick: number[] = []; // the cards of the subset being built
  const at: number[] = []; // the position in items of each of them
  let i = 0; // the next position to try at the current depth
  for (;;) {
    if (i < items.length && out.length < maxSubsets) {
      at.push(i);
      pick.push(items[i]);
      if (!dedupe) out.push(pick.slice());
      else {
        const key = pick.map((c) => names![c]).sort().join(" ");
        if (!dedupe.has(key)) {
          dedupe.add(key);
          out.push(pick.slice());
        }
      }
      // deeper while the subset may grow; otherwise the next card at this depth
      if (pick.length >= max) {
        at.pop();
        pick.pop();
      }
      i++;
      continue;
    }
    if (at.length === 0) return out;
    // this depth is done: back to the card below it, and on to the one after that
    i = at.pop()! + 1;
    pick.pop();
  }
}
