// The rule file's `actions`: what a player may do.
// Its piece of the schema, its line in the language guide, and its compile step, which the builder in
// load/compile-game.ts calls.
import * as T from "../lang/types.js";
import { suggestion } from "../diagnostics.js";
import { parseExpression } from "../lang/ast.js";
import type { UnitOptions } from "../lang/compile.js";
import { AlikeAnalysis } from "../lang/invariance.js";
import { escapePointer } from "../load/yaml.js";
import type { ActionDef, Eval, ParamDef, RequirementDef } from "../model.js";
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
        assumed: {
          "$ref": "#/definitions/assumed"
        }
      }
    }
  },
};

export function compileActions(build: Build): ActionDef[] {
  const out: ActionDef[] = [];
  for (const [name, item] of entries(build.raw.actions)) {
    const spec = item as Raw;
    const pointer = `/actions/${escapePointer(name)}`;
    const { frame, locals } = build.compiler.newFrame();
    const unit = (rule: string): UnitOptions => ({ rule, effects: false, hasMe: true, frame, locals });
    const params: ParamDef[] = [];
    for (const [pname, pitem] of entries(spec.params)) {
      const ppointer = `${pointer}/params/${escapePointer(pname)}`;
      if (!build.localName(pname, ppointer)) continue;
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
        continue;
      }
      const element = T.elementOf(c.type);
      if (!element) {
        build.diagnostics.push(build.file.at(fromPointer, "error", "E_TYPE", `the choices for '${pname}' must be a zone or a list, but this is ${T.show(c.type)}`));
        unknown();
        continue;
      }
      const kind = element.t === "card" ? "card" : element.t === "player" ? "player" : element.t === "num" ? "number" : element.t === "str" ? "text" : element.t === "zone" ? "zone" : element.t === "bool" ? "flag" : null;
      if (!kind) {
        build.diagnostics.push(build.file.at(fromPointer, "error", "E_TYPE", `the choices for '${pname}' must be cards, players, numbers, text, zones or yes and no, not ${T.show(element)}`));
        unknown();
        continue;
      }
      if (p.type === "flag" && kind !== "flag") {
        build.diagnostics.push(build.file.at(fromPointer, "error", "E_TYPE", `'${pname}' is a flag, so its choices are true and false, not ${T.show(element)}`));
        unknown();
        continue;
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
      params.push({
        name: pname, kind: several ? "cards" : kind, from, several, alike, slot, refusal,
        max: maxCards(build, `${ppointer}/max`, p.max, unit(`${name}.${pname}`)),
        optional: p.optional === true,
      });
      if (several && params.length < entries(spec.params).length) {
        build.diagnostics.push(build.file.at(ppointer, "error", "E_SCHEMA", `'${pname}' takes several cards, so it must be the last parameter`, true));
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
    out.push({
      name, index: out.length, text: typeof spec.text === "string" ? spec.text : "",
      params, requirements, effect: effect ?? (() => {}), endsTurn: spec.endsTurn !== false, skip: spec.skip === true, phases: [], frame, checksAt, groupChecksAt, enumerate: null,
    });
  }
  return out;
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
