// A rule file never crashes the interpreter: files mangled with the standing campaign's edits give diagnostics,
// and a file that still loads plays without throwing (a rule that fails at run time stops the game with a message).
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { compileRulesText } from "../src/interpreter/load/load.js";
import { resolveRules } from "../src/interpreter/load/resolve.js";
import { newGame, legalMoves, applyMove, actors } from "../src/interpreter/engine.js";
import { nextInt, seedRng } from "../src/interpreter/rng.js";
import { mutateText } from "../src/fuzz/mutate.js";

const sources = ["idiot", "hands", "idle-hands/missions"].map((id) => ({ id, text: readFileSync(resolveRules(id)!, "utf8") }));

describe("mangled rule files", () => {
  it.each(sources.map((s) => [s.id, s.text]))("%s: 150 random edits never throw, and every problem is located", (id, text) => {
    const rng = seedRng(`mangle/${id}`);
    let loaded = 0;
    for (let k = 0; k < 150; k++) {
      let mangled = text;
      for (let e = 0; e <= nextInt(rng, 3); e++) mangled = mutateText(mangled, rng); // the campaign's edits (src/fuzz/mutate.ts)
      const r = compileRulesText(mangled, "m.yaml", "m");
      for (const d of r.diagnostics) {
        expect(d.line).toBeGreaterThanOrEqual(1);
        expect(d.col).toBeGreaterThanOrEqual(1);
        expect(d.message.length).toBeGreaterThan(0);
        expect(d.message).not.toContain("internal error"); // a crash caught by the loader's safety net
      }
      if (!r.game) {
        expect(r.diagnostics.some((d) => d.severity === "error")).toBe(true);
        continue;
      }
      loaded++;
      const players = Math.min(r.game.players.max, Math.max(r.game.players.min, 3));
      const s = newGame(r.game, { players: Array.from({ length: players }, (_, i) => `P${i + 1}`), seed: k, log: false });
      for (let m = 0; m < 300 && !s.over; m++) {
        const p = actors(s)[0];
        if (p === undefined) break;
        const legal = legalMoves(s, p);
        if (legal.length === 0) break;
        applyMove(s, p, legal[nextInt(rng, legal.length)], true, s.now);
      }
    }
    expect(loaded).toBeGreaterThan(0);
  });
});
