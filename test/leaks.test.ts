// Honesty about hidden cards over random games of every game and variant: views, legal moves and the log as
// described for each player are compared with what each player may see (src/sim/leaks.ts), and so is all a
// terminal session of each of the five games prints; a bottom card of Round the Twist is taken without being
// named; and the checker itself catches a view, a legal move and a log line that name a hidden card.
import { describe, expect, it } from "vitest";
import { loadComposition } from "../src/interpreter/load/load.js";
import { preset, resolveReference } from "../src/interpreter/load/catalog.js";
import { formatDiagnostic } from "../src/interpreter/diagnostics.js";
import type { Game } from "../src/interpreter/model.js";
import { eventLeaks, formatLeak, gameChain, leakCheckGame, legalMoveLeaks, namesThatAreNotCards, SeenSoFar, viewLeaks } from "../src/sim/leaks.js";
import { Readable } from "node:stream";
import { legalMoves, moveText, newGame, play } from "../src/interpreter/engine.js";
import { describeEvent } from "../src/interpreter/events.js";
import { checkedGame } from "../src/fuzz/invariants.js";
import { runScenarioText } from "../src/scenario/scenario.js";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import type { GameHooks, State } from "../src/interpreter/state.js";
import type { GameEvent } from "../src/interpreter/events.js";
import { view } from "../src/interpreter/view.js";
import { playSession } from "../src/cli/commands/play.js";
import type { IO } from "../src/cli/io.js";
import { randomAgent } from "../src/agents/random.js";
import { nextUint32, seedRng } from "../src/interpreter/rng.js";
import { seatNames } from "../src/sim/play-game.js";
import { gameOf, stockRules } from "./helpers/rules.js";

function load(refs: string[]): Game {
  const r = loadComposition(refs.map(resolveReference));
  if (!r.game) throw new Error(r.diagnostics.map(formatDiagnostic).join("\n"));
  return r.game;
}

const sins = "idle-hands/seven-sins";
const otcRound = (name: string) => preset(name)!.ids;

