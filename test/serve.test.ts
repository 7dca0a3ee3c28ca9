// houserules serve, with real WebSocket clients on 127.0.0.1: rooms made and joined by link, an Idiot game played
// to its end by three connections with the leak checker over every frame each received, secrets, move ids
// applied at most once, and messages refused without harm to anyone else.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { spawnSync } from "node:child_process";
import { resolve } from "node:path";
import { startServer, type Server } from "../src/serve/server.js";
import { loadRules } from "../src/interpreter/load/load.js";
import type { Frame } from "../src/serve/protocol.js";
import { run } from "./helpers/cli.js";
import { Client, Player, framesLeaks, logLines, makeRoom, secretOf, type MadeRoom } from "./helpers/serve-client.js";

let server: Server;
let data: string;
/** A page of another origin the server is told to let in (as `serve --origin` does): the playground, say. */
const page = "http://playground.example:5178";

beforeAll(async () => {
  data = mkdtempSync(join(tmpdir(), "houserules-serve-"));
  server = await startServer({ host: "127.0.0.1", port: 0, data, origins: [page], timing: { agentDelayMs: 0 }, burst: 40, perSecond: 200, pingMs: 200 });
});

afterAll(async () => {
  await server.close();
  rmSync(data, { recursive: true, force: true });
});

/** Joins a seat by its invitation link and waits for the first frame. */
async function seat(made: MadeRoom, k: number): Promise<{ client: Client; secret: string; first: Frame }> {
  const { room, seat, secret } = secretOf(made.seats[k].link!);
  const client = await Client.open(server.url, room);
  const first = client.nextFrame();
  client.send({ t: "join", seat, secret });
  return { client, secret, first: await first };
}

