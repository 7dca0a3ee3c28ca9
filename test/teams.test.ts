// Sides (`teams`): the seats each way of declaring teams gives, the builtins that read them, a team's variable
// shared by its members, winners as whole teams, the view's teams, and the player counts refused at load and
// at the start — with both back ends.
import { describe, expect, it } from "vitest";
import { compileRulesText } from "../src/interpreter/load/load.js";
import type { Backend } from "../src/interpreter/backend.js";
import type { Game } from "../src/interpreter/model.js";
import { newGame } from "../src/interpreter/engine.js";
import { view } from "../src/interpreter/view.js";
import { playGame } from "../src/sim/play-game.js";
import { randomAgent } from "../src/agents/random.js";
import { formatDiagnostic } from "../src/interpreter/diagnostics.js";
import { deckRules, errorsOf } from "./helpers/rules.js";

const backends: Backend[] = ["closures", "js"];

/** A game that notes, at setup, what the team builtins say of each seat, then plays a card each to a trick. */
function rules(teams: string, players = "{min: 2, max: 8}"): string {
  return `${deckRules("Sides", players, ["hand: {per: player, visible: owner, ordered: false}", "won: {per: player, visible: everyone}", "trick: {visible: everyone}"])}teams: ${teams}
variables:
  mates: {per: player, type: players}
  others: {per: player, type: players}
  pal: {per: player, type: player}
  tricks: {per: team, type: number}
setup: |
  shuffle(stock)
  deal(stock, hand, 3)
  for p in players {
    p.mates = team(p)
    p.others = teammates(p)
    p.pal = partner(p)
  }
phases:
  play:
    actions: [play]
    endWhen: players.all(p => p.hand.empty) and trick.empty
    next: none
actions:
  play:
    params:
      card: hand
    effect: |
      move(card, trick)
      if trick.count == playerCount {
        let winner = trick.maxBy(c => c.rank).from
        move(trick, winner.won)
        winner.tricks += 1
        giveTurn(winner)
      }
outcome:
  scores: p => teamCards(p, won).count / playerCount
  winners: withTeams(players.best(p => p.tricks))
`;
}

function load(text: string, backend: Backend): Game {
  const r = compileRulesText(text, "t.yaml", "t", undefined, { backend });
  if (!r.game) throw new Error(r.diagnostics.map(formatDiagnostic).join("\n"));
  expect(r.game.backend).toBe(backend);
  return r.game;
}

const names = (n: number) => Array.from({ length: n }, (_, i) => `P${i + 1}`);

function noted(text: string, n: number, backend: Backend): { mates: unknown; others: unknown; pal: unknown; teams: unknown } {
  const s = newGame(load(text, backend), { players: names(n), seed: 1 });
  const v = view(s, -1);
  return { mates: v.variables.mates, others: v.variables.others, pal: v.variables.pal, teams: v.teams };
}

