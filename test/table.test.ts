// The table drawn from the rules and a view: per-player zones, shared zones, families, faces and backs, and
// never a card the view does not know.
import { mentions } from "./helpers/game-names.js";
import { describe, expect, it } from "vitest";
import { readdirSync, readFileSync } from "node:fs";
import { rulesFolder } from "../src/interpreter/load/resolve.js";
import { loadRules } from "../src/interpreter/load/load.js";
import type { Game } from "../src/interpreter/model.js";
import { view } from "../src/interpreter/view.js";
import { innermost } from "../src/interpreter/engine.js";
import { GamePlay } from "../src/sim/play-game.js";
import { randomAgent } from "../src/agents/random.js";
import { drawTable } from "../src/table/table.js";
import { faceOf } from "../src/table/card-face.js";
import { allText, toSvgString, type SvgNode } from "../src/table/svg.js";
import { truthView } from "../src/session/truth.js";
import { gameOf, tinyRules } from "./helpers/rules.js";
import { tableRules } from "../src/table/rules.js";
import { visibleCards } from "../src/sim/leaks.js";
import { hiddenNames, leaks } from "./helpers/hidden.js";

function load(id: string): Game {
  const g = loadRules(id).game;
  if (!g) throw new Error(`${id} does not load`);
  return g;
}

function find(node: SvgNode | string, test: (n: SvgNode) => boolean, out: SvgNode[] = []): SvgNode[] {
  if (typeof node === "string") return out;
  if (test(node)) out.push(node);
  for (const c of node.children) find(c, test, out);
  return out;
}

const cardIds = (svg: SvgNode) => find(svg, (n) => n.attrs["data-card"] !== undefined).map((n) => Number(n.attrs["data-card"]));

