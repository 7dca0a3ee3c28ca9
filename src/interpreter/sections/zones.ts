// The rule file's `zones`: where cards can be.
// Its piece of the schema, its line in the language guide, and its compile step, which the builder in
// load/compile-game.ts calls.
import { escapePointer } from "../load/yaml.js";
import type { ZoneDef } from "../model.js";
import { labelOf } from "../zones.js";
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
            "game",
            "card"
          ],
          default: "game",
          description: "One zone for each player, one for the game, or one for each card: the cards it holds, which go wherever it goes."
        },
        many: {
          type: "boolean",
          description: "A family of zones created during play (new piles)."
        },
        family: {
          type: "array",
          minItems: 1,
          uniqueItems: true,
          items: {
            type: "string",
            pattern: "^[A-Za-z][A-Za-z0-9_-]*$",
            patternErrorMessage: "a zone of a family is named by a word of letters, digits, dashes and underscores, starting with a letter (red, col-1): a number would read as a place in the list"
          },
          description: "A family of named zones, one zone for each name: column.red; with per: player, each player has the family."
        },
        visible: {
          enum: [
            "everyone",
            "owner",
            "nobody",
            "top",
            "card"
          ],
          description: "Who may see the cards: everyone, only the owning player, nobody, everyone but only the top card, or (for a zone each card has) whoever sees the card holding them."
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
    const per = z.per === "player" ? "player" : z.per === "card" ? "card" : "game";
    const many = z.many === true;
    const pointer = `/zones/${escapePointer(name)}`;
    const zone = (zoneName: string): ZoneDef => {
      // a zone each card has is numbered once the cards are known (placeCardZones)
      const slot = many ? build.counts.families++ : per === "player" ? build.counts.player++ : per === "card" ? -1 : build.counts.shared++;
      const def: ZoneDef = {
        name: zoneName, index: build.zones.length, per, many, slot,
        visible: (z.visible as ZoneDef["visible"]) ?? "everyone",
        ordered: z.ordered !== false,
      };
      if (typeof z.text === "string") def.text = z.text;
      return def;
    };
    if (many && per === "player") {
      build.diagnostics.push(build.file.at(`${pointer}/many`, "error", "E_SCHEMA", "a family of zones made during play belongs to the game; give each new zone an owner with newZone(family, player), or name the zones each player has with family: [...]"));
    }
    if (per === "card" && (many || Array.isArray(z.family))) {
      build.diagnostics.push(build.file.at(`${pointer}/per`, "error", "E_SCHEMA", "a zone each card has is one zone a card: not a family of zones"));
      continue;
    }
    if ((per === "card") !== (z.visible === "card") && (z.visible === "card" || z.visible === "owner" || z.visible === "top")) {
      build.diagnostics.push(build.file.at(`${pointer}/visible`, "error", "E_SCHEMA", per === "card" ? "the cards a card holds are seen by everyone, by nobody, or as the card holding them is (visible: card)" : "visible: card is for a zone each card has (per: card): its cards are seen as the card holding them is"));
    }
    if (!Array.isArray(z.family)) {
      const def = zone(name);
      if (build.declare(name, { kind: "zone", def }, pointer)) build.zones.push(def);
      continue;
    }
    if (many) {
      build.diagnostics.push(build.file.at(`${pointer}/family`, "error", "E_SCHEMA", "a zone is either a family made during play (many: true) or a family of named zones (family: [...]), not both"));
      continue;
    }
    // a family of named zones: one zone for each name (column.red), of the game or of each player
    const family = { name, members: z.family as string[], first: build.zones.length };
    const defs = family.members.map((member, i) => {
      const def: ZoneDef = { ...zone(`${name}.${member}`), index: family.first + i, family, member };
      // a text that reads as a name would label every member alike: the members are labelled by their names
      if (def.text !== undefined && labelOf(name, def.text) === def.text) delete def.text;
      return def;
    });
    if (build.declare(name, { kind: "zone", def: defs[0] }, pointer)) build.zones.push(...defs);
  }
  if (build.zones.length === 0) build.diagnostics.push(build.file.at("", "error", "E_SCHEMA", "the rule file declares no zones: cards need somewhere to be"));
}

/**
 * Numbers the zones each card has (per: card) once the cards are known: after the zones of the game, one a card
 * in card order, so that card c's is the zone numbered slot + c; the zones of the players follow them.
 */
export function placeCardZones(build: Build, cards: number): void {
  for (const def of build.zones) {
    if (def.per !== "card") continue;
    def.slot = build.counts.shared;
    build.counts.shared += cards;
  }
}
