// The package works outside its clone: packed as npm would publish it, installed globally into a temporary
// folder, it checks and simulates a rule file of the user's, and finds its own shipped rules.
import { describe, expect, it } from "vitest";
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { tinyRules } from "./helpers/rules.js";

const npm = process.platform === "win32" ? "npm.cmd" : "npm";

describe("npm pack, then npm install -g of the tarball", () => {
  it("gives a houserules command that checks and simulates a rule file anywhere", { timeout: 240_000 }, () => {
    const dir = mkdtempSync(join(tmpdir(), "houserules-install-"));
    // dist/ is built by the test setup; packing builds it too when run without --ignore-scripts
    const packed = JSON.parse(execFileSync(npm, ["pack", "--ignore-scripts", "--json", "--pack-destination", dir], { encoding: "utf8" }));
    const files: string[] = packed[0].files.map((f: { path: string }) => f.path);
    expect(files).toContain("dist/src/cli/main.js");
    expect(files).toContain("rules/idiot/idiot.yaml");
    expect(files.some((f) => (f.startsWith("test/") && !f.startsWith("test/scenarios/")) || f.startsWith("src/"))).toBe(false);
    // the games' scenarios ship, to be run and copied; the page's screenshots and generated reports do not
    expect(files).toContain("test/scenarios/idiot/blind.scenario.yaml");
    expect(files.filter((f) => f.startsWith("docs/images/") || f.endsWith(".html") && f.startsWith("docs/sweeps/"))).toEqual([]);
    const prefix = join(dir, "global");
    execFileSync(npm, ["install", "-g", "--prefix", prefix, join(dir, packed[0].filename), "--prefer-offline", "--no-audit", "--no-fund"], { encoding: "utf8", stdio: "pipe" });
    const work = join(dir, "work");
    execFileSync("mkdir", [work]);
    writeFileSync(join(work, "mine.yaml"), tinyRules());
    const houserules = (...args: string[]) => spawnSync(join(prefix, "bin", "houserules"), args, { cwd: work, encoding: "utf8", env: { ...process.env, HOUSERULES_PATH: "" } });
    const checked = houserules("check", "./mine.yaml");
    expect(checked.stdout).toBe("./mine.yaml: ok (0 errors, 0 warnings, 0 notices)\n");
    expect(checked.status).toBe(0);
    const simulated = houserules("simulate", "./mine.yaml", "--games", "10", "--workers", "2", "--json");
    expect(simulated.status).toBe(0);
    expect(JSON.parse(simulated.stdout).finished).toBe(10);
    expect(houserules("check", "idiot", "--quiet").stdout).toBe("idiot: ok (0 errors, 0 warnings, 0 notices)\n");
    // the server, the queue and the language server are not installed with the package: their commands say what to install
    expect(houserules("serve", "--help").status).toBe(0);
    const serve = houserules("serve", "--port", "0");
    expect({ status: serve.status, err: serve.stderr }).toEqual({ status: 1, err: "houserules serve: houserules serve needs fastify, @fastify/websocket, @fastify/rate-limit, which are not installed with houserules (a library install leaves them out): npm install fastify@5.12.8 @fastify/websocket@11.3.7 @fastify/rate-limit@11.2.0\n" });
    const scenarios = houserules("test", join(prefix, "lib", "node_modules", "houserules", "test", "scenarios", "idiot"));
    expect(scenarios.status, scenarios.stdout + scenarios.stderr).toBe(0);
  });

  it("is a typed library: a project of its own imports houserules and houserules/testing, type-checks strictly and passes its vitest suite", { timeout: 300_000 }, () => {
    const dir = mkdtempSync(join(tmpdir(), "houserules-library-"));
    const packed = JSON.parse(execFileSync(npm, ["pack", "--ignore-scripts", "--json", "--pack-destination", dir], { encoding: "utf8" }));
    const files: string[] = packed[0].files.map((f: { path: string }) => f.path);
    expect(files).toEqual(expect.arrayContaining(["dist/src/api/index.js", "dist/src/api/index.d.ts", "dist/src/api/testing.d.ts", "docs/api.md"]));
    const project = join(dir, "project");
    execFileSync("mkdir", ["-p", join(project, "rules"), join(project, "tests")]);
    writeFileSync(join(project, "package.json"), JSON.stringify({ name: "my-house-rules", private: true, type: "module" }));
    // the same versions as this clone's, which npm's cache holds
    const versions = ["vitest", "typescript", "@types/node"].map((p) => `${p}@${JSON.parse(readFileSync(join("node_modules", p, "package.json"), "utf8")).version}`);
    const installed = spawnSync(npm, ["install", join(dir, packed[0].filename), ...versions, "--prefer-offline", "--no-audit", "--no-fund"], { cwd: project, encoding: "utf8" });
    expect(installed.status, installed.stderr).toBe(0);
    // engines says Node 20: nothing installed with the package asks for a newer one
    expect(installed.stderr).not.toContain("EBADENGINE");
    // a project that tests its rules installs no web server, queue client, chart library or language server
    for (const heavy of ["fastify", "@fastify/websocket", "bullmq", "ioredis", "chart.js", "vscode-languageserver"]) expect(existsSync(join(project, "node_modules", heavy)), heavy).toBe(false);
    writeFileSync(join(project, "rules", "mine.yaml"), tinyRules());
    writeFileSync(join(project, "tests", "ready.scenario.yaml"), "name: both get ready\nrules: idiot\nplayers: [Ann, Bob]\nseed: 7\nmoves:\n  - Ann: ready\n  - Bob: ready\n  - expect: {phase: play}\n");
    writeFileSync(join(project, "tsconfig.json"), JSON.stringify({ compilerOptions: { strict: true, noEmit: true, module: "NodeNext", moduleResolution: "NodeNext", target: "ES2022", types: ["node"], skipLibCheck: false } , include: ["*.test.ts"] }));
    writeFileSync(join(project, "rules.test.ts"), `import { describe, expect, it } from "vitest";
import { loadRules, load, simulate, trace, checkTrace, type NamedView, type Summary, type Diagnostic, type TraceCheck } from "houserules";
import { expectChecksClean, expectGamesFinish, scenarioTests } from "houserules/testing";

describe("my rules", () => {
  it("load, start and play by name", () => {
    const game = loadRules("./rules/mine.yaml").start({ players: ["Ann", "Bob"], seed: 3 });
    const first = game.moves()[0];
    expect(first.action).toBe("play");
    expect(game.play(first).ok).toBe(true);
    const view: NamedView = game.view("Bob");
    expect(view.zones["Ann.hand"].cards.every((c: string | null) => c === null)).toBe(true);
    const problems: Diagnostic[] = load("./rules/nothere.yaml").diagnostics;
    expect(problems[0].code).toBe("E_RULES");
  });
  it("check clean and finish", () => {
    expectChecksClean("./rules/mine.yaml");
    expect(expectGamesFinish("./rules/mine.yaml", { games: 5 }).games).toBe(5);
  });
  it("simulate", async () => {
    const s: Summary = await simulate("./rules/mine.yaml", { games: 10 });
    expect(s.finished).toBe(10);
  });
  it("trace", () => {
    const checked: TraceCheck = checkTrace(trace("./rules/mine.yaml", { seed: 2 }));
    expect(checked.ok).toBe(true);
  });
});
describe("scenarios", () => {
  scenarioTests("tests", it);
});
`);
    const bin = (name: string) => join(project, "node_modules", ".bin", name);
    const typed = spawnSync(bin("tsc"), ["-p", "."], { cwd: project, encoding: "utf8" });
    expect(typed.stdout + typed.stderr).toBe("");
    expect(typed.status).toBe(0);
    const tested = spawnSync(bin("vitest"), ["run", "--reporter=verbose"], { cwd: project, encoding: "utf8", env: { ...process.env, HOUSERULES_PATH: "" } });
    expect(tested.status, tested.stdout + tested.stderr).toBe(0);
    expect(tested.stdout).toMatch(/Tests .*5 passed/);
    expect(tested.stdout).toContain("ready.scenario.yaml");
    // from CommonJS, by import() (the package is ES modules with a top-level await, which require() cannot load)
    const imported = spawnSync(process.execPath, ["-e", "import('houserules').then((h) => process.stdout.write(h.loadRules('idiot').name))"], { cwd: project, encoding: "utf8" });
    expect(imported.stdout).toBe("Idiot");
  });
});
