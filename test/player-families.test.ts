// Families of named zones: `expedition: {per: player, family: [red, green]}` gives each player one zone for each
// name, read as `p.expedition.red`, `expedition[c.colour]` (the acting player's) and `p.expedition` (the list of a
// player's zones); a family of the game is named the same way. Both back ends play them; each seat's view hides
// what the zones' visibility hides; every move that names such a zone reads back from its text; and the shipped
// Expeditions, built on them, is finished by random and sensible agents.
import { describe, expect, it } from "vitest";
import { compileRulesText, loadComposition } from "../src/interpreter/load/load.js";
import { formatDiagnostic } from "../src/interpreter/diagnostics.js";
import type { Backend } from "../src/interpreter/backend.js";
import type { Game } from "../src/interpreter/model.js";
import { actors, applyMove, legalMoves, moveText, newGame, parseMove } from "../src/interpreter/engine.js";
import { view } from "../src/interpreter/view.js";
import { zoneLabel } from "../src/interpreter/zones.js";
import { playGame } from "../src/sim/play-game.js";
import { formatLeak, leakCheckGame } from "../src/sim/leaks.js";
import { randomAgent } from "../src/agents/random.js";
import { sensibleAgent } from "../src/agents/sensible.js";
import { nextInt, seedRng } from "../src/interpreter/rng.js";
import { drawTable } from "../src/table/table.js";
import { tableRules } from "../src/table/rules.js";
import type { SvgNode } from "../src/table/svg.js";
import { columnsRules, errorsOf } from "./helpers/rules.js";

const backends: Backend[] = ["closures", "js"];


function compile(text: string, backend: Backend): Game {
  const r = compileRulesText(text, "columns.yaml", "columns", undefined, { backend });
  if (!r.game) throw new Error(r.diagnostics.map(formatDiagnostic).join("\n"));
  return r.game;
}

function shipped(backend: Backend): Game {
  const game = loadComposition(["expeditions"], undefined, { backend }).game;
  if (!game) throw new Error("expeditions does not load");
  return game;
}

/** Plays a random game through move texts: every legal move's text must read back as that move. Returns the moves' texts. */
function roundTrip(game: Game, players: number, seed: string): string[] {
  const s = newGame(game, { players: Array.from({ length: players }, (_, i) => `P${i}`), seed });
  const rng = seedRng(seed);
  const texts: string[] = [];
  for (let step = 0; step < 2000 && !s.over; step++) {
    const p = actors(s)[0];
    const moves = legalMoves(s, p);
    for (const m of moves) {
      const text = moveText(s, m);
      const back = parseMove(s, p, text);
      expect("action" in back ? moveText(s, back) : back, text).toBe(text);
      texts.push(text);
    }
    const r = applyMove(s, p, moves[nextInt(rng, moves.length)]);
    expect(r.ok).toBe(true);
  }
  expect(s.over).toBe(true);
  return texts;
}

