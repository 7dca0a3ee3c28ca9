// A search deals one position after another into the same state (copyState), seeds its random numbers in place
// (from a whole number's digits without making its text) and names moves by numbers where it can: each must give
// exactly what the plain way gives.
import { execFileSync } from "node:child_process";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { loadComposition, loadRules } from "../src/interpreter/load/load.js";
import type { Game } from "../src/interpreter/model.js";
import { actors, actorsInto, applyMove, legalMoves, newGame, type Move } from "../src/interpreter/engine.js";
import { cloneState, copyState, type State } from "../src/interpreter/state.js";
import { view } from "../src/interpreter/view.js";
import { nextInt, seedRng, type RngState } from "../src/interpreter/rng.js";
import { deal, prepare } from "../src/agents/determinize.js";
import { decider, moveKey } from "../src/agents/playout.js";

const games: [string, Game, number][] = [
  ["idiot", loadRules("idiot").game!, 4],
  ["crazy-eights", loadRules("crazy-eights").game!, 3],
  ["go-fish", loadRules("go-fish").game!, 4],
  ["hands", loadRules("hands").game!, 3],
  ["idle-hands/missions-match", loadRules("idle-hands/missions-match").game!, 3],
  ["idle-hands/seven-sins", loadRules("idle-hands/seven-sins").game!, 4], // families of zones that grow
  ["an On The Cards round", loadComposition(["Deal Eight", "Take Lots of Tricks", "Crazy Eights", "Whist"]).game!, 4],
];

/** Random moves by whoever may act, until the game ends or `moves` are made. */
function playOn(s: State, moves: number, rng: RngState): void {
  for (let i = 0; i < moves && !s.over; i++) {
    const who = actors(s);
    if (who.length === 0) return;
    const p = who[nextInt(rng, who.length)];
    const legal = legalMoves(s, p);
    if (legal.length === 0) return;
    applyMove(s, p, legal[nextInt(rng, legal.length)], true);
  }
}

/** Every field of a state: the rules by identity, a game inside it (playing, or the last played) by its zones. */
function expectSame(a: State, b: State): void {
  expect(Object.keys(a)).toEqual(Object.keys(b));
  for (const key of Object.keys(b) as (keyof State)[]) {
    if (key === "game") expect(a.game).toBe(b.game);
    else if (key === "sub" || key === "last") expect(a[key]?.zones, key).toEqual(b[key]?.zones);
    else expect(a[key], key).toEqual(b[key]);
  }
}

describe("copying a state into another", () => {
  it.each(games)("%s: the copy is the clone, however far the state it overwrites had gone", (_, game, n) => {
    const rng = seedRng(`copy/${game.id}`);
    const players = Array.from({ length: n }, (_, i) => `P${i + 1}`);
    for (const [start, further] of [[0, 40], [25, 300], [120, 5], [60, 2000]]) {
      const base = newGame(game, { players, seed: `${game.id}/${start}`, log: false });
      playOn(base, start, rng);
      const into = cloneState(base);
      playOn(into, further, rng); // zones emptied and filled, families of zones grown, phases and rounds passed
      copyState(into, base);
      expectSame(into, cloneState(base));
      // and it plays on as the clone does
      const clone = cloneState(base);
      const a = seedRng(`on/${start}`);
      const b = seedRng(`on/${start}`);
      playOn(into, 200, a);
      playOn(clone, 200, b);
      expectSame(into, clone);
    }
  });
});

describe("dealing a view into a state used before", () => {
  // (a match's view is not dealt: determinization plans within one game)
  it.each(games.filter(([name]) => !name.endsWith("match")))("%s: the same deal as into a new copy", (_, game, n) => {
    const players = Array.from({ length: n }, (_, i) => `P${i + 1}`);
    const s = newGame(game, { players, seed: `deal/${game.id}`, log: false });
    playOn(s, 30, seedRng("to a position"));
    const p = actors(s)[0] ?? 0;
    const fresh = seedRng("deals");
    const reused = seedRng("deals");
    const prepFresh = prepare(game, view(s, p), seedRng("prepare"));
    const prepReused = prepare(game, view(s, p), seedRng("prepare"));
    let into: State | undefined;
    const walk = seedRng("playouts");
    for (let i = 0; i < 25; i++) {
      const a = deal(prepFresh, fresh);
      into = deal(prepReused, reused, into);
      expectSame(into, a);
      const steps = seedRng(`playout/${i}`);
      playOn(into, nextInt(walk, 60), steps); // the next deal overwrites a state that has moved on
    }
  });
});

describe("seeding random numbers in place", () => {
  it("gives the numbers a new generator gives", () => {
    const into = seedRng("something else");
    for (const seed of [0, 1, 4294967295, "7:12", "search/3", ""]) {
      const got = seedRng(seed, into);
      expect(got).toBe(into);
      expect([...got]).toEqual([...seedRng(seed)]);
    }
  });

  it("seeds from a whole number's digits as from its text", () => {
    // below 2^32 the digits are worked out without String(); the text's own hash is the reference
    const rng = seedRng("digits");
    const seeds = [0, 1, 9, 10, 11, 99, 100, 101, 2147483647, 2147483648, 4294967294, 4294967295, -0];
    for (let i = 0; i < 2000; i++) seeds.push(nextInt(rng, 2) ? nextInt(rng, 4294967296) : nextInt(rng, 1000));
    for (const seed of seeds) expect([...seedRng(seed)], String(seed)).toEqual([...seedRng(String(seed))]);
    // other numbers still go by their text
    for (const seed of [-1, 1.5, 4294967296, 1e21, NaN]) expect([...seedRng(seed)], String(seed)).toEqual([...seedRng(String(seed))]);
    expect([...seedRng(12)]).not.toEqual([...seedRng(21)]);
  });
});

