// Moves with a choice attached: a flag (`{type: flag}`, yes or no, written as its name when yes) and a number
// chosen from a range (`from: "1..hand.count"`) — listed, written, read back, refused and explained.
import { describe, expect, it } from "vitest";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { legalMoves, moveText, newGame, parseMove, play } from "../src/interpreter/engine.js";
import { loadComposition } from "../src/interpreter/load/load.js";
import { explain } from "../src/explain/rulebook.js";
import { rulebookText } from "../src/explain/render.js";
import { errorsOf, gameOf, tinyRules } from "./helpers/rules.js";

type S = ReturnType<typeof newGame>;

/** The first card in a player's hand, by name. */
function firstCard(s: S, p: number): string {
  const hand = s.zones[s.game.sharedZones + s.game.zones.find((z) => z.name === "hand")!.slot * s.n + p];
  return s.game.cardNames[hand[0]];
}

/** A variable's value (of the first seat, for one per player). */
function varOf(s: S, name: string): unknown {
  return s.vars[s.game.vars.find((v) => v.name === name)!.slot];
}

/** The tiny game with a flag on play and a bid of one up to the cards in hand. */
export function choiceRules(flag = "{type: flag}"): string {
  return tinyRules(`variables:
  points: {per: player, type: number}
`, {
    "    actions: [play]\n": "    actions: [play, bid]\n",
    "      card: hand\n": `      card: hand\n      alone: ${flag}\n`,
    "    effect: move(card, pile)": `    effect: |
      move(card, pile)
      points += alone ? 10 : 1
  bid:
    params:
      amount: {from: "1..hand.count"}
    require:
      once: points < 20
    effect: points += amount`,
  });
}

describe("a flag chosen with the move", () => {
  it("is listed both ways, written as its name for yes and nothing for no", () => {
    const s = newGame(gameOf(choiceRules()), { players: ["Ann", "Bob"], seed: 1, start: 0 });
    const texts = legalMoves(s, 0).map((m) => moveText(s, m));
    const card = firstCard(s, 0);
    expect(texts).toContain(`play ${card}`);
    expect(texts).toContain(`play ${card} alone`);
    expect(texts.indexOf(`play ${card}`)).toBeLessThan(texts.indexOf(`play ${card} alone`));
    expect(texts.filter((t) => t.startsWith("bid"))).toEqual(["bid 1", "bid 2", "bid 3"]);
  });

  it("reads back: the name is yes, nothing is no, and the rules see true or false", () => {
    const s = newGame(gameOf(choiceRules()), { players: ["Ann", "Bob"], seed: 1, start: 0 });
    const card = firstCard(s, 0);
    const yes = parseMove(s, 0, `play ${card} ALONE`);
    const no = parseMove(s, 0, `play ${card}`);
    expect("args" in yes && yes.args[1]).toBe(true);
    expect("args" in no && no.args[1]).toBe(false);
    expect(play(s, 0, `play ${card} alone`).ok).toBe(true);
    expect(varOf(s, "points")).toBe(10); // Ann's, the first seat's slot
  });

  it("offers only what `from:` allows, and refuses the rest naming the parameter", () => {
    const s = newGame(gameOf(choiceRules(`{type: flag, from: "[false]", else: "nobody goes alone here"}`)), { players: ["Ann", "Bob"], seed: 1, start: 0 });
    expect(legalMoves(s, 0).some((m) => moveText(s, m).endsWith(" alone"))).toBe(false);
    const card = firstCard(s, 0);
    const r = play(s, 0, `play ${card} alone`);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.refusal).toMatchObject({ rule: "play.alone", reason: "nobody goes alone here" });
    expect(play(s, 0, `play ${card}`).ok).toBe(true);
  });

  it("takes true and false listed as its candidates without the type", () => {
    const s = newGame(gameOf(choiceRules(`{from: "[true, false]"}`)), { players: ["Ann", "Bob"], seed: 1, start: 0 });
    const texts = legalMoves(s, 0).map((m) => moveText(s, m)).filter((t) => t.startsWith("play"));
    expect(texts[0].endsWith(" alone")).toBe(true);
    expect(texts.length).toBe(6);
  });

  it("is refused at load when it is not yes or no, or is optional", () => {
    expect(errorsOf(choiceRules(`{type: flag, from: "[1, 2]"}`)).join("\n")).toMatch(/'alone' is a flag, so its choices are true and false/);
    expect(errorsOf(choiceRules(`{type: flag, optional: true}`)).join("\n")).toMatch(/cannot be optional/);
    expect(errorsOf(choiceRules(`{type: number}`)).join("\n")).toMatch(/E_SCHEMA|type/);
  });
});

describe("a number chosen from a range", () => {
  it("is written as digits and read back; a number outside the range is refused", () => {
    const s = newGame(gameOf(choiceRules()), { players: ["Ann", "Bob"], seed: 1, start: 0 });
    const m = parseMove(s, 0, "bid 2");
    expect("args" in m && m.args).toEqual([2]);
    const r = play(s, 0, "bid 4");
    expect(!r.ok && r.refusal.rule).toBe("bid.amount");
    expect(play(s, 0, "bid 3").ok).toBe(true);
    expect(varOf(s, "points")).toBe(3);
  });

  it("stops the game naming the action when a range offers more moves than a player may have", () => {
    const s = newGame(gameOf(choiceRules().replace('"1..hand.count"', '"1..200000"')), { players: ["Ann", "Bob"], seed: 1, start: 0 });
    expect(legalMoves(s, 0)).toEqual([]);
    expect(s.error).toMatch(/bid: more than 100,000 legal moves/);
  });
});

describe("the rulebook words a flag", () => {
  it("writes the move with the flag in brackets and says what yes and no are", () => {
    const dir = mkdtempSync(join(tmpdir(), "houserules-choice-"));
    writeFileSync(join(dir, "choice.yaml"), choiceRules());
    const loaded = loadComposition(["./choice.yaml"], dir);
    const text = rulebookText(explain(loaded.rules!));
    expect(text).toContain("Written as: play <card> [alone].");
    expect(text).toMatch(/yes or no, chosen with the move: “alone” written after it for yes, nothing for no/i);
    expect(text).toMatch(/whole numbers from 1 to/);
  });
});
