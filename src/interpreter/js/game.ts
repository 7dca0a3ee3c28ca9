// Gives a compiled game generated code: every function of the Game that the compiler made from a checked tree is
// generated again as JavaScript, all of them in one module compiled once, and put in the closure's place. A
// function without a tree (a default, a message) keeps its closure, which means the same thing: the pass may
// leave anything out and the game still plays the same.
import type { ActionDef, Game, PhaseDef } from "../model.js";
import type { CodeTree } from "../lang/compile.js";
import { Module, type Generated } from "./module.js";
import { Emitter } from "./emit.js";
import { Fn } from "./fn.js";
import { enumerators, mostMoves, phaseListing } from "./enumerate.js";
import { maxLegalMoves } from "../limits.js";
import { countedRun } from "../changes.js";
import { phaseFlows } from "./flow.js";

export type TreeOf = (fn: object) => CodeTree | undefined;

const sources = new WeakMap<Game, string>();

/** The source of the module generated for a game, for tests and tools: null for a game that runs closures. */
export function generatedSource(game: Game): string | null {
  return sources.get(game) ?? null;
}

/** Generates the game's functions and puts them in place; returns the module (its source is for tests and tools). */
export function generateGame(game: Game, treeOf: TreeOf): Module {
  const m = new Module();
  const em = new Emitter(m, game.sharedZones);
  const swaps: ((get: (name: string) => Generated) => void)[] = [];
  const names = new Map<object, string>(); // the generated function of each the compiler made

  /** Generates the function that `fn` was compiled to, and has `set` put it in place once linked. */
  const swap = <F>(fn: F | null, set: (generated: F) => void): void => {
    if (!fn) return;
    const name = generate(fn as object);
    if (!name) return;
    names.set(fn as object, name);
    swaps.push((get) => set(get(name) as F));
  };
  const generate = (fn: object): string | null => {
    const code = treeOf(fn);
    if (!code) return null;
    switch (code.k) {
      case "expr":
        return em.evalFunction(code.tree);
      case "run":
        return em.runFunction(code.block);
      case "lambda":
        return em.lambdaFunction(code.tree);
      case "seq": {
        const parts = code.parts.map((p) => generate(p));
        if (parts.some((p) => p === null)) return null;
        const run = (p: string | null, i: number) =>
          code.counts && code.counts[i] >= 0 ? `if (s.coverage !== null) ${m.constant(countedRun)}(s, ${code.counts[i] | 0}, ${p});\nelse ${p}(s);` : `${p}(s);`;
        return m.add(["s"], parts.map(run).join("\n"), new Fn().temps);
      }
    }
  };

  for (const v of game.vars) swap(v.initial, (g) => (v.initial = g));
  const listings: { list: string; into: string }[] = [];
  // whether every phase's listing stays within the limit of legal moves at once, so that no listing checks it
  const most = game.actions.map((a) => mostMoves(a, game, treeOf));
  const bounded = game.phases.every((p) => p.actions.reduce((n, a) => n + most[a], 0) <= maxLegalMoves);
  for (const a of game.actions) {
    for (const p of a.params) {
      swap(p.from, (g) => (p.from = g));
      swap(p.max, (g) => (p.max = g));
    }
    const listing = enumerators(em, a, game, treeOf, bounded);
    listings.push(listing);
    swaps.push((get) => (a.enumerate = get(listing.list) as ActionDef["enumerate"]));
    for (const r of a.requirements) swap(r.check, (g) => (r.check = g));
    swap(a.effect, (g) => (a.effect = g));
    const ask = a.ask;
    if (ask) swap(ask.who, (g) => (ask.who = g));
  }
  for (const p of game.phases) {
    // a turn of steps offers the actions of the step it is at, and those anyone may take out of turn
    const offered = p.steps === null ? [p.actions] : p.steps.map((st) => [...st.offered, ...(p.anytime ?? [])]);
    const [list, into] = (["list", "into"] as const).map((which) => phaseListing(em, offered.map((step) => step.map((a) => listings[a][which]))));
    swaps.push((get) => (p.list = get(list) as PhaseDef["list"]));
    swaps.push((get) => (p.listInto = get(into) as PhaseDef["listInto"]));
    swap(p.first, (g) => (p.first = g));
    swap(p.begin, (g) => (p.begin = g));
    swap(p.turn, (g) => (p.turn = g));
    swap(p.endWhen, (g) => (p.endWhen = g));
    swap(p.end, (g) => (p.end = g));
    swap(p.settle, (g) => (p.settle = g));
    swap(p.game, (g) => (p.game = g));
    for (const w of p.gameWith) swap(w.value, (g) => (w.value = g));
    swap(p.gameStarts, (g) => (p.gameStarts = g));
    swap(p.who, (g) => (p.who = g));
    swap(p.skip, (g) => (p.skip = g));
    for (const branch of p.nextIf) swap(branch.when, (g) => (branch.when = g));
  }
  for (const t of game.triggers) {
    swap(t.when, (g) => (t.when = g));
    swap(t.effect, (g) => (t.effect = g));
  }
  swap(game.setup, (g) => (game.setup = g));
  swap(game.dealer, (g) => (game.dealer = g));
  swap(game.start, (g) => (game.start = g));
  swap(game.end, (g) => (game.end = g));
  phaseFlows(em, game, treeOf, (fn) => names.get(fn) ?? null).forEach((flow, i) => {
    const p = game.phases[i];
    if (flow.enter) swaps.push((get) => (p.enter = get(flow.enter!) as PhaseDef["enter"]));
    if (flow.after) swaps.push((get) => (p.after = get(flow.after!) as PhaseDef["after"]));
  });
  const o = game.outcome;
  swap(o.scores, (g) => (o.scores = g));
  swap(o.winners, (g) => (o.winners = g));
  swap(o.losers, (g) => (o.losers = g));
  swap(o.together, (g) => (o.together = g));

  const get = m.link();
  for (const put of swaps) put(get);
  sources.set(game, m.source());
  return m;
}
