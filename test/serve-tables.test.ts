// The lobby of houserules serve: a table made by its host, friends sitting down under names of their own, the
// host starting with agents in the empty seats, a rematch with the same seats, a few words at the table kept
// apart from the game's log, every bad message refused, and a seat given before a SIGKILL still given after it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appendFileSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ChildProcess } from "node:child_process";
import WebSocket from "ws";
import { startServer, type Server } from "../src/serve/server.js";
import type { TableMessage, TableState } from "../src/serve/protocol.js";
import type { TableAnswer } from "../src/serve/table-routes.js";
import { Client, Player, spawnServer } from "./helpers/serve-client.js";

let server: Server;
let data: string;
const children: ChildProcess[] = [];

beforeAll(async () => {
  data = mkdtempSync(join(tmpdir(), "houserules-tables-"));
  server = await startServer({ host: "127.0.0.1", port: 0, data, timing: { agentDelayMs: 0 }, burst: 40, perSecond: 400, pingMs: 500 });
});

afterAll(async () => {
  for (const c of children) if (c.exitCode === null) c.kill("SIGKILL");
  await server?.close();
  rmSync(data, { recursive: true, force: true });
});

/** A connection to a table, keeping what it was told. */
class Guest {
  readonly received: TableMessage[] = [];
  private waiting: { test: (m: TableMessage) => boolean; done: (m: TableMessage) => void }[] = [];
  private constructor(readonly ws: WebSocket) {
    ws.on("message", (d) => {
      const m = JSON.parse(String(d)) as TableMessage;
      this.received.push(m);
      this.waiting = this.waiting.filter((w) => (w.test(m) ? (w.done(m), false) : true));
    });
  }
  static open(url: string, table: string): Promise<Guest> {
    const ws = new WebSocket(`${url.replace(/^http/, "ws")}/tables/${table}/socket`);
    return new Promise((done, failed) => {
      const g = new Guest(ws);
      ws.once("open", () => done(g));
      ws.once("error", failed);
    });
  }
  send(m: unknown): void {
    this.ws.send(typeof m === "string" ? m : JSON.stringify(m));
  }
  next(test: (m: TableMessage) => boolean, ms = 10_000): Promise<TableMessage> {
    const had = this.received.find(test);
    if (had) {
      this.received.splice(this.received.indexOf(had), 1);
      return Promise.resolve(had);
    }
    return new Promise((done, failed) => {
      const timer = setTimeout(() => failed(new Error(`no such message in ${ms} ms; the last: ${JSON.stringify(this.received.at(-1))}`)), ms);
      this.waiting.push({ test, done: (m) => (clearTimeout(timer), this.received.splice(this.received.indexOf(m), 1), done(m)) });
    });
  }
  table(test: (t: TableState) => boolean = () => true): Promise<TableState> {
    return this.next((m) => m.t === "table" && test(m)) as Promise<TableState>;
  }
  error(): Promise<{ code: string; message: string }> {
    return this.next((m) => m.t === "error") as Promise<{ t: "error"; code: string; message: string }>;
  }
  async sit(seat: number, name: string): Promise<string> {
    this.send({ t: "sit", seat, name });
    const m = await this.next((x) => x.t === "seated" || x.t === "error");
    if (m.t !== "seated") throw new Error(JSON.stringify(m));
    return m.secret;
  }
}

