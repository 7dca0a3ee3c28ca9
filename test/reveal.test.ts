// reveal: cards shown to everyone or to chosen players appear in those players' views and log lines, and in
// nobody else's, until they leave their zone.
import { describe, expect, it } from "vitest";
import { newGame, play, legalMoves, moveText } from "../src/interpreter/engine.js";
import type { State } from "../src/interpreter/state.js";
import { view } from "../src/interpreter/view.js";
import { describeEvent } from "../src/interpreter/events.js";
import { determinize } from "../src/agents/determinize.js";
import { seedRng } from "../src/interpreter/rng.js";
import { deckRules, errorsOf, gameOf } from "./helpers/rules.js";

const rules = `${deckRules("Shown", "{min: 2, max: 4}", ["pile: {visible: nobody}", "hand: {per: player, visible: owner, ordered: false}"])}setup: deal(stock, hand, 3)
phases:
  main:
    actions: [show, peek, hand-over, bury, mix, pass]
actions:
  show:
    params: {card: hand}
    effect: reveal(card)
  peek:
    params: {card: hand, who: players}
    effect: reveal(card, who)
  hand-over:
    params: {card: hand, who: players}
    effect: |
      move(card, who.hand)
      reveal(card)
  bury:
    params: {card: hand}
    effect: |
      move(card, stock)
      reveal(stock.top)
  mix: {effect: "shuffle(stock); shuffle(hand)"}
  pass: {}
end: "false"
`;

const names = ["Ann", "Bob", "Cy"];
const start = () => newGame(gameOf(rules), { players: names, seed: 5, dealer: 2 });
const hand = (s: State, p: number) => s.zones[s.game.sharedZones + s.game.zones.find((z) => z.name === "hand")!.slot * s.n + p];
const seenBy = (s: State, p: number) => new Set(view(s, p).zones.flatMap((z) => z.cards).filter((c) => c >= 0));
const lines = (s: State, viewer: number) => s.log!.map((e) => describeEvent(s, e, viewer));
const ok = (s: State, p: number, move: string) => expect(play(s, p, move)).toEqual({ ok: true });

describe("reveal", () => {
  it("shows a card to everyone: every view names it, and it stays where it is", () => {
    const s = start();
    const card = hand(s, 0)[0];
    const name = s.game.cardNames[card];
    expect(seenBy(s, 1).has(card)).toBe(false);
    ok(s, 0, `show ${name}`);
    for (const p of [0, 1, 2, -1]) expect(seenBy(s, p).has(card)).toBe(true);
    expect(lines(s, 1).at(-2)).toBe(`  ${name} (Ann's hand) shown to everyone`);
  });

  it("shows a card to one player only: the others' views and log lines count it without naming it", () => {
    const s = start();
    const card = hand(s, 0)[0];
    const name = s.game.cardNames[card];
    ok(s, 0, `peek ${name} Bob`);
    expect([seenBy(s, 1).has(card), seenBy(s, 2).has(card), seenBy(s, -1).has(card)]).toEqual([true, false, false]);
    expect(lines(s, 1)).toContain(`  ${name} (Ann's hand) shown to Bob`);
    expect(lines(s, 2)).toContain("  1 card (Ann's hand) shown to Bob");
    expect(lines(s, 2).join("\n")).not.toContain(name);
  });

  it("a card handed over in public is named in the move's log line and seen in its new place", () => {
    const s = start();
    const card = hand(s, 0)[0];
    const name = s.game.cardNames[card];
    ok(s, 0, `hand-over ${name} Bob`);
    expect(seenBy(s, 2).has(card)).toBe(true);
    expect(lines(s, 2).slice(-4, -1)).toEqual([`Ann: hand-over ${name} Bob`, `  1 card: Ann's hand → Bob's hand`, `  ${name} (Bob's hand) shown to everyone`]);
  });

  it("ends when the card leaves its zone, and a log line names it only to those who saw it before it moved", () => {
    const s = start();
    const card = hand(s, 0)[0];
    const name = s.game.cardNames[card];
    ok(s, 0, `peek ${name} Cy`);
    ok(s, 1, "pass");
    ok(s, 2, "pass");
    ok(s, 0, `hand-over ${name} Bob`);
    // before the hand-over the card was Cy's to see: her line names it, Bob's (the receiver) too, others count it
    const moveLine = (p: number) => lines(s, p).find((l) => l.includes("Ann's hand → Bob's hand"));
    expect([moveLine(1), moveLine(2)]).toEqual([`  ${name}: Ann's hand → Bob's hand`, `  ${name}: Ann's hand → Bob's hand`]);
    // bury it in the stock: shown there, until the stock is shuffled
    ok(s, 1, `bury ${name}`);
    expect(seenBy(s, 2).has(card)).toBe(true);
    ok(s, 2, "mix");
    expect(seenBy(s, 2).has(card)).toBe(false);
    expect(s.shown[card]).toBe(0);
  });

  it("survives shuffling an unordered zone such as a hand: the card is still known to be there", () => {
    const s = start();
    const card = hand(s, 0)[0];
    ok(s, 0, `show ${s.game.cardNames[card]}`);
    ok(s, 1, "pass");
    ok(s, 2, "pass");
    ok(s, 0, "mix");
    expect(seenBy(s, 1).has(card)).toBe(true);
  });

  it("a searching agent's copy of the game keeps what was shown to its player in place", () => {
    const s = start();
    const card = hand(s, 0)[0];
    ok(s, 0, `peek ${s.game.cardNames[card]} Bob`);
    for (let i = 0; i < 5; i++) {
      const copy = determinize(s.game, view(s, 1), seedRng(i));
      expect(copy.cardZone[card]).toBe(s.cardZone[card]);
      expect(view(copy, 1)).toEqual(view(s, 1));
    }
  });

  it("legal moves name only the player's own cards", () => {
    const s = start();
    const own = new Set(hand(s, 0).map((c) => s.game.cardNames[c]));
    for (const m of legalMoves(s, 0)) {
      const words = moveText(s, m).split(" ").slice(1);
      for (const w of words) expect(own.has(w) || names.includes(w)).toBe(true);
    }
  });

  it("is checked when the file loads: cards to a player or to a list of players", () => {
    expect(errorsOf(rules.replace("reveal(card, who)", "reveal(card, 3)"))).toEqual([expect.stringContaining("reveal shows cards to a player or a list of players")]);
  });
});
