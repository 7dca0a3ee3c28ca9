// What a scenario expects of a game at a point: its turn, phase, zones, variables, legal moves, scores and result,
// the rule cards a round was composed from, and the same of the game around it. Each mismatch is reported at the
// key that states it, saying what was expected and what is.
import type { State } from "../interpreter/state.js";
import { legalMoves, moveText, seatPrefix } from "../interpreter/engine.js";
import { compare } from "../interpreter/lang/values.js";
import { entry, resolveReference } from "../interpreter/load/catalog.js";
import { normalizeCardName } from "../interpreter/cards.js";
import { zoneName } from "../interpreter/zones.js";
import type { ZoneDef } from "../interpreter/model.js";
import { targetZone, zoneTargets } from "./deal.js";

type Raw = Record<string, unknown>;

/**
 * The games an expectation looks at. `play` is the game decisions are made in (turn, phase, zones, counts,
 * variables, legal moves); `result` the one whose over, winners, losers, scores and places are meant; `around`
 * the game this one is played inside (for `outer:`); `composedOf` the rules ids the game inside was composed
 * from, for `cards:`.
 */
export interface ExpectContext {
  play: State;
  result: State;
  around: State | null;
  composedOf: string[] | null;
  /** The game `outer:` looks at, as a context of its own. */
  outer: () => ExpectContext | null;
}

export class Expectations {
  constructor(
    private names: string[],
    private fail: (pointer: string, message: string) => void,
  ) {}

  check(e: Raw, c: ExpectContext, pointer: string, when: string): void {
    const s = c.play;
    const outer = c.result;
    const mismatch = (key: string, expected: unknown, actual: unknown) =>
      this.fail(`${pointer}/${key}`, `${when}: expected ${key} ${show(expected)}, but it is ${show(actual)}`);
    if (e.over !== undefined && e.over !== outer.over) mismatch("over", e.over, outer.over);
    if (outer.error) {
      this.fail(pointer, `${when}: the game stopped: ${outer.error}`);
      return;
    }
    if (e.turn !== undefined) {
      const actual = s.current >= 0 ? this.names[s.current] : null;
      if ((e.turn === null ? null : String(e.turn).toLowerCase()) !== (actual?.toLowerCase() ?? null)) mismatch("turn", e.turn, actual);
    }
    if (e.phase !== undefined) {
      const actual = s.game.phases[s.phase]?.name;
      if (e.phase !== actual) mismatch("phase", e.phase, actual);
    }
    for (const key of ["winners", "losers"] as const) {
      if (e[key] === undefined) continue;
      if (!outer.result) this.fail(`${pointer}/${key}`, `${when}: expected ${key} ${show(e[key])}, but the game is not over`);
      else if (!sameSet(e[key] as string[], this.seats(outer.result[key]))) mismatch(key, e[key], this.seats(outer.result[key]));
    }
    if (e.places !== undefined) {
      const actual = this.seats(outer.places);
      if (show(actual.map(lower)) !== show((e.places as string[]).map(lower))) mismatch("places", e.places, actual);
    }
    if (e.out !== undefined) {
      const actual = this.seats(Array.from({ length: s.n }, (_, p) => p).filter((p) => s.out[p]));
      if (!sameSet(e.out as string[], actual)) mismatch("out", e.out, actual);
    }
    if (e.scores !== undefined) this.expectScores(outer, e.scores as Raw, `${pointer}/scores`, when);
    if (e.cards !== undefined) this.expectCards(c, e.cards as string[], `${pointer}/cards`, when);
    if (e.zones !== undefined) this.expectZones(s, e.zones as Raw, `${pointer}/zones`, when, false);
    if (e.top !== undefined) this.expectZones(s, e.top as Raw, `${pointer}/top`, when, true);
    if (e.counts !== undefined) this.expectCounts(s, e.counts as Raw, `${pointer}/counts`, when);
    if (e.somewhere !== undefined) this.expectSomewhere(s, e.somewhere as Raw, `${pointer}/somewhere`, when);
    if (e.positions !== undefined) this.expectPositions(s, e.positions as Raw, `${pointer}/positions`, when);
    if (e.matching !== undefined) this.expectMatching(s, e.matching as Raw, `${pointer}/matching`, when);
    if (e.variables !== undefined) this.expectVariables(s, e.variables as Raw, `${pointer}/variables`, when);
    for (const key of ["legal", "illegal"] as const) this.expectLegal(s, key, (e[key] ?? []) as (string | Raw)[], `${pointer}/${key}`, when);
    if (e.anyOf !== undefined) this.expectAnyOf(e.anyOf as Raw[], c, `${pointer}/anyOf`, when);
    if (e.outer !== undefined) {
      const around = c.outer();
      if (!around) this.fail(`${pointer}/outer`, `${when}: outer is the game around this one, but no game is played around it`);
      else this.check(e.outer as Raw, around, `${pointer}/outer`, `${when}, in the game around it`);
    }
  }

