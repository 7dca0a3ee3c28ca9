// Fragments composed onto a base: what they may add, replace and extend, and the conflicts that are refused.
import { describe, expect, it } from "vitest";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadComposition, loadRules } from "../src/interpreter/load/load.js";
import { formatDiagnostic, sortDiagnostics } from "../src/interpreter/diagnostics.js";
import { newGame, legalMoves, applyMove, play } from "../src/interpreter/engine.js";
import { tinyRules } from "./helpers/rules.js";

function folder(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), "houserules-compose-"));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

const base = tinyRules("define:\n  points(p): p.hand.count\n", { "end: players.all(p => p.hand.empty)": "end: players.all(p => p.hand.empty)\noutcome:\n  scores: p => points(p)" });

function errors(dir: string, refs: string[]): string[] {
  return sortDiagnostics(loadComposition(refs.map((r) => `./${r}`), dir).diagnostics)
    .filter((d) => d.severity === "error")
    .map((d) => formatDiagnostic({ ...d, file: d.file.slice(d.file.lastIndexOf("/") + 1) }));
}

describe("composing fragments", () => {
  it("adds new items and replaces listed ones", () => {
    const dir = folder({
      "base.yaml": base,
      "double.yaml": "extends: ./base.yaml\nname: Double\nreplaces: [define.points]\ndefine:\n  points(p): 2 * p.hand.count\n  bonus: 1\n",
    });
    const r = loadComposition(["./base.yaml", "./double.yaml"], dir);
    expect(r.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    expect(r.game!.name).toBe("Tiny + Double");
    const s = newGame(r.game!, { players: ["Ann", "Bob"], seed: 1 });
    expect(s.over).toBe(false);
  });

  it("loads a fragment by itself composed onto the base it extends", () => {
    const dir = folder({ "base.yaml": base, "f.yaml": "extends: ./base.yaml\nname: F\nconstants:\n  extra: 3\n" });
    const r = loadComposition(["./f.yaml"], dir);
    expect(r.game?.name).toBe("Tiny + F");
  });

  it("refuses to replace an item the fragment does not list, at the fragment's line", () => {
    const dir = folder({ "base.yaml": base, "f.yaml": "extends: ./base.yaml\nname: F\ndefine:\n  points(p): 0\n" });
    expect(errors(dir, ["f.yaml"])).toEqual([
      "f.yaml:4:3: error E_CONFLICT: 'define.points' is already set by the base; a fragment replaces an item only when it lists it under replaces",
    ]);
  });

  it("refuses two fragments that replace the same item without saying which wins", () => {
    const dir = folder({
      "base.yaml": base,
      "a.yaml": "extends: ./base.yaml\nname: A\nreplaces: [define.points]\ndefine:\n  points(p): 1\n",
      "b.yaml": "extends: ./base.yaml\nname: B\nreplaces: [define.points]\ndefine:\n  points(p): 2\n",
      "c.yaml": "extends: ./base.yaml\nname: C\nreplaces: [define.points]\noverrides: [a]\ndefine:\n  points(p): 3\n",
    });
    expect(errors(dir, ["a.yaml", "b.yaml"])).toEqual([
      "b.yaml:5:3: error E_CONFLICT: 'define.points' is also replaced by a: say which wins, with overrides: [a] in one of them",
    ]);
    expect(errors(dir, ["a.yaml", "c.yaml"])).toEqual([]);
  });

  it("appends effects to a program and actions to a phase", () => {
    const dir = folder({
      "base.yaml": base,
      "f.yaml": [
        "extends: ./base.yaml",
        "name: F",
        "append:",
        "  setup: draw(stock, pile, 2)",
        "  phases.main.actions: [pass]",
        "actions:",
        "  pass:",
        "    effect: draw(stock, hand)",
      ].join("\n") + "\n",
    });
    const r = loadComposition(["./f.yaml"], dir);
    expect(r.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    const s = newGame(r.game!, { players: ["Ann", "Bob"], seed: 1 });
    expect(s.zones[s.game.zones.find((z) => z.name === "pile")!.slot]).toHaveLength(2);
    expect(play(s, s.current, "pass")).toEqual({ ok: true });
  });

  it("reports an error inside a fragment's expression in the fragment's file", () => {
    const dir = folder({ "base.yaml": base, "f.yaml": "extends: ./base.yaml\nname: F\nappend:\n  setup: shuffle(stok)\n" });
    expect(errors(dir, ["f.yaml"])).toEqual(["f.yaml:4:18: error E_NAME: unknown name 'stok' (did you mean 'stock'?)"]);
  });

  it("lists what is replaced but not there", () => {
    const dir = folder({ "base.yaml": base, "f.yaml": "extends: ./base.yaml\nname: F\nreplaces: [define.pionts]\n" });
    expect(errors(dir, ["f.yaml"])).toEqual(["f.yaml:3:11: error E_COMPOSE: 'define.pionts' is listed under replaces, but nothing sets it"]);
  });

  it("fills each part of a base exactly once", () => {
    const partsBase = base.replace("define:\n  points(p): p.hand.count\n", "parts:\n  scoring: {type: Aim}\n");
    const dir = folder({
      "base.yaml": partsBase,
      "few.yaml": "extends: ./base.yaml\nname: Few\nfragment: {type: Aim, fills: [scoring]}\ndefine:\n  points(p): 0 - p.hand.count\n",
      "many.yaml": "extends: ./base.yaml\nname: Many\nfragment: {type: Aim, fills: [scoring]}\ndefine:\n  points(p): p.hand.count\n",
      "twist.yaml": "extends: ./base.yaml\nname: Twist\nfragment: {type: Optional Twist, changes: [scoring]}\nreplaces: [define.points]\ndefine:\n  points(p): 7\n",
    });
    expect(errors(dir, ["base.yaml"])).toEqual(["base.yaml:25:3: error E_COMPOSE: no fragment fills the Aim part"]);
    expect(errors(dir, ["few.yaml", "many.yaml"])).toEqual(["many.yaml:3:30: error E_CONFLICT: the Aim part is already filled by few: a round takes exactly one"]);
    expect(errors(dir, ["few.yaml"])).toEqual([]);
    expect(errors(dir, ["few.yaml", "twist.yaml"])).toEqual([]);
  });
});

describe("a game inside a game", () => {
  it("plays the inner game's moves, then the outer phase's end effects read its result", () => {
    const dir = folder({
      "round.yaml": tinyRules(),
      "match.yaml": [
        "name: Match",
        "players: {min: 2, max: 4}",
        "cards:",
        "  sets:",
        "    - {each: {n: [1, 2, 3]}, into: box}",
        "zones:",
        "  box: {visible: everyone}",
        "variables:",
        "  rounds: {type: number}",
        "phases:",
        "  round:",
        "    game: '\"./round.yaml\"'",
        "    end: |",
        "      rounds += 1",
        "      dealer = left(dealer)",
        "end: rounds >= 2",
      ].join("\n") + "\n",
    });
    const match = loadRules("./match.yaml", dir);
    expect(match.diagnostics.filter((d) => d.severity === "error").map(formatDiagnostic)).toEqual([]);
    const s = newGame(match.game!, { players: ["Ann", "Bob"], seed: 3, dealer: 0 });
    expect(s.sub).not.toBeNull();
    let moves = 0;
    while (!s.over && moves < 100) {
      const inner = s.sub!;
      const p = inner.current;
      expect(applyMove(s, p, legalMoves(s, p)[0], true)).toEqual({ ok: true });
      moves++;
    }
    expect(s.over).toBe(true);
    expect(s.error).toBeNull();
    expect(moves).toBe(12); // two rounds of three cards each for two players
    expect(s.dealer).toBe(0); // moved on twice
  });
});
