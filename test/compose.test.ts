// Fragments composed onto a base: what they may add, replace and extend, and the conflicts that are refused.
import { describe, expect, it } from "vitest";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadComposition, loadRules } from "../src/interpreter/load/load.js";
import { formatDiagnostic, sortDiagnostics } from "../src/interpreter/diagnostics.js";
import { newGame, legalMoves, applyMove, play } from "../src/interpreter/engine.js";
import { tinyRules } from "./helpers/rules.js";
import { runScenarioText } from "../src/scenario/scenario.js";
import { threesAreWild } from "./helpers/threes.js";

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

  it("tells a phase a fragment cuts off at the fragment's change, with the phase's own place", () => {
    const twoPhases = tinyRules("", { "phases:\n  main:\n    actions: [play]\n": "phases:\n  main:\n    actions: [play]\n    next: extra\n  extra:\n    actions: [play]\n" });
    const dir = folder({ "base.yaml": twoPhases, "f.yaml": "extends: ./base.yaml\nname: F\nreplaces: [phases.main]\nphases:\n  main:\n    actions: [play]\n" });
    expect(errors(dir, ["base.yaml"])).toEqual([]);
    const [error] = errors(dir, ["f.yaml"]);
    expect(error).toMatch(/^f\.yaml:5:3: error E_UNREACHABLE: phase 'extra' \(\S*base\.yaml:17:3\) never follows another phase once phase 'main' is changed here, so it can never be played$/);
  });

  it("lists what is replaced but not there", () => {
    const dir = folder({ "base.yaml": base, "f.yaml": "extends: ./base.yaml\nname: F\nreplaces: [define.pionts]\n" });
    expect(errors(dir, ["f.yaml"])).toEqual(["f.yaml:3:12: error E_COMPOSE: 'define.pionts' is listed under replaces, but nothing sets it (did you mean 'define.points'?)"]);
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

  it("checks a variable named by text for lastVariable against the variables of the games played inside", () => {
    const match = (read: string) =>
      ["name: Match", "players: {min: 2, max: 4}", "cards:", "  sets:", "    - {each: {n: [1]}, into: box}", "zones:", "  box: {visible: everyone}", "variables:", "  total: {per: player, type: number}", "phases:", "  round:", "    game: '\"./round.yaml\"'", `    end: for p in players { p.total += lastVariable("${read}", p) }`, "end: true"].join("\n") + "\n";
    const dir = folder({
      "round.yaml": tinyRules("variables:\n  points: {per: player, type: number}\n"),
      "good.yaml": match("points"),
      "bad.yaml": match("pionts"),
    });
    expect(errors(dir, ["good.yaml"])).toEqual([]);
    expect(errors(dir, ["bad.yaml"])).toEqual(["bad.yaml:13:53: error E_NAME: no game played inside this one has a variable 'pionts' (did you mean 'points'?)"]);
  });
});

/** Runs a scenario written inline in a folder of rule files; gives its failures as text ([] when it passes). */
function scenario(dir: string, text: string): string[] {
  const r = runScenarioText(text, "s.scenario.yaml", dir);
  return r.failures.map((d) => `${d.file.slice(d.file.lastIndexOf("/") + 1)}:${d.line}:${d.col}: ${d.message}`);
}

// Plays Ann's hand 2H 3C 4D against Bob's 5S 6S 7S: whatever the fragments, the deal is the same.
const deal = "players: [Ann, Bob]\nstart: Ann\ndeal:\n  hand: {Ann: [2H, 3C, 4D], Bob: [5S, 6S, 7S]}\n";

// The base with one requirement on its play action.
const withRule = base.replace(
  "    effect: move(card, pile)\n",
  "    require:\n      low:\n        check: card.rank < 10\n        else: \"{card} is too high\"\n    effect: move(card, pile)\n",
);

