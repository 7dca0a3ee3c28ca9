// The lobby on the server's own page (docs/serve.md, "Tables"): with no link, a form that makes a table of a game
// from the shelf with its house rules, and the tables their hosts listed; with a table's link, who sits where, a
// free seat taken under a name of one's own, the host's Start, and a few words at the table. Once the table's game
// starts, each seat's page goes to the game with its seat's secret; at the game, the table stays beside it: its
// chat, and the host's Rematch, which takes every seat to the next game. Everything shown is set as text.
import { h, fill } from "../dom.js";
import type { ChatLine, TableMessage, TableState } from "../../serve/protocol.js";

interface ShelfEntry {
  id: string;
  name: string;
  players: { min: number; max: number } | null;
  houseRules: { id: string; name: string }[];
}

/** The page's address for a place in the lobby or a game (everything after the #), and going there. */
export function go(fields: Record<string, string | number | null | undefined>): void {
  const hash = Object.entries(fields).filter(([, v]) => v !== null && v !== undefined && v !== "").map(([k, v]) => `${k}=${encodeURIComponent(String(v))}`).join("&");
  location.hash = hash;
  location.reload();
}

/** The seat a table's page sits at (from its address), or -1 for an onlooker. */
const seatIn = (params: URLSearchParams): number => (/^\d{1,2}$/.test(params.get("seat") ?? "") ? Number(params.get("seat")) : -1);

/** To a game of the table: a seat with its secret, or an onlooker. */
const toGame = (room: string, seat: number, secret: string, table: string, host: string | null) =>
  go({ room, seat: seat >= 0 ? seat : null, secret: seat >= 0 ? secret : null, table, host });

/** A table's WebSocket, opened again when it drops; its messages handed on as they come. */
export class TableLink {
  private ws: WebSocket | null = null;
  private closed = false;

  constructor(
    private readonly table: string,
    private readonly on: (m: TableMessage) => void,
    private readonly down: (isDown: boolean) => void = () => {},
  ) {
    this.open();
  }

  private open(): void {
    const ws = new WebSocket(`${location.protocol === "https:" ? "wss:" : "ws:"}//${location.host}/tables/${encodeURIComponent(this.table)}/socket`);
    this.ws = ws;
    ws.onopen = () => this.down(false);
    ws.onmessage = (e) => {
      try {
        this.on(JSON.parse(String(e.data)) as TableMessage);
      } catch {
        // not a message of the protocol: nothing to draw from it
      }
    };
    ws.onclose = () => {
      if (this.closed) return;
      this.down(true);
      setTimeout(() => this.open(), 1000);
    };
  }

  send(m: unknown): void {
    if (this.ws?.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(m));
  }
}

/** The chat of a table: its lines, and a line to say (from a seat, or as an onlooker). */
export function chatBox(say: (text: string) => void): { el: HTMLElement; add(lines: ChatLine[]): void } {
  const list = h("ul", { class: "chat-lines", "data-test": "chat-lines", "aria-live": "polite" });
  const input = h("input", { "data-test": "chat-text", maxlength: 300, placeholder: "a few words to the table", "aria-label": "Chat" });
  const send = () => {
    const text = input.value.trim();
    if (!text) return;
    say(text);
    input.value = "";
  };
  input.addEventListener("keydown", (e) => {
    if ((e as KeyboardEvent).key === "Enter") send();
  });
  const el = h("section", { class: "chat", "aria-label": "Chat" }, h("h2", {}, "At the table"), list,
    h("div", { class: "chat-say" }, input, h("button", { class: "small", "data-test": "chat-say", onclick: send }, "Say")));
  return {
    el,
    add: (lines) => {
      for (const l of lines) list.append(h("li", {}, h("b", {}, `${l.from}: `), l.text));
      while (list.children.length > 50) list.firstElementChild?.remove();
      list.scrollTop = list.scrollHeight;
    },
  };
}