  /** Holds when one of the alternatives holds; else each alternative's first failure is told. */
  private expectAnyOf(alternatives: Raw[], c: ExpectContext, pointer: string, when: string): void {
    const reasons: string[] = [];
    for (const [i, alternative] of alternatives.entries()) {
      const failures: string[] = [];
      new Expectations(this.names, (_at, message) => failures.push(message)).check(alternative, c, `${pointer}/${i}`, when);
      if (failures.length === 0) return;
      reasons.push(`(${i + 1}) ${failures[0].slice(when.length + 2)}${failures.length > 1 ? ` (and ${failures.length - 1} more)` : ""}`);
    }
    this.fail(pointer, `${when}: expected one of ${alternatives.length} outcomes, but none holds: ${reasons.join("; ")}`);
  }

  /** The zone of a name, or a failure told where it is written. */
  private zoneDef(s: State, name: string, pointer: string, when: string): ZoneDef | null {
    const def = s.game.zones.find((z) => z.name === name);
    if (!def) this.fail(`${pointer}/${name}`, `${when}: there is no zone '${name}' (zones: ${s.game.zones.map((z) => z.name).join(", ")})`);
    else if (def.per === "card") {
      this.fail(`${pointer}/${name}`, `${when}: ${name} is a zone each card has, which a scenario does not expect by name: expect a count or a score that reads it`);
      return null;
    }
    return def ?? null;
  }

  /** Every zone a name stands for: the zone of the game, each player's, or each of a family. */
  private zonesOf(s: State, def: ZoneDef): number[] {
    if (def.many) return s.groups[def.slot].slice();
    if (def.per === "game") return [def.slot];
    return Array.from({ length: s.n }, (_, p) => s.game.sharedZones + def.slot * s.n + p);
  }

  /** `somewhere: {hand: [AS, KS]}`: each card lies in some zone of that name, whoever's, however spread. */
  private expectSomewhere(s: State, spec: Raw, pointer: string, when: string): void {
    for (const [name, cards] of Object.entries(spec)) {
      const def = this.zoneDef(s, name, pointer, when);
      if (!def) continue;
      const zones = this.zonesOf(s, def);
      (cards as unknown[]).forEach((card, i) => {
        const ids = this.cardsCalled(s, String(card), `${pointer}/${name}/${i}`, when);
        if (!ids) return;
        if (ids.some((id) => zones.includes(s.cardZone[id]))) return;
        this.fail(`${pointer}/${name}/${i}`, `${when}: expected ${card} in ${plural(def)}, but ${whereAre(s, ids)}`);
      });
    }
  }

  /**
   * `positions: {pile: {5C: 0, 7H: -1}}`: where a card lies in a zone, 0 the bottom and -1 the top; a player's
   * zone as {Ann: {QS: 0}}, or without a player in any player's zone of that name (or any zone of a family).
   */
  private expectPositions(s: State, spec: Raw, pointer: string, when: string): void {
    for (const [name, value] of Object.entries(spec)) {
      const def = this.zoneDef(s, name, pointer, when);
      if (!def) continue;
      const byPlayer = def.per === "player" && !def.many && Object.values(value as Raw).some((v) => typeof v === "object");
      const groups: [number[], Raw, string][] = byPlayer
        ? Object.entries(value as Raw).map(([who, cards]) => {
            const p = this.seatOf(who);
            if (p < 0) this.fail(`${pointer}/${name}/${who}`, `${when}: there is no player called '${who}' (players: ${this.names.join(", ")})`);
            return [p < 0 ? [] : [s.game.sharedZones + def.slot * s.n + p], cards as Raw, `${pointer}/${name}/${who}`];
          })
        : [[this.zonesOf(s, def), value as Raw, `${pointer}/${name}`]];
      for (const [zones, cards, at] of groups) {
        if (!zones.length) continue;
        for (const [card, position] of Object.entries(cards)) {
          const ids = this.cardsCalled(s, card, `${at}/${card}`, when);
          if (!ids) continue;
          const n = position as number;
          const place = ids.map((id) => ({ id, z: s.cardZone[id] })).filter((x) => zones.includes(x.z));
          const holds = place.some(({ id, z }) => s.zones[z].indexOf(id) === (n < 0 ? s.zones[z].length + n : n));
          if (holds) continue;
          const actual = place.length
            ? place.map(({ id, z }) => `at ${s.zones[z].indexOf(id)} of ${s.zones[z].length} in ${zoneName(s, z)}`).join(" and ")
            : null;
          const expected = `${when}: expected ${card} at ${n} (${positionWords(n)}) in ${byPlayer ? zoneName(s, zones[0]) : plural(def)}`;
          this.fail(`${at}/${card}`, `${expected}, but ${actual ? `it is ${actual}` : whereAre(s, ids)}`);
        }
      }
    }
  }

