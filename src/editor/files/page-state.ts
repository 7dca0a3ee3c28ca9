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
  return { base, chosen: chosen as [string, string][], twists: twists as string[], players: players as number };
}
