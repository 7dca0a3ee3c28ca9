// The loader's files in a worker: the shipped rule files, built into the page, and the user's own in yours/.
// Every worker that loads rules (checking, playing, simulating) installs the same host, so a rule file means
// the same thing in each of them. The host is installed once; the user's files change in it, and the loader is
// told which (filesChanged), so it keeps what it made from every other file.
import * as validators from "virtual:houserules-validators";
import type { ValidateFunction } from "ajv";
import { filesChanged, installHost } from "../../interpreter/load/host.js";
import { shippedFiles } from "../files/shipped.js";
import { userFolder } from "../files/names.js";
import { MemoryHost, packageFolder } from "./memory-host.js";

/** The validators compiled when the page was built, from the same schema files (vite.config.ts): the page compiles none. */
function builtValidator(name: string): ValidateFunction {
  const v = (validators as Record<string, ValidateFunction | undefined>)[name];
  if (!v) throw new Error(`the page was built without a validator for the schema '${name}'`);
  return v;
}

const userPath = (name: string) => `${packageFolder}/${userFolder}/${name}`;
let host: MemoryHost | null = null;
const user = new Map<string, string>();

/** Changes the user's files (text, or null for removed) in the installed host, installing it the first time. */
export function changeWorkspace(changes: Iterable<[name: string, text: string | null]>): void {
  if (!host) {
    host = new MemoryHost([...shippedFiles].map(([path, text]) => [`${packageFolder}/${path}`, text]), [`${packageFolder}/rules`, `${packageFolder}/${userFolder}`], builtValidator);
    installHost(host);
  }
  const changed: string[] = [];
  let listed = false;
  for (const [name, text] of changes) {
    const did = host.set(userPath(name), text);
    if (did === "same") continue;
    changed.push(userPath(name));
    listed ||= did === "listed";
    if (text === null) user.delete(name);
    else user.set(name, text);
  }
  if (changed.length) filesChanged(changed, listed);
}

/** Makes the user's files these: only those that differ from what the host holds are changed. */
export function installWorkspace(files: ReadonlyMap<string, string>): void {
  changeWorkspace([...[...user.keys()].filter((n) => !files.has(n)).map((n): [string, null] => [n, null]), ...files]);
}
