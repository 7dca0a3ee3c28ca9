// Listing legal moves without making them (engine/move-list.ts), for random play in a search, must list exactly
// what legalMoves() lists, in the same order, counting the same refusals; random play through it must draw the
// same numbers and make the same moves as random play over legalMoves(); and the effects that move cards without
// copying them when nothing is logged must move the same cards in the same order as when the moves are logged.
import { describe, expect, it } from "vitest";
import { compileRulesText, loadComposition, loadRules } from "../src/interpreter/load/load.js";
import { shippedRules } from "../src/interpreter/load/resolve.js";
import { formatDiagnostic } from "../src/interpreter/diagnostics.js";
import type { Backend } from "../src/interpreter/backend.js";
import type { Game } from "../src/interpreter/model.js";
import { actors, applyMove, legalMoves, listMovesInto, MoveList, newGame, type Move } from "../src/interpreter/engine.js";
import { cloneState, type State } from "../src/interpreter/state.js";
import { nextInt, seedRng, type RngState } from "../src/interpreter/rng.js";
import { decider, listedKey, moveKey, randomPlayout } from "../src/agents/playout.js";
import { playGame } from "../src/sim/play-game.js";
import { randomAgent } from "../src/agents/random.js";
import { gameOf, tinyRules } from "./helpers/rules.js";

const backends: Backend[] = ["js", "closures"];

/** Every shipped rules id that loads by itself, and an On The Cards round. */
function games(backend: Backend): [string, Game][] {
  const out: [string, Game][] = [];
  for (const id of shippedRules()) {
    const game = loadComposition([id], undefined, { backend }).game;
    if (game) out.push([id, game]);
  }
  out.push(["an On The Cards round", loadComposition(["Deal Eight", "Take Lots of Tricks", "Crazy Eights", "Whist"], undefined, { backend }).game!]);
  return out;
}

function seats(game: Game, g: number): string[] {
  const n = Math.min(game.players.max, Math.max(game.players.min, 2 + (g % 3)));
  return Array.from({ length: n }, (_, i) => `P${i}`);
}

/** What a listing made of the moves: in the sink as they were (made before), or as an action and its arguments. */
interface Tally {
  made: number;
  open: number;
}

/** listMovesInto() against legalMoves() for player p on two copies of a state: the same moves, keys and refusals. */
function expectSameListing(s: State, p: number, list: MoveList, tally: Tally): Move[] {
  const a = cloneState(s);
  const b = cloneState(s);
  const legal = legalMoves(a, p);
  const n = listMovesInto(b, p, list);
  expect(n).toBe(legal.length);
  for (let i = 0; i < n; i++) {
    const m = list.move(i);
    expect(m.action).toBe(legal[i].action);
    expect(m.args).toEqual(legal[i].args);
    expect(listedKey(list, i)).toEqual(moveKey(legal[i]));
    // the list's own move object, written over for each move applied from it: this move, whatever came before
    const applied = list.toApply(i);
    expect(applied.action).toBe(legal[i].action);
    expect(applied.args).toEqual(legal[i].args);
    if (list.made[i] === null) tally.open++;
    else tally.made++;
  }
  expect(b.coverage).toEqual(a.coverage);
  expect([b.over, b.error]).toEqual([a.over, a.error]);
  return legal;
}

