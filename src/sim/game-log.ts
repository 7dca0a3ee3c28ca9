// Saved games: each game as JSON lines — a header (the rules and their content hash, options, seed, players,
// agents, the program's version), one line per move (who, the move as written, its time in real-time play, and
// how many events the game had after it with a digest of them), and an end line. A log is made from the events
// alone, so a game played at the terminal and a simulated game are saved alike; replaying it plays the moves
// again and compares the events, so any difference is found at the move where it begins. A line is at most
// maxLogLineBytes (src/cli/commands/replay.ts, 4 MB): replay refuses a longer one at its number.
import type { Game } from "../interpreter/model.js";
import type { State } from "../interpreter/state.js";
import type { GameEvent } from "../interpreter/events.js";
import { applyMove, isRealtime, newGame, parseMove, type Move } from "../interpreter/engine.js";

export const logVersion = 1;

export interface LogHeader {
  log: "houserules";
  version: number;
  program: string; // the version of houserules that wrote it
  game: number; // 1 for the first game in the file
  rules: string[]; // as loadComposition takes them: the rules, then fragments
  hash: string; // of the rule files' contents
  options: Record<string, unknown>;
  seed: number | string;
  players: string[];
  agents: string[];
}

export interface LogMove {
  move: number;
  seat: number;
  text: string;
  /** The cards the move names, by number: copies of one card share a name, so the text alone may not tell them apart. */
  cards?: number[];
  at?: number;
  events: number;
  digest: string;
}

export interface LogEnd {
  end: true;
  moves: number;
  events: number;
  digest: string;
  error: string | null;
  winners: string[];
  losers: string[];
}

/** Every event of a game, and of the games inside it, counted and folded into one running digest (FNV-1a). */
export class EventDigest {
  events = 0;
  private h = 0x811c9dc5;

  add(e: GameEvent): void {
    this.events++;
    const text = JSON.stringify(e);
    let h = this.h;
    for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
    this.h = Math.imul(h ^ 10, 0x01000193) >>> 0;
  }

  get hex(): string {
    return (this.h >>> 0).toString(16).padStart(8, "0");
  }
}

/**
 * Writes one game's log while it is played: give watch() to newGame (or GamePlay) as the state's watch, and
 * call end() when the game is over. A move's line is complete when the next move begins, so that it holds
 * every event the move caused.
 */
export class GameRecorder {
  readonly lines: string[] = [];
  private readonly digest = new EventDigest();
  private pending: LogMove | null = null;
  private moves = 0;
  private taken = 0;

  constructor(header: Omit<LogHeader, "log" | "version">) {
    this.lines.push(JSON.stringify({ log: "houserules", version: logVersion, ...header }));
  }

  readonly watch = (st: State, e: GameEvent): void => {
    if (e.type === "action") {
      this.flush();
      this.pending = { move: ++this.moves, seat: e.player, text: e.move, ...(e.cards ? { cards: [...e.cards] } : {}), ...(isRealtime(st) ? { at: st.now } : {}), events: 0, digest: "" };
    }
    this.digest.add(e);
  };

  private flush(): void {
    if (!this.pending) return;
    this.lines.push(JSON.stringify({ ...this.pending, events: this.digest.events, digest: this.digest.hex }));
    this.pending = null;
  }

  /**
   * The lines written since the last call, the latest move's included: call it once a move has been applied
   * and the game waits for the next one, as a server does to keep the log on disk before it answers.
   */
  take(): string[] {
    this.flush();
    const lines = this.lines.slice(this.taken);
    this.taken = this.lines.length;
    return lines;
  }

  end(s: State): string[] {
    this.flush();
    const names = (ps: number[] | undefined) => (ps ?? []).map((p) => s.names[p]);
    const end: LogEnd = { end: true, moves: this.moves, events: this.digest.events, digest: this.digest.hex, error: s.error, winners: names(s.result?.winners), losers: names(s.result?.losers) };
    this.lines.push(JSON.stringify(end));
    return this.lines;
  }
}

/** The rules a log names, loaded: the game and the hash of its files, or why they do not load. */
export type LoadForReplay = (refs: string[]) => { game: Game; hash: string } | string;

export interface ReplayedGame {
  game: number;
  seed: number | string;
  moves: number;
  events: number;
}

/** A log read line by line: each game played again move for move, and compared event for event. */
export class Replayer {
  readonly done: ReplayedGame[] = [];
  private s: State | null = null;
  private digest: EventDigest | null = null;
  private header: LogHeader | null = null;
  private moves = 0;
  private headerLine = 0;

  constructor(
    private readonly load: LoadForReplay,
    private readonly program: string,
  ) {}

  /** Takes the next line (1-based number); returns why the log is refused at this line, or null. */
  feed(text: string, line: number): string | null {
    if (text.trim() === "") return null;
    let value: Record<string, unknown>;
    try {
      value = JSON.parse(text) as Record<string, unknown>;
    } catch {
      return "not a line of a game log (not JSON)";
    }
    if (!value || typeof value !== "object" || Array.isArray(value)) return "not a line of a game log";
    if (value.log === "houserules") return this.start(value as unknown as LogHeader, line);
    if (!this.s || !this.header) return "a move or an end without the header of its game";
    if (value.end === true) return this.end(value as unknown as LogEnd);
    if (typeof value.move === "number") return this.move(value as unknown as LogMove);
    return "not a line of a game log";
  }

