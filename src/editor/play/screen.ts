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
import type { SvgNode } from "../../table/svg.js";
import { TableView } from "./table-view.js";
import { SessionClient } from "./client.js";
import { RealtimeClock } from "./clock.js";
import { gameChoices, openRules } from "./games.js";
import { borderColour } from "../compose/card.js";
import { spoilerQuestion, spoilerSeen, spoils, TRUTH } from "./spoiler.js";
import { OnlinePanel } from "./online.js";
import { inspector } from "./inspector.js";
import { maxPartBytes, playState, seatChoices, type PlayState } from "../files/page-state.js";
import type { MoveRecord } from "../../session/session.js";

export { seatChoices };
const speeds: [string, number][] = [["1 move/s", 1000], ["4 moves/s", 250], ["10 moves/s", 100], ["full speed", 0]];
const HOT = -2;

export class PlayScreen implements Screen {
  readonly id = "play";
  readonly title = "Play";
  readonly client = new SessionClient();
  frame: Frame | null = null;
  /** The table, the moves and the log, drawn as a seat's link draws them too. */
  private readonly view = new TableView({ move: (text) => void this.move(text), chose: () => this.render() });
  /** The log as told to the frame's viewer. */
  get lines(): string[] {
    return this.view.lines;
  }
  /** The tables on the screen, with the drawings they show. */
  get tables(): { node: SvgNode; dom: SVGElement }[] {
    return this.view.tables;
  }
  /** The viewer chosen: a seat, TRUTH, or HOT (whoever of the people is to move). */
  private mode = TRUTH;
  /** In hot seat: the seat the table waits for before it shows that seat's hand (-1: nobody). */
  covered = -1;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private speed = 250;
  /** Frames drawn since the page opened: the benchmark reads it to count frames per second. */
  drawn = 0;
  readonly clock: RealtimeClock;
  private busy: Promise<unknown> = Promise.resolve();

  private rulesInput = h("input", { list: "play-games", value: "idiot", "aria-label": "Rules", "data-test": "play-rules", size: 28 });
  private gamesList = h("datalist", { id: "play-games" });
  /** Offers the file open in the editor as the rules to play, when the Rules field names other rules. */
  private openButton = h("button", { class: "small", "data-test": "play-open-file", hidden: true, onclick: () => this.useOpenFile() });
  private playersInput = h("input", { type: "number", min: 1, max: 16, value: 4, "aria-label": "Players", "data-test": "play-players" });
  private seedInput = h("input", { value: "7", "aria-label": "Seed", "data-test": "play-seed", size: 6 });
  private optionsInput = h("input", { value: "", placeholder: "name=value, …", "aria-label": "Options", "data-test": "play-options", size: 14, title: "values for options the rules declare, written like --option NAME=VALUE: target=100, jokers=true" });
  private seatsBox = h("span", { class: "seat-choices" });
  private viewerSelect = h("select", { "aria-label": "Viewer", "data-test": "viewer" });
  private speedSelect = h("select", { "aria-label": "Speed", "data-test": "speed" });
  private playButton = h("button", { class: "small", "data-test": "play-pause", onclick: () => this.toggle() }, "Play");
  private position = h("span", { class: "position", "data-test": "position" });
  /** Stepping through the game and exporting it: hidden while a seat online is played (the server holds the game). */
  private stepsBox = h("span", { class: "play-bar", "data-test": "steps" });
  private tableBox = this.view.tableBox;
  private logList = this.view.logList;
  private legalBox = this.view.legalBox;
  private moveInput = h("input", { placeholder: "type a move: play <card>", "aria-label": "Move", "data-test": "move-input", size: 26 });
  private refusalBox = h("p", { class: "refusal", "data-test": "refusal", role: "alert" });
  private exportBox = h("pre", { class: "exported", "data-test": "exported", hidden: true });
  private clockBox = h("div", { class: "clock", "data-test": "clock", hidden: true });
  private errorBox = h("p", { class: "play-error", "data-test": "play-error" });
  /** The round of a match being played: its number and its rule cards, above the table (and above a cover). */
  private roundBox = h("section", { class: "round-cards", "data-test": "round-cards", hidden: true });
  /** The highest round whose cards the person has been shown and has started. */
  private roundSeen = 0;
  private resultBox = h("p", { class: "result", "data-test": "result", hidden: true });
  /** Asks before a view that spoils a game against agents is shown, and says once one was. */
  private spoilerBox = h("div", { class: "spoiler", "data-test": "spoiler", role: "alert", hidden: true });
  /** The inspector beside the table: the frame as named data, and what the searching agents weighed. */
  private inspectorBox = h("section", { class: "inspector", "data-test": "inspector", hidden: true });
  private inspectButton = h("button", { class: "small", title: "the phase, whose turn, the zones and the variables by their rule names, and what searching agents weighed", "data-test": "inspect", "aria-pressed": "false", onclick: () => void this.toggleInspector() }, "Inspect");
  /** A scenario file to start from (its seats, options, dealer and stacked deal), while one is open. */
  private scenario: { text: string; file: string } | null = null;
  private scenarioInput = h("input", { type: "file", accept: ".yaml,.yml", hidden: true, "data-test": "scenario-file" });
  private scenarioBox = h("span", { class: "scenario-name", "data-test": "scenario-name" });
  private dropScenario = h("button", { class: "small", hidden: true, title: "start games from the rules again", "data-test": "scenario-drop", onclick: () => this.closeScenario() }, "✕");
  /** How far a game passed on (a shared link, a reload) replayed. */
  private noteBox = h("p", { class: "muted", "data-test": "play-note" });
  /** The game being played as it was started from the fields (not a scenario's), to keep and to share with its moves. */
  private started: Omit<PlayState, "moves"> | null = null;
  /** The game kept from before a reload, started again when the screen is first shown. */
  private kept: PlayState | undefined;
  private keepTimer: ReturnType<typeof setTimeout> | null = null;