/** [label, rule ids, player counts, games at each count, check views and legal moves at every n-th decision, options] */
const games: [string, string[], number[], number, number, Record<string, unknown>?][] = [
  ["Idiot", ["idiot"], [2, 3, 4, 5], 2, 7],
  ["Idiot with its house rules", ["idiot", "idiot/sevens", "idiot/eights-skip", "idiot/nines-reverse", "idiot/jokers-wild"], [2, 4], 1, 7],
  ["Idle Hands — missions", ["idle-hands/missions"], [3, 4], 3, 1],
  ["Crazy Eights", ["crazy-eights"], [2, 4, 7], 2, 2],
  ["Go Fish", ["go-fish"], [2, 3, 6], 2, 1],
  ["Idle Hands — missions with the rank-1 and rank-10 house abilities", ["idle-hands/missions-abilities"], [3, 4], 2, 1],
  ["Idle Hands — missions match", ["idle-hands/missions-match"], [3], 1, 3],
  ["Seven sins", [sins], [2, 4, 5], 2, 1],
  ["Seven sins Intermediate", [sins, "idle-hands/seven-sins-intermediate"], [3], 1, 1],
  ["Seven sins Advanced", [sins, "idle-hands/seven-sins-advanced"], [4, 8], 1, 1],
  ["Seven sins More Victims", [sins, "idle-hands/seven-sins-more-victims"], [3], 1, 1],
  ["Seven sins Demonic Specialties", [sins, "idle-hands/seven-sins-demonic-specialties"], [3], 1, 1],
  ["Seven sins Advanced, Demonic Specialties", [sins, "idle-hands/seven-sins-advanced", "idle-hands/seven-sins-demonic-specialties"], [2, 5], 1, 1],
  ["Seven sins Intermediate, More Victims, Demonic Specialties", [sins, "idle-hands/seven-sins-intermediate", "idle-hands/seven-sins-more-victims", "idle-hands/seven-sins-demonic-specialties"], [4], 1, 1],
  ["Hands", ["hands"], [3, 5, 8], 1, 5],
  ["On The Cards: Opening Hands round", otcRound("Opening Hands"), [2, 4], 2, 1],
  ["On The Cards: President", otcRound("President"), [3, 4], 2, 1],
  ["On The Cards: Winning Whist", otcRound("Winning Whist"), [2, 5], 2, 1],
  ["On The Cards: Black Maria", otcRound("Black Maria"), [3, 6], 2, 1],
  ["On The Cards: Draw to Fifty, Partnership", ["Draw to Fifty", "Take Lots of Tricks", "Crazy Eights", "Whist", "Partnership"], [4], 2, 1],
  ["On The Cards: house cards", ["Five and Refill", "Dodge Tricks", "Step Up or Down", "Second Best Takes"], [3], 2, 1],
  ["On The Cards: house cards, Partnership", ["Short Deck", "Last Trick Bonus", "Follow Colour", "Lowest Takes", "Partnership"], [4], 2, 1],
  ["On The Cards: Opening Hands", ["on-the-cards/opening-hands"], [2, 4], 1, 2],
  ["On The Cards: Opening Hands, Partnership", ["on-the-cards/opening-hands", "on-the-cards/style-partnership"], [4], 1, 2],
  ["On The Cards: Out of the Box from Black Maria", ["on-the-cards/out-of-the-box"], [4], 1, 2, { preset: preset("Black Maria")!.ids }],
  ["On The Cards: Out of the Box", ["on-the-cards/out-of-the-box"], [3], 1, 2],
  ["On The Cards: Out of the Box, Loser Chooses", ["on-the-cards/out-of-the-box", "on-the-cards/style-loser-chooses"], [4], 1, 2],
  ["On The Cards: Round the Twist", ["on-the-cards/round-the-twist"], [2, 3, 5], 2, 2],
  ["On The Cards: Round the Twist, Partnership", ["on-the-cards/round-the-twist", "on-the-cards/style-partnership"], [4], 1, 2],
  ["War, three down", ["war", "war/three-down"], [2], 1, 7],
  ["Old Maid, pairs of one colour", ["old-maid", "old-maid/same-colour"], [3, 5], 2, 1],
  ["Uno, stacking and Seven-Zero", ["uno", "uno/stack-draw-two", "uno/seven-o"], [2, 4], 1, 5],
  ["Blackjack", ["blackjack"], [1, 4], 2, 1],
  ["Hearts, jack of diamonds", ["hearts", "hearts/jack-of-diamonds"], [4], 1, 2],
  ["Knockout Whist", ["knockout-whist"], [3], 1, 3],
  ["Oh Hell", ["oh-hell"], [4], 1, 3],
  ["Spades, blind nil", ["spades", "spades/blind-nil"], [4], 1, 3],
  ["Euchre, stick the dealer", ["euchre", "euchre/stick-the-dealer"], [4], 1, 3],
  ["President", ["president"], [4], 1, 2],
  ["Durak, transfer", ["durak", "durak/transfer"], [3], 1, 2],
  ["Cheat, anyone doubts", ["cheat", "cheat/anyone-doubts"], [3], 1, 3],
  ["Golf, jokers", ["golf", "golf/jokers"], [3], 1, 2],
  ["Scopa", ["scopa"], [2], 1, 2],
  ["Cassino, royal", ["cassino", "cassino/royal"], [2], 1, 2],
  ["Cribbage, sixty-one", ["cribbage", "cribbage/sixty-one"], [2], 1, 2],
  ["Egyptian Ratscrew, tens", ["egyptian-ratscrew", "egyptian-ratscrew/ten-sum"], [3], 1, 3],
  ["Klondike, draw three", ["klondike", "klondike/draw-three"], [1], 1, 3],
  ["Gin Rummy, Oklahoma", ["gin-rummy", "gin-rummy/oklahoma"], [2], 1, 3],
  ["Rummy 500, must discard", ["rummy-500", "rummy-500/must-discard"], [3], 1, 2],
  ["Canasta, draw two", ["canasta", "canasta/draw-two"], [4], 1, 2],
  ["Contract Bridge, goulash", ["bridge", "bridge/goulash"], [4], 1, 3],
  ["Pinochle, stick the dealer", ["pinochle", "pinochle/stick-the-dealer"], [4], 1, 3],
  ["Speed, matching ranks", ["speed", "speed/same-rank"], [2], 1, 2],
  // the player whose card is lower than every row's end chooses a row, in the middle of placing the cards
  ["Take Rows", ["take-rows"], [2, 5], 1, 1],
  // each player's expeditions are a family of named zones, seen by everyone; the hands by their owners only
  ["Expeditions", ["expeditions"], [2], 2, 1],
  // hole cards stay hidden until a showdown shows them
  ["Texas Hold'em, ante", ["texas-holdem", "texas-holdem/ante"], [2, 4], 2, 1],
];

describe("nothing shown to a player names a card that player may not see", () => {
  it.each(games)("%s", (label, refs, counts, runs, every, options) => {
    const game = load(refs);
    const found: string[] = [];
    for (const n of counts) for (let i = 0; i < runs; i++) found.push(...leakCheckGame(game, { players: n, seed: `leaks-${label}-${n}-${i}`, every, limit: 5, options }).map(formatLeak));
    expect(found).toEqual([]);
  });
});

