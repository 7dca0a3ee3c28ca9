// The page's end of the rules worker. Requests are answered in order; one that takes longer than its time
// limit (a hostile rule file) ends the worker, and a fresh one takes over with the user's files, so the page
// never waits on rule text. The main thread never loads rules itself.
import type { Envelope, Failure, Reply, ReplyTo, Request } from "./protocol.js";
import RulesWorker from "./rules.worker.js?worker";
import { workerName, type FirstWork } from "./first-work.js";

export class TimeLimit extends Error {}

interface Pending {
  resolve(reply: Reply): void;
  reject(error: Error): void;
  timer: ReturnType<typeof setTimeout>;
}

export class RulesClient {
  private worker: Worker | null = null;
  private next = 1;
  private pending = new Map<number, Pending>();
  /** The user's files as the worker has them, to send only what changed, and everything to a new worker. */
  private sent = new Map<string, string>();
  restarts = 0;

  constructor(private limitMs = 10_000) {}

  /** Sends the user's files that differ from what the worker holds; then asks. */
  async sync(files: Iterable<[string, string]>): Promise<void> {
    const now = new Map(files);
    const changes: [string, string | null][] = [];
    for (const [name, text] of now) if (this.sent.get(name) !== text) changes.push([name, text]);
    for (const name of this.sent.keys()) if (!now.has(name)) changes.push([name, null]);
    if (!changes.length) return;
    this.sent = now;
    await this.ask({ kind: "files", changes });
  }

  ask<R extends Request>(request: R, limitMs = this.limitMs): Promise<ReplyTo<R>> {
    const worker = this.start();
    const id = this.next++;
    return new Promise<ReplyTo<R>>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        this.restart(new TimeLimit(`stopped after ${limitMs / 1000} s`));
        reject(new TimeLimit(`stopped after ${limitMs / 1000} s`));
      }, limitMs);
      this.pending.set(id, { resolve: resolve as (r: Reply) => void, reject, timer });
      worker.postMessage({ id, body: request } satisfies Envelope<Request>);
    });
  }

  /**
   * Starts the worker with the user's files and a first check to make at once, carried in its name (first-work.ts)
   * so that neither waits for the page's thread; the check's answer is kept in the loader's caches for the
   * editor's own. A workspace too large for a name is sent and checked by messages instead.
   */
  startWith(work: FirstWork): void {
    if (this.worker) return;
    const name = workerName(work);
    if (name === "rules") {
      void this.sync(work.files).then(() => this.ask({ kind: "check", rules: work.check })).catch(() => {});
      return;
    }
    this.sent = new Map(work.files);
    this.start(name);
  }

  /** Starts the worker, if it is not running (a request starts it too). */
  start(name = "rules"): Worker {
    if (this.worker) return this.worker;
    const worker = new RulesWorker({ name });
    worker.onmessage = (e: MessageEvent<Envelope<Reply> | Failure>) => {
      const p = this.pending.get(e.data.id);
      if (!p) return;
      this.pending.delete(e.data.id);
      clearTimeout(p.timer);
      if ("error" in e.data) p.reject(new Error(e.data.error));
      else p.resolve(e.data.body);
    };
    worker.onerror = (e) => this.restart(new Error(`the rules worker failed: ${e.message}`));
    this.worker = worker;
    if (this.sent.size) {
      // a new worker starts with the user's files as they were last sent
      worker.postMessage({ id: 0, body: { kind: "files", changes: [...this.sent] } } satisfies Envelope<Request>);
    }
    return worker;
  }

  /** Ends the worker and fails what it was doing; the next request starts a new one. */
  private restart(reason: Error): void {
    this.worker?.terminate();
    this.worker = null;
    this.restarts++;
    for (const [id, p] of this.pending) {
      clearTimeout(p.timer);
      p.reject(reason);
      this.pending.delete(id);
    }
  }
}