  /** Play online: a room on a game server of these rules; while the page holds a seat there, its frames are drawn here. */
  readonly online: OnlinePanel;

  constructor(private app: App) {
    this.kept = app.state.read("play", playState);
    this.clock = new RealtimeClock(this, this.clockBox);
    this.online = new OnlinePanel(app, {
      rulesText: () => this.rulesInput.value,
      players: () => Math.max(1, Math.min(16, Number(this.playersInput.value) || 4)),
      seed: () => this.seedValue(),
      optionsText: () => this.optionsInput.value,
      draw: (frame, answered) => this.received({ kind: "frame", frame }, answered ? "move" : "forward"),
      seated: (seat) => this.seatedOnline(seat),
    });
    app.play = (rules, players) => void this.playOther(rules, players);
  }

  /**
   * Other rules started from another screen. A game going on (or one kept from before a reload, not yet
   * reopened) is not replaced silently: it is kept, and the note above the table offers to go back to it.
   */
  private async playOther(rules: string, players: number): Promise<void> {
    const kept = this.kept;
    this.kept = undefined; // not reopened when the screen is shown: the new rules are
    this.app.show("play");
    const going = kept ?? (this.frame && !this.frame.over ? await this.shared() : undefined);
    this.closeScenario();
    this.rulesInput.value = rules;
    this.playersInput.value = String(players);
    this.seatInputs();
    await this.start();
    if (going && going.moves.length > 0) this.offerBack(going);
  }

  /** Says that a game was put aside for another, with a button that takes it up again where it was. */
  private offerBack(game: PlayState): void {
    const what = `your game of ${game.rules}`;
    this.noteBox.className = "muted";
    fill(this.noteBox, `${what[0].toUpperCase()}${what.slice(1)} (move ${game.moves.length}) is kept while these rules are played.`,
      h("button", { class: "small play-note-action", "data-test": "play-back", onclick: () => void this.adopt(game, what) }, "Back to it"));
  }

