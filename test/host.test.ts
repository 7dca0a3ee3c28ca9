// Loading reaches files only through the installed host. The disk's host reads only regular .yaml files of a
// bounded size, and a rule file reaches only rule files beside it or under the rule folders.
import { afterEach, describe, expect, it } from "vitest";
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { basename, dirname, isInside, join as pjoin, normalize, relative, resolve } from "../src/interpreter/load/paths.js";
import { installHost } from "../src/interpreter/load/host.js";
import { installNodeHost, readRuleFile } from "../src/node/host.js";
import { compileRulesText, loadRules } from "../src/interpreter/load/load.js";
import { formatDiagnostic } from "../src/interpreter/diagnostics.js";
import { memoryHost } from "./helpers/memory-host.js";
import { runBin } from "./helpers/cli.js";
import { tinyRules } from "./helpers/rules.js";

function folder(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), "houserules-host-"));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  return dir;
}

const errors = (ref: string) => loadRules(ref).diagnostics.filter((d) => d.severity === "error").map(formatDiagnostic);

describe("posix paths without node:path", () => {
  it("normalizes, joins, resolves and relates paths", () => {
    expect(normalize("/a//b/./c/../d/")).toBe("/a/b/d");
    expect(normalize("/../x")).toBe("/x");
    expect(normalize("a/../../b")).toBe("../b");
    expect(pjoin("/rules", "idiot", "idiot.yaml")).toBe("/rules/idiot/idiot.yaml");
    expect(resolve("/w/games", "../base.yaml")).toBe("/w/base.yaml");
    expect(resolve("/w/games", "/etc/passwd")).toBe("/etc/passwd");
    expect(dirname("/a/b.yaml")).toBe("/a");
    expect(dirname("/a")).toBe("/");
    expect(basename("/a/b.yaml")).toBe("b.yaml");
    expect(relative("/w", "/w/x/y.yaml")).toBe("x/y.yaml");
    expect(relative("/w/x", "/w/y")).toBe("../y");
    expect(relative("/w", "/w")).toBe("");
    expect(isInside("/w/x/y.yaml", "/w")).toBe(true);
    expect(isInside("/w", "/w")).toBe(true);
    expect(isInside("/wx/y.yaml", "/w")).toBe(false);
    expect(isInside("/w/..x/y.yaml", "/w")).toBe(true);
    expect(isInside("/etc/passwd", "/w")).toBe(false);
  });
});

describe("a host in memory", () => {
  afterEach(() => installNodeHost());

  it("loads a base and a fragment, and a new installation reads the files again", () => {
    const files: Record<string, string> = {
      "/rules/tiny/tiny.yaml": tinyRules(),
      "/work/mine.yaml": "extends: tiny\nname: Mine\nconstants:\n  extra: 3\n",
    };
    installHost(memoryHost(files));
    expect(loadRules("./mine.yaml").game?.name).toBe("Tiny + Mine");
    expect(loadRules("tiny").game?.name).toBe("Tiny");
    files["/work/mine.yaml"] = "extends: tiny\nname: Changed\n";
    installHost(memoryHost(files));
    expect(loadRules("./mine.yaml").game?.name).toBe("Tiny + Changed");
  });

  it("refuses, at the reference, what a rule file may not reach, and reaches what is under the working folder", () => {
    installHost(memoryHost({ "/rules/tiny/tiny.yaml": tinyRules(), "/work/games/a.yaml": "extends: ../b.yaml\n", "/work/b.yaml": tinyRules(), "/work/games/out.yaml": "extends: ../../elsewhere/c.yaml\n", "/elsewhere/c.yaml": tinyRules() }));
    expect(errors("./games/a.yaml")).toEqual([]); // rules/ beside tests/ in the user's project
    expect(errors("./games/out.yaml")).toEqual([
      "games/out.yaml:1:10: error E_PATH: '../../elsewhere/c.yaml' is refused: a file names only rule files beside it (under games), under the working folder (/work) or under the rule folders: add its folder with --rules DIR or HOUSERULES_PATH, and name it by its id",
    ]);
  });
});

