// A room: one game held by the server, its seats, the connections watching it, and its log on disk. The log is
// the replay format (src/sim/game-log.ts), written line by line: every accepted move is appended and synced
// to disk before anyone hears of it, so a server killed at any moment starts again from its logs with every
// move it answered, and none twice. Each connection is sent only what its seat may see: its view, its legal
// moves and the log as told to it.
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { closeSync, existsSync, fsyncSync, mkdirSync, openSync, readFileSync, truncateSync, writeSync } from "node:fs";
import { open, type FileHandle } from "node:fs/promises";
import { join } from "node:path";
import type { Game } from "../interpreter/model.js";
import type { State } from "../interpreter/state.js";
import { StepBudget } from "./step-budget.js";
import type { GameEvent } from "../interpreter/events.js";
import { describeEvent } from "../interpreter/events.js";
import { actors, innermost, isRealtime, legalMoves, moveText, parseMove } from "../interpreter/engine.js";
import { loadRoomRules } from "./room-rules.js";
import { view } from "../interpreter/view.js";
import { makeAgent } from "../agents/index.js";
import { GamePlay } from "../sim/play-game.js";
import { GameRecorder, applyLogged, type LogMove } from "../sim/game-log.js";
import { programVersion, rulesHash } from "../node/rules-hash.js";
import { viewText } from "../sim/trace.js";
import { moveCards, tableRules } from "../table/rules.js";
import type { Frame, ServerMessage } from "./protocol.js";

/** What is kept of a room beside its log: the rules it loads, and a hash of each person's seat secret. */
export interface RoomFile {
  room: string;
  /** As loadComposition takes them, from the room's folder: rules ids, or the rule files sent with the room. */
  rules: string[];
  seed: string;
  names: string[];
  /** The agent for each seat, or null for a person's seat. */
  agents: (string | null)[];
  options: Record<string, unknown>;
  /** How many times faster than the wall clock the game's clock runs in real time (1: as fast; agents react sooner). */
  speed: number;
  /** sha256 of each person's seat secret (null for an agent's seat): the secret itself is kept nowhere. */
  secrets: (string | null)[];
  /**
   * Seconds a person's seat may be without its player (no connection holds it) before an agent plays it, until
   * they come back; absent: the game waits for them however long. Added later: older rooms have none.
   */
  away?: number;
}

/** The agent that plays a seat whose player is away: a quick one, as every room shares the server's thread. */
export const standInAgent = "random";

/** A connection as a room sees it: the seat it plays (-1: an onlooker) and how many log lines it has been sent. */
export interface Viewer {
  seat: number;
  sent: number;
  /** The connection's round trip in seconds, as the server's pings measured it (real time). */
  rtt: number;
  /** The game whose table rules this connection was sent last (undefined: none yet). */
  drawn?: Game;
  send(m: ServerMessage): void;
  /** Ends the connection: the room is no longer held in memory (its game is over). */
  end?(): void;
}

export interface RoomTiming {
  /** How long an agent waits before its move outside real time, in milliseconds. */
  agentDelayMs: number;
  /** In real time: the most a move's time is set back for its sender's round trip, in seconds (0: none). */
  lagCap: number;
  /**
   * The most wall-clock milliseconds a room's rule code may run at one time: the game's start, one move and what
   * follows it, one agent's decision. Every room shares the server's thread, so a rule file that computes without
   * end stops its own game with E_BUDGET instead of stalling the other rooms.
   */
  stepMs: number;
  /** The most work (the interpreter's units) a room's rule code may do at one time: see StepBudget. */
  stepWork: number;
}

/** Agents playing many moves in a row give the thread up after this many milliseconds, for the other rooms. */
const agentsYieldMs = 25;

/** The viewer describeEvent tells an onlooker's log to: no seat, so only what everyone sees is named. */
const onlookerLog = 30;
export const logName = "game.log";
export const roomName = "room.json";

export const hashSecret = (secret: string): string => createHash("sha256").update(secret).digest("hex");
export const newSecret = (): string => randomBytes(18).toString("base64url");

/** A person's real-time move, waiting for its time to come. */
interface Pending {
  seat: number;
  id: number;
  text: string;
  at: number;
  viewer: Viewer;
}

