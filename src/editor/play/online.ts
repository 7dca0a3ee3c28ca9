// Play online: a room on a game server (`houserules serve`, docs/serve.md) made from the rules the Play screen
// has chosen — a shipped game, a file of the user's with its fragments and base, a composed round — sent as
// text. The lobby shows each seat's invitation link with a Copy button and who is seated (the frames'
// `connected`, from a connection that watches the room), and the user may take a person's seat here: the Play
// screen then draws that seat's frames from the server with its own table, moves and log. The connection joins
// again by itself when it drops, with a banner while it is down and a word when it is back, and sends a move
// in flight again with the same id, which the server applies at most once. Everything a server sends is set as
// text; a frame is what the server sent this seat, so the page has nothing more than the seat may see.
import type { Frame as SeatFrame } from "../../serve/protocol.js";
import { RoomSocket } from "./room-socket.js";
import type { Frame } from "../../session/remote.js";
import type { TableRules } from "../../table/rules.js";
import { isText, playFrame, readMadeRoom, roomRequest, type MadeRoom } from "./online-room.js";
import type { App } from "../app.js";
import { field } from "../files/page-state.js";
import { fill, h } from "../dom.js";

/** The agents a server plays (docs/serve.md): the quick ones. */
export const onlineSeatChoices = ["person", "random", "greedy"];
export const defaultServer = "http://127.0.0.1:8080";

/** What the Play screen lends the lobby: its rules, players and seed as chosen, and the table it draws. */
export interface OnlineHost {
  rulesText(): string;
  players(): number;
  seed(): number | string;
  /** The Options field as written ("target=100"), read against the rules when the room is made. */
  optionsText(): string;
  /** Draws a seat's frame; `answered`: it answers the seat's own move (its refusal is shown, or cleared). */
  draw(frame: Frame, answered: boolean): void;
  /** The page took a seat (a seat number), or left it (-1). */
  seated(seat: number): void;
}