describe("teams seat the players", () => {
  for (const backend of backends) {
    it(`size: partners in alternate seats, opposite at four (${backend})`, () => {
      const four = noted(rules("{size: 2}"), 4, backend);
      expect(four.mates).toEqual([[0, 2], [1, 3], [0, 2], [1, 3]]);
      expect(four.others).toEqual([[2], [3], [0], [1]]);
      expect(four.pal).toEqual([2, 3, 0, 1]);
      expect(four.teams).toEqual([{ name: "team 1", seats: [0, 2] }, { name: "team 2", seats: [1, 3] }]);
      // three teams of two at six: still opposite
      expect(noted(rules("{size: 2}"), 6, backend).pal).toEqual([3, 4, 5, 0, 1, 2]);
    });

    it(`count: that many teams, seats alternating; a partner is the next member clockwise (${backend})`, () => {
      const six = noted(rules("{count: 2, names: [Odd, Even]}"), 6, backend);
      expect(six.mates).toEqual([[0, 2, 4], [1, 3, 5], [0, 2, 4], [1, 3, 5], [0, 2, 4], [1, 3, 5]]);
      expect(six.pal).toEqual([2, 3, 4, 5, 0, 1]);
      expect(six.teams).toEqual([{ name: "Odd", seats: [0, 2, 4] }, { name: "Even", seats: [1, 3, 5] }]);
    });

    it(`seats: each team's seats as written (${backend})`, () => {
      const four = noted(rules("{seats: [[0, 1], [3, 2]]}", "4"), 4, backend);
      expect(four.mates).toEqual([[0, 1], [0, 1], [2, 3], [2, 3]]);
      expect(four.pal).toEqual([1, 0, 3, 2]);
    });
  }

  it("without teams every player is a team of their own, with no partner, and the view shows no teams", () => {
    const text = rules("{size: 1}").replace("teams: {size: 1}\n", "").replace("  tricks: {per: team, type: number}\n", "  tricks: {per: player, type: number}\n");
    const alone = noted(text, 3, "closures");
    expect(alone.mates).toEqual([[0], [1], [2]]);
    expect(alone.others).toEqual([[], [], []]);
    expect(alone.pal).toEqual([null, null, null]);
    expect(alone.teams).toBeUndefined();
  });
});

describe("a team's variable, tricks and winners", () => {
  for (const backend of backends) {
    it(`every member holds the team's value; the winners are whole teams (${backend})`, () => {
      const game = load(rules("{size: 2}"), backend);
      for (let g = 0; g < 20; g++) {
        const r = playGame(game, { players: 4, seed: `sides-${g}`, agents: Array(4).fill(randomAgent) });
        expect(r.finished).toBe(true);
        const tricks = view(r.state, -1).variables.tricks as number[];
        expect(tricks[0]).toBe(tricks[2]);
        expect(tricks[1]).toBe(tricks[3]);
        expect(tricks[0] + tricks[1]).toBe(3);
        const { winners, scores } = r.state.result!;
        // one side took more of the three tricks: its two players win, together
        expect(winners).toEqual(tricks[0] > tricks[1] ? [0, 2] : [1, 3]);
        // teamCards: a team's tricks, counted from its members' won piles
        expect(scores).toEqual(tricks);
      }
    });
  }
});

describe("player counts the teams do not divide are refused", () => {
  it("at load, when no count the rules allow makes the teams", () => {
    expect(errorsOf(rules("{size: 2}", "3")).join("\n")).toMatch(/no number of players the rules allow makes these teams: 3 players do not make teams of 2/);
    expect(errorsOf(rules("{seats: [[0, 2], [1]]}", "4")).join("\n")).toMatch(/the teams seat 3 players, not 4/);
    expect(errorsOf(rules("{seats: [[0, 2], [1, 2]]}", "4")).join("\n")).toMatch(/every seat from 0 once/);
    expect(errorsOf(rules("{size: 2, count: 2}", "4")).join("\n")).toMatch(/one of size, count or seats/);
    const noTeams = rules("{size: 2}").replace("teams: {size: 2}\n", "");
    expect(errorsOf(noTeams).join("\n")).toMatch(/'tricks' is a team's, but the rules declare no teams/);
  });

  it("at the start, naming the teams", () => {
    const game = load(rules("{size: 2}", "{min: 4, max: 6}"), "closures");
    expect(() => newGame(game, { players: names(5), seed: 1 })).toThrow(/played in teams, and 5 players do not make teams of 2/);
    expect(() => newGame(game, { players: names(6), seed: 1 })).not.toThrow();
  });
});

describe("a team's variable in the editor's names", () => {
  it("is described as one per team", () => {
    const r = compileRulesText(rules("{size: 2}"), "t.yaml", "t");
    const scope = r.scope?.();
    const tricks = scope?.names.find((n) => n.name === "tricks");
    expect(tricks?.detail).toBe("variable: number, one per team");
  });
});
