// A simulated game's start and its decisions take shortcuts (src/sim/play-game.ts): every seat's generator is
// seeded with the game's seed hashed once (seedRngs), and one decision object is filled in for every choice.
// Each must give exactly what the plain way gives: the same generators, and each agent asked about its own move.
import { describe, expect, it } from "vitest";
import { loadComposition, loadRules } from "../src/interpreter/load/load.js";
import { actors, legalMoves, moveText } from "../src/interpreter/engine.js";
import { seedRng, seedRngs, nextInt } from "../src/interpreter/rng.js";
import { GamePlay } from "../src/sim/play-game.js";
import type { Agent, Decision } from "../src/agents/agent.js";

describe("seeding every seat's generator", () => {
  it("gives seat i what seedRng(prefix + i) gives", () => {
    const prefixes = ["", "7/agent/", "r-123/agent/", "-5/agent/", "1e+21/agent/", "naïve ☃ 𝄞/agent/", "x".repeat(300)];
    for (let i = 0; i < 200; i++) prefixes.push(`${i % 2 ? i * 7919 : `s${i}`}/agent/`);
    for (const prefix of prefixes) {
      const many = seedRngs(prefix, 12);
      expect(many).toHaveLength(12);
      many.forEach((rng, i) => expect([...rng], `${prefix}${i}`).toEqual([...seedRng(`${prefix}${i}`)]));
      expect(new Set(many)).toHaveProperty("size", 12); // each seat a generator of its own
    }
  });

  it("leaves seedRng as it was: the generator of a known seed", () => {
    // what seedRng gave before seats were seeded this way, so that every saved seed still plays the same game
    expect([...seedRng("r-1/agent/0")]).toEqual([3158314214, 3655532442, 1036686734, 3117749568]);
    expect([...seedRng(42)]).toEqual([776854310, 735874669, 625054101, 2594565685]);
  });
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
