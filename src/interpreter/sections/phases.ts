// The rule file's `phases`: the flow of play.
// Its piece of the schema, its line in the language guide, and its compile step, which the builder in
// load/compile-game.ts calls.
import * as T from "../lang/types.js";
import { suggestion } from "../diagnostics.js";
import type { UnitOptions } from "../lang/compile.js";
import { escapePointer } from "../load/yaml.js";
import type { ActionDef, Eval, GameWith, PhaseDef, TurnStep } from "../model.js";
import { entries, textOf, valueOf, type Build, type Raw } from "./build.js";
import type { Section } from "./section.js";

export const phases: Section = {
  summary: "the flow of play",
  properties: {
    phases: {
      type: "object",
      description: "The flow of play. The first phase listed comes first.",
      propertyNames: {
        pattern: "^[A-Za-z][A-Za-z0-9_-]*$",
        patternErrorMessage: "a phase is named with letters, digits, dashes and underscores, starting with a letter (play, deal-round)"
      },
      additionalProperties: {
        "$ref": "#/definitions/phase"
      }
    }
  },
  definitions: {
    phase: {
      type: "object",
      additionalProperties: false,
      properties: {
        text: {
          type: "string"
        },
        turns: {
          anyOf: [
            {
              enum: [
                "clockwise",
                "counterclockwise",
                "round",
                "simultaneous",
                "realtime",
                "none"
              ]
            },
            {
              "$ref": "#/definitions/expressionItem"
            }
          ],
          description: "Turns in seat order either way; round: a round of bidding or betting, clockwise over the players still in the hand who can act, until everyone still in has acted since the last raise() or one player is left in the hand; simultaneous: every player acts in any order until done; realtime: anyone acts at any moment, each move at a time; none: the phase runs its effects and ends. Or an expression, read when the phase begins, giving clockwise or counterclockwise."
        },
        first: {
          "$ref": "#/definitions/expressionItem",
          description: "Whose turn comes first."
        },
        newHand: {
          type: "boolean",
          description: "A new hand begins with this phase: as it begins, before its begin effects, every player who folded or stood in the last hand is back in it."
        },
        once: {
          type: "boolean",
          description: "Each player takes one turn, then the phase ends."
        },
        actions: {
          type: "array",
          items: {
            type: "string"
          }
        },
        steps: {
          type: "array",
          minItems: 1,
          items: {
            anyOf: [
              {
                type: "array",
                minItems: 1,
                items: {
                  type: "string"
                }
              },
              {
                type: "object",
                additionalProperties: false,
                required: [
                  "actions"
                ],
                properties: {
                  actions: {
                    type: "array",
                    minItems: 1,
                    items: {
                      type: "string"
                    }
                  },
                  optional: {
                    type: "boolean",
                    description: "The player may pass over this step by taking an action of a later one."
                  }
                }
              }
            ]
          },
          description: "The steps of a turn, in order, in place of actions: each a list of actions, or {actions, optional}. A move is one of the current step's actions, and the turn goes on to the step after it; the turn ends after the last step. An action with endsTurn: false keeps the turn at its step."
        },
        anytime: {
          type: "array",
          minItems: 1,
          items: {
            type: "string"
          },
          description: "Actions any player taking part may take out of turn while the phase runs, as their requirements allow (once a trick, with a variable reset with the phase). Such a move neither ends the turn nor moves it on."
        },
        begin: {
          "$ref": "#/definitions/programItem"
        },
        turn: {
          "$ref": "#/definitions/programItem",
          description: "Effects at the start of every turn."
        },
        settle: {
          "$ref": "#/definitions/programItem",
          description: "In a real-time phase: effects run once every move made at one moment is in, so that a race between moves at the same time is decided by their times, not by the order they arrive in."
        },
        endWhen: {
          "$ref": "#/definitions/expressionItem",
          description: "The phase ends after a turn when this holds."
        },
        end: {
          "$ref": "#/definitions/programItem"
        },
        next: {
          anyOf: [
            {
              type: "string"
            },
            {
              type: "array",
              minItems: 1,
              items: {
                anyOf: [
                  {
                    type: "string"
                  },
                  {
                    type: "object",
                    additionalProperties: false,
                    required: [
                      "if",
                      "then"
                    ],
                    properties: {
                      if: {
                        "$ref": "#/definitions/expressionItem",
                        description: "The condition, read as the phase ends, after its end effects."
                      },
                      then: {
                        type: "string",
                        description: "The phase that follows when the condition holds; none ends the game."
                      }
                    }
                  }
                ]
              }
            }
          ],
          description: "The phase that follows; none ends the game. Or a list of {if: condition, then: phase}, the first whose condition holds, ending with the phase that follows when none does."
        },
        skip: {
          anyOf: [
            {
              type: "boolean"
            },
            {
              "$ref": "#/definitions/expressionItem"
            }
          ],
          description: "The phase is left out when this holds as it would begin: none of its effects run, and play goes on to its next."
        },
        assumed: {
          "$ref": "#/definitions/assumed"
        },
        game: {
          anyOf: [
            {
              "$ref": "#/definitions/expression"
            },
            {
              type: "object",
              additionalProperties: false,
              required: [
                "rules"
              ],
              properties: {
                rules: {
                  "$ref": "#/definitions/expression",
                  description: "The rules of the game inside: a rules id, or a list of a base and fragments to compose."
                },
                with: {
                  type: "object",
                  additionalProperties: {
                    "$ref": "#/definitions/expression"
                  },
                  description: "Values passed to the game inside as it starts, each an expression of this game for one of the options the game inside declares (handNumber: handsPlayed + 1)."
                },
                starts: {
                  "$ref": "#/definitions/expression",
                  description: "The player who starts the game inside, read in this game as it starts (lastWinners.first): in place of the start player the game inside would pick (its start:, or the player left of the dealer); none leaves the choice to it."
                }
              }
            }
          ],
          description: "Plays a whole game inside this phase: an expression giving the rules (a rules id, or a list of a base and fragments to compose), or {rules, with, starts} passing it values for its options and saying who starts it. The same players play it; the phase's end effects can read lastWinners, lastLosers, lastScores, lastPlaces and lastVariable(name, player)."
        },
        who: {
          "$ref": "#/definitions/expression",
          description: "The players who take part in this phase, in seat order (default: every player still in): only they take turns, or act in a simultaneous phase."
        }
      }
    }
  },
};

