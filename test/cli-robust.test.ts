// The command line refuses what it cannot do well, and ends quietly when its reader goes away.
import { describe, expect, it } from "vitest";
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, symlinkSync, writeFileSync } from "node:fs";
import { execFileSync } from "node:child_process";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { run } from "./helpers/cli.js";
import { tinyRules } from "./helpers/rules.js";

describe("the command line", () => {
  it("caps search budgets and wants an agent for every seat, or one for all", async () => {
    const big = await run(["simulate", "idiot", "--games", "1", "--agents", "ismcts:1e12,random,random,random"]);
    expect([big.code, big.err.split("\n")[0]]).toEqual([2, "houserules simulate: the budget of 'ismcts:1e12' is a whole number from 1 to 100,000"]);
    const few = await run(["simulate", "idiot", "--games", "1", "--players", "4", "--agents", "random,greedy"]);
    expect([few.code, few.err.split("\n")[0]]).toEqual([2, "houserules simulate: --agents names 2 agents for 4 players: name one for every seat, or one for all"]);
    const one = await run(["simulate", "idiot", "--games", "2", "--players", "3", "--agents", "random", "--json"]);
    expect(one.code).toBe(0);
  });

  it("keeps seeds beyond 2^53 apart", async () => {
    const a = await run(["simulate", "idle-hands/missions", "--games", "3", "--players", "3", "--seed", "9007199254740993", "--json"]);
    const b = await run(["simulate", "idle-hands/missions", "--games", "3", "--players", "3", "--seed", "9007199254740992", "--json"]);
    expect(JSON.parse(a.out).seed).toBe("9007199254740993");
    expect(JSON.parse(b.out).seed).toBe("9007199254740992");
    expect(JSON.parse(a.out).length).not.toEqual(JSON.parse(b.out).length);
  });

  it("refuses --compose with no cards, and a report into a folder that does not exist", async () => {
    const none = await run(["simulate", "--compose", ""]);
    expect([none.code, none.err.split("\n")[0]]).toEqual([2, `houserules simulate: --compose names the rule cards of a round, comma-separated: --compose "Deal Eight, Whist"`]);
    const folder = join(mkdtempSync(join(tmpdir(), "houserules-cli-")), "missing");
    const report = await run(["simulate", "idiot", "--games", "1", "--report", join(folder, "r.html")]);
    expect([report.code, report.err.split("\n")[0]]).toEqual([2, `houserules simulate: --report ${join(folder, "r.html")}: there is no folder ${folder}`]);
    expect(existsSync(folder)).toBe(false);
  });

  it("ends quietly when the reader of its output stops early", () => {
    for (const command of ["check idiot", "compose --json Deal Eight, Take Lots of Tricks, Crazy Eights, Whist"]) {
      const r = spawnSync("sh", ["-c", `node bin/houserules.js ${command} | head -1`], { encoding: "utf8", timeout: 60_000 });
      expect(r.stdout.split("\n").length).toBe(2);
      expect(r.stderr).toBe("");
    }
  });

  it("reads a scenario file as a rule file: never a pipe or a device, never past the size limit", async () => {
    const dir = mkdtempSync(join(tmpdir(), "houserules-scenario-"));
    execFileSync("mkfifo", [join(dir, "fifo.scenario.yaml")]);
    symlinkSync("/dev/zero", join(dir, "zero.scenario.yaml"));
    writeFileSync(join(dir, "big.scenario.yaml"), "name: big\n" + "# padding\n".repeat(500_000));
    const r = await run(["test", join(dir, "fifo.scenario.yaml"), join(dir, "zero.scenario.yaml"), join(dir, "big.scenario.yaml")]);
    expect(r.code).toBe(1);
    const lines = r.out.split("\n").filter((l) => l.includes(": error "));
    expect(lines.map((l) => l.trim().replace(/: error (E_[A-Z_]+): .*/, " $1"))).toEqual([
      `${join(dir, "fifo.scenario.yaml")}:1:1 E_FILE`,
      `${join(dir, "zero.scenario.yaml")}:1:1 E_FILE`,
      `${join(dir, "big.scenario.yaml")}:1:1 E_FILE_SIZE`,
    ]);
  });

  it("searches a folder of scenarios that links to itself once: no loop, no crash on a broken link", async () => {
    const dir = mkdtempSync(join(tmpdir(), "houserules-scenario-links-"));
    writeFileSync(join(dir, "ready.scenario.yaml"), "name: ready\nrules: idiot\nplayers: [Ann, Bob]\nmoves:\n  - Ann: ready\n");
    for (const link of ["a", "b", "c"]) symlinkSync(".", join(dir, link));
    symlinkSync(join(dir, "nowhere"), join(dir, "broken.scenario.yaml"));
    const r = await run(["test", dir, "--json"]);
    expect(r.err).toBe("");
    const report = JSON.parse(r.out) as { passed: number; failed: number };
    expect([report.passed, report.failed]).toEqual([1, 0]);
  });

  it("bounds each game's time and memory as the user says, whatever the rule file says", async () => {
    const file = join(mkdtempSync(join(tmpdir(), "houserules-bounds-")), "busy.yaml");
    writeFileSync(file, tinyRules("limits: {steps: 1000000}\n", { "    effect: move(card, pile)": "    effect: |\n      move(card, pile)\n      let n = (1..1000000).count" }));
    const problems = async (...flags: string[]) => {
      const r = await run(["simulate", file, "--games", "2", "--players", "2", "--json", ...flags]);
      return JSON.parse(r.out).problems.map((p: { message: string }) => p.message);
    };
    // the default agent thinks between moves: the limit may stop a game while it decides, and the message says so
    const late = await problems("--time-limit", "0.001");
    expect(late).toHaveLength(1);
    expect(late[0]).toMatch(/^(sensible for P\d: )?a game ran for more than its time limit of 0\.001 s \(raise it with --time-limit\)(, while an agent was deciding)?$/);
    expect(await problems("--time-limit", "0.001", "--agents", "random")).toEqual(["a game ran for more than its time limit of 0.001 s (raise it with --time-limit)"]);
    expect(await problems("--memory-limit", "1")).toEqual(["a game used more than its memory limit of 1 MB (raise it with --memory-limit)"]);
    expect(await problems()).toEqual([]);
    const bad = await run(["simulate", file, "--time-limit", "soon"]);
    expect([bad.code, bad.err.split("\n")[0]]).toEqual([2, "houserules simulate: --time-limit takes a positive number, not 'soon'"]);
  });
});

describe("--workers", () => {
  it("is lowered to the processors of the machine, with a warning, rather than starting a thread each", async () => {
    const { availableParallelism } = await import("node:os");
    const cpus = availableParallelism();
    const r = await run(["simulate", "crazy-eights", "--games", "2", "--workers", "256"]);
    expect(r.code).toBe(0);
    expect(r.err).toContain(`warning: --workers 256 lowered to ${cpus}, the number of processors this machine gives the run`);
    const same = await run(["simulate", "crazy-eights", "--games", "2", "--workers", String(cpus)]);
    expect(same.err).not.toContain("lowered");
    expect(same.out).toBe(r.out);
  });
});