  mount(root: HTMLElement): void {
    for (const [label, ms] of speeds) this.speedSelect.append(h("option", { value: ms, selected: ms === this.speed }, label));
    this.speedSelect.addEventListener("change", () => (this.speed = Number(this.speedSelect.value)));
    // as the count is typed, not when the field is left: seats rebuilt as Start is pressed moved the button away
    // from under the pointer, and that first click was lost
    this.playersInput.addEventListener("input", () => this.seatInputs());
    this.viewerSelect.addEventListener("change", () => this.chooseViewer(Number(this.viewerSelect.value)));
    this.rulesInput.addEventListener("input", () => this.offerOpenFile());
    this.moveInput.addEventListener("keydown", (e) => {
      if (e.key === "Enter") void this.typed();
    });
    this.scenarioInput.addEventListener("change", () => void this.openScenario());
    this.seatInputs();
    const bar = (...c: (Node | string)[]) => h("div", { class: "play-bar" }, ...c);
    fill(this.stepsBox,
      h("button", { class: "small", title: "to the start", "data-test": "first", onclick: () => void this.send({ kind: "seek", cursor: 0 }) }, "First"),
      h("button", { class: "small", title: "one move back", "data-test": "back", onclick: () => void this.send({ kind: "back" }) }, "◀"),
      h("button", { class: "small", title: "one move on", "data-test": "forward", onclick: () => void this.send({ kind: "forward" }) }, "▶"),
      this.playButton, this.speedSelect,
      h("button", { class: "small", title: "to the end (or until a person must move)", "data-test": "end", onclick: () => void this.toEnd() }, "Last"),
      this.position,
      h("button", { class: "small", "data-test": "export", onclick: () => void this.exportScenario() }, "Export scenario"));
    fill(root,
      h("div", { class: "play-main" },
        bar(h("label", {}, "Rules ", this.rulesInput), this.gamesList, this.openButton, h("label", {}, "Players ", this.playersInput), h("label", {}, "Seed ", this.seedInput),
          h("label", {}, "Options ", this.optionsInput), this.seatsBox, h("button", { class: "small primary", "data-test": "start", onclick: () => void this.start() }, "Start"),
          h("button", { class: "small", title: "start from a scenario file: its players, options, dealer and stacked deal", "data-test": "scenario-open", onclick: () => this.scenarioInput.click() }, "Open scenario…"),
          this.scenarioInput, this.scenarioBox, this.dropScenario,
          h("button", { class: "small", title: "make a room of these rules on a houserules serve, for friends at other screens", "data-test": "online-open", onclick: () => this.online.toggle() }, "Play online…")),
        this.online.box, this.online.banner,
        bar(h("label", {}, "View ", this.viewerSelect), this.stepsBox, this.inspectButton),
        this.errorBox, this.noteBox, this.resultBox, this.spoilerBox, this.clockBox, this.roundBox, this.tableBox, this.inspectorBox),
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
    this.offerOpenFile();
    const kept = this.kept;
    this.kept = undefined;
    if (kept && !this.frame) void this.adopt(kept, "the game you were playing");
  }

  /** Shows the button that puts the editor's file in the Rules field, when that file is not already there. */
  private offerOpenFile(): void {
    const open = openRules(this.app);
    this.openButton.hidden = !open || open === this.rulesInput.value.trim() || Boolean(this.scenario);
    this.openButton.textContent = open ? `use ${open.split("/").pop()}` : "";
    this.openButton.title = open ? `play the file open in the editor: ${open}` : "";
  }

  private useOpenFile(): void {
    const open = openRules(this.app);
    if (!open) return;
    this.rulesInput.value = open;
    this.offerOpenFile();
  }

  /**
   * A game passed on (a shared link, or the one kept before a reload): its fields set, and its moves replayed
   * through the engine from the seed. A move that does not replay stops the replay there, and the game opens
   * after the last move that did, with a line saying which move and why.
   */
  async adopt(game: PlayState, what = "the shared game"): Promise<void> {
    this.kept = undefined;
    this.app.show("play");
    this.closeScenario();
    this.rulesInput.value = game.rules;
    this.playersInput.value = String(game.players);
    this.seedInput.value = game.seed;
    this.optionsInput.value = game.options ?? "";
    this.seatInputs();
    [...this.seatsBox.querySelectorAll("select")].forEach((s, p) => (s.value = game.seats[p] ?? "random"));
    const moves = game.moves.map(([player, text, at]): MoveRecord => (at === undefined ? { player, text } : { player, text, at }));
    await this.start(moves);
    const replayed = this.frame?.replayed;
    if (!replayed) return;
    // the round the person had begun is not waiting to be begun again
    this.roundSeen = Math.min(game.round ?? 0, this.frame?.round?.number ?? 0);
    this.render();
    this.noteBox.textContent = replayed.problem
      ? `${what} does not replay past move ${replayed.played} of ${replayed.of}: ${replayed.problem}. It is open after move ${replayed.played}.`
      : replayNote(what, replayed.of);
    this.noteBox.className = replayed.problem ? "play-error" : "muted";
    if (!replayed.problem) this.noteSoonGone();
  }

  /** The note about a game reopened goes after a few seconds (and at the next move). */
  private noteSoonGone(): void {
    const note = this.noteBox.textContent;
    setTimeout(() => {
      if (this.noteBox.textContent === note) this.noteBox.textContent = "";
    }, noteSeconds * 1000);
  }

  /** The game as a link carries it: its fields and its moves up to the move shown; none while a scenario's is played. */
  async shared(): Promise<PlayState | undefined> {
    if (!this.started || !this.frame) return undefined;
    const reply = await this.send({ kind: "moves" });
    if (reply.kind !== "moves") return undefined;
    const moves = reply.moves.map((m): PlayState["moves"][number] => (m.at === undefined ? [m.player, m.text] : [m.player, m.text, m.at]));
    return { ...this.started, moves, ...(this.roundSeen > 0 ? { round: this.roundSeen } : {}) };
  }

  /** Keeps the game for a reload, a moment after the latest frame (at full speed, not at every move). */
  private keepSoon(): void {
    if (this.keepTimer !== null || !this.started) return;
    this.keepTimer = setTimeout(() => {
      this.keepTimer = null;
      void this.shared().then((game) => {
        if (!game) return;
        // a game too long to keep in the page's share of storage is not kept (nor the one kept before)
        if (JSON.stringify(game).length <= maxPartBytes) this.app.state.write("play", game);
        else this.app.state.write("play", null);
      });
    }, 500);
  }

  /** A choice per seat; `names` label them (a scenario's players), and new seats are `fresh` (default: a person, then random). */
  private seatInputs(names?: string[], fresh?: string): void {
    const n = names?.length ?? Math.max(1, Math.min(16, Number(this.playersInput.value) || 4));
    const before = [...this.seatsBox.querySelectorAll("select")].map((s) => s.value);
    fill(this.seatsBox, ...Array.from({ length: n }, (_, p) => {
      const s = h("select", { title: names?.[p], "data-test": `seat-${p}` }, ...seatChoices.map((c) => h("option", { value: c }, c)));
      s.value = before[p] ?? fresh ?? (p === 0 ? "person" : "random");
      return h("label", { class: "seat" }, `${names ? names[p] : `Seat ${p + 1}`} `, s);
    }));
  }

  /** Reads the chosen scenario file and starts from it, every seat a person unless chosen otherwise. */
  private async openScenario(): Promise<void> {
    const file = this.scenarioInput.files?.[0];
    this.scenarioInput.value = "";
    if (!file) return;
    if (file.size > 1024 * 1024) {
      this.errorBox.textContent = `${file.name} is ${file.size} bytes: a scenario file is at most 1 MB here`;
      return;
    }
    this.scenario = { text: await file.text(), file: file.name };
    fill(this.seatsBox); // the scenario's players decide the seats: people, until chosen otherwise
    await this.start();
  }

  private closeScenario(): void {
    this.scenario = null;
    this.noteBox.textContent = "";
    this.scenarioBox.textContent = "";
    this.dropScenario.hidden = true;
    this.rulesInput.disabled = this.playersInput.disabled = this.seedInput.disabled = this.optionsInput.disabled = false;
  }

  /** The seats as chosen: an agent's name, or null for a person. */
  seats(): (string | null)[] {
    return [...this.seatsBox.querySelectorAll("select")].map((s) => (s.value === "person" ? null : s.value));
  }

  private seedValue(): number | string {
    const typed = this.seedInput.value.trim();
    return /^-?\d+$/.test(typed) ? Number(typed) : typed;
  }

  /** The page took a seat in a room online (its frames come from the server now), or left it (-1). */
  private seatedOnline(seat: number): void {
    this.pause();
    this.clock.reset();
    this.covered = -1;
    this.stepsBox.hidden = seat >= 0;
    if (seat < 0) return;
    this.started = null; // a game online is the server's: it is neither kept nor shared from here
    this.mode = seat;
    this.frame = null;
    this.view.clear(true);
    fill(this.viewerSelect, h("option", { value: seat }, "your seat online"));
  }

  /** Starts a game from the fields (or the scenario open); `moves`: those of a game passed on, replayed first. */
  async start(moves?: MoveRecord[]): Promise<void> {
    this.online.leave();
    this.pause();
    this.clock.reset();
    if (!moves) this.noteBox.textContent = "";
    const { refs, ref } = await this.app.rulesOf(this.rulesInput.value);
    const seats = this.seats();
    const seed = this.seedValue();
    const scenario = this.scenario;
    const optionsText = this.optionsInput.value.trim();
    const fields = { rules: this.rulesInput.value, players: seats.length, seed: this.seedInput.value, seats: seats.map((a) => a ?? "person"), ...(optionsText ? { options: optionsText } : {}) };
    let options: Record<string, unknown> | undefined;
    try {
      options = scenario ? undefined : await this.app.optionsOf(refs, optionsText);
    } catch (e) {
      this.errorBox.textContent = (e as Error).message;
      return;
    }
    this.started = null;
    this.frame = null;
    this.roundSeen = 0;
    this.errorBox.textContent = "";
    this.covered = -1;
    this.exportBox.hidden = true;
    this.spoilerBox.hidden = true;
    fill(this.spoilerBox);
    const chosen = seats.filter((x) => x === null).length;
    this.mode = scenario ? HOT : chosen > 1 ? HOT : TRUTH; // until the worker says who plays
    const reply = await this.send({ kind: "start", refs, ref, seed, seats, options, viewer: "person", scenario: scenario ?? undefined, moves: scenario ? undefined : moves }, true);
    const f = this.frame as Frame | null;
    if (reply.kind !== "frame" || !f) return;
    if (!scenario) this.started = fields;
    else this.app.state.write("play", null); // a scenario's game is not kept: its file is opened again
    if (scenario) {
      // the scenario's players are the seats
      this.scenarioBox.textContent = `from ${f.scenario ?? scenario.file}`;
      this.dropScenario.hidden = false;
      this.rulesInput.disabled = this.playersInput.disabled = this.seedInput.disabled = this.optionsInput.disabled = true;
      this.playersInput.value = String(f.names.length);
      if (this.seatsBox.children.length !== f.names.length) this.seatInputs(f.names, "person");
    }
    const people = f.people.flatMap((person, p) => (person ? [p] : []));
    this.mode = people.length > 1 ? HOT : people.length === 1 ? people[0] : TRUTH;
    this.viewerOptions();
    // a game passed on opens at the move it was passed on at, whoever is to move there
    if (!f.replayed) await this.toPerson();
    this.keepSoon();
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
      if (this.roundWaiting()) return; // a new round's cards are read before it is played
      await this.send({ kind: "forward", moves: 5000, stopAtRound: true });
      if (!this.frame || this.frame.cursor - f.cursor < 5000) return;
    }
  }

