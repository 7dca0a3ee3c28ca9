// A server killed with SIGKILL in the middle of games and started again on the same folder: every room resumes
// from its log, the players reconnect with their links, and the games go on to their ends with no accepted
// move lost and none applied twice; the logs replay with houserules replay.
import { afterAll, describe, expect, it } from "vitest";
import { spawnSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { Client, Player, framesLeaks, logLines, makeRoom, secretOf, spawnServer, type MadeRoom } from "./helpers/serve-client.js";
import { loadRules } from "../src/interpreter/load/load.js";
import type { LogMove } from "../src/sim/game-log.js";

const data = mkdtempSync(join(tmpdir(), "houserules-crash-"));
const children: ChildProcess[] = [];

afterAll(() => {
  for (const c of children) if (c.exitCode === null) c.kill("SIGKILL");
  rmSync(data, { recursive: true, force: true });
});

/** The server as its own process, on any free port of 127.0.0.1. */
const serve = () => spawnServer(data, children);

async function join2(url: string, made: MadeRoom, seat: number): Promise<Client> {
  const { room, secret } = secretOf(made.seats[seat].link!);
  const client = await Client.open(url, room);
  const first = client.nextFrame();
  client.send({ t: "join", seat, secret });
  await first;
  return client;
}

describe("a server killed mid-game", () => {
  it("resumes every room from its log: the games go on to their ends, no accepted move lost and none applied twice", async () => {
    let server = await serve();
    // two rooms: two people and an agent, and three people
    const rooms = [
      await makeRoom(server.url, { rules: "idiot", agents: [null, null, "random"], seed: 21 }),
      await makeRoom(server.url, { rules: "idiot", players: 3, seed: 22 }),
    ];
    const people = rooms.map((made) => made.seats.filter((s) => s.agent === null).map((s) => new Player(secretOf(s.link!).secret, 100 + s.seat)));
    let clients = await Promise.all(rooms.map((made, r) => Promise.all(people[r].map((_, k) => join2(server.url, made, k)))));
    clients.forEach((cs, r) => cs.forEach((c, k) => people[r][k].play(c)));
    // kill it while moves are in flight
    await Promise.all(clients.map((cs) => cs[0].nextFrame((f) => f.moves >= 150, 60_000)));
    server.child.kill("SIGKILL");
    await new Promise((done) => server.child.once("exit", done));
    const before = people.map((ps) => ps.map((p) => new Map(p.acked)));
    expect(before.flat().every((m) => m.size > 20)).toBe(true);

    server = await serve();
    expect(server.said.filter((l) => l.includes("resumed")).length).toBe(2);
    const ends = [];
    clients = await Promise.all(rooms.map((made, r) => Promise.all(people[r].map((_, k) => join2(server.url, made, k)))));
    for (const cs of clients) for (const c of cs) {
      // a reconnecting player is sent its own view and the log as told to its seat, from the start (the frames after
      // it come when the others join again)
      expect(c.frames[0].log.from).toBe(0);
      ends.push(c.nextFrame((f) => f.over, 120_000));
    }
    clients.forEach((cs, r) => cs.forEach((c, k) => people[r][k].play(c)));
    await Promise.all(ends);

    for (const [r, made] of rooms.entries()) {
      const folder = join(data, made.room);
      const moves = logLines(join(folder, "game.log")).filter((l): l is LogMove => "move" in l);
      people[r].forEach((p, seat) => {
        const mine = moves.filter((m) => m.seat === seat).map((m) => m.text);
        // every move acknowledged before the kill is in the log, with its id as its place among the seat's moves
        for (const [id, text] of before[r][seat]) expect(mine[id - 1], `room ${r} seat ${seat} move ${id}`).toBe(text);
        // and none twice: the seat's moves are exactly those its ids acknowledged
        expect(mine.length).toBe(clients[r][seat].last.ack);
        for (const [id, text] of p.acked) expect(mine[id - 1]).toBe(text);
      });
      const replay = spawnSync(process.execPath, [resolve("bin/houserules.js"), "replay", "game.log"], { cwd: folder, encoding: "utf8" });
      expect(replay.status, replay.stderr).toBe(0);
      expect(replay.stdout).toContain("the same");
      const game = loadRules("idiot").game!;
      expect(framesLeaks(game, join(folder, "game.log"), clients[r].flatMap((c) => c.frames))).toEqual([]);
    }
    clients.flat().forEach((c) => c.close());
    server.child.kill("SIGTERM");
  });
});
