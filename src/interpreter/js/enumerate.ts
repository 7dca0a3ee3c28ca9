// One generated function per action that lists its legal moves, doing what the engine's general enumeration
// (engine/legal-moves.ts) does for that action, in the same order, with the action's parameters and
// requirements written inline: each requirement where the parameters it reads are chosen, once per group of
// alike cards where the compiler proved that enough, and a refusal counted as the engine counts it.
import type { ActionDef, Game, RequirementDef } from "../model.js";
import type { CodeTree } from "../lang/compile.js";
import { alikeGroups, choices, subsetCacheOf, subsetsIn, tooManyMoves } from "../engine/legal-moves.js";
import { maxLegalMoves } from "../limits.js";
import { refused } from "../changes.js";
import type { Emitter } from "./emit.js";
import { Fn, int } from "./fn.js";
import { loopInvariants, readsLocalElsewhere } from "./reads.js";

type TreeOf = (fn: object) => CodeTree | undefined;

/**
 * The names of the two generated functions that list the action's legal moves, in the same order: `list` (s, out)
 * pushes them onto a list of moves; `into` (s, into) writes them to a MoveSink, making none: a move made before
 * is added as it is, any other by its action and its arguments.
 */
export function enumerators(em: Emitter, action: ActionDef, game: Game, treeOf: TreeOf, bounded = false): { list: string; into: string } {
  /**
   * An action of one card parameter has one move per card: made the first time it is legal and listed again
   * after that, so that listing allocates nothing. `args` holds the move's one card (or its list of one card)
   * and the frame slot gets the same value. Moves are never changed once made, by the engine or by the rules
   * (lists are never changed in place), so sharing them between listings, games and the two listings is safe.
   */
  const oneCard = action.params.length === 1 && (action.params[0].kind === "card" || action.params[0].several)
    ? em.m.constant(new Array(game.cardNames.length).fill(undefined))
    : null;
  // an action without parameters has one move, and a one-card action whose parameter is left out: each made once
  const made: Made = {
    oneCard,
    only: action.params.length === 0 ? em.m.constant({ action, args: [] }) : null,
    leftOut: oneCard ? em.m.constant({ action, args: [null] }) : null,
  };
  return { list: enumerator(em, action, game, treeOf, made, false, bounded), into: enumerator(em, action, game, treeOf, made, true, bounded) };
}

/**
 * The most moves one listing of the action can give, known from its parameters alone: one for an action without
 * any, one per card of the game for an action of one card chosen among a zone's cards (a zone holds each card at
 * most once), and Infinity for any other. When no phase's actions together can reach the limit of legal moves at
 * once, the generated listings leave its check out.
 */
export function mostMoves(action: ActionDef, game: Game, treeOf: TreeOf): number {
  if (action.params.length === 0) return 1;
  if (action.params.length > 1) return Infinity;
  const p = action.params[0];
  const code = treeOf(p.from);
  const oneAtATime = p.kind === "card" ? !p.several : p.several && fixedNumber(treeOf(p.max)) === 1;
  if (!oneAtATime || code?.k !== "expr" || code.tree.k !== "zoneCards") return Infinity;
  return game.cardNames.length + (p.optional ? 1 : 0);
}

/** A number the rules fix (max: 1), known while generating; null for any other. */
function fixedNumber(code: CodeTree | undefined): number | null {
  return code?.k === "expr" && code.tree.k === "const" && typeof code.tree.value === "number" ? code.tree.value : null;
}

/** The moves both listings of an action share (constants' names): the one-card moves' table, and moves made once. */
interface Made {
  oneCard: string | null;
  only: string | null;
  leftOut: string | null;
}