export function compilePhases(build: Build, actions: ActionDef[]): PhaseDef[] {
  const list = entries(build.raw.phases);
  if (list.length === 0) build.diagnostics.push(build.file.at("", "error", "E_SCHEMA", "the rule file has no phases: add at least one under phases"));
  const names = list.map(([n]) => n);
  const phases: PhaseDef[] = [];
  list.forEach(([name, item], index) => {
    const spec = item as Raw;
    const pointer = `/phases/${escapePointer(name)}`;
    const { turns, turnsBy } = phaseTurns(build, pointer, name, spec.turns);
    const turnBased = turns === "clockwise" || turns === "counterclockwise" || turns === "round";
    const actionIndexes: number[] = [];
    const left: string[] = []; // actions left out of the game with skip: true
    /** An action the phase offers, written at `at`: its index, or null when it is unknown or left out. */
    const offer = (a: string, at: string): number | null => {
      const found = actions.find((x) => x.name === a && !x.choice);
      if (!found) {
        build.diagnostics.push(build.file.at(at, "error", "E_NAME", `unknown action '${a}'${suggestion(a, actions.filter((x) => !x.choice).map((x) => x.name))}`));
        return null;
      }
      if (found.skip) {
        left.push(a);
        return null;
      }
      if (found.ask && turns === "realtime") {
        build.diagnostics.push(build.file.at(at, "error", "E_SCHEMA", `action '${a}' asks a player to choose (ask:), which waits for them, and phase '${name}' is played in real time, where nobody waits: offer it in a phase of turns`, true));
      }
      found.phases.push(index);
      actionIndexes.push(found.index);
      return found.index;
    };
    ((spec.actions ?? []) as string[]).forEach((a, i) => offer(a, `${pointer}/actions/${i}`));
    const steps = spec.steps === undefined ? null : turnSteps(build, pointer, name, spec, turnBased, offer);
    const anytime = spec.anytime === undefined ? null : anytimeActions(build, pointer, name, spec, turnBased, actionIndexes, offer);
    const given = gameOf(spec.game);
    const game = given === undefined ? null : gameExpression(build, given.pointer(`${pointer}/game`), given.rules, `phases.${name}.game`);
    const gameWith = given ? gameValues(build, `${pointer}/game/with`, given.with, `phases.${name}.game.with`) : [];
    const gameStarts = given ? build.playerExpression(`${pointer}/game/starts`, given.starts, `phases.${name}.game.starts`, false) : null;
    if (turns !== "none" && spec.game === undefined && actionIndexes.length === 0 && spec.actions === undefined && spec.steps === undefined) {
      build.diagnostics.push(build.file.at(pointer, "error", "E_UNREACHABLE", `phase '${name}' has turns but lists no actions, so nobody can ever act in it`, true));
    } else if (turns !== "none" && actionIndexes.length === 0 && left.length > 0 && spec.skip === undefined) {
      build.diagnostics.push(build.file.at(`${pointer}/actions`, "error", "E_UNREACHABLE", `every action of phase '${name}' is left out (${left.join(", ")}: skip: true), so nobody can ever act in it: skip the phase too`, true));
    }
    const o = (rule: string, effects: boolean, hasMe: boolean): UnitOptions => ({ rule: `phases.${name}.${rule}`, effects, hasMe });
    const { next, nextIf } = phaseNext(build, pointer, name, spec.next, index, names);
    if (spec.once === true && turns === "round") {
      build.diagnostics.push(build.file.at(`${pointer}/once`, "error", "E_SCHEMA", `once is for a phase of one turn each; a round (phase '${name}') ends when everyone still in the hand has acted since the last raise`, true));
    }
    if (spec.settle !== undefined && turns !== "realtime") {
      build.diagnostics.push(build.file.at(`${pointer}/settle`, "error", "E_SCHEMA", `settle is for a phase with turns: realtime, where moves happen at times; phase '${name}' has turns: ${turns}`, true));
    }
    phases.push({
      name, index, turns, turnsBy,
      text: typeof spec.text === "string" ? spec.text : "",
      first: turnBased ? build.playerExpression(`${pointer}/first`, spec.first, `phases.${name}.first`, false) : null,
      once: spec.once === true,
      newHand: spec.newHand === true,
      actions: actionIndexes,
      steps,
      anytime,
      begin: build.programAt(`${pointer}/begin`, spec.begin, o("begin", true, false)),
      turn: build.programAt(`${pointer}/turn`, spec.turn, o("turn", true, true)),
      endWhen: build.expressionAt<boolean>(`${pointer}/endWhen`, spec.endWhen, o("endWhen", false, true), T.bool),
      end: build.programAt(`${pointer}/end`, spec.end, o("end", true, false)),
      settle: build.programAt(`${pointer}/settle`, spec.settle, o("settle", true, false)),
      next,
      nextIf,
      skip: build.expressionAt<boolean>(`${pointer}/skip`, spec.skip, o("skip", false, false), T.bool),
      game,
      gameWith,
      gameStarts,
      who: build.expressionAt<number[]>(`${pointer}/who`, spec.who, o("who", false, false), T.players),
      list: null,
      enter: null,
      after: null,
      listInto: null,
    });
  });
  return phases;
}