/** The landing page: a new table of a game from the shelf, and the tables their hosts listed. */
export async function landing(root: HTMLElement, status: HTMLElement): Promise<void> {
  status.textContent = "Make a table for a game, then send its link to your friends.";
  const nameInput = h("input", { "data-test": "table-name", maxlength: 60, value: "Our table", "aria-label": "Table name" });
  const gameSelect = h("select", { "data-test": "table-game", "aria-label": "Game" });
  const houseBox = h("fieldset", { class: "house-rules", "data-test": "house-rules" });
  const playersInput = h("input", { type: "number", "data-test": "table-players", min: 1, max: 32, value: 4, "aria-label": "Players" });
  const listed = h("input", { type: "checkbox", "data-test": "table-listed" });
  const awayInput = h("input", { type: "number", "data-test": "table-away", min: 1, max: 86400, value: 120, "aria-label": "Away time in seconds" });
  const problem = h("p", { class: "refusal", "data-test": "table-problem", role: "alert" });
  const openList = h("ul", { class: "open-tables", "data-test": "open-tables" });
  let games: ShelfEntry[] = [];
  const chosen = () => games.find((g) => g.id === gameSelect.value);
  const showGame = () => {
    const g = chosen();
    if (!g) return;
    fill(houseBox, h("legend", {}, "House rules"), ...(g.houseRules.length ? g.houseRules.map((r) => h("label", {}, h("input", { type: "checkbox", value: r.id, "data-test": "house-rule" }), ` ${r.name}`)) : [h("span", { class: "muted" }, "none on the shelf for this game")]));
    if (g.players) {
      playersInput.min = String(g.players.min);
      playersInput.max = String(g.players.max);
      playersInput.value = String(Math.min(g.players.max, Math.max(g.players.min, Number(playersInput.value) || 4)));
    }
  };
  gameSelect.addEventListener("change", showGame);
  const make = async () => {
    problem.textContent = "";
    const g = chosen();
    if (!g) return;
    const house = [...houseBox.querySelectorAll<HTMLInputElement>("input:checked")].map((i) => i.value);
    const r = await fetch("/tables", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ name: nameInput.value, rules: [g.id, ...house], players: Number(playersInput.value), listed: listed.checked, away: Number(awayInput.value) }) });
    const answer = (await r.json()) as { table?: string; host?: string; error?: string };
    if (r.status !== 201 || !answer.table || !answer.host) return void (problem.textContent = answer.error ?? `the server answered ${r.status}`);
    go({ table: answer.table, host: answer.host });
  };
  fill(root, h("main", { class: "lobby" },
    h("h1", {}, "A new table"),
    h("div", { class: "lobby-form" },
      h("label", {}, "Name ", nameInput), h("label", {}, "Game ", gameSelect), houseBox, h("label", {}, "Players ", playersInput),
      h("label", {}, "A seat whose player is away ", awayInput, " seconds is played by the server until they are back"),
      h("label", {}, listed, " list it here for anyone to join"),
      h("button", { class: "small primary", "data-test": "table-make", onclick: () => void make() }, "Make the table")),
    problem,
    h("h2", {}, "Tables looking for players"), openList));
  try {
    games = ((await (await fetch("/shelf")).json()) as { games: ShelfEntry[] }).games;
    fill(gameSelect, ...games.map((g) => h("option", { value: g.id }, g.name)));
    showGame();
    const open = ((await (await fetch("/tables")).json()) as { tables: { table: string; name: string; rules: string; free: number; players: number }[] }).tables;
    fill(openList, ...(open.length ? open.map((t) => h("li", {}, h("a", { href: `#table=${encodeURIComponent(t.table)}`, onclick: () => setTimeout(() => location.reload()) }, t.name), ` · ${t.rules} · ${t.free} of ${t.players} seats free`)) : [h("li", { class: "muted" }, "none just now")]));
  } catch {
    problem.textContent = "The server did not answer: reload the page to try again.";
  }
}

