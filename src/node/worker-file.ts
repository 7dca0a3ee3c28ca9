// Where a worker thread's compiled entry is: worker threads run JavaScript only, so under vitest, where modules
// run as TypeScript source, a worker is started from the build's copy in dist/.
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { packageRoot } from "./package-root.js";

/**
 * The compiled file `name` beside the module at `moduleUrl` (its import.meta.url) when that module runs compiled,
 * else the build's copy under dist/src/`folder`.
 */
export function compiledBeside(moduleUrl: string, folder: string, name: string): string {
  const here = fileURLToPath(moduleUrl);
  const beside = join(dirname(here), name);
  if (here.endsWith(".js") && existsSync(beside)) return beside;
  const built = join(packageRoot(), "dist", "src", folder, name);
  if (existsSync(built)) return built;
  throw new Error(`cannot find the compiled worker (${built}): run npm run build`);
}
