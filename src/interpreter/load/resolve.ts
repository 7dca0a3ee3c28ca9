// Rules ids. A rules id is a rule file's path under a rule folder without `.yaml`; where a file is named like its
// folder (<root>/<game>/<game>.yaml) the folder alone (<game>) is its id. A path (starting with ./, ../ or /, or
// ending in .yaml) is accepted wherever an id is. Files are reached only through the installed host.
import { host, perHost } from "./host.js";
import { basename, dirname, isInside, join, relative, resolve } from "./paths.js";

/** The shipped rules/ folder: the first rule root. */
export function rulesFolder(): string {
  return host().ruleRoots[0];
}

export function isPath(ref: string): boolean {
  return ref.startsWith("./") || ref.startsWith("../") || ref.startsWith("/") || ref.endsWith(".yaml");
}

/** A reference written from folder `from`, written from folder `to` instead: a relative path changes, ids do not. */
export function rebaseReference(ref: string, from: string, to: string): string {
  if (!isPath(ref) || ref.startsWith("/")) return ref;
  const path = relative(to, resolve(from, ref));
  return path.startsWith("../") ? path : `./${path}`;
}

/** Every rule file under the rule roots, by id (the first root that has an id wins), read once per host (and again when files are added or removed). */
const index = perHost(() => {
  const ids = new Map<string, string>();
  const walked = new Set<string>();
  const walk = (dir: string, depth: number) => {
    if (depth > 16) return;
    // by its real path: a link to this folder or one above it (a cycle) is walked once, not once per path
    const real = host().realFolder?.(dir) ?? dir;
    if (walked.has(real)) return;
    walked.add(real);
    for (const e of host().listFolder(dir)) {
      const full = join(dir, e.name);
      if (e.folder) walk(full, depth + 1);
      else if (e.name.endsWith(".yaml")) {
        const id = idOf(full);
        if (!ids.has(id)) ids.set(id, full);
      }
    }
  };
  for (const root of host().ruleRoots) walk(root, 0);
  return ids;
}, (_ids, _files, listed) => listed);

/** The files (not folders) of each folder listed so far in one load (see withFolderListings), by folder. */
let listings: Map<string, Set<string>> | null = null;

/**
 * Runs `make` with each folder listed at most once: a load resolves a path of a folder for every file it reads
 * (a chain of fragments beside one another reads the folder once per link), and a folder of 20,000 files cost a
 * second a listing. A load sees the folder as it was when it began; the next load lists it again.
 */
export function withFolderListings<T>(make: () => T): T {
  if (listings) return make();
  listings = new Map();
  try {
    return make();
  } finally {
    listings = null;
  }
}

function isFile(path: string): boolean {
  const name = basename(path);
  const folder = dirname(path);
  if (!listings) return host().listFolder(folder).some((e) => e.name === name && !e.folder);
  let files = listings.get(folder);
  if (!files) listings.set(folder, (files = new Set(host().listFolder(folder).filter((e) => !e.folder).map((e) => e.name))));
  return files.has(name);
}

/** The file a rules id or path names, or undefined. Paths are taken relative to `base` (a folder). */
export function resolveRules(ref: string, base = host().workingFolder): string | undefined {
  if (isPath(ref)) {
    const file = resolve(base, ref);
    return isFile(file) ? file : undefined;
  }
  if (!/^[a-z0-9][a-z0-9/_-]*$/i.test(ref)) return undefined;
  return index().get(ref);
}

/** The id of a rule file under a rule root, or its path relative to the working folder for other files. */
export function idOf(file: string): string {
  for (const root of host().ruleRoots) {
    if (!isInside(file, root) || !file.endsWith(".yaml")) continue;
    const parts = relative(root, file).slice(0, -".yaml".length).split("/");
    if (parts.length >= 2 && parts[parts.length - 1] === parts[parts.length - 2]) parts.pop();
    return parts.join("/");
  }
  return relative(host().workingFolder, file) || file;
}

/** Every rule file under the rule roots, as ids, in the order of the folders' listings. */
export function shippedRules(): string[] {
  return [...index().keys()];
}

/** Every rules id that exists, for "did you mean". */
export function knownIds(): string[] {
  return shippedRules();
}

/** How a file is shown in messages: relative to the working folder when it is inside it. */
export function displayPath(file: string): string {
  const working = host().workingFolder;
  return isInside(file, working) && file !== working ? relative(working, file) : file;
}

/**
 * Whether a rule file or scenario in `folder` may name `file`: only a .yaml file beside it or below, under the
 * working folder (the user's project: rules/ beside tests/), or under a rule root. Files are shared by link, so
 * a reference must never reach an arbitrary file of the reader's machine.
 */
export function reachable(file: string, folder: string): string | undefined {
  if (!file.endsWith(".yaml")) return "a rule file names only rule files (.yaml)";
  if (isInside(file, folder) || isInside(file, host().workingFolder) || host().ruleRoots.some((r) => isInside(file, r))) return undefined;
  return `a file names only rule files beside it (under ${displayPath(folder) || "."}), under the working folder (${host().workingFolder}) or under the rule folders: add its folder with --rules DIR or HOUSERULES_PATH, and name it by its id`;
}
