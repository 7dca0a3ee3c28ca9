// The two back ends against each other: every shipped game and variant, and On The Cards rounds composed from
// every rule card, played by random agents with the closures and with generated JavaScript. Each game must give
// the same events, byte for byte, in the same order — of the game and of the games played inside it — and the
// same result. A difference is reported at its first event.
import { describe, expect, it } from "vitest";
import { compileRulesText, loadComposition } from "../src/interpreter/load/load.js";
import { shippedRules } from "../src/interpreter/load/resolve.js";
import { preset, presetNames, ruleCards } from "../src/interpreter/load/catalog.js";
import type { Backend } from "../src/interpreter/backend.js";
import type { Game } from "../src/interpreter/model.js";
import { playGame } from "../src/sim/play-game.js";
import { randomAgent } from "../src/agents/random.js";

import { formatDiagnostic } from "../src/interpreter/diagnostics.js";
import { actors, applyMove, legalMoves, newGame } from "../src/interpreter/engine.js";
import { conservationProblem } from "../src/interpreter/state.js";
import { anytimeRules, askRules, columnsRules, deckRules, gameOf, heldRules, stepRules, tinyRules } from "./helpers/rules.js";
import { compileMatch, handFolder, matchRules } from "./helpers/match-rules.js";
import { knockFolder, knockMatch } from "./helpers/knock-out-rules.js";

interface Case {
  name: string;
  refs: string[];
}

function load(refs: string[], backend: Backend): Game | null {
  return loadComposition(refs, undefined, { backend }).game;
}

/** Every shipped rules id that loads by itself, the presets, and a round for each rule card of each part. */
function cases(): Case[] {
  const out: Case[] = shippedRules().filter((id) => load([id], "closures")).map((id) => ({ name: id, refs: [id] }));
  for (const name of presetNames()) {
    const p = preset(name)!;
    out.push({ name: `preset ${name}`, refs: [p.base, ...p.ids] });
  }
  // one round per rule card: the card with the Opening Hands cards of the other parts
  const opening = preset("Opening Hands")!;
  const byPart = new Map(opening.ids.map((id) => [ruleCards().find((c) => c.id === id)!.fills[0], id]));
  for (const card of ruleCards()) {
    if (card.type === "Fixed" || opening.ids.includes(card.id)) continue;
    const refs = card.fills.length ? [opening.base, ...[...byPart].filter(([part]) => !card.fills.includes(part)).map(([, id]) => id), card.id] : [opening.base, ...opening.ids, card.id];
    if (load(refs, "closures")) out.push({ name: `round with ${card.name}`, refs });
  }
  return out;
}

/** FNV-1a over the events' JSON, and how many there were: equal games give equal fingerprints. */
function fingerprint(game: Game, players: number, seed: string, keep: string[] | null): { hash: number; events: number; moves: number; result: string } {
  let hash = 0x811c9dc5;
  let events = 0;
  const record = playGame(game, {
    players, seed, agents: Array(players).fill(randomAgent), log: true,
    watch: (_s, e) => {
      const text = JSON.stringify(e);
      keep?.push(text);
      for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
      events++;
    },
  });
  // the variables too: what the events do not show, a phase's or a turn's values set back as it begins
  return { hash: hash >>> 0, events, moves: record.moves, result: JSON.stringify([record.state.result, record.error, record.state.vars]) };
}

/** Plays a seed with both back ends, which must give the same game; then the closures' game, which must play without error. */
function playAlike(closures: Game, js: Game, players: number, seed: string): ReturnType<typeof playGame> {
  const a = fingerprint(closures, players, seed, null);
  const b = fingerprint(js, players, seed, null);
  if (a.hash !== b.hash || a.events !== b.events || a.result !== b.result) expect.fail(firstDifference(closures, js, players, seed));
  const r = playGame(closures, { players, seed, agents: Array(players).fill(randomAgent), log: true });
  expect(r.error).toBeNull();
  return r;
}

