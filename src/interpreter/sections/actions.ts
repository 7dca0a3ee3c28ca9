// The rule file's `actions`: what a player may do.
// Its piece of the schema, its line in the language guide, and its compile step, which the builder in
// load/compile-game.ts calls.
import * as T from "../lang/types.js";
import { suggestion } from "../diagnostics.js";
import { parseExpression } from "../lang/ast.js";
import type { UnitOptions } from "../lang/compile.js";
import type { Local } from "../lang/check/environment.js";
import { AlikeAnalysis } from "../lang/invariance.js";
import { escapePointer } from "../load/yaml.js";
import type { ActionDef, AskDef, Eval, ParamDef, RequirementDef } from "../model.js";
import { entries, type Build, type Raw } from "./build.js";
import type { Section } from "./section.js";

export const actions: Section = {
  summary: "what a player may do: parameters, requirements and effects",
  properties: {
    actions: {
      type: "object",
      description: "What a player may do, keyed by the word that starts the move: `play 9S 9D`.",
      propertyNames: {
        pattern: "^[a-z][a-z0-9-]*$",
        patternErrorMessage: "an action is named by the word that starts its move, in lower-case letters, digits and dashes, starting with a letter (play, pick-up)"
      },
      additionalProperties: {
        "$ref": "#/definitions/action"
      }
    }
  },
  definitions: {
    param: {
      oneOf: [
        {
          "$ref": "#/definitions/expression"
        },
        {
          type: "object",
          additionalProperties: false,
          anyOf: [
            {
              required: [
                "from"
              ]
            },
            {
              required: [
                "type"
              ]
            }
          ],
          properties: {
            from: {
              "$ref": "#/definitions/expression",
              description: "The candidates: a zone, or a list of cards, players, numbers (a range a..b), text, zones or yes and no."
            },
            type: {
              "enum": [
                "flag"
              ],
              description: "flag: yes or no, chosen with the move and written as the parameter's name when yes (order-up alone); the candidates are [false, true] unless `from` lists fewer."
            },
            several: {
              type: "boolean",
              description: "One or more of the candidates, written one after another."
            },
            alike: {
              type: "string",
              description: "With several: the attribute all chosen cards must share."
            },
            max: {
              oneOf: [
                {
                  type: "integer",
                  minimum: 1
                },
                {
                  type: "string"
                }
              ],
              description: "With several: the most cards, a number or an expression."
            },
            optional: {
              type: "boolean",
              description: "Left out of the move when there are no candidates."
            },
            else: {
              type: "string",
              description: "The reason given when a value is not among the candidates."
            },
            text: {
              type: "string"
            }
          }
        }
      ]
    },
    requirement: {
      oneOf: [
        {
          "$ref": "#/definitions/expression"
        },
        {
          type: "object",
          additionalProperties: false,
          required: [
            "check"
          ],
          properties: {
            check: {
              "$ref": "#/definitions/expression"
            },
            else: {
              type: "string",
              description: "The reason given when the check fails: text with {expressions}."
            },
            text: {
              type: "string"
            },
            assumed: {
              "$ref": "#/definitions/assumed"
            }
          }
        }
      ]
    },
    action: {
      type: "object",
      additionalProperties: false,
      properties: {
        text: {
          type: "string"
        },
        params: {
          type: "object",
          additionalProperties: {
            "$ref": "#/definitions/param"
          }
        },
        require: {
          type: "object",
          additionalProperties: {
            "$ref": "#/definitions/requirement"
          }
        },
        effect: {
          "$ref": "#/definitions/programItem"
        },
        endsTurn: {
          type: "boolean",
          default: true,
          description: "false: the player goes on with the same turn."
        },
        skip: {
          type: "boolean",
          description: "true: the action is left out of the game, and no phase offers it (how a fragment takes an action out of its base)."
        },
        ask: {
          "$ref": "#/definitions/ask"
        },
        assumed: {
          "$ref": "#/definitions/assumed"
        }
      }
    },
    ask: {
      type: "object",
      additionalProperties: false,
      required: [
        "choose",
        "from"
      ],
      description: "Once the effect has run, a player chooses among candidates, as a move of its own (`row rows#2`), and `then` runs with the choice; the turn goes on after it.",
      properties: {
        who: {
          "$ref": "#/definitions/expression",
          description: "The player who chooses (default: the acting player); none skips the choice."
        },
        choose: {
          type: "string",
          pattern: "^[a-z][a-zA-Z0-9]*$",
          patternErrorMessage: "a choice is named by the word that starts its move, a name of letters and digits starting with a lower-case letter (row, target)",
          description: "The name the choice is bound to in `then`, and the word its move starts with."
        },
        from: {
          "$ref": "#/definitions/expression",
          description: "The candidates: a zone, or a list of cards, players, numbers, text or zones; none at all skips the choice."
        },
        else: {
          type: "string",
          description: "The reason given when a value is not among the candidates."
        },
        then: {
          "$ref": "#/definitions/programItem",
          description: "Effects run once the choice is made, with it bound to its name and the action's parameters as they were."
        },
        ask: {
          "$ref": "#/definitions/ask",
          description: "A further choice, asked once `then` has run."
        },
        text: {
          type: "string"
        },
        assumed: {
          "$ref": "#/definitions/assumed"
        }
      }
    }
  },
};