export class Room {
  readonly viewers = new Set<Viewer>();
  private readonly play: GamePlay;
  private readonly recorder: GameRecorder;
  private readonly entries: { game: State; event: GameEvent }[] = [];
  /** Each seat's latest applied move id: the number of moves the seat has made. */
  private readonly applied: number[];
  private log: FileHandle | null = null;
  private queue: Promise<void> = Promise.resolve();
  private timer: NodeJS.Timeout | null = null;
  private pending: Pending[] = [];
  private closed = false;
  private ended = false;
  /** Called once the game is over and its end is on disk. */
  private onOver: (() => void)[] = [];
  /** The game's clock: seconds at `since` (performance.now()). */
  private clockAt = 0;
  private since = performance.now();
  broken: string | null = null;
  /** When anything last happened in the room (Date.now()): a move, someone coming or going. Rooms idle long expire. */
  lastActive = Date.now();
  private readonly budget: StepBudget;
  /** When each seat joined, over the last minute. */
  private readonly joinedAt = new Map<number, number[]>();
  /** The timer of each person's seat that nobody holds, after which an agent plays it. */
  private readonly awayTimers = new Map<number, NodeJS.Timeout>();
  /** The people's seats an agent plays now: their player was away too long, left, or was replaced. */
  readonly standing = new Set<number>();

  private constructor(
    readonly folder: string,
    readonly file: RoomFile,
    readonly game: Game,
    hash: string,
    private readonly timing: RoomTiming,
  ) {
    this.applied = file.names.map(() => 0);
    this.budget = new StepBudget(timing.stepWork, timing.stepMs);
    const seats = file.agents.map((a) => (a === null ? null : makeAgent(a)!));
    this.recorder = new GameRecorder({ program: programVersion(), game: 1, rules: file.rules, hash, options: file.options, seed: file.seed, players: file.names, agents: file.agents.map((a) => a ?? "person") });
    this.play = new GamePlay(game, {
      names: file.names, seed: file.seed, seats, options: file.options, log: true, asWritten: true, budget: this.budget,
      watch: (g, e) => {
        this.recorder.watch(g, e);
        this.entries.push({ game: g, event: e });
        if (e.type === "action") this.applied[e.player]++;
      },
    });
  }

  get id(): string {
    return this.file.room;
  }

  get state(): State {
    return this.play.state;
  }

  /** The rules a room is made of, loaded from its folder as a log's replay loads them. */
  static loadRules(folder: string, rules: string[]): { game: Game; hash: string } | string {
    const r = loadRoomRules(folder, rules);
    return typeof r === "string" ? r : { game: r.game, hash: rulesHash(r.loaded) };
  }

  /** A new room in `folder` (made, empty, by the caller): its file and its log's header are on disk when it returns. */
  static async create(folder: string, file: RoomFile, timing: RoomTiming): Promise<Room | string> {
    const rules = Room.loadRules(folder, file.rules);
    if (typeof rules === "string") return rules;
    let room: Room;
    try {
      room = new Room(folder, file, rules.game, rules.hash, timing);
    } catch (e) {
      return (e as Error).message; // players or options the rules do not allow
    }
    if (room.state.error !== null) return `the game stops as it starts: ${room.state.error}`;
    writeSynced(join(folder, roomName), JSON.stringify(file, null, 2) + "\n");
    writeSynced(join(folder, logName), room.recorder.take().join("\n") + "\n");
    await room.open();
    return room;
  }

  /**
   * A room again from its folder after the server stopped: every move of its log played again, each line
   * made anew and compared with the logged one, so the game is the same event for event. A last line cut off
   * in the middle (the server was killed while writing it) was never answered, and is dropped.
   */
  static async resume(folder: string, timing: RoomTiming): Promise<Room | string> {
    const file = JSON.parse(readFileSync(join(folder, roomName), "utf8")) as RoomFile;
    const rules = Room.loadRules(folder, file.rules);
    if (typeof rules === "string") return rules;
    const room = new Room(folder, file, rules.game, rules.hash, timing);
    const path = join(folder, logName);
    const text = readFileSync(path, "utf8");
    const complete = text.slice(0, text.lastIndexOf("\n") + 1);
    if (complete.length < text.length) truncateSync(path, Buffer.byteLength(complete));
    const lines = complete.split("\n").filter((l) => l !== "");
    const made = room.recorder.take();
    if (lines[0] !== made[0]) return "its log's header is not the room's (other rules, players or version)";
    for (let k = 1; k < lines.length; k++) {
      const value = JSON.parse(lines[k]) as LogMove | { end: true };
      if ("end" in value) break;
      room.budget.begin();
      const refused = applyLogged(room.state, value);
      if (refused) return `line ${k + 1}: ${refused}`;
      const again = room.recorder.take();
      if (again.length !== 1 || again[0] !== lines[k]) return `line ${k + 1}: the move played again is not the one logged`;
      if (typeof value.at === "number") room.clockAt = value.at;
    }
    room.ended = lines.length > 0 && lines[lines.length - 1].startsWith('{"end":');
    if (room.state.over && !room.ended) await room.commit([]);
    await room.open();
    return room;
  }