  /** A viewer chosen: one that spoils a game against agents is shown only once the person says so. */
  private chooseViewer(mode: number): void {
    if (!spoils(this.frame, mode)) return void this.look(mode);
    const view = this.viewerSelect.selectedOptions[0]?.textContent ?? "that view";
    this.viewerSelect.value = String(this.mode);
    this.spoilerBox.hidden = false;
    fill(this.spoilerBox, h("span", {}, spoilerQuestion(view)),
      h("button", { class: "small", "data-test": "spoiler-show", onclick: () => {
        fill(this.spoilerBox, spoilerSeen(view));
        this.viewerSelect.value = String(mode);
        void this.look(mode);
      } }, "Show it"),
      h("button", { class: "small primary", "data-test": "spoiler-keep", onclick: () => {
        this.spoilerBox.hidden = true;
        fill(this.spoilerBox);
      } }, "Keep my view"));
  }

  private async look(mode: number): Promise<void> {
    this.mode = mode;
    this.covered = -1;
    const viewer = mode === HOT ? this.personToMove() ?? TRUTH : mode;
    await this.send({ kind: "look", viewer });
  }

  /** A round has begun whose cards the people have not yet been shown. */
  private roundWaiting(): boolean {
    const f = this.frame;
    return Boolean(f?.round && f.people.some(Boolean) && !f.realtime && f.round.number > this.roundSeen);
  }