describe("move keys", () => {
  /** The plain key: the action and its arguments as text. */
  const isCard = (v: unknown) => Number.isInteger(v) && (v as number) >= 0 && (v as number) < 8192;
  const numberable = (a: unknown) => a === null || isCard(a) || (Array.isArray(a) && a.length >= 1 && a.length <= 3 && a.every(isCard));
  const textKey = (m: Move) => [m.action.index, ...m.args.map((a) => (Array.isArray(a) ? a.join(".") : String(a)))].join(":");

  it.each(games)("%s: two legal moves share a key exactly when they are the same move", (_, game, n) => {
    const players = Array.from({ length: n }, (_, i) => `P${i + 1}`);
    const rng = seedRng(`keys/${game.id}`);
    let numbered = 0;
    let lists = 0; // moves of a list of two or three cards
    const byKey = new Map<number | string, string>();
    for (let g = 0; g < 3; g++) {
      const s = newGame(game, { players, seed: `keys/${g}`, log: false });
      for (let i = 0; i < 400 && !s.over; i++) {
        for (const p of actors(s)) {
          for (const m of legalMoves(s, p)) {
            const key = moveKey(m);
            const text = textKey(m);
            if (typeof key === "number") numbered++;
            // no argument, or none, one card or number, or a list of one to three cards: a number, below 2^51
            if (m.args.length === 0 || (m.args.length === 1 && numberable(m.args[0]))) {
              expect(typeof key, text).toBe("number");
              expect(key as number).toBeLessThan(2 ** 51);
            }
            if (typeof key === "number" && key >= 2 ** 30) lists++;
            expect(byKey.get(key) ?? text).toBe(text);
            byKey.set(key, text);
          }
        }
        playOn(s, 1, rng);
      }
    }
    // different moves have different keys: as many keys as moves told apart by their text
    expect(byKey.size).toBe(new Set(byKey.values()).size);
    // (Go Fish's moves name a player and a rank, and keep their text)
    if (game.id !== "go-fish") expect(numbered).toBeGreaterThan(0);
    if (game.id === "idiot") expect(lists).toBeGreaterThan(0); // a pair or three of a kind played at once
  });
});

describe("who decides, asked without a new list", () => {
  it.each(games)("%s: the players actors() lists, and the same random choice among them", (_, game, n) => {
    const players = Array.from({ length: n }, (_, i) => `P${i + 1}`);
    const rng = seedRng(`who/${game.id}`);
    let several = 0;
    for (let g = 0; g < 4; g++) {
      const s = newGame(game, { players, seed: `who/${g}`, log: false });
      const a = seedRng(`decide/${g}`);
      const b = seedRng(`decide/${g}`);
      for (let i = 0; i < 300; i++) {
        const want = actors(s);
        const into = [9, 9, 9, 9, 9, 9, 9, 9]; // longer than any list: only the count says where it ends
        const count = actorsInto(s, into);
        expect(into.slice(0, count)).toEqual(want);
        if (want.length > 1) several++;
        // the choice as it was made from actors()' own list
        const plain = want.length === 0 ? -1 : want.length === 1 ? want[0] : want[nextInt(b, want.length)];
        expect(decider(s, a)).toBe(plain);
        expect([...a]).toEqual([...b]);
        if (s.over) break;
        playOn(s, 1, rng);
      }
    }
    if (game.id === "idiot") expect(several).toBeGreaterThan(0); // the swap at the start: everyone at once
  });
});

describe("the kind of list a copy's zones are", () => {
  // V8 keeps a list of small whole numbers without holes in a faster form than a list of any values. A copy made
  // again and again by copyState must keep its zones in the form the game's own zones have, or every listing
  // and move the engine makes on a search's copies reads a second, slower kind of list. (A store that has put
  // objects or holes into some list turns the next list of numbers it stores into into that kind: copyState keeps
  // the variables and the per-card lists apart from the zones for this.) V8's own checks need a process of their own.
  it("stays the game's own after many deals and playouts", () => {
    const dist = (path: string) => JSON.stringify(pathToFileURL(`dist/src/${path}`).href);
    const script = `
      const { installNodeHost } = await import(${dist("node/host.js")}); installNodeHost();
      const { loadRules } = await import(${dist("interpreter/load/load.js")});
      const { actors, applyMove, legalMoves, newGame } = await import(${dist("interpreter/engine.js")});
      const { view } = await import(${dist("interpreter/view.js")});
      const { nextInt, seedRng } = await import(${dist("interpreter/rng.js")});
      const { deal, prepare } = await import(${dist("agents/determinize.js")});
      const { randomPlayout } = await import(${dist("agents/playout.js")});
      const game = loadRules("idiot").game;
      const s = newGame(game, { players: ["A", "B", "C", "D"], seed: "kinds", log: false });
      const rng = seedRng("kinds");
      for (let i = 0; i < 120 && !s.over; i++) { const p = actors(s)[0]; const l = legalMoves(s, p); applyMove(s, p, l[nextInt(rng, l.length)], true); }
      const prep = prepare(game, view(s, actors(s)[0]), rng);
      let copy;
      const differ = new Set();
      for (let i = 0; i < 500; i++) {
        copy = deal(prep, rng, copy);
        copy.zones.forEach((z, k) => { if (!%HaveSameMap(z, s.zones[k])) differ.add(k); });
        randomPlayout(copy, 10, rng);
      }
      process.stdout.write(JSON.stringify([...differ]));`;
    const out = execFileSync(process.execPath, ["--allow-natives-syntax", "--input-type=module", "-e", script], { encoding: "utf8" });
    expect(JSON.parse(out)).toEqual([]);
  });
});