  /** The log is over; returns why it is refused (a game cut off), or null. */
  finish(lines: number): { line: number; message: string } | null {
    if (this.s) return { line: lines, message: `the log ends before game ${this.header!.game} (header at line ${this.headerLine}) is over: it was cut off after ${this.moves} moves` };
    if (this.done.length === 0) return { line: lines, message: "the log holds no game" };
    return null;
  }

  private start(h: LogHeader, line: number): string | null {
    if (this.s) return `game ${this.header!.game} is not over, but a new game begins`;
    if (h.version !== logVersion) return `this is a log of version ${String(h.version)}; this houserules reads version ${logVersion}`;
    if (h.program !== this.program) return `the log was written by houserules ${String(h.program)}; this is ${this.program}, which may play the rules differently`;
    if (!Array.isArray(h.rules) || !Array.isArray(h.players)) return "the header names no rules or no players";
    const loaded = this.load(h.rules.map(String));
    if (typeof loaded === "string") return `the rules ${h.rules.join(" + ")} do not load: ${loaded}`;
    if (loaded.hash !== h.hash) return `the rules ${h.rules.join(" + ")} are not the ones the log was written with (their content differs)`;
    const digest = new EventDigest();
    try {
      this.s = newGame(loaded.game, { players: h.players.map(String), seed: h.seed, options: h.options ?? {}, log: true, watch: (_st, e) => digest.add(e) });
    } catch (e) {
      return (e as Error).message;
    }
    this.digest = digest;
    this.header = h;
    this.moves = 0;
    this.headerLine = line;
    return null;
  }

  private move(m: LogMove): string | null {
    const s = this.s!;
    if (m.move !== this.moves + 1) return `move ${String(m.move)} comes where move ${this.moves + 1} should`;
    if (s.over) return `the game is over after ${this.moves} moves, but the log goes on`;
    const refused = applyLogged(s, m);
    if (refused) return refused;
    this.moves++;
    return this.compare(m.events, m.digest, `after move ${m.move} (${s.names[m.seat]}: ${m.text})`);
  }

  private end(e: LogEnd): string | null {
    const s = this.s!;
    if (!s.over) return `the log ends game ${this.header!.game} after ${this.moves} moves, but it is not over`;
    const differs = this.compare(e.events, e.digest, "at the end");
    if (differs) return differs;
    const names = (ps: number[] | undefined) => (ps ?? []).map((p) => s.names[p]).join(", ");
    if (names(s.result?.winners) !== (e.winners ?? []).join(", ")) return `diverges: the winners are ${names(s.result?.winners) || "nobody"}, the log says ${(e.winners ?? []).join(", ") || "nobody"}`;
    if ((s.error ?? null) !== (e.error ?? null)) return `diverges: the game ${s.error ? `stopped: ${s.error}` : "ended"}, the log says ${e.error ? `it stopped: ${e.error}` : "it ended"}`;
    this.done.push({ game: this.header!.game, seed: this.header!.seed, moves: this.moves, events: this.digest!.events });
    this.s = null;
    return null;
  }

  private compare(events: unknown, digest: unknown, when: string): string | null {
    const d = this.digest!;
    if (events === d.events && digest === d.hex) return null;
    return `diverges ${when}: the game has ${d.events} events (digest ${d.hex}), the log says ${String(events)} (digest ${String(digest)})`;
  }
}

/** Plays a logged move in a game: null, or why it cannot be played there (the game has diverged from the log). */
export function applyLogged(s: State, m: LogMove): string | null {
  if (!Number.isInteger(m.seat) || m.seat < 0 || m.seat >= s.n || typeof m.text !== "string") return "a move names a seat and the move as text";
  const parsed = parseMove(s, m.seat, m.text);
  if ("rule" in parsed) return `diverges: ${s.names[m.seat]}'s move '${m.text}' is refused now, by ${parsed.rule}: ${parsed.reason}`;
  if (m.cards !== undefined && !withCards(parsed, m.cards)) return `move ${m.move} names other cards than its text '${m.text}' has`;
  const result = applyMove(s, m.seat, parsed, false, typeof m.at === "number" ? m.at : undefined);
  if (!result.ok) return `diverges: ${s.names[m.seat]}'s move '${m.text}' is refused now, by ${result.refusal.rule}: ${result.refusal.reason}`;
  return null;
}

/** Puts the logged cards into a move parsed from its text, in the order the action's event lists them. */
function withCards(move: Move, cards: unknown): boolean {
  if (!Array.isArray(cards) || !cards.every((c) => Number.isInteger(c))) return false;
  let i = 0;
  move.action.params.forEach((param, k) => {
    const v = move.args[k];
    if (v === null || v === undefined) return;
    if (param.several) move.args[k] = (v as number[]).map(() => cards[i++]);
    else if (param.kind === "card") move.args[k] = cards[i++];
  });
  return i === cards.length;
}
