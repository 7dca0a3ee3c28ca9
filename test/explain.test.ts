// explain: the rules in plain English, each unit of the language and of a rule file read by its own wording,
// assumptions listed, and a variant's changes marked against its base.
import { describe, expect, it } from "vitest";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import rulesSchema from "../grammar/rules.schema.json" with { type: "json" };
import { allBuiltins } from "../src/interpreter/lang/builtins.js";
import { loadComposition } from "../src/interpreter/load/load.js";
import { completion } from "../src/interpreter/load/catalog.js";
import { shippedRules } from "../src/interpreter/load/resolve.js";
import { functionWords, operatorWords, specialWords } from "../src/explain/wording.js";
import { Reader } from "../src/explain/words.js";
import * as book from "../src/explain/rulebook.js";
import { explain } from "../src/explain/rulebook.js";
import { rulebookText } from "../src/explain/render.js";
import { rulebookPage as rulebookHtml } from "../src/docs/rulebook-page.js";
import { run } from "./helpers/cli.js";
import { threesAreWild as threes } from "./helpers/threes.js";

type Schema = { properties?: Record<string, unknown>; oneOf?: Schema[]; items?: Schema };
const defs = (rulesSchema as unknown as { definitions: Record<string, Schema> }).definitions;
const keysOf = (s: Schema): string[] => Object.keys(s.properties ?? s.oneOf?.find((x) => x.properties)?.properties ?? {});

