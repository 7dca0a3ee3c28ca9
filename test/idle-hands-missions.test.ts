// Idle Hands — missions as a whole: the deal with its put-aside-and-redeal rule over many seeds, what each player
// may see, many random games and matches that must all end with every card accounted for, and scenarios that
// catch broken rules.
import { describe, expect, it } from "vitest";
import { loadRules } from "../src/interpreter/load/load.js";
import { newGame, play } from "../src/interpreter/engine.js";
import type { State } from "../src/interpreter/state.js";
import type { Game } from "../src/interpreter/model.js";
import { view } from "../src/interpreter/view.js";
import { simulate } from "../src/sim/simulate.js";
import { playGame } from "../src/sim/play-game.js";
import { randomAgent } from "../src/agents/random.js";
import { formatDiagnostic } from "../src/interpreter/diagnostics.js";
import { withBrokenRules } from "./helpers/broken-rules.js";

const missions = loadRules("idle-hands/missions").game!;
const match = loadRules("idle-hands/missions-match").game!;

/** The zone index of a zone of the game, or of a player's zone. */
function zone(s: State, name: string, p?: number): number {
  const d = s.game.zones.find((z) => z.name === name)!;
  return d.per === "game" ? d.slot : s.game.sharedZones + d.slot * s.n + p!;
}
const cardName = (g: Game, c: number) => g.cardNames[c];
const colour = (g: Game, c: number) => cardName(g, c)[0];
const rank = (g: Game, c: number) => Number(cardName(g, c).slice(1));
const isNegative = (g: Game, c: number) => rank(g, c) === 4 || rank(g, c) === 8;
const names = (n: number) => ["Ann", "Bob", "Cy", "Dee"].slice(0, n);

/** The score as the rulebook counts it, worked out here from the zones, not by the rule file. */
function scoreByHand(s: State, p: number): number {
  let v = s.zones[zone(s, "hand", p)].length;
  for (const z of ["hand", "missions", "won"]) for (const c of s.zones[zone(s, z, p)]) if (isNegative(s.game, c)) v -= rank(s.game, c);
  return v;
}

/** Too many negatives or too many of one colour among these Mission Cards? */
function tooMany(g: Game, cards: number[]): boolean {
  if (cards.filter((c) => isNegative(g, c)).length >= 5) return true;
  return ["R", "B", "G", "P"].some((col) => cards.filter((c) => colour(g, c) === col).length >= 5);
}

/**
 * Rule 4-2 done by hand from the deck as first shuffled: one card at a time, clockwise from the dealer's left;
 * while the Mission Cards dealt so far to all players break a limit, the last card is put aside and the same
 * player is dealt another.
 */
function dealMissionsByHand(g: Game, shuffled: number[], n: number, dealer: number): { missions: number[][]; aside: number[] } {
  const deck = shuffled.slice();
  const missions: number[][] = Array.from({ length: n }, () => []);
  const aside: number[] = [];
  const each = n === 3 ? 3 : 2;
  for (let round = 0; round < each; round++) {
    for (let i = 1; i <= n; i++) {
      const p = (dealer + i) % n;
      missions[p].push(deck.pop()!);
      while (tooMany(g, missions.flat()) && deck.length) {
        aside.push(missions[p].pop()!);
        missions[p].push(deck.pop()!);
      }
    }
  }
  return { missions, aside };
}

describe("Idle Hands — missions: the rule files", () => {
  it("load without problems, listing the assumptions", () => {
    const loaded = loadRules("idle-hands/missions");
    expect(loaded.diagnostics.filter((d) => d.severity !== "notice").map(formatDiagnostic)).toEqual([]);
    expect(missions.assumptions.map((a) => a.what)).toEqual(["define.dealMission(p)", "define.strength(c)"]);
    expect(missions.cardNames).toHaveLength(40);
    expect(missions.cardNames.slice(0, 3)).toEqual(["R1", "R2", "R3"]);
    const m = loadRules("idle-hands/missions-match");
    expect(m.diagnostics.filter((d) => d.severity !== "notice").map(formatDiagnostic)).toEqual([]);
    expect(missions.players).toEqual({ min: 3, max: 4 });
    expect(match.players).toEqual({ min: 3, max: 4 });
  });
});

