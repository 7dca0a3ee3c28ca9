// The state of a game before anything has run: every card where the rules start it, every variable empty.
import type { Game } from "../model.js";
import type { State } from "../state.js";
import { seedRng } from "../rng.js";
import type { NewGameOptions } from "./types.js";

/** Where zones and cards start for a number of players: worked out once per game and count, copied per game. */
interface Layout {
  zones: number[][];
  zoneDef: number[];
  zoneOwner: number[];
  cardZone: number[];
  cardFrom: number[];
  shown: number[];
  vars: unknown[];
}

const layouts = new WeakMap<Game, Layout[]>();

function layout(game: Game, n: number): Layout {
  let byCount = layouts.get(game);
  if (!byCount) layouts.set(game, (byCount = []));
  return (byCount[n] ??= makeLayout(game, n));
}

function makeLayout(game: Game, n: number): Layout {
  const zoneCount = game.sharedZones + game.playerZones * n;
  const zones: number[][] = Array.from({ length: zoneCount }, () => []);
  const zoneDef: number[] = new Array(zoneCount);
  const zoneOwner: number[] = new Array(zoneCount);
  for (const d of game.zones) {
    if (d.many) continue;
    if (d.per === "card") {
      for (let c = 0; c < game.cardNames.length; c++) {
        zoneDef[d.slot + c] = d.index;
        zoneOwner[d.slot + c] = -1;
      }
    } else if (d.per === "game") {
      zoneDef[d.slot] = d.index;
      zoneOwner[d.slot] = -1;
    } else {
      for (let p = 0; p < n; p++) {
        const z = game.sharedZones + d.slot * n + p;
        zoneDef[z] = d.index;
        zoneOwner[z] = p;
      }
    }
  }
  const cardZone: number[] = new Array(game.cardNames.length).fill(0);
  game.cardStart.forEach((def, card) => {
    const z = game.zones[def].slot;
    zones[z].push(card);
    cardZone[card] = z;
  });
  const cardFrom: number[] = new Array(game.cardNames.length).fill(-1);
  const shown: number[] = new Array(game.cardNames.length).fill(0);
  const vars = new Array(game.globalVars + game.playerVars * n).fill(null);
  return { zones, zoneDef, zoneOwner, cardZone, cardFrom, shown, vars };
}

/** A state with every card where the rules start it and nothing run yet: setup, phases and roles are the caller's. */
export function blankState(game: Game, o: NewGameOptions): State {
  const n = o.players.length;
  const l = layout(game, n);
  const zones: number[][] = new Array(l.zones.length);
  // a zone that starts empty gets a new empty list, which costs less than copying one (slice() is a call)
  for (let z = 0; z < zones.length; z++) zones[z] = l.zones[z].length === 0 ? [] : l.zones[z].slice();
  const opts: unknown[] = [];
  // Only the caller's own entries count: `name in options` would find toString on any object.
  if (game.options.size > 0) for (const [name, opt] of game.options) opts[opt.slot] = o.options && Object.hasOwn(o.options, name) ? o.options[name] : opt.value;
  const groups: number[][] = new Array(game.families);
  for (let f = 0; f < groups.length; f++) groups[f] = [];
  const s: State = {
    game, n, names: o.players.slice(), zones, zoneDef: l.zoneDef.slice(), zoneOwner: l.zoneOwner.slice(),
    groups,
    cardZone: l.cardZone.slice(), cardFrom: l.cardFrom.slice(),
    shown: l.shown.slice(),
    vars: l.vars.slice(),
    opts, me: -1, current: -1, phase: 0, phaseTurns: 0, phasePlayers: n,
    extraTurn: false, turnStep: 0, phaseDir: 1, reversed: false, skips: 0, givenTurn: -1, stayInTurn: false, endPhaseNow: false,
    done: new Uint8Array(n), out: new Uint8Array(n), hand: new Uint8Array(n), activeCache: null, places: [], phaseWho: null,
    dealer: 0, start: -2, startFixed: false,
    rng: seedRng(o.seed ?? 0), moves: 0, steps: 0, cardMoves: 0, shows: 0, still: 0,
    over: false, result: null, error: null, errorCode: null, budget: o.budget ?? null, ticks: 0, nextCheck: 0, log: o.log === false ? null : [], watch: o.watch ?? null,
    now: 0, sub: null, last: null, coverage: o.coverage ? new Uint32Array(2 * game.coverage.length) : null, innerCoverage: null,
    hooks: o.hooks ?? null,
    pending: null,
  };
  return s;
}
