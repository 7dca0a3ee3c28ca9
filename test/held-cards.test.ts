// Cards that hold cards: a zone declared `per: card` is one zone for each card, `c.under` the cards laid on c.
// They go wherever the card holding them goes, are seen where it is seen (visible: card), and are scored through
// it. Both back ends play them alike; no view shows a card held by a card its viewer may not see.
import { describe, expect, it } from "vitest";
import { compileRulesText } from "../src/interpreter/load/load.js";
import { formatDiagnostic } from "../src/interpreter/diagnostics.js";
import type { Backend } from "../src/interpreter/backend.js";
import type { Game } from "../src/interpreter/model.js";
import { actors, applyMove, legalMoves, moveText, newGame, parseMove } from "../src/interpreter/engine.js";
import { view } from "../src/interpreter/view.js";
import { zoneName } from "../src/interpreter/zones.js";
import { playGame } from "../src/sim/play-game.js";
import { formatLeak, leakCheckGame } from "../src/sim/leaks.js";
import { randomAgent } from "../src/agents/random.js";
import { nextInt, seedRng } from "../src/interpreter/rng.js";
import { errorsOf, heldRules } from "./helpers/rules.js";
import { runScenarioText } from "../src/scenario/scenario.js";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const backends: Backend[] = ["closures", "js"];

function compile(text: string, backend: Backend): Game {
  const r = compileRulesText(text, "tucks.yaml", "tucks", undefined, { backend });
  if (!r.game) throw new Error(r.diagnostics.map(formatDiagnostic).join("\n"));
  return r.game;
}