export function compileActions(build: Build): ActionDef[] {
  const out: ActionDef[] = [];
  const choices: ActionDef[] = []; // after every action, so that an action's index is where the file lists it
  for (const [name, item] of entries(build.raw.actions)) {
    const spec = item as Raw;
    const pointer = `/actions/${escapePointer(name)}`;
    const { frame, locals } = build.compiler.newFrame();
    const unit = (rule: string): UnitOptions => ({ rule, effects: false, hasMe: true, frame, locals });
    const params: ParamDef[] = [];
    for (const [pname, pitem] of entries(spec.params)) {
      const param = compileParam(build, name, pname, pitem, `${pointer}/params/${escapePointer(pname)}`, frame, locals);
      if (!param) continue;
      params.push(param);
      if (param.several && params.length < entries(spec.params).length) {
        build.diagnostics.push(build.file.at(`${pointer}/params/${escapePointer(pname)}`, "error", "E_SCHEMA", `'${pname}' takes several cards, so it must be the last parameter`, true));
      }
    }
    const requirements: RequirementDef[] = [];
    for (const [rname, ritem] of entries(spec.require)) {
      const rpointer = `${pointer}/require/${escapePointer(rname)}`;
      const r = (ritem !== null && typeof ritem === "object" ? ritem : { check: ritem }) as Raw;
      const checkPointer = ritem !== null && typeof ritem === "object" ? `${rpointer}/check` : rpointer;
      const reads = new Set<number>();
      const check = build.compiler.expression({ pointer: checkPointer, offset: 0 }, String(r.check), { ...unit(`${name}/${rname}`), reads }, T.bool);
      const refusal = typeof r.else === "string"
        ? build.messageAt(`${rpointer}/else`, r.else, unit(`${name}/${rname}`))
        : () => `the rule ${name}/${rname} does not allow this`;
      if (!check || !refusal) continue;
      let dependsOn = -1;
      params.forEach((p, i) => {
        if (reads.has(p.slot)) dependsOn = i;
      });
      const last = params[dependsOn];
      const perGroup = last !== undefined && last.several && last.alike !== null && sharedOnly(build, String(r.check), last.name, last.alike);
      requirements.push({ name: rname, check: check.fn as Eval<boolean>, refusal, dependsOn, perGroup, coverage: -1 });
    }
    const checksAt = Array.from({ length: params.length + 1 }, (_, i) => requirements.filter((r) => r.dependsOn === i - 1 && !r.perGroup));
    const groupChecksAt = Array.from({ length: params.length + 1 }, (_, i) => requirements.filter((r) => r.dependsOn === i - 1 && r.perGroup));
    const effect = spec.effect === undefined ? () => {} : build.programAt(`${pointer}/effect`, spec.effect, { ...unit(`${name}.effect`), effects: true });
    const action: ActionDef = {
      name, index: out.length, text: typeof spec.text === "string" ? spec.text : "",
      params, requirements, effect: effect ?? (() => {}), endsTurn: spec.endsTurn !== false, skip: spec.skip === true, phases: [], frame, checksAt, groupChecksAt, enumerate: null,
    };
    out.push(action);
    if (spec.ask !== undefined) {
      const ask = compileAsk(build, { spec: spec.ask as Raw, pointer: `${pointer}/ask`, rule: `actions.${name}.ask` }, action, action, params, frame, locals, choices);
      if (ask) action.ask = ask;
    }
  }
  for (const c of choices) {
    c.index = out.length;
    out.push(c);
  }
  return out;
}