export class OnlinePanel {
  readonly box = h("section", { class: "online", "data-test": "online", hidden: true });
  /** Every frame the page received from the server, onlooker's and seat's, in order (the tests check them). */
  readonly frames: SeatFrame[] = [];
  private serverInput = h("input", { value: defaultServer, "aria-label": "Server", "data-test": "online-server", size: 26 });
  private seatsBox = h("span", { class: "seat-choices" });
  private roomBox = h("div", { class: "online-room", "data-test": "online-room" });
  private problem = h("p", { class: "play-error", "data-test": "online-error" });
  readonly banner = h("p", { class: "online-banner", "data-test": "online-banner", role: "status", hidden: true });
  private room: (MadeRoom & { server: string }) | null = null;
  private socket: RoomSocket | null = null;
  /** The seat this page plays (-1: it only watches the room). */
  seat = -1;
  private connected: boolean[] = [];
  private drawing: { game: TableRules; outer: TableRules | null } | null = null;
  private backTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly app: App,
    private readonly host: OnlineHost,
  ) {
    const kept = app.state.read("online", (v) => field((v as { server?: unknown } | null)?.server));
    if (kept && /^https?:\/\//.test(kept)) this.serverInput.value = kept;
    fill(this.box,
      h("div", { class: "play-bar" },
        h("label", {}, "Server ", this.serverInput), this.seatsBox,
        h("button", { class: "small primary", "data-test": "online-create", onclick: () => void this.create() }, "Create room"),
        h("button", { class: "small", "data-test": "online-close", onclick: () => this.toggle(false) }, "✕")),
      h("p", { class: "muted" }, "A room on a houserules serve of these rules: send each person their seat's link; agents play the other seats."),
      this.problem, this.roomBox);
  }

  /** Shows or hides the lobby; shown, its seats follow the Play screen's players. */
  toggle(show = this.box.hidden): void {
    this.box.hidden = !show;
    if (show && !this.room) this.seatChoices();
  }

  private seatChoices(): void {
    const n = this.host.players();
    fill(this.seatsBox, ...Array.from({ length: n }, (_, p) => {
      const s = h("select", { "aria-label": `Online seat ${p + 1}`, "data-test": `online-seat-${p}` }, ...onlineSeatChoices.map((c) => h("option", { value: c }, c)));
      s.value = p < 2 ? "person" : "random";
      return s;
    }));
  }

  private serverUrl(): string | null {
    try {
      const u = new URL(this.serverInput.value.trim());
      return u.protocol === "http:" || u.protocol === "https:" ? u.origin : null;
    } catch {
      return null;
    }
  }

  async create(): Promise<void> {
    this.problem.textContent = "";
    const server = this.serverUrl();
    if (!server) return void (this.problem.textContent = "the server is an address such as http://127.0.0.1:8080");
    this.app.state.write("online", { server });
    if (this.seatsBox.children.length !== this.host.players()) this.seatChoices();
    const agents = [...this.seatsBox.querySelectorAll("select")].map((s) => (s.value === "person" ? null : s.value));
    const { refs } = await this.app.rulesOf(this.host.rulesText());
    let options: Record<string, unknown> | undefined;
    try {
      options = await this.app.optionsOf(refs, this.host.optionsText());
    } catch (e) {
      return void (this.problem.textContent = (e as Error).message);
    }
    const asked = roomRequest(refs, [...this.app.workspace.store.entries()], agents, this.host.seed(), options);
    if ("problem" in asked) return void (this.problem.textContent = asked.problem);
    let answer: MadeRoom | string;
    try {
      const r = await fetch(`${server}/rooms`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(asked.body) });
      const body = (await r.json()) as unknown;
      if (r.status !== 201) {
        const error = (body as { error?: unknown } | null)?.error;
        throw new Error(isText(error) ? error : `the server answered ${r.status}`);
      }
      answer = readMadeRoom(body);
    } catch (e) {
      const message = (e as Error).message;
      this.problem.textContent = /fetch|network/i.test(message)
        ? `no answer from ${server}: is houserules serve running there, started with --origin ${location.origin}?`
        : `the server refused the room: ${message}`;
      return;
    }
    if (typeof answer === "string") return void (this.problem.textContent = answer);
    this.leave();
    this.room = { ...answer, server };
    this.connected = answer.seats.map(() => false);
    this.open(-1, "");
    this.renderRoom();
  }

  private open(seat: number, secret: string): void {
    this.socket?.close();
    this.seat = seat;
    const room = this.room!;
    const url = new URL(`/rooms/${room.room}/socket`, room.server.replace(/^http/, "ws")).href;
    this.socket = new RoomSocket(url, seat, secret, {
      frame: (f, answered) => this.frame(f, answered),
      down: () => this.say("The connection to the server dropped: joining again…", false),
      up: () => {
        if (!this.banner.hidden) this.say("The connection is back.", true);
      },
      refused: (message) => (this.problem.textContent = message),
    });
    this.host.seated(seat);
  }

  private say(text: string, back: boolean): void {
    if (this.backTimer) clearTimeout(this.backTimer);
    this.banner.hidden = false;
    this.banner.textContent = text;
    this.banner.classList.toggle("back", back);
    this.backTimer = back ? setTimeout(() => (this.banner.hidden = true), 4000) : null;
  }

  private frame(f: SeatFrame, answered: boolean): void {
    this.frames.push(f);
    if (f.tableRules) this.drawing = f.tableRules;
    if (f.connected) this.connected = f.connected;
    this.renderRoom();
    if (f.seat >= 0 && f.seat === this.seat && this.drawing) this.host.draw(playFrame(f, this.drawing), answered);
  }

  /** The seat's move, typed or clicked on the table. */
  move(text: string): boolean {
    return this.socket?.move(text) ?? false;
  }

  /** Leaves the room: the page plays its own games again. */
  leave(): void {
    this.socket?.close();
    this.socket = null;
    this.room = null;
    this.drawing = null;
    this.banner.hidden = true;
    fill(this.roomBox);
    if (this.seat >= 0) this.host.seated(-1);
    this.seat = -1;
  }

  private renderRoom(): void {
    const room = this.room;
    if (!room) return fill(this.roomBox);
    fill(this.roomBox,
      h("p", {}, `Room ${room.room} of ${room.rules} on ${room.server}.`),
      h("table", { class: "online-seats" }, ...room.seats.map((s) => {
        const state = s.agent ? `agent: ${s.agent}` : this.connected[s.seat] ? (s.seat === this.seat ? "seated (you, here)" : "seated") : "waiting for someone to open the link";
        const link = h("input", { value: s.link ?? "", readonly: true, size: 40, "aria-label": `${s.name}'s link`, "data-test": "online-link" });
        return h("tr", { "data-test": "online-seat", "data-seat": s.seat },
          h("td", {}, s.name), h("td", { "data-test": "online-state" }, state),
          h("td", {}, s.link ? link : null),
          h("td", {}, s.link ? h("button", { class: "small", "data-test": "online-copy", onclick: () => void this.copy(s.link!, link) }, "Copy") : null),
          h("td", {}, s.secret && s.seat !== this.seat && !this.connected[s.seat] ? h("button", { class: "small", "data-test": "online-take", onclick: () => this.open(s.seat, s.secret!) }, "Take this seat") : null));
      })),
      h("p", {}, room.watch ? h("a", { href: room.watch, target: "_blank", rel: "noopener" }, "The onlookers' link") : null, " · ",
        h("button", { class: "small", "data-test": "online-leave", onclick: () => this.leave() }, "Leave the room")));
  }

  private async copy(link: string, input: HTMLInputElement): Promise<void> {
    try {
      await navigator.clipboard.writeText(link);
      this.app.shell.say("The link is copied.");
    } catch {
      // no clipboard (a page not on https or localhost): the link is selected to be copied by hand
      input.select();
      this.app.shell.say("Copy the selected link (Ctrl+C).");
    }
  }
}