  private async open(): Promise<void> {
    this.log = await open(join(this.folder, logName), "a");
    this.since = performance.now();
    // nobody holds a seat yet: each person has the away time to come (again, after a restart)
    this.file.agents.forEach((a, p) => a === null && this.startAway(p));
    this.schedule();
  }

  /** Whether a connection holds the seat now. */
  private held(seat: number): boolean {
    return [...this.viewers].some((v) => v.seat === seat);
  }

  /** A person's seat nobody holds: after the room's away time, an agent plays it until its player comes back. */
  private startAway(seat: number): void {
    const away = this.file.away;
    if (away === undefined || this.awayTimers.has(seat) || this.standing.has(seat) || this.state.over) return;
    const timer = setTimeout(() => {
      this.awayTimers.delete(seat);
      if (!this.held(seat)) void this.enqueue(() => this.standIn(seat));
    }, away * 1000);
    timer.unref();
    this.awayTimers.set(seat, timer);
  }

  /**
   * An agent plays a person's seat from now on (its player is away, left, or was replaced by the host), until a
   * connection with the seat's secret joins again. Every connection is told, and the agent moves when it may.
   */
  standIn(seat: number): void {
    if (this.file.agents[seat] !== null || this.standing.has(seat) || this.closed || this.state.over) return;
    clearTimeout(this.awayTimers.get(seat));
    this.awayTimers.delete(seat);
    this.standing.add(seat);
    this.play.standIn(seat, makeAgent(standInAgent)!);
    for (const v of this.viewers) v.send(this.frame(v, null));
    this.schedule();
  }

  /** A seat's player is back: the agent standing in for them stops, before anything else the room does. */
  private back(seat: number): void {
    clearTimeout(this.awayTimers.get(seat));
    this.awayTimers.delete(seat);
    if (!this.standing.delete(seat)) return;
    this.play.standIn(seat, null);
    this.schedule();
  }

  /** The game's clock now, in seconds. */
  now(): number {
    return Math.round((this.clockAt + ((performance.now() - this.since) / 1000) * this.file.speed) * 1000) / 1000;
  }

  /** Whether a secret is this seat's. */
  admits(seat: number, secret: string): boolean {
    const hash = seat >= 0 && seat < this.file.secrets.length ? this.file.secrets[seat] : null;
    if (!hash) return false;
    return timingSafeEqual(Buffer.from(hash, "hex"), Buffer.from(hashSecret(secret), "hex"));
  }

  /** The id of the seat's latest applied move. */
  ack(seat: number): number {
    return this.applied[seat] ?? 0;
  }

  /** Whether no person has made a move yet. */
  get unplayed(): boolean {
    return this.file.agents.every((a, p) => a !== null || this.applied[p] === 0);
  }

  /**
   * Counts a join of the seat now; false when the seat has joined `perMinute` times in the last minute already.
   * Behind a proxy many players may share an address, so each seat is limited as well.
   */
  mayJoin(seat: number, perMinute: number): boolean {
    const now = Date.now();
    const times = (this.joinedAt.get(seat) ?? []).filter((t) => now - t < 60_000);
    this.joinedAt.set(seat, times);
    if (times.length >= perMinute) return false;
    times.push(now);
    return true;
  }

  join(v: Viewer): void {
    this.lastActive = Date.now();
    this.viewers.add(v);
    this.budget.begin();
    v.sent = 0;
    v.drawn = undefined;
    if (v.seat >= 0) this.back(v.seat);
    v.send(this.frame(v, null));
    if (v.seat >= 0) this.seatsChanged(v);
  }

  leave(v: Viewer): void {
    this.lastActive = Date.now();
    if (!this.viewers.delete(v) || v.seat < 0 || this.closed) return;
    if (!this.held(v.seat)) this.startAway(v.seat);
    this.seatsChanged(v);
  }

  /** Someone took or left a seat: every other connection is sent a frame, whose `connected` says who is seated. */
  private seatsChanged(by: Viewer): void {
    for (const o of this.viewers) if (o !== by) o.send(this.frame(o, null));
  }

