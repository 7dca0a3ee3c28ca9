// The interpreter's promises: determinism, refusals as values, honest views, and rules that cannot hang it.
import { describe, expect, it } from "vitest";
import { loadRules } from "../src/interpreter/load/load.js";
import { newGame, legalMoves, applyMove, play, actors, moveText } from "../src/interpreter/engine.js";
import { cloneState, conservationProblem, type State } from "../src/interpreter/state.js";
import { view, canSeeCard } from "../src/interpreter/view.js";
import { describeEvent } from "../src/interpreter/events.js";
import { playGame } from "../src/sim/play-game.js";
import { randomAgent } from "../src/agents/random.js";
import { gameOf, stockRules, tinyRules } from "./helpers/rules.js";

const idiot = loadRules("idiot").game!;

function randomGame(seed: string, players = 3, log = true) {
  return playGame(idiot, { players, seed, agents: Array(players).fill(randomAgent), log });
}

describe("determinism", () => {
  it("gives the same game, event for event, for the same seed", () => {
    const a = randomGame("same");
    const b = randomGame("same");
    expect(a.state.log!.length).toBeGreaterThan(100);
    expect(JSON.stringify(b.state.log)).toBe(JSON.stringify(a.state.log));
  });

  it("gives a different game for a different seed", () => {
    expect(JSON.stringify(randomGame("one").state.log)).not.toBe(JSON.stringify(randomGame("two").state.log));
  });
});

describe("legal moves and refusals", () => {
  it("applies every listed legal move without refusal", () => {
    const s = newGame(idiot, { players: ["Ann", "Bob", "Cy"], seed: 4 });
    for (let i = 0; i < 60 && !s.over; i++) {
      const p = actors(s)[0];
      const moves = legalMoves(s, p);
      expect(moves.length).toBeGreaterThan(0);
      for (const m of moves) {
        const copy = cloneState(s);
        const r = applyMove(copy, p, { action: m.action, args: m.args });
        expect(r, moveText(s, m)).toEqual({ ok: true });
      }
      applyMove(s, p, moves[i % moves.length], true);
    }
  });

  it("refuses a move out of turn, naming the rule and leaving the state as it was", () => {
    const s = newGame(idiot, { players: ["Ann", "Bob"], seed: 1, start: 0 });
    play(s, 0, "ready");
    play(s, 1, "ready");
    const before = JSON.stringify({ zones: s.zones, vars: s.vars, current: s.current });
    const hand = s.zones[s.game.sharedZones + s.game.zones.find((z) => z.name === "hand")!.slot * 2 + 1];
    const r = play(s, 1, `play ${s.game.cardNames[hand[0]]}`);
    expect(r).toEqual({ ok: false, refusal: { rule: "turn", reason: "it is Ann's turn, not Bob's" } });
    expect(JSON.stringify({ zones: s.zones, vars: s.vars, current: s.current })).toBe(before);
  });

  it("refuses an action of another phase and an unknown action, without throwing", () => {
    const s = newGame(idiot, { players: ["Ann", "Bob"], seed: 1 });
    expect(play(s, 0, "flip 1")).toEqual({ ok: false, refusal: { rule: "phase", reason: "'flip' is not allowed in the swap phase (allowed: swap, ready)" } });
    const unknown = play(s, 0, "dance");
    expect(unknown.ok).toBe(false);
    if (!unknown.ok) expect(unknown.refusal.reason).toContain("unknown action 'dance'");
    expect(play(s, 0, "swap XX YY")).toEqual({ ok: false, refusal: { rule: "move", reason: "there is no card called 'XX'" } });
  });
});