describe("the disk's host", () => {
  it("reads a regular .yaml file, and refuses folders, other names, oversized files and bytes that are not UTF-8", () => {
    const dir = folder({ "a.yaml": "name: A\n", "big.yaml": "x".repeat(101), "bad.yaml": "name: \xff\n", "notes.txt": "secret\n" });
    writeFileSync(join(dir, "bad.yaml"), Buffer.from([0x6e, 0x3a, 0x20, 0xff, 0xfe, 0x0a]));
    symlinkSync(join(dir, "notes.txt"), join(dir, "link.yaml"));
    mkdirSync(join(dir, "f.yaml"));
    expect(readRuleFile(join(dir, "a.yaml"), 100)).toEqual({ text: "name: A\n" });
    expect(readRuleFile(join(dir, "big.yaml"), 100)).toEqual({ error: "refused: 101 bytes is larger than the limit of 100 bytes", tooLarge: true });
    expect(readRuleFile(join(dir, "bad.yaml"), 100)).toEqual({ error: "refused: not UTF-8 text" });
    expect(readRuleFile(join(dir, "notes.txt"), 100)).toMatchObject({ error: expect.stringContaining("which is not a .yaml file") });
    expect(readRuleFile(join(dir, "link.yaml"), 100)).toMatchObject({ error: expect.stringContaining("which is not a .yaml file") });
    expect(readRuleFile(join(dir, "f.yaml"), 100)).toEqual({ error: "it is a folder, not a file" });
    expect(readRuleFile(join(dir, "none.yaml"), 100)).toEqual({ error: "no such file" });
  });

  it("refuses devices and pipes without reading from them", () => {
    const dir = folder({});
    symlinkSync("/dev/zero", join(dir, "zero.yaml"));
    execFileSync("mkfifo", [join(dir, "fifo.yaml")]);
    expect(readRuleFile(join(dir, "zero.yaml"), 100)).toMatchObject({ error: expect.stringContaining("/dev/zero, which is not a .yaml file") });
    expect(readRuleFile(join(dir, "fifo.yaml"), 100)).toEqual({ error: "refused: not a regular file (a device, pipe or socket)" });
  });
});

describe("what a rule file may name", () => {
  const tiny = tinyRules();

  it("names /etc/passwd, /dev/stdin and /dev/zero only to be refused at the reference, printing nothing of them", () => {
    const dir = folder({
      "passwd.yaml": "extends: /etc/passwd\nname: P\n",
      "stdin.yaml": "extends: /dev/stdin\nname: S\n",
      "zero.yaml": tiny.replace("name: Tiny\n", "name: Tiny\ninclude: [/dev/zero]\n"),
      "pipe.yaml": "extends: ./fifo.yaml\nname: F\n",
    });
    execFileSync("mkfifo", [join(dir, "fifo.yaml")]);
    const r = runBin(["check", ...["passwd", "stdin", "zero", "pipe"].map((f) => join(dir, `${f}.yaml`))], undefined, 30_000);
    expect(r.code).toBe(1);
    expect(r.out).not.toMatch(/root:/);
    expect(r.out).toContain(`${join(dir, "passwd.yaml")}:1:10: error E_PATH: '/etc/passwd' is refused: a rule file names only rule files (.yaml)\n  extends: /etc/passwd\n           ^^^^^^^^^^^\n`);
    expect(r.out).toContain(`${join(dir, "stdin.yaml")}:1:10: error E_PATH: '/dev/stdin' is refused: a rule file names only rule files (.yaml)`);
    expect(r.out).toContain(`${join(dir, "zero.yaml")}:2:11: error E_PATH: '/dev/zero' is refused: a rule file names only rule files (.yaml)`);
    expect(r.out).toContain(`${join(dir, "pipe.yaml")}:1:10: error E_FILE: cannot read ${join(dir, "fifo.yaml")}: refused: not a regular file (a device, pipe or socket)`);
  });

  it("reaches a .yaml file beside it or below, and refuses one above or elsewhere", () => {
    const dir = folder({ "base.yaml": tiny, "v/up.yaml": "extends: ../base.yaml\nname: Up\n", "down.yaml": "extends: ./v/b.yaml\nname: Down\n", "v/b.yaml": tiny, "abs.yaml": `extends: ${join(dir0(), "x.yaml")}\nname: A\n` });
    expect(loadRules(join(dir, "down.yaml")).game?.name).toBe("Tiny + Down");
    expect(errors(join(dir, "v/up.yaml"))).toEqual([
      `${join(dir, "v/up.yaml")}:1:10: error E_PATH: '../base.yaml' is refused: a file names only rule files beside it (under ${join(dir, "v")}), under the working folder (${process.cwd()}) or under the rule folders: add its folder with --rules DIR or HOUSERULES_PATH, and name it by its id`,
    ]);
    expect(errors(join(dir, "abs.yaml"))[0]).toContain("error E_PATH");
  });

  it("reaches shipped rules by id, and text compiled from memory reaches files beside its place", () => {
    const dir = folder({ "base.yaml": tiny });
    expect(compileRulesText("extends: idiot\nname: Mine\n", "mine.yaml", "mine", dir).game?.name).toBe("Idiot + Mine");
    expect(compileRulesText("extends: ./base.yaml\nname: Mine\n", "mine.yaml", "mine", dir).game?.name).toBe("Tiny + Mine");
  });
});

describe("the loader", () => {
  it("uses no node: module (schema.ts's createRequire aside), so that it runs in a browser", () => {
    const dir = "src/interpreter/load";
    for (const name of readdirSync(dir).filter((n) => n !== "schema.ts")) {
      expect(readFileSync(join(dir, name), "utf8"), name).not.toMatch(/from "node:/);
    }
  });
});

let other: string | undefined;
function dir0(): string {
  return (other ??= folder({ "x.yaml": tinyRules() }));
}
