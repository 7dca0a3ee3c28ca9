// A scenario's `deal`: fixes what zones hold once setup has dealt. Every named zone then holds exactly the
// listed cards in that order; the cards it takes are swapped with the ones they displace, so every card still
// exists once. The same reading of zone names serves `expect: zones`.
import { suggestion } from "../interpreter/diagnostics.js";
import type { Game } from "../interpreter/model.js";
import type { State } from "../interpreter/state.js";
import type { GameEvent } from "../interpreter/events.js";
import { normalizeCardName } from "../interpreter/cards.js";
import { createZone } from "../interpreter/zones.js";

type Raw = Record<string, unknown>;

export interface ZoneTarget {
  zone: number; // -1 for a zone of a family, found (or made) when the state is known
  family?: { def: number; index: number };
  names: string[];
  cards: number[]; // resolved card ids (for a deal)
  pointer: string; // below the deal or zones key
  label: string;
}

/**
 * Reads {zone: [cards]} for zones of the game and {zone: {Ann: [cards]}} for per-player zones. With `lenient`
 * (for expectations) card names are compared as written and not resolved to distinct cards.
 */
export function zoneTargets(game: Game, names: string[], spec: Raw, report: (pointer: string, message: string) => void, lenient = false): ZoneTarget[] | null {
  const out: ZoneTarget[] = [];
  const used = new Map<string, number>(); // card name -> how many taken so far
  const n = names.length;
  let ok = true;
  const resolve = (list: unknown[], pointer: string): number[] | null => {
    const ids: number[] = [];
    list.forEach((item, i) => {
      const name = String(item);
      const all = game.cardsNamed(name);
      if (all.length === 0) {
        report(`${pointer}/${i}`, `there is no card called '${name}'`);
        ok = false;
        return;
      }
      if (lenient) return;
      const key = normalizeCardName(name);
      const k = used.get(key) ?? 0;
      if (k >= all.length) {
        report(`${pointer}/${i}`, all.length === 1 ? `${name} is named twice` : `${name} is named more than the ${all.length} cards so called`);
        ok = false;
        return;
      }
      used.set(key, k + 1);
      ids.push(all[k]);
    });
    return ids;
  };
  for (const [zone, value] of Object.entries(spec)) {
    const def = game.zones.find((z) => z.name === zone);
    if (def?.many) {
      // a family: a list of zones, each a list of cards
      if (!Array.isArray(value) || !value.every(Array.isArray)) {
        report(`/${zone}`, `${zone} is a family of zones: write a list of zones, each a list of cards: [[R1, R2], [B3]]`);
        ok = false;
        continue;
      }
      value.forEach((list, i) => {
        const cards = resolve(list as unknown[], `/${zone}/${i}`) ?? [];
        out.push({ zone: -1, family: { def: def.index, index: i }, names: (list as unknown[]).map(String), cards, pointer: `/${zone}/${i}`, label: `${zone} #${i + 1}` });
      });
      continue;
    }
    if (!def) {
      const known = game.zones.map((z) => z.name);
      report(`/${zone}`, `there is no zone '${zone}' (zones: ${known.join(", ")})`);
      ok = false;
      continue;
    }
    if (def.per === "card") {
      report(`/${zone}`, `${zone} is a zone each card has: a scenario does not deal it; lay the cards on their card with moves`);
      ok = false;
      continue;
    }
    if (def.per === "game") {
      if (!Array.isArray(value)) {
        report(`/${zone}`, `${zone} belongs to the game: list its cards, bottom first`);
        ok = false;
        continue;
      }
      const cards = resolve(value, `/${zone}`) ?? [];
      out.push({ zone: def.slot, names: value.map(String), cards, pointer: `/${zone}`, label: zone });
      continue;
    }
    if (Array.isArray(value) || typeof value !== "object" || value === null) {
      report(`/${zone}`, `${zone} belongs to each player: write {${names[0]}: [cards], ...}`);
      ok = false;
      continue;
    }
    for (const [who, list] of Object.entries(value as Raw)) {
      const p = names.findIndex((x) => x.toLowerCase() === who.toLowerCase());
      if (p < 0) {
        report(`/${zone}/${who}`, `there is no player called '${who}' (players: ${names.join(", ")})`);
        ok = false;
        continue;
      }
      const cards = resolve(list as unknown[], `/${zone}/${who}`) ?? [];
      out.push({ zone: game.sharedZones + def.slot * n + p, names: (list as unknown[]).map(String), cards, pointer: `/${zone}/${who}`, label: `${names[p]}'s ${zone}` });
    }
  }
  return ok ? out : null;
}

/** A deal as a scenario writes it, read against a game: its zones and the spare zone displaced cards go to. */
export interface Deal {
  targets: ZoneTarget[];
  spare: number | undefined;
}

/**
 * Reads `deal:` (zone names to cards) and `spare:` (a zone of the game) for a game with these seats; each problem
 * goes to `report` at its pointer below `/deal` or `/spare`. Null when there is a problem.
 */
export function readDeal(game: Game, names: string[], deal: Raw, spare: unknown, report: (pointer: string, message: string) => void): Deal | null {
  let slot: number | undefined;
  if (spare !== undefined) {
    const zones = game.zones.filter((z) => z.per === "game" && !z.many).map((z) => z.name);
    const def = typeof spare === "string" ? game.zones.find((z) => z.name === spare) : undefined;
    if (!def || def.per !== "game" || def.many) {
      report("/spare", spareProblem(spare, def, zones));
      return null;
    }
    slot = def.slot;
  }
  const targets = zoneTargets(game, names, deal, (p, message) => report(`/deal${p}`, message));
  return targets && { targets, spare: slot };
}