describe("listing moves without making them", () => {
  for (const backend of backends) {
    it(`lists what legalMoves lists, in its order, in every shipped game (${backend})`, () => {
      const list = new MoveList();
      const tally: Tally = { made: 0, open: 0 };
      let decisions = 0;
      for (const [name, game] of games(backend)) {
        // the generated listing is the one tried here: the closures list through legalMoves itself
        for (const phase of game.phases) expect(phase.listInto !== null, `${name}: ${phase.name}`).toBe(backend === "js");
        for (let g = 0; g < 2; g++) {
          const s = newGame(game, { players: seats(game, g), seed: `list/${name}/${g}`, log: false, coverage: true });
          const rng = seedRng(`walk/${g}`);
          for (let step = 0; step < 250 && !s.over; step++) {
            const who = actors(s);
            if (who.length === 0) break;
            let legal: Move[] = [];
            for (const p of who) legal = expectSameListing(s, p, list, tally);
            // and a player who may not act now lists nothing, either way
            const other = step % s.n;
            if (!who.includes(other)) expect(expectSameListing(s, other, list, tally)).toEqual([]);
            decisions++;
            if (legal.length === 0) break;
            applyMove(s, who[who.length - 1], legal[nextInt(rng, legal.length)], true);
          }
        }
      }
      expect(decisions).toBeGreaterThan(2000);
      // both ways of listing a move were taken (with the closures, every move is made by legalMoves)
      expect(tally.made).toBeGreaterThan(1000);
      if (backend === "js") expect(tally.open).toBeGreaterThan(1000);
      else expect(tally.open).toBe(0);
    });
  }

  it("writes over the last listing, a longer one, in full", () => {
    const game = loadRules("idiot").game!;
    const s = newGame(game, { players: ["A", "B", "C", "D"], seed: "over", log: false });
    const rng = seedRng("over");
    const list = new MoveList();
    let longest = 0;
    for (let step = 0; step < 300 && !s.over; step++) {
      const p = actors(s)[0];
      const legal = legalMoves(s, p);
      expect(listMovesInto(s, p, list)).toBe(legal.length);
      for (let i = 0; i < legal.length; i++) expect(list.move(i)).toEqual(legal[i]);
      longest = Math.max(longest, legal.length);
      if (legal.length === 0) break;
      applyMove(s, p, legal[nextInt(rng, legal.length)], true);
    }
    expect(longest).toBeGreaterThan(5);
  });

  for (const backend of backends) {
    it(`stops the game as legalMoves does when the rules list too many moves (${backend})`, () => {
      const text = tinyRules("", { "      card: hand\n": "      a: {from: \"1..100\"}\n      b: {from: \"1..100\"}\n      c: {from: \"1..100\"}\n", "move(card, pile)": "move(hand.top, pile)" });
      const r = compileRulesText(text, "t.yaml", "t", undefined, { backend });
      if (!r.game) throw new Error(r.diagnostics.map(formatDiagnostic).join("\n"));
      const s = newGame(r.game, { players: ["Ann", "Bob"], seed: 1 });
      const list = new MoveList();
      expect(listMovesInto(s, actors(s)[0], list)).toBe(0);
      expect([s.errorCode, s.error]).toEqual(["E_MOVES", "play: more than 100,000 legal moves at once; let a parameter choose fewer"]);
    });
  }
});

/** Random play as it was written over legalMoves(): the reference randomPlayout() must match. */
function plainPlayout(s: State, depth: number, rng: RngState): void {
  for (let i = 0; i < depth && !s.over; i++) {
    const p = decider(s, rng);
    if (p < 0) return;
    const legal = legalMoves(s, p);
    if (legal.length === 0) return;
    applyMove(s, p, legal[legal.length === 1 ? 0 : nextInt(rng, legal.length)], true);
  }
}

