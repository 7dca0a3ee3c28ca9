// The lobby's dealings with a game server as data: the room asked for (the Play screen's rules, the user's files
// that they name and no others), the server's answer read as a stranger's, and a seat's frame from the server
// made into the Play screen's frame, so that the screen draws it as it draws its own games.
import type { Frame as SeatFrame, RoomAnswer, SeatAnswer } from "../../serve/protocol.js";
import type { Frame, LegalMove } from "../../session/remote.js";
import type { TableRules } from "../../table/rules.js";

/** A room's rule files, as the server takes them: at most 16, named with letters, digits, - and _. */
const maxFiles = 16;
const serverFileName = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}\.yaml$/;
const userFile = /(?:^|\/)yours\/([^/]+)$/;

/** A room as the page keeps it from the server's answer: its socket is always /rooms/:room/socket, the links checked. */
export type MadeRoom = Omit<RoomAnswer, "socket" | "watch"> & { watch: string | null };

/** The body of POST /rooms for rules as the Play screen names them: user files go as text, shipped ones by id. */
export function roomRequest(refs: string[], files: [string, string][], agents: (string | null)[], seed: number | string, options?: Record<string, unknown>): { body: unknown } | { problem: string } {
  const texts = new Map(files);
  const rules: string[] = [];
  for (const ref of refs) {
    const name = userFile.exec(ref)?.[1];
    if (name === undefined) {
      rules.push(ref);
      continue;
    }
    if (!texts.has(name)) return { problem: `there is no file ${name} of yours` };
    if (!serverFileName.test(name)) return { problem: `${name} cannot be sent to a server under that name: rename it to letters, digits, - and _ (ending in .yaml)` };
    rules.push(`./${name}`);
  }
  // the files the rules name, and the files of the user's they name in turn (extends: ./other.yaml): no others
  const sent = rules.filter((r) => r.startsWith("./")).map((r) => r.slice(2));
  for (let i = 0; i < sent.length && sent.length <= maxFiles; i++) {
    for (const m of texts.get(sent[i])!.matchAll(/\.\/([A-Za-z0-9][A-Za-z0-9_-]{0,63}\.yaml)/g)) {
      if (texts.has(m[1]) && !sent.includes(m[1])) sent.push(m[1]);
    }
  }
  if (sent.length > maxFiles) return { problem: `a room takes at most ${maxFiles} files` };
  return { body: { rules, files: sent.map((name) => ({ name, text: texts.get(name)! })), agents, seed, ...(options ? { options } : {}) } };
}

export const isText = (v: unknown): v is string => typeof v === "string" && v.length <= 2000;
const orNull = (v: unknown): v is string | null => v === null || isText(v);
/** An address the page may show as a link: http or https, nothing that runs. */
const webLink = (v: string | null): string | null => {
  try {
    return v !== null && /^https?:$/.test(new URL(v).protocol) ? v : null;
  } catch {
    return null;
  }
};

/** The server's answer to POST /rooms, checked field by field (a server is another party): the room, or what is wrong. */
export function readMadeRoom(v: unknown): MadeRoom | string {
  const r = v as Partial<Record<keyof RoomAnswer, unknown>> | null;
  if (!r || typeof r !== "object" || typeof r.room !== "string" || !/^[A-Za-z0-9_-]{1,64}$/.test(r.room) || !isText(r.rules) || !Array.isArray(r.seats) || r.seats.length > 64) {
    return "the server's answer is not a room";
  }
  const seats: SeatAnswer[] = [];
  for (const [k, x] of r.seats.entries()) {
    const s = x as Partial<Record<keyof SeatAnswer, unknown>> | null;
    if (!s || s.seat !== k || !isText(s.name) || !orNull(s.agent) || !orNull(s.secret) || !orNull(s.link)) return "the server's answer is not a room";
    seats.push({ seat: k, name: s.name, agent: s.agent, secret: s.secret, link: webLink(s.link) });
  }
  return { room: r.room, rules: r.rules, seats, watch: isText(r.watch) ? webLink(r.watch) : null };
}

/** The Play screen's frame made of a seat's frame from the server: the same table, moves and log. */
export function playFrame(f: SeatFrame, drawing: { game: TableRules; outer: TableRules | null }): Frame {
  const legal: LegalMove[] = f.legal.map((text, i) => ({ text, action: text.split(" ")[0], cards: f.legalCards?.[i] ?? [] }));
  return {
    viewer: f.seat, names: f.names, people: f.agents.map((a) => !a), rules: drawing.game, view: f.view, outerRules: drawing.outer,
    cursor: f.moves, length: f.moves, over: f.over, error: f.error, realtime: f.realtime, now: f.now, nextAt: null,
    toMove: f.toMove, legal, legalFor: legal.length ? f.seat : -1, log: { reset: f.log.from === 0, lines: f.log.lines },
    refusal: f.refusal ? { rule: f.refusal.rule, reason: f.refusal.reason } : null, scenario: null, round: null, replayed: null,
  };
}
