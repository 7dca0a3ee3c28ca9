// The rule file's `variables`, `constants`, `options`: values of the game: variables, constants and options.
// Its piece of the schema, its line in the language guide, and its compile step, which the builder in
// load/compile-game.ts calls.
import * as T from "../lang/types.js";
import type { Type } from "../lang/types.js";
import { escapePointer } from "../load/yaml.js";
import type { Eval, VarDef } from "../model.js";
import { optionDeclarationProblems, type OptionSpec } from "../options.js";
import { entries, pointerOfValue, valueOf, type Build, type Raw } from "./build.js";
import type { Section } from "./section.js";

export const values: Section = {
  summary: "values that change during a game, values that do not, and values chosen before a game",
  properties: {
    variables: {
      type: "object",
      additionalProperties: {
        "$ref": "#/definitions/variable"
      }
    },
    constants: {
      type: "object",
      additionalProperties: {
        "$ref": "#/definitions/constant"
      }
    },
    options: {
      type: "object",
      additionalProperties: {
        "$ref": "#/definitions/option"
      }
    }
  },
  definitions: {
    variable: {
      type: "object",
      additionalProperties: false,
      properties: {
        per: {
          enum: [
            "player",
            "team",
            "game"
          ],
          description: "Whose the variable is: the game's (the default), each player's, or each team's (one value a team, held by every member; see `teams`)."
        },
        type: {
          enum: [
            "number",
            "bool",
            "text",
            "card",
            "cards",
            "player",
            "players"
          ]
        },
        initial: {
          "$ref": "#/definitions/expression"
        },
        reset: {
          enum: [
            "turn",
            "phase",
            "never"
          ],
          default: "never",
          description: "Set back to the initial value at the start of every turn or phase."
        },
        visible: {
          enum: [
            "everyone",
            "owner",
            "nobody"
          ],
          default: "everyone"
        },
        text: {
          type: "string"
        },
        table: {
          type: "boolean",
          description: "Whether the table shows the variable beside the cards. Default: numbers (scores, counts) and cards are shown; yes/no flags, texts, players and lists are not."
        },
        assumed: {
          "$ref": "#/definitions/assumed"
        }
      },
      required: [
        "type"
      ]
    },
    constant: {
      oneOf: [
        {
          type: [
            "string",
            "number",
            "boolean",
            "array"
          ]
        },
        {
          type: "object",
          required: [
            "value"
          ],
          additionalProperties: false,
          properties: {
            value: {},
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
    option: {
      type: "object",
      additionalProperties: false,
      properties: {
        default: {
          type: [
            "number",
            "boolean",
            "string",
            "array"
          ],
          items: {
            type: [
              "number",
              "boolean",
              "string"
            ]
          }
        },
        values: {
          type: "array",
          items: {
            type: [
              "number",
              "boolean",
              "string"
            ]
          }
        },
        min: {
          type: "number"
        },
        max: {
          type: "number"
        },
        type: {
          enum: [
            "player",
            "players"
          ],
          description: "An option holding a player (a seat, or none; default none) or a list of players (default none of them): what a match passes to a game it plays inside, such as the order the last hand finished in."
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

export function declareConstants(build: Build): void {
  for (const [name, item] of entries(build.raw.constants)) {
    const pointer = `/constants/${escapePointer(name)}`;
    const value = valueOf(item);
    const type = typeOfConstant(value);
    if (!type) {
      build.diagnostics.push(build.file.at(pointerOfValue(pointer, item), "error", "E_TYPE", "a constant is a number, text, true/false, a list of one kind of value, or a table of them"));
      continue;
    }
    build.declare(name, { kind: "const", value: freeze(value), type }, pointer);
  }
}

export function declareOptions(build: Build): Map<string, OptionSpec & { slot: number }> {
  const out = new Map<string, OptionSpec & { slot: number }>();
  for (const [name, item] of entries(build.raw.options)) {
    const spec = item as Raw;
    const slot = build.counts.options++;
    const seats = spec.type === "player" || spec.type === "players" ? spec.type : undefined;
    const type = seats === "players" ? T.players : seats === "player" ? T.player : (typeOfConstant(spec.default) ?? T.any);
    const pointer = `/options/${escapePointer(name)}`;
    const value = seats && spec.default === undefined ? (seats === "players" ? [] : null) : spec.default;
    const declaration = { value, min: spec.min, max: spec.max, values: spec.values, ...(seats ? { type: seats } : {}) };
    if (spec.default === undefined && !seats) {
      build.diagnostics.push(build.file.at(pointer, "error", "E_SCHEMA", `'options.${name}' is missing the required key 'default' (only an option of type player or players may leave it out)`, true));
      build.declare(name, { kind: "option", slot, type }, pointer); // still a name, so that its uses are not errors too
      continue;
    }
    const problems = optionDeclarationProblems(declaration);
    for (const p of problems) build.diagnostics.push(build.file.at(`${pointer}/${p.key}`, "error", "E_OPTION", p.message));
    if (build.declare(name, { kind: "option", slot, type }, pointer) && problems.length === 0) {
      out.set(name, { ...declaration, slot });
    }
  }
  return out;
}

export function declareVariables(build: Build): void {
  for (const [name, item] of entries(build.raw.variables)) {
    const spec = item as Raw;
    const per = spec.per === "player" || spec.per === "team" ? "player" : "game";
    if (spec.per === "team" && build.raw.teams === undefined) {
      build.diagnostics.push(build.file.at(`/variables/${escapePointer(name)}/per`, "error", "E_SCHEMA", `'${name}' is a team's, but the rules declare no teams`));
    }
    const slot = per === "player" ? build.counts.playerVars++ : build.counts.globals++;
    const type = T.typeFromName(String(spec.type));
    const def: VarDef = {
      name, index: build.vars.length, per, type, slot,
      initial: defaultValue(build, type),
      constant: spec.initial === undefined || typeof spec.initial === "number" || typeof spec.initial === "boolean",
      reset: (spec.reset as VarDef["reset"]) ?? "never",
      visible: (spec.visible as VarDef["visible"]) ?? "everyone",
      table: typeof spec.table === "boolean" ? spec.table : tableShows(type),
    };
    if (typeof spec.text === "string") def.text = spec.text;
    if (spec.per === "team") def.team = true;
    if (build.declare(name, { kind: "var", def }, `/variables/${escapePointer(name)}`)) build.vars.push(def);
  }
}

/**
 * The initial value of a variable whose rules give none: compiled like a written value, so that a back end can
 * read it from its tree (a phase's generated flow writes it in); a list is a new one at every reset.
 */
function defaultValue(build: Build, type: Type): Eval {
  if (type.t === "list") return () => [];
  return build.compiler.constant(type.t === "num" ? 0 : type.t === "bool" ? false : type.t === "str" ? "" : null, type);
}

export function compileVariableInitials(build: Build): void {
  for (const def of build.vars) {
    const spec = (build.raw.variables as Raw)[def.name] as Raw;
    if (spec.initial === undefined) continue;
    const pointer = `/variables/${escapePointer(def.name)}/initial`;
    const c = build.expressionAt(pointer, spec.initial, { rule: `variables.${def.name}`, effects: false, hasMe: def.per === "player" }, def.type);
    if (c) def.initial = build.compiler.copied(c);
  }
}

function typeOfConstant(v: unknown): Type | null {
  if (typeof v === "number") return T.num;
  if (typeof v === "string") return T.str;
  if (typeof v === "boolean") return T.bool;
  if (Array.isArray(v)) {
    let of: Type = T.none;
    for (const x of v) {
      const t = typeOfConstant(x);
      const u = t && T.unify(of, t);
      if (!u) return null;
      of = u;
    }
    return T.list(of);
  }
  if (v && typeof v === "object") {
    let of: Type = T.none;
    for (const x of Object.values(v)) {
      const t = typeOfConstant(x);
      const u = t && T.unify(of, t);
      if (!u) return null;
      of = u;
    }
    return { t: "map", of };
  }
  return null;
}

function freeze(v: unknown): unknown {
  if (v && typeof v === "object") {
    for (const x of Object.values(v)) freeze(x);
    Object.freeze(v);
  }
  return v;
}

/**
 * Whether the table shows a variable whose rule file does not say (`table:`): a number (a score, a count) or a
 * card (a card on show) is shown; a yes/no flag, a text, a player or a list is the rules' own bookkeeping until
 * the file says `table: true`.
 */
export function tableShows(type: Type): boolean {
  return type.t === "num" || type.t === "card";
}
