// The disk as a host for the loader (see src/interpreter/load/host.ts): what the command line, the workers, the
// benchmark and the tests install. Rule files are untrusted, so reading is where a hostile name is stopped: only
// a regular file named *.yaml (also after following links) is read, never a device, a pipe or /dev/stdin, and
// its size is checked on the open file before a byte is read, and no more than the limit is ever read.
import { closeSync, constants, fstatSync, openSync, readSync, readdirSync, realpathSync, statSync } from "node:fs";
import { join } from "node:path";
import { installHost, type FileRead, type FolderEntry, type Host } from "../interpreter/load/host.js";
import { normalize } from "../interpreter/load/paths.js";
import { packageRoot } from "./package-root.js";
import { schemaValidator } from "./built-validators.js";

export { packageRoot } from "./package-root.js";

export interface NodeHostOptions {
  /** Users' own rule folders, looked up after the shipped rules/. */
  roots?: string[];
}

export function nodeHost(options: NodeHostOptions = {}): Host {
  return {
    readFile: readRuleFile,
    listFolder,
    realFolder,
    schemaValidator,
    ruleRoots: [join(packageRoot(), "rules"), ...(options.roots ?? [])].map((r) => normalize(r)),
    get workingFolder() {
      return normalize(process.cwd());
    },
  };
}

/** What a Node entry point (the command line, a worker, the benchmark, the test setup) calls once. */
export function installNodeHost(options: NodeHostOptions = {}): void {
  installHost(nodeHost(options));
}

const decoder = new TextDecoder("utf-8", { fatal: true });

export function readRuleFile(path: string, maxBytes: number): FileRead {
  let real: string;
  try {
    real = realpathSync(path);
  } catch {
    return { error: "no such file" };
  }
  if (!real.endsWith(".yaml")) return { error: `refused: it leads to ${real}, which is not a .yaml file` };
  let fd: number;
  try {
    // O_NONBLOCK: opening a pipe must not wait for a writer; fstat below refuses it anyway.
    fd = openSync(real, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (e) {
    return { error: `cannot open: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}` };
  }
  try {
    const stat = fstatSync(fd);
    if (stat.isDirectory()) return { error: "it is a folder, not a file" };
    if (!stat.isFile()) return { error: "refused: not a regular file (a device, pipe or socket)" };
    if (stat.size > maxBytes) return { error: `refused: ${stat.size} bytes is larger than the limit of ${maxBytes} bytes`, tooLarge: true };
    // Read until the end, but never more than one byte over the limit: a file that grows after fstat is caught.
    let buffer = Buffer.allocUnsafe(Math.min(stat.size, maxBytes) + 1);
    let length = 0;
    for (;;) {
      if (length === buffer.length) {
        const bigger = Buffer.allocUnsafe(Math.min(buffer.length * 2, maxBytes + 1));
        buffer.copy(bigger, 0, 0, length);
        buffer = bigger;
      }
      const n = readSync(fd, buffer, length, buffer.length - length, null);
      if (n === 0) break;
      length += n;
      if (length > maxBytes) return { error: `refused: larger than the limit of ${maxBytes} bytes`, tooLarge: true };
    }
    try {
      return { text: decoder.decode(buffer.subarray(0, length)) };
    } catch {
      return { error: "refused: not UTF-8 text" };
    }
  } catch (e) {
    return { error: `cannot read: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}` };
  } finally {
    closeSync(fd);
  }
}

function realFolder(path: string): string {
  try {
    return normalize(realpathSync(path));
  } catch {
    return path;
  }
}

function listFolder(path: string): FolderEntry[] {
  let names: string[];
  try {
    names = readdirSync(path).sort();
  } catch {
    return [];
  }
  const out: FolderEntry[] = [];
  for (const name of names) {
    try {
      out.push({ name, folder: statSync(join(path, name)).isDirectory() });
    } catch {
      // a dangling link: not an entry anyone can read
    }
  }
  return out;
}
