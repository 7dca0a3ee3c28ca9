// The loader's caches follow edits: each edit installs a new host (as the playground does), a changed base is
// read again and the fragments built on it are checked against the new text, and a file whose text did not
// change is not parsed again.
import { afterEach, describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { filesChanged, installHost } from "../src/interpreter/load/host.js";
import { loadRules } from "../src/interpreter/load/load.js";
import { compileSchema } from "../src/interpreter/load/schema-compile.js";
import { MemoryHost } from "../src/editor/rules/memory-host.js";
import { installNodeHost } from "../src/node/host.js";
import { checkRules } from "../src/interpreter/load/check.js";
import { memoryHost } from "./helpers/memory-host.js";

const idiot = readFileSync("rules/idiot/idiot.yaml", "utf8");
const variant = "name: Quick Idiot\nextends: ./base.yaml\nreplaces: [define.fourOnTop]\ndefine:\n  fourOnTop: pile.count >= 3\n";

function edit(base: string): void {
  installHost(memoryHost({ "/work/base.yaml": base, "/work/variant.yaml": variant, "/rules/idiot/idiot.yaml": idiot }));
}

afterEach(() => installNodeHost());

describe("the loader's caches", () => {
  it("keep, when files change in place (the playground's host), what was made from the files that did not change", () => {
    const quick = variant.replace("./base.yaml", "idiot");
    const host = new MemoryHost([["/rules/idiot/idiot.yaml", idiot], ["/work/variant.yaml", quick], ["/work/other.yaml", "name: Other\nextends: idiot\n"]], ["/rules"], (_n, schema) => compileSchema(schema), "/work");
    installHost(host);
    const first = loadRules("variant.yaml");
    expect(first.game).not.toBeNull();
    expect(loadRules("later.yaml").diagnostics.map((d) => d.code)).toEqual(["E_RULES"]);

    // another file changes: the variant is the game compiled before, not compiled again
    expect(host.set("/work/other.yaml", "name: Other, changed\nextends: idiot\n")).toBe("text");
    filesChanged(["/work/other.yaml"], false);
    expect(loadRules("variant.yaml")).toBe(first);

    // the base it extends changes: compiled again, from the new text
    expect(host.set("/rules/idiot/idiot.yaml", idiot.replace("\n  pile: {", "\n  heap: {"))).toBe("text");
    filesChanged(["/rules/idiot/idiot.yaml"], false);
    const broken = loadRules("variant.yaml");
    expect(broken.game).toBeNull();
    expect(broken.diagnostics.some((d) => d.file === "variant.yaml" && d.message === "unknown name 'pile'")).toBe(true);
    host.set("/rules/idiot/idiot.yaml", idiot);
    filesChanged(["/rules/idiot/idiot.yaml"], false);
    expect(loadRules("variant.yaml").game).not.toBeNull();

    // a file added is found (the rules that did not find it are loaded again), and a file removed is gone
    expect(host.set("/work/later.yaml", "name: Later\nextends: ./other.yaml\n")).toBe("listed");
    filesChanged(["/work/later.yaml"], true);
    expect(loadRules("later.yaml").diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    expect(host.set("/work/later.yaml", null)).toBe("listed");
    filesChanged(["/work/later.yaml"], true);
    expect(loadRules("later.yaml").diagnostics.map((d) => d.code)).toEqual(["E_RULES"]);
    expect(host.listFolder("/work").map((e) => e.name)).toEqual(["other.yaml", "variant.yaml"]);
  });

  it("check a fragment again when its base changes, and reuse what did not change", () => {
    edit(idiot);
    const first = checkRules("variant.yaml");
    expect(first.diagnostics.filter((d) => d.severity === "error")).toEqual([]);

    // the base's zone pile renamed: the fragment's pile.count no longer names anything
    edit(idiot.replace("\n  pile: {", "\n  heap: {"));
    const broken = checkRules("variant.yaml");
    const inVariant = broken.diagnostics.filter((d) => d.file === "variant.yaml" && d.severity === "error");
    // (a definition used in two places reports its problem once for each use)
    expect([...new Set(inVariant.map((d) => `${d.line}:${d.col}: ${d.message}`))]).toEqual(["5:14: unknown name 'pile'"]);
    expect(broken.sources.get("base.yaml")).not.toBe(first.sources.get("base.yaml"));
    // the fragment itself did not change: its parsed file is the same one
    expect(broken.sources.get("variant.yaml")).toBe(first.sources.get("variant.yaml"));

    edit(idiot);
    const again = checkRules("variant.yaml");
    expect(again.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    expect(again.sources.get("base.yaml")).toBe(first.sources.get("base.yaml"));
  });

  it("give a file its catalogue id whatever id it was first asked by", async () => {
    const { catalog, entry } = await import("../src/interpreter/load/catalog.js");
    const card = "name: Card\nextends: idiot\n";
    const files = { "/rules/idiot/idiot.yaml": idiot, "/rules/idiot/card.yaml": card };
    installHost(memoryHost(files));
    const fresh = catalog().find((e) => e.name === "Card")!.id;
    expect(fresh).toBe("idiot/card");
    installHost(memoryHost(files));
    expect(entry("/rules/idiot/card.yaml")?.id).toBe("/rules/idiot/card.yaml"); // asked by its path first
    expect(catalog().find((e) => e.name === "Card")!.id).toBe(fresh);
  });
});