  /** Runs one piece of work after the ones before it: a room's moves are applied, logged and answered in order. */
  private enqueue(work: () => Promise<void> | void): Promise<void> {
    this.queue = this.queue.then(() => {
      this.lastActive = Date.now();
      this.budget.begin();
      return work();
    }).catch((e: Error) => this.fail(e));
    return this.queue;
  }

  private fail(e: Error): void {
    this.broken = `the room stopped: ${e.message}`;
    for (const v of this.viewers) v.send({ t: "error", code: "busy", message: this.broken });
    this.close();
  }

  /** A person's move, from a connection whose secret was checked. Answered with a frame to every connection. */
  move(v: Viewer, id: number, text: string): Promise<void> {
    return this.enqueue(async () => {
      const seat = v.seat;
      const last = this.applied[seat];
      if (id <= last) return v.send(this.frame(v, null)); // applied already: the frame's ack says so
      if (id !== last + 1 || this.pending.some((p) => p.seat === seat)) {
        return v.send({ t: "error", code: "move-id", message: `the next move id of this seat is ${last + 1}`, ack: last });
      }
      if (this.state.over || this.broken) return v.send({ t: "error", code: "over", message: "the game is over", ack: last });
      if (isRealtime(this.state) && this.timing.lagCap > 0) {
        // stamped on arrival, less the sender's round trip up to the cap; applied in time order once no move
        // stamped earlier can still arrive
        const at = Math.max(this.lastAt(), Math.round((this.now() - Math.min(v.rtt, this.timing.lagCap) * this.file.speed) * 1000) / 1000);
        this.pending.push({ seat, id, text, at, viewer: v });
        this.schedule();
        return;
      }
      await this.apply({ seat, id, text, at: this.now(), viewer: v });
    });
  }

  private lastAt(): number {
    return innermost(this.state).now;
  }

  /** Applies a person's move (with the agents' moves due before it), logs it, and answers. */
  private async apply(p: Pending): Promise<void> {
    const realtime = isRealtime(this.state);
    if (realtime) this.agentsUntil(p.at);
    const parsed = parseMove(this.state, p.seat, p.text);
    const result = "rule" in parsed ? { ok: false as const, refusal: parsed } : this.play.move(p.seat, parsed, realtime ? p.at : undefined);
    if (!result.ok) {
      await this.commit(this.recorder.take());
      p.viewer.send(this.frame(p.viewer, { id: p.id, rule: result.refusal.rule, reason: result.refusal.reason }));
      return;
    }
    if (!realtime && this.timing.agentDelayMs === 0) this.agentsNow();
    await this.commit(this.recorder.take());
  }

  /** Outside real time with no delay: every agent move up to the next person's turn. */
  private agentsNow(): void {
    const started = performance.now();
    for (let n = 0; n < 100_000 && !this.state.over && this.play.nextAgent() >= 0; n++) {
      this.budget.begin();
      if (!this.play.step()) break;
      // the rest after other rooms have had the thread: commit's schedule() sets a timer for the next agent
      if (performance.now() - started > agentsYieldMs) break;
    }
  }

  /** In real time: every agent move planned for `at` or sooner. */
  private agentsUntil(at: number): void {
    for (let t = this.nextAgentAt(); t !== null && t <= at && !this.state.over; t = this.nextAgentAt()) {
      this.budget.begin();
      if (!this.play.step()) break;
    }
  }

  private nextAgentAt(): number | null {
    if (this.state.over || !isRealtime(this.state)) return null;
    const next = this.play.plan();
    return next < 0 ? null : this.play.intents[next]!.at;
  }

  /** Appends the lines (and the end, when the game is over), syncs them to disk, then sends every connection its frame. */
  private async commit(lines: string[]): Promise<void> {
    if (this.state.over && !this.ended) {
      this.recorder.end(this.state);
      lines.push(...this.recorder.take()); // the end line, taken so that no later take() gives it again
      this.ended = true;
    }
    if (lines.length > 0 && this.log) {
      await this.log.write(lines.join("\n") + "\n");
      await this.log.datasync();
    } else if (lines.length > 0) {
      const fd = openSync(join(this.folder, logName), "a");
      writeSync(fd, lines.join("\n") + "\n");
      fsyncSync(fd);
      closeSync(fd);
    }
    this.budget.begin();
    if (lines.length > 0) for (const v of this.viewers) v.send(this.frame(v, null));
    if (this.ended) for (const f of this.onOver.splice(0)) f();
    this.schedule();
  }

