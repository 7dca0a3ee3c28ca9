// The loader's only way to reach files. A host is the place rule files live: the disk for the command line
// (src/node/host.ts), memory for the playground. Loading asks it for no more than this, so the same loader runs
// in both, and the safety rules for reading sit in one place per host.
//
// An entry point installs a host once (the command line, workers, the benchmark, the test setup):
//   installHost(nodeHost())
// Caches of what was read are kept per installation (see perHost). A host whose files change in place (the
// playground's, at every edit) says which with filesChanged: what was made from them is forgotten, the rest kept.
import type { ValidateFunction } from "ajv";

export interface Host {
  /**
   * The text of the file at an absolute path. A host reads only a regular file (never a device, a pipe or a
   * folder) of at most maxBytes bytes, decoded as UTF-8, and checks the size before reading. It refuses
   * anything else with a message for people, and never throws.
   */
  readFile(path: string, maxBytes: number): FileRead;
  /** The entries of a folder (absolute path), sorted by name; [] when there is no such folder. */
  listFolder(path: string): FolderEntry[];
  /**
   * A folder's real path (links followed), where the host has links: a walk visits each real folder once, so a
   * folder that links to itself or to a folder above is not walked again. Absent: paths are taken as they are.
   */
  realFolder?(path: string): string;
  /**
   * Absolute folders where rules ids are looked up, in this order: the shipped rules/ first, then the user's
   * own folders. A rule file may name rule files under any of them.
   */
  readonly ruleRoots: readonly string[];
  /** The absolute folder that relative paths given by the user start from, and that messages show paths from. */
  readonly workingFolder: string;
  /**
   * The validator of one of our schemas (grammar/*.schema.json), asked once per schema: the disk's host gives the
   * one the build compiled ahead, so that a process compiles no schema at its start; the page's compiles it with
   * ajv (compileSchema in schema-compile.ts).
   */
  schemaValidator(name: string, schema: object): ValidateFunction;
}

/** A file's text, or why it was not read (tooLarge: over maxBytes, which has its own diagnostic code). */
export type FileRead = { text: string } | { error: string; tooLarge?: boolean };

export interface FolderEntry {
  name: string;
  folder: boolean;
}

let installed: Host | null = null;
let installation: object = {};

export function installHost(host: Host): void {
  installed = host;
  installation = {};
}

/** Whether an entry point has installed a host yet. */
export function hostInstalled(): boolean {
  return installed !== null;
}

export function host(): Host {
  if (!installed) throw new Error("no file host is installed: an entry point calls installHost(nodeHost()) or installs a host of its own");
  return installed;
}

/** Forgets, in a cache, what was made from changed files; true forgets the whole cache. */
export type Forget<T> = (value: T, files: ReadonlySet<string>, listed: boolean) => boolean;

const forgetters: ((files: ReadonlySet<string>, listed: boolean) => void)[] = [];

/**
 * Tells the loader that files of the installed host changed in place (absolute paths): what was made from them is
 * forgotten, and everything else kept. `listed`: files were added or removed, so what was found by looking in
 * folders (rules ids, references resolved) is forgotten too.
 */
export function filesChanged(files: Iterable<string>, listed: boolean): void {
  const changed = new Set(files);
  for (const forget of forgetters) forget(changed, listed);
}

let reads: Set<string> | null = null;

/** Runs `make`, with every file it says it read (noteRead) collected: the files what it made depends on. */
export function collectReads<T>(make: () => T): { value: T; files: Set<string> } {
  const outer = reads;
  const files = new Set<string>();
  reads = files;
  try {
    return { value: make(), files };
  } finally {
    reads = outer;
    if (outer) for (const f of files) outer.add(f);
  }
}

/** Notes that what is being made depends on a file (by its absolute path), read now or taken from a cache. */
export function noteRead(path: string): void {
  reads?.add(path);
}

/**
 * A value made once per installation of a host: caches of what was read, which must not outlive it. `forget`
 * says what of it a change of files in place (filesChanged) makes stale; without it, any change drops it all.
 */
export function perHost<T>(make: () => T, forget: Forget<T> = () => true): () => T {
  const made = new WeakMap<object, T>();
  forgetters.push((files, listed) => {
    const value = made.get(installation);
    if (value !== undefined && forget(value, files, listed)) made.delete(installation);
  });
  return () => {
    host();
    let value = made.get(installation);
    if (value === undefined) made.set(installation, (value = make()));
    return value;
  };
}
