// The package works outside its clone: packed as npm would publish it, installed globally into a temporary
// folder, it checks and simulates a rule file of the user's, and finds its own shipped rules.
import { describe, expect, it } from "vitest";
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
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
    expect(files.some((f) => f.startsWith("test/") || f.startsWith("src/"))).toBe(false);
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
  });
});