/** Why a value cannot be `spare:`, named with what was written and what is wanted instead; `zones` are those it may name. */
function spareProblem(spare: unknown, def: Game["zones"][number] | undefined, zones: string[]): string {
  const wanted = `spare names one zone of the game, where the cards the deal does not name go (${zones.join(", ")})`;
  const written = (v: unknown): string => (typeof v === "string" ? v : JSON.stringify(v) ?? String(v));
  if (spare === null || spare === "") return `spare is empty: ${wanted}`;
  if (typeof spare === "string") {
    if (!def) return `there is no zone called '${spare}'${suggestion(spare, zones)}: ${wanted}`;
    return def.many ? `${spare} is a family of zones, made during play: ${wanted}` : `${spare} is each player's: ${wanted}`;
  }
  if (Array.isArray(spare)) {
    const one = spare.map(String).find((z) => zones.includes(z)) ?? zones[0];
    return `spare is a list ([${spare.map(written).join(", ")}]) where one zone's name is expected: all the cards the deal does not name go to one zone, so write one${one ? ` (spare: ${one})` : ""}; ${wanted}`;
  }
  if (typeof spare === "object") {
    const keys = Object.keys(spare);
    const one = keys.find((z) => zones.includes(z));
    return `spare is a map ({${keys.join(", ")}}) where one zone's name is expected${one ? `: write the name alone (spare: ${one})` : ""}; ${wanted}`;
  }
  const what = typeof spare === "number" ? `the number ${spare}` : typeof spare === "boolean" ? `${spare}, a yes or no,` : written(spare);
  return `spare is ${what} where one zone's name is expected; ${wanted}`;
}

/** The zone a target names in a state; with `make`, the missing zones of a family are made. */
export function targetZone(s: State, t: ZoneTarget, make: boolean): number {
  if (!t.family) return t.zone;
  const group = s.groups[s.game.zones[t.family.def].slot];
  if (make) while (group.length <= t.family.index) createZone(s, t.family.def, -1);
  return group[t.family.index] ?? -1;
}

/** Rearranges the dealt cards so the targets hold exactly their cards. Returns a problem, or null. */
export function applyDeal(s: State, given: ZoneTarget[], spare?: number): string | null {
  const targets = given.map((t) => ({ ...t, zone: targetZone(s, t, true) }));
  const before = s.cardZone.slice();
  const targetOf = new Map<number, number>(); // card -> zone it must end in
  const targetZones = new Set<number>();
  for (const t of targets) {
    targetZones.add(t.zone);
    for (const c of t.cards) targetOf.set(c, t.zone);
  }
  // Cards sitting in a target zone that are not wanted there are displaced: they fill the holes the wanted
  // cards leave behind, in order.
  const displaced: number[] = [];
  for (const z of targetZones) for (const c of s.zones[z]) if (!targetOf.has(c)) displaced.push(c);
  const firstLoser: number[] = [];
  for (const [card, zone] of targetOf) {
    const from = s.cardZone[card];
    if (from === zone || targetZones.has(from)) continue;
    const at = s.zones[from].indexOf(card);
    const filler = displaced.shift();
    if (filler !== undefined) {
      s.zones[from][at] = filler;
      s.cardZone[filler] = from;
    } else s.zones[from].splice(at, 1);
    if (!firstLoser.includes(from)) firstLoser.push(from);
  }
  for (const t of targets) {
    s.zones[t.zone] = t.cards.slice();
    for (const c of t.cards) s.cardZone[c] = t.zone;
  }
  if (displaced.length) {
    // More cards were displaced than taken: they go where cards were taken from, else to the first zone of
    // the game that is not named (the draw pile, usually).
    const home = spare ?? firstLoser[0] ?? firstUnnamedSharedZone(s, targetZones);
    if (home === undefined) return `the deal leaves ${displaced.length} card(s) with nowhere to go`;
    for (const c of displaced) {
      s.zones[home].unshift(c);
      s.cardZone[c] = home;
    }
  }
  // a card the setup showed is no longer shown once the deal has moved it elsewhere
  for (let c = 0; c < before.length; c++) if (before[c] !== s.cardZone[c]) s.shown[c] = 0;
  return null;
}

/**
 * Applies a deal once setup is over and holds it until the first decision: cards the first phases deal as they
 * begin are put back where the deal says as each moves, so a rule that reads the cards before anyone decides (a
 * leader found in a phase's `begin`) reads the deal's. Each problem goes to `report`. Gives what lets the deal
 * go, called once the game waits for a decision (a turn's beginning or a move lets it go too).
 */
export function holdDeal(s: State, deal: Deal, report: (message: string) => void): () => void {
  const before = s.watch;
  const release = () => {
    if (s.watch === watch) s.watch = before;
  };
  const moves = s.moves;
  let busy = false;
  const watch = (st: State, e: GameEvent) => {
    before?.(st, e);
    if (st !== s) return; // a game played inside this one, or a copy an agent searches: not this deal's
    if (e.type === "turn" || s.moves !== moves) release(); // the first decision: the cards are the players' now
    else if (e.type === "move" && !busy) {
      busy = true;
      const p = applyDeal(s, deal.targets, deal.spare);
      busy = false;
      if (p) {
        release();
        report(p);
      }
    }
  };
  const problem = applyDeal(s, deal.targets, deal.spare);
  if (problem) report(problem);
  else s.watch = watch;
  return release;
}

function firstUnnamedSharedZone(s: State, named: Set<number>): number | undefined {
  for (let z = 0; z < s.game.sharedZones; z++) if (!named.has(z)) return z;
  return undefined;
}