describe("houserules serve", () => {
  it("plays an Idiot game to its end between three connections, each sent only what its seat may see", async () => {
    const made = await makeRoom(server.url, { rules: "idiot", players: 3, seed: 11 });
    expect(made.seats.every((s) => s.link && s.secret && s.agent === null)).toBe(true);
    const seats = await Promise.all([0, 1, 2].map((k) => seat(made, k)));
    const onlooker = await Client.open(server.url, made.room);
    onlooker.send({ t: "watch" });
    await onlooker.nextFrame();
    const t0 = performance.now();
    const ends = seats.map((s) => s.client.nextFrame((f) => f.over, 200_000));
    seats.forEach((s, k) => new Player(s.secret, 12345 + k).play(s.client));
    const last = await Promise.all(ends);
    expect(last.every((f) => f.over && f.winners.length > 0)).toBe(true);
    console.log(`${last[0].moves} moves in ${Math.round(performance.now() - t0)} ms`);
    await onlooker.nextFrame((f) => f.over);
    const room = server.rooms.get(made.room)!;
    const log = join(room.folder, "game.log");
    const lines = logLines(log);
    expect(lines.at(-1)).toMatchObject({ end: true });
    const moves = lines.filter((l) => "move" in l).length;
    expect(last.every((f) => f.moves === moves)).toBe(true);
    // every seat's acks add up to the moves, each applied once
    expect(last.reduce((sum, f) => sum + f.ack, 0)).toBe(moves);

    const game = loadRules("idiot").game!;
    const frames = [...seats.flatMap((s) => s.client.frames), ...onlooker.frames];
    expect(frames.length).toBeGreaterThan(moves);
    expect(framesLeaks(game, log, frames)).toEqual([]);
    // the log is the replay format: houserules replay plays it again, event for event
    const replay = spawnSync(process.execPath, [resolve("bin/houserules.js"), "replay", "game.log"], { cwd: room.folder, encoding: "utf8" });
    expect(replay.stderr).toBe("");
    expect(replay.status).toBe(0);
    [...seats.map((s) => s.client), onlooker].forEach((c) => c.close());
  }, 240_000);

  it("refuses a forged or another room's secret, and a move without this seat's secret", async () => {
    const a = await makeRoom(server.url, { rules: "idiot", agents: [null, "random", "random"], seed: 3 });
    const b = await makeRoom(server.url, { rules: "idiot", agents: [null, "random", "random"], seed: 4 });
    for (const secret of ["forged-secret-forged-secret", secretOf(b.seats[0].link!).secret, ""]) {
      const c = await Client.open(server.url, a.room);
      c.send({ t: "join", seat: 0, secret });
      expect(await c.next()).toMatchObject({ t: "error", code: "secret" });
      await c.next(() => false, 300).catch(() => {});
      expect(c.closed?.code).toBe(1008);
    }
    // a seat an agent plays has no secret to give
    const agentSeat = await Client.open(server.url, a.room);
    agentSeat.send({ t: "join", seat: 1, secret: secretOf(a.seats[0].link!).secret });
    expect(await agentSeat.next()).toMatchObject({ t: "error", code: "secret" });
    const { client, first } = await seat(a, 0);
    const before = first.moves;
    client.send({ t: "move", id: 1, text: first.legal[0] ?? "pass", secret: secretOf(b.seats[0].link!).secret });
    expect(await client.next()).toMatchObject({ t: "error", code: "secret" });
    expect(server.rooms.get(a.room)!.state.moves).toBe(before);
    client.close();
  });

  it("applies a move id at most once, and says which id comes next", async () => {
    const made = await makeRoom(server.url, { rules: "idiot", agents: [null, "random", "random"], seed: 5 });
    const { client, secret, first } = await seat(made, 0);
    const f = first.legal.length ? first : await client.nextFrame((x) => x.legal.length > 0);
    expect(f.ack).toBe(0);
    const text = f.legal[0];
    const answered = client.nextFrame((x) => x.ack === 1);
    client.send({ t: "move", id: 1, text, secret });
    client.send({ t: "move", id: 1, text, secret }); // sent again, as after a lost answer
    const after = await answered;
    await client.nextFrame((x) => x.ack === 1 && x.moves === after.moves && x !== after, 2000).catch(() => null);
    const room = server.rooms.get(made.room)!;
    await room.settled();
    const mine = logLines(join(room.folder, "game.log")).filter((l) => "move" in l && l.seat === 0);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ text });
    client.send({ t: "move", id: 5, text, secret });
    expect(await client.next((m) => m.t === "error")).toMatchObject({ code: "move-id", ack: 1 });
    const refusedAnswer = client.nextFrame((x) => x.refusal !== null);
    client.send({ t: "move", id: 2, text: "flip the table", secret });
    const refused = await refusedAnswer;
    expect(refused.refusal).toMatchObject({ id: 2 });
    expect(refused.refusal!.rule).not.toBe("");
    expect(refused.ack).toBe(1);
    client.close();
  });

  it("refuses malformed, oversized and too fast messages with an error, and keeps answering the others", async () => {
    const made = await makeRoom(server.url, { rules: "idiot", agents: [null, null, "random"], seed: 6 });
    const flood = await seat(made, 0);
    const calm = await seat(made, 1);
    const errors = (c: Client) => c.received.filter((m) => m.t === "error");
    flood.client.send("not json");
    flood.client.send("[1,2]");
    flood.client.send({ t: "move", id: "one", text: 7 });
    flood.client.send({ t: "__proto__" });
    flood.client.send(Buffer.from([1, 2, 3]));
    flood.client.send(JSON.stringify({ t: "move", id: 1, text: "x".repeat(6000), secret: flood.secret }));
    await flood.client.next((m) => m.t === "error" && m.code === "too-large");
    expect(errors(flood.client).map((m) => (m as { code: string }).code)).toEqual(["malformed", "malformed", "malformed", "malformed", "malformed", "too-large"]);
    for (let i = 0; i < 150; i++) flood.client.send({ t: "ping", n: i });
    await flood.client.next((m) => m.t === "error" && m.code === "too-fast");
    // the other connection is answered all the while
    const t0 = performance.now();
    calm.client.send({ t: "ping", n: 1 });
    await calm.client.next((m) => m.t === "pong");
    expect(performance.now() - t0).toBeLessThan(1000);
    expect(flood.client.closed).toBeNull();
    expect(errors(calm.client)).toEqual([]);
    flood.client.close();
    calm.client.close();
  });

  it("refuses a connection from a page of another origin, and a room of rules that do not load", async () => {
    const made = await makeRoom(server.url, { rules: "idiot", players: 3 });
    await expect(Client.open(server.url, made.room, { origin: "http://evil.example" })).rejects.toThrow("refused: 403");
    const own = await Client.open(server.url, made.room, { origin: server.url });
    own.close();
    await expect(Client.open(server.url, "AAAAAAAAAAAAAAAA")).rejects.toThrow("refused: 404");
    await expect(makeRoom(server.url, { rules: "no-such-rules", players: 3 })).rejects.toThrow(/400: .*no rule file/);
    await expect(makeRoom(server.url, { rules: "idiot", players: 1 })).rejects.toThrow(/400/);
    await expect(makeRoom(server.url, { files: [{ name: "../up.yaml", text: "x" }] })).rejects.toThrow(/400: files\[0\].name/);
    await expect(makeRoom(server.url, { rules: "idiot", agents: [null, "mc:100000", null] })).rejects.toThrow(/400: agents\[1\]/);
  });

  it("lets a page of an --origin make rooms across origins, and no other; tells every connection who is seated, the table's rules once a game, each legal move's cards", async () => {
    const body = JSON.stringify({ rules: ["idiot", "idiot/sevens"], agents: [null, null, "random"], names: ["Ann", "Bob", "Cat"], seed: 5 });
    const ask = (origin: string, method = "OPTIONS") => fetch(`${server.url}/rooms`, method === "POST" ? { method, headers: { origin, "content-type": "application/json" }, body } : { method, headers: { origin, "access-control-request-method": "POST", "access-control-request-headers": "content-type" } });
    const preflight = await ask(page);
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-origin")).toBe(page);
    expect(preflight.headers.get("access-control-allow-headers")).toBe("content-type");
    const evil = await ask("http://evil.example");
    expect(evil.status).toBe(403);
    expect(evil.headers.get("access-control-allow-origin")).toBeNull();
    expect((await ask("http://evil.example", "POST")).status).toBe(403);
    const made = await ask(page, "POST");
    expect(made.status).toBe(201);
    expect(made.headers.get("access-control-allow-origin")).toBe(page);
    const room = (await made.json()) as MadeRoom;
    // a program without an Origin is answered as before, with no cross-origin header
    const plain = await fetch(`${server.url}/rooms/${room.room}`);
    expect(plain.headers.get("access-control-allow-origin")).toBeNull();

    const watcher = await Client.open(server.url, room.room, { origin: page });
    watcher.send({ t: "watch" });
    const first = await watcher.nextFrame();
    expect(first.connected).toEqual([false, false, false]);
    expect(first.tableRules?.game.name).toBe("Idiot + Sevens");
    expect(first.tableRules?.game.faces).toHaveLength(52);
    expect(first.tableRules?.outer).toBeNull();
    /** The frame that says these seats are held, among those from the `from`th on: received already, or still to come. */
    const holding = (c: Client, seats: boolean[], from = 1) => {
      const test = (f: Frame) => JSON.stringify(f.connected) === JSON.stringify(seats);
      return c.frames.slice(from).find(test) ?? c.nextFrame(test);
    };
    const ann = await seat(room, 0);
    expect(ann.first.connected).toEqual([true, false, false]);
    expect(ann.first.tableRules?.game.name).toBe("Idiot + Sevens");
    await holding(watcher, [true, false, false]);
    const bob = await seat(room, 1);
    expect(bob.first.connected).toEqual([true, true, false]);
    const bothSeated = await holding(watcher, [true, true, false]);
    expect(bothSeated.tableRules).toBeUndefined(); // sent once, until the game played changes
    await holding(ann.client, [true, true, false]);
    const before = watcher.frames.length;
    bob.client.close();
    await holding(watcher, [true, false, false], before);

    // the cards of each legal move, and only cards the seat's view shows
    const mover = [ann.first, bob.first].find((f) => f.legal.length > 0)!;
    expect(mover.legalCards).toHaveLength(mover.legal.length);
    const shown = new Set(mover.view.zones.flatMap((z) => z.cards).filter((c) => c >= 0));
    expect(mover.legalCards!.flat().length).toBeGreaterThan(0);
    expect(mover.legalCards!.flat().every((c) => shown.has(c))).toBe(true);
    expect(watcher.frames.every((f) => f.legalCards?.length === 0)).toBe(true);
    ann.client.close();
    watcher.close();
  });

  it("makes a room of rule files sent as text, which its log replays from the room's folder", async () => {
    const sevens = readFileSync("rules/idiot/sevens.yaml", "utf8");
    const made = await makeRoom(server.url, { files: [{ name: "our-sevens.yaml", text: sevens }], agents: ["random", "random", "random"], seed: 9 });
    const watcher = await Client.open(server.url, made.room);
    watcher.send({ t: "watch" });
    const end = await watcher.nextFrame((f) => f.over, 60_000);
    expect(end.legal).toEqual([]);
    const room = server.rooms.get(made.room)!;
    expect(logLines(join(room.folder, "game.log"))[0]).toMatchObject({ rules: ["./our-sevens.yaml"] });
    const replay = spawnSync(process.execPath, [resolve("bin/houserules.js"), "replay", "game.log"], { cwd: room.folder, encoding: "utf8" });
    expect(replay.status, replay.stderr).toBe(0);
    expect(framesLeaks(room.game, join(room.folder, "game.log"), watcher.frames)).toEqual([]);
    watcher.close();
  });

  it("lets a finished room go from memory after a while, and loads it again from its folder when a link asks for it, also after a restart", async () => {
    const folder = mkdtempSync(join(tmpdir(), "houserules-finished-"));
    const said: string[] = [];
    const start = () => startServer({ host: "127.0.0.1", port: 0, data: folder, timing: { agentDelayMs: 0 }, keepFinishedMs: 300, say: (l) => void said.push(l) });
    let short = await start();
    try {
      const made = await makeRoom(short.url, { rules: "idiot", agents: [null, "random", "random"], seed: 3 });
      // a game played to its end by a person and two agents
      const kept = await makeRoom(short.url, { rules: "idiot", agents: [null, "random", "random"], seed: 4 });
      const ann = await Client.open(short.url, kept.room);
      ann.send({ t: "join", seat: 0, secret: kept.seats[0].secret });
      const end = ann.nextFrame((f) => f.over, 60_000);
      await ann.nextFrame();
      new Player(kept.seats[0].secret!, 77).play(ann);
      const last = await end;
      expect(short.rooms.has(kept.room)).toBe(true);
      for (let t = 0; short.rooms.has(kept.room) && t < 100; t++) await new Promise((r) => setTimeout(r, 50));
      expect(short.rooms.has(kept.room)).toBe(false);
      expect(short.rooms.has(made.room)).toBe(true); // a game not over stays
      for (let t = 0; !ann.closed && t < 100; t++) await new Promise((r) => setTimeout(r, 20));
      expect(ann.closed?.code).toBe(1000);
      expect(said).toContain(`room ${kept.room} over: no longer in memory, kept on disk`);

      // a link to it now: the room is loaded from its log, its last frame as it was
      const again = await Client.open(short.url, kept.room);
      again.send({ t: "watch" });
      const shown = await again.nextFrame();
      expect(shown.over).toBe(true);
      expect({ moves: shown.moves, winners: shown.winners }).toEqual({ moves: last.moves, winners: last.winners });
      expect(said.some((l) => l.startsWith(`room ${kept.room} loaded from disk`))).toBe(true);
      again.close();

      // after a restart a finished room is not loaded until asked for; a seat's link still opens it, and says it is over
      await short.close();
      said.length = 0;
      short = await start();
      expect(said).toContain(`room ${kept.room} over: kept on disk`);
      expect(said.some((l) => l.startsWith(`room ${made.room} resumed`))).toBe(true);
      expect(short.rooms.has(kept.room)).toBe(false);
      const status = (await (await fetch(`${short.url}/rooms/${kept.room}`)).json()) as { over: boolean; moves: number };
      expect(status).toMatchObject({ over: true, moves: last.moves });
      const seat0 = await Client.open(short.url, kept.room);
      const first = seat0.nextFrame();
      seat0.send({ t: "join", seat: 0, secret: kept.seats[0].secret });
      const final = await first;
      expect({ over: final.over, moves: final.moves, ack: final.ack, table: final.table, legal: final.legal }).toEqual({ over: true, moves: last.moves, ack: last.ack, table: last.table, legal: [] });
      seat0.close();
      await expect(Client.open(short.url, "AAAAAAAAAAAAAAAA")).rejects.toThrow("refused: 404");
    } finally {
      await short.close();
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it("is a command with its help, and refuses rules or a bad port as bad usage", async () => {
    expect((await run(["serve", "--help"])).out).toContain("--host 0.0.0.0");
    expect((await run(["serve", "idiot"])).code).toBe(2);
    expect((await run(["serve", "--port", "70000"])).code).toBe(2);
  });
});