describe("the terminal shows a seat only what it may see", () => {
  /** Plays a whole session at the terminal, seat 1 typing (numbers of listed moves, view, log, help), checking everything printed. */
  async function session(refs: string[], players: number, seed: string, typed: string[]): Promise<string[]> {
    const game = load(refs);
    const seat = 0;
    const seen = new SeenSoFar(seat);
    const found: string[] = [];
    // what the seat sees after every event and after every action's effect (a shape shown and put down at once)
    const hooks: GameHooks = { afterEffect: (g) => seen.observe(g), inner: () => hooks };
    const s = newGame(game, { players: ["You", ...seatNames(players).slice(1)], seed, watch: (g) => seen.observe(g), hooks });
    seen.observe(s);
    let printed = 0;
    const io: IO = {
      out: (text) => {
        printed += text.length;
        for (const g of gameChain(s)) seen.observe(g);
        const ignore = namesThatAreNotCards(s);
        // what a move chooses that is not a card (a sin to specialize in) is a word, not a card
        for (let p = 0; p < players; p++) {
          for (const m of legalMoves(s, p)) {
            m.action.params.forEach((param, i) => {
              if (param.kind !== "card" && param.kind !== "cards" && m.args[i] !== null) ignore.add(String(m.args[i]).toLowerCase());
            });
          }
        }
        for (const word of seen.unseen(text, ignore)) found.push(`'${text.trim().slice(0, 160)}' names ${word}, which seat 1 has never seen`);
      },
      err: () => {},
      tty: false,
      stdin: Readable.from([typed.join("\n") + "\n"]),
    };
    const agents = Array(players).fill(randomAgent);
    await playSession({ s, seat, agents, rngs: agents.map((_, i) => seedRng(`${seed}/agent/${i}`)), io, speed: 2000 });
    expect(printed).toBeGreaterThan(200);
    return found;
  }
  const typing = (n: number, seed: string) => {
    const rng = seedRng(seed);
    return ["view", "help", "log", ...Array.from({ length: n }, (_, i) => (i % 17 === 5 ? "view" : i % 23 === 7 ? "log" : String(1 + (nextUint32(rng) % 3))))];
  };

  it.each([
    ["Idiot", ["idiot"], 3],
    ["Idle Hands — missions", ["idle-hands/missions"], 4],
    ["Go Fish", ["go-fish"], 3],
    ["Seven sins, Advanced and Demonic Specialties", [sins, "idle-hands/seven-sins-advanced", "idle-hands/seven-sins-demonic-specialties"], 3],
    ["On The Cards: Round the Twist", ["on-the-cards/round-the-twist"], 3],
    ["On The Cards: Black Maria", otcRound("Black Maria"), 4],
  ] as [string, string[], number][])("%s", async (label, refs, players) => {
    expect(await session(refs, players, `terminal-${label}`, typing(400, label))).toEqual([]);
  });
  it("Hands, in real time (the agents play the seat once the input ends)", async () => {
    expect(await session(["hands"], 4, "terminal-hands", ["view", "moves"])).toEqual([]);
  }, 60_000);
});

describe("a rule card is taken from the bottom of a stack without naming it", () => {
  // Round the Twist, where a doubled loser has nothing to lose: the others take cards from the bottom of the
  // stacks, which "players are only allowed to look at the top of". Played from the shipped scenario up to that
  // point, with the shipped rules and with a copy whose move names the card, as it once did.
  const scenario = "test/scenarios/on-the-cards/round-the-twist-double.scenario.yaml";
  const upTo = (rulesLine: string, folder: string) => {
    const text = readFileSync(scenario, "utf8");
    const cut = text.slice(0, text.indexOf("  - expect:\n      phase: compensate")).replace("rules: on-the-cards/round-the-twist\n", rulesLine);
    const r = runScenarioText(cut, scenario, folder);
    expect(r.failures.map(formatDiagnostic)).toEqual([]);
    return r.state!;
  };
  const leaksAt = (s: State) => [...Array(s.n).keys()].flatMap((p) => legalMoveLeaks(s, p)).map(formatLeak);

  it("the legal moves name the stacks, and the checker finds nothing", () => {
    const s = upTo("rules: on-the-cards/round-the-twist\n", dirname(scenario));
    const g = gameChain(s).pop()!;
    expect(g.game.phases[g.phase].name).toBe("compensate");
    expect(legalMoves(s, s.current).map((m) => moveText(g, m))).toEqual(["take-bottom dealStack", "take-bottom aimStack", "take-bottom playStack", "take-bottom takingStack"]);
    expect(leaksAt(s)).toEqual([]);
  });
  it("a move that names the bottom card is caught", () => {
    const dir = mkdtempSync(join(tmpdir(), "houserules-bottom-"));
    const shipped = readFileSync("rules/on-the-cards/round-the-twist.yaml", "utf8");
    const naming = shipped
      .replace('stack: {from: bottomStacks, else: "take a rule card from the bottom of a stack with more than one card: {bottomStacks}"}', 'card: {from: "bottomStacks.map(z => bottom(z))"}')
      .replace("move(bottom(stack), won)", "move(card, won)");
    expect(naming).toContain("move(card, won)");
    expect(naming).toContain("card: {from:");
    writeFileSync(join(dir, "round-the-twist.yaml"), naming);
    const found = leaksAt(upTo("rules: ./round-the-twist.yaml\n", dir));
    expect(found.length).toBe(4);
    expect(found[0]).toMatch(/^\[legal\] seat 2 at move \d+ in .*: the legal move 'take-bottom draw-to-fifty' carries draw-to-fifty \(dealStack\), which Bob may not see$/);
  });
});

