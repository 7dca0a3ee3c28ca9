// The conversions the checker writes into the typed tree, so that each back end sees one form per use: a zone
// used as a list, a per-player zone named alone, a value kept in a variable, a value shown as text.
import * as T from "../types.js";
import type { Type } from "../types.js";
import type { TExpr } from "../typed.js";
import type { Environment } from "./environment.js";
import type { ZoneDef } from "../../model.js";

export class Conversions {
  constructor(private env: Environment) {}

  /** A value as a list: a zone gives its cards (the live list: callers that keep it must copy it). */
  asList(c: TExpr): TExpr {
    const type = T.list(T.elementOf(c.type) ?? T.any);
    if (c.type.t === "zone") return { k: "zoneCards", type, zone: c };
    if (c.type.t === "zonekind") return { k: "zoneCards", type, zone: this.asZone(c) };
    return { k: "orEmpty", type: c.type, list: c };
  }

  /** A per-player zone named alone is the acting player's. */
  asZone(c: TExpr): TExpr {
    if (c.type.t !== "zonekind") return c;
    const b = this.env.global(c.type.name);
    const slot = b?.kind === "zone" ? b.def.slot : 0;
    return { k: "myZone", type: T.zone, shared: this.env.sharedZones(), slot };
  }

  /**
   * A family of named zones (`family: [red, green]`) as the list of its zones in declared order, indexed too by
   * its members' names: of the game, of a given player (p.column), or of the acting player (owner "me").
   */
  family(def: ZoneDef, owner: TExpr | "me" | null): TExpr {
    const family = def.family!;
    const shared = this.env.sharedZones();
    const items: TExpr[] = family.members.map((_, i): TExpr => {
      const slot = def.slot - def.family!.members.indexOf(def.member!) + i;
      if (def.per === "game") return { k: "const", type: T.zone, value: slot };
      if (owner === "me" || owner === null) return { k: "myZone", type: T.zone, shared, slot };
      return { k: "playerZone", type: T.zone, shared, slot, player: owner };
    });
    return { k: "list", type: { t: "list", of: T.zone, keys: family.members }, items };
  }

  /** A zone of a family of named zones by its member's name: `.red`, or `[c.colour]` (none for a name it lacks). */
  member(family: TExpr, key: TExpr, rule: string): TExpr {
    const keys = (family.type as Extract<Type, { t: "list" }>).keys!;
    const at = key.k === "const" ? keys.indexOf(String(key.value)) : -2;
    if (at >= 0 && family.k === "list") return family.items[at];
    const index: TExpr = at !== -2
      ? { k: "const", type: T.num, value: at }
      : { k: "mapGet", type: T.num, map: { k: "const", type: { t: "map", of: T.num }, value: Object.fromEntries(keys.map((m, i) => [m, i])) }, key, rule };
    return { k: "item", type: T.zone, list: family, index };
  }

  /** For comparisons: zones compare as zones, per-player zone names as the acting player's zone. */
  plain(c: TExpr): TExpr {
    return c.type.t === "zonekind" ? this.asZone(c) : c;
  }

  coerce(c: TExpr, to: Type | undefined): TExpr {
    if (!to) return c;
    if ((c.type.t === "zone" || c.type.t === "zonekind") && to.t === "list") return { ...this.asList(c), type: to };
    if (c.type.t === "zonekind" && to.t === "zone") return this.asZone(c);
    return c;
  }

  /** Values kept in variables are copies: a zone's live list of cards would change under the variable. */
  storable(c: TExpr): TExpr {
    if (c.type.t === "zone" || c.type.t === "zonekind") return { k: "copyList", type: c.type, list: this.asList(c) };
    if (c.type.t === "list" || c.type.t === "any") return { k: "copyValue", type: c.type, value: c };
    return c;
  }

  stringify(c: TExpr): TExpr {
    if (c.type.t === "zonekind") return { k: "zoneName", type: T.str, zone: this.asZone(c) };
    return { k: "str", type: T.str, value: c, of: c.type };
  }
}
