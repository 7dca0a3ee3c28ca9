// One general interpreter: no game's name appears in src/interpreter. A game that needs a concept gets the
// general concept, so the next game can use it too.
import { describe, expect, it } from "vitest";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { rulesFolder } from "../src/interpreter/load/resolve.js";

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    return statSync(full).isDirectory() ? files(full) : [full];
  });
}

describe("the interpreter", () => {
  it("names no game", () => {
    const games = readdirSync(rulesFolder()); // one folder per game: idiot, hands, idle-hands, on-the-cards
    const words = games.flatMap((g) => [g, g.replace(/-/g, " ")]);
    expect(words.length).toBeGreaterThanOrEqual(8);
    for (const file of files("src/interpreter")) {
      const text = readFileSync(file, "utf8").toLowerCase();
      for (const word of words) {
        expect(new RegExp(`\\b${word}\\b`).test(text), `${file} mentions '${word}'`).toBe(false);
      }
    }
  });
});

describe("the interpreter's folders", () => {
  const imports = (file: string) => [...readFileSync(file, "utf8").matchAll(/from "([^"]+)"/g)].map((m) => m[1]);

  it("keep the expression language from importing the engine", () => {
    const lang = files("src/interpreter/lang");
    expect(lang.length).toBeGreaterThan(3);
    for (const file of lang) {
      for (const spec of imports(file)) expect(/engine/.test(spec), `${file} imports ${spec}`).toBe(false);
    }
  });

  it("let the engine use only the language's values, not its compiler or builtins", () => {
    const engine = [...files("src/interpreter/engine"), "src/interpreter/engine.ts", "src/interpreter/turn-order.ts"];
    for (const file of engine) {
      for (const spec of imports(file)) {
        if (spec.includes("/lang/")) expect(spec, `${file} imports ${spec}`).toBe("../lang/values.js");
      }
    }
  });
});
