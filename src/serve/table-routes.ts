// The lobby's side of houserules serve: tables made over HTTP (POST /tables), found when their host lists them
// (GET /tables), and each table's WebSocket (/tables/:table/socket) where friends sit down under names of their
// own, the host starts and asks for rematches, and a few words are said. A table's games are rooms, made with the
// server's own room maker, so everything a room promises (its log, exactly-once moves, each seat's view only)
// holds for them. Tables are kept in DATA/tables/, one folder each, and found again after a restart.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { randomBytes } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { WebSocket } from "ws";
import { makeAgent } from "../agents/index.js";
import { optionProblems } from "../interpreter/options.js";
import { MessageBudget, Refused, maxMessageBytes, maxRefusalsInARow } from "./protocol.js";
import { Room, writeSynced, type RoomTiming } from "./room.js";
import { BadRequest, readRoomRequest, serverAgents, withoutFolders, type RoomMade, type RoomRequest } from "./room-request.js";
import { Table, cleanText, hashOf, readTableMessage, tableFileName, type TableFile, type TableMessage, type TableViewer } from "./tables.js";
import type { StartChecks } from "./starts.js";

/** What the lobby needs of the server: its room maker and rooms, its checks of origins and its limits. */
export interface LobbyContext {
  data: string;
  say: (line: string) => void;
  timing: RoomTiming;
  starts: StartChecks;
  rooms: Map<string, Room>;
  createRoom(asked: RoomMade, secrets: (string | null)[], address: string): Promise<Room | string>;
  originRefused(req: FastifyRequest): boolean;
  crossOrigin(req: FastifyRequest, reply: FastifyReply): void;
  maxTables: number;
  tablesPerAddress: number;
  perMinute: number;
  connectionsPerMinute: number;
  burst?: number;
  perSecond?: number;
  expireMs: number;
}

const tableId = /^[A-Za-z0-9_-]{16}$/;
const maxTableName = 60;
/** Lines of chat a connection may say: a few at once, then one every two seconds. */
const chatBurst = 5;
const chatPerSecond = 0.5;

export interface TableAnswer {
  table: string;
  name: string;
  rules: string;
  players: number;
  /** The host's secret, also in the host's link after the #: it starts the game and asks for rematches. */
  host: string;
  /** The link to share: friends open it, choose a free seat and a name. */
  link: string;
  /** The host's own link (keep it: it carries the host's secret). */
  hostLink: string;
}