  /**
   * `matching: {piles: {each: 1, where: {rank: 13}}}`: how many cards with the given attributes a zone holds;
   * `each` counts in every zone of the name (each player's, each of a family), `count` in all of them together.
   */
  private expectMatching(s: State, spec: Raw, pointer: string, when: string): void {
    for (const [name, raw] of Object.entries(spec)) {
      const def = this.zoneDef(s, name, pointer, when);
      if (!def) continue;
      const rule = raw as { where?: Raw; each?: number; count?: number };
      if (rule.each === undefined && rule.count === undefined) {
        this.fail(`${pointer}/${name}`, `${when}: say how many cards: each: N (in every one of the ${def.name}) or count: N (in all of them together)`);
        continue;
      }
      const tests: [string, unknown][] = [];
      for (const [attr, value] of Object.entries(rule.where ?? {})) {
        if (!s.game.attributes.has(attr)) {
          this.fail(`${pointer}/${name}/where/${attr}`, `${when}: cards have no attribute '${attr}' (attributes: ${[...s.game.attributes.keys()].join(", ") || "none"})`);
          return;
        }
        tests.push([attr, value]);
      }
      const fits = (c: number) => tests.every(([attr, value]) => sameValue(s.game.attributes.get(attr)!.byCard[c], value));
      const kind = tests.map(([a, v]) => `${a} ${show(v)}`).join(" and ") || "any kind";
      const zones = this.zonesOf(s, def);
      const counted = zones.map((z) => s.zones[z].filter(fits).length);
      if (rule.each !== undefined) {
        counted.forEach((k, i) => {
          if (k !== rule.each) this.fail(`${pointer}/${name}/each`, `${when}: expected ${zoneName(s, zones[i])} to hold ${cardsWord(rule.each!)} of ${kind}, but it holds ${k}`);
        });
      }
      if (rule.count !== undefined) {
        const total = counted.reduce((a, b) => a + b, 0);
        if (total !== rule.count) this.fail(`${pointer}/${name}/count`, `${when}: expected ${plural(def)} to hold ${cardsWord(rule.count)} of ${kind} in all, but ${zones.length === 1 ? "it holds" : "they hold"} ${total}`);
      }
    }
  }

  /** The cards of a written name, or a failure where it is written. */
  private cardsCalled(s: State, name: string, pointer: string, when: string): number[] | null {
    const ids = s.game.cardsNamed(name);
    if (ids.length) return ids;
    this.fail(pointer, `${when}: there is no card called '${name}'`);
    return null;
  }

  private seats(ps: number[]): string[] {
    return ps.map((p) => this.names[p]);
  }

  /** Scores at the end, or before it as the outcome's score rule gives them now. */
  private expectScores(g: State, scores: Raw, pointer: string, when: string): void {
    const rule = g.game.outcome.scores;
    const now = (p: number): number | undefined => {
      if (g.result) return g.result.scores?.[p];
      if (!rule) return undefined;
      const saved = g.me;
      g.me = -1;
      try {
        return rule(g, p);
      } catch {
        return undefined;
      } finally {
        g.me = saved;
      }
    };
    this.eachPlayer(scores, pointer, when, (p, who, value, at) => {
      const actual = now(p);
      if (actual !== value) this.fail(at, `${when}: expected ${who}'s score ${value}, but it is ${actual ?? "not given by the rules"}`);
    });
  }

  /** The rule cards (as printed, or by id) a game played inside was composed from, twists included. */
  private expectCards(c: ExpectContext, cards: string[], pointer: string, when: string): void {
    if (!c.composedOf) {
      this.fail(pointer, `${when}: cards are the rule cards a game played inside another was composed from, but no game has been played inside this one`);
      return;
    }
    const actual = c.composedOf.filter((id) => entry(id)?.type);
    const expected = cards.map((name) => resolveReference(name));
    const label = (id: string) => entry(id)?.name ?? id;
    if (!sameSet(expected, actual)) {
      this.fail(pointer, `${when}: expected the round to be composed from [${cards.join(", ")}], but it is composed from [${actual.map(label).join(", ")}]`);
    }
  }

