// What a game server and its players say to each other over a WebSocket: one JSON object per text message.
// Everything here comes from the network: every size is checked before any work is done on it, and names
// read from a message are looked up in Maps or checked against fixed lists, never used as object keys.
import type { View } from "../interpreter/view.js";
import type { TableRules } from "../table/rules.js";

/** The longest message a client may send, in bytes (a move is a few dozen). Longer ones are refused with an error. */
export const maxMessageBytes = 4096;
/** The longest move text, in characters. */
export const maxMoveText = 500;
/** Messages a connection may send at once, and how many more each second: a person moves a few times a second. */
export const burstMessages = 20;
export const messagesPerSecond = 10;
/** A connection that keeps sending after this many refusals in a row is closed. */
export const maxRefusalsInARow = 200;

/** The answer to POST /rooms: the room, and per seat its invitation link (null for an agent's seat). */
export interface RoomAnswer {
  room: string;
  /** The rules' name. */
  rules: string;
  /** The path of the room's WebSocket. */
  socket: string;
  seats: SeatAnswer[];
  /** The onlookers' link. */
  watch: string;
}

export interface SeatAnswer {
  seat: number;
  name: string;
  /** The agent that plays the seat, or null for a person's seat. */
  agent: string | null;
  /** A person's seat's secret (null for an agent's seat), also in its link after the #. */
  secret: string | null;
  link: string | null;
}

export type ClientMessage =
  /** Take a seat: the seat (from 0) and its secret, as the invitation link gives them. */
  | { t: "join"; seat: number; secret: string }
  /** Watch as an onlooker: what everyone at the table sees. */
  | { t: "watch" }
  /** A move as its text; `id` is the seat's next move id (1 for its first move), `secret` the seat's secret. */
  | { t: "move"; id: number; text: string; secret: string }
  /** Asks for a pong: the client's round trip, which the server also measures with its own pings. */
  | { t: "ping"; n: number }
  /** The answer to the server's ping. */
  | { t: "pong"; n: number };

export interface Frame {
  t: "frame";
  room: string;
  /** The seat this connection plays (from 0), or -1 for an onlooker. */
  seat: number;
  names: string[];
  /** Which seats agents play. */
  agents: boolean[];
  /** Moves applied in the game so far (by everyone), as the game's log counts them. */
  moves: number;
  /** The id of this seat's latest applied move (0: none yet): a move with this id or lower is never applied again. */
  ack: number;
  over: boolean;
  winners: string[];
  error: string | null;
  realtime: boolean;
  /** The game's clock, in seconds (real time). */
  now: number;
  toMove: number[];
  view: View;
  /** The same view as one line of text, zones by their move words, ## for a card this seat may not see. */
  table: string;
  /** This seat's legal moves now, as text. */
  legal: string[];
  /** Log lines as this seat may read them: from line `from` on (0: the whole log so far). */
  log: { from: number; lines: string[] };
  /** Why this seat's move with this id was refused, by which rule. */
  refusal: { id: number; rule: string; reason: string } | null;
  // Added to the protocol later, so optional: a client must do without them (an older server sends none).
  /** Per seat: whether a person's connection holds that seat now (false for a seat agents play). A frame goes to
   *  every connection when someone joins or leaves, so this list is always current. */
  connected?: boolean[];
  /** Per seat: whether an agent plays a person's seat now, because its player was away too long, left, or was
   *  replaced by the table's host; it stops when the seat's player joins again. */
  standIn?: boolean[];
  /** Per legal move, in the same order: the cards it names, by card id — only cards this seat's view shows. */
  legalCards?: number[][];
  /** What drawing the table needs of the rules (zones, variables, each card's face), for the game being played and
   *  the match around it: on a connection's first frame and whenever the game played changes (a match's next
   *  round); absent from the other frames. */
  tableRules?: { game: TableRules; outer: TableRules | null };
}

export type ErrorCode = "malformed" | "too-large" | "too-fast" | "not-seated" | "secret" | "move-id" | "over" | "busy";

export type ServerMessage =
  | Frame
  | { t: "error"; code: ErrorCode; message: string; ack?: number }
  | { t: "pong"; n: number; now: number }
  | { t: "ping"; n: number };

export class Refused extends Error {
  constructor(readonly code: ErrorCode, message: string) {
    super(message);
  }
}

