// Watching and playing a game of any rule file: the table drawn for the chosen viewer, steps back and forward,
// play and pause at a speed, the log as the viewer is told it, the viewer's legal moves (made by clicking cards
// and buttons, or typed), a refusal's rule and reason, and the game so far as a scenario file. People take
// seats against agents; in hot seat the table is covered between two people's turns. The game itself lives in
// a worker (client.ts): this screen only ever has one viewer's frame.
import "./play.css";
import { h, fill } from "../dom.js";
import type { App } from "../app.js";
import type { Screen } from "../shell.js";
import type { Frame, SessionReply, SessionRequest } from "../../session/remote.js";
import { drawTable } from "../../table/table.js";
import { svgElement } from "./svg-dom.js";
import { SessionClient } from "./client.js";
import { RealtimeClock } from "./clock.js";
import { gameChoices } from "./games.js";

export const seatChoices = ["person", "random", "greedy", "mc:100", "ismcts:200"];
const speeds: [string, number][] = [["1 move/s", 1000], ["4 moves/s", 250], ["10 moves/s", 100], ["full speed", 0]];
const TRUTH = -1;
const HOT = -2;

export class PlayScreen implements Screen {
  readonly id = "play";
  readonly title = "Play";
  readonly client = new SessionClient();
  frame: Frame | null = null;
  /** The log as told to the frame's viewer. */
  lines: string[] = [];
  /** The viewer chosen: a seat, TRUTH, or HOT (whoever of the people is to move). */
  private mode = TRUTH;
  /** In hot seat: the seat the table waits for before it shows that seat's hand (-1: nobody). */
  covered = -1;
  private selected = new Set<number>();
  private timer: ReturnType<typeof setTimeout> | null = null;
  private speed = 250;
  /** Frames drawn since the page opened: the benchmark reads it to count frames per second. */
  drawn = 0;
  readonly clock: RealtimeClock;
  private busy: Promise<unknown> = Promise.resolve();
  private logReset = true;

  private rulesInput = h("input", { list: "play-games", value: "idiot", "aria-label": "Rules", "data-test": "play-rules", size: 28 });
  private gamesList = h("datalist", { id: "play-games" });
  private playersInput = h("input", { type: "number", min: 1, max: 16, value: 4, "aria-label": "Players", "data-test": "play-players" });
  private seedInput = h("input", { value: "7", "aria-label": "Seed", "data-test": "play-seed", size: 6 });
  private seatsBox = h("span", { class: "seat-choices" });
  private viewerSelect = h("select", { "aria-label": "Viewer", "data-test": "viewer" });
  private speedSelect = h("select", { "aria-label": "Speed", "data-test": "speed" });
  private playButton = h("button", { class: "small", "data-test": "play-pause", onclick: () => this.toggle() }, "Play");
  private position = h("span", { class: "position", "data-test": "position" });
  private tableBox = h("div", { class: "table-box", "data-test": "table" });
  private logList = h("ol", { class: "log", "data-test": "log" });
  private legalBox = h("div", { class: "legal", "data-test": "legal" });
  private moveInput = h("input", { placeholder: "type a move: play 9S", "aria-label": "Move", "data-test": "move-input", size: 26 });
  private refusalBox = h("p", { class: "refusal", "data-test": "refusal", role: "alert" });
  private exportBox = h("pre", { class: "exported", "data-test": "exported", hidden: true });
  private clockBox = h("div", { class: "clock", "data-test": "clock", hidden: true });
  private errorBox = h("p", { class: "play-error", "data-test": "play-error" });

  constructor(private app: App) {
    this.clock = new RealtimeClock(this, this.clockBox);
  }