describe("random play in a search", () => {
  const played: [string, Game, number][] = [
    ["idiot", loadRules("idiot").game!, 4],
    ["crazy-eights", loadRules("crazy-eights").game!, 3],
    ["go-fish", loadRules("go-fish").game!, 4],
    ["hands", loadRules("hands").game!, 3],
    ["idle-hands/missions-match", loadRules("idle-hands/missions-match").game!, 3],
    ["an On The Cards round", loadComposition(["Deal Eight", "Take Lots of Tricks", "Crazy Eights", "Whist"]).game!, 4],
  ];
  for (const [name, game, n] of played) {
    it(`draws the same numbers and makes the same moves as over legalMoves (${name})`, () => {
      let single = 0;
      for (let g = 0; g < 12; g++) {
        const s = newGame(game, { players: Array.from({ length: n }, (_, i) => `P${i}`), seed: `playout/${g}`, log: false });
        plainPlayout(s, g * 7, seedRng(`walk/${g}`));
        if (s.over) continue;
        const [a, b] = [cloneState(s), cloneState(s)];
        const [ra, rb] = [seedRng(`p/${g}`), seedRng(`p/${g}`)];
        plainPlayout(a, 40, ra);
        randomPlayout(b, 40, rb);
        expect(Array.from(rb)).toEqual(Array.from(ra));
        expect([b.zones, b.vars, b.moves, b.over, b.error, b.result]).toEqual([a.zones, a.vars, a.moves, a.over, a.error, a.result]);
        // and step by step, where a single legal move draws nothing
        const c = cloneState(s);
        const list = new MoveList();
        for (let i = 0; i < 40 && !c.over; i++) {
          const p = decider(c, rb);
          if (p < 0) break;
          if (listMovesInto(c, p, list) === 1) single++;
          randomPlayout(c, 1, rb);
        }
      }
      if (name === "idiot" || name === "go-fish") expect(single).toBeGreaterThan(0);
    });
  }
});

describe("moving cards with nothing to log", () => {
  // several cards at once (a pair played, a pile taken up, cards drawn and put under) are moved straight from the
  // list given when nothing logs: the game must go exactly as when every move is logged
  const logged: [string, number][] = [["idiot", 4], ["hands", 3], ["crazy-eights", 3], ["go-fish", 4]];
  for (const [id, n] of logged) {
    it(`plays ${id} the same with the log on and off`, () => {
      const game = loadComposition([id]).game!;
      for (let g = 0; g < 10; g++) {
        const [on, off] = [true, false].map((log) => {
          const r = playGame(game, { players: n, seed: `log/${g}`, agents: Array(n).fill(randomAgent), log });
          return JSON.stringify([r.state.zones, r.state.vars, r.state.result, r.moves, r.error]);
        });
        expect(off).toBe(on);
      }
    });
  }

  it("puts several cards under a zone, moves several on top and draws several, as when logged", () => {
    const code = ["putUnder(pile.top(2), stock)", "draw(stock, pile, 2)", "move(stock.top(3), pile)", "putUnder(stock.top(3), stock)"];
    const game = gameOf(tinyRules("", { "move(card, pile)": `move(card, pile)\n      ${code.join("\n      ")}` }));
    let moved = 0;
    for (let g = 0; g < 10; g++) {
      const [on, off] = [true, false].map((log) => {
        const r = playGame(game, { players: 2 + (g % 3), seed: `under/${g}`, agents: Array(4).fill(randomAgent), log });
        expect(r.error).toBeNull();
        moved += r.moves;
        return JSON.stringify([r.state.zones, r.state.result, r.moves]);
      });
      expect(off).toBe(on);
    }
    expect(moved).toBeGreaterThan(100);
  });
});

describe("the text of a legal move", () => {
  it("reads back as a move of the same text, in every shipped game along seeded random games", async () => {
    const { moveText, parseMove, innermost } = await import("../src/interpreter/engine.js");
    const unread: string[] = [];
    for (const [id, game] of games("js")) {
      for (let g = 0; g < 2; g++) {
        const s = newGame(game, { players: seats(game, g), seed: `read-${id}-${g}` });
        const rng = seedRng(`read-${id}-${g}`);
        for (let n = 0; n < 150 && !s.over; n++) {
          const who = actors(s);
          if (who.length === 0) break;
          const p = who[nextInt(rng, who.length)];
          const legal = legalMoves(s, p);
          if (legal.length === 0) break;
          for (const m of legal) {
            const text = moveText(innermost(s), m);
            const read = parseMove(s, p, text);
            // a copy of a card may read as another copy of the same name: the same move to the player
            if ("rule" in read || moveText(innermost(s), read as Move) !== text) unread.push(`${id}: '${text}' ${"rule" in read ? `is refused: ${read.reason}` : "reads as another move"}`);
          }
          applyMove(s, p, legal[nextInt(rng, legal.length)]);
        }
      }
    }
    expect(unread.slice(0, 10)).toEqual([]);
  });
});
