// The packages only some commands use — the game server (fastify), the sweep's queue (bullmq, ioredis), the
// language server and the sweep's report (chart.js) — are not installed with the library, so that a project that
// tests its rules with houserules installs none of them. A command that needs one loads it when it runs, and
// when it is missing says what to install.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { packageRoot } from "./package-root.js";

export class MissingPackages extends Error {
  override name = "MissingPackages";
}

/** Whether `e` is Node's error for a package of `names` that is not installed. */
export function isMissing(e: unknown, names: readonly string[]): boolean {
  const code = (e as { code?: string } | null)?.code;
  if (code !== "ERR_MODULE_NOT_FOUND" && code !== "MODULE_NOT_FOUND") return false;
  const message = String((e as Error).message);
  return names.some((n) => message.includes(`'${n}'`) || message.includes(`'${n}/`) || message.includes(`/node_modules/${n}/`));
}

/** The error that says `what` needs `names`, with the command that installs the versions this release is tested with. */
export function missingPackages(what: string, names: readonly string[]): MissingPackages {
  let peers: Record<string, string> = {};
  try {
    peers = (JSON.parse(readFileSync(join(packageRoot(), "package.json"), "utf8")) as { peerDependencies?: Record<string, string> }).peerDependencies ?? {};
  } catch {
    // no versions to suggest: the names alone
  }
  const install = names.map((n) => (peers[n] ? `${n}@${peers[n]}` : n)).join(" ");
  return new MissingPackages(`${what} needs ${names.join(", ")}, which are not installed with houserules (a library install leaves them out): npm install ${install}`);
}

/** Loads what `what` needs; a missing package of `names` is said as missingPackages says it. */
export async function withPackages<T>(what: string, names: readonly string[], load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (e) {
    if (isMissing(e, names)) throw missingPackages(what, names);
    throw e;
  }
}