async function makeTable(url: string, body: unknown): Promise<{ status: number; answer: TableAnswer & { error?: string } }> {
  const r = await fetch(`${url}/tables`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  return { status: r.status, answer: (await r.json()) as TableAnswer & { error?: string } };
}

/** Plays every seat's moves (each with its own Player) until the room's game is over. */
async function playToEnd(url: string, room: string, seats: [number, string][]): Promise<Client[]> {
  const clients = await Promise.all(seats.map(async ([seat, secret], k) => {
    const c = await Client.open(url, room);
    c.send({ t: "join", seat, secret });
    await c.nextFrame();
    new Player(secret, 11 + k).play(c);
    return c;
  }));
  await Promise.all(clients.map((c) => (c.last.over ? Promise.resolve(c.last) : c.nextFrame((f) => f.over, 60_000))));
  return clients;
}

describe("a table in the lobby", () => {
  it("is made with a game and a house rule, found when listed, sat at by name, started by its host, and played again", async () => {
    const made = await makeTable(server.url, { name: "Friday night", rules: ["idiot", "idiot/sevens"], players: 3, listed: true, seed: "5" });
    expect(made.status).toBe(201);
    const t = made.answer;
    expect(t).toMatchObject({ name: "Friday night", rules: "Idiot + Sevens", players: 3 });
    expect(t.link).toBe(`http://${new URL(server.url).host}/#table=${t.table}`);
    expect(t.hostLink).toBe(`${t.link}&host=${t.host}`);
    const listed = (await (await fetch(`${server.url}/tables`)).json()) as { tables: unknown[] };
    expect(listed.tables).toContainEqual({ table: t.table, name: "Friday night", rules: "Idiot + Sevens", players: 3, free: 3 });

    const [ann, bob, cat] = await Promise.all([0, 1, 2].map(() => Guest.open(server.url, t.table)));
    expect(await ann.table()).toMatchObject({ seats: [null, null, null], room: null, games: 0 });
    const annSecret = await ann.sit(0, "  Ann\u0000 ");
    const bobSecret = await bob.sit(1, "Bob");
    // a seat taken, a name taken (whatever its case), a name too long
    cat.send({ t: "sit", seat: 1, name: "Cat" });
    expect(await cat.error()).toMatchObject({ code: "taken", message: "Bob sits there already: choose a free seat" });
    cat.send({ t: "sit", seat: 2, name: "ann" });
    expect(await cat.error()).toMatchObject({ code: "name", message: "ann sits at the table already: choose another name" });
    cat.send({ t: "sit", seat: 2, name: "x".repeat(25) });
    expect(await cat.error()).toMatchObject({ code: "name" });
    const catSecret = await cat.sit(2, "Cat");
    expect((await ann.table((s) => s.seats[2] !== null)).seats).toEqual(["Ann", "Bob", "Cat"]);
    // a full table is not listed
    expect(((await (await fetch(`${server.url}/tables`)).json()) as { tables: { table: string }[] }).tables.some((x) => x.table === t.table)).toBe(false);

    // only the host starts
    bob.send({ t: "start", host: bobSecret });
    expect(await bob.error()).toMatchObject({ code: "not-host" });
    bob.send({ t: "rematch", host: t.host });
    expect(await bob.error()).toMatchObject({ code: "not-over" });
    ann.send({ t: "start", host: t.host });
    const started = await cat.table((s) => s.room !== null);
    expect(started).toMatchObject({ games: 1, over: false, seats: ["Ann", "Bob", "Cat"] });
    // nobody new sits down once the game has started
    const late = await Guest.open(server.url, t.table);
    late.send({ t: "sit", seat: 0, name: "Dan" });
    expect(await late.error()).toMatchObject({ code: "started" });
    late.ws.close();

    const seats: [number, string][] = [[0, annSecret], [1, bobSecret], [2, catSecret]];
    const first = await playToEnd(server.url, started.room!, seats);
    expect(first[0].last.names).toEqual(["Ann", "Bob", "Cat"]);
    expect(first[0].last.agents).toEqual([false, false, false]);
    expect((await ann.table((s) => s.over)).room).toBe(started.room);
    for (const c of first) c.close();

    // a rematch: a new room, the same seats and secrets, another deal
    ann.send({ t: "rematch", host: t.host });
    const again = await bob.table((s) => s.games === 2);
    expect(again.room).not.toBe(started.room);
    expect(again.over).toBe(false);
    const second = await playToEnd(server.url, again.room!, seats);
    expect(second[2].last.names).toEqual(["Ann", "Bob", "Cat"]);
    const header = (room: string) => JSON.parse(readFileSync(join(data, room, "game.log"), "utf8").split("\n")[0]);
    expect(header(again.room!).seed).not.toBe(header(started.room!).seed);
    expect(header(again.room!).rules).toEqual(["idiot", "idiot/sevens"]);
    for (const c of second) c.close();
    for (const g of [ann, bob, cat]) g.ws.close();
  }, 180_000);

  it("gives the seats nobody took to agents when the host starts", async () => {
    const t = (await makeTable(server.url, { name: "Short of one", rules: "crazy-eights", players: 3, agent: "greedy" })).answer;
    const host = await Guest.open(server.url, t.table);
    host.send({ t: "start", host: t.host });
    expect(await host.error()).toMatchObject({ code: "taken", message: "nobody sits at the table yet: sit down first, or share the table's link" });
    const secret = await host.sit(1, "Greedy 3");
    host.send({ t: "start", host: t.host });
    const s = await host.table((x) => x.room !== null);
    const c = await Client.open(server.url, s.room!);
    c.send({ t: "join", seat: 1, secret });
    const f = await c.nextFrame();
    expect(f.names).toEqual(["greedy 1", "Greedy 3", "greedy 3 (server)"]);
    expect(f.agents).toEqual([true, false, true]);
    // the agents' seats have no link, so no secret opens them
    const other = await Client.open(server.url, s.room!);
    other.send({ t: "join", seat: 0, secret });
    expect(await other.next((m) => m.t === "error")).toMatchObject({ code: "secret" });
    c.close();
    host.ws.close();
  });

  it("keeps a few words at the table apart from the game, from seats and onlookers, cleaned and limited", async () => {
    const t = (await makeTable(server.url, { name: "Talk", rules: "crazy-eights", players: 2 })).answer;
    const [a, watcher] = await Promise.all([Guest.open(server.url, t.table), Guest.open(server.url, t.table)]);
    const secret = await a.sit(0, "Eve");
    a.send({ t: "say", text: "hello <b>all</b>\u202e", seat: 0, secret });
    expect(await watcher.next((m) => m.t === "chat")).toEqual({ t: "chat", lines: [{ from: "Eve", text: "hello <b>all</b>" }] });
    watcher.send({ t: "say", text: "hi", seat: -1, secret: "" });
    expect(await a.next((m) => m.t === "chat" && m.lines[0].from === "an onlooker")).toEqual({ t: "chat", lines: [{ from: "an onlooker", text: "hi" }] });
    watcher.send({ t: "say", text: "as Eve", seat: 0, secret: "wrong" });
    expect(await watcher.error()).toMatchObject({ code: "not-host", message: "that is not your seat's secret" });
    watcher.send({ t: "say", text: "x".repeat(301), seat: -1, secret: "" });
    expect(await watcher.error()).toMatchObject({ code: "too-large" });
    // past a few lines at once, chat waits
    for (let i = 0; i < 6; i++) a.send({ t: "say", text: `line ${i}`, seat: 0, secret });
    expect(await a.error()).toMatchObject({ code: "too-fast" });
    // a newcomer is told the last lines; the lines are in the table's chat.log, not in any game's log
    const late = await Guest.open(server.url, t.table);
    const told = (await late.next((m) => m.t === "chat")) as { lines: { from: string; text: string }[] };
    expect(told.lines.slice(0, 2)).toEqual([{ from: "Eve", text: "hello <b>all</b>" }, { from: "an onlooker", text: "hi" }]);
    expect(readFileSync(join(data, "tables", t.table, "chat.log"), "utf8")).toContain('"text":"hi"');
    for (const g of [a, watcher, late]) g.ws.close();
  });

  it("refuses what it cannot take: bad rules, a wrong count of players, a bad option, malformed messages", async () => {
    expect(await makeTable(server.url, { name: "x", rules: "no-such-game", players: 2 })).toMatchObject({ status: 400 });
    expect((await makeTable(server.url, { name: "x", rules: "crazy-eights", players: 12 })).answer.error).toMatch(/is for 2–\d+ players, not 12/);
    expect((await makeTable(server.url, { name: "x", rules: "go-fish", players: 3, options: { handSize: 99 } })).answer.error).toBe("option 'handSize' is at most 10, not 99");
    expect((await makeTable(server.url, { name: "", rules: "go-fish", players: 3 })).answer.error).toMatch(/^name is the table's name/);
    expect((await makeTable(server.url, { name: "x", rules: "go-fish", players: 3, agent: "ismcts" })).answer.error).toMatch(/^agent is the agent that plays an empty seat/);
    const t = (await makeTable(server.url, { name: "Rude", rules: "go-fish", players: 3 })).answer;
    const g = await Guest.open(server.url, t.table);
    await g.table();
    for (const bad of ["nope", "[]", JSON.stringify({ t: "sit", seat: -1, name: "A" }), JSON.stringify({ t: "sit", seat: 0 }), JSON.stringify({ t: "fly" }), "x".repeat(5000)]) {
      g.send(bad);
      expect((await g.error()).code).toMatch(/^(malformed|too-large)$/);
    }
    expect((await fetch(`${server.url}/tables/nope`)).status).toBe(404);
    g.ws.close();
  });
});

describe("a seat whose player is away", () => {
  it("is played by an agent after the away time, or at once when they leave or the host hands it over, until they join again", async () => {
    const slow = await startServer({ host: "127.0.0.1", port: 0, data: mkdtempSync(join(tmpdir(), "houserules-away-")), timing: { agentDelayMs: 150 }, burst: 40, perSecond: 400, pingMs: 500 });
    try {
      const t = (await makeTable(slow.url, { name: "Away", rules: "crazy-eights", players: 3, away: 1 })).answer;
      const g = await Guest.open(slow.url, t.table);
      expect((await g.table()).away).toBe(1);
      const secrets = [await g.sit(0, "Ann"), await g.sit(1, "Bob"), await g.sit(2, "Cat")];
      g.send({ t: "start", host: t.host });
      const room = (await g.table((s) => s.room !== null)).room!;
      const watcher = await Client.open(slow.url, room);
      watcher.send({ t: "watch" });
      await watcher.nextFrame();
      const seated = await Promise.all(secrets.map(async (secret, seat) => {
        const c = await Client.open(slow.url, room);
        c.send({ t: "join", seat, secret });
        await c.nextFrame();
        return c;
      }));
      // nobody is away while they are there
      await new Promise((done) => setTimeout(done, 1300));
      expect(watcher.last.standIn).toEqual([false, false, false]);
      // Bob's connection drops: after a second an agent plays his seat, and his moves are made for him
      seated[1].close();
      const standing = await watcher.nextFrame((f) => f.standIn?.[1] === true, 5000);
      expect(standing.agents).toEqual([false, false, false]);
      // Cat leaves through the table: at once; the host hands Ann's seat over too
      g.send({ t: "leave", seat: 2, secret: secrets[2] });
      await watcher.nextFrame((f) => f.standIn?.[2] === true, 5000);
      g.send({ t: "remove", seat: 0, host: t.host });
      await watcher.nextFrame((f) => f.standIn?.[0] === true, 5000);
      const moved = watcher.last.moves;
      await watcher.nextFrame((f) => f.moves > moved + 2 || f.over, 10_000);
      // Bob comes back with his secret: his seat is his again, and the agents keep to the others'
      const bob = await Client.open(slow.url, room);
      bob.send({ t: "join", seat: 1, secret: secrets[1] });
      const back = await bob.nextFrame();
      if (!back.over) expect(back.standIn).toEqual([true, false, true]);
      // a seat's secret is still needed: a wrong one hands nothing over
      g.send({ t: "leave", seat: 1, secret: "wrong" });
      expect(await g.error()).toMatchObject({ code: "not-host" });
      for (const c of [watcher, bob, ...seated]) c.close();
      g.ws.close();
    } finally {
      await slow.close();
    }
  }, 60_000);

  it("is refused as a room's away time when it is not a whole number of seconds", async () => {
    const r = await fetch(`${server.url}/rooms`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ rules: "crazy-eights", players: 2, away: 0.5 }) });
    expect(r.status).toBe(400);
    expect(((await r.json()) as { error: string }).error).toMatch(/^away is a whole number of seconds/);
  });
});