  private async playRound(): Promise<void> {
    this.roundSeen = Math.max(this.roundSeen, this.frame?.round?.number ?? 0);
    this.render();
    await this.toPerson();
  }

  private renderRound(): void {
    const round = this.frame!.round;
    this.roundBox.hidden = !round;
    if (!round) return fill(this.roundBox);
    const waiting = this.roundWaiting();
    fill(this.roundBox,
      h("h2", {}, waiting ? `Round ${round.number} is composed of` : `Round ${round.number}`),
      h("div", { class: "round-strip" }, ...round.cards.map((c) => {
        const card = h("article", { class: "rule-card", "data-test": "round-card", "data-id": c.id },
          h("h3", {}, c.name), c.type ? h("span", { class: "card-type" }, c.type) : null, h("p", {}, c.text));
        card.style.setProperty("--border", borderColour(c.colour));
        return card;
      })),
      waiting ? h("button", { class: "small primary", "data-test": "round-go", onclick: () => void this.playRound() }, `Play round ${round.number}`) : null);
  }

  private personToMove(): number | undefined {
    const f = this.frame;
    return f?.toMove.find((p) => f.people[p]);
  }

  /** Sends a request and draws the answer; requests go one after another. */
  send(request: SessionRequest, withFiles = false): Promise<SessionReply> {
    // a seat online: the game is the server's, and nothing here steps it
    if (this.online.seat >= 0 && request.kind !== "start") return Promise.resolve({ kind: "failed", error: "the game is played online" });
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
    if (reply.kind === "export" || reply.kind === "moves") return;
    this.errorBox.textContent = "";
    const f = reply.frame;
    this.view.take(f);
    this.frame = f;
    this.keepSoon();
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
    this.renderRound();
    this.resultBox.hidden = !f.over;
    this.resultBox.textContent = f.over ? resultLine(f) : "";
    if (this.covered >= 0) {
      const seat = this.covered;
      fill(this.tableBox, h("div", { class: "cover", "data-test": "cover" },
        h("p", {}, `${f.names[seat]}'s turn. Pass the screen to ${f.names[seat]}.`),
        h("button", { class: "small primary", "data-test": "take-seat", onclick: () => void this.send({ kind: "look", viewer: seat }).then(() => (this.covered = -1)).then(() => this.render()) }, `Show ${f.names[seat]}'s hand`)));
      this.view.clear();
      fill(this.inspectorBox); // the seat before's view is not the next person's to read
      return;
    }
    this.view.draw(f, this.roundWaiting() ? `Read round ${f.round!.number}'s cards, then play it.` : null);
    if (!this.inspectorBox.hidden) fill(this.inspectorBox, inspector(f));
    if (this.online.seat < 0) this.clock.frame(f);
  }