/** The rules of a file written inline, with the closures and with generated JavaScript. */
function bothBackends(text: string): [Game, Game] {
  const [closures, js] = (["closures", "js"] as const).map((backend) => {
    const r = compileRulesText(text, "t.yaml", "t", undefined, { backend });
    if (!r.game) throw new Error(r.diagnostics.map(formatDiagnostic).join("\n"));
    return r.game;
  });
  return [closures, js];
}

/** Thirty seeded games of inline rules, at two to four players, alike with both back ends: each closures' game to `visit`. */
function playThirty(text: string, prefix: string, visit: (r: ReturnType<typeof playGame>) => void): void {
  const [closures, js] = bothBackends(text);
  for (let g = 0; g < 30; g++) visit(playAlike(closures, js, 2 + (g % 3), `${prefix}-${g}`));
}

/** A match written inline, its hands in `dir`, with the closures and with generated JavaScript. */
function matchBackends(text: string, dir: string): [Game, Game] {
  const [closures, js] = (["closures", "js"] as const).map((backend) => {
    const r = compileMatch(text, dir, backend);
    if (!r.game) throw new Error(r.errors.join("\n"));
    return r.game;
  });
  return [closures, js];
}

/** The first event where the two back ends part, for the failure message. */
function firstDifference(a: Game, b: Game, players: number, seed: string): string {
  const [x, y] = [[] as string[], [] as string[]];
  fingerprint(a, players, seed, x);
  fingerprint(b, players, seed, y);
  const i = x.findIndex((e, k) => e !== y[k]);
  const at = i < 0 ? Math.min(x.length, y.length) : i;
  return `seed ${seed}, ${players} players, event ${at}: closures ${x[at] ?? "(no more events)"}, js ${y[at] ?? "(no more events)"}`;
}

const movesPerCase = 6_000; // per back end and case, at least ten games: the whole test stays well under a minute on two cores

describe("generated JavaScript plays exactly as the closures do", () => {
  const all = cases();
  // phases played with a flow generated for them (js/flow.ts): entered, and passing the turn
  const generated = { enter: 0, after: 0 };

  it("covers every shipped game, every preset and every rule card", () => {
    expect(all.length).toBeGreaterThanOrEqual(14 + presetNames().length + 10);
  });

  for (const c of all) {
    it(c.name, () => {
      const closures = load(c.refs, "closures")!;
      const js = load(c.refs, "js")!;
      expect([closures.backend, js.backend]).toEqual(["closures", "js"]);
      for (const p of js.phases) {
        if (p.enter) generated.enter++;
        if (p.after) generated.after++;
      }
      let moves = 0;
      let games = 0;
      const { min, max } = closures.players;
      for (let g = 0; (moves < movesPerCase || g < 10) && g < 2000; g++) {
        const players = min + (g % (Math.min(max, 6) - min + 1));
        const seed = `${c.name}-${g}`;
        const a = fingerprint(closures, players, seed, null);
        const b = fingerprint(js, players, seed, null);
        if (a.hash !== b.hash || a.events !== b.events || a.result !== b.result) expect.fail(firstDifference(closures, js, players, seed));
        moves += a.moves;
        games++;
      }
      expect(games).toBeGreaterThanOrEqual(10);
    });
  }

  it("played the phases' generated flow", () => {
    // every shipped game's and round's phase of turns passes the turn by its own flow, and most are entered by it
    expect(generated.after).toBeGreaterThanOrEqual(45);
    expect(generated.enter).toBeGreaterThanOrEqual(40);
  });
});

// A match passing values into the hands it plays (`game: {rules, with}`) and reading back their finishing order
// (`lastPlaces`): the values are compiled by each back end, the hands started with them alike.
describe("the back ends agree on a match that passes values in and reads the order back", () => {
  it("plays the same match, hand by hand", () => {
    const [closures, js] = matchBackends(matchRules(), handFolder());
    for (let g = 0; g < 30; g++) {
      const r = playAlike(closures, js, 2 + (g % 3), `match-${g}`);
      expect(r.state.vars[closures.vars.find((v) => v.name === "sizes")!.slot]).toBe(123);
    }
  });
});