describe("Idle Hands — missions: the deal (4-2, 4-3)", () => {
  it.each([3, 4])("with %i players, over 1500 seeds: never five negatives or five of one colour among the Mission Cards, put-aside cards back in the deck, every count right", (n) => {
    const each = n === 3 ? 3 : 2;
    const hand = n === 3 ? 10 : 8;
    let redeals = 0;
    let seedsWithRedeal = 0;
    let several = 0;
    for (let seed = 0; seed < 1500; seed++) {
      const shuffles: number[][] = [];
      let aside: number[] = [];
      const s = newGame(missions, {
        players: names(n),
        seed: `deal-${seed}`,
        log: false,
        watch: (st, e) => {
          if (e.type === "shuffle" && e.zone === zone(st, "deck")) shuffles.push(st.zones[e.zone].slice());
          if (e.type === "move" && e.to === zone(st, "aside")) aside.push(...e.cards);
        },
      });
      expect(s.error).toBeNull();
      expect(s.game.phases[s.phase].name).toBe("add-mission");
      // the start player is the dealer
      expect(s.start === -2 ? s.dealer : s.start).toBe(s.dealer);
      const all: number[] = [];
      for (let p = 0; p < n; p++) {
        expect(s.zones[zone(s, "missions", p)]).toHaveLength(each);
        expect(s.zones[zone(s, "hand", p)]).toHaveLength(hand);
        all.push(...s.zones[zone(s, "missions", p)]);
      }
      expect(tooMany(missions, all)).toBe(false);
      expect(s.zones[zone(s, "aside")]).toEqual([]);
      expect(s.zones[zone(s, "deck")]).toEqual([]);
      expect(s.zones[zone(s, "box")]).toHaveLength(n === 3 ? 1 : 0);
      // the rule followed card by card, from the deck as first shuffled
      expect(shuffles).toHaveLength(2);
      const byHand = dealMissionsByHand(missions, shuffles[0], n, s.dealer);
      for (let p = 0; p < n; p++) expect(s.zones[zone(s, "missions", p)]).toEqual(byHand.missions[p]);
      expect(aside).toEqual(byHand.aside);
      // the put-aside cards were shuffled back with the rest: the deck at the second shuffle holds them, and
      // every card not dealt as a Mission Card; afterwards they are dealt like any other
      expect(shuffles[1]).toHaveLength(40 - n * each);
      for (const c of aside) {
        expect(shuffles[1]).toContain(c);
        expect(all).not.toContain(c);
      }
      if (aside.length) {
        seedsWithRedeal++;
        redeals += aside.length;
        if (aside.length > 1) several++;
      }
    }
    // the rule is exercised: some deals put cards aside, some more than one
    expect(seedsWithRedeal).toBeGreaterThan(50);
    expect(several).toBeGreaterThan(5);
    expect(redeals).toBeGreaterThan(seedsWithRedeal);
  });

  it("deals Mission Cards one at a time, clockwise from the dealer's left, a replacement going to the same player", () => {
    let checked = 0;
    for (let seed = 0; seed < 300; seed++) {
      const s = newGame(missions, { players: names(3), seed: `order-${seed}`, dealer: 1 });
      const moves = s.log!.filter((e) => e.type === "move") as Extract<NonNullable<State["log"]>[number], { type: "move" }>[];
      const owners: number[] = [];
      for (let i = 0; i < moves.length; i++) {
        const m = moves[i];
        if (m.from !== zone(s, "deck")) continue;
        const p = [0, 1, 2].find((q) => m.to === zone(s, "missions", q));
        if (p === undefined) continue;
        const replaced = i > 0 && moves[i - 1].to === zone(s, "aside");
        if (replaced) {
          expect(moves[i - 1].from).toBe(m.to);
          checked++;
        } else owners.push(p);
      }
      expect(owners).toEqual([2, 0, 1, 2, 0, 1, 2, 0, 1]);
    }
    expect(checked).toBeGreaterThan(0);
  });
});