/** Adds the lobby's routes to the server; returns what closes it. */
export async function lobbyRoutes(app: FastifyInstance, ctx: LobbyContext): Promise<{ tables: Map<string, Table>; close(): void }> {
  const folderOf = (id: string) => join(ctx.data, "tables", id);
  const tables = new Map<string, Table>();
  const madeBy = new Map<string, Set<string>>();
  const maker = {
    make: async (t: TableFile, names: string[], agents: (string | null)[], secrets: (string | null)[], seed: string) => {
      const files = t.files.map((name) => ({ name, text: readFileSync(join(folderOf(t.table), name), "utf8") }));
      const room = await ctx.createRoom({ rules: t.rules, files, agents, names, seed, options: { ...t.options }, speed: 1, ...(t.away !== undefined ? { away: t.away } : {}) }, secrets, `table ${t.table}`);
      return typeof room === "string" ? { error: room } : { room: room.id };
    },
    over: (room: string) => ctx.rooms.get(room)?.state.over ?? true,
    standIn: (room: string, seat: number) => ctx.rooms.get(room)?.standIn(seat),
    whenOver: (room: string, f: () => void) => ctx.rooms.get(room)?.whenOver(f),
  };

  // the tables kept from before a restart
  const kept = join(ctx.data, "tables");
  for (const id of existsSync(kept) ? readdirSync(kept) : []) {
    if (!tableId.test(id) || !existsSync(join(folderOf(id), tableFileName))) continue;
    try {
      const file = JSON.parse(readFileSync(join(folderOf(id), tableFileName), "utf8")) as TableFile;
      tables.set(id, new Table(folderOf(id), file, maker));
    } catch (e) {
      ctx.say(`table ${id} not loaded: ${(e as Error).message}`);
    }
  }

  const expiring = setInterval(() => {
    const now = Date.now();
    for (const [id, t] of tables) {
      const room = t.file.rooms.at(-1);
      if (t.viewers.size > 0 || now - t.lastActive <= ctx.expireMs || (room !== undefined && ctx.rooms.has(room) && !maker.over(room))) continue;
      tables.delete(id);
      rmSync(folderOf(id), { recursive: true, force: true });
      for (const [address, ids] of madeBy) if (ids.delete(id) && ids.size === 0) madeBy.delete(address);
      ctx.say(`table ${id} expired`);
    }
  }, Math.min(60_000, Math.max(100, ctx.expireMs / 2)));
  expiring.unref();

  app.options("/tables", async (req, reply) => {
    if (ctx.originRefused(req)) return reply.code(403).send({ error: "this origin may not make tables here" });
    ctx.crossOrigin(req, reply);
    return reply.code(204).header("access-control-allow-methods", "POST").header("access-control-allow-headers", "content-type").header("access-control-max-age", "600").send();
  });

  app.post("/tables", { config: { rateLimit: { max: ctx.perMinute, timeWindow: 60_000 } } }, async (req, reply) => {
    if (ctx.originRefused(req)) return reply.code(403).send({ error: "this origin may not make tables here" });
    ctx.crossOrigin(req, reply);
    if (tables.size >= ctx.maxTables) return reply.code(503).send({ error: `the server holds ${ctx.maxTables} tables, its most` });
    const mine = madeBy.get(req.ip)?.size ?? 0;
    if (mine >= ctx.tablesPerAddress) return reply.code(429).send({ error: `this address holds ${mine} tables already, the most one address may` });
    const body = (req.body ?? {}) as RoomRequest & { name?: unknown; listed?: unknown; agent?: unknown };
    let asked: RoomMade;
    let name: string;
    let agent: string;
    try {
      asked = readRoomRequest({ ...body, agents: undefined, names: undefined, away: body.away ?? 120 });
      name = typeof body.name === "string" ? cleanText(body.name) : "";
      if (name.length < 1 || name.length > maxTableName) throw new BadRequest(`name is the table's name, 1 to ${maxTableName} characters`);
      agent = body.agent === undefined ? "random" : String(body.agent);
      if (!serverAgents.has(agent) || !makeAgent(agent)) throw new BadRequest(`agent is the agent that plays an empty seat: ${[...serverAgents].join(" or ")}`);
      if (body.listed !== undefined && typeof body.listed !== "boolean") throw new BadRequest("listed is true (anyone may find the table) or false");
    } catch (e) {
      if (e instanceof BadRequest) return reply.code(400).send({ error: e.message });
      throw e;
    }
    const id = randomBytes(12).toString("base64url");
    const folder = folderOf(id);
    mkdirSync(folder, { recursive: true });
    const refuse = (error: string) => {
      rmSync(folder, { recursive: true, force: true });
      return reply.code(400).send({ error: withoutFolders(error, folder, ctx.data) });
    };
    for (const f of asked.files) writeSynced(join(folder, f.name), f.text);
    // the rules are checked as a room's are: files sent load and start on a thread of their own first
    const unfit = asked.files.length > 0 ? await ctx.starts.check({ folder, rules: asked.rules, names: asked.names, seed: asked.seed, options: asked.options, stepMs: ctx.timing.stepMs, stepWork: ctx.timing.stepWork }) : null;
    if (unfit !== null) return refuse(unfit);
    const rules = Room.loadRules(folder, asked.rules);
    if (typeof rules === "string") return refuse(rules);
    const n = asked.names.length;
    if (n < rules.game.players.min || n > rules.game.players.max) return refuse(`${rules.game.name} is for ${rules.game.players.min}–${rules.game.players.max} players, not ${n}`);
    const wrong = optionProblems(rules.game.options, asked.options);
    if (wrong.length) return refuse(wrong.map((w) => w.message).join("; "));
    const host = randomBytes(18).toString("base64url");
    const file: TableFile = {
      table: id, name, rules: asked.rules, files: asked.files.map((f) => f.name), title: rules.game.name, options: { ...asked.options },
      listed: body.listed === true, host: hashOf(host), seats: Array(n).fill(null), agent, away: asked.away, rooms: [], seed: asked.seed,
    };
    Table.write(folder, file);
    tables.set(id, new Table(folder, file, maker));
    madeBy.set(req.ip, (madeBy.get(req.ip) ?? new Set<string>()).add(id));
    ctx.say(`table ${id} made: ${rules.game.name}, ${n} seats${file.listed ? ", listed" : ""}`);
    const base = `http://${req.headers.host}`;
    return reply.code(201).send({ table: id, name, rules: rules.game.name, players: n, host, link: `${base}/#table=${id}`, hostLink: `${base}/#table=${id}&host=${host}` } satisfies TableAnswer);
  });

  // the tables whose hosts listed them, with a free seat and no game started: newest first, at most 50
  app.get("/tables", { config: { rateLimit: { max: ctx.connectionsPerMinute, timeWindow: 60_000 } } }, async (req, reply) => {
    ctx.crossOrigin(req, reply);
    const open = [...tables.values()].filter((t) => t.file.listed && t.file.rooms.length === 0 && t.file.seats.includes(null)).reverse().slice(0, 50);
    return { tables: open.map((t) => ({ table: t.id, name: t.file.name, rules: t.file.title, players: t.file.seats.length, free: t.file.seats.filter((s) => s === null).length })) };
  });

  app.get("/tables/:table", { config: { rateLimit: { max: ctx.connectionsPerMinute, timeWindow: 60_000 } } }, async (req, reply) => {
    ctx.crossOrigin(req, reply);
    const t = tables.get((req.params as { table: string }).table);
    if (!t) return reply.code(404).send({ error: "no such table" });
    return t.state();
  });

  app.get("/tables/:table/socket", {
    websocket: true,
    config: { rateLimit: { max: ctx.connectionsPerMinute, timeWindow: 60_000 } },
    preValidation: async (req, reply) => {
      if (ctx.originRefused(req)) return reply.code(403).send({ error: "this origin may not connect here" });
      const t = tables.get((req.params as { table: string }).table);
      if (!t) return reply.code(404).send({ error: "no such table" });
      if (t.viewers.size >= 64) return reply.code(503).send({ error: "the table has as many connections as it takes" });
    },
  }, (socket, req) => {
    const t = tables.get((req.params as { table: string }).table);
    if (!t) return socket.close(1011, "the table is no longer held");
    connectTable(socket, t, ctx);
  });

  return { tables, close: () => clearInterval(expiring) };
}