describe("every unit has a wording", () => {
  it("every function and effect of the registry", () => {
    const missing = allBuiltins().map((b) => b.name).filter((n) => !Object.hasOwn(functionWords, n));
    expect(missing).toEqual([]);
    for (const b of allBuiltins()) {
      const needed = b.params.filter((p) => !p.optional).length;
      const forms = functionWords[b.name];
      // the fewest arguments first; a form names no argument the function does not take
      for (const form of forms) for (const m of form.matchAll(/\{(\d)/g)) expect(Number(m[1]), `${b.name}: ${form}`).toBeLessThan(Math.max(b.params.length, needed, 1) + (b.name === "reverse" ? 1 : 0));
    }
  });

  it("every operator", () => {
    for (const op of ["+", "-", "*", "/", "%", "==", "!=", "<", "<=", ">", ">=", "in", "and", "or", "??", ".."]) expect(operatorWords[op], op).toMatch(/\{l\}.*\{r\}/);
    expect(Object.keys(specialWords).length).toBeGreaterThanOrEqual(12);
  });

  it("every key of a rule file's schema", () => {
    const read = [...book.readSections, ...book.compositionSections];
    expect(Object.keys((rulesSchema as unknown as Schema).properties!).filter((k) => !read.includes(k))).toEqual([]);
    const pairs: [string, string[]][] = [
      ["zone", Object.keys(book.zoneKeys)], ["variable", Object.keys(book.variableKeys)], ["option", Object.keys(book.optionKeys)],
      ["phase", Object.keys(book.phaseKeys)], ["param", Object.keys(book.paramKeys)], ["outcome", Object.keys(book.outcomeKeys)],
      ["action", book.actionKeys], ["requirement", book.requirementKeys], ["trigger", book.triggerKeys],
    ];
    for (const [def, read] of pairs) expect(keysOf(defs[def]).filter((k) => !read.includes(k)), def).toEqual([]);
    const setSchema = (defs.cards.properties!.sets as Schema).items!;
    expect(keysOf(setSchema).filter((k) => !Object.keys(book.setKeys).includes(k))).toEqual([]);
    expect(keysOf(defs.cards.properties!.limits as Schema ?? ({} as Schema))).toEqual([]);
  });

  it("reads every shipped rule file without a word left as written", () => {
    for (const id of shippedRules()) {
      const loaded = loadComposition([id, ...completion([id])]);
      if (!loaded.rules) continue;
      const text = rulebookText(explain(loaded.rules));
      expect(text, id).not.toMatch(/\(as written:|undefined|\[object Object\]|NaN/);
      // a refusal's {expressions} are read in words too
      expect(text, id).not.toMatch(/“[^”]*\{[^”]*”/);
    }
  });

  it("names nothing in a shipped game's or card's rulebook that the reader cannot look up in it: every identifier left is one of its entries", () => {
    const left: string[] = [];
    let books = 0;
    for (const id of shippedRules()) {
      const loaded = loadComposition([id, ...completion([id])]);
      if (!loaded.rules) continue;
      books++;
      const b = explain(loaded.rules);
      // a definition, a variable, a zone is named as the rule file writes it, and has its entry under that name
      const entries = new Set(b.sections.flatMap((s) => s.items.flatMap((i) => i.title.match(/\w+/g) ?? [])));
      for (const line of rulebookText(b).split("\n")) {
        if (/^- \S+ \(.*\.yaml:\d+\): /.test(line)) continue; // an assumption's place: its path and file
        const words = line.replace(/"[^"]*"|“[^”]*”/g, ""); // the rule file's own texts, quoted
        for (const m of words.matchAll(/\b[a-z]+[A-Z]\w*\b|\b\w*_\w*\b/g)) if (!entries.has(m[0])) left.push(`${id}: ${m[0]} in "${line.trim()}"`);
        // a name bound over a list reads by what the list holds ("the player", "every card in your hand"), and
        // a value that may be missing reads "is set" or "has a ...", never "is not nothing"
        for (const m of words.matchAll(/\b(every|some|each|the|lowest|highest) [a-z] (in|with|among|for)\b|\bthe [a-z] with\b|\bnot nothing\b|\bfor each [a-z],/g)) left.push(`${id}: '${m[0]}' in "${line.trim()}"`);
      }
    }
    expect(books).toBeGreaterThan(40);
    expect([...new Set(left)]).toEqual([]);
  });
});

describe("the words of expressions and effects", () => {
  const read = new Reader({ perPlayer: new Set(["hand", "score"]), gameZones: new Set(["pile", "stock"]), playerZones: new Set(["hand"]), defines: new Set(["claim"]) });
  it.each([
    ["hand.count(c => c.rank == 10)", "the count of cards in your hand whose rank is 10"],
    ["hand.filter(c => c.suit == \"H\").count(c => c.rank > 10)", "the count of cards in your hand whose suit is \"H\" and whose rank is more than 10"],
    ["pile.empty or pile.top.rank <= 3", "the pile is empty or the rank of the top card of the pile is at most 3"],
    ["p.score + 1 >= 2 * score", "p's score plus 1 is at least 2 times your score"],
    ["players.all(p => p.hand.empty)", "for every player, the player's hand is empty"],
    ["me.hand.count", "the count of your hand"],
    ["me == maker", "you are maker"],
    ["players.filter(p => claim(p) != none).minBy(p => claim(p))", "the player with the lowest claim, among the players who have a claim"],
    ["players.all(p => players.any(q => q.score > p.score))", "for every player, for some other player, the other player's score is more than the player's score"],
    ["pile.filter(c => c.rank != 2).count", "the count of the cards in the pile whose rank is not 2"],
    ["leader == none", "leader is not set"],
  ])("%s", (text, words) => {
    expect(read.expression(text)).toBe(words);
  });

  it("reads a definition's one-letter parameter by what its body uses it as: a card, a player, or as written when it says neither or both", () => {
    const cards = new Set(["rank", "suit"]);
    expect(read.parameterNouns(["c", "top"], "c.rank >= top.rank", cards)).toEqual(["card", undefined]);
    expect(read.parameterNouns(["p"], "p.hand.count + p.score", cards)).toEqual(["player"]);
    expect(read.parameterNouns(["x"], "x.rank + x.score", cards)).toEqual([undefined]);
    expect(read.parameterNouns(["p"], "clockwiseFrom(dealer).indexOf(p)", cards)).toEqual([undefined]);
    expect(read.parameterNouns(["c"], "if c.suit == \"H\" { move(pile, removed) }", cards)).toEqual(["card"]);
    const idiot = rulebookText(explain(loadComposition(["idiot"]).rules!));
    expect(idiot).toContain("Follows: the card's rank is at least top's rank.");
    // across the shipped rulebooks, "c's" and "p's" were 330 phrases; those left are parameters the body does not type
    const left = shippedRules().map((id) => loadComposition([id, ...completion([id])]).rules).filter((r) => r !== undefined)
      .reduce((n, r) => n + (rulebookText(explain(r!)).match(/\b[a-z]'s\b/g) ?? []).length, 0);
    expect(left).toBeLessThan(40);
  });

  it("reads the values a message fills in, each in angle brackets, and the rest as written", () => {
    expect(read.message("{pile.top} is higher than {hand.count(c => c.rank == 10)}: play {fromTable ? 'a table card' : 'from your hand'}")).toBe(
      "<the top card of the pile> is higher than <the count of cards in your hand whose rank is 10>: play <\"a table card\" if from table, otherwise \"from your hand\">");
    expect(read.message("no values here")).toBe("no values here");
    expect(read.message("{1 +} broken")).toBe("(as written: {1 +}) broken");
  });

  it("reads a program as sentences, nested under if and for", () => {
    expect(read.program("for p in players {\n  if p.hand.empty { out(p) } else { draw(stock, p.hand, 2) }\n}\nscore += 1\nout(me)")).toEqual([
      { text: "For each player:", depth: 0 },
      { text: "If the player's hand is empty:", depth: 1 },
      { text: "The player goes out.", depth: 2 },
      { text: "Otherwise:", depth: 1 },
      { text: "Draw 2 cards from the stock into the player's hand.", depth: 2 },
      { text: "Add 1 to your score.", depth: 0 },
      { text: "Go out.", depth: 0 },
    ]);
  });
});


describe("a rulebook", () => {
  const dir = mkdtempSync(join(tmpdir(), "houserules-explain-"));
  writeFileSync(join(dir, "threes.yaml"), threes);

  it("marks what a variant changes against its base, and nothing else", () => {
    const loaded = loadComposition(["idiot", "./threes.yaml"], dir);
    const b = explain(loaded.rules!);
    expect(b.title).toBe("Idiot + Threes Are Wild");
    expect(b.changes).toEqual([
      { path: "actions.play", how: "changed", by: ["Threes Are Wild"], title: "Play" },
      { path: "actions.play.require.rank-order", how: "changed", by: ["Threes Are Wild"], title: "Play: rank order" },
    ]);
    const rule = b.sections.flatMap((s) => s.items).find((i) => i.path === "actions.play.require.rank-order")!;
    expect(rule.lines.map((l) => l.text)).toEqual([
      "Only when the first of cards is a three or the first of cards can play.",
      "Otherwise the move is refused: “a three goes on anything”",
    ]);
    expect(rulebookText(b)).toContain("[changed by Threes Are Wild] Play: rank order: Only when");
    expect(rulebookText(b)).toContain("[changed by Threes Are Wild: its require] Play: play one card"); // which part of the action
    expect(rulebookHtml(b)).toContain('<span class="mark changed">changed by Threes Are Wild</span>');
  });

  it("reads a next chosen by conditions, a phase skipped, and a phase and an action a variant leaves out", () => {
    // the examples of docs/language.md's Flow that branches
    const at = mkdtempSync(join(tmpdir(), "houserules-branches-"));
    for (const m of readFileSync("docs/language.md", "utf8").matchAll(/^```yaml file=(\S+)\n([\s\S]*?)^```$/gm)) writeFileSync(join(at, m[1]), m[2]);
    const base = rulebookText(explain(loadComposition(["./call-the-hand.yaml"], at).rules!));
    expect(base).toContain("Then, when the caller is not set, the deal phase; when the hands is at least 8, the game ends; otherwise the swap phase.");
    expect(base).toContain("The phase is left out when the remainder of the hands divided by 3 is 0: none of its effects run, and play goes on to the phase that follows.");
    const b = explain(loadComposition(["./no-swapping.yaml"], at).rules!);
    const text = rulebookText(b);
    expect(text).toContain("This phase is always left out: none of its effects run, and play goes on to the phase that follows.");
    expect(text).toContain("Left out of the game: no phase offers it.");
    expect(b.changes.map((c) => c.path)).toEqual(expect.arrayContaining(["phases.swap", "actions.swap"]));
  });

  it("lists every assumption with its file and line", () => {
    const b = explain(loadComposition(["idiot"]).rules!);
    expect(b.changes).toEqual([]);
    expect(b.assumptions.map((a) => `${a.path} ${a.file.replace(/^.*rules\//, "rules/")}`)).toEqual([
      "actions.pickup.require.pile-not-empty rules/idiot/idiot.yaml",
      "outcome rules/idiot/idiot.yaml",
    ]);
    // each at the line that says it
    for (const a of b.assumptions) expect(readFileSync(a.file, "utf8").split("\n")[a.line - 1]).toMatch(/^\s*assumed:/);
  });

  it("is printed by houserules explain as text, HTML and JSON", async () => {
    const file = join(dir, "threes.yaml");
    const text = await run(["explain", "idiot", "--with", file]);
    expect(text.code).toBe(0);
    expect(text.out).toMatch(/^Idiot \+ Threes Are Wild\n=+\n/);
    expect(text.out).toContain("Assumed where the rulebook is silent");
    const html = await run(["explain", "idiot", "--with", file, "--html"]);
    expect(html.out).toMatch(/^<!DOCTYPE html>/);
    const json = JSON.parse((await run(["explain", "--compose", "Deal Eight, Take Lots of Tricks, Crazy Eights, Whist", "--json"])).out);
    expect(json.pieces.map((p: { name: string }) => p.name)).toContain("Crazy Eights");
    expect(json.changes.some((c: { by: string[] }) => c.by.includes("Deal Eight"))).toBe(true);
    expect((await run(["explain"])).code).toBe(2);
    expect((await run(["explain", "--help"])).out).toContain("Usage: houserules explain <id>");
  });
});

describe("words a reader of a rulebook expects", () => {
  it("name a standard deck's ranks, and only a standard deck's", () => {
    const standard = new Reader({ perPlayer: new Set(), gameZones: new Set(["pile"]), valueNames: new Map([["rank", new Map([[12, "queen"], [14, "ace"]])]]) });
    expect(standard.expression("pile.top.rank == 12 or 14 == card.rank")).toBe("the top card of the pile is a queen or card is an ace");
    expect(standard.expression("card.rank >= 10 and card.points == 12")).toBe("card's rank is at least 10 and card's points is 12");
    const other = new Reader({ perPlayer: new Set(), gameZones: new Set() });
    // a choice among those that pass a test says what is chosen first; a call is named in words, never as code
    expect(other.expression("players.filter(p => claim(p) != none).minBy(p => claim(p))")).toBe("the player with the lowest claim, among the players who have a claim");
    expect(other.expression("card.rank == 12")).toBe("card's rank is 12");
    const crazy = rulebookText(explain(loadComposition(["crazy-eights"]).rules!));
    expect(crazy).toContain("1 if the card is an ace");
    expect(crazy).toMatch(/^Cards: A standard deck/m); // one set of cards is not "Cards 1"
  });
});