describe("Idle Hands — missions: who sees what", () => {
  it("the added card is seen only by its owner until all have chosen; the scoring pile and the box by nobody", () => {
    const s = newGame(missions, { players: names(3), seed: 4, dealer: 0 });
    const card = s.zones[zone(s, "hand", 0)][0];
    expect(play(s, 0, `add-mission ${cardName(missions, card)}`)).toEqual({ ok: true });
    const seen = (p: number, z: string, owner?: number) => view(s, p).zones.find((v) => v.zone === zone(s, z, owner))!.cards;
    expect(seen(0, "added", 0)).toEqual([card]);
    expect(seen(1, "added", 0)).toEqual([-1]);
    expect(seen(1, "missions", 0)).toHaveLength(3);
    expect(seen(1, "missions", 0)).not.toContain(-1);
    expect(seen(0, "box")).toEqual([-1]);
    expect(seen(1, "hand", 0).every((c) => c === -1)).toBe(true);
    for (const p of [1, 2]) expect(play(s, p, `add-mission ${cardName(missions, s.zones[zone(s, "hand", p)][0])}`)).toEqual({ ok: true });
    expect(seen(1, "missions", 0)).toContain(card);
    // play a round, then the winner's scoring pile is hidden even from the winner
    while (s.game.phases[s.phase].name === "round" && s.zones[zone(s, "table")].length < 3 && !s.over) {
      const p = s.current;
      const from = s.zones[zone(s, "mission")].length === 0 && s.zones[zone(s, "missions", p)].length ? "propose" : "play";
      const options = from === "propose" ? s.zones[zone(s, "missions", p)] : s.zones[zone(s, "hand", p)];
      const ok = options.some((c) => play(s, p, `${from} ${cardName(missions, c)}`).ok);
      expect(ok).toBe(true);
      if (s.zones[zone(s, "table")].length === 0 && s.zones[zone(s, "mission")].length === 0) break;
    }
    const winner = [0, 1, 2].find((p) => s.zones[zone(s, "won", p)].length > 0)!;
    expect(seen(winner, "won", winner).every((c) => c === -1)).toBe(true);
  });
});