function enumerator(em: Emitter, action: ActionDef, game: Game, treeOf: TreeOf, made: Made, into: boolean, bounded: boolean): string {
  const { oneCard, only, leftOut: leftOutMove } = made;
  const { uniqueNames } = game;
  const alikeKeys = (name: string) => game.attributes.get(name);
  const f = new Fn();
  const A = em.m.constant(action);
  /** An expression the compiler made: written inline from its tree, or its function called. */
  const value = (fn: object): string => {
    const code = treeOf(fn);
    return code?.k === "expr" ? em.expr(code.tree, f) : `${em.m.constant(fn)}(s)`;
  };
  const holds = (fn: object): string => {
    const code = treeOf(fn);
    return code?.k === "expr" ? em.test(code.tree, f) : `(${em.m.constant(fn)}(s) === true)`;
  };
  /** A number the rules fix (max: 1), known while generating. */
  const fixed = (fn: object): number | null => fixedNumber(treeOf(fn));
  /**
   * Runs `body` when every requirement holds; the first that fails is counted (with coverage on) and stops, and
   * counted as firing when those after it hold (changes.ts's refused).
   */
  const checked = (reqs: RequirementDef[], body: string): string =>
    reqs.reduceRight((inner, r, i) => {
      const others = reqs.slice(i + 1).map((o) => holds(o.check)).join(" && ") || "true";
      return `if (!${holds(r.check)}) {\nif (s.coverage !== null) ${em.m.constant(refused)}(s, ${int(r.coverage)}, (s) => ${others});\n} else {\n${inner}\n}`;
    }, body);
  /**
   * checked(), where the parameter in `slot` holds `list`, a list of one card, `card`: a candidate, or the card
   * that stands for its group. The frame slot gets the list only when a requirement reads it from code generated
   * elsewhere (a function of its own, or one the compiler made): the code written here reads the list by name.
   * `framed`: the frame slot already holds the list.
   */
  const checkedOne = (slot: number, card: string, list: string, reqs: RequirementDef[], body: string, framed = false): string => {
    const elsewhere = reqs.some((r) => {
      const code = treeOf(r.check);
      return code?.k !== "expr" || readsLocalElsewhere(code.tree, action.frame, slot);
    });
    f.single(action.frame, slot, card);
    if (!elsewhere) f.alias(action.frame, slot, list);
    const text = checked(reqs, body);
    f.single(action.frame, slot, null);
    f.unalias(action.frame, slot);
    return elsewhere && !framed ? `${em.local(action.frame, slot)} = ${list};\n${text}` : text;
  };
  const values: string[] = action.params.map(() => f.tmp());
  // a listing stops at the limit of legal moves at once, as the engine's does (a MoveSink checks it itself),
  // unless the game's actions cannot reach it (mostMoves)
  const limit = bounded ? "" : `if (out.length >= ${int(maxLegalMoves)}) ${em.m.constant(tooManyMoves)}(${A});\n`;
  /** Lists a move made before, `move`. */
  const listMade = (move: string): string => (into ? `out.add(${move});` : `${limit}out.push(${move});`);
  /** Lists the move of the values chosen: made, or into a sink as the action and its arguments. */
  const listChosen = (): string => {
    if (!into) return `${limit}out.push({ action: ${A}, args: [${values.join(", ")}] });`;
    const at = f.tmp();
    return `${at} = out.open(${A});\n${values.map((v, i) => `out.args[${i === 0 ? at : `${at} + ${int(i)}`}] = ${v};`).join("\n")}`;
  };
  const M = oneCard ? f.tmp() : "";
  /**
   * The move of card `c` into M (made the first time), and with `bind` its list bound, for requirements checked
   * after it. A move looked up once its requirements have passed binds nothing: the action has no parameter
   * after this one, and every other reader of the frame (applying a move, checking one, its text) writes the
   * frame first; reading the move's list back would be a load from a cold object per candidate.
   */
  const lookUp = (c: string, several: boolean, bound: string, bind = false): string => {
    const make = `{ action: ${A}, args: [${several ? `[${c}]` : c}] }`;
    const bound1 = several && bind ? `${values[0]} = ${M}.args[0];\n${bound} = ${values[0]};\n` : "";
    return `${M} = ${oneCard}[${c}];\nif (${M} === undefined) {\n${M} = ${make};\nif (Number.isInteger(${c}) && ${c} >= 0 && ${c} < ${oneCard}.length) ${oneCard}[${c}] = ${M};\n}\n${bound1}`;
  };
  const pushLookedUp = listMade(M);

  /**
   * The parts of parameter i's requirements that read none of the parameters chosen from i on, computed once
   * before its choices are gone through (they can neither fail nor change the game, so moving them is safe).
   */
  const ahead = (i: number): string => {
    const earlier = new Set(action.params.slice(0, i).map((p) => p.slot));
    const fixed = (frame: unknown[], slot: number) => frame === action.frame && earlier.has(slot);
    let text = "";
    for (const r of [...action.groupChecksAt[i + 1], ...action.checksAt[i + 1]]) {
      const code = treeOf(r.check);
      if (code?.k !== "expr") continue;
      for (const part of loopInvariants(code.tree, fixed)) {
        const t = f.tmp();
        text += `${t} = ${em.expr(part, f)};\n`;
        f.computeAhead(part, t);
      }
    }
    return text;
  };

  const choose = (i: number): string => {
    if (i === action.params.length) return listChosen();
    const p = action.params[i];
    const P = em.m.constant(p);
    const bound = em.local(action.frame, p.slot);
    const [from, list, k] = [f.tmp(), f.tmp(), f.tmp()];
    const v = values[i];
    const checks = action.checksAt[i + 1];
    const next = choose(i + 1);
    const cards = p.kind !== "card" || uniqueNames ? from : `${em.m.constant(choices)}(s, ${P}, ${from})`;
    let text = `${from} = ${value(p.from)};\n${ahead(i)}`;
    let close = "";
    if (p.optional) {
      // left out, the one parameter of a one-card action gives one move, made once
      const leftOut = leftOutMove ? listMade(leftOutMove) : next;
      text += `if (${from}.length === 0) {\n${v} = null;\n${bound} = null;\n${checked(checks, leftOut)}\n} else {\n`;
      close = "\n}";
    }
    if (!p.several) {
      if (oneCard && p.kind === "card") return `${text}${list} = ${cards};\nfor (${k} = 0; ${k} < ${list}.length; ${k}++) {\n${v} = ${list}[${k}];\n${bound} = ${v};\n${checked(checks, lookUp(v, false, bound) + pushLookedUp)}\n}${close}`;
      return `${text}${list} = ${cards};\nfor (${k} = 0; ${k} < ${list}.length; ${k}++) {\n${v} = ${list}[${k}];\n${bound} = ${v};\n${checked(checks, next)}\n}${close}`;
    }
    const groupChecks = action.groupChecksAt[i + 1];
    const [max, groups, g, group, sets, j] = [f.tmp(), f.tmp(), f.tmp(), f.tmp(), f.tmp(), f.tmp()];
    const scratch = em.m.constant([0]);
    // one card at a time: the rules see a scratch list while they check it; a card that passes gets a list of its own
    const card = f.tmp();
    const chosen = oneCard ? lookUp(card, true, bound) + pushLookedUp : `${v} = [${card}];\n${bound} = ${v};\n${next}`;
    const one = `${list} = ${cards};\nfor (${k} = 0; ${k} < ${list}.length; ${k}++) {\n${card} = ${list}[${k}];\n${scratch}[0] = ${card};\n${checkedOne(p.slot, card, scratch, [...groupChecks, ...checks], chosen)}\n}`;
    const rep = em.m.constant([0]);
    // the game's cache of subsets, looked up once here
    const subsetsOf = (items: string): string => `${em.m.constant(subsetsIn)}(${em.m.constant(subsetCacheOf(game))}, s, ${items}, Math.min(${max}, ${items}.length))`;
    const eachSet = `for (${j} = 0; ${j} < ${sets}.length; ${j}++) {\n${v} = ${sets}[${j}];\n${bound} = ${v};\n${checked(checks, next)}\n}`;
    const allSets = `${sets} = ${group}.length === 1 ? (${max} >= 1 ? [${group}] : []) : ${subsetsOf(group)};\n${eachSet}`;
    // a group of one card is the one card's move
    const setsOf = oneCard
      ? `if (${group}.length === 1) {\nif (${max} >= 1) {\n${card} = ${group}[0];\n${lookUp(card, true, bound, checks.length > 0)}${checkedOne(p.slot, card, values[i], checks, pushLookedUp, true)}\n}\n} else {\n${allSets}\n}`
      : allSets;
    const perGroup = groupChecks.length > 0 ? `${card} = ${group}[0];\n${rep}[0] = ${card};\n${checkedOne(p.slot, card, rep, groupChecks, setsOf)}` : setsOf;
    let many = `${groups} = ${em.m.constant(alikeGroups)}(s, ${P}, ${from});\nfor (${g} = 0; ${g} < ${groups}.length; ${g}++) {\n${group} = ${groups}[${g}];\n${perGroup}\n}`;
    const alike = p.alike === null ? undefined : alikeKeys(p.alike);
    if (oneCard && alike) {
      // The groups of alike cards without building them, in one pass over the candidates from the last to the
      // first: each key's count, the first candidate of each key and each candidate's next alike one. A group's
      // first card stands for it, and only a group of several cards is gathered, by following its candidates,
      // for its subsets. A candidate that is not a card of the game (no key), or more candidates than the game
      // has cards, leave the listing to the general grouping.
      const table = (n: number) => em.m.constant(new Int32Array(n));
      const keys = alike.values.length + 1;
      const [K, count, first, stamp, listing] = [em.m.constant(alike.keyByCard), table(keys), table(keys), table(keys), table(1)];
      const [keyAt, nextAt] = [table(game.cardNames.length), table(game.cardNames.length)];
      const [key, ok, gen] = [f.tmp(), f.tmp(), f.tmp()];
      // the group is gathered into a list of the listing's own, emptied first: subsets() keeps nothing of the
      // list it is given, only the subsets it makes
      const gathered = em.m.constant([] as number[]);
      const gather = `${group} = ${gathered};\nwhile (${group}.length > 0) ${group}.pop();\nfor (${j} = ${g}; ${j} >= 0; ${j} = ${nextAt}[${j}]) ${group}.push(${from}[${j}]);\n${sets} = ${subsetsOf(group)};\n${eachSet}`;
      const setsHere = `if (${count}[${key}] === 1) {\nif (${max} >= 1) {\n${card} = ${from}[${g}];\n${lookUp(card, true, bound, checks.length > 0)}${checkedOne(p.slot, card, values[i], checks, pushLookedUp, true)}\n}\n} else {\n${gather}\n}`;
      const groupHere = groupChecks.length > 0 ? `${card} = ${from}[${g}];\n${rep}[0] = ${card};\n${checkedOne(p.slot, card, rep, groupChecks, setsHere)}` : setsHere;
      // Each listing has a number of its own (the stamp): a key whose stamp is not this listing's has not been met
      // in it yet, so that no table is cleared, not even for the candidates' keys. The numbers start again, with
      // the stamps cleared, long before they would overflow.
      const counted = `${ok} = ${from}.length <= ${keyAt}.length;\nif (${ok}) {\n${gen} = ${listing}[0] + 1;\nif (${gen} >= 1073741824) {\n${stamp}.fill(0);\n${gen} = 1;\n}\n${listing}[0] = ${gen};\nfor (${g} = ${from}.length - 1; ${g} >= 0; ${g}--) {\n${key} = ${K}[${from}[${g}]];\nif (${key} === undefined) {\n${ok} = false;\nbreak;\n}\n${key}++;\n${keyAt}[${g}] = ${key};\nif (${stamp}[${key}] !== ${gen}) {\n${stamp}[${key}] = ${gen};\n${count}[${key}] = 1;\n${nextAt}[${g}] = -1;\n} else {\n${count}[${key}]++;\n${nextAt}[${g}] = ${first}[${key}];\n}\n${first}[${key}] = ${g};\n}\n}`;
      const inPlace = `for (${g} = 0; ${g} < ${from}.length; ${g}++) {\n${key} = ${keyAt}[${g}];\nif (${first}[${key}] !== ${g}) continue;\n${groupHere}\n}`;
      many = `${counted}\nif (!${ok}) {\n${many}\n} else {\n${inPlace}\n}`;
    }
    const known = fixed(p.max);
    if (known === 1) return `${text}${one}${close}`;
    const pick = known === null ? `if (${max} === 1) {\n${one}\n} else {\n${many}\n}` : many;
    return `${text}${max} = ${value(p.max)};\n${pick}${close}`;
  };

  const body = checked(action.checksAt[0], only ? listMade(only) : choose(0));
  return em.m.add(["s", "out"], body, f.temps);
}

/**
 * The name of the generated function (s, out) that lists a phase's legal moves: each action's listing (by name,
 * in the phase's order) called from a line of its own. Called through one shared line, as the engine's loop
 * does, the listings are several targets of one call, which V8 neither inlines nor calls directly. A phase whose
 * turns go in steps gives the listings of each step (its `offered`), and the step the turn is at picks them; past
 * the last step, the last step's. A phase without steps gives one list.
 */
export function phaseListing(em: Emitter, steps: string[][]): string {
  const last = steps.length - 1;
  const body = steps.map((listings, k) => {
    const calls = listings.map((name) => `${name}(s, out);`).join("\n");
    return k === last ? calls : `if (s.turnStep === ${k}) {\n${calls}\nreturn;\n}`;
  });
  return em.m.add(["s", "out"], body.join("\n"), 0);
}