  /** Moves written `play 9S` (the player whose turn it is), `Ann: play 9S` or {Ann: play 9S} (a named player, who may act or not). */
  private expectLegal(s: State, key: "legal" | "illegal", items: (string | Raw)[], pointer: string, when: string): void {
    items.forEach((item, i) => {
      const line = typeof item === "string" ? item : Object.entries(item).map(([who, move]) => `${who}: ${String(move)}`)[0];
      const named = seatPrefix(this.names, line);
      const unknown = named ? null : /^([A-Za-z][A-Za-z0-9_-]*):/.exec(line);
      if (unknown) return this.fail(`${pointer}/${i}`, `${when}: there is no player called '${unknown[1]}' (players: ${this.names.join(", ")})`);
      const p = named ? named.seat : s.current;
      const text = named ? named.move : line;
      if (p < 0) return this.fail(`${pointer}/${i}`, `${when}: nobody's turn, so say whose move it is (${this.names[0]}: ${line})`);
      const legal = legalMoves(s, p).map((mv) => moveText(s, mv)); // as typed: the message prints them so
      const found = legal.some((mv) => mv.toLowerCase() === normalizeMove(text));
      if (key === "legal" && !found) this.fail(`${pointer}/${i}`, `${when}: expected '${text}' to be legal for ${this.names[p]}; legal: ${legal.join(", ") || "nothing"}`);
      if (key === "illegal" && found) this.fail(`${pointer}/${i}`, `${when}: expected '${text}' not to be legal for ${this.names[p]}`);
    });
  }

  /** Whole zones, or with `topOnly` the top cards of zones (the zone may hold more below them). */
  private expectZones(s: State, zones: Raw, pointer: string, when: string, topOnly: boolean): void {
    const targets = zoneTargets(s.game, this.names, zones, (p, message) => this.fail(`${pointer}${p}`, `${when}: ${message}`), true);
    if (!targets) return;
    for (const t of targets) {
      const zone = targetZone(s, t, false);
      if (zone < 0) {
        this.fail(`${pointer}${t.pointer}`, `${when}: expected ${t.label} to hold ${show(t.names)}, but there is no such zone`);
        continue;
      }
      const whole = s.zones[zone];
      const actual = topOnly ? whole.slice(Math.max(0, whole.length - t.names.length)) : whole;
      const def = s.game.zones[s.zoneDef[zone]];
      const actualNames = actual.map((c) => s.game.cardNames[c]);
      const same = def.ordered
        ? show(actualNames.map(lower)) === show(t.names.map(lower))
        : show(actualNames.map(lower).sort()) === show(t.names.map(lower).sort());
      if (!same) {
        const what = topOnly ? `the top of ${t.label} to be` : `${t.label} to hold`;
        this.fail(`${pointer}${t.pointer}`, `${when}: expected ${what} ${show(t.names)}${def.ordered ? "" : " (in any order)"}, but it ${topOnly ? "is" : "holds"} ${show(actualNames)}`);
      }
    }
  }

  private expectCounts(s: State, counts: Raw, pointer: string, when: string): void {
    for (const [zone, value] of Object.entries(counts)) {
      const def = s.game.zones.find((z) => z.name === zone);
      if (!def) {
        this.fail(`${pointer}/${zone}`, `${when}: there is no zone '${zone}'`);
        continue;
      }
      if (def.per === "card") {
        this.fail(`${pointer}/${zone}`, `${when}: ${zone} is a zone each card has, which a scenario does not count by name`);
        continue;
      }
      const check = (z: number, expected: number, label: string, at: string) => {
        const actual = s.zones[z].length;
        if (actual !== expected) this.fail(at, `${when}: expected ${label} to hold ${expected} card${expected === 1 ? "" : "s"}, but it holds ${actual}`);
      };
      if (def.per === "game" && !def.many) {
        if (typeof value !== "number") this.fail(`${pointer}/${zone}`, `${when}: ${zone} belongs to the game: give one number`);
        else check(def.slot, value, zone, `${pointer}/${zone}`);
        continue;
      }
      if (def.many) {
        const actual = s.groups[def.slot].length;
        if (actual !== value) this.fail(`${pointer}/${zone}`, `${when}: expected ${value} ${zone}, but there are ${actual}`);
        continue;
      }
      this.eachPlayer((value ?? {}) as Raw, `${pointer}/${zone}`, when, (p, who, n, at) => {
        check(s.game.sharedZones + def.slot * s.n + p, n as number, `${who}'s ${zone}`, at);
      });
    }
  }

