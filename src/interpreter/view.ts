// What one player may see. A view holds a card's identity only where the zone's visibility lets that player
// see it; everything else is a back (-1). Agents decide from views, never from the state itself.
import type { State } from "./state.js";
import { zoneName } from "./zones.js";
import { teamName, teamsOf } from "./teams.js";

export interface ZoneView {
  zone: number;
  name: string; // the zone's rule name: hand, pile
  label: string; // for people: Ann's hand
  owner: number; // -1 for a zone of the game
  cards: number[]; // card ids bottom to top; -1 is a card this player cannot see
  from: number[]; // for each card: the player whose zone it last left, where that was seen (-1: none or unknown)
  retired?: boolean; // a zone of a family taken out of play (empty)
}

/** The flow of play, which everyone knows: where in the phase the game is. */
export interface FlowView {
  phaseIndex: number;
  phaseTurns: number;
  phasePlayers: number;
  phaseWho: boolean[] | null;
  phaseDirection: number; // +1: the phase's turns go clockwise, -1: counter-clockwise
  reversed: boolean; // reverse() has turned the direction of play round
  skips: number; // players to be skipped when the turn next passes
  givenTurn: number; // the player given the next turn, or -1
  /** In a phase whose turns have steps: the step the turn is at, from 0 (absent in other phases). */
  step?: number;
  done: boolean[];
  /** Per player, where they stand in the hand: 1 folded, 2 stood (in the hand, acting no more), 4 acted since the last raise. */
  hand: number[];
  now: number;
  moves: number;
  groups: number[][]; // each family's zones, in order
  /**
   * A choice an action asked (ask:) that is waited for: who chooses, and what, and the arguments of the action it
   * goes on with (a card the viewer may not see is none, but for the player who took the action). Absent when none is.
   */
  pending?: { player: number; choice: string; actor: number; args: unknown[] };
}

export interface View {
  player: number; // whose view this is; -1 for an onlooker who sees only what everyone sees
  names: string[];
  /** The sides the players make (seats, and a name for people); absent for rules without teams. */
  teams?: { name: string; seats: number[] }[];
  phase: string;
  current: number;
  dealer: number;
  start: number | null;
  out: boolean[];
  places: number[];
  zones: ZoneView[];
  variables: Record<string, unknown>; // game variables by name; per-player ones as a list by seat (null: hidden)
  over: boolean;
  winners: number[] | null;
  losers: number[] | null;
  scores: number[] | null;
  flow: FlowView;
  /** When a game is being played inside this one (a round of a match): the view of the game around it. */
  outer?: View;
}

/** Can a player see the cards of a zone (all of them)? The cards a card holds, where it is seen (visible: card). */
export function canSeeZone(s: State, z: number, p: number, depth = 0): boolean {
  const def = s.game.zones[s.zoneDef[z]];
  switch (def.visible) {
    case "card": {
      const card = z - def.slot;
      const at = s.cardZone[card];
      // cards held in a ring, each under the next, are out of play: nobody sees them
      return depth < 64 && canSeeCardAt(s, at, s.zones[at].indexOf(card), p, depth + 1);
    }
    case "everyone":
      return true;
    case "owner":
      return p >= 0 && s.zoneOwner[z] === p;
    default:
      return false;
  }
}

/** Can a player see the card at a position of a zone: where the zone shows it, or where reveal() showed it? */
export function canSeeCard(s: State, z: number, index: number, p: number): boolean {
  return canSeeCardAt(s, z, index, p, 0);
}

function canSeeCardAt(s: State, z: number, index: number, p: number, depth: number): boolean {
  const def = s.game.zones[s.zoneDef[z]];
  if (def.visible === "top" ? index === s.zones[z].length - 1 : canSeeZone(s, z, p, depth)) return true;
  const shown = s.shown[s.zones[z][index]];
  if (shown === 0) return false;
  // an onlooker sees what is shown to every player
  return p >= 0 ? (shown & (1 << p)) !== 0 : (shown & ((1 << s.n) - 1)) === (1 << s.n) - 1;
}

/** What a player sees: the innermost game being played, with the games around it as `outer`. */
export function view(s: State, p: number): View {
  if (s.sub) return { ...view(s.sub, p), outer: viewOf(s, p) };
  return viewOf(s, p);
}

function viewOf(s: State, p: number): View {
  const zones: ZoneView[] = [];
  for (let z = 0; z < s.zones.length; z++) {
    const def = s.game.zones[s.zoneDef[z]];
    const retired = def.many && !s.groups[def.slot].includes(z);
    const cards = s.zones[z].map((c, i) => (canSeeCard(s, z, i, p) ? c : -1));
    const from = cards.map((c) => (c >= 0 ? s.cardFrom[c] : -1));
    const zone: ZoneView = { zone: z, name: def.name, label: zoneName(s, z), owner: s.zoneOwner[z], cards, from };
    if (retired) zone.retired = true;
    zones.push(zone);
  }
  const variables: Record<string, unknown> = {};
  for (const v of s.game.vars) {
    if (v.per === "game") {
      variables[v.name] = v.visible === "nobody" ? null : s.vars[v.slot];
      continue;
    }
    const values: unknown[] = [];
    for (let q = 0; q < s.n; q++) {
      const hidden = v.visible === "nobody" || (v.visible === "owner" && q !== p);
      values.push(hidden ? null : s.vars[s.game.globalVars + v.slot * s.n + q]);
    }
    variables[v.name] = values;
  }
  const out: View = {
    player: p,
    names: s.names.slice(),
    phase: s.game.phases[s.phase]?.name ?? "",
    current: s.current,
    dealer: s.dealer,
    start: s.start === -2 ? null : s.start, // not decided yet: deciding may read what this player cannot see
    out: Array.from(s.out, (x) => x === 1),
    places: s.places.slice(),
    zones,
    variables,
    over: s.over,
    winners: s.result?.winners ?? null,
    losers: s.result?.losers ?? null,
    scores: s.result?.scores ?? null,
    flow: {
      phaseIndex: s.phase,
      phaseTurns: s.phaseTurns,
      phasePlayers: s.phasePlayers,
      phaseWho: s.phaseWho ? Array.from(s.phaseWho, (x) => x === 1) : null,
      phaseDirection: s.phaseDir,
      reversed: s.reversed,
      skips: s.skips,
      givenTurn: s.givenTurn,
      done: Array.from(s.done, (x) => x === 1),
      hand: Array.from(s.hand),
      now: s.now,
      moves: s.moves,
      groups: s.groups.map((g) => g.slice()),
    },
  };
  if (!s.over && s.game.phases[s.phase]?.steps) out.flow.step = s.turnStep;
  if (s.game.teams) out.teams = teamsOf(s.game, s.n).map((seats, t) => ({ name: teamName(s.game, t), seats }));
  const pending = s.pending;
  if (pending !== null) {
    const choice = s.game.actions[pending.choice];
    // the action's own arguments may name cards only its player saw (a card played face down): another sees a card
    // argument only where it lies in sight now, and none for it elsewhere
    const outer = choice.choice!.outer;
    const seen = (c: number) => canSeeCard(s, s.cardZone[c], s.zones[s.cardZone[c]].indexOf(c), p);
    const args = pending.args.map((v, i) => {
      if (p === pending.actor || v === null) return v;
      if (outer[i].kind === "card") return seen(v as number) ? v : null;
      if (outer[i].kind === "cards") return (v as number[]).every(seen) ? v : null;
      return v;
    });
    out.flow.pending = { player: pending.player, choice: choice.name, actor: pending.actor, args };
  }
  return out;
}
