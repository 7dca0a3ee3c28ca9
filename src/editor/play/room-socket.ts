// One connection to a room of a game server (docs/serve.md), as an onlooker or a seat: it joins again by itself
// whenever it drops, answers the server's pings, and sends a move in flight again with the same id, which the
// server applies at most once. The Play screen's lobby and the page of a seat's link both play through it.
import type { Frame as SeatFrame, ServerMessage } from "../../serve/protocol.js";

export interface RoomSocketHost {
  /** A frame for this connection; `answered`: it answers this seat's own move in flight. */
  frame(f: SeatFrame, answered: boolean): void;
  /** The connection dropped: it joins again in a second. */
  down(): void;
  /** The connection is up (again), and its first frame came. */
  up(): void;
  /** The server refused something, with its message (`code` as docs/serve.md lists them). */
  refused(message: string, code: string): void;
}

/** One connection to a room: as an onlooker (seat -1) or a seat with its secret. It joins again whenever it drops. */
export class RoomSocket {
  private ws: WebSocket | null = null;
  private stopped = false;
  private last: SeatFrame | null = null;
  inFlight: { t: "move"; id: number; text: string; secret: string } | null = null;

  constructor(
    private readonly url: string,
    private readonly seat: number,
    private readonly secret: string,
    private readonly on: RoomSocketHost,
  ) {
    this.connect();
  }

  private send(m: unknown): void {
    if (this.ws?.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(m));
  }

  private connect(): void {
    const ws = (this.ws = new WebSocket(this.url));
    let opened = false;
    ws.onopen = () => {
      opened = true;
      this.send(this.seat >= 0 ? { t: "join", seat: this.seat, secret: this.secret } : { t: "watch" });
      if (this.inFlight) this.send(this.inFlight); // answered with a frame whether or not it was applied before the drop
    };
    ws.onmessage = (e) => {
      let m: ServerMessage;
      try {
        m = JSON.parse(String(e.data)) as ServerMessage;
      } catch {
        return;
      }
      if (m.t === "ping") return this.send({ t: "pong", n: m.n });
      if (m.t === "frame") {
        if (this.last === null || opened) this.on.up();
        opened = false;
        const mine = this.inFlight;
        const answered = mine !== null && (m.ack >= mine.id || m.refusal?.id === mine.id);
        if (answered) this.inFlight = null;
        this.last = m;
        return this.on.frame(m, answered);
      }
      if (m.t !== "error") return;
      if (m.code === "too-fast" && this.inFlight) {
        const again = this.inFlight;
        setTimeout(() => this.inFlight === again && this.send(again), 300);
      } else if (m.code === "move-id" || m.code === "over") this.inFlight = null;
      if (m.code === "secret") this.stopped = true;
      this.on.refused(m.message, m.code);
    };
    ws.onclose = () => {
      // a finished game's room is let go by the server after a while: nothing is lost, nothing to join again
      if (this.ws !== ws || this.stopped || this.last?.over) return;
      this.on.down();
      setTimeout(() => !this.stopped && this.connect(), 1000);
    };
  }

  /** A move as its text, with the seat's next move id; one at a time. */
  move(text: string): boolean {
    if (!this.last || this.inFlight || this.seat < 0) return false;
    this.inFlight = { t: "move", id: this.last.ack + 1, text, secret: this.secret };
    this.send(this.inFlight);
    return true;
  }

  close(): void {
    this.stopped = true;
    this.ws?.close();
  }
}