  private expectVariables(s: State, vars: Raw, pointer: string, when: string): void {
    for (const [name, value] of Object.entries(vars)) {
      const def = s.game.vars.find((v) => v.name === name);
      if (!def) {
        this.fail(`${pointer}/${name}`, `${when}: there is no variable '${name}'`);
        continue;
      }
      const shown = (v: unknown): unknown => {
        if (def.type.t === "player") return v === null ? null : this.names[v as number];
        if (def.type.t === "card") return v === null ? null : s.game.cardNames[v as number];
        if (def.type.t === "list" && def.type.of.t === "card") return (v as number[]).map((c) => s.game.cardNames[c]);
        if (def.type.t === "list" && def.type.of.t === "player") return (v as number[]).map((p) => this.names[p]);
        return v;
      };
      if (def.per === "game") {
        const actual = shown(s.vars[def.slot]);
        if (compare(actual, value) !== 0 && show(actual) !== show(value)) this.fail(`${pointer}/${name}`, `${when}: expected ${name} ${show(value)}, but it is ${show(actual)}`);
        continue;
      }
      this.eachPlayer((value ?? {}) as Raw, `${pointer}/${name}`, when, (p, who, v, at) => {
        const actual = shown(s.vars[s.game.globalVars + def.slot * s.n + p]);
        if (show(actual) !== show(v)) this.fail(at, `${when}: expected ${who}'s ${name} ${show(v)}, but it is ${show(actual)}`);
      });
    }
  }

  /** Each {Ann: value} of an expectation about players, with an unknown name reported where it is written. */
  private eachPlayer(byName: Raw, pointer: string, when: string, check: (p: number, who: string, value: unknown, at: string) => void): void {
    for (const [who, value] of Object.entries(byName)) {
      const p = this.seatOf(who);
      const at = `${pointer}/${who}`;
      if (p < 0) this.fail(at, `${when}: there is no player called '${who}'`);
      else check(p, who, value, at);
    }
  }

  private seatOf(name: string): number {
    return this.names.findIndex((n) => n.toLowerCase() === name.toLowerCase());
  }
}

function sameSet(a: string[], b: string[]): boolean {
  return a.length === b.length && a.every((x) => b.some((y) => y.toLowerCase() === x.toLowerCase())) && b.every((y) => a.some((x) => x.toLowerCase() === y.toLowerCase()));
}

/** "a hand": some zone of a name, whoever's. */
function plural(def: ZoneDef): string {
  return def.many ? `one of the ${def.name}` : def.per === "player" ? `someone's ${def.name}` : def.name;
}

/** Where the cards of one name are: "it is in Ann's hand", "the 6 cards so called are in piles #2, handSet and deck". */
function whereAre(s: State, ids: number[]): string {
  const zones = [...new Set(ids.map((id) => zoneName(s, s.cardZone[id])))];
  const list = zones.length > 1 ? `${zones.slice(0, -1).join(", ")} and ${zones[zones.length - 1]}` : zones[0];
  return ids.length === 1 ? `it is in ${list}` : `the ${ids.length} cards so called are in ${list}`;
}

function positionWords(n: number): string {
  if (n === 0) return "the bottom";
  if (n === -1) return "the top";
  return n < 0 ? `${-n - 1} below the top` : `${n} above the bottom`;
}

function cardsWord(n: number): string {
  return `${n} card${n === 1 ? "" : "s"}`;
}

/** An attribute's value as a scenario writes it: numbers as numbers, words in any case. */
function sameValue(actual: string | number | null, written: unknown): boolean {
  if (actual === null) return written === null;
  if (typeof actual === "number") return Number(written) === actual;
  return typeof written === "string" && normalizeCardName(written) === normalizeCardName(actual);
}

function lower(x: string): string {
  return x.toLowerCase();
}

function normalizeMove(text: string): string {
  return text.trim().split(/\s+/).join(" ").toLowerCase().replace(/[♠♥♦♣]/g, (c) => ({ "♠": "s", "♥": "h", "♦": "d", "♣": "c" })[c]!);
}

export function show(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(show).join(", ")}]`;
  if (v === null || v === undefined) return "none";
  if (v === "") return '"" (an empty text)'; // written bare, it would vanish from the message
  return String(v);
}
