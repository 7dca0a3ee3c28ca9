// Where the houserules package is on the disk, found from this module's own place (works from src/ and dist/).
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

let root: string | undefined;

/** The folder holding package.json and rules/. */
export function packageRoot(): string {
  if (root) return root;
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (existsSync(join(dir, "package.json")) && existsSync(join(dir, "rules"))) return (root = dir);
    const up = dirname(dir);
    if (up === dir) throw new Error("cannot find the houserules package folder");
    dir = up;
  }
}

let version: string | undefined;

/** The package's version, as its package.json says. */
export function programVersion(): string {
  return (version ??= String((JSON.parse(readFileSync(join(packageRoot(), "package.json"), "utf8")) as { version: string }).version));
}
