// A user's own rule files, outside the package: beside the file that names them (or in the working folder),
// or in folders given with --rules or HOUSERULES_PATH; found by id and by name as printed, like the shipped ones.
import { afterEach, describe, expect, it } from "vitest";
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { installNodeHost } from "../src/node/host.js";
import { runScenarioFile } from "../src/scenario/scenario.js";
import { run } from "./helpers/cli.js";

const avoidHearts = [
  "extends: on-the-cards/round",
  "name: Avoid Hearts",
  "fragment: {type: Aim, fills: [aim], known: house, text: Each heart you take costs a point.}",
  "define:",
  "  points(p): 0 - p.tricks.count(c => c.suit == \"H\")",
].join("\n") + "\n";

/** A folder of the user's own, outside the package, with an Aim card of their own in it. */
function userFolder(): string {
  const dir = mkdtempSync(join(tmpdir(), "houserules-user-"));
  writeFileSync(join(dir, "avoid-hearts.yaml"), avoidHearts);
  return dir;
}

const bin = resolve("bin/houserules.js");
function runIn(cwd: string, args: string[], env: Record<string, string> = {}) {
  const r = spawnSync(process.execPath, [bin, ...args], { cwd, encoding: "utf8", env: { ...process.env, HOUSERULES_PATH: "", ...env } });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

const aimRow = /\nAim +Avoid Hearts +house\n/;

describe("a user's own rule files", () => {
  afterEach(() => installNodeHost());

  it("compose shows a card given by its path in the part it fills", () => {
    const dir = userFolder();
    const r = runIn(dir, ["compose", "Deal Eight, ./avoid-hearts.yaml, Crazy Eights, Whist"]);
    expect(r.out).toMatch(aimRow);
    expect(r.out).not.toContain("(none)");
    expect(r.code).toBe(0);
  });

  it("are found by name and by id in the working folder, with a suggestion for a misspelt name", () => {
    const dir = userFolder();
    expect(runIn(dir, ["compose", "Deal Eight, Avoid Hearts, Crazy Eights, Whist"]).out).toMatch(aimRow);
    expect(runIn(dir, ["compose", "Deal", "Eight", "avoid-hearts", "Crazy", "Eights", "Whist"]).out).toMatch(aimRow);
    const typo = runIn(dir, ["compose", "Deal Eight, Avoid Heart, Crazy Eights, Whist"]);
    expect(typo.code).toBe(1);
    expect(typo.out).toContain("no rule file for 'Avoid Heart' (did you mean 'Avoid Hearts'?)");
  });

  it("are found in folders given with --rules, from anywhere, by every command", async () => {
    const dir = userFolder();
    const composed = await run(["compose", "Deal Eight, Avoid Hearts, Crazy Eights, Whist", "--rules", dir]);
    expect(composed.out).toMatch(aimRow);
    const cards = await run(["cards", "--json", "--rules", dir]);
    expect(JSON.parse(cards.out).cards.map((c: { id: string }) => c.id)).toContain("avoid-hearts");
    const checked = await run(["check", "avoid-hearts", "--quiet", `--rules=${dir}`]);
    expect(checked.out).toBe("avoid-hearts: ok (0 errors, 0 warnings, 0 notices)\n");
    // worker threads find the same folders
    const sim = await run(["simulate", "--compose", "Deal Eight, Avoid Hearts, Crazy Eights, Whist", "--games", "12", "--workers", "2", "--json", "--rules", dir]);
    expect(sim.code).toBe(0);
    expect(JSON.parse(sim.out).finished).toBe(12);
    expect((await run(["check", "--rules"])).code).toBe(2);
  });

  it("are found in the folders of HOUSERULES_PATH", () => {
    const dir = userFolder();
    const r = runIn(tmpdir(), ["compose", "Deal Eight, Avoid Hearts, Crazy Eights, Whist"], { HOUSERULES_PATH: `/nonexistent:${dir}` });
    expect(r.out).toMatch(aimRow);
    expect(r.code).toBe(0);
  });

  it("are found beside a scenario that composes them by name, and beside a rule file that names them", () => {
    const dir = userFolder();
    mkdirSync(join(dir, "more"));
    writeFileSync(join(dir, "round.scenario.yaml"), [
      "compose: [Deal Eight, Avoid Hearts, Crazy Eights, Whist]",
      "players: 4",
      "expect: {over: false}",
    ].join("\n") + "\n");
    expect(runScenarioFile(join(dir, "round.scenario.yaml")).failures).toEqual([]);
    writeFileSync(join(dir, "no-clubs.yaml"), "extends: avoid-hearts\nname: Avoid Hearts And Clubs\nreplaces: [define.points]\ndefine:\n  points(p): 0 - p.tricks.count(c => c.suit == \"H\" or c.suit == \"C\")\n");
    const r = runIn(join(dir, "more"), ["check", "../no-clubs.yaml", "--quiet"]);
    expect(r.out).toMatch(/no-clubs\.yaml: ok \(0 errors/);
  });
});
