// The loader's only way to reach files. A host is the place rule files live: the disk for the command line
// (src/node/host.ts), memory for the playground. Loading asks it for no more than this, so the same loader runs
// in both, and the safety rules for reading sit in one place per host.
//
// An entry point installs a host once (the command line, workers, the benchmark, the test setup):
//   installHost(nodeHost())
// Caches of what was read are kept per installation (see perHost): a host whose files changed (an edit in the
// playground) is installed again, and loading starts afresh.
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

/** A value made once per installation of a host: caches of what was read, which must not outlive it. */
export function perHost<T>(make: () => T): () => T {
  const made = new WeakMap<object, T>();
  return () => {
    host();
    let value = made.get(installation);
    if (value === undefined) made.set(installation, (value = make()));
    return value;
  };
}
