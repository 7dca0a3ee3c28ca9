// Loads boardgame.io's headless client and core.
//
// boardgame.io 0.50 ships CommonJS and ES builds but no package "exports" map: its subpath entry points
// (`boardgame.io/client`, `boardgame.io/core`) are folders holding a package.json with "main" and "module".
// Node's ES module loader refuses such folder imports (ERR_UNSUPPORTED_DIR_IMPORT), and TypeScript's NodeNext
// resolution refuses them in ES modules for the same reason, so `import { Client } from "boardgame.io/client"`
// fails to compile and to run here. CommonJS resolution still follows those folders, so the library is loaded
// with require() from createRequire, and its types are taken with `resolution-mode: "require"`.
//
// Loading is deferred to the first use on purpose: boardgame.io reads NODE_ENV once, when it is loaded, and
// outside production it checks after every move that the state is JSON-serialisable. The benchmark sets
// NODE_ENV before anything loads the library, which a static import would not allow.
import { createRequire } from "node:module";
import type * as ClientModule from "boardgame.io/client" with { "resolution-mode": "require" };
import type * as CoreModule from "boardgame.io/core" with { "resolution-mode": "require" };

const require = createRequire(import.meta.url);

let client: typeof ClientModule | undefined;
let core: typeof CoreModule | undefined;

export function boardgameClient(): typeof ClientModule.Client {
  client ??= require("boardgame.io/client") as typeof ClientModule;
  return client.Client;
}

/** The value a move returns to refuse itself. */
export function invalidMove(): typeof CoreModule.INVALID_MOVE {
  core ??= require("boardgame.io/core") as typeof CoreModule;
  return core.INVALID_MOVE;
}
