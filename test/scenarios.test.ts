// Every scenario file under test/scenarios is a test; and scenarios must catch rules that break.
import { describe, expect, it } from "vitest";
import { findScenarios } from "../src/cli/commands/test.js";
import { runScenarioFile, runScenarioText } from "../src/scenario/scenario.js";
import { formatDiagnostic } from "../src/interpreter/diagnostics.js";
import { withBrokenRules } from "./helpers/broken-rules.js";
import { tinyRules } from "./helpers/rules.js";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const files = findScenarios(["test/scenarios"]);

describe("scenario files", () => {
  it("exist for the games", () => {
    expect(files.length).toBeGreaterThan(20);
  });
  it.each(files.map((f) => [f.slice(f.indexOf("test/scenarios/") + 15), f]))("%s", (_, file) => {
    const r = runScenarioFile(file);
    expect(r.failures.map(formatDiagnostic)).toEqual([]);
    expect(r.passed).toBe(true);
  });
});

/** Runs a scenario against a copy of the Idiot rules with one rule changed. */

describe("scenarios catch broken rules", () => {
  it("four of a kind that no longer clears", () => {
    const r = withBrokenRules("idiot", "idiot/four-of-a-kind.scenario.yaml", "if pile.top.rank == 10 or fourOnTop {", "if pile.top.rank == 10 {");
    expect(r.passed).toBe(false);
    expect(formatDiagnostic(r.failures[0])).toContain("expected turn Ann, but it is Bob");
  });
  it("a six allowed on a nine", () => {
    const r = withBrokenRules("idiot", "idiot/rank-order.scenario.yaml", "follows(c, top): c.rank >= top.rank", "follows(c, top): c.rank >= 2");
    expect(r.passed).toBe(false);
    expect(formatDiagnostic(r.failures[0])).toContain("expected 'play 6C' not to be legal for Ann");
  });
  it("start player decided by the face-up cards after swapping instead of as dealt", () => {
    const r = withBrokenRules("idiot", "idiot/start-face-up-three.scenario.yaml", "p.dealtUp.filter(c => c.rank != 2).map(c => [c.rank, 0, p.dealtUp.indexOf(c)", "p.faceUp.filter(c => c.rank != 2).map(c => [c.rank, 0, p.faceUp.indexOf(c)");
    expect(r.passed).toBe(false);
    expect(formatDiagnostic(r.failures[0])).toContain("expected turn Bob, but it is Ann");
  });
  it("no drawing after a play", () => {
    const r = withBrokenRules("idiot", "idiot/draw.scenario.yaml", "      draw(stock, hand, 3 - hand.count)\n", "");
    expect(r.passed).toBe(false);
  });
});

describe("scenario failures say what was expected and what happened", () => {
  const scenario = (moves: string, extra = "") => `rules: idiot
players: [Ann, Bob]
start: Ann
deal:
  hand: {Ann: [5C, 6C, 7C], Bob: [8C, 9C, JC]}
  pile: []
${extra}moves:
  - Ann: ready
  - Bob: ready
${moves}`;
  const failures = (text: string) => runScenarioText(text, "s.yaml", "test/scenarios/idiot").failures.map(formatDiagnostic);

  it.each([
    ["a move that is refused", "  - Bob: play 8C\n",
      "s.yaml:10:5: error E_REFUSED: step 3 (Bob: play 8C): refused by turn: it is Ann's turn, not Bob's; it is Ann who may act"],
    ["a move that should have been refused", "  - {Ann: play 5C, rejected: true}\n",
      "s.yaml:10:5: error E_ACCEPTED: step 3 (Ann: play 5C): expected the move to be refused, but it was accepted (Ann: play 5C; 5C: Ann's hand → pile; 8H: stock → Ann's hand; Bob's turn)"],
    ["a refusal for another reason", "  - {Ann: play 8C, rejected: lower}\n",
      "s.yaml:10:30: error E_EXPECT: step 3 (Ann: play 8C): refused as expected, but the reason \"play.cards: 8C is not in Ann's hand: you play from your hand now\" does not contain \"lower\""],
    ["a zone that holds other cards", "  - Ann: play 5C\n  - expect: {zones: {pile: [6C]}}\n",
      "s.yaml:11:28: error E_EXPECT: at step 4: expected pile to hold [6C], but it holds [5C]"],
  ])("%s", (_, moves, failure) => {
    expect(failures(scenario(moves))).toEqual([failure]);
  });
  it("a card named twice in a deal, and an unknown card", () => {
    const text = scenario("", "").replace("Bob: [8C, 9C, JC]", "Bob: [5C, ZZ, JC]");
    expect(failures(text)).toEqual([
      "s.yaml:5:35: error E_SCHEMA: 5C is named twice",
      "s.yaml:5:39: error E_SCHEMA: there is no card called 'ZZ'",
    ]);
  });
});

