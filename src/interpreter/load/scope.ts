// What an expression in a rule file can name, and where its expressions are: a read-only account of a
// compiled file, for editors (completion and hover inside expression strings) and for anyone who asks what a
// file defines. It is made from what the compiler itself resolved, so it never disagrees with the checker.
import type { Location } from "../diagnostics.js";
import type { AttributeDef } from "../model.js";
import type { Binding, Site, UnitOptions } from "../lang/compile.js";
import { specialTypes } from "../lang/check/checker.js";
import * as T from "../lang/types.js";
import type { Source } from "./yaml.js";

export type NameKind = "zone" | "variable" | "constant" | "option" | "definition" | "attribute" | "action" | "special";

export interface ScopeName {
  name: string;
  kind: NameKind;
  /** One line: what kind of thing it is and its type. */
  detail: string;
  /** The rule file's own words about it (its `text:`), if any. */
  doc: string;
  /** The kind of value it is as a receiver before a dot (receiverKey), if known. */
  receiver?: string;
}

/** Where one expression, effect or message is, in whichever file wrote it, and the local names it can use. */
export interface ExpressionSite extends Location {
  locals: string[];
  effects: boolean;
}

export interface Scope {
  names: ScopeName[];
  sites: ExpressionSite[];
}

type Raw = Record<string, unknown>;

/** A type as a kind of receiver: a player's zone named without its owner is a zone; text is text, whatever its values. */
export function receiverKey(type: T.Type): string {
  if (type.t === "zonekind") return "zone";
  if (type.t === "str") return "text";
  return T.show(type);
}

export interface ScopeParts {
  raw: Raw;
  source: Source;
  names: ReadonlyMap<string, Binding>;
  attributes: ReadonlyMap<string, AttributeDef>;
  sites: readonly { site: Site; text: string; options: UnitOptions }[];
}

export function scopeOf(p: ScopeParts): Scope {
  const names: ScopeName[] = [];
  const textOf = (section: string, name: string): string => {
    const item = (p.raw[section] as Raw | undefined)?.[name];
    return item !== null && typeof item === "object" && typeof (item as Raw).text === "string" ? ((item as Raw).text as string).trim() : "";
  };
  for (const [name, b] of p.names) {
    switch (b.kind) {
      case "zone":
        names.push({ name, kind: "zone", detail: `zone${b.def.many ? " family" : ""}${b.def.per === "player" ? ", one per player" : ""}, seen by ${b.def.visible}`, doc: textOf("zones", name), receiver: b.def.many ? receiverKey(T.list(T.zone)) : "zone" });
        break;
      case "var":
        names.push({ name, kind: "variable", detail: `variable: ${T.show(b.def.type)}${b.def.team ? ", one per team" : b.def.per === "player" ? ", one per player" : ""}`, doc: textOf("variables", name), receiver: receiverKey(b.def.type) });
        break;
      case "const":
        names.push({ name, kind: "constant", detail: `constant: ${T.show(b.type)}`, doc: textOf("constants", name), receiver: receiverKey(b.type) });
        break;
      case "option":
        names.push({ name, kind: "option", detail: `option: ${T.show(b.type)}`, doc: textOf("options", name), receiver: receiverKey(b.type) });
        break;
      case "define":
        names.push({ name, kind: "definition", detail: b.def.params.length ? `definition ${name}(${b.def.params.join(", ")})` : "definition", doc: textOf("define", name) });
        break;
    }
  }
  for (const [name, a] of p.attributes) {
    const values = a.values.slice(0, 12).join(", ") + (a.values.length > 12 ? ", ..." : "");
    names.push({ name, kind: "attribute", detail: `card attribute${a.numeric ? " (a number)" : ""}: ${values}`, doc: "" });
  }
  for (const name of Object.keys((p.raw.actions as Raw | undefined) ?? {})) names.push({ name, kind: "action", detail: "action", doc: textOf("actions", name) });
  for (const [name, type] of Object.entries(specialTypes)) names.push({ name, kind: "special", detail: T.show(type), doc: "", receiver: receiverKey(type) });
  // a definition's body is checked where it is used, so its text is a site of its own, with its parameters
  const texts = [...p.sites.map(({ site, text, options }) => ({ site, text, locals: [...(options.locals?.keys() ?? [])], effects: options.effects }))];
  for (const b of p.names.values()) {
    if (b.kind === "define") texts.push({ site: { pointer: b.def.pointer, offset: 0 }, text: b.def.text, locals: b.def.params, effects: true });
  }
  const sites = texts.map(({ site, text, locals, effects }) => {
    // the whole text's place, mapped as a diagnostic there would be: into block scalars and composed files
    const d = p.source.inside(site.pointer, site.offset, site.offset + text.length, "notice", "N_ASSUMED", "");
    return { file: d.file, line: d.line, col: d.col, endLine: d.endLine, endCol: d.endCol, locals, effects };
  });
  return { names, sites };
}
