// A player at another screen, as the tests see one: a real WebSocket (ws) to a houserules server, keeping every
// message it received, and the checks of what a seat was sent against the game's own log.
import WebSocket from "ws";
import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { createInterface } from "node:readline";
import { resolve } from "node:path";
import type { Frame, RoomAnswer, SeatAnswer, ServerMessage } from "../../src/serve/protocol.js";
import type { Game } from "../../src/interpreter/model.js";
import type { State } from "../../src/interpreter/state.js";
import { innermost, newGame } from "../../src/interpreter/engine.js";
import { applyLogged, type LogHeader, type LogMove } from "../../src/sim/game-log.js";
import { SeenSoFar, formatLeak, gameChain, hiddenNames, namesThatAreNotCards, viewLeaks, visibleCards } from "../../src/sim/leaks.js";

export type Seat = SeatAnswer;
export type MadeRoom = RoomAnswer;

/**
 * `houserules serve` as its own process on 127.0.0.1 (any free port unless `args` give one), agents moving at once;
 * resolves with its address and what it said. The child is added to `children`, for the caller to end.
 */
export function spawnServer(data: string, children: ChildProcess[], args: string[] = []): Promise<{ child: ChildProcess; url: string; said: string[] }> {
  const port = args.includes("--port") ? [] : ["--port", "0"];
  const child = spawn(process.execPath, [resolve("bin/houserules.js"), "serve", ...port, "--data", data, "--json", "--agent-delay", "0", "--messages-per-second", "500", ...args], { stdio: ["ignore", "pipe", "inherit"] });
  children.push(child);
  const said: string[] = [];
  return new Promise((done, failed) => {
    child.once("exit", (code) => failed(new Error(`the server exited with ${code}: ${said.join("\n")}`)));
    createInterface({ input: child.stdout! }).on("line", (line) => {
      said.push(line);
      const m = JSON.parse(line) as { listening?: string };
      if (m.listening) done({ child, url: m.listening, said });
    });
  });
}

