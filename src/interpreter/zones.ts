// Zone bookkeeping shared by the engine, the builtins and the views: names, owners and families of zones.
import type { State } from "./state.js";

/** "Ann's": a seat's name as an owner; the person at the terminal, named "You", owns "your" zones. */
export function possessive(name: string): string {
  return name === "You" ? "your" : `${name}'s`;
}

/** A rule file's name as words for people: dealtUp is "dealt up", faceDown "face down", column.red "column red". */
export function inWords(name: string): string {
  return name.replace(/([a-z0-9])([A-Z])/g, (_, a: string, b: string) => `${a} ${b.toLowerCase()}`).replace(/\./g, " ");
}

/** The longest `text:` that labels a zone or a variable for people. */
export const labelLength = 30;

/**
 * A zone's or variable's label: its `text:` where that reads as a name (at most labelLength characters and one
 * phrase, with no comma, colon, semicolon or bracket: "the play pile"), else its name in words. A longer text
 * describes rather than names; the table gives it as the zone's tooltip.
 */
export function labelOf(name: string, text: string | undefined): string {
  return text && text.length <= labelLength && !/[,:;()]/.test(text) ? text : inWords(name);
}

/**
 * A zone as people read it: its label (its short text:, else its name in words: "Ann's face up"), with the
 * number of a zone of a family. What the page, the seat link and the terminal show; traces keep zoneName.
 */
export function zoneLabel(s: State, z: number): string {
  const def = s.game.zones[s.zoneDef[z]];
  if (!def) return zoneName(s, z);
  if (def.per === "card") return `${labelOf(def.name, def.text)} (${heldAt(s, z, zoneLabel)})`;
  const owner = s.zoneOwner[z];
  const position = def.many ? s.groups[def.slot].indexOf(z) : 0;
  const label = labelOf(def.name, def.text);
  const base = !def.many ? label : position >= 0 ? `${label} #${position + 1}` : `${label} (taken away)`;
  return owner >= 0 ? `${possessive(s.names[owner])} ${base}` : base;
}

export function zoneName(s: State, z: number): string {
  const def = s.game.zones[s.zoneDef[z]];
  if (!def) return typeof z === "number" ? `zone ${z}` : "none";
  if (def.per === "card") return `${def.name} (${heldAt(s, z, zoneName)})`;
  const owner = s.zoneOwner[z];
  const position = def.many ? s.groups[def.slot].indexOf(z) : 0;
  const base = !def.many ? def.name : position >= 0 ? `${def.name} #${position + 1}` : `${def.name} (taken away)`;
  return owner >= 0 ? `${possessive(s.names[owner])} ${base}` : base;
}

/**
 * A zone as one word, as a move names it: `dealStack`, `Ann.hand` (a player's zone), `piles#2` (the second
 * zone of a family). A move on a card its player may not see chooses the card's place, so it names a zone.
 */
export function zoneWord(s: State, z: number): string {
  const def = s.game.zones[s.zoneDef[z]];
  if (def.per === "card") return `${heldAt(s, z, zoneWord).replace(" #", "#")}.${def.name}`;
  if (def.many) return `${def.name}#${s.groups[def.slot].indexOf(z) + 1}`;
  const owner = s.zoneOwner[z];
  return owner >= 0 ? `${s.names[owner]}.${def.name}` : def.name;
}

/**
 * Where the card holding a zone (per: card) lies, by its zone and its place there counting from 1 (`pile #3`), the
 * zone named by `name`: never by the card's own name, which a player who may not see the card must not read.
 */
function heldAt(s: State, z: number, name: (s: State, z: number) => string): string {
  const hostOf = (zone: number) => zone - s.game.zones[s.zoneDef[zone]].slot;
  // cards laid each on the next in a ring are held by no card on the table: named so, not followed for ever
  let up = z;
  for (let depth = 0; s.game.zones[s.zoneDef[up]].per === "card"; depth++) {
    if (depth > 64) return "a ring of cards held by one another";
    up = s.cardZone[hostOf(up)];
  }
  const card = hostOf(z);
  const at = s.cardZone[card];
  return `${name(s, at)} #${s.zones[at].indexOf(card) + 1}`;
}

/** Creates a new, empty zone in a family (a pile started during play) and returns its index. */
export function createZone(s: State, def: number, owner: number): number {
  const z = s.zones.length;
  s.zones.push([]);
  s.zoneDef.push(def);
  s.zoneOwner.push(owner);
  s.groups[s.game.zones[def].slot].push(z);
  return z;
}

/** Takes an empty zone out of its family; its index stays reserved so that logs keep their meaning. */
export function retireZone(s: State, z: number): void {
  const def = s.game.zones[s.zoneDef[z]];
  if (!def.many) return;
  const group = s.groups[def.slot];
  const at = group.indexOf(z);
  if (at >= 0) group.splice(at, 1);
}
