// A simulated game's start and its decisions take shortcuts (src/sim/play-game.ts): every seat's generator is
// seeded with the game's seed hashed once (seedRngs), and one decision object is filled in for every choice.
// Each must give exactly what the plain way gives: the same generators, and each agent asked about its own move.
import { describe, expect, it } from "vitest";
import { loadComposition, loadRules } from "../src/interpreter/load/load.js";
import { actors, legalMoves, moveText, newGame } from "../src/interpreter/engine.js";
import { gameOf, tinyRules } from "./helpers/rules.js";
import { seedRng, seedRngs, nextInt, nextUint32, shuffleInPlace, type RngState } from "../src/interpreter/rng.js";
import { GamePlay } from "../src/sim/play-game.js";
import type { Agent, Decision } from "../src/agents/agent.js";

describe("seeding every seat's generator", () => {
  it("gives seat i what seedRng(seed + suffix + i) gives", () => {
    const seeds: (string | number)[] = ["", "7", "r-123", -5, 1e21, 0, 7, 4294967295, 4294967296, 2.5, "naïve ☃ 𝄞", "x".repeat(300)];
    for (let i = 0; i < 200; i++) seeds.push(i % 2 ? i * 7919 : `s${i}`);
    for (const seed of seeds) {
      for (const suffix of ["/agent/", "", "/ü/"]) {
        const many = seedRngs(seed, suffix, 12);
        expect(many).toHaveLength(12);
        many.forEach((rng, i) => expect([...rng], `${seed}${suffix}${i}`).toEqual([...seedRng(`${seed}${suffix}${i}`)]));
        expect(new Set(many)).toHaveProperty("size", 12); // each seat a generator of its own
      }
    }
  });

  it("leaves seedRng as it was: the generator of a known seed", () => {
    // what seedRng gave before seats were seeded this way, so that every saved seed still plays the same game
    expect([...seedRng("r-1/agent/0")]).toEqual([3158314214, 3655532442, 1036686734, 3117749568]);
    expect([...seedRng(42)]).toEqual([776854310, 735874669, 625054101, 2594565685]);
  });
});

describe("shuffling", () => {
  /** Fisher–Yates as the generator's own functions give it: the numbers every saved seed's deals come from. */
  function plainShuffle(rng: RngState, items: number[]): void {
    for (let i = items.length - 1; i > 0; i--) {
      const j = nextInt(rng, i + 1);
      [items[i], items[j]] = [items[j], items[i]];
    }
  }

  it("draws what nextInt draws and leaves the generator where nextInt leaves it", () => {
    for (let g = 0; g < 300; g++) {
      const length = [0, 1, 2, 3, 52, 104, 7][g % 7];
      const items = Array.from({ length }, (_, i) => i);
      const a = seedRng(`shuffle-${g}`);
      const b = seedRng(`shuffle-${g}`);
      const x = items.slice();
      const y = items.slice();
      shuffleInPlace(a, x);
      plainShuffle(b, y);
      expect(x, `shuffle-${g}`).toEqual(y);
      expect([...a]).toEqual([...b]);
      expect(nextUint32(a)).toBe(nextUint32(b));
    }
  });

  it("gives a known seed's deck its known order", () => {
    const deck = Array.from({ length: 12 }, (_, i) => i);
    shuffleInPlace(seedRng(42), deck);
    expect(deck).toEqual([7, 2, 4, 9, 10, 1, 8, 5, 6, 3, 0, 11]); // as shuffled before the generator was kept in locals
  });
});

describe("a deal with nothing logged", () => {
  // moved in bulk when nothing is logged (lang/builtins.ts dealQuietly), a card at a time when something is
  const setups: [string, string][] = [
    ["every seat, round after round", "deal(stock, hand, 5)"],
    ["from a given player", "deal(stock, hand, 4, players[2])"],
    ["until the pile runs out", "deal(stock, hand, 20)"],
    ["no rounds", "deal(stock, hand, 0)"],
    ["past a player who is out", "out(players[1])\n  deal(stock, hand, 3)"],
    ["from a zone it deals to", "deal(stock, hand, 2)\n  deal(players[0].hand, hand, 2)"],
    ["twice, after a shuffle", "shuffle(stock)\n  deal(stock, hand, 2)\n  move(pile, stock)\n  deal(stock, hand, 3, players[1])"],
  ];
  for (const [name, setup] of setups) {
    it(`leaves every card where the logged deal leaves it: ${name}`, () => {
      const game = gameOf(tinyRules("", { "deal(stock, hand, 3)": setup }));
      for (const n of [2, 3, 4]) {
        const names = Array.from({ length: n }, (_, i) => `P${i + 1}`);
        const where = (log: boolean) => {
          const s = newGame(game, { players: names, seed: `deal-${n}`, log });
          return JSON.stringify({ zones: s.zones, cardZone: s.cardZone, cardFrom: s.cardFrom, shown: s.shown, error: s.error, rng: [...s.rng] });
        };
        const quiet = where(false);
        expect(quiet, `${n} players`).toBe(where(true));
        expect(quiet).not.toContain("error\":\"");
      }
    });
  }
});

describe("a simulated game's decisions", () => {
  const games = [
    ["an On The Cards round", loadComposition(["Deal Eight", "Take Lots of Tricks", "Crazy Eights", "Whist"]).game!],
    ["idiot", loadRules("idiot").game!],
  ] as const;
  for (const [name, game] of games) {
    it(`${name}: each agent is asked about its own seat, its legal moves and its own generator`, () => {
      const asked: string[] = [];
      let play: GamePlay;
      const seen = new Set<Decision>();
      const agent: Agent = {
        name: "checking",
        needsView: true,
        choose: (d) => {
          const s = play.state;
          expect(actors(s)).toContain(d.player);
          expect(d.game).toBe(game);
          expect(d.rng).toBe(play.rngs[d.player]);
          expect(d.view.player).toBe(d.player);
          expect(d.legal.map((m) => moveText(s, m))).toEqual(legalMoves(s, d.player).map((m) => moveText(s, m)));
          seen.add(d);
          asked.push(`${d.player}:${d.legal.length}`);
          return nextInt(d.rng, d.legal.length);
        },
      };
      for (let g = 0; g < 5; g++) {
        play = new GamePlay(game, { seed: `d${g}`, seats: [agent, agent, agent, agent] });
        // the generators a seat draws from are seedRng(`${seed}/agent/${seat}`), as the hand-written loop seeds them
        play.rngs.forEach((rng, seat) => expect([...rng]).toEqual([...seedRng(`d${g}/agent/${seat}`)]));
        for (let i = 0; i < 300 && play.step(); i++);
      }
      expect(asked.length).toBeGreaterThan(100);
      expect(new Set(asked.map((a) => a.split(":")[0]))).toEqual(new Set(["0", "1", "2", "3"]));
    });
  }
});
