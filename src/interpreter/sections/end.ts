// The rule file's `end`, `outcome`: when the game ends, and who wins.
// Its piece of the schema, its line in the language guide, and its compile step, which the builder in
// load/compile-game.ts calls.
import * as T from "../lang/types.js";
import { parseExpression } from "../lang/ast.js";
import type { Game } from "../model.js";
import type { State } from "../state.js";
import type { Build, Raw } from "./build.js";
import type { Section } from "./section.js";

export const end: Section = {
  summary: "when the game ends, and scores, winners and losers",
  properties: {
    end: {
      "$ref": "#/definitions/expressionItem",
      description: "The game ends as soon as this holds (checked after every action)."
    },
    outcome: {
      "$ref": "#/definitions/outcome"
    }
  },
  definitions: {
    outcome: {
      type: "object",
      additionalProperties: false,
      properties: {
        text: {
          type: "string"
        },
        scores: {
          "$ref": "#/definitions/expression",
          description: "A player's score: `p => ...`."
        },
        winners: {
          "$ref": "#/definitions/expression"
        },
        losers: {
          "$ref": "#/definitions/expression"
        },
        together: {
          "$ref": "#/definitions/expression",
          description: "A cooperative game: everyone wins or loses together. The players win when this holds at the end (`tableau.count == 52`), and all lose otherwise; reports give the table's win rate instead of wins by seat. Not with `winners` or `losers`.",
        },
        assumed: {
          "$ref": "#/definitions/assumed"
        }
      }
    }
  },
};

export function compileOutcome(build: Build): Game["outcome"] {
  const spec = (build.raw.outcome ?? {}) as Raw;
  const list = (key: string) => build.expressionAt<number[]>(`/outcome/${key}`, spec[key], { rule: `outcome.${key}`, effects: false, hasMe: false }, T.players);
  let scores: Game["outcome"]["scores"] = null;
  if (spec.scores !== undefined) {
    const pointer = "/outcome/scores";
    const parsed = parseExpression(String(spec.scores));
    if (parsed.value?.k === "lambda" && parsed.value.params.length === 1) {
      const { frame, locals } = build.compiler.newFrame();
      const slot = build.compiler.bind(frame, locals, parsed.value.params[0].name, T.player);
      const body = parsed.value.body;
      const c = build.compiler.expr(body, { site: { pointer, offset: 0 }, rule: "outcome.scores", frame, locals, effects: false, hasMe: false });
      if (c && c.type.t !== "num" && c.type.t !== "any") {
        build.diagnostics.push(build.file.inside(pointer, body.at.start, body.at.end, "error", "E_TYPE", `a score must be a number, but this is ${T.show(c.type)}`));
      } else if (c) {
        scores = build.compiler.playerFunction(frame, slot, c) as (s: State, p: number) => number;
      }
    } else if (parsed.value) {
      build.diagnostics.push(build.file.at(pointer, "error", "E_TYPE", "scores is a function of a player, written p => ..."));
    } else {
      for (const p of parsed.problems) build.diagnostics.push(build.file.inside(pointer, p.at.start, p.at.end, "error", p.code, p.message));
    }
  }
  let together: Game["outcome"]["together"] = null;
  if (spec.together !== undefined) {
    for (const key of ["winners", "losers"]) {
      if (spec[key] !== undefined) build.diagnostics.push(build.file.at(`/outcome/${key}`, "error", "E_SCHEMA", `a game won together (outcome.together) has no ${key} of its own: everyone wins when together holds and loses when it does not; remove '${key}'`));
    }
    together = build.expressionAt<boolean>("/outcome/together", spec.together, { rule: "outcome.together", effects: false, hasMe: false }, T.bool);
  }
  return { scores, winners: together ? null : list("winners"), losers: together ? null : list("losers"), together };
}
