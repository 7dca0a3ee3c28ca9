// Hands online: the server's clock decides races. A move is stamped when it arrives, less its sender's round
// trip up to the cap (150 ms), and applied in time order once the cap has passed; agents move on the server's
// timers. A game with three connections and two agents runs in real time to its end and its log replays.
import { afterAll, describe, expect, it } from "vitest";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { spawnSync } from "node:child_process";
import { startServer, type Server } from "../src/serve/server.js";
import { loadRules } from "../src/interpreter/load/load.js";
import type { Frame } from "../src/serve/protocol.js";
import type { LogMove } from "../src/sim/game-log.js";
import { Client, framesLeaks, logLines, makeRoom, secretOf, type MadeRoom } from "./helpers/serve-client.js";

const folders: string[] = [];
const servers: Server[] = [];

afterAll(async () => {
  for (const s of servers) await s.close();
  for (const f of folders) rmSync(f, { recursive: true, force: true });
});

async function server(lagCap: number): Promise<Server> {
  const data = mkdtempSync(join(tmpdir(), "houserules-realtime-"));
  folders.push(data);
  const s = await startServer({ host: "127.0.0.1", port: 0, data, timing: { lagCap }, burst: 40, perSecond: 40, pingMs: 50 });
  servers.push(s);
  return s;
}

async function join1(s: Server, made: MadeRoom, seat: number): Promise<{ client: Client; secret: string }> {
  const { room, secret } = secretOf(made.seats[seat].link!);
  const client = await Client.open(s.url, room);
  const first = client.nextFrame();
  client.send({ t: "join", seat, secret });
  await first;
  return { client, secret };
}

const twoHands = new Set(["heart", "window", "binoculars", "prayer", "clap", "frame", "triangle", "butterfly", "timeout", "bow", "mask", "house"]);
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/**
 * A and B each make a One Hand shape: A acts first by its own clock, B 40 ms later, but A's line is slow
 * (its messages take lagMs to leave). Returns the logged times of A's and B's moves.
 */
async function race(lagCap: number, lagMs: number): Promise<{ a: number; b: number }> {
  const s = await server(lagCap);
  const made = await makeRoom(s.url, { rules: "hands", players: 3, seed: 5 });
  const [a, b] = [await join1(s, made, 0), await join1(s, made, 1)];
  a.client.lagMs = lagMs; // its answers to the server's pings are as slow as its moves
  await sleep(400); // a few pings: the server knows A's round trip
  const make = (f: Frame) => f.legal.find((m) => m.startsWith("make ") && !twoHands.has(m.slice(5)))!;
  const moveA = { t: "move", id: 1, text: make(a.client.last), secret: a.secret };
  const moveB = { t: "move", id: 1, text: make(b.client.last), secret: b.secret };
  const done = Promise.all([a.client.nextFrame((f) => f.ack === 1), b.client.nextFrame((f) => f.ack === 1)]);
  setTimeout(() => a.client.send(moveA), lagMs); // A acts now; its move is on the wire for lagMs
  setTimeout(() => b.client.send(moveB), 40); // B acts 40 ms later, on a fast line
  await done;
  const moves = logLines(join(s.rooms.get(made.room)!.folder, "game.log")).filter((l): l is LogMove => "move" in l);
  a.client.close();
  b.client.close();
  return { a: moves.find((m) => m.seat === 0)!.at!, b: moves.find((m) => m.seat === 1)!.at! };
}

describe("real time online", () => {
  it("does not let a faster line beat a player who acted sooner, when the slower line's round trip is within the cap", async () => {
    const within = await race(0.15, 80);
    expect(within.a).toBeLessThan(within.b);
  });

  it("times moves as they arrive without a cap, and sets a move back no further than the cap", async () => {
    const none = await race(0, 80);
    expect(none.b).toBeLessThan(none.a);
    const beyond = await race(0.15, 300); // 300 ms late, set back 150 ms: still after B's, 40 ms after A acted
    expect(beyond.b).toBeLessThan(beyond.a);
  });

  it("plays a Hands game with three connections and two agents to its end on the server's clock; its log replays", async () => {
    const s = await server(0.15);
    const made = await makeRoom(s.url, { rules: "hands", agents: [null, null, null, "random", "random"], seed: 8, speed: 8 });
    const people = await Promise.all([0, 1, 2].map((k) => join1(s, made, k)));
    let r = 99;
    const timers = people.map(({ client, secret }) => {
      let inFlight: { id: number; text: string } | null = null;
      client.ws.on("message", (data) => {
        const m = JSON.parse(String(data));
        if (m.t === "frame" && inFlight && (m.ack >= inFlight.id || m.refusal?.id === inFlight.id)) inFlight = null;
        if (m.t === "error" && inFlight) inFlight = null; // too fast: chosen again at the next tick
      });
      // a person acts every so often, whenever a move is open to them
      return setInterval(() => {
        const f = client.last;
        if (inFlight || f.over || f.legal.length === 0) return;
        inFlight = { id: f.ack + 1, text: f.legal[(r = (r * 1103515245 + 12345) % 2 ** 31) % f.legal.length] };
        client.send({ t: "move", ...inFlight, secret });
      }, 120);
    });
    const ends = await Promise.all(people.map((p) => p.client.nextFrame((f) => f.over, 150_000)));
    timers.forEach(clearInterval);
    expect(ends.every((f) => f.realtime === false || f.over)).toBe(true);
    const room = s.rooms.get(made.room)!;
    const log = join(room.folder, "game.log");
    const moves = logLines(log).filter((l): l is LogMove => "move" in l);
    expect(new Set(moves.map((m) => m.seat)).size).toBe(5); // the people and the agents all moved
    const times = moves.map((m) => m.at!);
    expect(times.every((t, i) => i === 0 || t >= times[i - 1])).toBe(true);
    const replay = spawnSync(process.execPath, [resolve("bin/houserules.js"), "replay", "game.log"], { cwd: room.folder, encoding: "utf8" });
    expect(replay.status, replay.stderr).toBe(0);
    expect(framesLeaks(loadRules("hands").game!, log, people.flatMap((p) => p.client.frames))).toEqual([]);
    people.forEach((p) => p.client.close());
  });
});
