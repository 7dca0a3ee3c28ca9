// The rule file's `cards`: the components: card sets and their attributes.
// Its piece of the schema, its line in the language guide, and its compile step, which the builder in
// load/compile-game.ts calls.
import { nameFromTemplate, packs, type CardSpec } from "../cards.js";
import { suggestion } from "../diagnostics.js";
import { maxCards } from "../limits.js";
import { escapePointer } from "../load/yaml.js";
import type { AttributeDef } from "../model.js";
import { entries, type Build, type Raw } from "./build.js";
import type { Section } from "./section.js";

export const cards: Section = {
  summary: "the components: card sets and attributes",
  properties: {
    cards: {
      "$ref": "#/definitions/cards"
    }
  },
  definitions: {
    cards: {
      type: "object",
      additionalProperties: false,
      properties: {
        attributes: {
          type: "object",
          additionalProperties: {
            type: "object",
            additionalProperties: false,
            properties: {
              values: {
                type: "array",
                items: {
                  type: [
                    "string",
                    "number"
                  ]
                }
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
        sets: {
          type: "array",
          items: {
            type: "object",
            additionalProperties: false,
            properties: {
              deck: {
                enum: Object.keys(packs),
                description: `A named pack: ${Object.entries(packs).map(([name, p]) => `${name} is ${p.description}`).join("; ")}. With copies: n, n packs shuffled together.`
              },
              each: {
                type: "object",
                description: "One card for every combination of these attribute values.",
                additionalProperties: {
                  oneOf: [
                    {
                      type: "array",
                      items: {
                        type: [
                          "string",
                          "number"
                        ]
                      }
                    },
                    {
                      type: "string",
                      pattern: "^-?\\d+\\.\\.-?\\d+$",
                      patternErrorMessage: "a range of whole numbers is written with two dots (1..10)"
                    }
                  ]
                }
              },
              with: {
                type: "object",
                additionalProperties: {
                  type: [
                    "string",
                    "number",
                    "boolean"
                  ]
                }
              },
              copies: {
                type: "integer",
                minimum: 1,
                maximum: 1000
              },
              name: {
                type: "string",
                description: "How each card is written: attribute names in braces, `{colour}{rank}`."
              },
              into: {
                type: "string",
                description: "The zone these cards start in."
              },
              assumed: {
                "$ref": "#/definitions/assumed"
              }
            },
            required: [
              "into"
            ]
          }
        }
      }
    }
  },
};

export function declareCards(build: Build): { names: string[]; start: number[] } {
  const section = (build.raw.cards ?? {}) as Raw;
  const names: string[] = [];
  const start: number[] = [];
  const attrValues = new Map<string, (string | number | null)[]>();
  const specs: CardSpec[] = [];
  const declared = entries(section.attributes);
  (section.sets as Raw[] | undefined)?.forEach((set, i) => {
    const pointer = `/cards/sets/${i}`;
    const into = String(set.into);
    const zone = build.names.get(into);
    if (zone?.kind !== "zone" || zone.def.many) {
      build.diagnostics.push(build.file.at(`${pointer}/into`, "error", "E_NAME", `unknown zone '${into}'${suggestion(into, build.zones.filter((z) => !z.many).map((z) => z.name))}`));
      return;
    }
    if (zone.def.per === "player") {
      build.diagnostics.push(build.file.at(`${pointer}/into`, "error", "E_TYPE", `cards start in a zone of the game, not in each player's '${into}': deal them in setup`));
      return;
    }
    const copies = typeof set.copies === "number" ? set.copies : 1;
    const pack = typeof set.deck === "string" ? packs[set.deck] : undefined;
    const count = (pack ? pack.cards().length : countFromEach(build, set, pointer)) * copies;
    if (Number.isNaN(count)) return;
    if (names.length + count > maxCards) {
      const where = pack || copies > 1 ? (set.copies !== undefined ? `${pointer}/copies` : pointer) : `${pointer}/each`;
      build.diagnostics.push(build.file.at(where, "error", "E_CARD_COUNT", `this set would make ${count.toLocaleString("en")} cards, ${names.length ? `after ${names.length.toLocaleString("en")}, ` : ""}more than the limit of ${maxCards.toLocaleString("en")} cards in a game`));
      return;
    }
    const made = pack ? pack.cards() : cardsFromEach(build, set);
    const fixed = (set.with ?? {}) as Raw;
    let unnamed = false;
    for (const spec of made) {
      for (let c = 0; c < copies; c++) {
        const attrs = { ...spec.attrs } as Record<string, string | number | boolean>;
        for (const [k, v] of Object.entries(fixed)) attrs[k] = v as string | number | boolean;
        const name = typeof set.name === "string" ? nameFromTemplate(set.name, attrs) : spec.name;
        if (name.trim() === "" && !unnamed) {
          // a move names its cards: a card without a name could be played but never written down
          unnamed = true;
          build.diagnostics.push(build.file.at(`${pointer}/name`, "error", "E_CARD", `this name gives a card no name (attributes ${JSON.stringify(attrs).slice(0, 120)}): fill it from an attribute every card of the set has, as in "{rank}{suit}"`));
        }
        specs.push({ name, attrs });
        names.push(name);
        start.push(zone.def.index);
      }
    }
  });
  const refused = build.diagnostics.some((d) => d.code === "E_CARD_COUNT");
  if (names.length === 0 && !refused) build.diagnostics.push(build.file.at("/cards", "error", "E_SCHEMA", "the rule file has no cards: add a set under cards.sets"));
  // Attributes: every name any card has; cards without it have none.
  const keys = new Set<string>();
  for (const s of specs) for (const k of Object.keys(s.attrs)) keys.add(k);
  for (const [k] of declared) keys.add(k);
  for (const key of keys) {
    const byCard = specs.map((s) => (s.attrs[key] === undefined ? null : (s.attrs[key] as string | number)));
    const present = byCard.filter((v): v is string | number => v !== null);
    const numeric = present.length > 0 && present.every((v) => typeof v === "number");
    const declaredValues = ((section.attributes as Raw | undefined)?.[key] as Raw | undefined)?.values as (string | number)[] | undefined;
    const values = declaredValues ?? [...new Set(present)];
    const typed = numeric ? byCard : byCard.map((v) => (v === null ? null : String(v)));
    const allValues = [...new Set([...values, ...present])];
    // Each value's first place among allValues, by its text: one pass, however many cards and values.
    const keyOf = new Map<string, number>();
    allValues.forEach((x, i) => {
      if (!keyOf.has(String(x))) keyOf.set(String(x), i);
    });
    const keyByCard = Int32Array.from(typed, (v) => (v === null ? -1 : keyOf.get(String(v))!));
    const attr: AttributeDef = { name: key, numeric, values: allValues, byCard: typed, keyByCard };
    build.attributes.set(key, attr);
    attrValues.set(key, byCard);
  }
  return { names, start };
}

/** The values `each` gives one attribute: a list, or a range written like 1..10. */
function eachValues(build: Build, spec: unknown): (string | number)[] | { from: number; to: number } | null {
  if (typeof spec !== "string") return spec as (string | number)[];
  const m = /^(-?\d+)\.\.(-?\d+)$/.exec(spec);
  return m ? { from: Number(m[1]), to: Number(m[2]) } : null;
}

/** How many cards `each` makes, counted before one is made; NaN (reported) when it is malformed. */
function countFromEach(build: Build, set: Raw, pointer: string): number {
  let count = 1;
  for (const [key, spec] of Object.entries((set.each ?? {}) as Raw)) {
    const values = eachValues(build, spec);
    if (!values) {
      build.diagnostics.push(build.file.at(`${pointer}/each/${escapePointer(key)}`, "error", "E_SCHEMA", "a range of values is written like 1..10"));
      return NaN;
    }
    const n = Array.isArray(values) ? values.length : Math.max(0, values.to - values.from + 1);
    if (n > maxCards) {
      build.diagnostics.push(build.file.at(`${pointer}/each/${escapePointer(key)}`, "error", "E_CARD_COUNT", `this range has ${n.toLocaleString("en")} values, more than the limit of ${maxCards.toLocaleString("en")} cards in a game`));
      return NaN;
    }
    count *= n;
  }
  return count;
}

/** The cards of a set written with `each`, once countFromEach has allowed them. */
function cardsFromEach(build: Build, set: Raw): CardSpec[] {
  let combos: Record<string, string | number>[] = [{}];
  for (const [key, spec] of Object.entries((set.each ?? {}) as Raw)) {
    const given = eachValues(build, spec)!;
    const values: (string | number)[] = [];
    if (Array.isArray(given)) values.push(...given);
    else for (let v = given.from; v <= given.to; v++) values.push(v);
    const next: Record<string, string | number>[] = [];
    for (const c of combos) for (const v of values) next.push({ ...c, [key]: v });
    combos = next;
  }
  return combos.map((attrs) => ({ name: Object.values(attrs).join(""), attrs }));
}