describe("a table's limits", () => {
  it("starts no game past the server's most rooms, and says no more once its chat is full", async () => {
    const folder = mkdtempSync(join(tmpdir(), "houserules-tables-limits-"));
    const options = { host: "127.0.0.1", port: 0, data: folder, timing: { agentDelayMs: 0 }, burst: 40, perSecond: 400, maxRooms: 1 };
    let s = await startServer(options);
    try {
      const t = (await makeTable(s.url, { name: "Full", rules: "crazy-eights", players: 2 })).answer;
      const room = await fetch(`${s.url}/rooms`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ rules: "crazy-eights", players: 2 }) });
      expect(room.status).toBe(201); // the one room the server may hold
      const g = await Guest.open(s.url, t.table);
      await g.sit(0, "Hal");
      g.send({ t: "start", host: t.host });
      expect(await g.error()).toMatchObject({ code: "started", message: "the game could not start: the server holds 1 rooms, its most" });
      g.ws.close();
      await s.close();
      // a chat of as many lines as a table keeps, found again by a restarted server
      appendFileSync(join(folder, "tables", t.table, "chat.log"), Array.from({ length: 2000 }, (_, i) => JSON.stringify({ from: "Hal", text: `line ${i}` }) + "\n").join(""));
      s = await startServer(options);
      const again = await Guest.open(s.url, t.table);
      const told = (await again.next((m) => m.t === "chat")) as { lines: { text: string }[] };
      expect(told.lines.map((l) => l.text)).toEqual(Array.from({ length: 50 }, (_, i) => `line ${1950 + i}`));
      again.send({ t: "say", text: "one more", seat: -1, secret: "" });
      expect(await again.error()).toMatchObject({ code: "too-large", message: "the table's chat has its most lines (2000): nothing more can be said here" });
      again.ws.close();
    } finally {
      await s.close();
      rmSync(folder, { recursive: true, force: true });
    }
  });
});

describe("a table kept through a SIGKILL", () => {
  it("still has every seat it gave, and its game", async () => {
    const folder = mkdtempSync(join(tmpdir(), "houserules-tables-kill-"));
    try {
      const first = await spawnServer(folder, children);
      const t = (await makeTable(first.url, { name: "Kept", rules: "crazy-eights", players: 2 })).answer;
      const g = await Guest.open(first.url, t.table);
      const secret = await g.sit(0, "Fay");
      g.send({ t: "start", host: t.host });
      const room = (await g.table((s) => s.room !== null)).room!;
      first.child.kill("SIGKILL");
      await new Promise((done) => first.child.once("exit", done));
      const second = await spawnServer(folder, children);
      const state = (await (await fetch(`${second.url}/tables/${t.table}`)).json()) as TableState;
      expect(state).toMatchObject({ seats: ["Fay", null], room, games: 1 });
      // the seat's secret still opens its seat in the table's game
      const c = await Client.open(second.url, room);
      c.send({ t: "join", seat: 0, secret });
      expect((await c.nextFrame()).names[0]).toBe("Fay");
      c.close();
      g.ws.close();
      second.child.kill("SIGKILL");
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  }, 60_000);
});
