// Zone bookkeeping shared by the engine, the builtins and the views: names, owners and families of zones.
import type { State } from "./state.js";

/** "Ann's": a seat's name as an owner; the person at the terminal, named "You", owns "your" zones. */
export function possessive(name: string): string {
  return name === "You" ? "your" : `${name}'s`;
}

export function zoneName(s: State, z: number): string {
  const def = s.game.zones[s.zoneDef[z]];
  if (!def) return typeof z === "number" ? `zone ${z}` : "none";
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
  if (def.many) return `${def.name}#${s.groups[def.slot].indexOf(z) + 1}`;
  const owner = s.zoneOwner[z];
  return owner >= 0 ? `${s.names[owner]}.${def.name}` : def.name;
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