describe("the table", () => {
  it("draws every seat's view of a whole Idiot game with exactly the cards that view knows, and the truth with all", () => {
    const game = load("idiot");
    const play = new GamePlay(game, { seed: 7, seats: [randomAgent, randomAgent, randomAgent, randomAgent] });
    const s = play.state;
    let steps = 0;
    let backs = 0;
    const wrong: string[] = [];
    do {
      if (steps % 8 === 0) {
        for (let p = 0; p < 4; p++) {
          const v = view(s, p);
          const svg = drawTable(tableRules(game), v);
          const drawn = cardIds(svg);
          const known = visibleCards(s, p);
          for (const c of drawn) if (!known.has(c)) wrong.push(`step ${steps}: P${p + 1} is shown ${game.cardNames[c]}`);
          // each known card in a zone is drawn (a tall pile shows its top cards and a count)
          for (const z of v.zones) if (z.cards.length <= 10) for (const c of z.cards) if (c >= 0 && !drawn.includes(c)) wrong.push(`step ${steps}: ${game.cardNames[c]} missing`);
          for (const name of leaks(allText(svg), hiddenNames(game, known))) wrong.push(`step ${steps}: P${p + 1}'s table names ${name}`);
          backs += find(svg, (n) => String(n.attrs.class ?? "").includes("back")).length;
        }
        const truth = truthView(s);
        const all = new Set(cardIds(drawTable(tableRules(game), truth)));
        for (const z of truth.zones) if (z.cards.length <= 10) for (const c of z.cards) if (!all.has(c)) wrong.push(`step ${steps}: the truth lacks ${game.cardNames[c]}`);
      }
      steps++;
    } while (play.step());
    expect(wrong).toEqual([]);
    expect(s.over).toBe(true);
    expect(steps).toBeGreaterThan(100);
    expect(backs).toBeGreaterThan(0);
  });

  it("puts each player's zones in their seat, the game's zones in the middle, and counts on stacks", () => {
    const game = load("idiot");
    const play = new GamePlay(game, { seed: 3, seats: [randomAgent, randomAgent, randomAgent] });
    const svg = drawTable(tableRules(game), view(play.state, 1));
    const seats = find(svg, (n) => n.attrs["data-seat"] !== undefined);
    expect(seats.map((n) => n.attrs["data-seat"]).sort()).toEqual([0, 1, 2]);
    for (const seat of seats) {
      const zones = find(seat, (n) => n.attrs.class === "zone").map((n) => n.attrs["data-name"]);
      expect(zones.sort()).toEqual(["faceDown", "faceUp", "hand"]);
    }
    expect(find(seats.find((n) => n.attrs["data-seat"] === 1)!, () => true).some((n) => String(n.attrs.class).includes("viewer"))).toBe(true);
    const stock = find(svg, (n) => n.attrs["data-name"] === "stock")[0];
    expect(stock.attrs["data-count"]).toBe(52 - 27);
    expect(allText(find(stock, (n) => n.attrs.class === "count")[0])).toContain("25");
    expect(cardIds(stock)).toEqual([]); // the draw pile is all backs
  });

  it("lays out families of zones as they grow, each pile in order", () => {
    const game = load("idle-hands/seven-sins");
    const play = new GamePlay(game, { seed: 5, seats: [randomAgent, randomAgent, randomAgent] });
    let most = 0;
    while (play.step()) {
      const v = view(play.state, 0);
      const family = find(drawTable(tableRules(game), v), (n) => n.attrs["data-family"] === "piles");
      const piles = play.state.groups[game.zones.find((z) => z.name === "piles")!.slot];
      if (piles.length === 0) continue;
      expect(family).toHaveLength(1);
      const labels = find(family[0], (n) => n.attrs.class === "zone").map((n) => Number(n.attrs["data-zone"]));
      expect(labels).toEqual(piles);
      most = Math.max(most, piles.length);
    }
    expect(most).toBeGreaterThan(1);
  });

  it("gives standard cards rank and suit, and other cards a face from their name and attributes", () => {
    const idiot = load("idiot");
    const ten = idiot.cardNames.indexOf("10H");
    expect(faceOf(idiot, ten)).toEqual({ kind: "standard", name: "10H", rank: "10", suit: "H" });
    const hands = load("hands");
    const heart = hands.cardNames.indexOf("heart");
    const face = faceOf(hands, heart);
    expect(face.kind).toBe("named");
    expect(face.kind === "named" && face.lines).toContain("two");
    const fist = faceOf(hands, hands.cardNames.indexOf("fist"));
    expect(face.kind === "named" && fist.kind === "named" && face.hue !== fist.hue).toBe(true); // one and two hands differ
  });

  it("draws the round and, beside it, the match around it", () => {
    const game = load("on-the-cards/opening-hands");
    const play = new GamePlay(game, { seed: 2, seats: [randomAgent, randomAgent, randomAgent, randomAgent] });
    for (let i = 0; i < 5; i++) play.step();
    const v = view(play.state, 0);
    expect(v.outer).toBeDefined();
    const round = toSvgString(drawTable(tableRules(innermost(play.state).game), v));
    const match = toSvgString(drawTable(tableRules(game), v.outer!));
    expect(round).toContain('data-name="trick"');
    expect(match).toContain('data-name="dealStack"');
    expect(match).toContain("Deal Eight"); // the rule card on top of the Deal stack, by its attributes
  });

  it("draws the same from rules and a view that crossed a message boundary as plain data", () => {
    const game = load("idle-hands/missions");
    const play = new GamePlay(game, { seed: 8, seats: [randomAgent, randomAgent, randomAgent] });
    for (let i = 0; i < 20; i++) play.step();
    const rules = tableRules(game);
    const v = view(play.state, 2);
    const copy = <T>(x: T): T => JSON.parse(JSON.stringify(x)) as T;
    expect(toSvgString(drawTable(copy(rules), copy(v)))).toBe(toSvgString(drawTable(rules, v)));
    expect(structuredClone(rules)).toEqual(rules);
  });

  it("writes every name from the rules and the seats as text, escaped", () => {
    const game = gameOf(tinyRules());
    const play = new GamePlay(game, { names: ["<img src=x onerror=alert(1)>", "B&B"], seed: 1, seats: [randomAgent, randomAgent] });
    const svg = toSvgString(drawTable(tableRules(game), view(play.state, 0), { title: '"quoted" <title>' }));
    expect(svg).not.toContain("<img");
    expect(svg).toContain("&lt;img src=x onerror=alert(1)&gt;");
    expect(svg).toContain("B&amp;B");
    expect(svg).toContain("&quot;quoted&quot; &lt;title&gt;");
  });
});

describe("the drawing code", () => {
  it("names no game: every table comes from the rules", () => {
    const words = readdirSync(rulesFolder()).flatMap((g) => [g, g.replace(/-/g, " ")]);
    for (const folder of ["src/table", "src/session"]) {
      for (const name of readdirSync(folder)) {
        const text = readFileSync(`${folder}/${name}`, "utf8").toLowerCase();
        for (const word of words) expect(mentions(text, word), `${folder}/${name} mentions '${word}'`).toBe(false);
      }
    }
  });
});

