// What a comparison in an expression can be completed with: after `c.rank == ` the ranks of the deck, after
// `c.suit != ` its suits as quoted text, after a zone's name the zones' names. The left side's type is read from
// its last name: a card attribute (after a dot), or a name of the file whose type is a zone.
import type { Scope } from "../../interpreter/load/scope.js";
import type { RuleValues } from "../rules/protocol.js";

/** The left side of a comparison that ends the text before the cursor ("c.rank" in `c.rank == `), if it ends so. */
export function comparedSide(before: string): string | undefined {
  return /([A-Za-z_][A-Za-z0-9_]*(?:\s*\.\s*[A-Za-z_][A-Za-z0-9_]*)*)\s*(?:==|!=)\s*"?$/.exec(before)?.[1].replace(/\s+/g, "");
}

/** The values the right side of a comparison may be, as they are written in an expression; none when not known. */
export function comparedValues(left: string, values: RuleValues, scope: Scope | undefined): string[] {
  const parts = left.split(".");
  const last = parts[parts.length - 1];
  const attribute = parts.length > 1 ? values.attributes[last] : undefined;
  if (attribute) return attribute.values.map((v) => (attribute.numeric && typeof v === "number" ? String(v) : JSON.stringify(String(v))));
  const name = parts.length === 1 ? scope?.names.find((n) => n.name === last) : undefined;
  if (name?.receiver === "zone") return values.zones;
  return [];
}
