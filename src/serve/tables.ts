// A table: friends who meet on the server to play games together. The host makes it (a game from the shelf or
// their own files, house rules, options, a name) and shares one link; each friend chooses a free seat and a name
// of their own, and is given that seat's secret; the host starts when the seats are filled, or gives the empty
// ones to agents; the game is a room (src/serve/room.ts) whose seats are the table's, and a rematch is a new
// room with the same seats and secrets. A few words can be said at the table: kept in its chat.log, never in a
// game's log. Everything a table is told comes from the network: every message and size is checked first.
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { appendFileSync, closeSync, existsSync, fsyncSync, openSync, readFileSync, renameSync, writeSync } from "node:fs";
import { join } from "node:path";
import { Refused, isInt, isText, readObject, type ChatLine, type TableClientMessage, type TableErrorCode, type TableMessage, type TableState } from "./protocol.js";

export type { ChatLine, TableClientMessage, TableMessage, TableState };

/** What is kept of a table in its table.json: the game it plays, who sits where, and the rooms of its games. */
export interface TableFile {
  table: string;
  /** The name the host gave the table. */
  name: string;
  /** As loadComposition takes them, from the table's folder: rules ids, or the files sent with the table. */
  rules: string[];
  /** The rule files sent with the table, by name: each game's room is made with copies of them. */
  files: string[];
  /** The rules' name, as the lobby shows it. */
  title: string;
  options: Record<string, unknown>;
  /** Whether the table is listed for anyone to find (GET /tables) while it has free seats. */
  listed: boolean;
  /** sha256 of the host's secret. */
  host: string;
  /** Per seat: who sits there, by the name they chose and the sha256 of their seat's secret, or null when free. */
  seats: ({ name: string; secret: string } | null)[];
  /** The agent that plays a seat left empty when the host starts. */
  agent: string;
  /** Seconds a seat may be without its player in a game before an agent plays it until they come back (absent: never). */
  away?: number;
  /** The rooms of the table's games, the latest last. */
  rooms: string[];
  seed: string;
}

export const maxNameChars = 24;
/** The most lines a table's chat keeps on disk: past it the table says its chat is full. */
export const maxChatLines = 2000;
export const maxChatChars = 300;
/** The chat lines a connection is sent when it comes, and the most kept in memory. */
export const chatShown = 50;
export const tableFileName = "table.json";
export const chatFileName = "chat.log";

// eslint-disable-next-line no-control-regex
const controls = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/** A person's name or words as sent, with control and direction characters taken out and spaces trimmed. */
export const cleanText = (s: string): string => s.replace(controls, " ").replace(/\s+/g, " ").trim();

/** Reads a message sent to a table, or throws Refused with what is wrong with it. */
export function readTableMessage(data: string): TableClientMessage {
  const m = readObject(data);
  const secret = (v: unknown) => isText(v, 100) && v.length > 0;
  switch (m.t) {
    case "sit":
      if (!isInt(m.seat, 63) || !isText(m.name, 200)) throw new Refused("malformed", `sit takes a seat (a number) and a name of 1 to ${maxNameChars} characters`);
      return { t: "sit", seat: m.seat, name: m.name };
    case "leave":
      if (!isInt(m.seat, 63) || !secret(m.secret)) throw new Refused("malformed", "leave takes your seat and its secret");
      return { t: "leave", seat: m.seat, secret: m.secret as string };
    case "start":
    case "rematch":
      if (!secret(m.host)) throw new Refused("malformed", `${m.t} takes the host's secret`);
      return { t: m.t, host: m.host as string };
    case "remove":
      if (!isInt(m.seat, 63) || !secret(m.host)) throw new Refused("malformed", "remove takes a seat and the host's secret");
      return { t: "remove", seat: m.seat, host: m.host as string };
    case "say":
      if (!isText(m.text, 2000) || !isInt(m.seat, 63, -1) || !isText(m.secret, 100)) throw new Refused("malformed", `say takes a text of at most ${maxChatChars} characters, your seat (-1 to watch) and its secret`);
      return { t: "say", text: m.text, seat: m.seat, secret: m.secret };
    default:
      throw new Refused("malformed", "a table's message t is sit, leave, start, rematch, remove or say");
  }
}

export const hashOf = (secret: string): string => createHash("sha256").update(secret).digest("hex");
const sameHash = (hash: string, secret: string) => timingSafeEqual(Buffer.from(hash, "hex"), Buffer.from(hashOf(secret), "hex"));

