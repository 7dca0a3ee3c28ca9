// A request for a room (POST /rooms) or a table (POST /tables), read from the network: every name and size
// checked, options copied into an object with no prototype.
import { randomBytes } from "node:crypto";
import { sep } from "node:path";
import { makeAgent } from "../agents/index.js";
import { seatNames } from "../sim/play-game.js";

const fileName = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}\.yaml$/;
/** The agents a server plays: quick ones, since every room shares the server's one thread. */
export const serverAgents = new Set(["random", "greedy"]);

export interface RoomRequest {
  rules?: unknown;
  files?: unknown;
  players?: unknown;
  agents?: unknown;
  names?: unknown;
  seed?: unknown;
  options?: unknown;
  speed?: unknown;
  away?: unknown;
}

export class BadRequest extends Error {}

const text = (v: unknown, max: number, what: string): string => {
  if (typeof v !== "string" || v.length === 0 || v.length > max) throw new BadRequest(`${what} is a text of 1 to ${max} characters`);
  return v;
};
const list = (v: unknown, max: number, what: string): unknown[] => {
  if (!Array.isArray(v) || v.length > max) throw new BadRequest(`${what} is a list of at most ${max}`);
  return v;
};

/** A room asked for, every name and size checked. */
export interface RoomMade {
  rules: string[];
  files: { name: string; text: string }[];
  agents: (string | null)[];
  names: string[];
  seed: string;
  options: Record<string, unknown>;
  speed: number;
  /** Seconds a person's seat may be without its player before an agent plays it until they come back; absent: never. */
  away?: number;
}

/** A room request read: every name and size checked; options copied into an object with no prototype. */
export function readRoomRequest(body: RoomRequest): RoomMade {
  if (body === null || typeof body !== "object" || Array.isArray(body)) throw new BadRequest("a room is asked for with a JSON object");
  const files = body.files === undefined ? [] : list(body.files, 16, "files").map((f, i) => {
    const file = f as { name?: unknown; text?: unknown };
    const name = text(file?.name, 68, `files[${i}].name`);
    if (!fileName.test(name)) throw new BadRequest(`files[${i}].name is a file name such as my-rules.yaml (letters, digits, - and _)`);
    if (typeof file.text !== "string") throw new BadRequest(`files[${i}].text is the file's text`);
    return { name, text: file.text };
  });
  if (new Set(files.map((f) => f.name.toLowerCase())).size !== files.length) throw new BadRequest("two files have the same name");
  const rules = body.rules === undefined ? files.map((f) => `./${f.name}`) : (typeof body.rules === "string" ? [body.rules] : list(body.rules, 16, "rules")).map((r, i) => text(r, 200, `rules[${i}]`));
  if (rules.length === 0) throw new BadRequest("a room needs rules: an id such as idiot, or files");
  const count = body.players === undefined ? (Array.isArray(body.agents) ? body.agents.length : 0) : body.players;
  if (typeof count !== "number" || !Number.isInteger(count) || count < 1 || count > 32) throw new BadRequest("players is a whole number from 1 to 32 (or give agents, one per seat)");
  const agents = body.agents === undefined ? Array<string | null>(count).fill(null) : list(body.agents, count, "agents").map((a, i) => {
    if (a === null) return null;
    const name = text(a, 40, `agents[${i}]`);
    if (!serverAgents.has(name) || !makeAgent(name)) throw new BadRequest(`agents[${i}] is null (a person) or one of ${[...serverAgents].join(", ")}`);
    return name;
  });
  if (agents.length !== count) throw new BadRequest(`agents has one entry per seat (${count})`);
  const names = body.names === undefined ? seatNames(count) : list(body.names, count, "names").map((n, i) => text(n, 40, `names[${i}]`));
  if (names.length !== count || new Set(names).size !== count) throw new BadRequest(`names has a different name for each seat (${count})`);
  const seed = body.seed === undefined ? randomBytes(6).toString("hex") : typeof body.seed === "number" && Number.isFinite(body.seed) ? String(body.seed) : text(body.seed, 100, "seed");
  const options: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  if (body.options !== undefined) {
    if (body.options === null || typeof body.options !== "object" || Array.isArray(body.options)) throw new BadRequest("options is an object of option names and values");
    const entries = Object.entries(body.options as object);
    if (entries.length > 64) throw new BadRequest("at most 64 options");
    for (const [k, v] of entries) {
      if (!["number", "string", "boolean"].includes(typeof v) || (typeof v === "string" && v.length > 200)) throw new BadRequest(`option ${k.slice(0, 40)} takes a number, a text or true/false`);
      options[k] = v;
    }
  }
  const speed = body.speed ?? 1;
  if (typeof speed !== "number" || !(speed >= 0.1 && speed <= 100)) throw new BadRequest("speed is a number from 0.1 to 100: how much faster than the wall clock a real-time game runs");
  const away = body.away;
  if (away !== undefined && (typeof away !== "number" || !Number.isInteger(away) || away < 1 || away > 86_400)) throw new BadRequest("away is a whole number of seconds from 1 to 86,400: how long a seat may be without its player before an agent plays it");
  return { rules, files, agents, names, seed, options, speed, ...(away !== undefined ? { away } : {}) };
}

/** A message about files sent with a room or table, with the server's folders left out: the sender knows the files by their names. */
export function withoutFolders(message: string, ...folders: string[]): string {
  return folders.reduce((m, f) => m.split(f + sep).join(""), message);
}