  mount(root: HTMLElement): void {
    for (const [label, ms] of speeds) this.speedSelect.append(h("option", { value: ms, selected: ms === this.speed }, label));
    this.speedSelect.addEventListener("change", () => (this.speed = Number(this.speedSelect.value)));
    this.playersInput.addEventListener("change", () => this.seatInputs());
    this.viewerSelect.addEventListener("change", () => void this.look(Number(this.viewerSelect.value)));
    this.moveInput.addEventListener("keydown", (e) => {
      if (e.key === "Enter") void this.typed();
    });
    this.seatInputs();
    const bar = (...c: (Node | string)[]) => h("div", { class: "play-bar" }, ...c);
    fill(root,
      h("div", { class: "play-main" },
        bar(h("label", {}, "Rules ", this.rulesInput), this.gamesList, h("label", {}, "Players ", this.playersInput), h("label", {}, "Seed ", this.seedInput),
          this.seatsBox, h("button", { class: "small primary", "data-test": "start", onclick: () => void this.start() }, "Start")),
        bar(h("label", {}, "View ", this.viewerSelect),
          h("button", { class: "small", title: "to the start", "data-test": "first", onclick: () => void this.send({ kind: "seek", cursor: 0 }) }, "First"),
          h("button", { class: "small", title: "one move back", "data-test": "back", onclick: () => void this.send({ kind: "back" }) }, "◀"),
          h("button", { class: "small", title: "one move on", "data-test": "forward", onclick: () => void this.send({ kind: "forward" }) }, "▶"),
          this.playButton, this.speedSelect,
          h("button", { class: "small", title: "to the end (or until a person must move)", "data-test": "end", onclick: () => void this.toEnd() }, "Last"),
          this.position,
          h("button", { class: "small", "data-test": "export", onclick: () => void this.exportScenario() }, "Export scenario")),
        this.errorBox, this.clockBox, this.tableBox),
      h("aside", { class: "play-side" },
        h("h2", {}, "Moves"), this.legalBox,
        h("div", { class: "typed" }, this.moveInput, h("button", { class: "small", "data-test": "move-submit", onclick: () => void this.typed() }, "Move")),
        this.refusalBox,
        h("h2", {}, "Log"), this.logList, this.exportBox));
    addEventListener("keydown", (e) => this.clock.key(e));
  }

  shown(): void {
    const refs = gameChoices(this.app);
    fill(this.gamesList, ...refs.map((r) => h("option", { value: r })));
  }

  private seatInputs(): void {
    const n = Math.max(1, Math.min(16, Number(this.playersInput.value) || 4));
    const before = [...this.seatsBox.querySelectorAll("select")].map((s) => s.value);
    fill(this.seatsBox, ...Array.from({ length: n }, (_, p) => {
      const s = h("select", { "aria-label": `Seat ${p + 1}`, "data-test": `seat-${p}` }, ...seatChoices.map((c) => h("option", { value: c }, c)));
      s.value = before[p] ?? (p === 0 ? "person" : "random");
      return s;
    }));
  }

  /** The seats as chosen: an agent's name, or null for a person. */
  seats(): (string | null)[] {
    return [...this.seatsBox.querySelectorAll("select")].map((s) => (s.value === "person" ? null : s.value));
  }

  async start(): Promise<void> {
    this.pause();
    this.clock.reset();
    const ref = this.app.reference(this.rulesInput.value.trim()) || this.rulesInput.value.trim();
    const seats = this.seats();
    const seed = /^-?\d+$/.test(this.seedInput.value.trim()) ? Number(this.seedInput.value.trim()) : this.seedInput.value.trim();
    const people = seats.flatMap((s, p) => (s === null ? [p] : []));
    this.mode = people.length > 1 ? HOT : people.length === 1 ? people[0] : TRUTH;
    this.covered = -1;
    this.exportBox.hidden = true;
    const viewer = this.mode === HOT ? people[0] : this.mode;
    await this.send({ kind: "start", refs: [ref], ref: { rules: ref }, seed, seats, viewer }, true);
    if (this.frame) {
      this.viewerOptions();
      await this.toPerson();
    }
  }

  private viewerOptions(): void {
    const f = this.frame!;
    const options: [number, string][] = [[TRUTH, "the whole truth"], ...f.names.map((n, p): [number, string] => [p, `${n}'s view${f.people[p] ? " (person)" : ""}`])];
    if (f.people.filter(Boolean).length > 1) options.push([HOT, "hot seat: whoever is to move"]);
    fill(this.viewerSelect, ...options.map(([v, label]) => h("option", { value: v }, label)));
    this.viewerSelect.value = String(this.mode);
  }