/** One connection to a table: its budget of messages (and a smaller one for chat), each message read and checked. */
function connectTable(socket: WebSocket, table: Table, ctx: LobbyContext): void {
  const budget = new MessageBudget(ctx.burst, ctx.perSecond);
  const chat = new MessageBudget(chatBurst, chatPerSecond);
  let refusals = 0;
  const viewer: TableViewer = {
    send: (m: TableMessage) => {
      if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(m));
    },
  };
  socket.on("message", (data: Buffer, binary: boolean) => {
    try {
      if (!budget.take()) throw new Refused("too-fast", `at most ${ctx.perSecond ?? 10} messages a second: this one was dropped`);
      if (binary) throw new Refused("malformed", "a message is JSON text, not binary");
      if (data.length > maxMessageBytes) throw new Refused("too-large", `a message is at most ${maxMessageBytes} bytes; this one has ${data.length}`);
      const m = readTableMessage(data.toString("utf8"));
      if (m.t === "say" && !chat.take()) throw new Refused("too-fast", "a line of chat every two seconds at most: this one was not said");
      void table.take(viewer, m);
      refusals = 0;
    } catch (e) {
      if (!(e instanceof Refused)) throw e;
      if (++refusals > maxRefusalsInARow) return socket.close(1008, "too many refused messages");
      viewer.send({ t: "error", code: e.code, message: e.message });
    }
  });
  socket.on("close", () => table.leave(viewer));
  socket.on("error", () => socket.terminate());
  table.join(viewer);
}
