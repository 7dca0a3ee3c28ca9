// houserules compose: which card fills which part of a round, the cards' texts, and any conflict.
import { readArgs, intFlag } from "../args.js";
import { UsageError, type IO } from "../io.js";
import { loadComposition } from "../../interpreter/load/load.js";
import { entry, resolveReference, rootOf } from "../../interpreter/load/catalog.js";
import { formatDiagnostic, sortDiagnostics } from "../../interpreter/diagnostics.js";
import { table } from "../table.js";

export const composeHelp = `Usage: houserules compose <card names or ids>... [--players N] [--json]

Composes rule cards (fragments, named as printed or by id) onto the base they extend, as one round is
composed, and prints which card fills which part of the base, each card's text, and whether it is known
from the rulebook or an interpretation. Conflicts — a part filled twice or not at all, two cards setting the
same rule — are printed with their place in the card's file.

  houserules compose "Deal Eight" "Take Lots of Tricks" "Crazy Eights" Whist
  houserules compose Deal Thirteen, Take Lots of Tricks, Crazy Eights, Whist --players 5

Names may be separated by commas. Options:
  --players N  also check that the composed rules allow N players
  --json       print {"rules", "parts": [...], "players", "ok", "diagnostics"}
  -h, --help   this text

Exit status: 0 when the rules compose, 1 when they do not, 2 for bad usage.
`;

export function splitNames(args: string[]): string[] {
  return args.join(" ").split(",").map((x) => x.trim()).filter(Boolean).flatMap((x) => (resolveReference(x) !== x || x.includes("/") ? [x] : splitLoose(x)));
}

/** Names given without commas: take the longest run of words that names a rule file, repeatedly. */
function splitLoose(text: string): string[] {
  const words = text.split(/\s+/);
  const out: string[] = [];
  for (let i = 0; i < words.length; ) {
    let j = words.length;
    for (; j > i; j--) if (resolveReference(words.slice(i, j).join(" ")) !== words.slice(i, j).join(" ")) break;
    if (j === i) j = i + 1;
    out.push(words.slice(i, j).join(" "));
    i = j;
  }
  return out;
}

export async function composeCommand(argv: string[], io: IO): Promise<number> {
  const { values, positionals } = readArgs(argv, { players: { type: "string" }, json: { type: "boolean" } });
  if (values.help) {
    io.out(composeHelp);
    return 0;
  }
  if (positionals.length === 0) throw new UsageError("compose takes the cards to compose");
  const names = splitNames(positionals);
  const ids = names.map(resolveReference);
  const loaded = loadComposition(ids);
  const base = rootOf(ids[0]);
  const players = values.players === undefined ? undefined : intFlag(values.players, "players", 4, 1, 16);
  const problems = sortDiagnostics(loaded.diagnostics.filter((d) => d.severity !== "notice"));
  let ok = loaded.game !== null && !problems.some((d) => d.severity === "error");
  let playersProblem: string | null = null;
  if (loaded.game && players !== undefined && (players < loaded.game.players.min || players > loaded.game.players.max)) {
    playersProblem = `these rules are for ${loaded.game.players.min}–${loaded.game.players.max} players, not ${players}`;
    ok = false;
  }
  const fillers = [...(base?.include ?? []), ...ids].map((id) => entry(resolveReference(id))).filter((e) => e !== undefined);
  const parts = Object.entries(base?.parts ?? {}).map(([part, info]) => {
    const by = fillers.filter((e) => e!.fills.includes(part));
    return { part, type: info.type ?? part, cards: by.map((e) => e!.name), ids: by.map((e) => e!.id) };
  });
  const twists = fillers.filter((e) => e!.fills.length === 0 && e!.id !== base?.id);
  if (values.json) {
    io.out(JSON.stringify({
      rules: ids, base: base?.id ?? null, ok, players: loaded.game?.players ?? null, playersProblem,
      parts, twists: twists.map((e) => ({ id: e!.id, name: e!.name, changes: e!.changes })),
      diagnostics: problems,
    }, null, 2) + "\n");
    return ok ? 0 : 1;
  }
  io.out(`${base?.name ?? ids[0]}: ${fillers.filter((e) => e!.id !== base?.id).map((e) => e!.name).join(" + ")}\n\n`);
  if (parts.length) {
    io.out(table(["part", "card", "known"], parts.map((p) => [
      p.type, p.cards.join(" + ") || "(none)", p.ids.map((id) => entry(id)?.known ?? "").join(" + "),
    ])));
  }
  for (const t of twists) io.out(`twist: ${t!.name}${t!.changes.length ? ` (changes ${t!.changes.join(", ")})` : ""}\n`);
  io.out("\n");
  for (const e of fillers) {
    if (!e || e.id === base?.id) continue;
    const markers = e.markers.length ? ` [${e.markers.join(", ")}]` : "";
    io.out(`${e.name}${markers} — ${e.type ?? "fragment"}${e.known === "interpretation" ? ", an interpretation" : e.known === "house" ? ", a house rule (not from the printed game)" : ""}\n  ${e.text}\n`);
  }
  if (loaded.game) io.out(`\nplayers: ${loaded.game.players.min}–${loaded.game.players.max}\n`);
  if (playersProblem) io.out(`refused: ${playersProblem}\n`);
  for (const d of problems) io.out(formatDiagnostic(d) + "\n");
  io.out(ok ? "composes\n" : "does not compose\n");
  return ok ? 0 : 1;
}
