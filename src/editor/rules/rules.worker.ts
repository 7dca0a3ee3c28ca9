// The rules worker: the project's own loader, unchanged, over the files in memory. It answers the page's
// requests one at a time; a request that never ends (a hostile rule file) is ended with the worker by the page.
import { installHost } from "../../interpreter/load/host.js";
import { shippedFiles } from "../files/shipped.js";
import { userFolder } from "../files/workspace.js";
import { memoryHost, packageFolder } from "./memory-host.js";
import { answer } from "./answer.js";
import type { Envelope, Failure, Reply, Request } from "./protocol.js";

const scope = self as unknown as { postMessage(message: unknown): void; onmessage: ((e: MessageEvent<Envelope<Request>>) => void) | null };

const shipped = [...shippedFiles].map(([path, text]) => [`${packageFolder}/${path}`, text] as [string, string]);
const user = new Map<string, string>();

/** A new host for each change to the user's files: the loader's caches are per host, so nothing stale is read. */
function install(): void {
  const files = new Map(shipped);
  for (const [name, text] of user) files.set(`${packageFolder}/${userFolder}/${name}`, text);
  installHost(memoryHost(files, [`${packageFolder}/rules`, `${packageFolder}/${userFolder}`]));
}
install();

scope.onmessage = (e) => {
  const { id, body } = e.data;
  try {
    if (body.kind === "files") {
      for (const [name, text] of body.changes) {
        if (text === null) user.delete(name);
        else user.set(name, text);
      }
      install();
    }
    const reply: Reply = answer(body);
    if (id) scope.postMessage({ id, body: reply } satisfies Envelope<Reply>);
  } catch (err) {
    if (id) scope.postMessage({ id, error: String((err as Error)?.message ?? err) } satisfies Failure);
  }
};