/**
 * A phase's `steps:`: the steps of a turn, in order, each a list of actions or {actions, optional}. Every action is
 * offered by the phase (`offer`), in one step only; the last step may not be optional, as nothing comes after it
 * to pass over it by. A step whose every action is left out (skip: true) is left out with them.
 */
function turnSteps(build: Build, pointer: string, name: string, spec: Raw, turnBased: boolean, offer: (a: string, at: string) => number | null): TurnStep[] | null {
  const at = `${pointer}/steps`;
  if (spec.actions !== undefined) {
    build.diagnostics.push(build.file.at(at, "error", "E_SCHEMA", `phase '${name}' lists its actions both under actions and under steps: list them under steps only`, true));
  }
  if (!Array.isArray(valueOf(spec.steps))) return null; // the schema says what is wrong
  const steps: TurnStep[] = [];
  const seen = new Map<string, number>();
  (spec.steps as unknown[]).forEach((item, i) => {
    const v = valueOf(item);
    const written = Array.isArray(v) ? { list: item as unknown[], optional: false, under: `${at}/${i}` } : { list: ((item as Raw).actions ?? []) as unknown[], optional: (v as Raw).optional === true, under: `${at}/${i}/actions` };
    const step: TurnStep = { actions: [], optional: written.optional, offered: [] };
    written.list.forEach((a, j) => {
      const action = String(valueOf(a));
      const where = `${written.under}/${j}`;
      const before = seen.get(action);
      if (before !== undefined) {
        build.diagnostics.push(build.file.at(where, "error", "E_SCHEMA", `action '${action}' is in step ${before + 1} of phase '${name}' already: an action belongs to one step`, true));
        return;
      }
      seen.set(action, i);
      const found = offer(action, where);
      if (found !== null) step.actions.push(found);
    });
    if (step.actions.length > 0) steps.push(step);
    if (written.optional && i === (spec.steps as unknown[]).length - 1) {
      build.diagnostics.push(build.file.at(`${at}/${i}/optional`, "error", "E_SCHEMA", `the last step of phase '${name}' is optional, but nothing comes after it to pass over it by: end the turn with a step the player must take`, true));
    }
  });
  if (!turnBased) {
    build.diagnostics.push(build.file.at(at, "error", "E_SCHEMA", `steps are the parts of one player's turn, and phase '${name}' has no turns of one player (turns: ${textOf(spec.turns)})`, true));
    return null;
  }
  for (let i = steps.length - 1; i >= 0; i--) steps[i].offered = steps[i].optional && i + 1 < steps.length ? [...steps[i].actions, ...steps[i + 1].offered] : steps[i].actions;
  return steps.length > 0 ? steps : null;
}