describe("a family of named zones each player has", () => {
  it.each(backends)("is a zone for each player and each name, named family.member (%s)", (backend) => {
    const game = compile(columnsRules, backend);
    expect(game.zones.map((z) => z.name)).toEqual(["stock", "hand", "col.S", "col.H", "col.D", "col.C", "stash.low", "stash.high", "vault.a", "pool.S", "pool.H", "pool.D", "pool.C"]);
    const s = newGame(game, { players: ["Ann", "Bob"], seed: 1 });
    const labels = s.zones.map((_, z) => zoneLabel(s, z));
    expect(labels).toContain("Ann's col S");
    expect(labels).toContain("Bob's stash high");
    expect(labels).toContain("pool H");
  });

  it.each(backends)("plays alike in both back ends, and each seat's view hides what it must (%s)", (backend) => {
    const game = compile(columnsRules, backend);
    for (let g = 0; g < 10; g++) {
      const record = playGame(game, { players: 2 + (g % 3), seed: `columns-${g}`, agents: Array(2 + (g % 3)).fill(randomAgent) });
      expect(record.error).toBeNull();
      const s = record.state;
      for (let p = -1; p < s.n; p++) {
        for (const z of view(s, p).zones) {
          const def = game.zones.find((d) => d.name === z.name)!;
          const hidden = z.cards.filter((c) => c < 0).length;
          if (def.family?.name === "col") expect(hidden).toBe(0);
          if (def.family?.name === "stash") expect(hidden).toBe(z.owner === p ? 0 : z.cards.length);
          if (def.family?.name === "vault") expect(hidden).toBe(z.cards.length);
          if (def.family?.name === "pool") expect(hidden).toBe(Math.max(0, z.cards.length - 1));
        }
      }
      // every card is somewhere, and the families were used
      expect(s.zones.flat().length).toBe(52);
    }
  });

  it("gives the same games in the closures and in generated JavaScript", () => {
    const [a, b] = backends.map((backend) => compile(columnsRules, backend));
    for (let g = 0; g < 10; g++) {
      const o = { players: 2 + (g % 3), seed: `same-${g}`, log: true };
      const x = playGame(a, { ...o, agents: Array(o.players).fill(randomAgent) });
      const y = playGame(b, { ...o, agents: Array(o.players).fill(randomAgent) });
      expect(JSON.stringify(y.state.zones)).toBe(JSON.stringify(x.state.zones));
      expect(y.state.result).toEqual(x.state.result);
    }
  });

  it.each(backends)("writes moves that name a player's zone of a family, and reads them back (%s)", (backend) => {
    const game = compile(columnsRules, backend);
    const texts = [0, 1, 2].flatMap((g) => roundTrip(game, 2 + g, `trip-${g}`));
    expect(texts.some((t) => /^lay \S+ P\d\.col\.[SHDC]$/.test(t))).toBe(true);
  });

  it("shows no hidden card of a family of zones in any view, legal move or log line", () => {
    const game = compile(columnsRules, "closures");
    const found = [2, 3].flatMap((n) => leakCheckGame(game, { players: n, seed: `columns-leaks-${n}`, every: 1, limit: 5 }).map(formatLeak));
    expect(found).toEqual([]);
  });

  it("refuses what it cannot mean", () => {
    const base = columnsRules;
    expect(errorsOf(base.replace("vault: {per: player, family: [a], visible: nobody}", "vault: {many: true, family: [a], visible: nobody}")).join("\n")).toMatch(/either a family made during play/);
    expect(errorsOf(base.replace("move(card, stash[card.rank > 7", "move(card, stash.middle[card.rank > 7")).join("\n")).toMatch(/has no 'middle'/);
    expect(errorsOf(base.replace("end: players.all(p => p.hand.empty)", "end: col.S.empty")).join("\n")).toMatch(/'col' belongs to each player: say whose, as in p\.col/);
  });
});

describe("Expeditions, built on a family of named zones each player has", () => {
  it.each(backends)("is finished by random and sensible agents (%s)", (backend) => {
    const game = shipped(backend);
    for (const [agent, name] of [[randomAgent, "random"], [sensibleAgent, "sensible"]] as const) {
      for (let g = 0; g < 10; g++) {
        const record = playGame(game, { players: 2, seed: `${name}-${g}`, agents: [agent, agent] });
        expect(record.error).toBeNull();
        expect(record.state.over).toBe(true);
      }
    }
  });

  it("is drawn on the table from each seat's view: each player's columns by name, the other's hand as backs", () => {
    const game = shipped("closures");
    // thirty random moves in: cards in hands, on expeditions and on discard piles
    const state = newGame(game, { players: ["Ann", "Bob"], seed: "table" });
    const rng = seedRng("table");
    for (let i = 0; i < 30; i++) {
      const p = actors(state)[0];
      const moves = legalMoves(state, p);
      applyMove(state, p, moves[nextInt(rng, moves.length)]);
    }
    const texts = (n: SvgNode | string): string[] => (typeof n === "string" ? [n] : n.children.flatMap(texts));
    const cards = (n: SvgNode | string): number[] => (typeof n === "string" ? [] : [...(n.attrs["data-card"] !== undefined ? [Number(n.attrs["data-card"])] : []), ...n.children.flatMap(cards)]);
    for (const p of [0, 1]) {
      const v = view(state, p);
      const svg = drawTable(tableRules(game), v);
      expect(texts(svg).join("\n")).toMatch(/expedition red/);
      expect(v.zones.some((z) => z.name.startsWith("expedition.") && z.cards.length > 0)).toBe(true);
      const known = new Set(v.zones.flatMap((z) => z.cards.filter((c) => c >= 0)));
      expect(cards(svg).filter((c) => c >= 0 && !known.has(c))).toEqual([]);
      // the other seat's hand is hidden, every expedition shown
      for (const z of v.zones) {
        if (z.name === "hand" && z.owner !== p) expect(z.cards.every((c) => c < 0)).toBe(true);
        if (z.name.startsWith("expedition.")) expect(z.cards.every((c) => c >= 0)).toBe(true);
      }
    }
  });

  it.each(backends)("writes every legal move so that it reads back (%s)", (backend) => {
    const texts = roundTrip(shipped(backend), 2, "expeditions-trip");
    expect(texts.some((t) => /^draw discard\.(red|green|blue|white|yellow)$/.test(t))).toBe(true);
  });
});