describe("a long hand", () => {
  it("wraps into rows that do not overlap", () => {
    const game = load("idiot");
    const play = new GamePlay(game, { seed: 7, seats: [randomAgent, randomAgent, randomAgent, randomAgent] });
    const v = truthView(play.state);
    const all = v.zones.flatMap((z) => z.cards);
    const hand = v.zones.find((z) => z.owner === 0 && z.cards.length > 0 && z.name === "hand")!;
    const long = { ...v, zones: v.zones.map((z) => (z === hand ? { ...z, cards: all } : z)) };
    const fans = find(drawTable(tableRules(game), long), (n) => String(n.attrs.class ?? "").includes("hand"));
    const rowsOf = (fan: SvgNode) => [...new Set(find(fan, (n) => n.attrs["data-card"] !== undefined).map((n) => Number(/translate\(\S+ (\S+)\)/.exec(String(n.attrs.transform))?.[1])))].sort((a, b) => a - b);
    const rows = rowsOf(fans.find((f) => rowsOf(f).length > 1)!);
    expect(rows.length).toBeGreaterThan(1);
    for (let i = 1; i < rows.length; i++) expect(rows[i] - rows[i - 1]).toBeGreaterThanOrEqual(84);
  });
});

describe("the table's words", () => {
  it("names zones, families and variables in words rather than as the rule file spells them, and says which way play goes after a reversal", () => {
    const game = load("idiot");
    const play = new GamePlay(game, { seed: 3, seats: [randomAgent, randomAgent, randomAgent] });
    const v = view(play.state, 0);
    // what the table reads as (its text), not its attributes, which name zones for the page's code
    const shown = (svg: SvgNode) => find(svg, (n) => n.tag === "text").flatMap((n) => n.children.filter((c) => typeof c === "string")).join("\n");
    const text = shown(drawTable(tableRules(game), v));
    expect(text).toContain("face down");
    expect(text).not.toMatch(/faceDown|faceUp/);
    expect(text).not.toContain("reversed");
    const turned = shown(drawTable(tableRules(game), { ...v, flow: { ...v.flow, reversed: true } }));
    expect(turned).toContain("play goes counter-clockwise (reversed)");
  });
});

describe("what the table shows of the rules", () => {
  const shownVars = (game: Game) => tableRules(game).vars.filter((v) => v.table).map((v) => v.name);
  const texts = (svg: SvgNode) => find(svg, (n) => n.tag === "text").flatMap((n) => n.children.filter((c) => typeof c === "string")).join("\n");

  it("lists scores, counts and cards by default, the rules' bookkeeping only where the file says table: true, and nothing the file says table: false of", () => {
    // On The Cards' round: the tricks won (a count), the leader and who passed (table: true); not who acted,
    // who played last or whether the round is over (flags and players of the rules' own)
    const match = new GamePlay(load("on-the-cards/opening-hands"), { seed: 2, seats: [randomAgent, randomAgent, randomAgent, randomAgent] });
    for (let i = 0; i < 5; i++) match.step();
    const round = innermost(match.state).game;
    expect(round.vars.map((v) => v.name)).toContain("acted");
    expect(shownVars(round)).toEqual(["leader", "tricksWon", "passed"]);
    // Hands: the shapes on show and who made and followed Two Hands, never the times the rules compare
    expect(shownVars(load("hands"))).toEqual(["gesture", "twoHands", "maker", "followed"]);
    expect(shownVars(load("idiot"))).toEqual([]); // dealtUp, a list kept to decide who starts
    expect(shownVars(load("crazy-eights"))).toEqual(["called"]);

    const game = gameOf(tinyRules("variables:\n  score: {per: player, type: number}\n  stamp: {type: number, table: false}\n  flag: {type: bool, initial: true}\n  shout: {type: bool, initial: true, table: true}\n"));
    expect(shownVars(game)).toEqual(["score", "shout"]);
    const play = new GamePlay(game, { seed: 1, seats: [randomAgent, randomAgent] });
    const drawn = texts(drawTable(tableRules(game), view(play.state, 0)));
    expect(drawn).toContain("score: 0");
    expect(drawn).toContain("shout: yes");
    expect(drawn).not.toMatch(/stamp|flag/);
  });

  it("labels a zone by its text where the text reads as a name, else by its name in words with the text as its tooltip", () => {
    const game = load("idiot");
    const play = new GamePlay(game, { seed: 3, seats: [randomAgent, randomAgent, randomAgent] });
    const svg = drawTable(tableRules(game), view(play.state, 0));
    const label = (name: string) => texts(find(find(svg, (n) => n.attrs["data-name"] === name)[0], (n) => n.attrs.class === "zone-label")[0]);
    expect(label("stock")).toBe("the draw pile · 25"); // text: the draw pile
    expect(label("pile")).toMatch(/^the play pile · /);
    // "three table cards side by side, counted from the left" describes: the name labels it, the text is its tooltip
    expect(label("faceDown")).toBe("face down · 3");
    const tip = find(svg, (n) => n.attrs["data-name"] === "faceDown")[0].children.find((c) => typeof c !== "string" && c.tag === "title");
    expect(tip && typeof tip !== "string" && tip.children).toEqual(["three table cards side by side, counted from the left"]);
    expect(label("hand")).toMatch(/^hand · /); // no text
  });
});
