// The loader's files in a worker: the shipped rule files, built into the page, and the user's own in yours/.
// Every worker that loads rules (checking, playing, simulating) installs the same host, so a rule file means
// the same thing in each of them.
import { installHost } from "../../interpreter/load/host.js";
import { shippedFiles } from "../files/shipped.js";
import { userFolder } from "../files/workspace.js";
import { memoryHost, packageFolder } from "./memory-host.js";

const shipped = [...shippedFiles].map(([path, text]) => [`${packageFolder}/${path}`, text] as [string, string]);

/** A new host for the user's files as they are now: the loader's caches are per host, so nothing stale is read. */
export function installWorkspace(user: ReadonlyMap<string, string>): void {
  const files = new Map(shipped);
  for (const [name, text] of user) files.set(`${packageFolder}/${userFolder}/${name}`, text);
  installHost(memoryHost(files, [`${packageFolder}/rules`, `${packageFolder}/${userFolder}`]));
}