  /** Sets the timer for the next thing the room does by itself: an agent's move, or a person's real-time move coming due. */
  private schedule(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.closed || this.state.over || !this.log) return;
    let wait: number | null = null; // milliseconds
    if (isRealtime(this.state)) {
      // the first move planned, when the game's clock reaches it and then the cap has passed
      const agent = this.nextAgentAt();
      const person = this.pending.length ? Math.min(...this.pending.map((p) => p.at)) : null;
      const first = agent === null ? person : person === null ? agent : Math.min(agent, person);
      if (first !== null) wait = ((first - this.now()) / this.file.speed + this.timing.lagCap) * 1000;
    } else if (this.play.nextAgent() >= 0) {
      wait = this.timing.agentDelayMs;
    }
    if (wait === null) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.enqueue(() => this.onTime());
    }, Math.max(0, wait));
  }

  private async onTime(): Promise<void> {
    if (this.state.over || this.closed) return;
    if (!isRealtime(this.state)) {
      if (this.play.nextAgent() >= 0) this.play.step();
      if (this.timing.agentDelayMs === 0) this.agentsNow();
      return this.commit(this.recorder.take());
    }
    // every move whose time has come, in time order: the people's (after the cap) and the agents' between them
    const due = this.now() - this.timing.lagCap * this.file.speed;
    this.pending.sort((a, b) => a.at - b.at || a.seat - b.seat);
    while (this.pending.length && this.pending[0].at <= due && !this.state.over) {
      this.budget.begin();
      await this.apply(this.pending.shift()!);
    }
    this.agentsUntil(due);
    await this.commit(this.recorder.take());
  }

  /** What one connection is shown: its seat's view, legal moves and log lines, and nothing of anyone else's. */
  frame(v: Viewer, refusal: Frame["refusal"]): Frame {
    const s = this.state;
    const seat = v.seat;
    const g = innermost(s);
    const toMove = s.over ? [] : actors(s);
    const reader = seat >= 0 ? seat : onlookerLog;
    const from = v.sent;
    const lines = this.entries.slice(from).map(({ game, event }) => describeEvent(game, event, reader, true));
    v.sent = this.entries.length;
    const seen = view(s, seat);
    const moves = seat >= 0 && toMove.includes(seat) && !this.file.agents[seat] ? legalMoves(s, seat) : [];
    const legal = moves.map((m) => moveText(g, m));
    const shown = new Set(seen.zones.flatMap((z) => z.cards));
    const seated = new Set([...this.viewers].map((o) => o.seat));
    const drawing = v.drawn === g.game ? undefined : { game: tableRules(g.game), outer: s.sub ? tableRules(s.game) : null };
    v.drawn = g.game;
    return {
      t: "frame", room: this.id, seat, names: this.file.names, agents: this.file.agents.map((a) => a !== null),
      moves: this.applied.reduce((a, b) => a + b, 0), ack: seat >= 0 ? this.applied[seat] : 0,
      over: s.over, winners: (s.result?.winners ?? []).map((p) => s.names[p]), error: s.error,
      realtime: isRealtime(s), now: g.now, toMove, view: seen, table: viewText(s, seen), legal, log: { from, lines }, refusal,
      connected: this.file.names.map((_, p) => this.file.agents[p] === null && seated.has(p)),
      standIn: this.file.names.map((_, p) => this.standing.has(p)),
      legalCards: moves.map((m) => moveCards(m.action.params, m.args).filter((c) => shown.has(c))),
      ...(drawing ? { tableRules: drawing } : {}),
    };
  }

  /** Calls `f` once the game is over and its end is on disk: now (soon), if it is already. */
  whenOver(f: () => void): void {
    if (this.ended) queueMicrotask(f);
    else this.onOver.push(f);
  }

  close(): void {
    this.closed = true;
    for (const t of this.awayTimers.values()) clearTimeout(t);
    this.awayTimers.clear();
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const log = this.log;
    this.log = null;
    void log?.close().catch(() => {});
  }

  /** Waits for the work already asked of the room. */
  settled(): Promise<void> {
    return this.queue;
  }
}

/** Writes a new file and syncs it to disk before going on. */
export function writeSynced(path: string, text: string): void {
  const fd = openSync(path, "wx");
  try {
    writeSync(fd, text);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** Makes a room's folder, failing if it is there already. */
export function makeRoomFolder(folder: string): void {
  if (existsSync(folder)) throw new Error(`${folder} exists already`);
  mkdirSync(folder, { recursive: true });
}