/** A Hands scenario for three players, from a deal of its own: the moves come after it. */
const handsScenario = (moves: string) => `rules: hands
players: [Ann, Bob, Cy]
deal:
  hand: {Ann: [fist, palm], Bob: [fist, pinch], Cy: [spock, hook]}
  drawPile: [okay, pistol, ring]
spare: box
moves:
${moves}`;

describe("scenarios reach every situation", () => {
  const failures = (text: string, folder = "test/scenarios") => runScenarioText(text, "s.yaml", folder).failures.map(formatDiagnostic);

  it("shuffles fix a shuffle's outcome before the setup deals; a stacked shuffle that never happens is reported", () => {
    // Idiot deals face down, face up, then hand, one card at a time from the left of the dealer
    const text = (shuffles: string) => `rules: idiot
players: [Ann, Bob]
dealer: Bob
seed: 11
shuffles: ${shuffles}
moves:
  - expect: {zones: {faceDown: {Ann: [AS, QS, 10S], Bob: [KS, JS, 9S]}}}
`;
    expect(failures(text("{stock: [9S, 10S, JS, QS, KS, AS]}"))).toEqual([]);
    expect(failures(text("{stock: [[9S, 10S, JS, QS, KS, AS], [2C]]}"))).toEqual([
      "s.yaml:5:47: error E_EXPECT: stock is stacked for 2 shuffles, but the rules shuffled it once",
    ]);
    expect(failures(text("{stock: [9S, 10S, JS, QS, AS, KS]}"))[0]).toContain("error E_EXPECT: at step 1: expected Ann's faceDown to hold [AS, QS, 10S], but it holds [KS, QS, 10S]");
    expect(failures(text("{stock: [9S, ZZ]}"))).toEqual(["s.yaml:5:24: error E_SCHEMA: there is no card called 'ZZ'"]);
  });

  it("a round step scripts a game played inside: its deal and moves, its own result and cards, and the match around it", () => {
    const text = (expect: string) => `rules: on-the-cards/opening-hands
players: [Ann, Bob, Cy]
dealer: Ann
moves:
  - round:
      deal: {hand: {Ann: [2C], Bob: [AS], Cy: [3C]}}
      spare: setAside
      moves:
        - Bob: play AS
        - Cy: pass
        - Ann: pass
      expect: ${expect}
`;
    expect(failures(text("{over: true, winners: [Bob], scores: {Bob: 1, Ann: 0}, cards: [Deal Eight, Take Lots of Tricks, Crazy Eights, Whist], outer: {phase: take, turn: Bob}}"))).toEqual([]);
    expect(failures(text("{winners: [Ann]}"))).toEqual(["s.yaml:12:25: error E_EXPECT: at the end of round 1: expected winners [Ann], but it is [Bob]"]);
    expect(failures(text("{cards: [Deal Seven, Take Lots of Tricks, Crazy Eights, Whist]}"))).toEqual([
      "s.yaml:12:23: error E_EXPECT: at the end of round 1: expected the round to be composed from [Deal Seven, Take Lots of Tricks, Crazy Eights, Whist], but it is composed from [Deal Eight, Take Lots of Tricks, Crazy Eights, Whist]",
    ]);
    expect(failures(text("{outer: {variables: {roundsPlayed: 1}}}"))).toEqual([
      "s.yaml:12:50: error E_EXPECT: at the end of round 1, in the game around it: expected roundsPlayed 1, but it is 0",
    ]);
    // a second round step while the first round is still being played
    const early = `rules: on-the-cards/opening-hands
players: [Ann, Bob, Cy]
moves:
  - round:
      moves: [{Bob: pass, rejected: "may-pass"}]
  - round: {}
`;
    expect(failures(early)).toEqual(["s.yaml:6:12: error E_EXPECT: round 2: the second game played inside On The Cards — Out of the Box + On The Cards — Opening Hands has not started"]);
  });

  it("says an empty text was expected, or found, in words", () => {
    const text = (afterEight: string, afterThree: string) => `rules: crazy-eights
players: [Ann, Bob]
start: Ann
deal:
  hand: {Ann: [8C, 3S, JH], Bob: [3D, 8H, 9C, KS]}
  discard: [9H]
  stock: [KC, 4S]
spare: discard
moves:
  - Ann: play 8C D
  - expect: {variables: {called: ${afterEight}}}
  - Bob: play 3D
  - expect: {variables: {called: ${afterThree}}}
`;
    expect(failures(text("D", '""'))).toEqual([]);
    expect(failures(text('""', '""'))).toEqual(['s.yaml:11:34: error E_EXPECT: at step 2: expected called "" (an empty text), but it is D']);
    expect(failures(text("D", "D"))).toEqual(['s.yaml:13:34: error E_EXPECT: at step 4: expected called D, but it is "" (an empty text)']);
  });

  it("scores are known before the game is over, from the outcome's score rule", () => {
    const text = (scores: string) => handsScenario(`  - {Ann: make fist, at: 1}
  - {Bob: make fist, at: 2}
  - expect: {over: false, scores: ${scores}}
`);
    expect(failures(text("{Ann: 1, Bob: 1, Cy: 0}"))).toEqual([]);
    expect(failures(text("{Cy: 1}"))).toEqual(["s.yaml:10:40: error E_EXPECT: at step 3: expected Cy's score 1, but it is 0"]);
  });

  it("timed moves are made in time order; an expectation ends a run, and a move listed after it cannot go back in time", () => {
    const text = handsScenario(`  - {Bob: make fist, at: 2}
  - expect: {zones: {scored: {Bob: []}}}
  - {Ann: make fist, at: 1}
`);
    expect(failures(text)).toEqual([
      "s.yaml:10:5: error E_REFUSED: step 3 (Ann: make fist): refused by time: a move at 1 comes before the last move, at 2 (moves are made in time order within a run of timed moves; an expectation between them ends the run); legal now: make fist, make palm, exchange fist, exchange palm, replenish",
    ]);
  });

  it("a rule that fails while the game runs stops the scenario with E_STOPPED, at the step, in setup too", () => {
    const dir = mkdtempSync(join(tmpdir(), "houserules-stopped-"));
    const looping = "effect: |\n      while pile.count >= 0 {\n        shuffle(pile)\n      }";
    writeFileSync(join(dir, "loops.yaml"), tinyRules("", { "effect: move(card, pile)": looping }));
    writeFileSync(join(dir, "setup.yaml"), tinyRules("", { "  deal(stock, hand, 3)\n": "  deal(stock, hand, 3)\n  while stock.count >= 0 {\n    shuffle(stock)\n  }\n" }));
    const text = (rules: string) => `rules: ./${rules}
players: [Ann, Bob]
start: Ann
deal: {hand: {Ann: [2C, 3C, 4C]}}
moves:
  - Ann: play 2C
`;
    expect(failures(text("loops.yaml"), dir)).toEqual(["s.yaml:6:5: error E_STOPPED: step 1 (Ann: play 2C): the rules failed: play.effect is looping: more than 100000 steps without a decision"]);
    expect(failures(text("setup.yaml"), dir)[0]).toMatch(/^s\.yaml:1:1: error E_STOPPED: the game stopped during its setup: setup is looping/);
  });

  it("legal and illegal moves of a named player who is not the one to move; a refusal after the game is over", () => {
    const text = (after: string) => `rules: idle-hands/seven-sins
players: [Ann, Bob]
start: Ann
deal:
  piles: [[wrath, pride, envy, avarice, lust, gluttony]]
  hand: {Ann: [sloth], Bob: [wrath]}
  deck: [lust]
spare: handSet
moves:
  - expect: {turn: Ann, legal: [play sloth 1], illegal: [{Bob: play wrath 2}, "Bob: play wrath 1"]}
  - {Bob: play wrath 2, rejected: "it is Ann's turn"}
  - Ann: play sloth 1
  - Ann: play-drawn 1
${after}`;
    expect(failures(text('  - {Bob: play wrath 1, rejected: "the game is over"}\n  - expect: {over: true, scores: {Ann: 1, Bob: 0}}\n'))).toEqual([]);
    expect(failures(text("  - Bob: play wrath 1\n"))).toEqual(["s.yaml:14:5: error E_REFUSED: step 5 (Bob: play wrath 1): the game is already over"]);
    expect(failures(text("  - {Bob: play wrath 1, rejected: true}\n").replace("legal: [play sloth 1]", "legal: [{Bob: play wrath 2}]"))).toEqual([
      "s.yaml:10:33: error E_EXPECT: at step 1: expected 'play wrath 2' to be legal for Bob; legal: nothing",
    ]);
  });
});

