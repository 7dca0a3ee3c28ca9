// One general interpreter: no game's name appears in src/interpreter. A game that needs a concept gets the
// general concept, so the next game can use it too.
import { mentions } from "./helpers/game-names.js";
import { describe, expect, it } from "vitest";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
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
        expect(mentions(text, word), `${file} mentions '${word}'`).toBe(false);
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

/** Every module a page entry point reaches through its relative imports (.js names resolve to .ts files). */
function reachable(entries: string[]): Map<string, string[]> {
  const found = new Map<string, string[]>();
  const visit = (file: string) => {
    if (found.has(file)) return;
    const text = readFileSync(file, "utf8");
    const specifiers = [...text.matchAll(/^\s*(?:import|export)\b[^"';]*?(?:from\s*)?["']([^"']+)["']/gm)].map((m) => m[1]);
    found.set(file, specifiers);
    for (const s of specifiers) {
      if (!s.startsWith(".")) continue;
      const target = resolve(dirname(file), s.replace(/\?.*$/, "")).replace(/\.js$/, ".ts");
      if (target.endsWith(".ts") && existsSync(target)) visit(target);
    }
  };
  entries.forEach((e) => visit(resolve(e)));
  return found;
}

/** Where a set of modules imports a node: module or a Node built-in. */
function nodeImports(modules: Map<string, string[]>): string[] {
  const builtins = new Set(["fs", "path", "url", "os", "module", "util", "child_process", "worker_threads", "stream", "crypto", "process"]);
  const offending: string[] = [];
  for (const [file, specifiers] of modules) {
    for (const s of specifiers) if (s.startsWith("node:") || builtins.has(s.split("/")[0])) offending.push(`${relative(".", file)} imports ${s}`);
  }
  return offending;
}

/** Where a set of modules uses a Node global. */
function nodeGlobals(modules: Map<string, string[]>): string[] {
  const offending: string[] = [];
  for (const file of modules.keys()) {
    const code = readFileSync(file, "utf8").replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, "");
    const uses = { process: /(?<![.\w$])process\s*\./, require: /(?<![.\w$])require\s*\(/, __dirname: /\b__dirname\b/, __filename: /\b__filename\b/, Buffer: /(?<![.\w$])Buffer\s*[.(]/ };
    for (const [name, pattern] of Object.entries(uses)) if (pattern.test(code)) offending.push(`${relative(".", file)} uses ${name}`);
  }
  return offending;
}

describe("the playground", () => {
  // The interpreter runs unchanged in the page and its workers: nothing they load may need Node.
  // (and the page of a seat's link, which the server serves)
  const modules = reachable(["src/editor/main.ts", "src/editor/rules/rules.worker.ts", "src/editor/seat/seat.ts"]);

  it("reaches the loader, the checker and the catalogue", () => {
    const names = [...modules.keys()].map((f) => relative(".", f));
    for (const needed of ["src/interpreter/load/load.ts", "src/interpreter/load/schema.ts", "src/interpreter/load/catalog.ts", "src/interpreter/lang/builtins.ts", "src/explain/rulebook.ts"]) {
      expect(names, needed).toContain(needed);
    }
  });

  it("imports no node: module and no Node built-in from any module it can reach", () => {
    expect(nodeImports(modules)).toEqual([]);
  });

  it("uses no Node global (process, require, __dirname, Buffer) in any module it can reach", () => {
    expect(nodeGlobals(modules)).toEqual([]);
  });
});

describe("the parts a page can run", () => {
  // The interpreter, the agents, the scenario runner from text and the simulator's single-thread parts run in a
  // page or a Web Worker as they are. Only the file wrapper of the scenario runner and the worker-thread pool
  // (its pool, its thread's entry, and the run that chooses between them) may need Node; the disk's host lives in src/node.
  const nodeOnly = new Set(["src/scenario/scenario.ts", "src/sim/parallel.ts", "src/sim/worker.ts", "src/sim/run-games.ts"]);
  const entries = ["src/interpreter", "src/agents", "src/scenario", "src/sim"].flatMap(files)
    .filter((f) => f.endsWith(".ts") && !nodeOnly.has(f));
  const modules = reachable(entries);

  it("need no Node module or global, the scenario runner's text entry point among them", () => {
    expect(entries).toContain("src/scenario/run.ts");
    expect(entries).toContain("src/sim/simulate.ts");
    expect(nodeImports(modules)).toEqual([]);
    expect(nodeGlobals(modules)).toEqual([]);
  });
});

/**
 * The layers of src/, lowest first. A folder imports only from folders in layers below its own (and from
 * itself), so the import graph of src/'s folders has no cycle and each layer can be read, tested and replaced
 * knowing only those beneath it. A new folder takes its place here.
 */
const layers: string[][] = [
  ["interpreter"], // the language, the loader and the engine: knows no game, no agent, no disk
  ["node", "agents", "explain", "authoring", "table"], // the disk as a host; players; rulebooks; editor help; tables
  ["sim"], // games played many at a time: pools, statistics, logs, traces
  ["sweep"], // many rule sets at once, on threads or a queue, merged
  ["scenario", "measure", "report", "docs"], // scripted games; the page's measurements; reports; generated docs
  ["session", "fuzz", "lsp", "serve"], // a game held for a screen; hostile-input campaigns; the language server; the game server
  ["api"], // the library's entry points: what a program can do, the command line does through them
  ["cli"], // the command line
  ["editor"], // the page
];

describe("the layers of src/", () => {
  const layerOf = new Map(layers.flatMap((folders, i) => folders.map((f) => [f, i] as const)));
  const topFolder = (file: string) => relative("src", file).split("/")[0];

  it("name every folder of src/", () => {
    const folders = readdirSync("src").filter((name) => statSync(join("src", name)).isDirectory());
    expect(folders.filter((f) => !layerOf.has(f))).toEqual([]);
  });

  it("are kept: a folder imports only from the layers below it, so no folders import each other", () => {
    const offending: string[] = [];
    for (const file of files("src").filter((f) => /\.ts$/.test(f))) {
      const from = topFolder(file);
      const text = readFileSync(file, "utf8");
      for (const m of text.matchAll(/^\s*(?:import|export)\b[^"';]*?(?:from\s*)?["'](\.[^"']+)["']/gm)) {
        const target = resolve(dirname(file), m[1]);
        if (!target.startsWith(resolve("src") + "/")) continue;
        const to = topFolder(relative(".", target));
        if (to !== from && !(layerOf.get(to)! < layerOf.get(from)!)) offending.push(`${relative(".", file)} (${from}) imports ${m[1]} (${to})`);
      }
    }
    expect(offending).toEqual([]);
  });
});

describe("the game server", () => {
  // src/serve sits above the library's parts (the interpreter, the agents, the simulator's game log) and below
  // the command line: only the serve command starts it, and nothing it builds on knows it is there.
  const imports = (file: string) => [...readFileSync(file, "utf8").matchAll(/from "([^"]+)"/g)].map((m) => m[1]);

  it("is started only by the serve command; the pages know only the protocol's types, as clients of the wire", () => {
    const users = files("src").filter((f) => f.endsWith(".ts") && !f.startsWith("src/serve/") && imports(f).some((s) => s.includes("/serve/")));
    expect(users).toEqual(["src/cli/commands/serve.ts", "src/editor/play/online-room.ts", "src/editor/play/online.ts", "src/editor/play/room-socket.ts", "src/editor/seat/lobby.ts", "src/editor/seat/seat.ts"]);
    for (const file of users.slice(1)) {
      const page = readFileSync(file, "utf8");
      expect([...page.matchAll(/^import (type )?.*from "([^"]*\/serve\/[^"]*)";$/gm)].map((m) => `${m[1] ?? ""}${m[2]}`)).toEqual(["type ../../serve/protocol.js"]);
    }
  });

  it("builds on the engine and the library's parts, not on the page or a command", () => {
    const server = files("src/serve");
    expect(server.length).toBeGreaterThan(2);
    for (const file of server) {
      for (const spec of imports(file)) {
        expect(/\/(editor|session|api)\//.test(spec) || /\/cli\/commands\//.test(spec), `${file} imports ${spec}`).toBe(false);
      }
    }
  });
});
