// Every kind of problem `check` must find, at its exact place, with the exact message.
import { describe, expect, it } from "vitest";
import { tinyRules, errorsOf, diagnosticsOf } from "./helpers/rules.js";
import { run } from "./helpers/cli.js";
import { check } from "../src/api/index.js";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";

describe("problems in rule files are located and explained", () => {
  it("reports bad YAML at its line", () => {
    expect(errorsOf("name: [unclosed\n")).toEqual([
      "t.yaml:2:1: error E_YAML: Flow sequence in block collection must be sufficiently indented and end with a ]",
    ]);
  });

  it("says to quote an expression whose comma ends an entry of a map in braces, as for ': '", () => {
    expect(errorsOf(tinyRules("", { "      card: hand\n": "      card: hand\n      pos: {from: range(0, 3)}\n" }))).toEqual([
      't.yaml:20:19: error E_YAML: this value holds \', \', which YAML reads as the end of an entry in {...}: put the value in quotes, "range(0, 3)"',
    ]);
  });

  it("refuses a parameter named by a word of the language, as a declared name is refused", () => {
    expect(errorsOf(tinyRules("", { "      card: hand\n": "      not: hand\n", "move(card, pile)": "move(hand[0], pile)" }))).toEqual([
      "t.yaml:19:7: error E_CONFLICT: 'not' is a word the language defines; choose another name",
    ]);
    expect(errorsOf(tinyRules("define:\n  top(in): in.count\n"))).toEqual([
      "t.yaml:23:3: error E_CONFLICT: 'in' is a word the language defines; choose another name",
    ]);
  });

  it("reports the problems of the rules a match's game: names, where they are", () => {
    const dir = mkdtempSync(join(tmpdir(), "houserules-match-"));
    writeFileSync(join(dir, "round.yaml"), tinyRules("", { "move(card, pile)": "move(card, pil)" }));
    const match = `name: Match\nplayers: {min: 2, max: 4}\ncards:\n  sets:\n    - each: {sheet: [score]}\n      into: sheet\nzones:\n  sheet: {visible: everyone}\nvariables:\n  played: {type: number}\nphases:\n  game:\n    game: '"./round.yaml"'\n    end: played += 1\nend: played >= 2\n`;
    writeFileSync(join(dir, "match.yaml"), match);
    const errors = check(join(dir, "match.yaml")).filter((d) => d.severity === "error").map((d) => `${basename(d.file)}:${d.line}: ${d.code}: ${d.message}`);
    expect(errors).toEqual([
      "match.yaml:13: E_RULES: the game this phase plays, ./round.yaml, does not load (each problem is reported where it is)",
      "round.yaml:20: E_NAME: unknown name 'pil' (did you mean 'pile'?)",
    ]);
    writeFileSync(join(dir, "good-round.yaml"), tinyRules());
    writeFileSync(join(dir, "good-match.yaml"), match.replace("./round.yaml", "./good-round.yaml"));
    expect(check(join(dir, "good-match.yaml")).filter((d) => d.severity === "error")).toEqual([]);
  });

  it("reports a missing required key at the map that lacks it", () => {
    expect(errorsOf(tinyRules("", { "      into: stock\n": "" }))).toEqual([
      "t.yaml:5:7: error E_SCHEMA: 'cards.sets.0' is missing the required key 'into'",
    ]);
  });

  it("reports an unknown key with the key it probably meant", () => {
    expect(errorsOf(tinyRules("outcom: {}\n"))).toEqual([
      "t.yaml:22:1: error E_SCHEMA: unknown key 'outcom' in the rule file (did you mean 'outcome'?)",
    ]);
  });

  it("reports a value outside an enumeration", () => {
    expect(errorsOf(tinyRules("", { "visible: nobody": "visible: noone" }))).toEqual([
      "t.yaml:8:20: error E_SCHEMA: expected one of everyone, owner, nobody, top, card",
    ]);
  });

  it("points inside an expression at a misspelled zone, with a suggestion", () => {
    expect(errorsOf(tinyRules("", { "move(card, pile)": "move(card, piel)" }))).toEqual([
      "t.yaml:20:24: error E_NAME: unknown name 'piel' (did you mean 'pile'?)",
    ]);
  });

  it("points at the token where an expression stops parsing", () => {
    expect(errorsOf(tinyRules("", { "end: players.all(p => p.hand.empty)": "end: players.all(p => p.hand.empty) and and true" }))).toEqual([
      "t.yaml:21:41: error E_SYNTAX: unexpected 'and', expected a value",
    ]);
  });

  it("reports a type error at the operand that has the wrong type", () => {
    expect(errorsOf(tinyRules("", { "end: players.all(p => p.hand.empty)": "end: stock.count + hand" }))).toEqual([
      "t.yaml:21:20: error E_TYPE: '+' needs numbers, but this is zone (hand, per player)",
    ]);
  });

  it("checks a text literal against the values of an attribute", () => {
    expect(errorsOf(tinyRules("", { "end: players.all(p => p.hand.empty)": 'end: pile.top.suit == "X"' }))).toEqual([
      "t.yaml:21:23: error E_TYPE: 'X' is not one of the values (S, H, D, C)",
    ]);
  });

  it("reports every problem of a file at once, inside a block of effects too", () => {
    const text = tinyRules("", { "setup: |\n  deal(stock, hand, 3)\n": "setup: |\n  deal(stock, hand, 3)\n  shufle(stock)\n  let x = pile.top.rnk\n" });
    expect(errorsOf(text)).toEqual([
      "t.yaml:13:3: error E_NAME: unknown function 'shufle' (did you mean 'shuffle'?)",
      "t.yaml:14:20: error E_NAME: card has no 'rnk' (did you mean 'rank'?)",
    ]);
  });

  it("refuses a YAML alias bomb without expanding it", () => {
    const bomb = [
      "a: &a [x, x, x, x, x, x, x, x, x]",
      "b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]",
      "c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b]",
      "d: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c]",
      "e: [*d, *d, *d, *d, *d, *d, *d, *d, *d]",
    ].join("\n");
    const started = performance.now();
    expect(errorsOf(bomb)).toEqual(["t.yaml:2:40: error E_ALIAS: too many alias expansions (more than 200): refusing a possible alias bomb"]);
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it("refuses a __proto__ key and pollutes nothing", () => {
    const text = tinyRules("__proto__: {polluted: true}\nconstants:\n  constructor: {value: 1}\n");
    expect(errorsOf(text)).toEqual([
      "t.yaml:22:1: error E_KEY: the key '__proto__' is not allowed",
      "t.yaml:24:3: error E_KEY: the key 'constructor' is not allowed",
    ]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty("polluted");
  });

  it("reports an action that no phase allows, and a phase that never comes", () => {
    const text = tinyRules("", {
      "phases:\n  main:\n    actions: [play]\n": "phases:\n  main:\n    actions: [play]\n  never:\n    actions: [play]\n",
      "actions:\n": "actions:\n  pass:\n    effect: again()\n",
    });
    expect(errorsOf(text)).toEqual([
      "t.yaml:16:3: error E_UNREACHABLE: phase 'never' never follows another phase, so it can never be played",
      "t.yaml:19:3: error E_UNREACHABLE: action 'pass' is not allowed in any phase, so it can never be taken",
    ]);
  });

  it("reports a name defined twice, and a name the language keeps for itself", () => {
    const text = tinyRules("variables:\n  pile: {type: number}\n  players: {type: number}\n");
    expect(errorsOf(text)).toEqual([
      "t.yaml:23:3: error E_CONFLICT: 'pile' is already defined as a zone (line 9)",
      "t.yaml:24:3: error E_CONFLICT: 'players' is a word the language defines; choose another name",
    ]);
  });

  it("takes an empty list given to a definition as a list of any items, and still checks a list whose items are known", () => {
    const define = "define:\n  ranks(xs): xs.map(c => c.rank)\n  high(xs): xs.filter(c => c.rank > 10).count\n";
    const calls = (empty: string) => ({ "move(card, pile)": `move(card, pile)\n      let a = sum(ranks(${empty})) + high(${empty})\n      for c in ${empty} { let r = c.rank }\n      let b = sum(ranks(pile.filter(c => c.rank > 3)))` });
    expect(errorsOf(tinyRules(define, calls("[]")))).toEqual([]);
    // a list whose items are known is checked as before
    expect(errorsOf(tinyRules(define, calls("[1]")))).toEqual([
      "t.yaml:22:32: error E_NAME: number has no 'rank'",
      "t.yaml:26:28: error E_NAME: number has no 'rank'",
      "t.yaml:27:30: error E_NAME: number has no 'rank'",
    ]);
  });

  it("reports an effect used in a condition", () => {
    expect(errorsOf(tinyRules("", { "end: players.all(p => p.hand.empty)": "end: shuffle(stock)" }))).toEqual([
      "t.yaml:21:6: error E_EFFECT: shuffle is an effect: it can be used in setup, an action's effect or a phase's begin/end, not in a condition or value",
    ]);
  });

  it("reports a definition that uses itself", () => {
    expect(errorsOf(tinyRules("define:\n  loop: loop + 1\n", { "end: players.all(p => p.hand.empty)": "end: loop > 3" }))).toEqual([
      "t.yaml:23:9: error E_RECURSION: 'loop' uses itself (directly or through other definitions); definitions cannot be recursive",
    ]);
  });

  it("lists values marked assumed as notices", () => {
    const text = tinyRules("", { "  pile: {visible: everyone}": "  pile: {visible: everyone, assumed: the rulebook does not say who sees the pile}" });
    expect(diagnosticsOf(text)).toEqual([
      "t.yaml:9:29: notice N_ASSUMED: zones.pile: the rulebook does not say who sees the pile",
    ]);
  });
});

describe("the language reference", () => {
  it("lists every function and effect, as generated from the registry", async () => {
    const { readFileSync } = await import("node:fs");
    const { withReference } = await import("../src/docs/reference.js");
    const doc = readFileSync("docs/language.md", "utf8");
    expect(withReference(doc)).toBe(doc); // run `npm run docs` after changing a builtin
  });
});

describe("the readings the shipped rules assume are listed by check", () => {
  // Each is a choice where the rulebook is silent or open: check must list it, where it is written.
  it.each([
    ["hands", "define.pairUp"],
    ["hands", "actions.give.require.not-locked"],
    ["hands", "actions.exchange.require.not-locked"],
    ["hands", "actions.replenish.require.not-locked"],
    ["hands", "actions.replenish.effect"],
    ["on-the-cards/round-the-twist", "phases.lose.end"],
    ["on-the-cards/round-the-twist", "define.bottomStacks"],
    ["idle-hands/seven-sins-demonic-specialties", "actions.play-specialty.require.new-pile"],
  ])("%s: %s", async (id, what) => {
    const r = await run(["check", id, "--json"]);
    const notices = (JSON.parse(r.out) as { files: { diagnostics: { code: string; message: string }[] }[] }).files[0].diagnostics
      .filter((d) => d.code === "N_ASSUMED")
      .map((d) => d.message.split(":")[0]);
    expect(notices).toContain(what);
  });
});

describe("a fragment's whole-file assumption", () => {
  it("is listed by check at its place, beside the base's, though composing keeps the base's words about the game", async () => {
    const { mkdtempSync, writeFileSync } = await import("node:fs");
    const { tmpdir } = await import("node:os");
    const { join } = await import("node:path");
    const file = join(mkdtempSync(join(tmpdir(), "houserules-assumed-")), "slow.yaml");
    writeFileSync(file, "name: Slow\nextends: idiot\nfragment:\n  known: house\n  text: A rule of our own.\nassumed: >\n  Nothing here is from a rulebook.\nvariables:\n  slow: {type: number, text: nothing}\n");
    const r = await run(["check", file, "--json"]);
    const notices = (JSON.parse(r.out) as { files: { diagnostics: { code: string; message: string; file: string; line: number; col: number }[] }[] }).files[0].diagnostics
      .filter((d) => d.code === "N_ASSUMED");
    expect(notices.filter((d) => d.file === file).map((d) => `${d.line}:${d.col} ${d.message}`)).toEqual(["6:1 the rule file slow: Nothing here is from a rulebook."]);
    expect(notices.some((d) => d.file.endsWith("rules/idiot/idiot.yaml"))).toBe(true); // the base's are still there
  });
});

describe("every reading a shipped rule file marks assumed is listed by check", () => {
  it("each `assumed` key of every file under rules/ is a notice of `houserules check`, at its place", async () => {
    const { readdirSync, readFileSync } = await import("node:fs");
    const { join } = await import("node:path");
    const { LineCounter, parseDocument, visit, isScalar } = await import("yaml");
    const files = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(join(dir, e.name)) : e.name.endsWith(".yaml") ? [join(dir, e.name)] : []));
    const marked = new Set<string>();
    for (const file of files("rules")) {
      const lines = new LineCounter();
      const doc = parseDocument(readFileSync(file, "utf8"), { lineCounter: lines });
      visit(doc, {
        Pair(_, pair) {
          if (isScalar(pair.key) && pair.key.value === "assumed" && pair.key.range) {
            const at = lines.linePos(pair.key.range[0]);
            marked.add(`${file}:${at.line}:${at.col}`);
          }
        },
      });
    }
    expect(marked.size).toBeGreaterThanOrEqual(50);
    const r = await run(["check", "--json"]);
    const listed = new Set(
      (JSON.parse(r.out) as { files: { diagnostics: { code: string; file: string; line: number; col: number }[] }[] }).files
        .flatMap((f) => f.diagnostics)
        .filter((d) => d.code === "N_ASSUMED")
        .map((d) => `${d.file}:${d.line}:${d.col}`),
    );
    expect([...marked].filter((m) => !listed.has(m))).toEqual([]);
  }, 60_000);
});