export const isInt = (v: unknown, max: number, min = 0): v is number => typeof v === "number" && Number.isInteger(v) && v >= min && v <= max;
export const isText = (v: unknown, max: number): v is string => typeof v === "string" && v.length <= max;

/** A message's JSON object, or Refused: anything else (not JSON, an array, a number) is malformed. */
export function readObject(data: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    throw new Refused("malformed", "a message is one JSON object");
  }
  if (value === null || typeof value !== "object" || Array.isArray(value)) throw new Refused("malformed", "a message is one JSON object");
  return value as Record<string, unknown>;
}

/** Reads a client's message, or throws Refused with what is wrong with it. `bytes` is its size as received. */
export function readMessage(data: string, bytes: number): ClientMessage {
  if (bytes > maxMessageBytes) throw new Refused("too-large", `a message is at most ${maxMessageBytes} bytes; this one has ${bytes}`);
  const m = readObject(data);
  switch (m.t) {
    case "join":
      if (!isInt(m.seat, 64) || !isText(m.secret, 100)) throw new Refused("malformed", "join takes a seat (a number) and its secret");
      return { t: "join", seat: m.seat, secret: m.secret };
    case "watch":
      return { t: "watch" };
    case "move":
      if (!isInt(m.id, 2 ** 31) || !isText(m.text, maxMoveText) || !isText(m.secret, 100)) {
        throw new Refused("malformed", `move takes an id (a whole number), the move's text (at most ${maxMoveText} characters) and the seat's secret`);
      }
      return { t: "move", id: m.id, text: m.text, secret: m.secret };
    case "ping":
    case "pong":
      if (!isInt(m.n, 2 ** 31)) throw new Refused("malformed", `${m.t} takes a number n`);
      return { t: m.t, n: m.n };
    default:
      throw new Refused("malformed", "a message's t is join, watch, move, ping or pong");
  }
}

/** A connection's allowance of messages: a bucket of `burst` that fills at `perSecond`. */
export class MessageBudget {
  private tokens: number;
  private last: number;

  constructor(
    private readonly burst = burstMessages,
    private readonly perSecond = messagesPerSecond,
    now = performance.now(),
  ) {
    this.tokens = burst;
    this.last = now;
  }

  /** Whether one more message may be taken now. */
  take(now = performance.now()): boolean {
    this.tokens = Math.min(this.burst, this.tokens + ((now - this.last) / 1000) * this.perSecond);
    this.last = now;
    if (this.tokens < 1) return false;
    this.tokens--;
    return true;
  }
}

// A table in the lobby (src/serve/tables.ts): what its connections are told, and what they may send.

/** What a table tells every connection: who sits where, and the room of its game when one is being played. */
export interface TableState {
  t: "table";
  table: string;
  name: string;
  rules: string;
  /** Per seat, the name of whoever sits there, or null for a free seat. */
  seats: (string | null)[];
  /** The room of the table's latest game, or null before the first. */
  room: string | null;
  /** Whether that game is over (a rematch can be asked for). */
  over: boolean;
  games: number;
  /** The agent that plays a seat left empty. */
  agent: string;
  /** Seconds a seat may be without its player in a game before an agent plays it until they are back (null: never). */
  away: number | null;
}

export interface ChatLine {
  from: string;
  text: string;
}

export type TableMessage =
  | TableState
  /** The answer to sit, to that connection only: the seat and its secret, which its link carries from then on. */
  | { t: "seated"; seat: number; secret: string }
  | { t: "chat"; lines: ChatLine[] }
  | { t: "error"; code: ErrorCode | TableErrorCode; message: string };

export type TableErrorCode = "taken" | "started" | "not-host" | "not-over" | "name";

export type TableClientMessage =
  /** Sit in a free seat under a name of one's own (1 to 24 characters). */
  | { t: "sit"; seat: number; name: string }
  /** Leave one's seat (the seat's secret proves it is yours): before the first game it is free again; during a
   *  game an agent plays it until you join the game again. */
  | { t: "leave"; seat: number; secret: string }
  /** The host: start the first game, agents playing the seats nobody took. */
  | { t: "start"; host: string }
  /** The host: a new game with the same seats once the last is over. */
  | { t: "rematch"; host: string }
  /** The host: free a seat before the first game; during a game, hand it to an agent until its player is back. */
  | { t: "remove"; seat: number; host: string }
  /** A few words at the table, from a seat (with its secret) or from an onlooker (seat -1, no secret). */
  | { t: "say"; text: string; seat: number; secret: string };
