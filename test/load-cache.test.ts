// The loader's caches follow edits: each edit installs a new host (as the playground does), a changed base is
// read again and the fragments built on it are checked against the new text, and a file whose text did not
// change is not parsed again.
import { afterEach, describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { installHost } from "../src/interpreter/load/host.js";
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