describe("a scenario's variables", () => {
  const text = (vars: string) => `name: v\nrules: blackjack\nplayers: [Ann, Bob]\nvariables:\n${vars}\nmoves:\n  - expect: {variables: {bet: {Ann: 3}}}\n`;
  it("are set before the first move, each checked against its variable's type, players and names", () => {
    expect(runScenarioText(text("  bet: {Ann: 3}"), "s.yaml", ".").passed).toBe(true);
    const failures = (vars: string) => runScenarioText(text(vars), "s.yaml", ".").failures.map(formatDiagnostic);
    expect(failures("  bets: {Ann: 3}")).toEqual(["s.yaml:5:3: error E_SCHEMA: there is no variable 'bets' (did you mean 'bet'?)"]);
    expect(failures("  bet: {Ann: high}")).toEqual(['s.yaml:5:14: error E_SCHEMA: bet is a number, not "high"']);
    expect(failures("  bet: {Zed: 3}")).toEqual(["s.yaml:5:9: error E_SCHEMA: there is no player called 'Zed' (players: Ann, Bob)"]);
    expect(failures("  bet: 3")).toEqual(["s.yaml:5:8: error E_SCHEMA: bet is each player's: give it as {Ann: value}"]);
    expect(failures("  onSecond: {Ann: yes}")[0]).toContain("onSecond is true or false");
  });
});

