// What `houserules compose` says about rule cards composed onto their base, as data and as the text it prints:
// which card fills which part, the twists, each card's text, the player counts, conflicts and refusals. The
// command line and the playground's composer both show it, in the same words.
import { formatDiagnostic, sortDiagnostics, type Diagnostic } from "../diagnostics.js";
import { loadComposition } from "./load.js";
import { entryOf, referenceFrom, rootOf, type CatalogEntry } from "./catalog.js";
import { host } from "./host.js";

export interface Composition {
  rules: string[];
  base: CatalogEntry | undefined;
  ok: boolean;
  players: { min: number; max: number } | null;
  playersProblem: string | null;
  parts: { part: string; type: string; cards: string[]; ids: string[]; known: string[] }[];
  twists: CatalogEntry[];
  /** The cards composed, in order: those the base includes, then those given. */
  cards: CatalogEntry[];
  /** Problems (no notices), sorted as check prints them. */
  problems: Diagnostic[];
  /** The names given that name no rule file: the round is refused before anything is said of it. */
  unknown: string[];
}

/** Composes cards (names as printed, ids or paths) onto their base; `players` also checks that count. */
export function composition(names: string[], players?: number, from?: string): Composition {
  const ids = names.map((n) => referenceFrom(n, from ?? host().workingFolder));
  const loaded = loadComposition(ids, from);
  const base = rootOf(ids[0]);
  const problems = sortDiagnostics(loaded.diagnostics.filter((d) => d.severity !== "notice"));
  let ok = loaded.game !== null && !problems.some((d) => d.severity === "error");
  let playersProblem: string | null = null;
  if (loaded.game && players !== undefined && (players < loaded.game.players.min || players > loaded.game.players.max)) {
    playersProblem = `these rules are for ${loaded.game.players.min}–${loaded.game.players.max} players, not ${players}`;
    ok = false;
  }
  // what each card fills is read from its own file, a shipped card's or the user's
  const cards = [...(base?.include ?? []).map((id) => entryOf(id, base!.folder)), ...ids.map((id) => entryOf(id))].filter((e): e is CatalogEntry => e !== undefined);
  const unknown = names.filter((_, i) => entryOf(ids[i]) === undefined);
  const parts = Object.entries(base?.parts ?? {}).map(([part, info]) => {
    const by = cards.filter((e) => e.fills.includes(part));
    return { part, type: info.type ?? part, cards: by.map((e) => e.name), ids: by.map((e) => e.id), known: by.map((e) => e.known ?? "") };
  });
  const twists = cards.filter((e) => e.fills.length === 0 && e.id !== base?.id);
  return { rules: ids, base, ok: ok && unknown.length === 0, players: loaded.game?.players ?? null, playersProblem, parts, twists, cards, problems, unknown };
}

/** The composition as `houserules compose` prints it. */
export function compositionText(c: Composition, table: (header: string[], rows: string[][]) => string): string {
  const out: string[] = [];
  // a name that names no card refuses the round: its errors alone, not a round with a part left "(none)"
  if (c.unknown.length) return c.problems.map((d) => formatDiagnostic(d) + "\n").join("") + "does not compose\n";
  const base = c.base;
  out.push(`${base?.name ?? c.rules[0]}: ${c.cards.filter((e) => e.id !== base?.id).map((e) => e.name).join(" + ")}\n\n`);
  if (c.parts.length) {
    out.push(table(["part", "card", "known"], c.parts.map((p) => [
      p.type, p.cards.join(" + ") || "(none)", p.known.join(" + "),
    ])));
  }
  for (const t of c.twists) out.push(`twist: ${t.name}${t.changes.length ? ` (changes ${t.changes.join(", ")})` : ""}\n`);
  out.push("\n");
  for (const e of c.cards) {
    if (e.id === base?.id) continue;
    const markers = e.markers.length ? ` [${e.markers.join(", ")}]` : "";
    out.push(`${e.name}${markers} — ${e.type ?? "fragment"}${e.known === "interpretation" ? ", an interpretation" : e.known === "house" ? ", a house rule (not from the printed game)" : ""}\n  ${e.text}\n`);
  }
  if (c.players) out.push(`\nplayers: ${c.players.min}–${c.players.max}\n`);
  if (c.playersProblem) out.push(`refused: ${c.playersProblem}\n`);
  for (const d of c.problems) out.push(formatDiagnostic(d) + "\n");
  out.push(c.ok ? "composes\n" : "does not compose\n");
  return out.join("");
}
