// Names from rule text and from callers never reach JavaScript objects' own machinery: every name of
// Object.prototype and Function.prototype, in every place a name can stand, is an ordinary name — a user's own
// thing where the file declares it, an unknown name where it does not — and never yields a native function.
import { describe, expect, it } from "vitest";
import { compileRulesText } from "../src/interpreter/load/load.js";
import { newGame, legalMoves, applyMove, actors, parseMove } from "../src/interpreter/engine.js";
import type { State } from "../src/interpreter/state.js";
import { formatDiagnostic } from "../src/interpreter/diagnostics.js";
import { resolveReference, preset } from "../src/interpreter/load/catalog.js";
import { resolveRules } from "../src/interpreter/load/resolve.js";
import { runScenarioText } from "../src/scenario/scenario.js";
import { makeAgent } from "../src/agents/index.js";
import { run } from "./helpers/cli.js";
import { deckRules, playRules } from "./helpers/rules.js";

const names = [...new Set([...Object.getOwnPropertyNames(Object.prototype), ...Object.getOwnPropertyNames(Function.prototype)])];
const yamlRefused = new Set(["__proto__", "constructor", "prototype"]);

/** The zones and the score of the files below that deal cards of their own. */
const zonesAndScore = `zones:
  stock: {visible: nobody}
  pile: {visible: everyone}
  hand: {per: player, visible: owner, ordered: false}
variables:
  score: {per: player, type: number}
`;

/** A file with the name in every place where a key of the file names something. */
function keysFile(n: string): string {
  // actions are lowercase words and phases start with a letter: other names stand in those two places only
  const action = /^[a-z][a-z0-9-]*$/.test(n) ? n : "act";
  const phase = /^[A-Za-z][A-Za-z0-9_-]*$/.test(n) ? n : "main";
  return `name: Names
players: {min: 2, max: 4}
cards:
  sets:
    - each: {${n}: [a, b], rank: 1..6}
      name: "{${n}}{rank}"
      into: stock
constants:
  t: {value: {${n}: 5, a: 2}}
${zonesAndScore}setup: deal(stock, hand, 3)
phases:
  ${phase}:
    actions: [${action}]
actions:
  ${action}:
    params:
      ${n}: hand
    require:
      ${n}:
        check: ${n}.${n} == "a" or ${n}.${n} == "b"
        else: never
    effect: |
      move(${n}, pile)
      score += t.${n} + t["${n}"]
triggers:
  ${n}:
    when: pile.count > 100
    effect: score += 1
end: players.all(p => p.hand.empty)
`;
}

/** A file with the name only inside expressions: looked up on tables, as a value, a local, a lambda parameter. */
function textFile(n: string): string {
  return `name: Names
players: {min: 2, max: 4}
cards:
  sets:
    - each: {kind: ["${n}", other], rank: 1..6}
      name: "{kind}{rank}"
      into: stock
constants:
  t: {value: {other: 1}}
  u: {value: {row: {other: 1}}}
${zonesAndScore}  seen: {type: text}
setup: deal(stock, hand, 3)
${playRules(`|
      move(card, pile)
      let ${n} = t[card.kind] ?? 0
      score += ${n} + (t["${n}"] ?? 0) + (u["row"]["${n}"] ?? 0)
      seen = card.kind`, `players.all(${n} => ${n}.hand.empty)`)}`;
}

/** A file where the name is one declared thing of the game: a zone, variable, constant, definition or option. */
function declaredFile(n: string, section: "zones" | "variables" | "constants" | "define" | "options"): string {
  const decl = {
    zones: [`  ${n}: {visible: everyone}\n`, `move(card, ${n})`],
    variables: [`  ${n}: {type: number}\n`, `${n} += 1`],
    constants: [`  ${n}: {value: 1}\n`, `score += ${n}`],
    define: [`  ${n}: 1\n`, `score += ${n}`],
    options: [`  ${n}: {default: 1, min: 0, max: 3}\n`, `score += ${n}`],
  }[section];
  const zones = section === "zones" ? [decl[0].trim()] : [];
  return `${deckRules("Names", "{min: 2, max: 4}", ["pile: {visible: everyone}", "hand: {per: player, visible: owner, ordered: false}", ...zones])}variables:
  score: {per: player, type: number}
${section === "variables" ? decl[0] : ""}${section === "zones" || section === "variables" ? "" : `${section}:\n${decl[0]}`}setup: deal(stock, hand, 3)
${playRules(`|\n      ${section === "zones" ? decl[1] : `move(card, pile)\n      ${decl[1]}`}`)}`;
}

/** No value the rules hold or gave is a function or a prototype's object. */
function noNative(s: State): void {
  const values = [...s.vars, ...s.opts, ...(s.result?.scores ?? [])];
  for (const v of values.flat(3)) {
    expect(typeof v, String(v)).not.toBe("function");
    if (v && typeof v === "object") expect(Object.getPrototypeOf(v) === Object.prototype && Object.keys(v).length === 0).toBe(false);
  }
  expect(s.error ?? "", "the game stopped with an error").toBe("");
}

