// docs/api.md is a promise: every JavaScript example in it runs, as written, against the built package entry
// points ("houserules" and "houserules/testing" resolved to dist/), and fails the test when an assertion fails.
import { describe, expect, it } from "vitest";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { spawnSync } from "node:child_process";
import { pathToFileURL } from "node:url";

const examples = [...readFileSync("docs/api.md", "utf8").matchAll(/```js\n([\s\S]*?)```/g)].map((m) => m[1]);
const entry = (name: string) => pathToFileURL(resolve("dist/src/api", `${name}.js`)).href;

describe("docs/api.md", () => {
  it("has an example for each part of the API", () => {
    const all = examples.join("\n");
    for (const name of ["loadRules", "loadRulesText", "load", "check", "start", "play", "view", "snapshot", "playOut", "runScenarioText", "simulate", "compare", "trace", "checkTrace", "explain", "compose", "cards", "expectChecksClean", "expectGamesFinish"]) {
      expect(all, name).toMatch(new RegExp(`\\b${name}\\(`));
    }
  });

  it("runs every example as written", { timeout: 120_000 }, () => {
    expect(examples.length).toBeGreaterThanOrEqual(6);
    const dir = mkdtempSync(join(tmpdir(), "houserules-api-docs-"));
    examples.forEach((code, i) => {
      const file = join(dir, `example-${i + 1}.mjs`);
      writeFileSync(file, code.replace(/from "houserules"/g, `from "${entry("index")}"`).replace(/from "houserules\/testing"/g, `from "${entry("testing")}"`));
      const r = spawnSync(process.execPath, [file], { encoding: "utf8", cwd: process.cwd() });
      expect(`${r.stderr}`, `example ${i + 1}:\n${code}`).toBe("");
      expect(r.status, `example ${i + 1}`).toBe(0);
    });
  });
});
