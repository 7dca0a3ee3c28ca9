// The game worker: it holds the rules and the game a page watches or plays (src/session/remote.ts) and answers
// each request with one viewer's frame. The page never has the game itself, so it can only show what a frame
// gives the viewer.
import { installWorkspace } from "../rules/workspace-host.js";
import { packageFolder } from "../rules/memory-host.js";
import { userFolder } from "../files/names.js";
import { loadComposition } from "../../interpreter/load/load.js";
import { formatDiagnostic } from "../../interpreter/diagnostics.js";
import { RemoteSession } from "../../session/remote.js";
import type { SessionEnvelope, SessionAnswer } from "./client.js";

const scope = self as unknown as { postMessage(message: unknown): void; onmessage: ((e: MessageEvent<SessionEnvelope>) => void) | null };

installWorkspace(new Map());
const remote = new RemoteSession((refs) => {
  const loaded = loadComposition(refs);
  return loaded.game ?? loaded.diagnostics.filter((d) => d.severity === "error").map(formatDiagnostic).join("\n");
}, `${packageFolder}/${userFolder}`); // a scenario's relative paths name the user's files

scope.onmessage = (e) => {
  const { id, files, request } = e.data;
  if (files) installWorkspace(new Map(files));
  scope.postMessage({ id, reply: remote.handle(request) } satisfies SessionAnswer);
};