// A match saying who starts each hand (game: {starts}), read by each back end, and hands where players are
// knocked out (eliminate: out with no place, among the losers) as well as going out.
describe("the back ends agree on a match that says who starts each hand, with players knocked out", () => {
  it("plays the same match, hand by hand", () => {
    const [closures, js] = matchBackends(knockMatch(), knockFolder());
    let knocked = 0;
    for (let g = 0; g < 30; g++) {
      const r = playAlike(closures, js, 2 + (g % 3), `knock-${g}`);
      knocked += r.state.vars[closures.vars.find((v) => v.name === "knocked")!.slot] as number;
      expect(r.state.vars[closures.vars.find((v) => v.name === "wrongStarter")!.slot]).toBe(0);
    }
    expect(knocked).toBeGreaterThan(0);
  });
});

// Numbers at the edges and indices that name nothing, in every position a rule file can put them: both back ends
// give the same values (by Object.is: -0 is not 0), the same events and the same stop.
describe("the back ends agree on -0, NaN, infinities, huge numbers and indices that name nothing", () => {
  const values = ["-0", "0", "0 / 0", "1 / 0", "-1 / 0", "1 / -0", "100000000000000000000000", "0.5", "2.5", "-1", "3", "99"];

  function edgeRules(v: string, effect: string): string {
    return tinyRules(`variables:
  a: {type: number}
  b: {type: number}
  c: {type: number}
  d: {type: number}
  e: {type: number}
  f: {type: number}
  g: {type: number}
  h: {type: text}
`, {
      "zones:\n": "zones:\n  piles: {many: true, visible: everyone}\n",
      "  deal(stock, hand, 3)\n": `  deal(stock, hand, 3)
  newZone(piles)
  a = ${v}
  b = 1 / a
  c = 1 / 0
  d = a < 0 ? 1 : a == 0 ? 2 : 3
  e = stock[a].rank ?? -5
  f = piles[a].count + piles[a].count(c => c.rank > 0) + (piles[a].top.rank ?? 0)
  g = players[0].hand[a] == none ? 7 + players[a].hand.count : players[a].hand.count
  h = "" + piles[a]
  draw(stock, players[0].hand, a)
`,
      "move(card, pile)": effect,
    });
  }

  function run(game: Game, seed: string): { vars: unknown[]; events: string[]; error: string | null } {
    const events: string[] = [];
    const record = playGame(game, { players: 2, seed, agents: [randomAgent, randomAgent], log: true, watch: (_s, e) => void events.push(JSON.stringify(e)) });
    return { vars: record.state.vars as unknown[], events, error: record.error };
  }

  for (const effect of ["move(card, pile)", "move(stock[a], pile)", "move(card, piles[a])", "draw(piles[a], hand, 1)"]) {
    it(effect, () => {
      for (const v of values) {
        const text = edgeRules(v, `|\n      ${effect}\n      move(card, pile)`);
        const [closures, js] = (["closures", "js"] as const).map((backend) => {
          const r = compileRulesText(text, "t.yaml", "t", undefined, { backend });
          if (!r.game) throw new Error(`${v}: ${r.diagnostics.map(formatDiagnostic).join("\n")}`);
          return run(r.game, `edge-${v}`);
        });
        expect(js.error, `${effect} with ${v}`).toBe(closures.error);
        expect(js.events, `${effect} with ${v}`).toEqual(closures.events);
        expect(js.vars.length).toBe(closures.vars.length);
        closures.vars.forEach((x, i) => expect(Object.is(js.vars[i], x), `${effect} with ${v}: variable ${i} is ${String(x)} and ${String(js.vars[i])}`).toBe(true));
        // the JavaScript stack never shows through: a stop names the rule and what was none
        if (closures.error?.includes("none")) expect(closures.error, `${effect} with ${v}`).toMatch(/^play\.effect: (move|draw)'s (second|first) argument \((to|from)\) is none: there is no such zone$/);
      }
    });
  }

  it("reads an index that names nothing as none, and a zone that is none as holding no cards", () => {
    const rules = (v: string) => gameOf(edgeRules(v, "move(card, pile)"));
    const start = (v: string) => newGame(rules(v), { players: ["A", "B"], seed: "1" });
    const varsOf = (v: string) => {
      const s = start(v);
      return Object.fromEntries(s.game.vars.map((d) => [d.name, s.vars[d.slot]]));
    };
    expect(varsOf("0.5")).toMatchObject({ e: -5, f: 0, g: 7, h: "none" });
    expect(varsOf("-1")).toMatchObject({ e: -5, f: 0, g: 7, h: "none" });
    expect(varsOf("3")).toMatchObject({ f: 0, g: 7, h: "none" }); // a family of one and a hand of three have no item 3
    expect(varsOf("0")).toMatchObject({ f: 0, g: 3, h: "piles #1" });
    expect(Object.is(varsOf("-0").b, -Infinity)).toBe(true);
    expect(varsOf("-0").c).toBe(Infinity); // a -0 elsewhere in the file leaves the literal 0 alone
  });
});

// A move onto a zone of the game, which every state has, is generated without the check that its zone exists;
// every other move keeps it. A seat that does not exist is put into a variable here (rules cannot make one), and
// its hand is a zone that does not exist, so a check wrongly left out would show: the card would leave its zone
// before the move failed, and the stop would name the JavaScript error instead of the zone.
describe("the back ends agree on a move onto a zone that does not exist", () => {
  const text = tinyRules("", {
    "zones:\n": "zones:\n  piles: {many: true, visible: everyone}\n",
    "  deal(stock, hand, 3)\n": "  deal(stock, hand, 3)\n  newZone(piles)\n",
    "players: {min: 2, max: 4}\n": "players: {min: 2, max: 4}\nvariables:\n  target: {type: player}\n",
    "move(card, pile)": "|\n      move(card, pile)\n      move(players[0].hand.top, target.hand)",
  });

  for (const [target, name] of [[99, "seat 99"], [-7, "seat -7"], [2.5, "seat 2.5"]] as const) {
    it(`stops the game, moving no card, for ${name}`, () => {
      const [closures, js] = (["closures", "js"] as const).map((backend) => {
        const r = compileRulesText(text, "t.yaml", "t", undefined, { backend });
        if (!r.game) throw new Error(r.diagnostics.map(formatDiagnostic).join("\n"));
        const s = newGame(r.game, { players: ["A", "B"], seed: "zones" });
        s.vars[r.game.vars.find((v) => v.name === "target")!.slot] = target;
        const p = actors(s)[0];
        const cards = s.zones.map((z) => z.slice());
        applyMove(s, p, legalMoves(s, p)[0]);
        return { error: s.error, lost: conservationProblem(s), zones: s.zones.map((z) => z.slice()), cards };
      });
      expect(closures.error).toMatch(/cards cannot move to a zone that does not exist/);
      expect(js.error).toBe(closures.error);
      expect(js.lost).toBeNull();
      expect(js.zones).toEqual(closures.zones);
      // the first move, onto the pile, went ahead in both; the second moved nothing
      expect(js.zones.flat().length).toBe(js.cards.flat().length);
    });
  }

  it("moves onto a zone that exists as the closures do", () => {
    const [closures, js] = (["closures", "js"] as const).map((backend) => {
      const r = compileRulesText(text.replace("target: {type: player}", "target: {type: player, initial: dealer}"), "t.yaml", "t", undefined, { backend });
      if (!r.game) throw new Error(r.diagnostics.map(formatDiagnostic).join("\n"));
      return playGame(r.game, { players: 3, seed: "zones", agents: [randomAgent, randomAgent, randomAgent], log: true });
    });
    expect(js.error).toBeNull();
    expect(js.state.log).toEqual(closures.state.log);
  });
});

// A flow that branches: a next chosen by conditions (in a phase whose flow is generated, and in one the engine
// enters), a phase skipped by a condition, a phase and an action left out with skip: true.
describe("the back ends agree on a flow that branches", () => {
  const text = tinyRules(`variables:
  rounds: {type: number}
  led: {type: player}
`, {
    "  deal(stock, hand, 3)\n": "  deal(stock, hand, 6)\n",
    "phases:\n  main:\n    actions: [play]\n": `phases:
  lead:
    once: true
    actions: [play, pass]
    begin: rounds += 1
    next:
      - if: pile.count % 2 == 1
        then: odd
      - if: rounds % 5 == 0
        then: gone
      - even
  odd:
    turns: none
    skip: rounds % 3 == 0
    begin: led = players.first
    next:
      - if: led == none
        then: gone
      - lead
  even:
    skip: rounds % 4 == 1
    who: players.filter(p => p.hand.any)
    once: true
    actions: [play, pass]
    end: led = none
    next: lead
  gone:
    skip: true
    actions: [play]
    next: lead
`,
    "end: players.all(p => p.hand.empty)": "  pass: {}\n  never:\n    skip: true\n    effect: rounds += 100\nend: players.all(p => p.hand.empty) or rounds > 40",
  });

  it("plays each game event for event alike, through every branch", () => {
    const [closures, js] = bothBackends(text);
    expect(js.phases.map((p) => p.enter !== null)).toEqual([true, false, false, false]);
    const entered = new Set<string>();
    for (let g = 0; g < 40; g++) {
      const players = 2 + (g % 3);
      const seed = `branches-${g}`;
      const r = playAlike(closures, js, players, seed);
      for (const e of r.state.log ?? []) if (e.type === "phase") entered.add(e.phase);
    }
    expect([...entered].sort()).toEqual(["even", "lead", "odd"]);
  });
});

describe("the back ends agree on rounds of betting over a hand", () => {
  // a hand begins with a phase of turns (newHand on a clockwise phase) or one without; two rounds a hand
  const text = `${deckRules("Rounds", "{min: 2, max: 5}", ["hand: {per: player, visible: owner}"])}variables:
  chips: {type: number, per: player, initial: 6}
  stake: {type: number, per: player}
  bet: {type: number}
  hands: {type: number}
phases:
  deal:
    turns: none
    newHand: true
    begin: |
      hands += 1
      for p in players {
        move(p.hand, stock)
        p.stake = 0
      }
      shuffle(stock)
      deal(stock, hand, 2)
      bet = 0
    next:
      - if: hands % 3 == 0
        then: ante
      - first
  ante:
    newHand: true
    once: true
    actions: [pass]
    next: first
  first:
    turns: round
    first: left(dealer)
    actions: [call, up, fold]
    next: second
  second:
    turns: round
    first: left(dealer)
    actions: [call, up, fold]
    next: showdown
  showdown:
    turns: none
    begin: |
      let best = active.filter(p => p.inHand).maxBy(p => p.hand.sum(c => c.rank))
      for p in active {
        best.chips += p.stake
      }
      for p in active {
        if p.chips == 0 {
          out(p)
        }
      }
      dealer = next(dealer)
    next: deal
define:
  owe: min(bet - stake, chips)
  putIn(n): |
    chips -= n
    stake += n
    if chips == 0 {
      stand()
    }
actions:
  pass: {}
  call: {effect: putIn(owe)}
  up:
    require:
      spare: chips > owe
    effect: |
      putIn(owe + 1)
      bet = stake
      raise()
  fold:
    require:
      owes: owe > 0
    effect: fold()
end: active.count == 1 or hands > 40
`;

  it("plays each game event for event alike", () => {
    const [closures, js] = bothBackends(text);
    // the phases that begin a hand, and the rounds, keep the engine's flow
    expect(js.phases.map((p) => p.enter !== null)).toEqual([false, false, false, false, true]);
    const seen = { fold: 0, up: 0, out: 0 };
    for (let g = 0; g < 30; g++) {
      const players = 2 + (g % 4);
      const seed = `rounds-${g}`;
      const r = playAlike(closures, js, players, seed);
      for (const e of r.state.log ?? []) {
        if (e.type === "action" && (e.move === "fold" || e.move === "up")) seen[e.move]++;
        if (e.type === "out") seen.out++;
      }
    }
    expect(seen.fold).toBeGreaterThan(0);
    expect(seen.up).toBeGreaterThan(0);
    expect(seen.out).toBeGreaterThan(0);
  });
});

// Sides: a team's variable set by one member and read by all, the team builtins, and winners as a whole team.
describe("the back ends agree on a game played in teams", () => {
  const text = `${tinyRules("", {
    "players: {min: 2, max: 4}": "players: {min: 4, max: 6}\nteams: {size: 2, names: [North-South, East-West, Centre]}",
    "  hand: {per: player, visible: owner, ordered: false}\n": "  hand: {per: player, visible: owner, ordered: false}\n  won: {per: player, visible: everyone}\n",
    "move(card, pile)": `|
      move(card, pile)
      if pile.count == playerCount {
        let taker = pile.maxBy(c => c.rank).from
        move(pile, taker.won)
        taker.points += pile.count + 1
        partner(taker).helped += teammates(taker).count
        giveTurn(partner(taker))
      }`,
  })}variables:
  points: {per: team, type: number}
  helped: {per: player, type: number}
outcome:
  scores: p => p.points + teamCards(p, won).count + team(p).sum(q => q.helped)
  winners: withTeams(players.best(p => p.points))
`;

  it("plays each game event for event alike, teams of two at four and six", () => {
    const [closures, js] = (["closures", "js"] as const).map((backend) => {
      const r = compileRulesText(text, "t.yaml", "t", undefined, { backend });
      if (!r.game) throw new Error(r.diagnostics.map(formatDiagnostic).join("\n"));
      return r.game;
    });
    for (let g = 0; g < 30; g++) {
      const players = g % 2 === 0 ? 4 : 6;
      const seed = `teams-${g}`;
      const a = fingerprint(closures, players, seed, null);
      const b = fingerprint(js, players, seed, null);
      if (a.hash !== b.hash || a.events !== b.events || a.result !== b.result) expect.fail(firstDifference(closures, js, players, seed));
      const r = playGame(js, { players, seed, agents: Array(players).fill(randomAgent) });
      expect(r.error).toBeNull();
      // the winners are whole teams: with a partner's seat, each winner's partner wins too
      const winners = r.state.result!.winners;
      for (const w of winners) expect(winners).toContain((w + players / 2) % players);
    }
  });
});

describe("the back ends agree on moves with a choice attached", () => {
  // a flag on play (yes only for face cards) and a bid from a range that grows with the hand
  const text = tinyRules(`variables:
  points: {per: player, type: number}
`, {
    "    actions: [play]\n": "    actions: [play, bid]\n",
    "      card: hand\n": "      card: hand\n      alone: {type: flag}\n      double: {from: \"[false, points > 5]\"}\n",
    "    effect: move(card, pile)": `    require:
      face: not alone or card.rank >= 11
    effect: |
      move(card, pile)
      points += (alone ? 2 * card.rank : card.rank) * (double ? 2 : 1)
  bid:
    params:
      amount: {from: "points..points + hand.count"}
    require:
      once: points < 30 or hand.empty
    effect: points += amount + 1`,
  });

  it("plays each game event for event alike, with every flag and size chosen", () => {
    const seen = new Set<string>();
    playThirty(text, "choice", (r) => {
      for (const e of r.state.log ?? []) if (e.type === "action") seen.add(e.move.replace(/^(\S+).*?((?: alone)?(?: double)?)$/, "$1$2"));
    });
    expect([...seen].filter((m) => m.startsWith("play")).sort()).toEqual(["play", "play alone", "play alone double", "play double"]);
    expect(seen.has("bid")).toBe(true);
  });
});

describe("the back ends agree on a choice asked in the middle of an action", () => {
  const text = askRules();

  it("plays each game event for event alike, asking, answering and skipping", () => {
    const seen = new Set<string>();
    playThirty(text, "ask", (r) => {
      const log = r.state.log ?? [];
      log.forEach((e, i) => {
        if (e.type !== "action") return;
        const next = log.slice(i + 1).find((x) => x.type === "action");
        seen.add(`${e.move.split(" ")[0]} then ${next?.type === "action" ? next.move.split(" ")[0] : "end"}`);
      });
    });
    expect([...seen].sort()).toEqual(expect.arrayContaining(["answer then bonus", "answer then play", "bonus then play", "play then answer", "play then play"]));
  });

  it("plays Take Rows, whose lowest card chooses a row, event for event alike", () => {
    const [closures, js] = (["closures", "js"] as const).map((b) => load(["take-rows"], b)!);
    for (const players of [2, 4, 10]) playAlike(closures, js, players, `take-rows-${players}`);
  });
});

describe("the back ends agree on a turn in steps, and on moves out of turn", () => {
  it("plays each game event for event alike, through every step, a step passed over, a step kept and again()", () => {
    const seen = new Set<string>();
    playThirty(stepRules(), "steps", (r) => {
      const moves = (r.state.log ?? []).flatMap((e) => (e.type === "action" ? [e.move.split(" ")[0]] : []));
      moves.forEach((m, i) => seen.add(`${m} then ${moves[i + 1] ?? "end"}`));
    });
    expect([...seen]).toEqual(expect.arrayContaining(["draw then play", "draw then pair", "draw then peek", "peek then peek", "peek then play", "pair then play", "wait then play", "play then draw"]));
  });

  it("plays each game event for event alike with moves out of turn, taken by the turn's player and by others", () => {
    let out = 0;
    let own = 0;
    playThirty(anytimeRules(), "anytime", (r) => {
      let current = -1;
      for (const e of r.state.log ?? []) {
        if (e.type === "turn") current = e.player;
        if (e.type === "action" && e.move === "tap") e.player === current ? own++ : out++;
      }
    });
    expect([out > 0, own > 0]).toEqual([true, true]);
  });

  it("plays Set Down, drawn, set down and discarded in steps and claimed out of turn, event for event alike", () => {
    const [closures, js] = (["closures", "js"] as const).map((b) => load(["set-down"], b)!);
    for (const players of [2, 3, 4]) playAlike(closures, js, players, `set-down-${players}`);
  });
});

describe("the back ends agree on families of named zones, of each player and of the game", () => {
  it("plays each game event for event alike, laying on columns chosen by name, by a card's suit and as a list", () => {
    let laid = 0;
    playThirty(columnsRules, "columns", (r) => {
      laid += r.state.zoneDef.filter((d, z) => r.state.game.zones[d].family?.name === "col" && r.state.zones[z].length > 0).length;
    });
    expect(laid).toBeGreaterThan(0);
  });

  it("plays Expeditions, whose players build a column for each colour, event for event alike", () => {
    const [closures, js] = (["closures", "js"] as const).map((b) => load(["expeditions"], b)!);
    for (let g = 0; g < 5; g++) playAlike(closures, js, 2, `expeditions-${g}`);
  });
});

describe("the back ends agree on cards that hold cards", () => {
  it("plays each game event for event alike, laying cards on cards, taking them with what they hold and scoring it", () => {
    let held = 0;
    playThirty(heldRules, "held", (r) => {
      held += r.state.zones.filter((cards, z) => r.state.game.zones[r.state.zoneDef[z]].per === "card" && cards.length > 0).length;
    });
    expect(held).toBeGreaterThan(0);
  });
});

describe("the back ends agree on definitions that take functions", () => {
  const text = tinyRules(`variables:
  points: {per: player, type: number}
  mark: {type: number}
define:
  most(measure): "players.best(p => measure(p))"
  pointForMost(measure): |
    let leaders = most(measure)
    if leaders.count == 1 {
      leaders.first.points += 1
    }
  handValue(p): p.hand.sum(c => c.rank)
  applyTwice(f, x): "f(f(x))"
  beats(card, better): "pile.empty or card.better(pile.top)"
`, {
    "  deal(stock, hand, 3)": "  shuffle(stock)\n  deal(stock, hand, 3)",
    "    effect: move(card, pile)": `    effect: |
      mark = applyTwice(x => x + card.rank, mark % 100)
      if beats(card, (a, b) => a.rank > b.rank) {
        points += 1
      }
      move(card, pile)
      pointForMost(handValue)
      pointForMost(p => p.points + card.rank)`,
  });

  it("plays each game event for event alike, calling functions written out, named and given on", () => {
    let scored = 0;
    playThirty(text, "functions", (r) => {
      scored += r.state.vars.filter((v) => typeof v === "number" && v > 0).length;
    });
    expect(scored).toBeGreaterThan(0);
  });
});
