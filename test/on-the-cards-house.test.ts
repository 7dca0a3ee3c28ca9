// On The Cards house rule cards: two cards of each type in houserules' own words, marked as not from the printed
// game, each with a scenario that fails when its rule breaks, and each composing with every named card.
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { loadComposition } from "../src/interpreter/load/load.js";
import { catalog, entry, resolveReference } from "../src/interpreter/load/catalog.js";
import { formatDiagnostic } from "../src/interpreter/diagnostics.js";
import type { Game } from "../src/interpreter/model.js";
import { simulate } from "../src/sim/simulate.js";
import { randomAgent } from "../src/agents/random.js";
import { withBrokenFragment } from "./helpers/broken-rules.js";

const named: Record<string, string[]> = {
  Deal: ["Deal Eight", "Draw to Fifty", "Deal Thirteen", "Deal Seven", "Deal All"],
  Aim: ["Take Lots of Tricks", "Avoid High Value Cards", "Empty Hand - Take Tricks"],
  "Card Play": ["Crazy Eights", "Same Sized Sets", "Whist - Clubs Trumps", "Whist - No Trumps"],
  "Trick Taking": ["Whist", "President", "Winning Whist"],
};
const house: Record<string, string[]> = {
  Deal: ["Five and Refill", "Short Deck"],
  Aim: ["Dodge Tricks", "Last Trick Bonus"],
  "Card Play": ["Follow Colour", "Step Up or Down"],
  "Trick Taking": ["Lowest Takes", "Second Best Takes"],
};
const types = Object.keys(named);
const opening = ["Deal Eight", "Take Lots of Tricks", "Crazy Eights", "Whist"];

function compose(names: string[]): Game {
  const r = loadComposition(names.map(resolveReference));
  const problems = r.diagnostics.filter((d) => d.severity !== "notice").map(formatDiagnostic);
  expect(problems, names.join(", ")).toEqual([]);
  return r.game!;
}

/** Plays a couple of random rounds at every player count the rules accept; every round must end, every card kept. */
function playsToTheEnd(names: string[], games = 2): void {
  const game = compose(names);
  for (let n = game.players.min; n <= Math.min(6, game.players.max); n++) {
    const s = simulate(game, { players: n, games, seed: `house-${n}`, agents: Array(n).fill(randomAgent), checkConservation: true });
    expect(s.unfinished, `${names.join(", ")} with ${n} players: ${JSON.stringify(s.problems)}`).toBe(0);
  }
}

describe("On The Cards house rule cards", () => {
  const cards = types.flatMap((type) => house[type].map((name): [string, string] => [name, type]));

  it("two of each type ship, and every house card is marked as not from the printed game", () => {
    const shipped = catalog().filter((e) => e.known === "house" && e.id.startsWith("on-the-cards/"));
    expect(shipped.map((e) => e.name).sort()).toEqual(cards.map(([n]) => n).sort());
  });

  it.each(cards)("%s is a %s card of houserules' own, with a text a player can read", (name, type) => {
    const id = resolveReference(name);
    const e = entry(id)!;
    expect(id.startsWith("on-the-cards/house/")).toBe(true);
    expect([e.name, e.type, e.known, e.extends]).toEqual([name, type, "house", "on-the-cards/round"]);
    expect(e.fills).toHaveLength(1);
    expect(e.text.length).toBeGreaterThan(40);
    expect(readFileSync(`rules/${id}.yaml`, "utf8")).toMatch(/not from the printed\s+game/);
  });

  it.each(cards)("%s composes with every named card of the other types, and its rounds play to the end", (name, type) => {
    for (const other of types.filter((t) => t !== type)) {
      for (const card of named[other]) {
        const combo = opening.map((c, i) => (types[i] === type ? name : types[i] === other ? card : c));
        playsToTheEnd(combo, 1);
      }
    }
  });

  it("all sixteen rounds of house cards alone play to the end", () => {
    let combos = 0;
    for (const d of house.Deal) for (const a of house.Aim) for (const c of house["Card Play"]) for (const t of house["Trick Taking"]) {
      playsToTheEnd([d, a, c, t]);
      combos++;
    }
    expect(combos).toBe(16);
  });
});

describe("the house cards' scenarios catch their rules breaking", () => {
  const broken = (card: string, scenario: string, from: string, to: string) =>
    withBrokenFragment(resolveReference(card), card, `on-the-cards/house/${scenario}.scenario.yaml`, from, to);
  const fails = (r: ReturnType<typeof broken>) => {
    expect(r.passed).toBe(false);
    return r.failures.map(formatDiagnostic).join("\n");
  };

  it("Five and Refill drawing one card each instead of back up to five", () => {
    expect(fails(broken("Five and Refill", "five-and-refill", "refillTo - p.hand.count", "1"))).toContain("expected Ann's hand to hold 5 cards, but it holds 6");
  });
  it("Five and Refill drawing from the dealer's left instead of from the trick's winner", () => {
    expect(fails(broken("Five and Refill", "five-and-refill", "clockwiseFrom(leader)", "clockwiseFrom(left(dealer))"))).toContain("expected Cy's hand to hold [10H, JS, 3D, 6D, QH] (in any order), but it holds [10H, JS, 3D, 6D, 10D]");
  });
  it("Short Deck keeping the sixes", () => {
    expect(fails(broken("Short Deck", "short-deck", "value: 7", "value: 6"))).toContain("expected setAside to hold 20 cards, but it holds 16");
  });
  it("Dodge Tricks rewarding tricks", () => {
    expect(fails(broken("Dodge Tricks", "dodge-tricks", "0 - p.tricksWon", "p.tricksWon"))).toContain("expected Ann's score -2, but it is 2");
  });
  it("Last Trick Bonus without its bonus", () => {
    expect(fails(broken("Last Trick Bonus", "last-trick-bonus", "value: 3", "value: 0"))).toContain("expected Ann's score 4, but it is 1");
  });
  it("Follow Colour following suit instead of colour", () => {
    expect(fails(broken("Follow Colour", "follow-colour", "colourOf: {value: {H: red, D: red, S: black, C: black}", "colourOf: {value: {H: red, D: pink, S: black, C: grey}"))).toContain("expected 'play AS' not to be legal for Bob");
  });
  it("Follow Colour letting the highest card win whatever its colour", () => {
    expect(fails(broken("Follow Colour", "follow-colour", "[trick.any and sameColour(c) ? 1 : 0] + ranking(c)", "ranking(c)"))).toContain("expected Bob's score 3, but it is 2");
  });
  it("Step Up or Down without the ace next to the two", () => {
    expect(fails(broken("Step Up or Down", "step-up-or-down", " or abs(a.rank - b.rank) == 12", ""))).toContain("expected 'play 2S' to be legal for Cy");
  });
  it("Lowest Takes giving the trick to the best card", () => {
    expect(fails(broken("Lowest Takes", "lowest-takes", "trick.minBy(", "trick.maxBy("))).toContain("expected turn Cy, but it is Bob");
  });
  it("Second Best Takes giving the trick to the best card", () => {
    expect(fails(broken("Second Best Takes", "second-best-takes", "[trick.count - 2]", "[trick.count - 1]"))).toContain("expected Ann's tricksWon 1, but it is 0");
  });
});
