// The rules worker: the project's own loader, unchanged, over the files in memory. It answers the page's
// requests one at a time; a request that never ends (a hostile rule file) is ended with the worker by the page.
import { changeWorkspace } from "./workspace-host.js";
import { answer } from "./answer.js";
import type { Envelope, Failure, Reply, Request } from "./protocol.js";

const scope = self as unknown as { postMessage(message: unknown): void; onmessage: ((e: MessageEvent<Envelope<Request>>) => void) | null };

changeWorkspace([]);

scope.onmessage = (e) => {
  const { id, body } = e.data;
  try {
    if (body.kind === "files") changeWorkspace(body.changes);
    const reply: Reply = answer(body);
    if (id) scope.postMessage({ id, body: reply } satisfies Envelope<Reply>);
  } catch (err) {
    if (id) scope.postMessage({ id, error: String((err as Error)?.message ?? err) } satisfies Failure);
  }
};
