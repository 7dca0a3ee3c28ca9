// The rule file's `define`: named values and procedures.
// Its piece of the schema, its line in the language guide, and its compile step, which the builder in
// load/compile-game.ts calls.
import * as T from "../lang/types.js";
import { parseExpression } from "../lang/ast.js";
import { builtin } from "../lang/builtins.js";
import type { DefineInfo, Local } from "../lang/compile.js";
import { escapePointer } from "../load/yaml.js";
import { entries, pointerOfValue, textOf, valueOf, type Build } from "./build.js";
import type { Section } from "./section.js";

export const define: Section = {
  summary: "named values and procedures, with parameters",
  properties: {
    define: {
      type: "object",
      description: "Named values and procedures, with optional parameters: `name(a, b): expression or effects`.",
      propertyNames: {
        pattern: "^[A-Za-z_][A-Za-z0-9_]*(\\([A-Za-z0-9_, ]*\\))?$",
        patternErrorMessage: "a definition is named with letters, digits and underscores, not starting with a digit, and its parameters in brackets (score, canPlay(c), pileValue(pile, p))"
      },
      additionalProperties: {
        "$ref": "#/definitions/programItem"
      }
    }
  },
  definitions: {},
};

export function declareDefines(build: Build): void {
  for (const [key, item] of entries(build.raw.define)) {
    const m = /^([A-Za-z_][A-Za-z0-9_]*)(?:\(([^)]*)\))?$/.exec(key);
    if (!m) continue; // the schema reports the malformed key
    const params = m[2] ? m[2].split(",").map((p) => p.trim()).filter(Boolean) : [];
    const pointer = pointerOfValue(`/define/${escapePointer(key)}`, item);
    if (Array.isArray(valueOf(item))) {
      build.diagnostics.push(build.file.at(pointer, "error", "E_COMPOSE", `'${m[1]}' is a definition: a fragment replaces it, it cannot append to it`));
      continue;
    }
    if (!params.every((p) => build.localName(p, `/define/${escapePointer(key)}`))) continue;
    const def: DefineInfo = { name: m[1], params, pointer, text: textOf(item), body: null, parsed: false, compiling: false, used: false };
    if (build.declare(m[1], { kind: "define", def }, `/define/${escapePointer(key)}`)) warnIfHidesBuiltin(build, m[1], `/define/${escapePointer(key)}`);
  }
}

/** A definition may take a built-in's name, but then every use of the name in these rules means it. */
function warnIfHidesBuiltin(build: Build, name: string, pointer: string): void {
  const b = builtin(name);
  if (!b || (b.needs && build.raw[b.needs] === undefined)) return;
  const what = b.doc.split(/[.;(]/)[0].trim().replace(/^./, (c) => c.toLowerCase());
  const other = `my${name[0].toUpperCase()}${name.slice(1)}`;
  build.diagnostics.push(build.file.at(pointer, "warning", "W_SHADOW",
    `'${name}' is the name of a built-in function (${what}): this definition hides it, so ${name}(…) and ….${name} in these rules mean the definition; rename it, for example to '${other}', to keep the built-in`, true));
}

export function reportUnusedDefines(build: Build): void {
  // a text that did not parse or check may use a definition: "never used" is then unknown, and not said
  const incomplete = build.diagnostics.some((d) => d.severity === "error");
  for (const [name, b] of build.names) {
    if (b.kind !== "define" || b.def.used) continue;
    // Compile it once anyway, so its mistakes are reported; its parameters can be anything.
    const frame: unknown[] = [];
    const locals = new Map<string, Local>();
    const functions = build.compiler.functionParams(b.def);
    b.def.params.forEach((p, i) => {
      if (functions[i] === null) build.compiler.bind(frame, locals, p, T.any);
      else locals.set(p, { slot: -1, type: T.any, fn: { k: "unknown", depth: 0 } });
    });
    const call = `${name}${b.def.params.length ? `(${b.def.params.join(", ")})` : ""}`;
    const expr = parseExpression(call);
    if (expr.value) build.compiler.expr(expr.value, { site: { pointer: b.def.pointer, offset: 0 }, rule: name, frame, locals, effects: true, hasMe: true });
    if (!incomplete) build.diagnostics.push(build.file.at(build.namePointers.get(name)!, "warning", "W_UNUSED", `'${name}' is defined but never used`, true));
  }
}
