// Chains a rule file can make while loading (fragments extending fragments, rule folders linking to themselves,
// definitions using definitions) are bounded: each is refused where it passes its limit, or read once, at once.
import { describe, expect, it } from "vitest";
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadRules } from "../src/interpreter/load/load.js";
import { formatDiagnostic } from "../src/interpreter/diagnostics.js";
import { maxDefineDepth, maxExtendsDepth } from "../src/interpreter/limits.js";
import { errorsOf, tinyRules } from "./helpers/rules.js";
import { run } from "./helpers/cli.js";

const errors = (r: ReturnType<typeof loadRules>) => r.diagnostics.filter((d) => d.severity === "error").map(formatDiagnostic);

/** A base and `n` fragments, each extending the one before: returns the path of the last. */
function chain(n: number): string {
  const dir = mkdtempSync(join(tmpdir(), "houserules-chain-"));
  writeFileSync(join(dir, "f0.yaml"), tinyRules());
  for (let i = 1; i <= n; i++) writeFileSync(join(dir, `f${i}.yaml`), `name: F${i}\nextends: ./f${i - 1}.yaml\n`);
  return join(dir, `f${n}.yaml`);
}

describe("extends chains", () => {
  it("loads a chain within the limit", () => {
    const r = loadRules(chain(maxExtendsDepth));
    expect(errors(r)).toEqual([]);
    expect(r.game).not.toBe(null);
  });

  it("refuses a chain 2,000 deep at once, at the extends that passes the limit", () => {
    const start = Date.now();
    const r = loadRules(chain(2_000));
    expect(Date.now() - start).toBeLessThan(10_000);
    expect(r.game).toBe(null);
    const e = errors(r);
    expect(e).toHaveLength(1);
    expect(e[0]).toMatch(new RegExp(`f${2_000 - maxExtendsDepth}\\.yaml:2:10: error E_EXTENDS_DEPTH: more than 64 fragments extend one another`));
  });
});

describe("a chain of 20,000 fragments in one folder", () => {
  it("is refused by check at the depth limit in under 2 s: the folder is listed once, not once per link", async () => {
    const last = chain(20_000);
    const start = Date.now();
    const r = await run(["check", last]);
    expect(Date.now() - start).toBeLessThan(2_000);
    expect(r.code).toBe(1);
    expect(r.out + r.err).toMatch(new RegExp(`f${20_000 - maxExtendsDepth}\\.yaml:2:10: error E_EXTENDS_DEPTH: more than 64 fragments extend one another`));
  });
});

describe("rule folders with links", () => {
  it("walks each folder once by its real path: three links to the folder itself are not 3^17 folders", async () => {
    const dir = mkdtempSync(join(tmpdir(), "houserules-links-"));
    mkdirSync(join(dir, "mine"));
    writeFileSync(join(dir, "mine", "tiny-links.yaml"), tinyRules());
    for (const name of ["a", "b", "c"]) symlinkSync(".", join(dir, name));
    symlinkSync("..", join(dir, "mine", "up"));
    const start = Date.now();
    const r = await run(["check", "mine/tiny-links", "--rules", dir]);
    expect(Date.now() - start).toBeLessThan(10_000);
    expect(r.err).toBe("");
    expect(r.code).toBe(0);
    const idiot = await run(["check", "idiot", "--rules", dir]);
    expect(idiot.code).toBe(0);
  });
});

describe("every reading of a rule file has the loader's limits", () => {
  it("refuses a file of 150,000 keys in one map at once in check, explain and compose", async () => {
    const dir = mkdtempSync(join(tmpdir(), "houserules-keys-"));
    writeFileSync(join(dir, "wide.yaml"), `name: Wide\nextends: idiot\nx:\n${Array.from({ length: 150_000 }, (_, i) => `  k${i}: 1\n`).join("")}`);
    const start = Date.now();
    for (const command of ["check", "explain", "compose"]) {
      const r = await run([command, join(dir, "wide.yaml")]);
      expect(r.code, command).not.toBe(0);
      expect(r.err + r.out, command).toContain("E_YAML_SIZE");
    }
    expect(Date.now() - start).toBeLessThan(10_000);
  });
});

describe("definitions using definitions", () => {
  const defining = (n: number) => tinyRules(`define:\n  d0: 1\n${Array.from({ length: n }, (_, i) => `  d${i + 1}: d${i} + 1\n`).join("")}`, { "end: players.all(p => p.hand.empty)": `end: players.all(p => p.hand.empty) or d${n} < 0` });

  it("loads a chain within the limit", () => {
    expect(errorsOf(defining(maxDefineDepth - 1))).toEqual([]);
  });

  it("refuses a chain of 1,000 at the definition that passes the limit, not as an internal error", () => {
    const e = errorsOf(defining(1_000));
    expect(e).toHaveLength(1);
    expect(e[0]).toMatch(/^t\.yaml:960:9: error E_EXPR_DEPTH: 'd936' is used through more than 64 definitions each using the next \(d1000 → d999 → … → d937\): join some of them into one$/);
  });
});
