// The engine: starts a game, runs the flow of phases and turns, lists legal moves, and applies moves or refuses
// them with the rule that refused and why. It knows no game: everything it does comes from a compiled Game.
import type { ActionDef, Game, ParamDef, PhaseDef, RequirementDef } from "./model.js";
import type { GameResult, Refusal, State } from "./state.js";
import { seedRng, nextUint32 } from "./rng.js";
import { record, type GameEvent } from "./events.js";
import { canSeeCard } from "./view.js";
import { activeCount } from "./flow-effects.js";
import { nextActive } from "./lang/builtins.js";
import { RuleError, equal } from "./lang/values.js";
import { startPlayer } from "./lang/compile.js";

export interface Move {
  action: ActionDef;
  args: unknown[]; // per parameter: a card id, a list of card ids, a player, a number or text; null when left out
}

export interface NewGameOptions {
  players: string[];
  seed?: number | string;
  options?: Record<string, unknown>;
  dealer?: number;
  start?: number;
  log?: boolean;
  /** Count how often each rule fires (State.coverage). */
  coverage?: boolean;
  /** Called after every event (see State.watch). */
  watch?: State["watch"];
  /** Called once setup is over, before the first phase: the first point where a player must decide. */
  afterSetup?: (s: State) => void;
}

export type ApplyResult = { ok: true } | { ok: false; refusal: Refusal };

export function newGame(game: Game, o: NewGameOptions): State {
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
    s.steps = 0;
    enterPhase(s, game.firstPhase);
  });
  return s;
}

/** A state with every card where the rules start it and nothing run yet: setup, phases and roles are the caller's. */
export function blankState(game: Game, o: NewGameOptions): State {
  const n = o.players.length;
  const zoneCount = game.sharedZones + game.playerZones * n;
  const zones: number[][] = Array.from({ length: zoneCount }, () => []);
  const zoneDef: number[] = new Array(zoneCount);
  const zoneOwner: number[] = new Array(zoneCount);
  for (const d of game.zones) {
    if (d.many) continue;
    if (d.per === "game") {
      zoneDef[d.slot] = d.index;
      zoneOwner[d.slot] = -1;
    } else {
      for (let p = 0; p < n; p++) {
        const z = game.sharedZones + d.slot * n + p;
        zoneDef[z] = d.index;
        zoneOwner[z] = p;
      }
    }
  }
  const cardZone = new Int32Array(game.cardNames.length);
  game.cardStart.forEach((def, card) => {
    const z = game.zones[def].slot;
    zones[z].push(card);
    cardZone[card] = z;
  });
  const opts: unknown[] = [];
  for (const [name, opt] of game.options) opts[opt.slot] = o.options && name in o.options ? o.options[name] : opt.value;
  const s: State = {
    game, n, names: o.players.slice(), zones, zoneDef, zoneOwner,
    groups: Array.from({ length: game.families }, () => []),
    cardZone, cardFrom: new Int8Array(game.cardNames.length).fill(-1),
    vars: new Array(game.globalVars + game.playerVars * n).fill(null),
    opts, me: -1, current: -1, phase: 0, phaseTurns: 0, phasePlayers: n,
    extraTurn: false, stayInTurn: false, endPhaseNow: false,
    done: new Uint8Array(n), out: new Uint8Array(n), activeCache: null, places: [], phaseWho: null,
    dealer: 0, start: -2, startFixed: false,
    rng: seedRng(o.seed ?? 0), moves: 0, steps: 0,
    over: false, result: null, error: null, log: o.log === false ? null : [], watch: o.watch ?? null,
    now: 0, sub: null, last: null, coverage: o.coverage ? new Uint32Array(game.coverage.length) : null, innerCoverage: null,
  };
  return s;
}

/** Runs a piece of the flow; a rule that fails at run time stops the game with a message, never a crash. */
function guard(s: State, where: string, run: () => void): void {
  try {
    run();
  } catch (e) {
    stop(s, e instanceof RuleError ? e.message : `${where}: ${(e as Error).message}`);
  }
}

/** Stops a game that cannot go on: a looping or failing rule, or a player with no legal move. */
export function stop(s: State, message: string): void {
  if (s.over) return;
  s.error = message;
  s.over = true;
  record(s, { type: "error", message });
}