export async function makeRoom(url: string, body: unknown): Promise<MadeRoom> {
  const r = await fetch(`${url}/rooms`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  const answer = (await r.json()) as MadeRoom & { error?: string };
  if (r.status !== 201) throw new Error(`${r.status}: ${answer.error}`);
  return answer;
}

/** The secret in an invitation link (after the #, so that it never reaches a server's request log). */
export function secretOf(link: string): { room: string; seat: number; secret: string } {
  const p = new URLSearchParams(new URL(link).hash.slice(1));
  return { room: p.get("room")!, seat: Number(p.get("seat")), secret: p.get("secret")! };
}

export class Client {
  readonly received: ServerMessage[] = [];
  private waiting: { test: (m: ServerMessage) => boolean; done: (m: ServerMessage) => void }[] = [];
  closed: { code: number; reason: string } | null = null;
  /** How long this client's answers to the server's pings are held back, in milliseconds (a slow line). */
  lagMs = 0;

  private constructor(readonly ws: WebSocket) {
    ws.on("message", (data) => {
      const m = JSON.parse(String(data)) as ServerMessage;
      this.received.push(m);
      if (m.t === "ping") setTimeout(() => this.send({ t: "pong", n: m.n }), this.lagMs);
      this.waiting = this.waiting.filter((w) => (w.test(m) ? (w.done(m), false) : true));
    });
    ws.on("close", (code, reason) => (this.closed = { code, reason: String(reason) }));
  }

  static open(url: string, room: string, headers: Record<string, string> = {}): Promise<Client> {
    const ws = new WebSocket(`${url.replace(/^http/, "ws")}/rooms/${room}/socket`, { headers });
    return new Promise((done, failed) => {
      ws.once("open", () => done(new Client(ws)));
      ws.once("unexpected-response", (_req, res) => failed(new Error(`refused: ${res.statusCode}`)));
      ws.once("error", failed);
    });
  }

  send(m: unknown): void {
    this.ws.send(typeof m === "string" ? m : JSON.stringify(m));
  }

  /** The next message (from now) that passes the test. */
  next(test: (m: ServerMessage) => boolean = () => true, ms = 10_000): Promise<ServerMessage> {
    return new Promise((done, failed) => {
      const timer = setTimeout(() => failed(new Error(`no such message in ${ms} ms; the last: ${JSON.stringify(this.received.at(-1))?.slice(0, 300)}`)), ms);
      this.waiting.push({ test, done: (m) => (clearTimeout(timer), done(m)) });
    });
  }

  nextFrame(test: (f: Frame) => boolean = () => true, ms?: number): Promise<Frame> {
    return this.next((m) => m.t === "frame" && test(m), ms) as Promise<Frame>;
  }

  get frames(): Frame[] {
    return this.received.filter((m): m is Frame => m.t === "frame");
  }

  get last(): Frame {
    return this.frames.at(-1)!;
  }

  close(): void {
    this.ws.close();
  }
}

/**
 * A person at a seat who moves whenever they may: a card played where one can be, chosen with the seat's own
 * seeded numbers, each move with the next id. A move dropped for coming too fast is sent again a little later
 * with the same id, as a page would. It remembers which text each id carried once the server acknowledged it,
 * and keeps to its ids across connections: after a reconnect the move in flight is sent again, and the server
 * applies it only if it had not.
 */
export class Player {
  id = 0;
  sent: { t: "move"; id: number; text: string; secret: string } | null = null;
  readonly acked = new Map<number, string>();
  private client: Client | null = null;

  constructor(
    readonly secret: string,
    private r: number,
  ) {}

  pick(legal: string[]): string {
    // past the swaps at once, and a card played where one can be: a random player swaps and picks up for
    // thousands of moves
    const on = legal.filter((m) => !m.startsWith("swap") && m !== "pickup");
    const from = on.length ? on : legal;
    return from[(this.r = (this.r * 1103515245 + 12345) % 2 ** 31) % from.length];
  }

  play(client: Client): void {
    this.client = client;
    client.ws.on("message", (data) => {
      const m = JSON.parse(String(data)) as ServerMessage;
      if (this.client !== client) return;
      if (m.t === "frame") this.onFrame(m);
      if (m.t === "error" && m.code === "too-fast") setTimeout(() => this.client === client && this.sent && client.send(this.sent), 100);
    });
    if (this.sent) client.send(this.sent); // answered before, or not: the server knows by its id
    this.onFrame(client.last);
  }

  private onFrame(f: Frame): void {
    if (this.sent && f.ack >= this.sent.id) this.acked.set(this.sent.id, this.sent.text);
    if (f.over || f.legal.length === 0 || f.ack < this.id) return; // the move sent is not answered yet
    this.id = f.ack + 1;
    this.client!.send((this.sent = { t: "move", id: this.id, text: this.pick(f.legal), secret: this.secret }));
  }
}

/** The lines of a room's log (game.log in its folder), parsed. */
export function logLines(file: string): (LogHeader | LogMove | { end: true; winners: string[] })[] {
  return readFileSync(file, "utf8").split("\n").filter(Boolean).map((l) => JSON.parse(l));
}

/**
 * The leak checker over what sockets received: the game is played again from its log, and every frame is
 * checked against the game as it was after the frame's count of moves — its view (viewLeaks), its legal
 * moves and its log lines, which may name only cards the seat could see by then.
 */
export function framesLeaks(game: Game, logFile: string, frames: Frame[]): string[] {
  const lines = logLines(logFile);
  const header = lines[0] as LogHeader;
  // what each seat (and an onlooker, -1) could see at any moment so far: after every event
  const seen = new Map(Array.from({ length: header.players.length + 1 }, (_, i) => [i - 1, new SeenSoFar(i - 1)]));
  const observe = (st: State) => {
    for (const g of gameChain(st)) for (const so of seen.values()) so.observe(g);
  };
  const s = newGame(game, { players: header.players, seed: header.seed, options: header.options, log: true, watch: (g) => observe(g) });
  const moves = lines.filter((l): l is LogMove => "move" in l);
  const sorted = [...frames].sort((a, b) => a.moves - b.moves);
  const out: string[] = [];
  let k = 0;
  for (const f of sorted) {
    observe(s);
    while (k < f.moves) {
      const refused = applyLogged(s, moves[k++]);
      if (refused) throw new Error(refused);
      observe(s);
    }
    out.push(...viewLeaks(s, f.seat, () => f.view).map(formatLeak));
    const g = innermost(s);
    const ignore = namesThatAreNotCards(s);
    const known = visibleCards(g, f.seat);
    for (const text of f.legal) for (const name of hiddenNames(g, text, known, ignore)) out.push(`seat ${f.seat} at move ${f.moves}: the legal move '${text}' names ${name}`);
    // the fields added to the protocol since: the cards of each legal move, and who is connected (no cards at all)
    if (f.legalCards && f.legalCards.length !== f.legal.length) out.push(`seat ${f.seat} at move ${f.moves}: legalCards has ${f.legalCards.length} entries for ${f.legal.length} legal moves`);
    for (const [i, cards] of (f.legalCards ?? []).entries()) for (const c of cards) if (!known.has(c)) out.push(`seat ${f.seat} at move ${f.moves}: the legal move '${f.legal[i]}' carries card ${g.game.cardNames[c] ?? c}, which the seat may not see`);
    if (f.connected && (f.connected.length !== f.names.length || f.connected.some((c) => typeof c !== "boolean"))) out.push(`seat ${f.seat} at move ${f.moves}: connected is not one true or false per seat`);
    for (const line of f.log.lines) for (const name of seen.get(f.seat)!.unseen(line, ignore)) out.push(`seat ${f.seat} at move ${f.moves}: the log line '${line}' names ${name}`);
  }
  return out;
}
