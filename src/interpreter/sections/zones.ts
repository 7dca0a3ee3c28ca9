// The rule file's `zones`: where cards can be.
// Its piece of the schema, its line in the language guide, and its compile step, which the builder in
// load/compile-game.ts calls.
import { escapePointer } from "../load/yaml.js";
import type { ZoneDef } from "../model.js";
import { entries, type Build, type Raw } from "./build.js";
import type { Section } from "./section.js";

export const zones: Section = {
  summary: "where cards can be: per player or of the game, and who may see them",
  properties: {
    zones: {
      type: "object",
      additionalProperties: {
        "$ref": "#/definitions/zone"
      }
    }
  },
  definitions: {
    zone: {
      type: "object",
      additionalProperties: false,
      properties: {
        per: {
          enum: [
            "player",
            "game"
          ],
          default: "game",
          description: "One zone for each player, or one for the game."
        },
        many: {
          type: "boolean",
          description: "A family of zones created during play (new piles)."
        },
        visible: {
          enum: [
            "everyone",
            "owner",
            "nobody",
            "top"
          ],
          description: "Who may see the cards: everyone, only the owning player, nobody, or everyone but only the top card."
        },
        ordered: {
          type: "boolean",
          default: true,
          description: "false for a hand: order carries no meaning."
        },
        text: {
          type: "string"
        },
        assumed: {
          "$ref": "#/definitions/assumed"
        }
      },
      required: [
        "visible"
      ]
    }
  },
};

export function declareZones(build: Build): void {
  for (const [name, spec] of entries(build.raw.zones)) {
    const z = spec as Raw;
    const per = z.per === "player" ? "player" : "game";
    const many = z.many === true;
    const slot = many ? build.counts.families++ : per === "player" ? build.counts.player++ : build.counts.shared++;
    const def: ZoneDef = {
      name, index: build.zones.length, per, many, slot,
      visible: (z.visible as ZoneDef["visible"]) ?? "everyone",
      ordered: z.ordered !== false,
    };
    if (typeof z.text === "string") def.text = z.text;
    const pointer = `/zones/${escapePointer(name)}`;
    if (many && per === "player") {
      build.diagnostics.push(build.file.at(`${pointer}/many`, "error", "E_SCHEMA", "a family of zones belongs to the game; give each new zone an owner with newZone(family, player)"));
    }
    if (build.declare(name, { kind: "zone", def }, pointer)) build.zones.push(def);
  }
  if (build.zones.length === 0) build.diagnostics.push(build.file.at("", "error", "E_SCHEMA", "the rule file declares no zones: cards need somewhere to be"));
}
