// Where the houserules package is on the disk, found from this module's own place (works from src/ and dist/).
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
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

/** Where a build writes the hash of the sources it was made from (npm run build). */
export const buildFile = (): string => join(packageRoot(), "dist", "build.json");

/** sha256 over the sources that play games (src/ but the page's src/editor/, and grammar/), by path and content. */
export function sourceHash(root = packageRoot()): string {
  const files: string[] = [];
  const walk = (dir: string, depth: number) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, e.name);
      if (e.isDirectory() && depth < 8 && path !== join(root, "src", "editor")) walk(path, depth + 1);
      else if (e.isFile()) files.push(relative(root, path));
    }
  };
  for (const top of ["src", "grammar"]) if (existsSync(join(root, top))) walk(join(root, top), 0);
  const h = createHash("sha256");
  for (const f of files.sort()) h.update(f).update("\0").update(readFileSync(join(root, f))).update("\0");
  return `sha256:${h.digest("hex").slice(0, 16)}`;
}

let build: string | undefined;

/**
 * The hash of the sources this program was built from: two installations of one version built from different
 * code differ here, so that machines that must play the same games can check they run the same program, not only
 * the same version number. Read from the build's dist/build.json, or computed when running from the sources.
 */
export function programBuild(): string {
  if (build) return build;
  if (!import.meta.url.endsWith(".ts") && existsSync(buildFile())) {
    const written = (JSON.parse(readFileSync(buildFile(), "utf8")) as { source?: unknown }).source;
    if (typeof written === "string") return (build = written);
  }
  return (build = sourceHash());
}