/** One parameter of an action (or the candidates of a choice): its candidates, compiled, and the name it is bound to. */
function compileParam(build: Build, name: string, pname: string, pitem: unknown, ppointer: string, frame: unknown[], locals: Map<string, Local>): ParamDef | null {
  const unit = (rule: string): UnitOptions => ({ rule, effects: false, hasMe: true, frame, locals });
  if (!build.localName(pname, ppointer)) return null;
  const p = (pitem !== null && typeof pitem === "object" ? pitem : { from: pitem }) as Raw;
  const fromPointer = pitem !== null && typeof pitem === "object" ? (p.from === undefined ? `${ppointer}/type` : `${ppointer}/from`) : ppointer;
  // a flag with no candidates of its own may be either: no first, then yes
  const fromText = p.from === undefined && p.type === "flag" ? "[false, true]" : String(p.from);
  const c = build.compiler.expression({ pointer: fromPointer, offset: 0 }, fromText, unit(`${name}.${pname}`));
  // a parameter whose choices are wrong is still a name the rules use: bound as anything, so that its
  // uses report nothing more (one error per mistake), and the rules do not load for the error itself
  const unknown = () => void build.compiler.bind(frame, locals, pname, T.any);
  if (!c) {
    unknown();
    return null;
  }
  const element = T.elementOf(c.type);
  if (!element) {
    build.diagnostics.push(build.file.at(fromPointer, "error", "E_TYPE", `the choices for '${pname}' must be a zone or a list, but this is ${T.show(c.type)}`));
    unknown();
    return null;
  }
  const kind = element.t === "card" ? "card" : element.t === "player" ? "player" : element.t === "num" ? "number" : element.t === "str" ? "text" : element.t === "zone" ? "zone" : element.t === "bool" ? "flag" : null;
  if (!kind) {
    build.diagnostics.push(build.file.at(fromPointer, "error", "E_TYPE", `the choices for '${pname}' must be cards, players, numbers, text, zones or yes and no, not ${T.show(element)}`));
    unknown();
    return null;
  }
  if (p.type === "flag" && kind !== "flag") {
    build.diagnostics.push(build.file.at(fromPointer, "error", "E_TYPE", `'${pname}' is a flag, so its choices are true and false, not ${T.show(element)}`));
    unknown();
    return null;
  }
  if (kind === "flag" && p.optional === true) build.diagnostics.push(build.file.at(`${ppointer}/optional`, "error", "E_SCHEMA", `a flag is always chosen (no is written as nothing), so '${pname}' cannot be optional`));
  const several = p.several === true;
  if (several && kind !== "card") build.diagnostics.push(build.file.at(`${ppointer}/several`, "error", "E_TYPE", "only cards can be chosen several at a time"));
  const alike = typeof p.alike === "string" ? p.alike : null;
  if (alike && !build.attributes.has(alike)) {
    build.diagnostics.push(build.file.at(`${ppointer}/alike`, "error", "E_NAME", `cards have no attribute '${alike}'${suggestion(alike, build.attributes.keys())}`));
  }
  const from = c.type.t === "zone" || c.type.t === "zonekind" ? (build.compiler.asList(c) as Eval<unknown[]>) : withoutNone(c.fn as Eval<unknown[]>);
  const slot = build.compiler.bind(frame, locals, pname, several ? T.cards : element);
  const refusal = typeof p.else === "string" ? build.messageAt(`${ppointer}/else`, p.else, unit(`${name}.${pname}`)) : null;
  return {
    name: pname, kind: several ? "cards" : kind, from, several, alike, slot, refusal,
    max: maxCards(build, `${ppointer}/max`, p.max, unit(`${name}.${pname}`)),
    optional: p.optional === true,
  };
}

