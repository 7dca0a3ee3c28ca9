// Generated code calls the engine's functions (moveCards, tick, firstTurn, ...) as constants of its module, and
// gives each all of its parameters: V8 makes a call with fewer arguments than parameters cost more than the rest of
// a one-card move (a default parameter left out is such a call).
import { beforeAll, describe, expect, it, vi } from "vitest";
import { loadComposition, loadRules } from "../src/interpreter/load/load.js";
import { generatedSource } from "../src/interpreter/js/game.js";
import { Module } from "../src/interpreter/js/module.js";
import type { Game } from "../src/interpreter/model.js";

/** How many parameters a function declares, defaults and all. */
function parameters(fn: (...args: never[]) => unknown): number {
  const text = fn.toString();
  const open = text.indexOf("(");
  let depth = 0;
  let count = 0;
  let any = false;
  for (let i = open; i < text.length; i++) {
    const ch = text[i];
    if ("([{".includes(ch)) depth++;
    else if (")]}".includes(ch)) {
      if (--depth === 0) break;
    } else if (depth === 1 && ch === ",") count++;
    else if (depth >= 1 && !/\s/.test(ch)) any = true;
  }
  return any ? count + 1 : 0;
}

/** Every call of a constant in the source: its name and how many arguments it is given. */
function calls(source: string): { name: string; args: number }[] {
  const out: { name: string; args: number }[] = [];
  for (const m of source.matchAll(/\b(k\d+)\(/g)) {
    let depth = 1;
    let args = 0;
    let any = false;
    for (let i = m.index! + m[0].length; i < source.length && depth > 0; i++) {
      const ch = source[i];
      if ("([{".includes(ch)) depth++;
      else if (")]}".includes(ch)) depth--;
      else if (depth === 1 && ch === ",") args++;
      if (depth > 0 && !/\s/.test(ch)) any = true;
    }
    out.push({ name: m[1], args: any ? args + 1 : 0 });
  }
  return out;
}

describe("the engine's functions called from generated code", () => {
  /** Per game: its generated source, and the functions among its module's constants, by name. */
  const games: { name: string; source: string; functions: Map<string, (...args: never[]) => unknown> }[] = [];
  beforeAll(() => {
    let functions = new Map<string, (...args: never[]) => unknown>();
    const constant = Module.prototype.constant;
    const spy = vi.spyOn(Module.prototype, "constant").mockImplementation(function (this: Module, value: unknown) {
      const name = constant.call(this, value);
      if (typeof value === "function") functions.set(name, value as (...args: never[]) => unknown);
      return name;
    });
    // each compiled here first (a test file's loads start empty), so the spy sees its module's constants named
    const loads: [string, () => Game][] = [
      ["an On The Cards round", () => loadComposition(["Deal Eight", "Take Lots of Tricks", "Crazy Eights", "Whist"]).game!],
      ...["idiot", "crazy-eights", "hands", "go-fish"].map((id): [string, () => Game] => [id, () => loadRules(id).game!]),
    ];
    try {
      for (const [name, load] of loads) {
        functions = new Map();
        const source = generatedSource(load());
        if (source === null) throw new Error(`${name} runs no generated code`);
        games.push({ name, source, functions });
      }
    } finally {
      spy.mockRestore();
    }
  });

  it("are each given every parameter", () => {
    let moves = 0;
    for (const { name, source, functions } of games) {
      expect(functions.size, name).toBeGreaterThan(3);
      for (const call of calls(source)) {
        const fn = functions.get(call.name);
        if (!fn) continue; // a constant that is not a function (a table, a frame) is never called
        expect(call.args, `${name}: ${fn.name} (${call.name})`).toBe(parameters(fn));
        if (fn.name === "moveCards") moves++;
      }
    }
    expect(moves).toBeGreaterThan(3);
  });
});
