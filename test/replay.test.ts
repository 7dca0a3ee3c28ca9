// Saved games: simulate --log and play --log write each game as JSON lines, and houserules replay plays them
// again event for event, refusing a log that is cut off, edited, or written with other rules or another version.
import { describe, expect, it } from "vitest";
import { mkdtempSync, readFileSync, writeFileSync, copyFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { run } from "./helpers/cli.js";
import { resolveRules } from "../src/interpreter/load/resolve.js";
import { installNodeHost } from "../src/node/host.js";

const dir = () => mkdtempSync(join(tmpdir(), "houserules-replay-"));
const lines = (file: string) => readFileSync(file, "utf8").trimEnd().split("\n");
const write = (file: string, ls: string[]) => writeFileSync(file, ls.join("\n") + "\n");

describe("saving and replaying games", () => {
  it("saves every game of a simulation with its rules, hash, seed and moves, and replays each the same", async () => {
    const log = join(dir(), "games.jsonl");
    const sim = await run(["simulate", "idiot", "--games", "3", "--players", "3", "--seed", "7", "--agents", "random,greedy,random", "--log", log]);
    expect(sim.code).toBe(0);
    expect(sim.err).toContain(`3 games saved to ${log}: replay with houserules replay ${log}`);
    const saved = lines(log).map((l) => JSON.parse(l));
    const headers = saved.filter((l) => l.log === "houserules");
    expect(headers.map((h) => [h.game, h.seed, h.rules, h.agents])).toEqual([1, 2, 3].map((g) => [g, `7:${g - 1}`, ["idiot"], ["random", "greedy", "random"]]));
    expect(headers[0].hash).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(saved.filter((l) => l.end === true)).toHaveLength(3);
    const replay = await run(["replay", log]);
    expect(replay.err).toBe("");
    expect(replay.code).toBe(0);
    expect(replay.out).toMatch(/^game 1 \(seed 7:0\): \d+ moves, \d+ events, the same\ngame 2 .*\ngame 3 .*\n3 games replayed: every one the same, event for event \([\d,]+ events\)\n$/);
  });

  it("saves a real-time game with each move's time, and replays it", async () => {
    const log = join(dir(), "hands.jsonl");
    expect((await run(["simulate", "hands", "--games", "1", "--players", "3", "--log", log])).code).toBe(0);
    expect(lines(log).some((l) => typeof JSON.parse(l).at === "number")).toBe(true);
    expect((await run(["replay", log])).code).toBe(0);
  });

  it("refuses a log cut off, with a move edited, with lines swapped, or of other rules, at the line where it diverges", async () => {
    const folder = dir();
    const log = join(folder, "one.jsonl");
    expect((await run(["simulate", "idle-hands/missions", "--games", "1", "--players", "3", "--log", log])).code).toBe(0);
    const all = lines(log);
    expect(all.length).toBeGreaterThan(6);

    const cut = join(folder, "cut.jsonl");
    write(cut, all.slice(0, 5));
    const r1 = await run(["replay", cut]);
    expect([r1.code, r1.err]).toEqual([1, `${cut}:5: error: the log ends before game 1 (header at line 1) is over: it was cut off after 4 moves\n`]);

    const edited = join(folder, "edited.jsonl");
    const move = JSON.parse(all[3]);
    write(edited, [...all.slice(0, 3), JSON.stringify({ ...move, events: move.events + 1 }), ...all.slice(4)]);
    const r2 = await run(["replay", edited]);
    expect(r2.code).toBe(1);
    expect(r2.err).toMatch(new RegExp(`^${edited.replace(/[.]/g, "\\.")}:4: error: diverges after move 3 \\(P\\d: .+\\): the game has \\d+ events \\(digest [0-9a-f]{8}\\), the log says \\d+`));

    const swapped = join(folder, "swapped.jsonl");
    write(swapped, [all[0], all[2], all[1], ...all.slice(3)]);
    expect((await run(["replay", swapped])).err).toBe(`${swapped}:2: error: move 2 comes where move 1 should\n`);

    const other = join(folder, "other.jsonl");
    const header = JSON.parse(all[0]);
    write(other, [JSON.stringify({ ...header, hash: "sha256:" + "0".repeat(64) }), ...all.slice(1)]);
    expect((await run(["replay", other])).err).toBe(`${other}:1: error: the rules idle-hands/missions are not the ones the log was written with (their content differs)\n`);

    const version = join(folder, "version.jsonl");
    write(version, [JSON.stringify({ ...header, program: "0.0.1" }), ...all.slice(1)]);
    expect((await run(["replay", version])).err).toMatch(/^.*:1: error: the log was written by houserules 0\.0\.1; this is \S+, which may play the rules differently\n$/);

    const garbage = join(folder, "garbage.jsonl");
    write(garbage, [all[0], "{not json", ...all.slice(1)]);
    expect((await run(["replay", garbage])).err).toBe(`${garbage}:2: error: not a line of a game log (not JSON)\n`);
  });

  it("refuses a log whose rule file changed since it was written", async () => {
    const folder = dir();
    const rules = join(folder, "missions.yaml");
    copyFileSync(resolveRules("idle-hands/missions")!, rules);
    const log = join(folder, "game.jsonl");
    expect((await run(["simulate", rules, "--games", "1", "--players", "3", "--log", log])).code).toBe(0);
    expect((await run(["replay", log, "--trust-log-paths"])).code).toBe(0);
    writeFileSync(rules, readFileSync(rules, "utf8") + "\n# edited\n");
    installNodeHost(); // as a new process would: what was read before is read again
    const r = await run(["replay", log, "--trust-log-paths"]);
    expect([r.code, r.err]).toEqual([1, `${log}:1: error: the rules ${rules} are not the ones the log was written with (their content differs)\n`]);
  });

  it("plays one game of a simulation again from its seed alone, as the simulation played it", async () => {
    const log = join(dir(), "sim.jsonl");
    await run(["simulate", "idiot", "--games", "6", "--players", "4", "--seed", "1", "--log", log]);
    const fifth = lines(log).map((l) => JSON.parse(l)).filter((l) => l.end === true)[5];
    const r = await run(["replay", "idiot", "--seed", "1:5", "--players", "4"]);
    expect(r.code).toBe(0);
    expect(r.out.split("\n")[0]).toBe("Idiot — 4 players (P1: sensible, P2: sensible, P3: sensible, P4: sensible), seed 1:5"); // simulate's default agent
    expect(r.out).toContain(`over after ${fifth.moves} moves: ${fifth.winners.join(", ")} won\n`);
  });

  it("refuses what it cannot replay as usage errors", async () => {
    expect((await run(["replay"])).code).toBe(2);
    expect((await run(["replay", "/nonexistent/log.jsonl"])).err.split("\n")[0]).toBe("houserules replay: no such file: /nonexistent/log.jsonl");
    expect((await run(["replay", "/dev/null"])).err.split("\n")[0]).toBe("houserules replay: /dev/null is not a regular file");
    expect((await run(["simulate", "idiot", "--games", "1", "--log", "/nonexistent/x.jsonl"])).err.split("\n")[0]).toBe("houserules simulate: --log /nonexistent/x.jsonl: there is no folder /nonexistent");
  });
});

describe("a log's size", () => {
  it("refuses a line longer than the limit at its number, without reading it whole", async () => {
    const { maxLogLineBytes } = await import("../src/cli/commands/replay.js");
    const log = join(dir(), "long.jsonl");
    const ok = join(dir(), "games.jsonl");
    expect((await run(["simulate", "idiot", "--games", "1", "--log", ok])).code).toBe(0);
    writeFileSync(log, lines(ok)[0] + "\n" + "x".repeat(maxLogLineBytes + 1) + "\n");
    const r = await run(["replay", log]);
    expect([r.code, r.err]).toEqual([1, `${log}:2: error: the line is longer than the limit of ${maxLogLineBytes.toLocaleString("en")} bytes: this is not a log houserules wrote\n`]);
    const crlf = join(dir(), "crlf.jsonl");
    writeFileSync(crlf, lines(ok).join("\r\n") + "\r\n");
    expect((await run(["replay", crlf])).code).toBe(0);
    expect((await run(["replay", ok])).code).toBe(0);
  });
});

describe("the rules a log names", () => {
  it("are found as the command line's are: a path outside the working folder is refused, unless the user trusts it", async () => {
    const folder = dir();
    const secrets = join(folder, "secrets.yaml");
    writeFileSync(secrets, "password: hunter2\n");
    const ok = join(folder, "games.jsonl");
    expect((await run(["simulate", "idiot", "--games", "1", "--log", ok])).code).toBe(0);
    const all = lines(ok);
    const log = join(folder, "hostile.jsonl");
    write(log, [JSON.stringify({ ...JSON.parse(all[0]), rules: [secrets] }), ...all.slice(1)]);
    const r = await run(["replay", log]);
    expect(r.code).toBe(1);
    expect(r.err).toContain(`${log}:1: error: the rules ${secrets} do not load: ${secrets}:1:1: error E_PATH: '${secrets}' is refused`);
    expect(r.err).toContain("pass --trust-log-paths to load the path the log names");
    expect(r.err).not.toContain("password");
    const trusted = await run(["replay", log, "--trust-log-paths"]);
    expect(trusted.err).toContain("unknown key 'password'");
  });
});

describe("cards whose names hold spaces", () => {
  it("a log written by simulate replays, whatever the names", async () => {
    const folder = dir();
    const rules = join(folder, "spaced.yaml");
    const { tinyRules } = await import("./helpers/rules.js");
    writeFileSync(rules, tinyRules("", { "    - deck: standard52\n      into: stock\n": "    - each: {kind: [dark knight, pale rider, dark, old grey king]}\n      copies: 3\n      name: \"{kind}\"\n      into: stock\n" }));
    const log = join(folder, "spaced.jsonl");
    const sim = await run(["simulate", rules, "--games", "3", "--log", log]);
    expect([sim.code, sim.err.split("\n").filter((l) => l.includes("error"))]).toEqual([0, []]);
    expect(readFileSync(log, "utf8")).toMatch(/dark knight|pale rider|old grey king/);
    const r = await run(["replay", log, "--trust-log-paths"]);
    expect([r.code, r.err]).toEqual([0, ""]);
  });
});