describe("small overrides: one requirement, parameter or effect of an action", () => {

  it("replaces one requirement without copying the action", () => {
    const dir = folder({
      "base.yaml": withRule,
      "f.yaml": "extends: ./base.yaml\nname: F\nreplaces: [actions.play.require.low]\nactions:\n  play:\n    require:\n      low:\n        check: card.suit != \"C\"\n        else: \"no clubs\"\n",
    });
    expect(errors(dir, ["base.yaml", "f.yaml"])).toEqual([]);
    expect(scenario(dir, `rules: ./base.yaml\nwith: [./f.yaml]\n${deal}moves:\n  - {Ann: play 3C, rejected: "no clubs"}\n  - Ann: play 2H\n  - expect: {zones: {pile: [2H]}}\n`)).toEqual([]);
  });

  it("adds a requirement by writing it under a new name; both must hold", () => {
    const dir = folder({
      "base.yaml": withRule,
      "f.yaml": "extends: ./base.yaml\nname: F\nactions:\n  play:\n    require:\n      no-diamonds: {check: card.suit != \"D\", else: no diamonds}\n",
    });
    expect(scenario(dir, `rules: ./base.yaml\nwith: [./f.yaml]\n${deal}moves:\n  - {Ann: play 4D, rejected: "no diamonds"}\n  - Ann: play 3C\n`)).toEqual([]);
  });

  it("replaces one parameter, keeping the parameters' order, and one effect", () => {
    const dir = folder({
      "base.yaml": withRule,
      "f.yaml": [
        "extends: ./base.yaml",
        "name: F",
        "replaces: [actions.play.params.card, actions.play.effect]",
        "actions:",
        "  play:",
        "    params:",
        "      card: {from: hand, else: play from your hand}",
        "    effect: putUnder(card, pile)",
      ].join("\n") + "\n",
    });
    expect(errors(dir, ["base.yaml", "f.yaml"])).toEqual([]);
    expect(scenario(dir, `rules: ./base.yaml\nwith: [./f.yaml]\n${deal}moves:\n  - Ann: play 2H\n  - Bob: play 5S\n  - expect: {zones: {pile: [5S, 2H]}}\n`)).toEqual([]);
  });

  it("refuses to write over a part of an item it does not list, naming what to list", () => {
    const dir = folder({
      "base.yaml": withRule,
      "one.yaml": "extends: ./base.yaml\nname: One\nactions:\n  play:\n    effect: putUnder(card, pile)\n",
      "two.yaml": "extends: ./base.yaml\nname: Two\nactions:\n  play:\n    params: {card: hand}\n    effect: putUnder(card, pile)\n",
    });
    expect(errors(dir, ["one.yaml"])).toEqual([
      "one.yaml:5:5: error E_CONFLICT: 'actions.play.effect' is already set by the base; a fragment replaces an item only when it lists it under replaces: replaces: [actions.play.effect]",
    ]);
    expect(errors(dir, ["two.yaml"])).toEqual([
      "two.yaml:4:3: error E_CONFLICT: 'actions.play' is already set by the base; a fragment replaces an item only when it lists it under replaces: replaces: [actions.play.params.card, actions.play.effect] for what this changes, or replaces: [actions.play] for the whole",
    ]);
  });

  it("says what to write instead of appending to a requirement, a parameter or a map", () => {
    const dir = folder({
      "base.yaml": withRule,
      "f.yaml": "extends: ./base.yaml\nname: F\nappend:\n  actions.play.require.low: card.rank > 2\n  actions.play.require: [x]\n  actions.play.params.card: x\n  end: x\n",
    });
    expect(errors(dir, ["f.yaml"])).toEqual([
      "f.yaml:4:3: error E_COMPOSE: 'actions.play.require.low' is a requirement, a condition that must hold, not effects or a list: write another requirement under actions.play.require (every requirement must hold), or replace this one with replaces: [actions.play.require.low]",
      "f.yaml:5:3: error E_COMPOSE: 'actions.play.require' is a map of named items, not effects or a list: an item with a new name written under actions.play.require in this fragment is added, and one listed under replaces (replaces: [actions.play.require.low]) is replaced",
      "f.yaml:6:3: error E_COMPOSE: 'actions.play.params.card' is a parameter, not effects or a list: write another parameter under actions.play.params, or replace this one with replaces: [actions.play.params.card]",
      "f.yaml:7:3: error E_COMPOSE: 'end' is a single value, not effects or a list: to change it, replace it (replaces: [end])",
    ]);
  });

  it("replaces one requirement of a shipped game: a three may be played on anything in Idiot", () => {
    const dir = folder({
      "threes.yaml": threesAreWild,
    });
    const r = loadComposition(["./threes.yaml"], dir);
    expect(r.diagnostics.filter((d) => d.severity === "error").map(formatDiagnostic)).toEqual([]);
    expect(r.game!.name).toBe("Idiot + Threes Are Wild");
  });
});