  /** Agents play on until a person must move (not in real time, where the clock moves them). */
  private async toPerson(): Promise<void> {
    for (;;) {
      const f = this.frame;
      if (!f || f.realtime || f.over || !f.people.some(Boolean)) return; // only agents: the game is watched step by step
      if (f.cursor < f.length) return; // after a step back, the game waits to be stepped
      await this.send({ kind: "forward", moves: 5000 });
      if (!this.frame || this.frame.cursor - f.cursor < 5000) return;
    }
  }

  private async look(mode: number): Promise<void> {
    this.mode = mode;
    this.covered = -1;
    const viewer = mode === HOT ? this.personToMove() ?? TRUTH : mode;
    await this.send({ kind: "look", viewer });
  }

  private personToMove(): number | undefined {
    const f = this.frame;
    return f?.toMove.find((p) => f.people[p]);
  }

  /** Sends a request and draws the answer; requests go one after another. */
  send(request: SessionRequest, withFiles = false): Promise<SessionReply> {
    const next = this.busy.then(async () => {
      const reply = await this.client.ask(request, withFiles || request.kind === "start" ? this.app.workspace.store.entries() : undefined);
      this.received(reply, request.kind);
      return reply;
    });
    this.busy = next.catch(() => undefined);
    return next;
  }

  private received(reply: SessionReply, asked: SessionRequest["kind"]): void {
    if (reply.kind === "failed") {
      this.errorBox.textContent = reply.error;
      return;
    }
    if (reply.kind === "export") return;
    this.errorBox.textContent = "";
    const f = reply.frame;
    if (f.log.reset) {
      this.lines = f.log.lines.slice();
      this.logReset = true;
    } else this.lines.push(...f.log.lines);
    this.frame = f;
    this.selected.clear();
    // a refusal stays until the next move is asked for (frames keep coming in real time)
    if (asked === "move" || asked === "start") {
      this.refusalBox.textContent = f.refusal ? `${f.refusal.rule}: ${f.refusal.reason}` : "";
      this.refusalBox.classList.toggle("no", Boolean(f.refusal?.reason.startsWith("No!")));
    }
    if (this.mode === HOT) {
      const next = this.personToMove();
      if (next !== undefined && next !== f.viewer && !f.realtime) {
        // the next person must not see the last one's hand: cover the table until they take their seat
        this.covered = next;
        this.render();
        return;
      }
    }
    this.render();
  }

  render(): void {
    const f = this.frame;
    if (!f) return;
    this.drawn++;
    this.position.textContent = `move ${f.cursor} of ${f.length}${f.over ? " · game over" : ""}${f.error ? ` · ${f.error}` : ""}`;
    if (this.covered >= 0) {
      const seat = this.covered;
      fill(this.tableBox, h("div", { class: "cover", "data-test": "cover" },
        h("p", {}, `${f.names[seat]}'s turn. Pass the screen to ${f.names[seat]}.`),
        h("button", { class: "small primary", "data-test": "take-seat", onclick: () => void this.send({ kind: "look", viewer: seat }).then(() => (this.covered = -1)).then(() => this.render()) }, `Show ${f.names[seat]}'s hand`)));
      fill(this.legalBox);
      fill(this.logList);
      this.logReset = true;
      return;
    }
    const choosable = new Set(f.legal.flatMap((m) => m.cards));
    const title = `${f.rules.name} · ${f.viewer === TRUTH ? "the whole truth" : `${f.names[f.viewer]}'s view`}`;
    const table = svgElement(drawTable(f.rules, f.view, { choosable, selected: this.selected, title, bottom: f.viewer >= 0 ? f.viewer : 0 }));
    table.addEventListener("click", (e) => this.clickCard(e));
    table.addEventListener("dblclick", (e) => this.doubleClickCard(e));
    const parts: Node[] = [table];
    if (f.outerRules && f.view.outer) parts.push(svgElement(drawTable(f.outerRules, f.view.outer, { title: `The match: ${f.outerRules.name}`, bottom: f.viewer >= 0 ? f.viewer : 0 })));
    fill(this.tableBox, ...parts);
    this.renderLegal();
    this.renderLog();
    this.clock.frame(f);
  }