/** Plays the first legal move until the game ends, checking the values after every move. */
function playThrough(s: State): void {
  for (let i = 0; i < 60 && !s.over; i++) {
    const p = actors(s)[0];
    const moves = legalMoves(s, p);
    expect(moves.length).toBeGreaterThan(0);
    expect(applyMove(s, p, moves[0]).ok).toBe(true);
    noNative(s);
  }
}

describe.each(names)("the name %s", (n) => {
  it("names the file's own things where the file declares them, or is refused as a key", () => {
    const r = compileRulesText(keysFile(n), "t.yaml", "t");
    const errors = r.diagnostics.filter((d) => d.severity === "error").map(formatDiagnostic);
    if (yamlRefused.has(n)) {
      expect(errors.length).toBeGreaterThan(0);
      for (const e of errors) expect(e).toMatch(/E_KEY: the key '.*' is not allowed|E_NAME|E_SCHEMA/);
      return;
    }
    expect(errors).toEqual([]);
    const s = newGame(r.game!, { players: ["Ann", "Bob"], seed: 1 });
    playThrough(s);
    expect(s.over).toBe(true);
    expect(s.vars.filter((v) => typeof v === "number" && v > 0).length).toBeGreaterThan(0); // t.N + t["N"] counted
  });

  it("is nothing on a table, as a card's attribute value, a local or a lambda parameter", () => {
    const r = compileRulesText(textFile(n), "t.yaml", "t");
    const errors = r.diagnostics.filter((d) => d.severity === "error").map(formatDiagnostic);
    if (errors.length) {
      // a reserved word of the language is refused by name, at its place
      for (const e of errors) expect(e).toMatch(/E_NAME|E_SYNTAX/);
      return;
    }
    const s = newGame(r.game!, { players: ["Ann", "Bob"], seed: 1 });
    playThrough(s);
    expect(s.over).toBe(true);
  });

  it.each(["zones", "variables", "constants", "define", "options"] as const)("as one of the file's %s", (section) => {
    const r = compileRulesText(declaredFile(n, section), "t.yaml", "t");
    const errors = r.diagnostics.filter((d) => d.severity === "error").map(formatDiagnostic);
    if (yamlRefused.has(n)) {
      expect(errors.join("\n")).toMatch(/E_KEY/);
      return;
    }
    if (errors.length) {
      for (const e of errors) expect(e).toMatch(/E_NAME: '.*' is a (reserved|built-in)/);
      return;
    }
    const s = newGame(r.game!, { players: ["Ann", "Bob"], seed: 1, options: {} });
    noNative(s);
    playThrough(s);
  });

  it("is refused or ordinary where a caller gives it: options, players, moves, references, agents", () => {
    const game = compileRulesText(declaredFile("handSize", "options"), "t.yaml", "t").game!;
    // an option the rules do not declare is refused; the rules' own option is never replaced by a native value
    expect(() => newGame(game, { players: ["Ann", "Bob"], seed: 1, options: { [n]: 1 } })).toThrow(/no option/);
    const s = newGame(game, { players: [n, "Bob"], seed: 1, options: {} });
    noNative(s);
    expect(applyMove(s, 0, { action: n as never, args: [] })).toMatchObject({ ok: false, refusal: { rule: "move" } });
    expect(s.over).toBe(false);
    expect(parseMove(s, 0, `${n} ${n}`)).toMatchObject({ rule: "move" });
    expect(s.game.cardsNamed(n)).toEqual([]);
    expect(resolveRules(n)).toBe(undefined);
    expect(resolveReference(n)).toBe(n);
    expect(preset(n)).toBe(undefined);
    expect(makeAgent(n)).toBe(undefined);
    expect(makeAgent(`ismcts:${n}`)).toBe(undefined);
  });

  it("is a clean refusal in a scenario's deal, expectations and options", () => {
    const text = `rules: idiot\nplayers: 2\nseed: 1\noptions: {${yamlRefused.has(n) ? "x" : n}: 1}\n`;
    const r = runScenarioText(text, "s.scenario.yaml", ".");
    expect(r.passed).toBe(false);
    expect(r.failures.map((f) => f.message).join("\n")).toMatch(/no option|not allowed/);
    if (yamlRefused.has(n)) return;
    for (const step of [`deal: {${n}: [3H]}`, `expect: {zones: {${n}: []}}`, `expect: {variables: {${n}: 1}}`, `expect: {scores: {${n}: 1}}`, `expect: {counts: {${n}: 1}}`]) {
      const r2 = runScenarioText(`rules: idiot\nplayers: 2\nseed: 1\n${step}\n`, "s.scenario.yaml", ".");
      expect(r2.passed, step).toBe(false);
      expect(r2.failures.length).toBeGreaterThan(0);
    }
  });

  it("is an unknown command at the command line", async () => {
    const r = await run([n]);
    expect(r.code).toBe(2);
    expect(r.err).toContain(`unknown command '${n}'`);
  });
});