  /** Opens or closes the inspector; while it is open the worker adds what the searching agents weighed to each frame. */
  private async toggleInspector(): Promise<void> {
    const on = this.inspectorBox.hidden;
    this.inspectorBox.hidden = !on;
    this.inspectButton.setAttribute("aria-pressed", String(on));
    if (!on) return fill(this.inspectorBox);
    if (this.online.seat < 0 && this.frame) await this.send({ kind: "inspect", on: true });
    else this.render();
  }

  /** The player a move from this screen is made for: the viewer, or in the whole truth the player to move. */
  private mover(): number {
    const f = this.frame!;
    if (f.viewer >= 0) return f.viewer;
    return f.legalFor >= 0 ? f.legalFor : (f.toMove[0] ?? 0);
  }

  async move(text: string): Promise<void> {
    if (!this.frame || this.roundWaiting()) return;
    if (this.online.seat >= 0) {
      if (this.online.move(text)) this.moveInput.value = "";
      return;
    }
    const player = this.mover();
    await this.send({ kind: "move", player, text, at: this.frame.realtime ? this.clock.now() : undefined });
    if (this.frame?.refusal) return;
    // what the note said about how the game was reopened is done with once the game goes on
    if (this.noteBox.querySelector("[data-test=play-back]") === null) this.noteBox.textContent = "";
    // a move made, typed or clicked: what was typed before is no longer the move to make
    this.moveInput.value = "";
    await this.toPerson();
  }

  private async typed(): Promise<void> {
    const text = this.moveInput.value.trim();
    if (text) await this.move(text);
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

/** How long the note about a game reopened stays, unless a move is made first. */
const noteSeconds = 8;

/** What a game reopened by replaying its moves says, in words for a person who did not ask for a replay. */
export function replayNote(what: string, moves: number): string {
  return `${what[0].toUpperCase()}${what.slice(1)} is back where it was: its ${moves} move${moves === 1 ? " was" : "s were"} played again from the start with the same seed.`;
}

/** The end of a game in words: each seat's score, and who won. */
export function resultLine(f: Frame): string {
  const v = f.view;
  const scores = v.scores ? f.names.map((n, p) => `${n} ${v.scores![p]}`).join(", ") : "";
  const winners = v.winners ?? [];
  const won = winners.length ? `${winners.map((p) => f.names[p]).join(" and ")} ${winners.length === 1 ? "wins" : "win"}` : "nobody wins";
  return `Game over. ${scores ? `Scores: ${scores}. ` : ""}${won}.`;
}
