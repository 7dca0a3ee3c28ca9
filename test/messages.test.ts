// Messages as a person meets them: each says what is wrong where it is wrong, in words, with what to write.
import { describe, expect, it } from "vitest";
import { spawn } from "node:child_process";
import rulesSchema from "../grammar/rules.schema.json" with { type: "json" };
import scenarioSchema from "../grammar/scenario.schema.json" with { type: "json" };
import sweepSchema from "../grammar/sweep.schema.json" with { type: "json" };
import { diagnosticsOf, errorsOf, playRules, tinyRules } from "./helpers/rules.js";
import { run } from "./helpers/cli.js";
import { readFileSync } from "node:fs";
import { dirname } from "node:path";
import { runScenarioText } from "../src/scenario/scenario.js";
import { formatDiagnostic } from "../src/interpreter/diagnostics.js";

const end = "end: players.all(p => p.hand.empty)";

describe("messages", () => {
  it("reports '=' written for '==' at the '='", () => {
    expect(errorsOf(tinyRules("", { [end]: "end: stock.count = 0" }))).toEqual([
      "t.yaml:21:18: error E_SYNTAX: unexpected '=': '=' sets a variable; to compare two values, write '=='",
    ]);
    // in a definition used as a condition, '=' makes an effect of it: said at the definition's '='
    expect(errorsOf(tinyRules("define:\n  over: stock.count = 0\n", { [end]: "end: over" }))).toEqual([
      "t.yaml:23:21: error E_EFFECT: '=' sets a variable, so 'over' is an effect, but it is used as a condition or value: to compare two values, write '=='",
    ]);
  });

  it("reports a problem in a definition once, at the definition, however often it is used", () => {
    const text = tinyRules("define:\n  left3(p): p.hand.count - nope\n", { [end]: "end: left3(current) == 0 and left3(dealer) == 0 and left3(start) < 2" });
    expect(errorsOf(text)).toEqual(["t.yaml:23:28: error E_NAME: unknown name 'nope'"]);
  });

  it("warns, at the definition, when a definition takes a built-in function's name and hides it", () => {
    const text = tinyRules("define:\n  top(z): z.count\n", { [end]: "end: top(hand) == 0 and players.all(p => p.hand.empty)" });
    expect(diagnosticsOf(text)).toEqual([
      "t.yaml:23:3: warning W_SHADOW: 'top' is the name of a built-in function (the top card of a zone): this definition hides it, so top(…) and ….top in these rules mean the definition; rename it, for example to 'myTop', to keep the built-in",
    ]);
    // a name of its own is not warned about
    expect(diagnosticsOf(text.replace("top(z)", "myTop(z)").replace("top(hand)", "myTop(hand)"))).toEqual([]);
  });

  it("warns about hiding a built-in about teams only in rules that declare teams", () => {
    // a file that defined its own partner before teams were part of the language loads as it did
    const text = tinyRules("define:\n  partner(p): left(p, 2)\n", { [end]: "end: partner(current) == current and players.all(p => p.hand.empty)" });
    expect(diagnosticsOf(text)).toEqual([]);
    const withTeams = diagnosticsOf(`${text}teams: { size: 1 }\n`);
    expect(withTeams).toHaveLength(1);
    expect(withTeams[0]).toMatch(/warning W_SHADOW: 'partner' is the name of a built-in function \(a player's partner/);
  });

  it("reports a problem in a let once, at the let, not again where its name is used", () => {
    const effect = (body: string) => tinyRules("", { "    effect: move(card, pile)": `    effect: |\n      ${body.split("\n").join("\n      ")}` });
    expect(errorsOf(effect("let c = nope\nmove(c, pile)"))).toEqual(["t.yaml:21:15: error E_NAME: unknown name 'nope'"]);
    expect(errorsOf(effect("let n = card.rnk + 1\nif n > 3 { move(card, pile) }"))).toEqual(["t.yaml:21:20: error E_NAME: card has no 'rnk' (did you mean 'rank'?)"]);
    expect(errorsOf(effect("let m = move(card, pile)\nif m { again() }"))).toEqual(["t.yaml:21:15: error E_TYPE: this effect gives no value to keep"]);
    // what else is wrong where the name is used is still reported
    expect(errorsOf(effect("let c = nope\nmove(c, piel)"))).toEqual(["t.yaml:21:15: error E_NAME: unknown name 'nope'", "t.yaml:22:15: error E_NAME: unknown name 'piel' (did you mean 'pile'?)"]);
  });

  it("says in words what form a name must have, never with a regular expression", () => {
    const text = tinyRules("", { "  play:\n    params:": "  Play-Card:\n    params:", "actions: [play]": "actions: [Play-Card]" });
    const errors = errorsOf(text);
    expect(errors[0]).toBe(
      "t.yaml:17:3: error E_SCHEMA: 'Play-Card' is not a valid name here: an action is named by the word that starts its move, in lower-case letters, digits and dashes, starting with a letter (play, pick-up)",
    );
    expect(errorsOf(`${tinyRules()}replaces: ["actions..play"]\n`)).toContainEqual(
      "t.yaml:22:12: error E_SCHEMA: 'actions..play' is not written as expected: an item is named by its section and names joined by dots (actions.play, define.pileValue, actions.play.require.rank-order), or a section alone (outcome)",
    );
  });

  it("has words for every pattern in the schemas", () => {
    const missing: string[] = [];
    const walk = (node: unknown, where: string) => {
      if (!node || typeof node !== "object") return;
      const n = node as Record<string, unknown>;
      if (typeof n.pattern === "string" && typeof n.patternErrorMessage !== "string") missing.push(where);
      for (const [k, v] of Object.entries(n)) walk(v, `${where}/${k}`);
    };
    walk(rulesSchema, "rules");
    walk(scenarioSchema, "scenario");
    walk(sweepSchema, "sweep");
    expect(missing).toEqual([]);
  });

  it("suggests quotes for a value that ': ' breaks in two", () => {
    const text = tinyRules("", { "    effect: move(card, pile)": "    text: Lead: any card\n    effect: move(card, pile)" });
    expect(errorsOf(text)).toEqual([
      't.yaml:20:11: error E_YAML: this value holds \': \', which YAML reads as the start of a map: put the value in quotes, "Lead: any card"',
    ]);
  });

  it("suggests quotes for a text that ', ' cut short in {...}, where YAML read the rest as keys", () => {
    const text = tinyRules("", { "stock: {visible: nobody}": "stock: {visible: nobody, text: the pool, which the players, fish from}" });
    const hint = `a ',' ends a value inside {...}, so the rest was read as a key; if it is part of the text before it, put that text in quotes: text: "the pool, which the players, fish from"`;
    expect(errorsOf(text)).toEqual([
      `t.yaml:8:44: error E_SCHEMA: unknown key 'which the players' in 'zones.stock': ${hint}`,
      `t.yaml:8:63: error E_SCHEMA: unknown key 'fish from' in 'zones.stock': ${hint}`,
    ]);
    // a text that ended its sentence, or was quoted, is not taken to go on: the key is only unknown
    for (const value of ["the pool., vsible", '"the pool", vsible']) {
      const other = tinyRules("", { "stock: {visible: nobody}": `stock: {visible: nobody, text: ${value}}` });
      expect(errorsOf(other)).toEqual([expect.stringMatching(/^t\.yaml:8:\d+: error E_SCHEMA: unknown key 'vsible' in 'zones\.stock' \(did you mean 'visible'\?\)$/)]);
    }
  });

  it("suggests the card meant by a misspelt name in compose, kept whole", async () => {
    for (const args of [["Deal Eight,", "Avoid High Value Card,", "Crazy Eights,", "Whist"], ["Deal", "Eight", "Avoid", "Hihg", "Value", "Cards", "Crazy", "Eights", "Whist"]]) {
      const r = await run(["compose", ...args]);
      expect(r.code).toBe(1);
      expect(r.out).toMatch(/error E_RULES: no rule file for 'Avoid (High Value Card|Hihg Value Cards)' \(did you mean 'Avoid High Value Cards'\?\); looked in rules \(add a folder with --rules DIR or HOUSERULES_PATH\)\n/);
      expect(r.out.match(/E_RULES/g)).toHaveLength(1);
      // refused first: no round is printed with a part left empty
      expect(r.out).not.toContain("(none)");
      expect(r.out).not.toContain("Crazy Eights [OH1]");
      expect(r.out.trim().split("\n")).toHaveLength(2);
    }
  });

  it("prints the legal moves of a failed expectation as they are typed, not lower-cased", async () => {
    const file = "test/scenarios/on-the-cards/round-the-twist-double.scenario.yaml";
    const lines = readFileSync(file, "utf8").split("\n");
    const cut = lines.findIndex((l) => l.includes("legal: [take-bottom dealStack"));
    const text = [...lines.slice(0, cut), "      legal: [take-bottom nowhere]", ""].join("\n");
    const r = runScenarioText(text, file, dirname(file));
    const message = r.failures.map(formatDiagnostic).join("\n");
    expect(message).toContain("expected 'take-bottom nowhere' to be legal for Bob; legal: take-bottom dealStack, take-bottom aimStack");
  });

  it("speaks the language's words in syntax errors, one error per mistake, and knows other languages' names", () => {
    const errors = (effect: string) => errorsOf(tinyRules("", { "move(card, pile)": effect })).map((e) => e.replace(/^t\.yaml:\d+:\d+: error /, ""));
    expect(errors("move(card pile)")).toEqual(["E_SYNTAX: unexpected 'pile', expected ')'"]);
    expect(errors("|\n      for c hand { move(c, pile) }")).toEqual(["E_SYNTAX: unexpected 'hand', expected 'in'"]);
    expect(errors("|\n      if card.rank = 3 { move(card, pile) }")).toEqual(["E_SYNTAX: unexpected '=': '=' sets a variable; to compare two values, write '=='"]);
    for (const e of [errors("move(card pile)"), errors("|\n      for c hand { move(c, pile) }")].flat()) expect(e).not.toMatch(/\b(of|type|RParen|In)\b/);
    // a definition used only in a text that does not parse is not reported unused: nobody knows
    const defined = tinyRules("define:\n  pick: hand.top\n", { "move(card, pile)": "move(pick pile)" });
    expect(diagnosticsOf(defined).filter((d) => d.includes("W_UNUSED"))).toEqual([]);
    expect(diagnosticsOf(tinyRules("define:\n  pick: hand.top\n")).filter((d) => d.includes("W_UNUSED"))).toHaveLength(1);
    // a parameter whose choices fail is one error, not one more at every use of its name
    const param = errorsOf(tinyRules("", { "      card: hand\n": "      pos: {from: \"0..hnd.count\"}\n", "move(card, pile)": "move(hand[pos], pile)" }));
    expect(param).toEqual([expect.stringMatching(/error E_NAME: unknown name 'hnd' \(did you mean 'hand'\?\)$/)]);
    expect(errors("move(top(stock, stock.size), pile)")[0]).toMatch(/zone has no 'size' \(did you mean 'count'\?\)$/);
    expect(errors("move(hand.unique(c => c.rank).first, pile)")[0]).toMatch(/unknown function 'unique' \(did you mean 'distinct'\?\)$/);
  });

  it("ends quietly when the reader of its output goes away (| head)", async () => {
    const child = spawn(process.execPath, ["bin/houserules.js", "compose", "--json", "Deal Eight, Take Lots of Tricks, Crazy Eights, Whist"], { stdio: ["ignore", "pipe", "pipe"] });
    child.stdout.destroy(); // closed before anything is written: the first write meets a closed pipe
    let err = "";
    child.stderr.on("data", (d) => (err += d));
    const code = await new Promise<number | null>((done) => child.on("close", done));
    expect(err).toBe("");
    expect(code).toBe(0);
  });
});

describe("card names", () => {
  it("refuses a set whose name leaves a card with no name, at its name:", () => {
    const text = `name: Blank\nplayers: 2\ncards:\n  sets:\n    - each: {colour: [R, B]}\n      name: "{shade}"\n      into: stock\nzones:\n  stock: {visible: nobody}\n  pile: {visible: everyone}\n  hand: {per: player, visible: owner, ordered: false}\nsetup: deal(stock, hand, 1)\n${playRules("move(card, pile)")}`;
    expect(errorsOf(text)).toEqual([expect.stringMatching(/^t\.yaml:6:13: error E_CARD: this name gives a card no name \(attributes \{"colour":"R"\}\)/)]);
  });
});

describe("messages about cards", () => {
  it("says how ranks and suits are written where a card word is used as a name", () => {
    expect(errorsOf(tinyRules("", { [end]: "end: pile.any and pile.top.rank == queen" }))).toEqual([
      "t.yaml:21:36: error E_NAME: unknown name 'queen' (ranks are numbers: a queen is rank 12, as in c.rank == 12; jack 11, queen 12, king 13, ace 14)",
    ]);
    expect(errorsOf(tinyRules("", { [end]: "end: pile.any and pile.top.suit == Hearts" }))).toEqual([
      'unknown name \'Hearts\' (suits are letters: hearts are suit "H", as in c.suit == "H"; spades S, hearts H, diamonds D, clubs C)',
    ].map((m) => `t.yaml:21:36: error E_NAME: ${m}`));
    // any other unknown name keeps its did-you-mean
    expect(errorsOf(tinyRules("", { [end]: "end: pile.any and pile.top.rank == stok.count" }))[0]).toContain("did you mean 'stock'");
  });

  it("says a card is not where the player chooses from before the rule's own reason, in both back ends", async () => {
    const { loadComposition } = await import("../src/interpreter/load/load.js");
    const { newGame, play, legalMoves, moveText } = await import("../src/interpreter/engine.js");
    for (const backend of ["closures", "js"] as const) {
      const game = loadComposition(["idiot"], undefined, { backend }).game!;
      const s = newGame(game, { players: ["Ann", "Bob"], seed: 7 });
      for (const p of [0, 1]) expect(play(s, p, "ready").ok).toBe(true);
      const mover = s.current;
      const hand = s.zones.findIndex((_, z) => s.zoneOwner[z] === mover && s.game.zones[s.zoneDef[z]].name === "hand");
      const missing = s.game.cardNames.find((_, c) => s.cardZone[c] !== hand)!;
      expect(legalMoves(s, mover).map((m) => moveText(s, m))).not.toContain(`play ${missing}`);
      const r = play(s, mover, `play ${missing}`);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.refusal).toEqual({ rule: "play.cards", reason: `${missing} is not in ${s.names[mover]}'s hand: you play from your hand now` });
    }
  });
});
