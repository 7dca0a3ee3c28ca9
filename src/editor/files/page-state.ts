// What the page's screens were set to, kept in the browser's storage beside the files so that a reload finds
// them as they were: the round composed, the fields of a run. What is read back is untrusted (another tab, an
// older page, a person at the console may have written it): each part is checked for its shape and sizes, and
// a part that is not as expected is dropped, never half-used. Each part is small and its size is capped.

const key = "houserules.page.v1";
/** The most a screen's part may take once written as JSON; a larger part is not kept. */
export const maxPartBytes = 16 * 1024;
/** The longest text a kept field may hold. */
export const maxFieldChars = 2000;

export class PageState {
  constructor(private storage: Storage | null = globalThis.localStorage ?? null) {}

  /** A screen's part as it was written, if it passes `check`; undefined otherwise. */
  read<T>(part: string, check: (value: unknown) => T | undefined): T | undefined {
    try {
      const all: unknown = JSON.parse(this.storage?.getItem(key) ?? "null");
      if (!isRecord(all) || !Object.hasOwn(all, part)) return undefined;
      return check(all[part]);
    } catch {
      return undefined;
    }
  }

  /** Keeps a screen's part; one over the size cap is not kept (what was kept before is dropped). */
  write(part: string, value: unknown): void {
    try {
      const raw: unknown = JSON.parse(this.storage?.getItem(key) ?? "null");
      const all: Record<string, unknown> = isRecord(raw) ? raw : {};
      const text = JSON.stringify(value);
      if (text.length > maxPartBytes) delete all[part];
      else all[part] = value;
      this.storage?.setItem(key, JSON.stringify(all));
    } catch {
      // the storage is full or refused: the page works on without keeping its state
    }
  }
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** A text of at most maxFieldChars, or undefined. */
export function field(v: unknown): string | undefined {
  return typeof v === "string" && v.length <= maxFieldChars ? v : undefined;
}

/** The named texts of a record, each a field; undefined when the record or any of them is not. */
export function fields<K extends string>(v: unknown, names: readonly K[]): Record<K, string> | undefined {
  if (!isRecord(v)) return undefined;
  const out = {} as Record<K, string>;
  for (const name of names) {
    const value = field(v[name]);
    if (value === undefined) return undefined;
    out[name] = value;
  }
  return out;
}

/** The round Compose shows: its base, the card chosen for each part, its twists, the players. */
export interface ComposeState {
  base: string;
  chosen: [part: string, id: string][];
  twists: string[];
  players: number;
  /** A card of the user's own in a match: its file, the match's id, the card it takes the place of ("": added). */
  into?: { card: string; match: string; place: string };
}

export function composeState(v: unknown): ComposeState | undefined {
  if (!isRecord(v)) return undefined;
  const base = field(v.base);
  const players = v.players;
  if (base === undefined || !Number.isInteger(players) || (players as number) < 1 || (players as number) > 16) return undefined;
  if (!Array.isArray(v.chosen) || !Array.isArray(v.twists) || v.chosen.length > 64 || v.twists.length > 64) return undefined;
  const chosen = v.chosen.map((pair): [string, string] | undefined => {
    if (!Array.isArray(pair) || pair.length !== 2) return undefined;
    const [part, id] = [field(pair[0]), field(pair[1])];
    return part === undefined || id === undefined ? undefined : [part, id];
  });
  const twists = v.twists.map(field);
  if (chosen.includes(undefined) || twists.includes(undefined)) return undefined;
  const into = v.into === undefined ? undefined : fields(v.into, ["card", "match", "place"] as const);
  if (v.into !== undefined && into === undefined) return undefined;
  return { base, chosen: chosen as [string, string][], twists: twists as string[], players: players as number, ...(into ? { into } : {}) };
}

/** The fields of a Measure run, as they are kept and shared. */
export const measureFields = ["rules", "against", "players", "games", "seed", "agents", "workers", "options"] as const;
export type MeasureState = Record<Exclude<(typeof measureFields)[number], "options">, string> & { options?: string };

/** Measure's fields as kept or shared; `options` came later, and fields kept before it have none. */
export function measureState(v: unknown): MeasureState | undefined {
  const read = fields(v, measureFields.filter((f) => f !== "options"));
  if (!read || !isRecord(v)) return undefined;
  const options = v.options === undefined ? "" : field(v.options);
  if (options === undefined) return undefined;
  return options ? { ...read, options } : read;
}

/** The most moves a game kept or shared may have; the longest text of one move. */
export const maxGameMoves = 20_000;
export const maxMoveChars = 500;

/** A game on the Play screen: its rules as the Rules field names them, players, seed, seats, and its moves so far. */
export interface PlayState {
  rules: string;
  players: number;
  seed: string;
  /** What each seat's choice was: "person" or an agent's name. */
  seats: string[];
  moves: [player: number, text: string, at?: number][];
  /** In a match, the highest round whose cards the person had read and begun. */
  round?: number;
  /** The Options field as written ("target=100, jokers=true"), when it was not empty. */
  options?: string;
}

/** What a seat on the Play screen may be: a person, or one of these agents. */
export const seatChoices = ["person", "random", "greedy", "sensible", "mc:100", "ismcts:200"];

/** A game as kept or shared, when it is one: every seat one of `seatChoices`, every move a seat's and short. */
export function playState(v: unknown): PlayState | undefined {
  if (!isRecord(v)) return undefined;
  const rules = field(v.rules);
  const seed = field(v.seed);
  const players = v.players;
  if (rules === undefined || seed === undefined || !Number.isInteger(players) || (players as number) < 1 || (players as number) > 16) return undefined;
  if (!Array.isArray(v.seats) || v.seats.length !== players || !v.seats.every((s) => typeof s === "string" && seatChoices.includes(s))) return undefined;
  if (!Array.isArray(v.moves) || v.moves.length > maxGameMoves) return undefined;
  const moves: PlayState["moves"] = [];
  for (const m of v.moves as unknown[]) {
    if (!Array.isArray(m) || m.length < 2 || m.length > 3) return undefined;
    const [player, text, at] = m as unknown[];
    if (!Number.isInteger(player) || (player as number) < 0 || (player as number) >= (players as number)) return undefined;
    if (typeof text !== "string" || text.length > maxMoveChars) return undefined;
    if (m.length === 3 && (typeof at !== "number" || !Number.isFinite(at) || at < 0)) return undefined;
    moves.push(m.length === 3 ? [player as number, text, at as number] : [player as number, text]);
  }
  const round = v.round;
  if (round !== undefined && (!Number.isInteger(round) || (round as number) < 0 || (round as number) > maxGameMoves)) return undefined;
  const options = v.options === undefined ? undefined : field(v.options);
  if (v.options !== undefined && options === undefined) return undefined;
  return { rules, players: players as number, seed, seats: v.seats as string[], moves, ...(round ? { round: round as number } : {}), ...(options ? { options } : {}) };
}
