// The rules worker: the project's own loader, unchanged, over the files in memory. It answers the page's
// requests one at a time; a request that never ends (a hostile rule file) is ended with the worker by the page.
import { changeWorkspace } from "./workspace-host.js";
import { answer } from "./answer.js";
import { firstWork } from "./first-work.js";
import type { Envelope, Failure, Reply, Request } from "./protocol.js";

const scope = self as unknown as { name: string; postMessage(message: unknown): void; onmessage: ((e: MessageEvent<Envelope<Request>>) => void) | null };

// the first work its name carries (first-work.ts): the user's files, and a check whose answer the loader keeps
const first = firstWork(scope.name);
changeWorkspace(first?.files ?? []);
if (first?.check.length) {
  try {
    answer({ kind: "check", rules: first.check });
  } catch {
    // the page's own check of the same rules will say what is wrong
  }
}

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
