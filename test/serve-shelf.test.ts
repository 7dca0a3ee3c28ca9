// A shelf game with a house rule as a room of houserules serve: three people on real WebSocket connections and an
// agent play Hearts with the jack of diamonds counting -10 to its end, each sent only what its seat may see.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startServer, type Server } from "../src/serve/server.js";
import { loadComposition } from "../src/interpreter/load/load.js";
import { Client, Player, framesLeaks, logLines, makeRoom, secretOf } from "./helpers/serve-client.js";

let server: Server;
let data: string;

beforeAll(async () => {
  data = mkdtempSync(join(tmpdir(), "houserules-shelf-"));
  server = await startServer({ host: "127.0.0.1", port: 0, data, timing: { agentDelayMs: 0 }, burst: 40, perSecond: 200 });
});

afterAll(async () => {
  await server.close();
  rmSync(data, { recursive: true, force: true });
});

describe("a shelf game online", () => {
  it("plays Hearts with a house rule to its end between three people and an agent", async () => {
    const made = await makeRoom(server.url, { rules: ["hearts", "hearts/jack-of-diamonds"], agents: [null, null, null, "random"], seed: 12 });
    expect(made.rules).toBe("Hearts + Hearts, Jack of Diamonds");
    const clients = await Promise.all([0, 1, 2].map(async (k) => {
      const { room, seat, secret } = secretOf(made.seats[k].link!);
      const client = await Client.open(server.url, room);
      const first = client.nextFrame();
      client.send({ t: "join", seat, secret });
      await first;
      return { client, secret };
    }));
    const ends = clients.map((c) => c.client.nextFrame((f) => f.over, 120_000));
    clients.forEach((c, k) => new Player(c.secret, 500 + k).play(c.client));
    const last = await Promise.all(ends);
    expect(last.every((f) => f.over && f.error === null && f.winners.length > 0)).toBe(true);
    const room = server.rooms.get(made.room)!;
    const log = join(room.folder, "game.log");
    expect(logLines(log).at(-1)).toMatchObject({ end: true });
    // a score for every seat, the house rule composed into the room's rules
    expect(room.state.result?.scores?.length).toBe(4);
    const game = loadComposition(["hearts", "hearts/jack-of-diamonds"]).game!;
    expect(framesLeaks(game, log, clients.flatMap((c) => c.client.frames))).toEqual([]);
    clients.forEach((c) => c.client.close());
  }, 180_000);
});