/**
 * An action's `ask:` (or a choice's own): the choice becomes an action of its own, offered by no phase, whose one
 * parameter is the choice and whose effect is `then:`. It shares the asking action's frame, so that `then:` reads
 * the action's parameters; they are bound again from the game's state when the choice is made (see Pending).
 */
function compileAsk(
  build: Build, at: { spec: Raw; pointer: string; rule: string }, asker: ActionDef, root: ActionDef, outer: ParamDef[],
  frame: unknown[], outerLocals: Map<string, Local>, choices: ActionDef[],
): AskDef | null {
  const { spec, pointer, rule } = at;
  const name = typeof spec.choose === "string" ? spec.choose : "";
  if (!name) return null; // the schema said so
  const actionNames = Object.keys((build.raw.actions ?? {}) as Raw);
  const taken = actionNames.includes(name) ? `an action` : choices.some((c) => c.name === name) ? "another choice" : outer.some((p) => p.name === name) ? `a parameter of ${asker.name}` : null;
  if (taken) {
    build.diagnostics.push(build.file.at(`${pointer}/choose`, "error", "E_CONFLICT", `'${name}' is already ${taken}; a choice's name starts its move, so choose another`, true));
    return null;
  }
  const locals = new Map(outerLocals);
  const param = compileParam(build, rule, name, { from: spec.from, else: spec.else }, pointer, frame, locals);
  if (!param) return null;
  const unit: UnitOptions = { rule, effects: false, hasMe: true, frame, locals };
  const who = spec.who === undefined ? null : build.expressionAt<number | null>(`${pointer}/who`, spec.who, unit, T.player);
  if (spec.who !== undefined && !who) return null;
  const then = spec.then === undefined ? () => {} : build.programAt(`${pointer}/then`, spec.then, { ...unit, rule: `${rule}.then`, effects: true });
  const choice: ActionDef = {
    name, index: -1, text: typeof spec.text === "string" ? spec.text : "",
    params: [param], requirements: [], effect: then ?? (() => {}), endsTurn: root.endsTurn, skip: false, phases: [], frame,
    checksAt: [[], []], groupChecksAt: [[], []], enumerate: null,
    choice: { root, outer, rule },
  };
  choices.push(choice);
  if (spec.ask !== undefined) {
    const next = compileAsk(build, { spec: spec.ask as Raw, pointer: `${pointer}/ask`, rule: `${rule}.ask` }, choice, root, [...outer, param], frame, locals, choices);
    if (next) choice.ask = next;
  }
  return { who: who ?? ((s) => s.me), choice };
}

/** The most cards a several parameter takes: a number, or an expression evaluated when moves are listed. */
function maxCards(build: Build, pointer: string, item: unknown, o: UnitOptions): Eval<number> {
  if (item === undefined) return build.compiler.constant(64, T.num) as Eval<number>;
  if (typeof item === "number") return build.compiler.constant(item, T.num) as Eval<number>;
  return build.expressionAt<number>(pointer, item, o, T.num) ?? (() => 64);
}

/** Whether a requirement reads a several-alike parameter only through the attribute its cards share. */
function sharedOnly(build: Build, text: string, param: string, attribute: string): boolean {
  const parsed = parseExpression(text);
  if (!parsed.value) return false;
  const analysis = new AlikeAnalysis(attribute, (name) => {
    const b = build.names.get(name);
    return b?.kind === "define" ? { params: b.def.params, text: b.def.text } : undefined;
  });
  return analysis.dependsOnlyOnShared(parsed.value, param);
}

function withoutNone(list: Eval<unknown[]>): Eval<unknown[]> {
  return (s) => {
    const l = list(s);
    return l.includes(null) ? l.filter((x) => x !== null) : l;
  };
}
