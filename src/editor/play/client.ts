// The page's end of the game worker: requests answered in order, each with the frame the page draws. The
// user's files go with a request when they changed, so a game of the user's own rules starts from the text in
// the editor.
import type { SessionReply, SessionRequest } from "../../session/remote.js";
import SessionWorker from "./session.worker.js?worker";

export interface SessionEnvelope {
  id: number;
  files?: [string, string][];
  request: SessionRequest;
}

export interface SessionAnswer {
  id: number;
  reply: SessionReply;
}

export class SessionClient {
  private worker: Worker | null = null;
  private next = 1;
  private pending = new Map<number, (reply: SessionReply) => void>();
  private sentFiles = "";

  /** Asks the worker; the files are sent only when they differ from those it has. */
  ask(request: SessionRequest, files?: Iterable<[string, string]>): Promise<SessionReply> {
    const worker = this.start();
    const id = this.next++;
    let changed: [string, string][] | undefined;
    if (files) {
      const list = [...files];
      const key = JSON.stringify(list);
      if (key !== this.sentFiles) {
        this.sentFiles = key;
        changed = list;
      }
    }
    return new Promise((resolve) => {
      this.pending.set(id, resolve);
      worker.postMessage({ id, files: changed, request } satisfies SessionEnvelope);
    });
  }

  private start(): Worker {
    if (this.worker) return this.worker;
    const worker = new SessionWorker({ name: "game" });
    worker.onmessage = (e: MessageEvent<SessionAnswer>) => {
      const done = this.pending.get(e.data.id);
      this.pending.delete(e.data.id);
      done?.(e.data.reply);
    };
    worker.onerror = (e) => {
      for (const done of this.pending.values()) done({ kind: "failed", error: `the game worker failed: ${e.message}` });
      this.pending.clear();
      this.worker = null;
      this.sentFiles = "";
    };
    this.worker = worker;
    return worker;
  }
}
