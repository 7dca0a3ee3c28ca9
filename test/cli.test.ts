// The command line is a public interface: its output, its --json and its exit statuses.
import { describe, expect, it } from "vitest";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { run, runBin } from "./helpers/cli.js";
import { tinyRules } from "./helpers/rules.js";

function tempFile(name: string, text: string): string {
  const dir = mkdtempSync(join(tmpdir(), "houserules-cli-"));
  const file = join(dir, name);
  writeFileSync(file, text);
  return file;
}

describe("houserules", () => {
  it("prints help for itself and every command it lists, with exit 0", async () => {
    const main = await run(["--help"]);
    expect(main.code).toBe(0);
    const listed = [...main.out.matchAll(/^  ([a-z]+) {2,}\S/gm)].map((m) => m[1]);
    expect(listed).toEqual(expect.arrayContaining(["check", "simulate", "test", "play", "compose", "cards", "explain", "compare", "serve"]));
    for (const name of listed) {
      for (const flag of ["--help", "-h"]) {
        const r = await run([name, flag]);
        expect(r.code, `${name} ${flag}`).toBe(0);
        expect(r.out, `${name} ${flag}`).toMatch(new RegExp(`^Usage: houserules ${name}\\b`));
      }
    }
  });

  it("exits 2 for an unknown command or flag", async () => {
    expect((await run(["dance"])).code).toBe(2);
    const r = await run(["simulate", "idiot", "--gmaes", "3"]);
    expect(r.code).toBe(2);
    expect(r.err).toContain("Unknown option '--gmaes'");
    expect((await run(["simulate", "idiot", "--players", "9"])).code).toBe(2);
  });

  it("prints its version, the package's, for --version, -V and version", async () => {
    const { version } = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as { version: string };
    for (const flag of ["--version", "-V", "version"]) {
      const r = await run([flag]);
      expect(r.out, flag).toBe(`houserules ${version}\n`);
      expect(r.code, flag).toBe(0);
    }
  });

  it("runs as the package's bin", () => {
    const r = runBin(["check", "idiot", "--quiet"]);
    expect(r.out).toBe("idiot: ok (0 errors, 0 warnings, 0 notices)\n");
    expect(r.code).toBe(0);
  });
});

describe("houserules check", () => {
  it("reports problems with their place and a caret, and exits 1", async () => {
    const file = tempFile("bad.yaml", tinyRules("", { "move(card, pile)": "move(card, piel)" }));
    const r = await run(["check", file]);
    expect(r.code).toBe(1);
    const lines = r.out.split("\n");
    expect(lines[0]).toMatch(/bad\.yaml:20:24: error E_NAME: unknown name 'piel' \(did you mean 'pile'\?\)$/);
    expect(lines[1]).toBe("      effect: move(card, piel)");
    expect(lines[2]).toBe("                         ^^^^");
  });

  it("lists the assumptions of a good file as notices and exits 0", async () => {
    const r = await run(["check", "idiot"]);
    expect(r.code).toBe(0);
    expect(r.out).toContain("notice N_ASSUMED: outcome: The rulebook names only a loser");
    expect(r.out.trim().split("\n").pop()).toBe("idiot: ok (0 errors, 0 warnings, 2 notices)");
  });

  it("checks a combination as simulate plays it: --with and --compose", async () => {
    const pair = await run(["check", "idle-hands/seven-sins", "--with", "idle-hands/seven-sins-advanced", "--with", "idle-hands/seven-sins-more-victims", "--json"]);
    expect(pair.code).toBe(1);
    const [report] = JSON.parse(pair.out).files;
    expect(report.rules).toBe("idle-hands/seven-sins + idle-hands/seven-sins-advanced + idle-hands/seven-sins-more-victims");
    expect(report.diagnostics.map((d: { code: string; file: string }) => [d.code, d.file])).toEqual([["E_CONFLICT", "rules/idle-hands/seven-sins-more-victims.yaml"]]);
    const alone = await run(["check", "idle-hands/seven-sins", "--with", "idle-hands/seven-sins-advanced", "--quiet"]);
    expect(alone.out).toBe("idle-hands/seven-sins + idle-hands/seven-sins-advanced: ok (0 errors, 0 warnings, 0 notices)\n");
    const round = await run(["check", "--compose", "Deal Eight, Take Lots of Tricks, Crazy Eights, Whist", "--quiet"]);
    expect(round.code).toBe(0);
    expect(round.out).toMatch(/^on-the-cards\/deal\/deal-eight \+ .*whist: ok \(0 errors/);
    expect((await run(["check", "--with", "idle-hands/seven-sins-advanced"])).code).toBe(2);
    expect((await run(["check", "idiot", "--compose", "Deal Eight"])).code).toBe(2);
    expect((await run(["check", "--help"])).out).toContain("--compose L");
  });

  it("says which id it cannot find, with a suggestion", async () => {
    const r = await run(["check", "idoit"]);
    expect(r.code).toBe(1);
    expect(r.out).toContain("idoit:1:1: error E_RULES: no rule file for 'idoit' (did you mean 'idiot'?)");
  });
});

describe("houserules simulate", () => {
  it("prints the same JSON, byte for byte, for the same seed", async () => {
    const a = await run(["simulate", "idiot", "--games", "20", "--players", "3", "--seed", "42", "--json"]);
    const b = await run(["simulate", "idiot", "--games", "20", "--players", "3", "--seed", "42", "--json"]);
    expect(a.code).toBe(0);
    expect(a.out).toBe(b.out);
    const summary = JSON.parse(a.out);
    expect(summary.games).toBe(20);
    expect(summary.finished).toBe(20);
    expect(summary.moves).toBeGreaterThan(20 * 50);
    expect(summary.wins).toHaveLength(3);
    expect(summary.losses.reduce((x: number, y: number) => x + y, 0)).toBe(20);
  });

  it("keeps the JSON fields it had and adds the new statistics after them", async () => {
    const r = await run(["simulate", "idle-hands/missions", "--games", "8", "--players", "3", "--json"]);
    const keys = Object.keys(JSON.parse(r.out));
    expect(keys.slice(0, 14)).toEqual(["rules", "players", "games", "seed", "agents", "finished", "unfinished", "moves", "length", "ties", "seats", "wins", "losses", "problems"]);
    expect(keys.slice(14)).toEqual(["lengthHistogram", "branching", "scores", "byAgent", "coverage", "innerCoverage", "balance", "drama", "decisiveness", "skill", "together"]);
    const help = (await run(["simulate", "--help"])).out;
    expect(help).toContain("--workers N");
    expect(help).toContain("--report F");
  });

  it("prints wins and losses by seat and the spread of game length", async () => {
    const r = await run(["simulate", "idiot", "--games", "10", "--players", "2", "--seed", "1"]);
    expect(r.out).toMatch(/^idiot: 10 games, 2 players, seed 1\nfinished 10 of 10;/);
    expect(r.out).toMatch(/game length: mean [\d.]+ moves, sd [\d.]+, min \d+, median [\d.]+, max \d+/);
    expect(r.out).toMatch(/\nP1 +sensible +\d+/); // the measuring agent, named though none was asked for
  });
});

describe("houserules test", () => {
  it("runs scenario folders and closes with the count", async () => {
    const r = await run(["test", "test/scenarios/idiot"]);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^\d+ passed, 0 failed\n$/);
  });

  it("prints each failure at its step and exits 1", async () => {
    const file = tempFile("x.scenario.yaml", "rules: idiot\nplayers: [Ann, Bob]\nmoves:\n  - Bob: flip 1\n");
    const r = await run(["test", file]);
    expect(r.code).toBe(1);
    expect(r.out).toContain("x.scenario.yaml:4:5: error E_REFUSED: step 1 (Bob: flip 1): refused by phase: 'flip' is not allowed in the swap phase");
    expect(r.out.trim().split("\n").pop()).toBe("0 passed, 1 failed");
  });
});