describe("cards that hold cards", () => {
  it.each(backends)("keep the cards laid on them wherever they go, seen where they are seen (%s)", (backend) => {
    const game = compile(heldRules, backend);
    const under = game.zones.find((d) => d.name === "under")!;
    let carried = 0;
    let hiddenHeld = 0;
    for (let g = 0; g < 12; g++) {
      const n = 2 + (g % 3);
      const s = newGame(game, { players: Array.from({ length: n }, (_, i) => `P${i}`), seed: `held-${g}` });
      const rng = seedRng(`held-${g}`);
      while (!s.over) {
        const p = actors(s)[0];
        const moves = legalMoves(s, p);
        for (const m of moves) {
          const text = moveText(s, m);
          const back = parseMove(s, p, text);
          expect("action" in back ? moveText(s, back) : back).toBe(text);
        }
        expect(applyMove(s, p, moves[nextInt(rng, moves.length)]).ok).toBe(true);
        // each seat's view: a held card is seen exactly where the card holding it is seen
        for (let q = 0; q < n; q++) {
          const v = view(s, q);
          const seen = new Set(v.zones.flatMap((z) => z.cards.filter((c) => c >= 0)));
          for (const z of v.zones) {
            if (z.name !== "under" || z.cards.length === 0) continue;
            const host = z.zone - under.slot;
            for (const c of z.cards) expect(c >= 0).toBe(seen.has(host));
            if (!seen.has(host)) hiddenHeld++;
            // its name says where the card holding it lies, never which card that is
            expect(z.label).not.toContain(game.cardNames[host]);
          }
        }
      }
      // a card taken into a player's pile kept what it held
      for (let z = 0; z < s.zones.length; z++) {
        if (game.zones[s.zoneDef[z]].name !== "won") continue;
        for (const c of s.zones[z]) carried += s.zones[under.slot + c].length;
      }
      expect(s.zones.flat().length).toBe(52);
    }
    expect(carried).toBeGreaterThan(0);
    expect(hiddenHeld).toBeGreaterThan(0);
  });

  it("gives the same games in the closures and in generated JavaScript, and scores what the cards hold", () => {
    const [a, b] = backends.map((backend) => compile(heldRules, backend));
    let scored = 0;
    for (let g = 0; g < 12; g++) {
      const o = { players: 2 + (g % 3), seed: `same-${g}`, log: true };
      const x = playGame(a, { ...o, agents: Array(o.players).fill(randomAgent) });
      const y = playGame(b, { ...o, agents: Array(o.players).fill(randomAgent) });
      expect(x.error).toBeNull();
      expect(JSON.stringify(y.state.zones)).toBe(JSON.stringify(x.state.zones));
      expect(y.state.result).toEqual(x.state.result);
      const won = x.state.zones.filter((_, z) => a.zones[x.state.zoneDef[z]].name === "won").flat().length;
      scored += (x.state.result?.scores ?? []).reduce((t, v) => t + v, 0) - won;
    }
    expect(scored).toBeGreaterThan(0); // held cards added to the scores
  });

  it("names the zone of a held card by where the card holding it lies", () => {
    const game = compile(heldRules, "closures");
    const s = newGame(game, { players: ["Ann", "Bob"], seed: 2 });
    const host = s.zones[game.zones.find((d) => d.name === "hand")!.slot + s.game.sharedZones][0];
    const z = game.zones.find((d) => d.name === "under")!.slot + host;
    expect(zoneName(s, z)).toMatch(/^under \(Ann's hand #\d\)$/);
  });

  it("shows no held card of a hidden card in any view, legal move or log line", () => {
    const game = compile(heldRules, "closures");
    const found = [2, 3].flatMap((n) => leakCheckGame(game, { players: n, seed: `held-leaks-${n}`, every: 1, limit: 5 }).map(formatLeak));
    expect(found).toEqual([]);
  });

  it("refuses what it cannot mean", () => {
    expect(errorsOf(heldRules.replace("move(card, row.top.under)", "move(card, under)")).join("\n")).toMatch(/'under' belongs to each card: say whose, as in c\.under/);
    expect(errorsOf(heldRules.replace("under: {per: card, visible: card", "under: {per: card, visible: owner")).join("\n")).toMatch(/seen by everyone, by nobody, or as the card holding them is/);
    expect(errorsOf(heldRules.replace("row: {visible: everyone}", "row: {visible: card}")).join("\n")).toMatch(/visible: card is for a zone each card has/);
  });

  it("is refused by name in a scenario's deal and expectations, rather than read as a zone of the game", () => {
    const dir = mkdtempSync(join(tmpdir(), "held-"));
    writeFileSync(join(dir, "tucks.yaml"), heldRules);
    const failures = (text: string) => runScenarioText(text, "s.yaml", dir).failures.map(formatDiagnostic).join("\n");
    const head = "name: held\nrules: ./tucks.yaml\nplayers: [Ann, Bob]\n";
    expect(failures(`${head}deal:\n  under: [2C]\n`)).toMatch(/under is a zone each card has: a scenario does not deal it/);
    expect(failures(`${head}expect: {zones: {under: [2C]}}\n`)).toMatch(/under is a zone each card has/);
    expect(failures(`${head}expect: {counts: {under: 0}}\n`)).toMatch(/under is a zone each card has/);
  });

  it("names and hides cards laid each on the next in a ring, without following the ring for ever", () => {
    const ring = heldRules.replace("    effect: move(card, hand.without(card).first.under)", "    effect: |\n      let other = hand.without(card).first\n      move(card, other.under)\n      move(other, card.under)");
    expect(ring).not.toBe(heldRules);
    const game = compile(ring, "closures");
    const s = newGame(game, { players: ["Ann", "Bob"], seed: 4 });
    const p0 = actors(s)[0];
    const tuck = legalMoves(s, p0).find((m) => m.action.name === "tuck")!;
    expect(JSON.stringify(applyMove(s, p0, tuck))).toContain('"ok":true');
    const under = game.zones.find((d) => d.name === "under")!;
    const held = s.zones.map((cards, z) => ({ cards, z })).filter(({ cards, z }) => game.zones[s.zoneDef[z]] === under && cards.length > 0);
    expect(held.length).toBe(2);
    for (const { z } of held) expect(zoneName(s, z)).toMatch(/ring of cards/);
    for (const p of [0, 1]) for (const { z } of held) expect(view(s, p).zones[z].cards.every((c) => c < 0)).toBe(true);
  });
});
