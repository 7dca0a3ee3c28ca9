// The two back ends against each other: every shipped game and variant, and On The Cards rounds composed from
// every rule card, played by random agents with the closures and with generated JavaScript. Each game must give
// the same events, byte for byte, in the same order — of the game and of the games played inside it — and the
// same result. A difference is reported at its first event.
import { describe, expect, it } from "vitest";
import { loadComposition } from "../src/interpreter/load/load.js";
import { shippedRules } from "../src/interpreter/load/resolve.js";
import { preset, presetNames, ruleCards } from "../src/interpreter/load/catalog.js";
import type { Backend } from "../src/interpreter/backend.js";
import type { Game } from "../src/interpreter/model.js";
import { playGame } from "../src/sim/play-game.js";
import { randomAgent } from "../src/agents/random.js";

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
