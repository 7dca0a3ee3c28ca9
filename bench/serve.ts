// npm run bench:serve: a houserules server under load, on 127.0.0.1 only, bounded in rooms and in time. The
// server runs as its own process (so its memory is its own); this process opens the rooms and their clients,
// each client choosing its seat's moves at random from the legal moves it is sent. Two windows of the same
// length, in alternating one-second slices: the rooms alone, and the rooms while one more client floods the
// server with malformed, oversized and too fast messages. Prints moves per second, the move round trip (sent to answered, p50 and p99) in each
// window, and the server's memory per room.
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createInterface } from "node:readline";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import WebSocket from "ws";
import { readArgs, intFlag } from "../src/cli/args.js";

const usage = `usage: npm run bench:serve -- [--rooms N] [--seats S] [--seconds T] [--json]

  --rooms N    rooms of Idiot played at once (default 200)
  --seats S    clients per room, one a seat (default 4)
  --seconds T  the length of each of the two windows (default 15)
  --json       one JSON object instead of the table
`;

interface Seat {
  seat: number;
  link: string | null;
}

function rssKiB(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return m ? Number(m[1]) : NaN;
}

const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor(q * s.length))] : NaN;
};

async function main(): Promise<void> {
  const { values } = readArgs(process.argv.slice(2), { rooms: { type: "string" }, seats: { type: "string" }, seconds: { type: "string" }, json: { type: "boolean" } });
  if (values.help) return void process.stdout.write(usage);
  const rooms = intFlag(values.rooms, "rooms", 200, 1, 2000);
  const seats = intFlag(values.seats, "seats", 4, 2, 8);
  const seconds = intFlag(values.seconds, "seconds", 15, 1, 300);
  const data = mkdtempSync(join(tmpdir(), "houserules-bench-serve-"));
  const server = spawn(process.execPath, [resolve("bin/houserules.js"), "serve", "--port", "0", "--data", data, "--json", "--agent-delay", "0",
    "--max-rooms", String(rooms + 10), "--rooms-per-address", String(rooms + 10), "--rooms-per-minute", "100000", "--connections-per-minute", "100000",
    // clients that move as fast as they are answered: far above a person's 10 a second
    "--messages-per-second", "1000"], { stdio: ["ignore", "pipe", "inherit"] });
  const url = await new Promise<string>((done) => createInterface({ input: server.stdout! }).on("line", (l) => {
    const m = JSON.parse(l) as { listening?: string };
    if (m.listening) done(m.listening);
  }));
  const idle = rssKiB(server.pid!);
  const trips: number[][] = [[], []];
  const moves = [0, 0];
  let window = -1; // -1: not counting
  const sockets: WebSocket[] = [];
  let r = 1;
  const random = (n: number) => (r = (r * 1103515245 + 12345) % 2 ** 31) % n;

  for (let k = 0; k < rooms; k++) {
    const res = await fetch(`${url}/rooms`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ rules: "idiot", players: seats, seed: k }) });
    const made = (await res.json()) as { room: string; seats: Seat[]; error?: string };
    if (res.status !== 201) throw new Error(`room ${k + 1} of ${rooms} was refused (${res.status}): ${made.error}`);
    for (const s of made.seats) {
      const secret = new URLSearchParams(new URL(s.link!).hash.slice(1)).get("secret")!;
      const ws = new WebSocket(`${url.replace("http", "ws")}/rooms/${made.room}/socket`);
      sockets.push(ws);
      let id = 0;
      let sentAt = 0;
      let sent = "";
      ws.on("open", () => ws.send(JSON.stringify({ t: "join", seat: s.seat, secret })));
      ws.on("message", (raw) => {
        const m = JSON.parse(String(raw)) as { t: string; ack: number; over: boolean; legal: string[]; n: number; code?: string };
        if (m.t === "ping") return ws.send(JSON.stringify({ t: "pong", n: m.n }));
        if (m.t === "error" && m.code === "too-fast") return setTimeout(() => ws.readyState === ws.OPEN && ws.send(sent), 200);
        if (m.t !== "frame" || m.ack < id) return;
        if (id > 0 && m.ack === id && sentAt > 0 && window >= 0) {
          trips[window].push(performance.now() - sentAt);
          moves[window]++;
        }
        sentAt = 0;
        if (m.over || m.legal.length === 0) return;
        id = m.ack + 1;
        // past the swaps, and a card played where one can be: random play swaps and picks up for thousands of moves
        const on = m.legal.filter((t) => !t.startsWith("swap") && t !== "pickup");
        const from = on.length ? on : m.legal;
        sentAt = performance.now();
        ws.send((sent = JSON.stringify({ t: "move", id, text: from[random(from.length)], secret })));
      });
    }
  }
  await new Promise((done) => setTimeout(done, 2000)); // everyone seated and playing
  const busy = rssKiB(server.pid!);

  // The flooder: one client that sends junk as fast as it can, and connects again each time it is closed.
  const res = await fetch(`${url}/rooms`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ rules: "idiot", players: 3 }) });
  const floodRoom = ((await res.json()) as { room: string }).room;
  const junk = ["not json", JSON.stringify({ t: "move", id: 1, text: "x".repeat(8000), secret: "x" }), JSON.stringify({ t: "nothing" }), JSON.stringify({ t: "ping", n: 1 })];
  let flooding = false;
  let floodSent = 0;
  const flood = () => {
    const ws = new WebSocket(`${url.replace("http", "ws")}/rooms/${floodRoom}/socket`);
    const burst = () => {
      if (!flooding || ws.readyState !== ws.OPEN) return;
      for (let i = 0; i < 50; i++) ws.send(junk[floodSent++ % junk.length]);
      setTimeout(burst, 10); // 5,000 messages a second, past the 1,000 a connection may send
    };
    ws.on("open", burst);
    ws.on("error", () => {});
    ws.on("close", () => flooding && setTimeout(flood, 10));
    return ws;
  };

  // Slices of one second, the flood on in every other one: the games grow longer (and some end) as the run goes
  // on, and alternating slices let that weigh on both windows alike.
  for (let slice = 0; slice < 2 * seconds; slice++) {
    window = slice % 2;
    flooding = window === 1;
    const ws = flooding ? flood() : null;
    await new Promise((done) => setTimeout(done, 1000));
    flooding = false;
    ws?.close();
  }
  window = -1;
  const peak = rssKiB(server.pid!);
  sockets.forEach((s) => s.close());
  server.kill("SIGTERM");
  rmSync(data, { recursive: true, force: true });
  const result = {
    rooms, seats, seconds, floodMessages: floodSent,
    windows: [0, 1].map((w) => ({ flood: w === 1, moves: moves[w], movesPerSecond: Math.round(moves[w] / seconds), p50ms: +quantile(trips[w], 0.5).toFixed(1), p99ms: +quantile(trips[w], 0.99).toFixed(1) })),
    serverMiB: { idle: +(idle / 1024).toFixed(1), playing: +(busy / 1024).toFixed(1), end: +(peak / 1024).toFixed(1) },
    kibPerRoom: Math.round((Math.max(busy, peak) - idle) / rooms),
  };
  if (values.json) return void process.stdout.write(JSON.stringify(result) + "\n");
  process.stdout.write(`${rooms} rooms × ${seats} clients of Idiot on 127.0.0.1, ${seconds} s a window\n`);
  for (const w of result.windows) process.stdout.write(`  ${w.flood ? "with a flood" : "rooms alone "}  ${w.movesPerSecond} moves/s, round trip p50 ${w.p50ms} ms, p99 ${w.p99ms} ms (${w.moves} moves)\n`);
  process.stdout.write(`  the flood: ${floodSent} messages sent in ${seconds} s\n`);
  process.stdout.write(`  server memory: ${result.serverMiB.idle} MiB idle, ${result.serverMiB.playing} MiB playing, ${result.serverMiB.end} MiB at the end: ${result.kibPerRoom} KiB a room\n`);
}

await main();
