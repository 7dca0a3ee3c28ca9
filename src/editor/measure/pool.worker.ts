// A worker of the run pool (src/sim/pool.ts): it plays its shares of a run and summarizes runs, with the same
// code as the command line's worker threads, over the shipped rule files and the user's own. The rules run as
// generated code here: this worker's own content security policy allows it (vite.config.ts), the page's does not.
import { installWorkspace } from "../rules/workspace-host.js";
import { answer } from "../../sim/pool-worker.js";
import { defaultBackend } from "../../interpreter/backend.js";
import type { PoolReply, PoolRequest } from "../../sim/pool.js";

const scope = self as unknown as { postMessage(message: PoolReply): void; onmessage: ((e: MessageEvent<PoolRequest>) => void) | null };

// which back end plays here, for the tests and the benchmark (as the page exposes `playground`)
Object.assign(self, { playground: { backend: defaultBackend() } });
installWorkspace(new Map());
scope.onmessage = (e) => {
  const request = e.data;
  if (request.kind === "setup") {
    installWorkspace(new Map(request.setup as [string, string][]));
    scope.postMessage({ kind: "ready" });
  } else scope.postMessage(answer(request));
};