describe("a scenario's spare", () => {
  const spare = (rules: string, zone: string) => runScenarioText(`name: s\nrules: ${rules}\nplayers: [Ann, Bob]\nspare: ${zone}\ndeal: {}\nmoves: []\n`, "s.yaml", ".").failures.map(formatDiagnostic);
  const wanted = "spare names one zone of the game, where the cards the deal does not name go (stock, pile, removed)";
  it("says why a zone cannot be the spare one: none such (with a suggestion), each player's, or a family", () => {
    expect(spare("idiot", "stok")).toEqual([`s.yaml:4:8: error E_SCHEMA: there is no zone called 'stok' (did you mean 'stock'?): ${wanted}`]);
    expect(spare("idiot", "hand")).toEqual([`s.yaml:4:8: error E_SCHEMA: hand is each player's: ${wanted}`]);
    expect(spare("idle-hands/seven-sins", "piles")[0]).toMatch(/^s\.yaml:4:8: error E_SCHEMA: piles is a family of zones, made during play: spare names one zone/);
  });
  it("names a value that is not a zone's name, and what to write instead", () => {
    expect(spare("idiot", "[pile, stock]")).toEqual([
      `s.yaml:4:8: error E_SCHEMA: spare is a list ([pile, stock]) where one zone's name is expected: all the cards the deal does not name go to one zone, so write one (spare: pile); ${wanted}`,
    ]);
    expect(spare("idiot", "{stock: 1}")).toEqual([`s.yaml:4:8: error E_SCHEMA: spare is a map ({stock}) where one zone's name is expected: write the name alone (spare: stock); ${wanted}`]);
    expect(spare("idiot", "3")).toEqual([`s.yaml:4:8: error E_SCHEMA: spare is the number 3 where one zone's name is expected; ${wanted}`]);
    expect(spare("idiot", "true")).toEqual([`s.yaml:4:8: error E_SCHEMA: spare is true, a yes or no, where one zone's name is expected; ${wanted}`]);
    expect(spare("idiot", "")).toEqual([`s.yaml:4:8: error E_SCHEMA: spare is empty: ${wanted}`]);
  });
});