/**
 * A phase's `anytime:`: the actions any player may take out of turn in a phase of one player's turns, each also
 * offered by the phase (`offer`), and none of them an action of the turn as well (`ofTurn`, the phase's actions so
 * far), which would both end the turn and not.
 */
function anytimeActions(build: Build, pointer: string, name: string, spec: Raw, turnBased: boolean, ofTurn: number[], offer: (a: string, at: string) => number | null): number[] | null {
  const at = `${pointer}/anytime`;
  const turn = new Set(ofTurn);
  const out: number[] = [];
  ((Array.isArray(spec.anytime) ? spec.anytime : []) as unknown[]).forEach((a, i) => {
    const action = String(valueOf(a));
    const found = offer(action, `${at}/${i}`);
    if (found === null) return;
    if (turn.has(found)) build.diagnostics.push(build.file.at(`${at}/${i}`, "error", "E_SCHEMA", `action '${action}' is one of phase '${name}''s turn already: an action out of turn is listed under anytime only`, true));
    else out.push(found);
  });
  if (!turnBased) {
    build.diagnostics.push(build.file.at(at, "error", "E_SCHEMA", `anytime is for acting out of someone's turn, and phase '${name}' has no turns of one player (turns: ${textOf(spec.turns)})`, true));
    return null;
  }
  return out.length > 0 ? out : null;
}

/**
 * A phase's `next:`: a phase's name (none ends the game), or a list of {if, then} ending with a name, the phase
 * that follows when no condition holds. Every phase it can name is written in it, so reachability is known.
 */
