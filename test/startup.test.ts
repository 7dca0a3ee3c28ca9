// What a process loads before its first game: the command line and a simulator's worker thread, as they run
// (the compiled bin and worker), with every module they load recorded by a load hook (the
// bundle's place is only resolved, never loaded, from the package's entry).
import { describe, expect, it } from "vitest";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

const dir = mkdtempSync(join(tmpdir(), "houserules-startup-"));
const hook = join(dir, "hook.mjs");
writeFileSync(hook, `import { appendFileSync } from "node:fs";
export async function load(url, context, next) {
  appendFileSync(process.env.HOUSERULES_IMPORTS, url + "\\n");
  return next(url, context);
}`);
const register = join(dir, "register.mjs");
writeFileSync(register, `import { register } from "node:module";\nregister(${JSON.stringify(pathToFileURL(hook).href)});\n`);

/** Runs node with the arguments and returns the URL of every module loaded, and what it printed. */
function imports(args: string[]): { urls: string[]; out: string; status: number | null } {
  const log = join(dir, `imports-${Math.random().toString(36).slice(2)}.txt`);
  writeFileSync(log, "");
  const r = spawnSync(process.execPath, ["--import", pathToFileURL(register).href, ...args], { encoding: "utf8", env: { ...process.env, HOUSERULES_IMPORTS: log } });
  return { urls: [...new Set(readFileSync(log, "utf8").split("\n").filter(Boolean))], out: r.stdout + r.stderr, status: r.status };
}

const packages = (urls: string[]) => [...new Set(urls.flatMap((u) => /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(u)?.[1] ?? []))].sort();
const chevrotainTree = (urls: string[]) => urls.filter((u) => /node_modules\/(chevrotain\/lib\/src\/|@chevrotain\/|lodash-es\/)/.test(u));
/** ajv's compiler (its entry imports it all); the validators the build compiled ahead need only its small runtime helpers. */
const ajvCompiler = (urls: string[]) => urls.filter((u) => /node_modules\/ajv\/dist\/(ajv|core|compile\/)/.test(u));

describe("the command line's start", () => {
  it("prints its help without loading a command, the loader or any package", () => {
    const r = imports(["bin/houserules.js", "--help"]);
    expect(r.status).toBe(0);
    expect(r.out).toContain("Usage: houserules <command>");
    expect(packages(r.urls)).toEqual([]);
    expect(r.urls.filter((u) => /\/dist\/(grammar\/|src\/cli\/commands\/|src\/interpreter\/(load\/load|lang\/|engine\/|js\/))/.test(u))).toEqual([]);
    expect(r.urls.length).toBeLessThan(15);
  });

  it("takes chevrotain from its single-file bundle, not from its tree of modules, and imports no schema compiler", () => {
    const r = imports(["bin/houserules.js", "simulate", "idiot", "--games", "2", "--json"]);
    expect(r.status).toBe(0);
    expect(JSON.parse(r.out).finished).toBe(2);
    expect(r.urls).toContain(new URL("../chevrotain.mjs", import.meta.resolve("chevrotain")).href);
    expect(chevrotainTree(r.urls)).toEqual([]);
    expect(ajvCompiler(r.urls)).toEqual([]);
  });
});

describe("a simulator worker's start", () => {
  it("takes chevrotain from its single-file bundle too, and imports no schema compiler", () => {
    const worker = pathToFileURL(resolve("dist/src/sim/worker.js")).href;
    const r = imports(["--input-type=module", "-e", `const { default: play } = await import(${JSON.stringify(worker)}); console.log(typeof play);`]);
    expect(r.out.trim()).toBe("function");
    expect(r.urls).toContain(worker);
    expect(r.urls.some((u) => u.endsWith("/dist/grammar/parser.js"))).toBe(true);
    expect(chevrotainTree(r.urls)).toEqual([]);
    expect(ajvCompiler(r.urls)).toEqual([]);
  });
});