describe("views", () => {
  function seenCards(s: State, p: number): Set<number> {
    const seen = new Set<number>();
    for (let z = 0; z < s.zones.length; z++) s.zones[z].forEach((c, i) => canSeeCard(s, z, i, p) && seen.add(c));
    return seen;
  }

  it("show a player no card they may not see, at any point of a game", () => {
    const s = newGame(idiot, { players: ["Ann", "Bob", "Cy"], seed: 9 });
    const hand = s.game.zones.find((z) => z.name === "hand")!;
    for (let step = 0; step < 200 && !s.over; step++) {
      for (let p = 0; p < 3; p++) {
        const v = view(s, p);
        const shown = v.zones.flatMap((z) => z.cards).filter((c) => c >= 0);
        const allowed = seenCards(s, p);
        for (const c of shown) expect(allowed.has(c)).toBe(true);
        // never another player's hand, never the draw pile or a face-down card
        for (const z of v.zones) {
          if (z.name === "hand" && z.owner !== p) expect(z.cards.every((c) => c === -1)).toBe(true);
          if (z.name === "stock" || z.name === "faceDown") expect(z.cards.every((c) => c === -1)).toBe(true);
          if (z.name === "hand" && z.owner === p) expect(z.cards).toEqual(s.zones[s.game.sharedZones + hand.slot * 3 + p]);
        }
        expect(v.zones.map((z) => z.cards.length).reduce((a, b) => a + b, 0)).toBe(52);
      }
      const p = actors(s)[0];
      const moves = legalMoves(s, p);
      applyMove(s, p, moves[(step * 7) % moves.length], true);
    }
  });

  it("name hidden cards in a player's log only by number", () => {
    const s = newGame(idiot, { players: ["Ann", "Bob"], seed: 2, dealer: 1 });
    const first = s.log!.find((e) => e.type === "move")!;
    expect(describeEvent(s, first, 1)).toBe("  1 card: stock → Ann's faceDown");
    expect(describeEvent(s, first)).toMatch(/^ {2}\S+: stock → Ann's faceDown$/);
  });
});

describe("phases", () => {
  it("give turns only to the players a phase names with who", () => {
    const game = gameOf(tinyRules("", { "  main:\n    actions: [play]\n": "  main:\n    who: \"[left(dealer), right(dealer)]\"\n    actions: [play]\n" }));
    const s = newGame(game, { players: ["Ann", "Bob", "Cy", "Dee"], seed: 1, dealer: 0 });
    const turns: number[] = [];
    for (let i = 0; i < 6 && !s.over; i++) {
      turns.push(s.current);
      applyMove(s, s.current, legalMoves(s, s.current)[0], true);
    }
    expect(turns).toEqual([1, 3, 1, 3, 1, 3]);
    expect(play(s, 2, "play 2C")).toEqual({ ok: false, refusal: { rule: "phase", reason: "Cy takes no part in the main phase" } });
  });
});

describe("the log", () => {
  it("hides a card named in another player's move when that player could see it neither before nor after", () => {
    const game = gameOf(tinyRules("", {
      "  hand: {per: player, visible: owner, ordered: false}": "  hand: {per: player, visible: owner, ordered: false}\n  secret: {per: player, visible: owner}",
      "effect: move(card, pile)": "effect: move(card, secret)",
    }));
    const s = newGame(game, { players: ["Ann", "Bob"], seed: 3, dealer: 1 });
    const card = legalMoves(s, 0)[0];
    applyMove(s, 0, card, true);
    const event = s.log!.find((e) => e.type === "action")!;
    const name = s.game.cardNames[card.args[0] as number];
    expect(describeEvent(s, event)).toBe(`Ann: play ${name}`);
    expect(describeEvent(s, event, 0)).toBe(`Ann: play ${name}`);
    expect(describeEvent(s, event, 1)).toBe("Ann: play ##");
  });
  it("hides a card whose name holds spaces as a whole, wherever it stands in the move", () => {
    const game = gameOf(stockRules(`setup: deal(stock, hand, 3)
phases:
  main: {turns: clockwise, actions: [hide, swap]}
actions:
  hide:
    params: {card: hand}
    effect: move(card, stock)
  swap:
    params: {card: hand, other: hand}
    effect: move(card, stock)
end: players.all(p => p.hand.empty)
`).replace('name: "c{n}"', 'name: "card of {n}"'));
    const s = newGame(game, { players: ["Ann", "Bob"], seed: 3, dealer: 1 });
    const p = s.current;
    const [a, b] = s.zones[s.zones.findIndex((_, z) => game.zones[s.zoneDef[z]].name === "hand" && s.zoneOwner[z] === p)];
    expect(applyMove(s, p, { action: game.actionsByName.get("swap")!, args: [a, b] })).toEqual({ ok: true });
    const event = s.log!.filter((e) => e.type === "action").pop()!;
    expect(describeEvent(s, event)).toBe(`${s.names[p]}: swap ${game.cardNames[a]} ${game.cardNames[b]}`);
    expect(game.cardNames[a]).toMatch(/^card of \d$/);
    expect(describeEvent(s, event, 1 - p)).toBe(`${s.names[p]}: swap ## ##`);
  });
});

describe("rules that go wrong at run time stop the game with a message naming the rule", () => {
  it("stops a loop of phases without decisions", () => {
    const game = gameOf(tinyRules("", {
      "phases:\n  main:\n    actions: [play]\n": "phases:\n  spin:\n    turns: none\n    next: spin\n  main:\n    actions: [play]\n",
      "actions:\n": "actions:\n  noop:\n    effect: again()\n",
    }).replace("  spin:\n    turns: none\n    next: spin\n  main:\n    actions: [play]\n", "  spin:\n    turns: none\n    next: spin\n    actions: [play, noop]\n"));
    const s = newGame(game, { players: ["Ann", "Bob"], seed: 1 });
    expect(s.over).toBe(true);
    expect(s.error).toBe("phase spin is looping: more than 100000 steps without a decision");
  });

  it("stops a while loop that never ends, naming the rule", () => {
    const game = gameOf(tinyRules("", { "effect: move(card, pile)": "effect: |\n      while pile.count >= 0 {\n        shuffle(pile)\n      }" }));
    const s = newGame(game, { players: ["Ann", "Bob"], seed: 1 });
    expect(applyMove(s, s.current, legalMoves(s, s.current)[0], true)).toEqual({ ok: true });
    expect(s.over).toBe(true);
    expect(s.error).toBe("play.effect is looping: more than 100000 steps without a decision");
  });

  it("stops on arithmetic with a missing value", () => {
    const game = gameOf(tinyRules("variables:\n  total: {type: number}\n", { "effect: move(card, pile)": "effect: |\n      total = pile.top.rank + 1\n      move(card, pile)" }));
    const s = newGame(game, { players: ["Ann", "Bob"], seed: 1 });
    const r = applyMove(s, s.current, legalMoves(s, s.current)[0], true);
    expect(r.ok).toBe(true);
    expect(s.over).toBe(true);
    expect(s.error).toBe("play.effect: a number was needed, but the value is none");
  });
});

describe("card conservation", () => {
  it("holds after every event of whole games for every player count", () => {
    for (const players of [2, 3, 4, 5]) {
      for (let g = 0; g < 5; g++) {
        let problem: string | null = null;
        let events = 0;
        const s = newGame(idiot, {
          players: Array.from({ length: players }, (_, i) => `P${i + 1}`), seed: `c${players}:${g}`, log: false,
          watch: (st) => {
            events++;
            problem ??= conservationProblem(st);
          },
        });
        for (let i = 0; !s.over && i < 50_000; i++) {
          const p = actors(s)[0];
          const moves = legalMoves(s, p);
          applyMove(s, p, moves[(i * 31 + g) % moves.length], true);
        }
        expect(problem).toBeNull();
        expect(events).toBeGreaterThan(40);
        expect(s.over && !s.error).toBe(true);
      }
    }
  });
});
