// houserules serve: a game server for friends. Rooms are made over HTTP (POST /rooms, with the rules by id or as
// text); players join over a WebSocket (/rooms/:room/socket) with their seat's secret from the invitation link.
// Fastify serves both, @fastify/websocket (ws) carries the messages, @fastify/rate-limit bounds the requests per
// address; each connection has its own budget of messages. Nothing the server logs holds a secret.
import { readdirSync, existsSync, readFileSync, rmSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from "fastify";
import websocket from "@fastify/websocket";
import rateLimit from "@fastify/rate-limit";
import type { WebSocket } from "ws";
import { programVersion } from "../node/rules-hash.js";
import { pageHtml, seatPage } from "./page.js";
import { MessageBudget, Refused, maxMessageBytes, maxRefusalsInARow, readMessage, type RoomAnswer, type ServerMessage } from "./protocol.js";
import { Room, hashSecret, logName, makeRoomFolder, newSecret, roomName, type RoomFile, type RoomTiming, type Viewer, writeSynced } from "./room.js";
import { randomBytes } from "node:crypto";
import { lobbyRoutes } from "./table-routes.js";
import type { Table } from "./tables.js";
import { shelfOf } from "../interpreter/load/shelf.js";
import { catalog } from "../interpreter/load/catalog.js";
import { BadRequest, readRoomRequest, withoutFolders, type RoomMade, type RoomRequest } from "./room-request.js";
import { StartChecks, defaultStartBounds, type StartBounds } from "./starts.js";
import { defaultStepMs, defaultStepWork } from "./step-budget.js";

export interface ServeOptions {
  host: string;
  port: number;
  /** The folder rooms are kept in, one folder each: its rule files, room.json and game.log. */
  data: string;
  /** Origins a browser may connect from besides the server's own (http://host:port as the browser asked for it). */
  origins?: string[];
  /** The most rooms the server holds, in memory or on disk; past it new rooms are refused (503). */
  maxRooms?: number;
  /** The most rooms held at once that one address made (since the server started). */
  roomsPerAddress?: number;
  /**
   * After how long without anything happening (no move, nobody there) a room nobody has played in yet, or whose
   * game is over, expires: its folder is deleted. In milliseconds; default a day.
   */
  expireMs?: number;
  /** The same for a room whose game is going on; default a week. */
  expireUnfinishedMs?: number;
  /**
   * The addresses of reverse proxies whose X-Forwarded-For is believed (Fastify's trustProxy: addresses or
   * CIDR ranges). Only then are the per-address limits counted per player behind the proxy.
   */
  trustProxy?: string[];
  /** How many times a minute one seat may join (default 30): a limit per seat beside the limits per address. */
  joinsPerSeat?: number;
  /** Rooms one address may make per minute, and connections it may open per minute. */
  roomsPerMinute?: number;
  connectionsPerMinute?: number;
  /** Messages per connection: a burst, and how many a second after it. */
  burst?: number;
  perSecond?: number;
  timing?: Partial<RoomTiming>;
  /** How often each connection is pinged to measure its round trip, in milliseconds. */
  pingMs?: number;
  /**
   * How long a room stays in memory after its game ended, in milliseconds (default ten minutes). Then its
   * connections are closed and it is dropped; its folder stays, and a link to it loads it again from its log.
   */
  keepFinishedMs?: number;
  /** Bounds on loading and starting the rule files sent with a room, checked on a thread of their own. */
  starts?: Partial<StartBounds>;
  /** Where the server says what it does (rooms made and resumed; never a secret). */
  say?: (line: string) => void;
}

export interface Server {
  url: string;
  rooms: Map<string, Room>;
  tables: Map<string, Table>;
  app: FastifyInstance;
  close(): Promise<void>;
}

const roomId = /^[A-Za-z0-9_-]{16}$/;
/** A room request with its rule files is at most this many bytes. */
const maxRoomBytes = 2 * 1024 * 1024;
const maxConnectionsPerRoom = 64;


export async function startServer(o: ServeOptions): Promise<Server> {
  const say = o.say ?? (() => {});
  const data = resolve(o.data);
  const timing: RoomTiming = { agentDelayMs: o.timing?.agentDelayMs ?? 400, lagCap: o.timing?.lagCap ?? 0.15, stepMs: o.timing?.stepMs ?? defaultStepMs, stepWork: o.timing?.stepWork ?? defaultStepWork };
  const rooms = new Map<string, Room>();
  const maxRooms = o.maxRooms ?? 1000;
  const full = { error: `the server holds ${maxRooms} rooms, its most` };
  /** Every room the server holds, in memory or on disk only: what --max-rooms counts. */
  const held = new Set<string>();
  /** The rooms each address made that are still held. */
  const madeBy = new Map<string, Set<string>>();
  const roomsPerAddress = o.roomsPerAddress ?? 100;
  const expireMs = o.expireMs ?? 24 * 60 * 60_000;
  const expireUnfinishedMs = o.expireUnfinishedMs ?? 7 * 24 * 60 * 60_000;

  const starts = new StartChecks({ ...defaultStartBounds, ...o.starts });
  /** A message about a room's files, with the server's own folders left out: the room's maker knows the files by their names. */
  const shown = (message: string, folder: string): string => withoutFolders(message, folder, data);
  const keepFinishedMs = o.keepFinishedMs ?? 10 * 60_000;
  /** Holds a room in memory until its game has been over for keepFinishedMs. */
  const hold = (room: Room): Room => {
    rooms.set(room.id, room);
    room.whenOver(() => {
      const timer = setTimeout(() => {
        if (rooms.get(room.id) !== room) return;
        rooms.delete(room.id);
        room.close();
        for (const v of [...room.viewers]) v.end?.();
        say(`room ${room.id} over: no longer in memory, kept on disk`);
      }, keepFinishedMs);
      timer.unref();
    });
    return room;
  };
  const resume = async (name: string): Promise<Room | string> => {
    try {
      return await Room.resume(join(data, name), timing);
    } catch (e) {
      return (e as Error).message;
    }
  };
  /** A finished game's log ends with its end line: such a room is loaded only when someone asks for it. */
  const finished = (name: string): boolean => {
    const log = join(data, name, logName);
    return existsSync(log) && (readFileSync(log, "utf8").trimEnd().split("\n").at(-1) ?? "").startsWith('{"end":');
  };

  /** When anything last happened in a room kept on disk: its log's last write. */
  const lastWritten = (id: string): number => {
    try {
      return statSync(join(data, id, existsSync(join(data, id, logName)) ? logName : roomName)).mtimeMs;
    } catch {
      return 0;
    }
  };

  // every room kept in the data folder, as its log left it; finished games stay on disk until a link asks for one
  for (const name of existsSync(data) ? readdirSync(data) : []) {
    if (!roomId.test(name) || !existsSync(join(data, name, roomName))) continue;
    held.add(name);
    if (finished(name)) {
      say(`room ${name} over: kept on disk`);
      continue;
    }
    const room = await resume(name);
    if (typeof room === "string") say(`room ${name} not resumed: ${room}`);
    else {
      hold(room);
      room.lastActive = lastWritten(name);
      say(`room ${name} resumed: ${room.game.name}, ${room.state.moves} moves${room.state.over ? ", over" : ""}`);
    }
  }

  if (held.size > maxRooms) say(`the server holds ${held.size} rooms, more than its most (${maxRooms}): no room is made until some expire`);

  /**
   * Deletes the rooms that have expired: idle for expireMs, nobody there, and unplayed or over (on disk only, a
   * room is over or could not be resumed); idle for expireUnfinishedMs with a game going on.
   */
  const expire = (): void => {
    const now = Date.now();
    for (const id of [...held]) {
      const room = rooms.get(id);
      if (room && room.viewers.size > 0) continue;
      const idle = now - (room ? room.lastActive : lastWritten(id));
      const limit = !room || room.state.over || room.unplayed || room.broken ? expireMs : expireUnfinishedMs;
      if (idle <= limit || loading.has(id)) continue;
      if (room) {
        rooms.delete(id);
        room.close();
      }
      rmSync(join(data, id), { recursive: true, force: true });
      held.delete(id);
      for (const [address, ids] of madeBy) if (ids.delete(id) && ids.size === 0) madeBy.delete(address);
      say(`room ${id} expired: nothing happened in it for ${Math.round(idle / 60_000)} minutes; its folder is deleted`);
    }
  };
  const expiring = setInterval(expire, Math.min(60_000, Math.max(100, Math.min(expireMs, expireUnfinishedMs) / 2)));
  expiring.unref();

  /**
   * A room by its id: in memory, or loaded again from its folder (a finished game, dropped or from before a
   * restart) while the server holds fewer than its most rooms ("full" when it holds as many).
   */
  const loading = new Map<string, Promise<Room | undefined>>();
  expire();
  const roomFor = (id: string): Promise<Room | undefined> | Room | undefined | "full" => {
    const held = rooms.get(id);
    if (held || !roomId.test(id) || !existsSync(join(data, id, roomName))) return held;
    if (rooms.size >= maxRooms) return "full";
    let load = loading.get(id);
    if (!load) {
      load = resume(id).then((room) => {
        loading.delete(id);
        if (typeof room === "string") return void say(`room ${id} not loaded: ${room}`);
        say(`room ${id} loaded from disk: ${room.game.name}, ${room.state.moves} moves${room.state.over ? ", over" : ""}`);
        return rooms.get(id) ?? hold(room);
      });
      loading.set(id, load);
    }
    return load;
  };

  /**
   * A new room: its folder with the files sent, the files' rules loaded and started on the check's thread first
   * (this thread is every room's), then the room made and held. The room, or why not in words that name the
   * files as sent.
   */
  const createRoom = async (asked: RoomMade, secrets: (string | null)[], address: string): Promise<Room | string> => {
    if (held.size >= maxRooms) return full.error;
    const id = randomBytes(12).toString("base64url");
    const folder = join(data, id);
    makeRoomFolder(folder);
    for (const f of asked.files) writeSynced(join(folder, f.name), f.text);
    const file: RoomFile = { room: id, rules: asked.rules, seed: asked.seed, names: asked.names, agents: asked.agents, options: asked.options, speed: asked.speed, secrets, ...(asked.away !== undefined ? { away: asked.away } : {}) };
    const refuse = (error: string) => {
      rmSync(folder, { recursive: true, force: true });
      return shown(error, folder);
    };
    const unfit = asked.files.length > 0 ? await starts.check({ folder, rules: asked.rules, names: asked.names, seed: asked.seed, options: asked.options, stepMs: timing.stepMs, stepWork: timing.stepWork }) : null;
    if (unfit !== null) return refuse(unfit);
    const room = await Room.create(folder, file, timing);
    if (typeof room === "string") return refuse(room);
    hold(room);
    held.add(id);
    const made = madeBy.get(address) ?? new Set<string>();
    madeBy.set(address, made.add(id));
    say(`room ${id} made: ${room.game.name}, ${asked.names.length} seats`);
    return room;
  };

  // Fastify's own request log prints urls and headers: it is off, so that nothing a client sent is written down.
  // behind a reverse proxy every connection comes from the proxy: only a proxy named here is believed about whom it
  // forwards (req.ip is then the player's address), never a client that sends X-Forwarded-For itself
  const app = Fastify({ logger: false, bodyLimit: maxRoomBytes, trustProxy: o.trustProxy && o.trustProxy.length > 0 ? o.trustProxy : false });
  await app.register(rateLimit, { global: false });
  await app.register(websocket, { options: { maxPayload: 1024 * 1024 } });

  const allowed = new Set(o.origins ?? []);
  const originRefused = (req: FastifyRequest): boolean => {
    const origin = req.headers.origin;
    if (origin === undefined) return false; // not a browser: no page can be making it connect
    return !(allowed.has(origin) || origin === `http://${req.headers.host}` || origin === `https://${req.headers.host}`);
  };
  /**
   * A page of an origin given with --origin (the playground, say) makes rooms with a cross-origin fetch: the
   * browser asks first (OPTIONS, since the body is JSON) and reads the answer only if it names that origin. Only
   * the origins given are named, one at a time, never "*"; the server's own pages need none of it.
   */
  const crossOrigin = (req: FastifyRequest, reply: FastifyReply): void => {
    const origin = req.headers.origin;
    if (origin !== undefined && allowed.has(origin)) reply.header("access-control-allow-origin", origin).header("vary", "origin");
  };
  app.options("/rooms", async (req, reply) => {
    if (originRefused(req)) return reply.code(403).send({ error: "this origin may not make rooms here" });
    crossOrigin(req, reply);
    return reply.code(204).header("access-control-allow-methods", "POST").header("access-control-allow-headers", "content-type").header("access-control-max-age", "600").send();
  });

  // A browser opening an invitation link gets the page that plays it (src/serve/page.ts); a program, the server's version.
  const pagePolicy = "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; connect-src 'self'; base-uri 'none'; form-action 'none'";
  const page = seatPage();
  if (page.missing) say(page.missing);
  app.get("/", async (req, reply) => {
    if (!/text\/html/.test(req.headers.accept ?? "")) return { houserules: programVersion(), rooms: rooms.size };
    return reply.header("content-security-policy", pagePolicy).type("text/html; charset=utf-8").send(pageHtml);
  });
  app.get("/seat.js", async (_req, reply) => reply.header("content-security-policy", pagePolicy).type("text/javascript; charset=utf-8").send(page.script));
  app.get("/seat.css", async (_req, reply) => reply.header("content-security-policy", pagePolicy).type("text/css; charset=utf-8").send(page.style));

  app.post("/rooms", { config: { rateLimit: { max: o.roomsPerMinute ?? 30, timeWindow: 60_000 } } }, async (req, reply) => {
    if (originRefused(req)) return reply.code(403).send({ error: "this origin may not make rooms here" });
    crossOrigin(req, reply);
    if (held.size >= maxRooms) return reply.code(503).send(full);
    const mine = madeBy.get(req.ip)?.size ?? 0;
    if (mine >= roomsPerAddress) return reply.code(429).send({ error: `this address holds ${mine} rooms already, the most one address may (rooms expire a while after their game ends)` });
    let asked;
    try {
      asked = readRoomRequest(req.body as RoomRequest);
    } catch (e) {
      if (e instanceof BadRequest) return reply.code(400).send({ error: e.message });
      throw e;
    }
    const secrets = asked.agents.map((a) => (a === null ? newSecret() : null));
    const room = await createRoom(asked, secrets.map((s) => (s === null ? null : hashSecret(s))), req.ip);
    if (typeof room === "string") return reply.code(400).send({ error: room });
    const id = room.id;
    const base = `http://${req.headers.host}`;
    return reply.code(201).send({
      room: id, rules: room.game.name, socket: `/rooms/${id}/socket`,
      seats: asked.names.map((name, seat) => ({ seat, name, agent: asked.agents[seat], secret: secrets[seat], link: secrets[seat] === null ? null : `${base}/#room=${id}&seat=${seat}&secret=${secrets[seat]}` })),
      watch: `${base}/#room=${id}`,
    } satisfies RoomAnswer);
  });

  app.get("/rooms/:room", { config: { rateLimit: { max: o.connectionsPerMinute ?? 120, timeWindow: 60_000 } } }, async (req, reply) => {
    crossOrigin(req, reply);
    const room = await roomFor((req.params as { room: string }).room);
    if (room === "full") return reply.code(503).send(full);
    if (!room) return reply.code(404).send({ error: "no such room" });
    const seated = new Set([...room.viewers].map((v) => v.seat));
    return { room: room.id, rules: room.game.name, moves: room.state.moves, over: room.state.over, seats: room.file.names.map((name, seat) => ({ seat, name, agent: room.file.agents[seat], connected: seated.has(seat) })) };
  });

  app.get("/rooms/:room/socket", {
    websocket: true,
    config: { rateLimit: { max: o.connectionsPerMinute ?? 120, timeWindow: 60_000 } },
    preValidation: async (req, reply) => {
      const id = (req.params as { room: string }).room;
      if (originRefused(req)) return reply.code(403).send({ error: "this origin may not connect here" });
      const room = await roomFor(id);
      if (room === "full") return reply.code(503).send(full);
      if (!room) return reply.code(404).send({ error: "no such room" });
      if (room.viewers.size >= maxConnectionsPerRoom) return reply.code(503).send({ error: "the room has as many connections as it takes" });
    },
  }, (socket, req) => {
    const room = rooms.get((req.params as { room: string }).room);
    if (!room) return socket.close(1011, "the room is no longer held");
    connect(socket, room, o);
  });

  const lobby = await lobbyRoutes(app, {
    data, say, timing, starts, rooms, createRoom, originRefused, crossOrigin,
    maxTables: maxRooms, tablesPerAddress: roomsPerAddress, perMinute: o.roomsPerMinute ?? 30, connectionsPerMinute: o.connectionsPerMinute ?? 120,
    burst: o.burst, perSecond: o.perSecond, expireMs,
  });
  // the shelf's games and their house rules, for the lobby's form of a new table: read when first asked for, since
  // reading every shipped rule file costs a server that only holds rooms tens of megabytes
  let shelf: unknown[] | null = null;
  app.get("/shelf", { config: { rateLimit: { max: o.connectionsPerMinute ?? 120, timeWindow: 60_000 } } }, async (req, reply) => {
    crossOrigin(req, reply);
    shelf ??= shelfOf(catalog()).map((g) => ({ id: g.id, name: g.name, family: g.family, players: g.players, houseRules: g.houseRules.map((r) => ({ id: r.id, name: r.name })) }));
    return { games: shelf };
  });

  await app.listen({ host: o.host, port: o.port });
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : o.port;
  const host = o.host.includes(":") ? `[${o.host}]` : o.host;
  return {
    url: `http://${host}:${port}`, rooms, tables: lobby.tables, app,
    close: async () => {
      for (const room of rooms.values()) room.close();
      clearInterval(expiring);
      lobby.close();
      await app.close();
      await starts.close();
    },
  };
}

/** One connection: its budget of messages, its seat once it joins, the secret checked on each of its moves. */
function connect(socket: WebSocket, room: Room, o: ServeOptions): void {
  const budget = new MessageBudget(o.burst, o.perSecond);
  let refusals = 0;
  let joined = false;
  let pingN = 0;
  const pingAt = new Map<number, number>(); // the pings not answered yet, the latest few

  const viewer: Viewer = {
    seat: -1, sent: 0, rtt: 0,
    send: (m: ServerMessage) => {
      if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(m));
    },
    end: () => socket.close(1000, "the game is over"),
  };
  const refuse = (e: Refused) => {
    // each refused message is answered, so that a client knows its move was dropped; a flood is soon closed
    if (++refusals > maxRefusalsInARow) return socket.close(1008, "too many refused messages");
    viewer.send({ t: "error", code: e.code, message: e.message, ...(joined && viewer.seat >= 0 ? { ack: room.ack(viewer.seat) } : {}) });
  };
  const pinger = setInterval(() => {
    pingN++;
    pingAt.set(pingN, performance.now());
    pingAt.delete(pingN - 8);
    viewer.send({ t: "ping", n: pingN });
  }, o.pingMs ?? 2000);
  pinger.unref();
  socket.on("message", (data: Buffer, binary: boolean) => {
    try {
      if (!budget.take()) throw new Refused("too-fast", `at most ${o.perSecond ?? 10} messages a second: this one was dropped`);
      if (binary) throw new Refused("malformed", "a message is JSON text, not binary");
      const m = readMessage(data.length <= maxMessageBytes ? data.toString("utf8") : "", data.length);
      switch (m.t) {
        case "join":
        case "watch":
          if (joined) throw new Refused("malformed", "this connection has joined already");
          if (m.t === "join") {
            if (room.file.agents[m.seat] !== null || !room.admits(m.seat, m.secret)) {
              viewer.send({ t: "error", code: "secret", message: "that is not the secret of a person's seat in this room" });
              socket.close(1008, "wrong seat secret");
              return;
            }
            const perMinute = o.joinsPerSeat ?? 30;
            if (!room.mayJoin(m.seat, perMinute)) {
              viewer.send({ t: "error", code: "too-fast", message: `this seat has joined ${perMinute} times in the last minute, its most: wait a little` });
              socket.close(1008, "the seat joined too often");
              return;
            }
            viewer.seat = m.seat;
          }
          joined = true;
          room.join(viewer);
          break;
        case "move":
          if (!joined || viewer.seat < 0) throw new Refused("not-seated", "join a seat before moving");
          if (!room.admits(viewer.seat, m.secret)) throw new Refused("secret", "that is not this seat's secret");
          void room.move(viewer, m.id, m.text);
          break;
        case "ping":
          viewer.send({ t: "pong", n: m.n, now: room.now() });
          break;
        case "pong":
          if (pingAt.has(m.n)) viewer.rtt = (performance.now() - pingAt.get(m.n)!) / 1000;
          pingAt.delete(m.n);
          break;
      }
      refusals = 0;
    } catch (e) {
      if (e instanceof Refused) refuse(e);
      else throw e;
    }
  });
  socket.on("close", () => {
    clearInterval(pinger);
    room.leave(viewer);
  });
  socket.on("error", () => socket.terminate());
}