/** A table's page: who sits where, a seat to take, the host's Start, the chat; on to the game once it starts. */
export function tablePage(root: HTMLElement, status: HTMLElement, params: URLSearchParams): void {
  const table = params.get("table")!;
  const host = params.get("host");
  let seat = seatIn(params);
  let secret = params.get("secret") ?? "";
  const seatsList = h("ul", { class: "table-seats", "data-test": "table-seats" });
  const nameInput = h("input", { "data-test": "sit-name", maxlength: 24, placeholder: "your name", "aria-label": "Your name" });
  const problem = h("p", { class: "refusal", "data-test": "table-problem", role: "alert" });
  const startButton = h("button", { class: "small primary", "data-test": "table-start", hidden: host === null, onclick: () => link.send({ t: "start", host }) }, "Start the game");
  const share = h("p", { class: "share", hidden: host === null }, "Send your friends this link: ", h("code", { "data-test": "table-link" }, `${location.origin}/#table=${table}`));
  const title = h("h1", {}, "A table");
  const note = h("p", { class: "muted", "data-test": "table-note" });
  const chat = chatBox((text) => link.send({ t: "say", text, seat, secret }));
  const draw = (s: TableState) => {
    document.title = `${s.name} · ${s.rules} — houserules`;
    title.textContent = `${s.name}: ${s.rules}`;
    const free = s.seats.filter((n) => n === null).length;
    status.textContent = seat >= 0 ? `You sit at seat ${seat + 1} as ${s.seats[seat] ?? "?"}. ${host !== null ? "Start when everyone is seated." : "The host starts the game."}` : `Choose a free seat and a name.${free === 0 ? " Every seat is taken: you may watch." : ""}`;
    note.textContent = free > 0 ? `Seats nobody takes are played by the server (${s.agent}) when the host starts.` : "Every seat is taken.";
    fill(seatsList, ...s.seats.map((name, p) => h("li", { "data-test": "table-seat", "data-seat": p, class: name === null ? "free" : "taken" },
      `Seat ${p + 1}: `, name === null ? h("span", { class: "muted" }, "free ") : h("b", {}, p === seat ? `${name} (you)` : name),
      name === null && seat < 0 ? h("button", { class: "small", "data-test": "sit", onclick: () => link.send({ t: "sit", seat: p, name: nameInput.value }) }, "Sit here") : null)));
  };
  const link = new TableLink(table, (m) => {
    if (m.t === "table") {
      // the game has started (or was played): each seat to its place in it, with its secret; an onlooker to watch
      if (m.room !== null) return toGame(m.room, seat, secret, table, host);
      draw(m);
    } else if (m.t === "seated") {
      seat = m.seat;
      secret = m.secret;
      // the seat's secret in the page's address: a reload (or this tab kept) finds its seat again
      history.replaceState(null, "", `#${new URLSearchParams({ table, seat: String(seat), secret, ...(host !== null ? { host } : {}) })}`);
    } else if (m.t === "chat") chat.add(m.lines);
    else if (m.t === "error") problem.textContent = m.message;
  });
  fill(root, h("main", { class: "lobby" }, title, share, seatsList, h("div", { class: "lobby-form" }, h("label", {}, "Your name ", nameInput), startButton), note, problem, chat.el));
}

/**
 * Beside a game of a table: its chat, and for the host a Rematch once the game is over. When the table's latest
 * room is another (a rematch), the page goes there with the same seat and secret.
 */
export function tableAside(params: URLSearchParams, room: string): HTMLElement {
  const table = params.get("table")!;
  const host = params.get("host");
  const seat = seatIn(params);
  const secret = params.get("secret") ?? "";
  const rematch = h("button", { class: "small primary", "data-test": "rematch", hidden: true, onclick: () => link.send({ t: "rematch", host }) }, "Rematch: play again, the same seats");
  const problem = h("p", { class: "refusal", role: "alert" });
  const chat = chatBox((text) => link.send({ t: "say", text, seat, secret }));
  // a player may leave (an agent plays their seat until they open their link again); the host may hand a seat over
  const leave = h("button", { class: "small", "data-test": "leave", hidden: seat < 0, onclick: () => (link.send({ t: "leave", seat, secret }), setTimeout(() => go({}), 300)) }, "Leave the game");
  const handOver = h("div", { class: "hand-over", hidden: host === null });
  const link = new TableLink(table, (m) => {
    if (m.t === "table") {
      if (m.room !== null && m.room !== room) return toGame(m.room, seat, secret, table, host);
      rematch.hidden = host === null || !m.over;
      fill(handOver, ...(m.over ? [] : m.seats.flatMap((name, p) => (name === null || p === seat ? [] : [h("button", { class: "small", "data-test": "replace", "data-seat": p, onclick: () => link.send({ t: "remove", seat: p, host }) }, `Let the server play for ${name}`)]))));
    } else if (m.t === "chat") chat.add(m.lines);
    else if (m.t === "error") problem.textContent = m.message;
  });
  return h("div", { class: "table-aside", "data-test": "table-aside" }, rematch, handOver, leave, problem, chat.el);
}
