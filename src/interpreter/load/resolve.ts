// Rules ids. A rules id is a rule file's path under rules/ without `.yaml`; where a file is named like its
// folder (rules/<game>/<game>.yaml) the folder alone (<game>) is its id. A path (starting with ./, ../ or /) is
// accepted wherever an id is.
import { existsSync, readdirSync, statSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";

let root: string | undefined;

/** The folder holding package.json, found from this module's own place (works from src/ and from dist/). */
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

export function rulesFolder(): string {
  return join(packageRoot(), "rules");
}

export function isPath(ref: string): boolean {
  return ref.startsWith("./") || ref.startsWith("../") || ref.startsWith("/") || ref.endsWith(".yaml");
}

/** The file a rules id or path names, or undefined. Paths are taken relative to `base` (a folder). */
export function resolveRules(ref: string, base = process.cwd()): string | undefined {
  if (isPath(ref)) {
    const file = resolve(base, ref);
    return existsSync(file) && statSync(file).isFile() ? file : undefined;
  }
  if (!/^[a-z0-9][a-z0-9/_-]*$/i.test(ref) || ref.includes("..")) return undefined;
  const folder = rulesFolder();
  const direct = join(folder, `${ref}.yaml`);
  if (existsSync(direct)) return direct;
  const last = ref.split("/").pop()!;
  const named = join(folder, ref, `${last}.yaml`);
  if (existsSync(named)) return named;
  return undefined;
}

/** The id of a rule file under rules/, or its path relative to the working folder for other files. */
export function idOf(file: string): string {
  const rel = relative(rulesFolder(), file);
  if (rel.startsWith("..") || !rel.endsWith(".yaml")) return relative(process.cwd(), file) || file;
  const parts = rel.slice(0, -".yaml".length).split(sep);
  if (parts.length >= 2 && parts[parts.length - 1] === parts[parts.length - 2]) parts.pop();
  return parts.join("/");
}

/** Every rule file shipped under rules/, as ids. */
export function shippedRules(): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const full = join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (name.endsWith(".yaml")) out.push(idOf(full));
    }
  };
  if (existsSync(rulesFolder())) walk(rulesFolder());
  return out;
}

/** Every rules id that exists, for "did you mean". */
export function knownIds(): string[] {
  return shippedRules();
}

/** How a file is shown in messages: relative to the working folder when it is inside it. */
export function displayPath(file: string): string {
  const rel = relative(process.cwd(), file);
  return rel && !rel.startsWith("..") ? rel : file;
}
