// A scenario's `shuffles`: the outcome of shuffles fixed before the setup runs, a stacked deck. The rules still
// shuffle with their seeded random numbers (so every other random choice is as it would be); then the named
// cards are put on top of the zone in the order given, the last one on top, the rest staying below in the
// order the shuffle gave them.
import type { Game } from "../interpreter/model.js";
import type { State } from "../interpreter/state.js";
import { normalizeCardName } from "../interpreter/cards.js";

type Raw = Record<string, unknown>;

export interface StackedShuffles {
  /** Rearranges a zone just shuffled, if the scenario stacks that shuffle; returns a problem, or null. */
  shuffled(s: State, zone: number): string | null;
  /** Shuffles the scenario stacks that never happened, as problems with their place. */
  unused(): { pointer: string; message: string }[];
}

interface Stack {
  zone: string;
  outcomes: { names: string[]; pointer: string }[];
  used: number;
}

/** Reads {zone: [cards]} (its first shuffle) or {zone: [[cards], [cards]]} (one list for each shuffle, in order). */
export function readShuffles(game: Game, spec: Raw, report: (pointer: string, message: string) => void): StackedShuffles | null {
  const stacks = new Map<string, Stack>();
  let ok = true;
  for (const [zone, value] of Object.entries(spec)) {
    const def = game.zones.find((z) => z.name === zone);
    if (!def || def.per !== "game" || def.many) {
      const zones = game.zones.filter((z) => z.per === "game" && !z.many).map((z) => z.name);
      report(`/${zone}`, `shuffles names a zone of the game that the rules shuffle (${zones.join(", ")}), not '${zone}'`);
      ok = false;
      continue;
    }
    const lists = Array.isArray(value) && value.length > 0 && value.every(Array.isArray) ? (value as unknown[][]) : [value as unknown[]];
    const outcomes = lists.map((list, i) => ({ names: (list ?? []).map(String), pointer: lists.length === 1 && !Array.isArray((value as unknown[])[0]) ? `/${zone}` : `/${zone}/${i}` }));
    for (const o of outcomes) {
      o.names.forEach((name, i) => {
        if (game.cardsNamed(name).length === 0) {
          report(`${o.pointer}/${i}`, `there is no card called '${name}'`);
          ok = false;
        }
      });
    }
    stacks.set(zone, { zone, outcomes, used: 0 });
  }
  if (!ok) return null;
  return {
    shuffled(s, z) {
      const stack = stacks.get(s.game.zones[s.zoneDef[z]].name);
      if (!stack || s.zoneOwner[z] >= 0 || stack.used >= stack.outcomes.length) return null;
      const outcome = stack.outcomes[stack.used++];
      const cards = s.zones[z];
      const top: number[] = [];
      for (const name of outcome.names) {
        const key = normalizeCardName(name);
        const at = cards.findIndex((c) => !top.includes(c) && normalizeCardName(s.game.cardNames[c]) === key);
        if (at < 0) return `${outcome.pointer}: when ${stack.zone} was shuffled (time ${stack.used}), it held ${top.filter((c) => normalizeCardName(s.game.cardNames[c]) === key).length ? "no other" : "no"} card called ${name}`;
        top.push(cards[at]);
      }
      const rest = cards.filter((c) => !top.includes(c));
      cards.splice(0, cards.length, ...rest, ...top);
      return null;
    },
    unused() {
      const out: { pointer: string; message: string }[] = [];
      for (const stack of stacks.values()) {
        if (stack.used < stack.outcomes.length) {
          const first = stack.outcomes[stack.used];
          out.push({ pointer: first.pointer, message: `${stack.zone} is stacked for ${stack.outcomes.length} shuffle${stack.outcomes.length === 1 ? "" : "s"}, but the rules shuffled it ${stack.used === 0 ? "never" : stack.used === 1 ? "once" : `${stack.used} times`}` });
        }
      }
      return out;
    },
  };
}