describe("composition never loses a rule silently", () => {
  // `a` appends to the play action's effect; `b` replaces the whole action.
  const files = {
    "base.yaml": withRule,
    "a.yaml": "extends: ./base.yaml\nname: A\nappend:\n  actions.play.effect: draw(stock, pile)\n",
    "b.yaml": "extends: ./base.yaml\nname: B\nreplaces: [actions.play]\nactions:\n  play:\n    params: {card: hand}\n    effect: putUnder(card, pile)\n",
    "a-wins.yaml": "extends: ./base.yaml\nname: A wins\noverrides: [b]\nappend:\n  actions.play.effect: draw(stock, pile)\n",
    "b-wins.yaml": "extends: ./base.yaml\nname: B wins\noverrides: [a]\nreplaces: [actions.play]\nactions:\n  play:\n    params: {card: hand}\n    effect: putUnder(card, pile)\n",
    "c.yaml": "extends: ./base.yaml\nname: C\nactions:\n  play:\n    require:\n      hearts: {check: card.suit == \"H\"}\n",
  };

  it("refuses an append and a replacement of the same item, in the later file, in either order", () => {
    const dir = folder(files);
    expect(errors(dir, ["a.yaml", "b.yaml"])).toEqual([
      "b.yaml:5:3: error E_CONFLICT: replacing 'actions.play' would drop what a appends to 'actions.play.effect': say which wins, with overrides: [a] in one of them",
    ]);
    expect(errors(dir, ["b.yaml", "a.yaml"])).toEqual([
      "a.yaml:4:3: error E_CONFLICT: this appends to 'actions.play.effect', but b replaces 'actions.play': say which wins, with overrides: [b] in one of them",
    ]);
  });

  it("refuses a requirement added to an action another fragment replaces", () => {
    const dir = folder(files);
    expect(errors(dir, ["c.yaml", "b.yaml"])).toEqual([
      "b.yaml:5:3: error E_CONFLICT: replacing 'actions.play' would drop 'actions.play.require.hearts', which c adds: say which wins, with overrides: [c] in one of them",
    ]);
    expect(errors(dir, ["b.yaml", "c.yaml"])).toEqual([
      "c.yaml:5:5: error E_CONFLICT: this adds 'actions.play.require', but b replaces 'actions.play': say which wins, with overrides: [b] in one of them",
    ]);
  });

  it("keeps the winner's change whichever comes first", () => {
    const dir = folder({ ...files, "a-wins.yaml": files["a-wins.yaml"].replace("[b]", "[b-wins]") });
    // The replacement puts the card under the pile; the append then draws the stock's top onto the pile.
    const played = (refs: string[]) => {
      expect(errors(dir, refs)).toEqual([]);
      return scenario(dir, `rules: ./base.yaml\nwith: [${refs.map((r) => `./${r}`).join(", ")}]\n${deal}moves:\n  - Ann: play 2H\n  - expect: {zones: {pile: [2H]}}\n`);
    };
    // b-wins overrides a: the append is dropped, in both orders
    expect(played(["a.yaml", "b-wins.yaml"])).toEqual([]);
    expect(played(["b-wins.yaml", "a.yaml"])).toEqual([]);
    // a-wins overrides b-wins: the append is made onto the replacement, in both orders
    expect(played(["a-wins.yaml", "b-wins.yaml"])[0]).toMatch(/expected pile to hold \[2H\], but it holds \[2H, \w+\]/);
    expect(played(["b-wins.yaml", "a-wins.yaml"])[0]).toMatch(/expected pile to hold \[2H\], but it holds \[2H, \w+\]/);
  });

  it("honours overrides written in the earlier of two replacing fragments", () => {
    const dir = folder({
      "base.yaml": base,
      "a.yaml": "extends: ./base.yaml\nname: A\nreplaces: [define.points]\noverrides: [b]\ndefine:\n  points(p): 1\n",
      "b.yaml": "extends: ./base.yaml\nname: B\nreplaces: [define.points]\ndefine:\n  points(p): 2\n",
    });
    expect(errors(dir, ["a.yaml", "b.yaml"])).toEqual([]);
    const r = loadComposition(["./a.yaml", "./b.yaml"], dir);
    const s = newGame(r.game!, { players: ["Ann", "Bob"], seed: 1 });
    expect(s.over).toBe(false);
  });
});
