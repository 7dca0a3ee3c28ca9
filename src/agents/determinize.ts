// From a view to a full game state: the cards the player sees stay where they are, and the cards they cannot
// see are dealt at random into the places they cannot see (determinization). Searching agents plan on such
// states; the true state is never their input.
import type { Game } from "../interpreter/model.js";
import type { Budget, State } from "../interpreter/state.js";
import type { View } from "../interpreter/view.js";
import { blankState } from "../interpreter/engine.js";
import { cloneState, copyState } from "../interpreter/state.js";
import { canSeeCard } from "../interpreter/view.js";
import { nextUint32, seedRng, shuffleInPlace, type RngState } from "../interpreter/rng.js";

export function determinize(game: Game, v: View, rng: RngState, budget: Budget | null = null): State {
  return deal(prepare(game, v, rng, budget), rng);
}

/** What stays the same between deals of one view: a state with the seen cards placed, and the unseen ones. */
export interface Prepared {
  base: State;
  /** The hidden places, the k-th at index hiddenIndex[k] of zone hiddenZone[k]; as many as unseen cards. */
  hiddenZone: Int32Array;
  hiddenIndex: Int32Array;
  unseen: number[];
  /** Where deal() shuffles the unseen cards: one list for every deal. */
  cards: number[];
}

/**
 * Deals the unseen cards at random into the hidden places of a copy of the prepared state. Given `into` (a state
 * an earlier deal of the same preparation returned, no longer needed), the copy is made in it rather than anew:
 * the same deal, without allocating a state per deal.
 */
export function deal(prep: Prepared, rng: RngState, into?: State): State {
  let s: State;
  if (into) {
    s = into;
    copyState(s, prep.base);
  } else s = cloneState(prep.base);
  const cards = prep.cards;
  const unseen = prep.unseen;
  for (let i = 0; i < unseen.length; i++) cards[i] = unseen[i];
  shuffleInPlace(rng, cards);
  const { hiddenZone, hiddenIndex } = prep;
  for (let i = 0; i < hiddenZone.length; i++) {
    const c = cards[i];
    const zone = hiddenZone[i];
    s.zones[zone][hiddenIndex[i]] = c;
    s.cardZone[c] = zone;
    s.cardFrom[c] = -1;
  }
  seedRng(nextUint32(rng), s.rng); // the copy's own list (copyState and cloneState both give one)
  return s;
}

/** `budget`: the game's, so that the work of playing on the copies counts against it (see deliberating). */
export function prepare(game: Game, v: View, rng: RngState, budget: Budget | null = null): Prepared {
  const s = blankState(game, { players: v.names, seed: nextUint32(rng), log: false });
  s.budget = budget;
  const cardCount = game.cardNames.length;
  // Zones: recreate family zones, then clear every zone.
  for (const z of v.zones) {
    while (s.zones.length <= z.zone) {
      s.zones.push([]);
      s.zoneDef.push(0);
      s.zoneOwner.push(-1);
    }
    s.zoneDef[z.zone] = game.zones.findIndex((d) => d.name === z.name);
    s.zoneOwner[z.zone] = z.owner;
  }
  s.groups = v.flow.groups.map((g) => g.slice());
  const seen = new Uint8Array(cardCount);
  const hidden: { zone: number; index: number }[] = [];
  for (const z of v.zones) {
    s.zones[z.zone] = z.cards.slice();
    z.cards.forEach((c, i) => {
      if (c >= 0) {
        seen[c] = 1;
        s.cardZone[c] = z.zone;
        s.cardFrom[c] = z.from[i];
      } else hidden.push({ zone: z.zone, index: i });
    });
  }
  // a card the player sees where its zone would hide it was shown to them
  for (const z of v.zones) {
    z.cards.forEach((c, i) => {
      if (c >= 0 && v.player >= 0 && !canSeeCard(s, z.zone, i, v.player)) s.shown[c] = 1 << v.player;
    });
  }
  const unseen: number[] = [];
  for (let c = 0; c < cardCount; c++) if (!seen[c]) unseen.push(c);
  // Variables: what the view shows; what it hides keeps the value it starts with.
  for (const def of game.vars) {
    const value = v.variables[def.name];
    if (def.per === "game") {
      if (value !== null || def.visible === "everyone") s.vars[def.slot] = copy(value);
      else s.vars[def.slot] = def.initial(s);
      continue;
    }
    const values = (value ?? []) as unknown[];
    for (let p = 0; p < s.n; p++) {
      const hiddenValue = def.visible === "nobody" || (def.visible === "owner" && p !== v.player);
      s.me = p;
      s.vars[game.globalVars + def.slot * s.n + p] = hiddenValue ? def.initial(s) : copy(values[p]);
    }
  }
  s.me = -1;
  // The flow of play, which everyone knows.
  s.phase = v.flow.phaseIndex;
  s.current = v.current;
  s.dealer = v.dealer;
  s.start = v.start ?? -2;
  s.phaseTurns = v.flow.phaseTurns;
  s.phasePlayers = v.flow.phasePlayers;
  s.phaseWho = v.flow.phaseWho ? Uint8Array.from(v.flow.phaseWho, (x) => (x ? 1 : 0)) : null;
  s.phaseDir = v.flow.phaseDirection;
  s.reversed = v.flow.reversed;
  s.skips = v.flow.skips;
  s.givenTurn = v.flow.givenTurn;
  s.turnStep = v.flow.step ?? 0;
  s.done = Uint8Array.from(v.flow.done, (x) => (x ? 1 : 0));
  s.hand = Uint8Array.from(v.flow.hand);
  s.out = Uint8Array.from(v.out, (x) => (x ? 1 : 0));
  s.places = v.places.slice();
  s.now = v.flow.now;
  s.moves = v.flow.moves;
  const pending = v.flow.pending;
  const choice = pending ? game.actionsByName.get(pending.choice) : undefined;
  // a choice waited for, with the asking action's arguments as the view gives them (a card not seen is none)
  s.pending = pending && choice ? { choice: choice.index, player: pending.player, actor: pending.actor, args: pending.args.slice(), together: false } : null;
  s.over = v.over;
  const hiddenZone = Int32Array.from(hidden, (h) => h.zone);
  const hiddenIndex = Int32Array.from(hidden, (h) => h.index);
  return { base: s, hiddenZone, hiddenIndex, unseen, cards: unseen.slice() };
}

function copy(v: unknown): unknown {
  return Array.isArray(v) ? v.slice() : v;
}
