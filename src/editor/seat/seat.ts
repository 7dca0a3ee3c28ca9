// The page a seat's link opens on `houserules serve` (docs/serve.md), and with a table's link or none, the lobby: the seat's table drawn as the playground's
// Play screen draws it (src/editor/play/table-view.ts: card faces, labels, the moves offered by clicking a card
// then its move, the log in words), who sits at the table and who is connected now, whose turn it is, and a
// banner while the connection is down. Everything shown comes from the frames the server sent this seat, so the
// page has nothing the seat may not see. The server serves it as built by vite.seat.config.ts.
import "./seat.css";
import { h, fill } from "../dom.js";
import type { Frame as SeatFrame } from "../../serve/protocol.js";
import type { TableRules } from "../../table/rules.js";
import { TableView } from "../play/table-view.js";
import { RoomSocket } from "../play/room-socket.js";
import { playFrame } from "../play/online-room.js";
import type { Frame } from "../../session/remote.js";
import { landing, tableAside, tablePage } from "./lobby.js";

/** What the page shows the tests (and anyone curious in the console): the frames it received, in order. */
interface Shown {
  frames: SeatFrame[];
  over: boolean;
  refused: string | null;
}

const params = new URLSearchParams(location.hash.slice(1));
const room = params.get("room") ?? "";
const seatParam = params.get("seat");
const seat = seatParam === null ? -1 : /^\d{1,2}$/.test(seatParam) ? Number(seatParam) : NaN;
const secret = params.get("secret") ?? "";
const shown: Shown = { frames: [], over: false, refused: null };
(globalThis as unknown as { houserules: Shown }).houserules = shown;

let socket: RoomSocket | null = null;
let last: SeatFrame | null = null;
let frame: Frame | null = null;
let drawing: { game: TableRules; outer: TableRules | null } | null = null;

const view = new TableView({ move: (text) => move(text), chose: () => draw(), heading: movesHeading });
const status = h("p", { id: "status", class: "status", "data-test": "status", role: "status" }, "Connecting…");
/** The game's clock in a real-time phase: the server's, as the last frame gave it, run on by the page's between frames. */
const clock = h("span", { class: "clock", "data-test": "seat-clock", hidden: true });
let clockAt: { now: number; wall: number; running: boolean } = { now: 0, wall: 0, running: false };
setInterval(() => {
  if (!clockAt.running) return;
  clock.textContent = `Game clock ${(clockAt.now + (performance.now() - clockAt.wall) / 1000).toFixed(1)} s`;
}, 100);
const seatsList = h("ul", { class: "seats", "data-test": "seats", "aria-label": "Who is at the table" });
const banner = h("p", { id: "banner", class: "banner", "data-test": "banner", role: "alert", hidden: true });
const refusal = h("p", { id: "refusal", class: "refusal", "data-test": "refusal", role: "alert" });
const result = h("p", { class: "result", "data-test": "result", hidden: true });
const help = h("p", { class: "help muted", "data-test": "help" },
  "Your moves are under Moves when it is your turn. Click a card of yours to see only its moves, click it again to let it go, and click the move to make it; a double click plays a card's only move.");

// a game's link opens its table; a table's link, or none, opens the lobby (src/editor/seat/lobby.ts)
const lobby = h("div", { class: "lobby-box" });
if (room) {
  fill(document.body,
    h("header", { class: "top" }, status, clock, seatsList),
    banner, result,
    h("div", { class: "seat-main" },
      h("main", { class: "seat-table" }, view.tableBox),
      h("aside", { class: "seat-side" },
        params.get("table") ? tableAside(params, room) : null,
        h("h2", {}, "Moves"), h("div", { id: "moves" }, view.legalBox), refusal, help,
        h("h2", {}, "Log"), h("div", { id: "log" }, view.logList))));
} else {
  fill(document.body, h("header", { class: "top" }, status), lobby);
}

/** Whose turn it is, in words, as this seat reads it. */
function turnLine(f: SeatFrame): string {
  if (f.over) return `The game is over${f.winners.length ? `: ${f.winners.join(" and ")} ${f.winners.length === 1 ? "wins" : "win"}` : ""}.`;
  if (f.toMove.includes(seat)) return f.toMove.length > 1 ? `Your turn (with ${f.toMove.filter((p) => p !== seat).map((p) => f.names[p]).join(", ")}).` : "Your turn.";
  if (f.toMove.length === 0) return "";
  return `${f.toMove.map((p) => f.names[p]).join(" or ")} to move.`;
}