/** A connection to a table. */
export interface TableViewer {
  send(m: TableMessage): void;
}

/** The rooms the server holds, as a table needs them: make one for a game, and ask whether its game is over. */
export interface RoomMaker {
  /** A new room of the table's rules with these names, agents and seat secrets (hashes); its id, or why not. */
  make(t: TableFile, names: string[], agents: (string | null)[], secrets: (string | null)[], seed: string): Promise<{ room: string } | { error: string }>;
  /** An agent plays the seat in the room from now on, until the seat's player joins it again. */
  standIn(room: string, seat: number): void;
  /** Whether the room's game is over, and a call once it is. */
  over(room: string): boolean;
  whenOver(room: string, f: () => void): void;
}

class TableRefused extends Error {
  constructor(readonly code: TableErrorCode, message: string) {
    super(message);
  }
}

export class Table {
  readonly viewers = new Set<TableViewer>();
  private readonly chat: ChatLine[] = [];
  /** Lines in the table's chat.log. */
  private chatLines = 0;
  lastActive = Date.now();
  /** Work on the table, one piece after another: a seat is not given twice, a game not started twice. */
  private queue: Promise<void> = Promise.resolve();

  constructor(
    readonly folder: string,
    readonly file: TableFile,
    private readonly rooms: RoomMaker,
  ) {
    const kept = join(folder, chatFileName);
    if (existsSync(kept)) {
      const lines = readFileSync(kept, "utf8").split("\n");
      this.chatLines = lines.length - 1;
      for (const line of lines.slice(-chatShown - 1)) {
        try {
          const c = JSON.parse(line) as ChatLine;
          if (isText(c.from, maxNameChars + 20) && isText(c.text, maxChatChars)) this.chat.push({ from: c.from, text: c.text });
        } catch {
          // a line cut off by a stop in the middle of writing it was never sent to anyone
        }
      }
    }
    const latest = file.rooms.at(-1);
    if (latest) rooms.whenOver(latest, () => this.broadcast());
  }

  get id(): string {
    return this.file.table;
  }

