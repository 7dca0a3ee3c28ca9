// npm run demo (simulate --all): a game far slower than the others of its family says why, from its own figures.
import { describe, expect, it } from "vitest";
import { slowReasons } from "../src/sim/slow-games.js";

const row = (id: string, family: string | null, gamesPerSecond: number, meanMoves: number, branching: number) => ({ id, family, gamesPerSecond, meanMoves, branching });

describe("why a game is far slower than its family", () => {
  it("says nothing of games near their family's speed, or alone in their family", () => {
    expect(slowReasons([row("a", "x", 100, 50, 3), row("b", "x", 80, 60, 3), row("c", "x", 120, 40, 3), row("d", "y", 1, 5000, 40)])).toEqual(["", "", "", ""]);
  });

  it("names long games, and moves that cost more because there are more legal moves to list", () => {
    const why = slowReasons([
      row("quick", "x", 100, 50, 3),
      row("quick2", "x", 100, 50, 3),
      row("quick3", "x", 100, 50, 3),
      row("long", "x", 100 / 12, 600, 3), // twelve times the moves, each at the same cost
      row("wide", "x", 10, 50, 30), // the same length, each move ten times the cost
    ]);
    expect(why[0]).toBe("");
    expect(why[3]).toBe("12× slower than its family's median: its games are long: 600 moves against the family's median 50");
    expect(why[4]).toBe("10× slower than its family's median: each move costs 10 times the family's: 30 legal moves a decision against 3");
  });
});