/** The line above the moves: the seat's own, or whom the table waits for. */
function movesHeading(f: Frame): string {
  if (f.over) return "The game is over.";
  if (f.legal.length > 0) return "You may:";
  const waiting = f.toMove.filter((p) => p !== f.viewer).map((p) => f.names[p]);
  if (f.viewer < 0) return waiting.length ? `${waiting.join(" or ")} to move.` : "";
  return waiting.length ? `Waiting for ${waiting.join(" or ")}: your moves come when it is your turn.` : "No move of yours now.";
}

function drawSeats(f: SeatFrame): void {
  fill(seatsList, ...f.names.map((name, p) => {
    const standing = f.standIn?.[p] === true;
    const here = f.agents[p] || standing ? "agent" : f.connected === undefined ? "" : f.connected[p] ? "connected" : "not-connected";
    const word = f.agents[p] ? "played by the server" : standing ? "away: the server plays for them until they are back" : f.connected === undefined ? "" : f.connected[p] ? "connected" : "not here yet";
    return h("li", { class: ["seat", here, f.toMove.includes(p) && !f.over ? "to-move" : ""].filter(Boolean).join(" "), "data-test": "seat", "data-seat": p, "data-state": standing ? "stand-in" : here || "unknown" },
      h("span", { class: "dot", "aria-hidden": "true" }),
      h("span", { class: "name" }, p === seat ? `${name} (you)` : name),
      word ? h("span", { class: "state muted" }, ` · ${word}`) : null);
  }));
}

function draw(): void {
  const f = last;
  if (!f) return;
  const who = f.seat >= 0 ? f.names[f.seat] : "an onlooker";
  document.title = `${frame?.rules.name ?? "A game"} · ${f.seat >= 0 ? who : "watching"} — houserules`;
  status.textContent = `You are ${who}. ${turnLine(f)}${f.error ? ` (${f.error})` : ""}`;
  drawSeats(f);
  result.hidden = !f.over;
  result.textContent = f.over && frame ? resultLine(frame) : "";
  if (!frame) return;
  const title = `${frame.rules.name} · ${f.seat >= 0 ? `${f.names[f.seat]}'s view` : "what everyone sees"}`;
  view.draw(frame, null, title);
}

/** The end of a game in words: each seat's score, and who won. */
function resultLine(f: Frame): string {
  const v = f.view;
  const scores = v.scores ? f.names.map((n, p) => `${n} ${v.scores![p]}`).join(", ") : "";
  return scores ? `Scores: ${scores}.` : "";
}

function received(f: SeatFrame, answered: boolean): void {
  shown.frames.push(f);
  shown.over = f.over;
  clockAt = { now: f.now, wall: performance.now(), running: f.realtime && !f.over };
  clock.hidden = !f.realtime;
  clock.textContent = `Game clock ${f.now.toFixed(1)} s`;
  if (f.tableRules) drawing = f.tableRules;
  last = f;
  if (answered) refusal.textContent = f.refusal ? `${f.refusal.rule}: ${f.refusal.reason}` : "";
  if (!drawing) {
    // every server that sends `connected` sends the rules with a connection's first frame: this one is older
    status.textContent = "This server sends no table to draw: it is older than this page. Start it again from the same houserules version.";
    return;
  }
  frame = playFrame(f, drawing);
  view.take(frame);
  draw();
}

function move(text: string): void {
  if (!socket || !last || last.over) return;
  if (!socket.move(text)) refusal.textContent = "Your last move is still on its way: wait for it to be answered.";
}

help.hidden = seat < 0; // an onlooker has no moves to make
if (!room) {
  if (params.get("table")) tablePage(lobby, status, params);
  else void landing(lobby, status);
}
else if (Number.isNaN(seat)) status.textContent = `This link's seat (${seatParam}) is not a seat number: copy the whole link again from whoever made the room.`;
else {
  const url = `${location.protocol === "https:" ? "wss:" : "ws:"}//${location.host}/rooms/${encodeURIComponent(room)}/socket`;
  socket = new RoomSocket(url, seat, secret, {
    frame: received,
    down: () => {
      banner.hidden = false;
      banner.textContent = "The connection dropped: joining again…";
    },
    up: () => {
      banner.hidden = true;
    },
    refused: (message, code) => {
      if (code === "secret") {
        shown.refused = message;
        status.textContent = `This link does not open a seat: ${message}. Ask whoever made the room for your seat's link again.`;
        return;
      }
      refusal.textContent = message;
    },
  });
}