describe("houserules play", () => {
  it("lets a person play from their own view, explains refusals, and ends with the game", async () => {
    // Seat 1 of 2: say ready, try an illegal move, then always take the first listed move.
    const input = ["ready", "play ZZ", ...Array(3000).fill("1")].join("\n") + "\n";
    const r = await run(["play", "idiot", "--players", "2", "--seed", "7"], input);
    expect(r.out).toContain("Idiot — 2 players, you are seat 1.");
    expect(r.out).toContain("refused by move: there is no card called 'ZZ'");
    expect(r.out).toMatch(/^ {2}your hand +\S+/m); // the person's own zones are "your", never "You's"
    expect(r.out).not.toContain("You's");
    expect(r.out).toContain("your turn");
    expect(r.out).toMatch(/P2's hand +\d+ cards? face down/); // the other hand shows as a count of backs
    expect(r.out).not.toMatch(/^ {2}P2's hand {2,}(?!\d+ cards? face down)\S/m);
    expect(r.out).toContain("game over:");
    expect(r.code).toBe(0);
  });
});

describe("--option", () => {
  it("sets a declared option for simulate and compare, read as its default is, and refuses an unknown name or a bad value before playing", async () => {
    const length = async (args: string[]) => {
      const r = await run(["simulate", "knockout-whist", "--players", "3", "--games", "6", "--json", ...args]);
      expect(r.code, r.err).toBe(0);
      return (JSON.parse(r.out) as { length: { mean: number } }).length.mean;
    };
    // a first hand of three cards makes a match of three hands at most, much shorter than from seven
    expect(await length(["--option", "firstHand=3"])).toBeLessThan(await length([]));
    const bad = await run(["simulate", "hearts", "--option", "passTo=up", "--games", "2"]);
    expect(bad.code).toBe(2);
    expect(bad.err).toContain(`option 'passTo' is one of "left", "right", "across", "hold", not "up"`);
    const unknown = await run(["simulate", "war", "--option", "nope=1"]);
    expect([unknown.code, unknown.err.split("\n")[0]]).toEqual([2, "houserules simulate: there is no option 'nope' (the rules declare no options)"]);
    expect((await run(["simulate", "war", "--option", "nope"])).err).toContain("--option takes NAME=VALUE");
    const compared = await run(["compare", "hearts", "--with", "hearts/jack-of-diamonds", "--games", "4", "--option", "passTo=hold", "--json"]);
    expect(compared.code, compared.err).toBe(0);
  });
});
