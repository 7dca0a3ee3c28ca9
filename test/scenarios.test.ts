// Every scenario file under test/scenarios is a test; and scenarios must catch rules that break.
import { describe, expect, it } from "vitest";
import { findScenarios } from "../src/cli/commands/test.js";
import { runScenarioFile, runScenarioText } from "../src/scenario/scenario.js";
import { formatDiagnostic } from "../src/interpreter/diagnostics.js";
import { withBrokenRules } from "./helpers/broken-rules.js";

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
    const r = withBrokenRules("idiot", "idiot/rank-order.scenario.yaml", "or c.rank >= pile.top.rank", "or c.rank >= 2");
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

  it("a move that is refused", () => {
    expect(failures(scenario("  - Bob: play 8C\n"))).toEqual([
      "s.yaml:10:5: error E_SCHEMA: step 3 (Bob: play 8C): refused by turn: it is Ann's turn, not Bob's; it is Ann who may act",
    ]);
  });
  it("a move that should have been refused", () => {
    expect(failures(scenario("  - {Ann: play 5C, rejected: true}\n"))).toEqual([
      "s.yaml:10:5: error E_SCHEMA: step 3 (Ann: play 5C): expected the move to be refused, but it was accepted (Ann: play 5C; 5C: Ann's hand → pile; 8H: stock → Ann's hand; Bob's turn)",
    ]);
  });
  it("a refusal for another reason", () => {
    expect(failures(scenario("  - {Ann: play 8C, rejected: lower}\n"))).toEqual([
      "s.yaml:10:30: error E_SCHEMA: step 3 (Ann: play 8C): refused as expected, but the reason \"play.cards: you play from your hand now\" does not contain \"lower\"",
    ]);
  });
  it("a zone that holds other cards", () => {
    expect(failures(scenario("  - Ann: play 5C\n  - expect: {zones: {pile: [6C]}}\n"))).toEqual([
      "s.yaml:11:28: error E_SCHEMA: at step 4: expected pile to hold [6C], but it holds [5C]",
    ]);
  });
  it("a card named twice in a deal, and an unknown card", () => {
    const text = scenario("", "").replace("Bob: [8C, 9C, JC]", "Bob: [5C, ZZ, JC]");
    expect(failures(text)).toEqual([
      "s.yaml:5:35: error E_SCHEMA: 5C is named twice",
      "s.yaml:5:39: error E_SCHEMA: there is no card called 'ZZ'",
    ]);
  });
});