// ---- variables ---------------------------------------------------------------------------------------

function resetVars(s: State, which: "all" | "turn" | "phase"): void {
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
      for (let p = 0; p < s.n; p++) s.vars[base + p] = Array.isArray(value) ? value.slice() : value;
    } else {
      for (let p = 0; p < s.n; p++) {
        s.me = p;
        s.vars[s.game.globalVars + v.slot * s.n + p] = v.initial(s);
      }
    }
  }
  s.me = saved;
}

// ---- flow --------------------------------------------------------------------------------------------

function phaseOf(s: State): PhaseDef {
  return s.game.phases[s.phase];
}

function direction(phase: PhaseDef): number {
  return phase.turns === "counterclockwise" ? -1 : 1;
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

function enterPhase(s: State, index: number): void {
  for (;;) {
    if (++s.steps > s.game.limits.steps) throw new RuleError(`phase ${s.game.phases[index].name} is looping: more than ${s.game.limits.steps} steps without a decision`);
    s.phase = index;
    const phase = phaseOf(s);
    if (s.coverage) s.coverage[s.game.actions.length + index]++;
    if (s.log || s.watch) record(s, { type: "phase", phase: phase.name });
    s.phaseTurns = 0;
    s.phaseWho = null;
    s.phasePlayers = activeCount(s);
    s.done.fill(0);
    s.endPhaseNow = false;
    resetVars(s, "phase");
    s.me = -1;
    s.current = -1;
    phase.begin?.(s);
    if (checkEnd(s)) return;
    if (phase.who) {
      const who = new Uint8Array(s.n);
      for (const p of phase.who(s)) if (p !== null && !s.out[p]) who[p] = 1;
      s.phaseWho = who;
      s.phasePlayers = who.reduce((a, b) => a + b, 0);
    }
    if (phase.game) {
      // the inner game now waits for decisions, or it ended at once and the flow has already moved on
      startInnerGame(s, phase);
      return;
    }
    if (phase.turns === "clockwise" || phase.turns === "counterclockwise") {
      let first = phase.first ? (phase.first(s) as number | null) : startPlayer(s);
      if (s.phasePlayers > 0) {
        if (first === null || !takesPart(s, first)) first = nextInPhase(s, first ?? s.dealer, direction(phase));
        beginTurn(s, first);
        return;
      }
      // nobody takes part: the phase ends at once
    }
    if ((phase.turns === "simultaneous" || phase.turns === "realtime") && !s.endPhaseNow && s.phasePlayers > 0) {
      s.done.fill(0);
      for (let p = 0; p < s.n; p++) if (!takesPart(s, p)) s.done[p] = 1;
      return;
    }
    // A phase without turns runs its effects and ends.
    const next = leavePhase(s);
    if (next < 0) return;
    index = next;
  }
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
  const inner = newGame(rules, { players: s.names, seed: nextUint32(s.rng), dealer: s.dealer, log: s.log !== null, watch: s.watch ?? undefined, coverage: s.coverage !== null });
  record(s, { type: "game", rules: rules.name, ids });
  s.sub = inner;
  if (inner.over) finishInnerGame(s);
}

/** The inner game is over: keep its result for the phase's end effects, then leave the phase. */
function finishInnerGame(s: State): void {
  const inner = s.sub!;
  s.sub = null;
  s.last = inner;
  if (inner.coverage) addInnerCoverage(s, inner);
  if (inner.error) {
    stop(s, `in ${inner.game.name}: ${inner.error}`);
    return;
  }
  const next = leavePhase(s);
  if (next >= 0) enterPhase(s, next);
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
  if (phase.next < 0) {
    finishGame(s);
    return -1;
  }
  return phase.next;
}

/** Whether a player takes part in the current phase: still in, and among the phase's players if it names them. */
function takesPart(s: State, p: number): boolean {
  return !s.out[p] && (s.phaseWho === null || s.phaseWho[p] === 1);
}

/** The next player clockwise (or counter-clockwise) who takes part in the phase. */
function nextInPhase(s: State, from: number, dir: number): number {
  if (s.phaseWho === null) return nextActive(s, from, dir);
  for (let i = 1; i <= s.n; i++) {
    const p = (((from + dir * i) % s.n) + s.n) % s.n;
    if (takesPart(s, p)) return p;
  }
  return from;
}

function beginTurn(s: State, p: number): void {
  s.current = p;
  s.me = p;
  s.extraTurn = false;
  resetVars(s, "turn");
  if (s.log || s.watch) record(s, { type: "turn", player: p });
  const hook = phaseOf(s).turn;
  if (hook) {
    hook(s);
    checkEnd(s);
  }
}

/** After an action: triggers, the end of the game, the end of the turn and of the phase. */
function afterAction(s: State, actor: number, action: ActionDef): void {
  s.me = actor;
  for (const t of s.game.triggers) {
    s.me = actor;
    if (t.when(s) === true) {
      if (s.coverage) s.coverage[t.coverage]++;
      t.effect(s);
    }
  }
  if (checkEnd(s)) return;
  const phase = phaseOf(s);
  if (phase.turns === "realtime") {
    s.me = actor;
    if (s.endPhaseNow || (phase.endWhen !== null && phase.endWhen(s) === true)) {
      const next = leavePhase(s);
      if (next >= 0) enterPhase(s, next);
    }
    return;
  }
  if (phase.turns === "simultaneous") {
    let waiting = false;
    for (let p = 0; p < s.n; p++) if (!s.out[p] && !s.done[p]) waiting = true;
    if (waiting && !s.endPhaseNow) return;
    const next = leavePhase(s);
    if (next >= 0) enterPhase(s, next);
    return;
  }
  const turnOver = action.endsTurn || s.out[actor] === 1 || s.endPhaseNow;
  if (!turnOver) return;
  s.phaseTurns++;
  s.me = actor;
  const phaseOver = s.endPhaseNow || (phase.once && s.phaseTurns >= s.phasePlayers) || (phase.endWhen !== null && phase.endWhen(s) === true);
  if (phaseOver) {
    const next = leavePhase(s);
    if (next >= 0) enterPhase(s, next);
    return;
  }
  if (activeCount(s) === 0) {
    finishGame(s);
    return;
  }
  const again = s.extraTurn && !s.out[actor];
  beginTurn(s, again ? actor : nextInPhase(s, actor, direction(phase)));
}

function finishGame(s: State): void {
  if (s.over) return;
  s.me = -1;
  const o = s.game.outcome;
  const scores = o.scores ? Array.from({ length: s.n }, (_, p) => o.scores!(s, p)) : null;
  let winners: number[];
  if (o.winners) winners = (o.winners(s) as number[]).slice();
  else if (scores) {
    const best = Math.max(...scores);
    winners = scores.flatMap((v, p) => (v === best ? [p] : []));
  } else winners = [];
  const losers = o.losers ? (o.losers(s) as number[]).slice() : [];
  const result: GameResult = { winners, losers, scores, places: s.places.slice() };
  s.result = result;
  s.over = true;
  s.current = -1;
  record(s, { type: "end", winners, losers, scores });
}

// ---- who may act -------------------------------------------------------------------------------------

/** The players who may act now: the player whose turn it is, or everyone not yet done in a simultaneous phase. */
export function actors(s: State): number[] {
  if (s.sub) return actors(s.sub);
  if (s.over) return [];
  const phase = phaseOf(s);
  if (phase.turns === "realtime") {
    const out: number[] = [];
    for (let p = 0; p < s.n; p++) if (takesPart(s, p)) out.push(p);
    return out;
  }
  if (phase.turns === "simultaneous") {
    const out: number[] = [];
    for (let p = 0; p < s.n; p++) if (!s.out[p] && !s.done[p]) out.push(p);
    return out;
  }
  return s.current >= 0 ? [s.current] : [];
}

function mayAct(s: State, p: number): Refusal | null {
  if (s.over) return { rule: "over", reason: "the game is over" };
  if (p < 0 || p >= s.n) return { rule: "player", reason: `there is no player ${p}` };
  if (s.out[p]) return { rule: "out", reason: `${s.names[p]} is out of the game` };
  const phase = phaseOf(s);
  if (s.phaseWho && !s.phaseWho[p]) return { rule: "phase", reason: `${s.names[p]} takes no part in the ${phase.name} phase` };
  if (phase.turns === "realtime") return null;
  if (phase.turns === "simultaneous") {
    if (s.done[p]) return { rule: "done", reason: `${s.names[p]} has finished the ${phase.name} phase and waits for the others` };
    return null;
  }
  if (s.current !== p) return { rule: "turn", reason: s.current >= 0 ? `it is ${s.names[s.current]}'s turn, not ${s.names[p]}'s` : `nobody may act in the ${phase.name} phase` };
  return null;
}

// ---- legal moves -------------------------------------------------------------------------------------

export function legalMoves(s: State, p: number): Move[] {
  if (s.sub) return legalMoves(s.sub, p);
  if (mayAct(s, p)) return [];
  const out: Move[] = [];
  const saved = s.me;
  s.me = p;
  try {
    for (const a of phaseOf(s).actions) enumerate(s, s.game.actions[a], out);
  } catch (e) {
    stop(s, e instanceof RuleError ? e.message : (e as Error).message);
    return [];
  } finally {
    s.me = saved;
  }
  return out;
}

/**
 * Lists an action's legal moves: every combination of parameter choices that passes every requirement. Each
 * requirement is checked as soon as the parameters it reads are chosen, and one that reads a set of alike
 * cards only through what they share is checked once per group, not once per subset.
 */
function enumerate(s: State, action: ActionDef, out: Move[]): void {
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

/** Parameter i is chosen: the move is complete, or the next parameter is chosen. */
function goOn(s: State, action: ActionDef, i: number, args: unknown[], out: Move[]): void {
  if (i === action.params.length - 1) out.push({ action, args: args.slice() });
  else choose(s, action, i + 1, args, out);
}

function passes(s: State, checks: RequirementDef[]): boolean {
  for (let i = 0; i < checks.length; i++) {
    if (checks[i].check(s) !== true) {
      if (s.coverage) s.coverage[checks[i].coverage]++;
      return false;
    }
  }
  return true;
}

/** The values a single parameter can take; cards of the same name are the same choice, offered once. */
function choices(s: State, param: ParamDef, from: unknown[]): unknown[] {
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
function alikeGroups(s: State, param: ParamDef, from: number[]): number[][] {
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

/** Every non-empty subset of up to `max` cards, keeping the zone's order, with same-named cards counted once. */
function subsets(s: State, items: number[], max: number): number[][] {
  const out: number[][] = [];
  const dedupe = s.game.uniqueNames ? null : new Set<string>();
  const pick: number[] = [];
  const walk = (start: number) => {
    for (let i = start; i < items.length && out.length < maxSubsets; i++) {
      pick.push(items[i]);
      if (!dedupe) out.push(pick.slice());
      else {
        const key = pick.map((c) => s.game.cardNames[c]).sort().join(" ");
        if (!dedupe.has(key)) {
          dedupe.add(key);
          out.push(pick.slice());
        }
      }
      if (pick.length < max) walk(i + 1);
      pick.pop();
    }
  };
  walk(0);
  return out;
}

// ---- applying moves ----------------------------------------------------------------------------------

/**
 * Applies a move for a player. A move from legalMoves() can be applied with trusted = true to skip the checks
 * it already passed. An illegal move changes nothing and comes back refused, with the rule and the reason.
 */
export function applyMove(s: State, p: number, move: Move, trusted = false, at?: number): ApplyResult {
  if (s.sub) {
    const inner = s.sub;
    const r = applyMove(inner, p, move, trusted, at);
    if (r.ok) {
      s.moves++;
      if (inner.over) guard(s, "the game inside", () => finishInnerGame(s));
    }
    return r;
  }
  const who = mayAct(s, p);
  if (who) return { ok: false, refusal: who };
  const action = move.action;
  const phase = phaseOf(s);
  if (!trusted && !phase.actions.includes(action.index)) {
    const allowed = phase.actions.map((a) => s.game.actions[a].name).join(", ");
    return { ok: false, refusal: { rule: "phase", reason: `'${action.name}' is not allowed in the ${phase.name} phase (allowed: ${allowed || "nothing"})` } };
  }
  const frame = action.frame;
  s.me = p;
  if (!trusted) {
    let refusal: Refusal | null = null;
    try {
      refusal = check(s, move, frame);
    } catch (e) {
      stop(s, e instanceof RuleError ? e.message : (e as Error).message);
      return { ok: false, refusal: { rule: "error", reason: s.error ?? "the rules failed" } };
    }
    if (refusal) return { ok: false, refusal };
  } else {
    const params = action.params;
    for (let i = 0; i < params.length; i++) frame[params[i].slot] = move.args[i];
  }
  if (at !== undefined) {
    if (at < s.now) return { ok: false, refusal: { rule: "time", reason: `a move at ${at} comes before the last move, at ${s.now}` } };
    s.now = at;
  }
  s.moves++;
  s.steps = 0;
  if (s.coverage) s.coverage[action.index]++;
  const logged = s.log ? actionEvent(s, p, move) : null;
  if (logged) record(s, logged);
  s.endPhaseNow = false;
  try {
    action.effect(s);
    if (logged) markSeen(s, logged);
    afterAction(s, p, action);
  } catch (e) {
    stop(s, e instanceof RuleError ? e.message : `${action.name}: ${(e as Error).message}`);
  }
  if (!s.over && s.moves >= s.game.limits.moves) stop(s, `the game reached ${s.game.limits.moves} moves without ending (limits.moves)`);
  return { ok: true };
}

/** The action as logged: its text, the cards it names, and who could see each of them before the move. */
function actionEvent(s: State, p: number, move: Move): Extract<GameEvent, { type: "action" }> {
  const cards: number[] = [];
  move.action.params.forEach((param, i) => {
    const v = move.args[i];
    if (v === null || v === undefined) return;
    if (param.several) cards.push(...(v as number[]));
    else if (param.kind === "card") cards.push(v as number);
  });
  const event: Extract<GameEvent, { type: "action" }> = { type: "action", player: p, move: moveText(s, move) };
  if (cards.length) {
    event.cards = cards;
    event.seenBy = cards.map(() => 0);
    markSeen(s, event);
  }
  return event;
}

/**
 * Adds the players who can see each named card where it is now: in a zone they may see, or held by a variable
 * everyone sees (a shape being shown, the card in play).
 */
function markSeen(s: State, e: Extract<GameEvent, { type: "action" }>): void {
  if (!e.cards || !e.seenBy) return;
  const shown = publiclyHeldCards(s);
  const all = (1 << s.n) - 1;
  e.cards.forEach((c, i) => {
    if (shown.has(c)) {
      e.seenBy![i] = all;
      return;
    }
    const z = s.cardZone[c];
    const at = s.zones[z].indexOf(c);
    for (let q = 0; q < s.n; q++) if (canSeeCard(s, z, at, q)) e.seenBy![i] |= 1 << q;
  });
}

/** The cards held by card variables that everyone may see. */
function publiclyHeldCards(s: State): Set<number> {
  const out = new Set<number>();
  for (const v of s.game.vars) {
    if (v.visible !== "everyone" || v.type.t !== "card") continue;
    const count = v.per === "game" ? 1 : s.n;
    const base = v.per === "game" ? v.slot : s.game.globalVars + v.slot * s.n;
    for (let i = 0; i < count; i++) {
      const c = s.vars[base + i];
      if (typeof c === "number") out.add(c);
    }
  }
  return out;
}

/** Whether a move (from an earlier list of legal moves) is still legal now, without listing every move. */
export function isLegal(s: State, p: number, move: Move): boolean {
  if (s.sub) return isLegal(s.sub, p, move);
  if (mayAct(s, p) || !phaseOf(s).actions.includes(move.action.index)) return false;
  const saved = s.me;
  s.me = p;
  try {
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
      for (const c of cards) if (!from.includes(c)) return refuse(`${s.game.cardNames[c]} is not among the cards you may choose for ${param.name}`, true);
      if (param.alike) {
        const attr = s.game.attributes.get(param.alike)!.byCard;
        if (!cards.every((c) => attr[c] === attr[cards[0]])) return refuse(`cards chosen together must share their ${param.alike}`);
      }
    } else if (!from.some((x) => equal(x, value))) {
      return refuse(`${describeValue(s, param, value)} is not among the choices for ${param.name}`, true);
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
  return String(value);
}

// ---- move text ---------------------------------------------------------------------------------------

export function moveText(s: State, move: Move): string {
  const parts = [move.action.name];
  move.action.params.forEach((param, i) => {
    const v = move.args[i];
    if (v === null || v === undefined) return;
    if (param.several) parts.push(...(v as number[]).map((c) => s.game.cardNames[c]));
    else if (param.kind === "card") parts.push(s.game.cardNames[v as number]);
    else if (param.kind === "player") parts.push(s.names[v as number]);
    else parts.push(String(v));
  });
  return parts.join(" ");
}

/**
 * Reads a move written as text: `play 9S 9D`, `flip 2`, `pickup`. A card name is matched to a card the
 * parameter may take where one has that name. Returns the move, or a refusal saying what could not be read.
 */
export function parseMove(s: State, p: number, text: string): Move | Refusal {
  if (s.sub) return parseMove(s.sub, p, text);
  const words = text.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return { rule: "move", reason: "the move is empty" };
  const action = s.game.actionsByName.get(words[0].toLowerCase());
  if (!action) {
    const names = [...s.game.actionsByName.keys()];
    const near = names.find((n) => n.startsWith(words[0].toLowerCase().slice(0, 3)));
    return { rule: "move", reason: `unknown action '${words[0]}' (actions: ${names.join(", ")})${near ? `; did you mean '${near}'?` : ""}` };
  }
  const args: unknown[] = [];
  let w = 1;
  const saved = s.me;
  s.me = p;
  const frame = action.frame;
  try {
    for (const param of action.params) {
      let from: unknown[] = [];
      try {
        from = param.from(s);
      } catch {
        from = [];
      }
      if (param.optional && w >= words.length) {
        args.push(null);
        frame[param.slot] = null;
        continue;
      }
      if (w >= words.length) return { rule: "move", reason: `${action.name} needs ${param.name}: ${usage(action)}` };
      if (param.several) {
        const picked: number[] = [];
        for (; w < words.length; w++) {
          const c = pickCard(s, words[w], from as number[], picked);
          if (c === null) return { rule: "move", reason: `there is no card called '${words[w]}'` };
          picked.push(c);
        }
        args.push(picked);
      } else if (param.kind === "card") {
        const c = pickCard(s, words[w], from as number[], []);
        if (c === null) return { rule: "move", reason: `there is no card called '${words[w]}'` };
        args.push(c);
        w++;
      } else if (param.kind === "player") {
        const q = s.names.findIndex((n) => n.toLowerCase() === words[w].toLowerCase());
        if (q < 0) return { rule: "move", reason: `there is no player called '${words[w]}' (players: ${s.names.join(", ")})` };
        args.push(q);
        w++;
      } else if (param.kind === "number") {
        const v = Number(words[w]);
        if (!Number.isFinite(v)) return { rule: "move", reason: `${param.name} must be a number, not '${words[w]}'` };
        args.push(v);
        w++;
      } else {
        args.push(words[w]);
        w++;
      }
      frame[param.slot] = args[args.length - 1];
    }
  } finally {
    s.me = saved;
  }
  if (w < words.length) return { rule: "move", reason: `too many words: ${usage(action)}` };
  return { action, args };
}

function usage(action: ActionDef): string {
  const params = action.params.map((p) => {
    const word = p.several ? `<${p.name}...>` : `<${p.name}>`;
    return p.optional ? `[${word}]` : word;
  });
  return [action.name, ...params].join(" ");
}

/** Among the cards with a name, the one the parameter may take (not already picked), else any of them. */
function pickCard(s: State, word: string, from: number[], picked: number[]): number | null {
  const named = s.game.cardsNamed(word);
  if (named.length === 0) return null;
  const fits = named.find((c) => from.includes(c) && !picked.includes(c));
  return fits ?? named.find((c) => !picked.includes(c)) ?? named[0];
}

/** Plays a written move: parse, then apply; in a real-time phase, at a time in seconds. */
export function play(s: State, p: number, text: string, at?: number): ApplyResult {
  const parsed = parseMove(s, p, text);
  if ("rule" in parsed) return { ok: false, refusal: parsed };
  return applyMove(s, p, parsed, false, at);
}

/** Whether decisions are being made in a real-time phase: anyone may act, each move at a time. */
export function isRealtime(s: State): boolean {
  const g = innermost(s);
  return !g.over && g.game.phases[g.phase]?.turns === "realtime";
}

/** The game decisions are made in now: this one, or the game being played inside it. */
export function innermost(s: State): State {
  return s.sub ? innermost(s.sub) : s;
}