describe("a card shown and put down within one move", () => {
  // Hands with the pairing rule mangled as a campaign run once mangled it (group.count >= 0): every shape made
  // is put down again by the phase's settle effect in the same move, without an event between. The engine's
  // log names the shape to everyone, since it was shown after the action's effect; the checker must see that
  // moment too, not only the moments at events and decisions.
  const shipped = readFileSync("rules/hands/hands.yaml", "utf8");
  const mangled = shipped.replace("if group.count >= 2 {", "if group.count >= 0 {");
  const game = gameOf(mangled);
  it("the log names the shape to every player, and the leak check of a whole game does not call it a leak", () => {
    expect(mangled).not.toBe(shipped);
    const s = newGame(game, { players: ["Ann", "Bob", "Cy"], seed: 1 });
    const ann = s.zones.findIndex((_, z) => game.zones[s.zoneDef[z]].name === "hand" && s.zoneOwner[z] === 0);
    const card = s.zones[ann].find((c) => game.attributes.get("kind")!.byCard[c] === "one")!;
    expect(play(s, 0, `make ${game.cardNames[card]}`, 1).ok).toBe(true);
    const made = s.log!.filter((e) => e.type === "action").pop()!;
    expect(describeEvent(s, made, 1)).toBe(`Ann: make ${game.cardNames[card]}`); // Bob is told the shape
    expect(s.vars.filter((v) => v === card)).toEqual([]); // and it is put down already
    expect(leakCheckGame(game, { players: 3, seed: 1, every: 10 }).map(formatLeak)).toEqual([]);
  });
  it("nor does the campaign's checked game", () => {
    expect(checkedGame(game, { players: 4, seed: "a", maxMoves: 30, leakEvery: 10, seconds: 20, strict: false }).violations).toEqual([]);
  });
});

