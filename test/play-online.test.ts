// The Play screen's lobby apart from the browser: the room it asks a server for (the user's files that the rules
// name, and the ones they extend, no others), the server's answer read as a stranger's, and a seat's frame made
// into the Play screen's frame, against a real server on 127.0.0.1.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startServer, type Server } from "../src/serve/server.js";
import { playFrame, readMadeRoom, roomRequest } from "../src/editor/play/online-room.js";
import { drawTable } from "../src/table/table.js";
import { sideRefs } from "../src/interpreter/load/card-names.js";
import { Client, secretOf } from "./helpers/serve-client.js";

let server: Server;
let data: string;

beforeAll(async () => {
  data = mkdtempSync(join(tmpdir(), "houserules-online-"));
  server = await startServer({ host: "127.0.0.1", port: 0, data, timing: { agentDelayMs: 0 } });
});

afterAll(async () => {
  await server.close();
  rmSync(data, { recursive: true, force: true });
});

describe("a room asked for from the Play screen", () => {
  const sevens = readFileSync("rules/idiot/sevens.yaml", "utf8");
  const files: [string, string][] = [
    ["our-base.yaml", "name: Our Idiot\nextends: idiot\n"],
    ["our-sevens.yaml", sevens.replace(/^extends:.*$/m, "extends: ./our-base.yaml")],
    ["private-notes.yaml", "name: Not for the server\n"],
    ["my idiot.yaml", "name: Spaced\nextends: idiot\n"],
  ];

  it("sends the user's files the rules name and those they extend, no others; names a file the server would refuse", () => {
    const asked = roomRequest(["idiot/eights-skip", "/houserules/yours/our-sevens.yaml"], files, [null, "random", null], 4);
    expect(asked).toEqual({
      body: {
        rules: ["idiot/eights-skip", "./our-sevens.yaml"],
        files: [{ name: "our-sevens.yaml", text: files[1][1] }, { name: "our-base.yaml", text: files[0][1] }],
        agents: [null, "random", null], seed: 4,
      },
    });
    // a round composed of rule cards goes by the cards' ids, as the Play screen names it
    const round = sideRefs("Deal Eight, Take Lots of Tricks, Crazy Eights, Whist");
    expect(roomRequest(round, files, [null, null, null, null], 2)).toEqual({ body: { rules: round, files: [], agents: [null, null, null, null], seed: 2 } });
    expect(roomRequest(["yours/my idiot.yaml"], files, [null, null], 1)).toEqual({ problem: "my idiot.yaml cannot be sent to a server under that name: rename it to letters, digits, - and _ (ending in .yaml)" });
    expect(roomRequest(["yours/gone.yaml"], files, [null, null], 1)).toEqual({ problem: "there is no file gone.yaml of yours" });
    // the Options field's values go with the room, for the server to check against the rules
    expect(roomRequest(["euchre"], files, [null, null, null, null], 3, { target: 5 })).toEqual({ body: { rules: ["euchre"], files: [], agents: [null, null, null, null], seed: 3, options: { target: 5 } } });
  });

  it("is made by the server from those files; its answer is read field by field, and a seat's frame draws the Play screen's table", async () => {
    const asked = roomRequest(["yours/our-sevens.yaml"], files, [null, "random", "greedy"], 8);
    if (!("body" in asked)) throw new Error(asked.problem);
    const r = await fetch(`${server.url}/rooms`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(asked.body) });
    expect(r.status).toBe(201);
    const made = readMadeRoom(await r.json());
    if (typeof made === "string") throw new Error(made);
    expect(made.rules).toBe("Idiot + Our Idiot + Sevens");
    expect(made.seats.map((s) => s.agent)).toEqual([null, "random", "greedy"]);

    // a hostile server's answer: a link that would run, a seat out of place, a room id that is a path
    const hostile = { room: made.room, rules: "x", seats: [{ seat: 0, name: "A", agent: null, secret: "s", link: "javascript:alert(1)" }], watch: "javascript:alert(2)" };
    expect(readMadeRoom(hostile)).toMatchObject({ seats: [{ link: null }], watch: null });
    expect(readMadeRoom({ ...hostile, seats: [{ ...hostile.seats[0], seat: 3 }] })).toBe("the server's answer is not a room");
    expect(readMadeRoom({ ...hostile, room: "../../evil" })).toBe("the server's answer is not a room");
    expect(readMadeRoom(null)).toBe("the server's answer is not a room");

    const round = roomRequest(sideRefs("Deal Eight, Take Lots of Tricks, Crazy Eights, Whist"), files, [null, "random", "random", "random"], 2);
    if (!("body" in round)) throw new Error(round.problem);
    const composed = await fetch(`${server.url}/rooms`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(round.body) });
    expect(composed.status, await composed.clone().text()).toBe(201);
    expect(readMadeRoom(await composed.json())).toMatchObject({ seats: [{ agent: null }, { agent: "random" }, { agent: "random" }, { agent: "random" }] });

    const { seat, secret } = secretOf(made.seats[0].link!);
    const client = await Client.open(server.url, made.room);
    const first = client.nextFrame();
    client.send({ t: "join", seat, secret });
    const f = await first;
    const frame = playFrame(f, f.tableRules!);
    expect(frame).toMatchObject({ viewer: 0, people: [true, false, false], cursor: f.moves, legalFor: f.legal.length ? 0 : -1, log: { reset: true, lines: f.log.lines } });
    expect(frame.legal.map((m) => m.text)).toEqual(f.legal);
    expect(frame.legal.map((m) => m.cards)).toEqual(f.legalCards);
    // the seat's own hand is drawn face up from the table rules the server sent, and no card it may not see
    const drawn = new Set([...JSON.stringify(drawTable(frame.rules, frame.view, { bottom: 0 })).matchAll(/"data-card":"?(\d+)/g)].map((m) => Number(m[1])));
    const hand = f.view.zones.find((z) => z.name === "hand" && z.owner === 0)!.cards;
    expect(hand.length).toBeGreaterThan(0);
    expect(hand.every((c) => drawn.has(c))).toBe(true);
    const seen = new Set(f.view.zones.flatMap((z) => z.cards));
    expect([...drawn].every((c) => seen.has(c))).toBe(true);
    client.close();
  });
});