  private renderLegal(): void {
    const f = this.frame!;
    const who = f.legalFor >= 0 ? f.names[f.legalFor] : "";
    const shown = f.legal.filter((m) => [...this.selected].every((c) => m.cards.includes(c)));
    fill(this.legalBox,
      f.legalFor >= 0 ? h("p", { class: "muted" }, `${who} may:`) : h("p", { class: "muted" }, f.over ? "The game is over." : "Nobody this view shows may move now."),
      ...shown.slice(0, 60).map((m) => h("button", { class: "small move", "data-test": "legal-move", "data-move": m.text, onclick: () => void this.move(m.text) }, m.text)),
      shown.length > 60 ? h("p", { class: "muted" }, `and ${shown.length - 60} more: choose a card to narrow them`) : null);
  }

  /** The log drawn: every line, appending only the new ones while the log grows. */
  private renderLog(): void {
    const items = this.logList.children;
    const same = items.length <= this.lines.length && (items.length === 0 || items[items.length - 1].textContent === this.lines[items.length - 1]);
    if (!same || this.logReset) fill(this.logList);
    this.logReset = false;
    for (let i = this.logList.children.length; i < this.lines.length; i++) this.logList.append(h("li", {}, this.lines[i]));
    this.logList.scrollTop = this.logList.scrollHeight;
  }

  private cardOf(e: Event): number | null {
    const g = (e.target as Element).closest?.("[data-card]");
    return g ? Number(g.getAttribute("data-card")) : null;
  }

  private clickCard(e: Event): void {
    const c = this.cardOf(e);
    if (c === null || !this.frame?.legal.some((m) => m.cards.includes(c))) return;
    if (this.selected.has(c)) this.selected.delete(c);
    else this.selected.add(c);
    this.render();
  }

  /** A double click makes the one move of that card alone, when there is one. */
  private doubleClickCard(e: Event): void {
    const c = this.cardOf(e);
    const only = this.frame?.legal.filter((m) => m.cards.length === 1 && m.cards[0] === c) ?? [];
    if (only.length === 1) void this.move(only[0].text);
  }

  /** The player a move from this screen is made for: the viewer, or in the whole truth the player to move. */
  private mover(): number {
    const f = this.frame!;
    if (f.viewer >= 0) return f.viewer;
    return f.legalFor >= 0 ? f.legalFor : (f.toMove[0] ?? 0);
  }

  async move(text: string): Promise<void> {
    if (!this.frame) return;
    const player = this.mover();
    await this.send({ kind: "move", player, text, at: this.frame.realtime ? this.clock.now() : undefined });
    if (!this.frame?.refusal) await this.toPerson();
  }

  private async typed(): Promise<void> {
    const text = this.moveInput.value.trim();
    if (!text) return;
    await this.move(text);
    if (!this.frame?.refusal) this.moveInput.value = "";
  }

  private toggle(): void {
    if (this.timer !== null) this.pause();
    else this.playOn();
  }

  private playOn(): void {
    this.playButton.textContent = "Pause";
    const tick = async () => {
      const before = this.frame?.cursor;
      await this.send({ kind: "forward" });
      const f = this.frame;
      if (!f || f.over || f.cursor === before || this.timer === null) return this.pause();
      this.timer = this.speed ? setTimeout(tick, this.speed) : (requestAnimationFrame(() => void tick()) as unknown as ReturnType<typeof setTimeout>);
    };
    this.timer = setTimeout(tick, 0);
  }

  pause(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    this.playButton.textContent = "Play";
  }

  private async toEnd(): Promise<void> {
    this.pause();
    for (let i = 0; i < 100; i++) {
      const before = this.frame?.cursor;
      await this.send({ kind: "forward", moves: 5000 });
      if (!this.frame || this.frame.over || this.frame.cursor === before) break;
    }
  }

  private async exportScenario(): Promise<void> {
    const reply = await this.send({ kind: "export" });
    if (reply.kind !== "export") return;
    this.exportBox.textContent = reply.text;
    this.exportBox.hidden = false;
    const a = document.createElement("a");
    a.href = URL.createObjectURL(new Blob([reply.text], { type: "text/yaml" }));
    a.download = "game.scenario.yaml";
    a.click();
    setTimeout(() => URL.revokeObjectURL(a.href), 1000);
  }
}