function phaseNext(build: Build, pointer: string, name: string, item: unknown, index: number, names: string[]): { next: number; nextIf: PhaseDef["nextIf"] } {
  const target = (text: string, at: string): number => {
    if (text === "none") return -1;
    const found = names.indexOf(text);
    if (found < 0) build.diagnostics.push(build.file.at(at, "error", "E_NAME", `unknown phase '${text}'${suggestion(text, [...names, "none"])}`));
    return found;
  };
  if (typeof item === "string") return { next: target(item, `${pointer}/next`), nextIf: [] };
  if (!Array.isArray(item)) return { next: index, nextIf: [] };
  const nextIf: PhaseDef["nextIf"] = [];
  let next = index;
  item.forEach((entry, i) => {
    const at = `${pointer}/next/${i}`;
    const last = i === item.length - 1;
    if (typeof entry === "string") {
      if (last) next = target(entry, at);
      else build.diagnostics.push(build.file.at(at, "error", "E_SCHEMA", `'${entry}' has no if: the phase that follows when no condition holds comes last in next`));
      return;
    }
    const branch = entry as Raw;
    const to = target(String(branch.then), `${at}/then`);
    const when = build.expressionAt<boolean>(`${at}/if`, branch.if, { rule: `phases.${name}.next.${i}.if`, effects: false, hasMe: false }, T.bool);
    if (when) nextIf.push({ when, to });
    if (last) build.diagnostics.push(build.file.at(at, "error", "E_SCHEMA", `next ends with a condition: add the phase that follows when none holds, as the last item (a name, or none to end the game)`));
  });
  return { next, nextIf };
}

/**
 * A phase's `turns:`: one of the ways of taking turns, or an expression read when the phase begins that gives
 * clockwise or counterclockwise (a phase whose direction changes from round to round).
 */
function phaseTurns(build: Build, pointer: string, name: string, item: unknown): { turns: PhaseDef["turns"]; turnsBy: PhaseDef["turnsBy"] } {
  const ways = ["clockwise", "counterclockwise", "round", "simultaneous", "realtime", "none"];
  if (item === undefined) return { turns: "clockwise", turnsBy: null };
  const text = textOf(item).trim();
  if (ways.includes(text)) return { turns: text as PhaseDef["turns"], turnsBy: null };
  if (/^[A-Za-z]+$/.test(text) && !build.names.has(text)) {
    build.diagnostics.push(build.file.at(`${pointer}/turns`, "error", "E_SCHEMA", `turns: '${text}' is not a way of taking turns: use ${ways.join(", ")}, or an expression giving clockwise or counterclockwise${suggestion(text, ways)}`));
    return { turns: "clockwise", turnsBy: null };
  }
  const turnsBy = build.expressionAt<unknown>(`${pointer}/turns`, item, { rule: `phases.${name}.turns`, effects: false, hasMe: false }, T.str);
  return { turns: "clockwise", turnsBy };
}

/** The rules of a game played inside a phase: a rules id, or a list of a base and fragments. */
/** A phase's `game:`: the rules alone, or `{rules, with, starts}`. */
function gameOf(item: unknown): { rules: unknown; with: unknown; starts: unknown; pointer: (at: string) => string } | undefined {
  if (item === undefined) return undefined;
  const v = valueOf(item);
  if (v !== null && typeof v === "object" && !Array.isArray(v) && "rules" in v) return { rules: (v as Raw).rules, with: (v as Raw).with, starts: (v as Raw).starts, pointer: (at) => `${at}/rules` };
  return { rules: item, with: undefined, starts: undefined, pointer: (at) => at };
}

/** The values a phase passes to the game inside, each compiled in this game and kept with where it is written. */
function gameValues(build: Build, pointer: string, item: unknown, rule: string): GameWith[] {
  const out: GameWith[] = [];
  for (const [name, text] of entries(item)) {
    const at = `${pointer}/${escapePointer(name)}`;
    const c = build.compiler.expression({ pointer: at, offset: 0 }, textOf(text), { rule: `${rule}.${name}`, effects: false, hasMe: false });
    if (!c) continue;
    const d = build.file.at(at, "notice", "E_OPTION", "");
    out.push({ name, value: c.fn, type: c.type, where: `${d.file}:${d.line}:${d.col}` });
  }
  return out;
}

function gameExpression(build: Build, pointer: string, item: unknown, rule: string): Eval<unknown> | null {
  const c = build.compiler.expression({ pointer, offset: 0 }, textOf(item), { rule, effects: false, hasMe: false });
  if (!c) return null;
  if (c.type.t !== "str" && !(c.type.t === "list" && (c.type.of.t === "str" || c.type.of.t === "none")) && c.type.t !== "any") {
    build.diagnostics.push(build.file.at(pointer, "error", "E_TYPE", `game: needs a rules id or a list of them, but this is ${T.show(c.type)}`));
    return null;
  }
  return c.fn;
}