describe("Idle Hands — missions: random games", () => {
  it.each([3, 4])("finishes every one of 300 random games with %i players, every card in one zone after every event", (n) => {
    const summary = simulate(missions, { players: n, games: 300, seed: `missions-${n}`, agents: Array(n).fill(randomAgent), checkConservation: true });
    expect(summary.problems).toEqual([]);
    expect(summary.finished).toBe(300);
    // every game has a winner, and tied players all win
    expect(summary.wins.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(300);
    expect(summary.ties).toBeGreaterThan(0);
  });

  it.each([3, 4])("ends each of 150 games with %i players only after a round that empties a hand, scored as the rulebook counts", (n) => {
    for (let i = 0; i < 150; i++) {
      const r = playGame(missions, { players: n, seed: `end-${n}-${i}`, agents: Array(n).fill(randomAgent) });
      const s = r.state;
      expect(r.finished).toBe(true);
      expect(s.zones[zone(s, "table")]).toEqual([]);
      expect(s.zones[zone(s, "mission")]).toEqual([]);
      const hands = Array.from({ length: n }, (_, p) => s.zones[zone(s, "hand", p)].length);
      expect(hands.some((h) => h === 0)).toBe(true);
      const scores = Array.from({ length: n }, (_, p) => scoreByHand(s, p));
      expect(s.result!.scores).toEqual(scores);
      const best = Math.max(...scores);
      expect(s.result!.winners).toEqual(scores.flatMap((v, p) => (v === best ? [p] : [])));
      // every card is somewhere it should be at the end: no card in the deck or put aside
      const placed = s.zones[zone(s, "box")].length + [0, 1, 2, 3].slice(0, n).reduce((a, p) => a + ["hand", "missions", "won"].reduce((b, z) => b + s.zones[zone(s, z, p)].length, 0), 0);
      expect(placed).toBe(40);
    }
  });
});

describe("Idle Hands — missions: matches", () => {
  it.each([3, 4])("finishes 30 random matches with %i players, every card in one zone after every event", (n) => {
    const summary = simulate(match, { players: n, games: 30, seed: `match-${n}`, agents: Array(n).fill(randomAgent), checkConservation: true });
    expect(summary.problems).toEqual([]);
    expect(summary.finished).toBe(30);
  });

  it.each([3, 4])("plays one game per player with %i players, the start player moving left each game, and adds up the scores", (n) => {
    for (let i = 0; i < 10; i++) {
      const finished: State[] = [];
      const r = playGame(match, {
        players: n,
        seed: `totals-${n}-${i}`,
        agents: Array(n).fill(randomAgent),
        log: true,
        onMove: (s) => {
          if (s.last && !finished.includes(s.last)) finished.push(s.last);
        },
      });
      const s = r.state;
      expect(r.finished).toBe(true);
      expect(finished).toHaveLength(n);
      const first = finished[0].dealer;
      finished.forEach((g, k) => {
        expect(g.dealer).toBe((first + k) % n);
        // the game's start player is its dealer: the first turn of the first round is theirs
        const turn = g.log!.find((e) => e.type === "turn") as { player: number };
        expect(turn.player).toBe(g.dealer);
      });
      const totals = Array.from({ length: n }, (_, p) => finished.reduce((a, g) => a + g.result!.scores![p], 0));
      expect(s.result!.scores).toEqual(totals);
      const best = Math.max(...totals);
      expect(s.result!.winners).toEqual(totals.flatMap((v, p) => (v === best ? [p] : [])));
    }
  });
});

/** Runs a scenario of this game against a copy of the rules with one rule changed. */

describe("Idle Hands — missions: scenarios catch broken rules", () => {
  it("a tie going to the card played first", () => {
    const r = withBrokenRules("idle-hands/missions", "idle-hands/missions/verdict-example-4.scenario.yaml", "table.best(c => strength(c)).last.from", "table.best(c => strength(c)).first.from");
    expect(r.passed).toBe(false);
    expect(formatDiagnostic(r.failures[0])).toContain("expected turn Bob, but it is Ann");
  });
  it("the Mission colour not beating a higher rank", () => {
    const r = withBrokenRules("idle-hands/missions", "idle-hands/missions/verdict-example-2.scenario.yaml", '"[follows(c) ? 1 : 0, c.rank]"', '"[0, c.rank]"');
    expect(r.passed).toBe(false);
  });
  it("no need to follow the Mission colour", () => {
    const r = withBrokenRules("idle-hands/missions", "idle-hands/missions/play-example-1.scenario.yaml", "check: mission.empty or follows(card) or not hand.any(c => follows(c))", "check: true");
    expect(r.passed).toBe(false);
    expect(formatDiagnostic(r.failures[0])).toContain("expected 'play B3' not to be legal for Ann");
  });
  it("playing without choosing a Mission Card first", () => {
    const r = withBrokenRules("idle-hands/missions", "idle-hands/missions/propose-example-1.scenario.yaml", "check: mission.any or missions.empty", "check: true");
    expect(r.passed).toBe(false);
  });
  it("the Mission Card going to the scoring pile instead of the hand", () => {
    const r = withBrokenRules("idle-hands/missions", "idle-hands/missions/verdict-example-1.scenario.yaml", "move(mission, winner.hand)", "move(mission, winner.won)");
    expect(r.passed).toBe(false);
  });
  it("the game ending as soon as a hand is empty, mid-round", () => {
    const r = withBrokenRules("idle-hands/missions", "idle-hands/missions/scoring.scenario.yaml", "end: table.empty and players.any(p => p.hand.empty)", "end: players.any(p => p.hand.empty)");
    expect(r.passed).toBe(false);
  });
  it("the Mission Card area not counted in the score", () => {
    const r = withBrokenRules("idle-hands/missions", "idle-hands/missions/scoring-tie.scenario.yaml", " - penalty(p.missions)", "");
    expect(r.passed).toBe(false);
    expect(formatDiagnostic(r.failures[0])).toContain("expected Ann's score -14, but it is -6");
  });
});