  /** A new table's file on disk, synced, before it is answered. */
  static write(folder: string, file: TableFile): void {
    const path = join(folder, tableFileName);
    const fd = openSync(`${path}.new`, "w");
    try {
      writeSync(fd, JSON.stringify(file, null, 2) + "\n");
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(`${path}.new`, path);
    const dir = openSync(folder, "r");
    try {
      fsyncSync(dir);
    } finally {
      closeSync(dir);
    }
  }

  state(): TableState {
    const room = this.file.rooms.at(-1) ?? null;
    return {
      t: "table", table: this.id, name: this.file.name, rules: this.file.title, seats: this.file.seats.map((s) => s?.name ?? null),
      room, over: room !== null && this.rooms.over(room), games: this.file.rooms.length, agent: this.file.agent, away: this.file.away ?? null,
    };
  }

  join(v: TableViewer): void {
    this.lastActive = Date.now();
    this.viewers.add(v);
    v.send(this.state());
    if (this.chat.length) v.send({ t: "chat", lines: this.chat.slice(-chatShown) });
  }

  leave(v: TableViewer): void {
    this.lastActive = Date.now();
    this.viewers.delete(v);
  }

  private broadcast(): void {
    const s = this.state();
    for (const v of this.viewers) v.send(s);
  }

  /** One message from a connection, answered in order with the table's other work. */
  take(v: TableViewer, m: TableClientMessage): Promise<void> {
    this.queue = this.queue.then(async () => {
      this.lastActive = Date.now();
      try {
        await this.handle(v, m);
      } catch (e) {
        if (e instanceof TableRefused || e instanceof Refused) v.send({ t: "error", code: e.code, message: e.message });
        else v.send({ t: "error", code: "busy", message: `the table could not do that: ${(e as Error).message}` });
      }
    });
    return this.queue;
  }

  private isHost(secret: string): boolean {
    return sameHash(this.file.host, secret);
  }

  private owns(seat: number, secret: string): boolean {
    const s = this.file.seats[seat];
    return s !== null && s !== undefined && secret.length > 0 && sameHash(s.secret, secret);
  }

  private async handle(v: TableViewer, m: TableClientMessage): Promise<void> {
    const f = this.file;
    const started = f.rooms.length > 0;
    switch (m.t) {
      case "sit": {
        if (started) throw new TableRefused("started", "the table's game has started: its seats are taken");
        if (m.seat >= f.seats.length) throw new TableRefused("taken", `the table has seats 1 to ${f.seats.length}`);
        if (f.seats[m.seat] !== null) throw new TableRefused("taken", `${f.seats[m.seat]!.name} sits there already: choose a free seat`);
        const name = cleanText(m.name);
        if (name.length < 1 || name.length > maxNameChars) throw new TableRefused("name", `a name is 1 to ${maxNameChars} letters`);
        if (f.seats.some((s) => s?.name.toLowerCase() === name.toLowerCase())) throw new TableRefused("name", `${name} sits at the table already: choose another name`);
        const secret = randomBytes(18).toString("base64url");
        f.seats[m.seat] = { name, secret: hashOf(secret) };
        Table.write(this.folder, f); // on disk before the seat is given: a seat given is never lost
        v.send({ t: "seated", seat: m.seat, secret });
        return this.broadcast();
      }
      case "leave":
      case "remove": {
        if (started) {
          // during a game, a seat left (or handed to the server by the host) is played by an agent until its
          // player joins the game again
          if (m.t === "leave" ? !this.owns(m.seat, m.secret) : !this.isHost(m.host)) throw new TableRefused("not-host", m.t === "leave" ? "that is not your seat's secret" : "only the host may hand a seat to the server");
          if (m.seat < f.seats.length && f.seats[m.seat] !== null) this.rooms.standIn(f.rooms.at(-1)!, m.seat);
          return;
        }
        if (m.t === "leave" ? !this.owns(m.seat, m.secret) : !this.isHost(m.host)) throw new TableRefused("not-host", m.t === "leave" ? "that is not your seat's secret" : "only the host may free a seat");
        if (m.seat >= f.seats.length || f.seats[m.seat] === null) return this.broadcast();
        f.seats[m.seat] = null;
        Table.write(this.folder, f);
        return this.broadcast();
      }
      case "start":
      case "rematch": {
        if (!this.isHost(m.host)) throw new TableRefused("not-host", `only the host may ${m.t === "start" ? "start the game" : "ask for a rematch"}`);
        if (m.t === "start" && started) return this.broadcast();
        if (m.t === "rematch" && (!started || !this.rooms.over(f.rooms.at(-1)!))) throw new TableRefused("not-over", "a rematch comes when the game is over");
        if (f.seats.every((s) => s === null)) throw new TableRefused("taken", "nobody sits at the table yet: sit down first, or share the table's link");
        // an agent's seat is named for it, and never like a person at the table
        const taken = new Set(f.seats.map((s) => s?.name.toLowerCase()));
        const names = f.seats.map((s, p) => s?.name ?? (taken.has(`${f.agent} ${p + 1}`) ? `${f.agent} ${p + 1} (server)` : `${f.agent} ${p + 1}`));
        const agents = f.seats.map((s) => (s === null ? f.agent : null));
        const made = await this.rooms.make(f, names, agents, f.seats.map((s) => s?.secret ?? null), `${f.seed}:${f.rooms.length}`);
        if ("error" in made) throw new TableRefused("started", `the game could not start: ${made.error}`);
        f.rooms.push(made.room);
        Table.write(this.folder, f);
        this.rooms.whenOver(made.room, () => this.broadcast());
        return this.broadcast();
      }
      case "say": {
        const text = cleanText(m.text);
        if (text.length === 0) return;
        if (text.length > maxChatChars) throw new Refused("too-large", `a line of chat is at most ${maxChatChars} characters`);
        let from = "an onlooker";
        if (m.seat >= 0) {
          if (!this.owns(m.seat, m.secret)) throw new TableRefused("not-host", "that is not your seat's secret");
          from = f.seats[m.seat]!.name;
        }
        if (this.chatLines >= maxChatLines) throw new Refused("too-large", `the table's chat has its most lines (${maxChatLines}): nothing more can be said here`);
        const line = { from, text };
        appendFileSync(join(this.folder, chatFileName), JSON.stringify(line) + "\n");
        this.chatLines++;
        this.chat.push(line);
        this.chat.splice(0, Math.max(0, this.chat.length - chatShown));
        for (const o of this.viewers) o.send({ t: "chat", lines: [line] });
        return;
      }
    }
  }

  /** Waits for the work already asked of the table. */
  settled(): Promise<void> {
    return this.queue;
  }
}