describe("the checker catches what it is meant to catch", () => {
  const rules = stockRules(`setup: deal(stock, hand, 2)
phases:
  play: {turns: clockwise, actions: [play, grab]}
actions:
  play:
    params: {card: hand}
    effect: move(card, pile)
  grab:
    text: takes a card from the face-down stock, chosen by name
    params: {card: stock}
    effect: move(card, hand)
end: hand.empty and stock.empty
`);
  const game = gameOf(rules);
  it("a legal move that carries a hidden card", () => {
    const s = newGame(game, { players: ["Ann", "Bob"], seed: 1 });
    const found = legalMoveLeaks(s, s.current).map(formatLeak);
    expect(found.length).toBe(2);
    expect(found[0]).toMatch(/^\[legal\] seat \d at move 0 in Peek: the legal move 'grab c\d' carries c\d \(stock\), which (Ann|Bob) may not see$/);
  });
  it("a view that shows another player's hand", () => {
    const s = newGame(game, { players: ["Ann", "Bob"], seed: 1 });
    const peeking = (st: State, p: number) => view(st, (p + 1) % 2); // the other seat's view, handed to p
    const found = viewLeaks(s, 0, peeking).map(formatLeak);
    expect(found.some((l) => /Bob's hand, card 1 from the bottom: shows c\d, which Ann may not see/.test(l))).toBe(true);
    expect(viewLeaks(s, 0)).toEqual([]);
  });
  it("a log line that names a card its viewer could not see", () => {
    const s = newGame(game, { players: ["Ann", "Bob"], seed: 1 });
    const card = s.zones[0][0];
    const honest: GameEvent = { type: "action", player: 0, move: `grab ${game.cardNames[card]}`, cards: [card], seenBy: [1] };
    const told: GameEvent = { ...honest, seenBy: [3] }; // as if Bob had seen it
    expect(eventLeaks(s, honest, 1, new Set(), 0)).toEqual([]);
    expect(eventLeaks(s, told, 1, new Set(), 0).map(formatLeak)).toEqual([`[log] seat 2 at move 0 in Peek: 'Ann: grab ${game.cardNames[card]}' names ${game.cardNames[card]}, which Bob could not see`]);
  });
  it("a whole game of those rules", () => {
    const found = leakCheckGame(game, { players: 2, seed: 3, limit: 3 });
    expect(found.map((l) => l.channel)).toEqual(["legal", "legal", "legal"]);
  });
  it("card names of several words: a line that names one is caught, and one that only counts it is not", () => {
    const spaced = gameOf(rules.replace('name: "c{n}"', 'name: "c {n}"'));
    const s = newGame(spaced, { players: ["Ann", "Bob"], seed: 1 });
    const card = s.zones[0][0]; // face down in the stock
    const name = spaced.cardNames[card];
    expect(name).toMatch(/^c \d$/);
    const counted: GameEvent = { type: "move", cards: [card], from: 0, to: 0 }; // Bob's line: '1 card: stock → stock'
    expect(eventLeaks(s, counted, 1, new Set(), 0)).toEqual([]);
    const told: GameEvent = { ...counted, seenBy: [2] }; // as if Bob had been shown it
    expect(eventLeaks(s, told, 1, new Set(), 0).map(formatLeak)).toEqual([`[log] seat 2 at move 0 in Peek: '${name}: stock → stock' names ${name}, which Bob could not see`]);
    const seen = new SeenSoFar(1);
    seen.observe(s);
    expect(seen.unseen(`the stock has ${name.toUpperCase()}`, namesThatAreNotCards(s))).toEqual([name]);
  });
  it("a card named by a number is not named by a count of cards", () => {
    const numbered = gameOf(rules.replace('name: "c{n}"', 'name: "{n}"'));
    const s = newGame(numbered, { players: ["Ann", "Bob"], seed: 1 });
    const card = s.zones[0].find((c) => numbered.cardNames[c] !== "2")!; // face down in the stock
    const name = numbered.cardNames[card];
    const counted: GameEvent = { type: "move", cards: [card], from: 0, to: 0 }; // Bob's line: '1 card: stock → stock'
    expect(eventLeaks(s, counted, 1, new Set(), 0)).toEqual([]);
    const cards = [...s.zones[0]];
    const two: GameEvent = { type: "move", cards, from: 0, to: 0 }; // '2 cards: stock → stock', and a card may be 2
    expect(eventLeaks(s, two, 1, new Set(), 0)).toEqual([]);
    const told: GameEvent = { ...counted, seenBy: [2] };
    expect(eventLeaks(s, told, 1, new Set(), 0).map(formatLeak)).toEqual([`[log] seat 2 at move 0 in Peek: '${name}: stock → stock' names ${name}, which Bob could not see`]);
  });
  it("a card with a blank name is never taken to be named", () => {
    // rules are refused a card with no name (E_CARD); the checker must still hold for a game made otherwise
    expect(() => gameOf(rules.replace('name: "c{n}"', 'name: "{nothing}"'))).toThrow(/E_CARD: this name gives a card no name/);
    const blank = gameOf(rules.replace('name: "c{n}"', 'name: "blank{n}"'));
    (blank.cardNames as string[]).fill("");
    const s = newGame(blank, { players: ["Ann", "Bob"], seed: 1 });
    expect(blank.cardNames[s.zones[0][0]]).toBe("");
    const counted: GameEvent = { type: "move", cards: [s.zones[0][0]], from: 0, to: 0 }; // Bob's line: '1 card: stock → stock'
    expect(eventLeaks(s, counted, 1, new Set(), 0)).toEqual([]);
    const seen = new SeenSoFar(1);
    seen.observe(s);
    expect(seen.unseen("the stock has 2 cards", namesThatAreNotCards(s))).toEqual([]);
  });
  it("words a terminal prints that name a card never seen", () => {
    const s = newGame(game, { players: ["Ann", "Bob"], seed: 1 });
    const seen = new SeenSoFar(0);
    seen.observe(s);
    const mine = game.cardNames[s.zones[game.sharedZones][0]]; // Ann's hand
    const hidden = game.cardNames[s.zones[0][0]];
    expect(seen.unseen(`you hold ${mine}; the stock has ${hidden}`, namesThatAreNotCards(s))).toEqual([hidden]);
  });
});
