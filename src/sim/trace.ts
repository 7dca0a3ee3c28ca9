// A golden trace: one seeded game as plain text — every event, each seat's view as it changes, the legal moves
// at every decision, and the result — with everything named, so that it reads in a review and stays the same
// across edits that do not change play (a comment, a summary). Playing the trace's header again and comparing
// line by line finds the first place where play differs.
import type { Game } from "../interpreter/model.js";
import type { State } from "../interpreter/state.js";
import type { View } from "../interpreter/view.js";
import type { GameEvent } from "../interpreter/events.js";
import { actors, innermost, legalMoves, moveText } from "../interpreter/engine.js";
import { describeEvent } from "../interpreter/events.js";
import { view } from "../interpreter/view.js";
import { zoneWord } from "../interpreter/zones.js";
import { show } from "../interpreter/lang/runtime.js";
import { playGame } from "./play-game.js";
import { makeAgent } from "../agents/index.js";
import type { Agent } from "../agents/agent.js";

export const traceFormat = "# houserules trace 1";

export interface TraceSpec {
  rules: string[];
  players: number;
  seed: number | string;
  agents: string[];
  /** Moves after which the trace stops (default: the whole game, up to the rules' limits.moves). */
  maxMoves?: number;
}

/** The header lines of a trace: what plays the game again. */
export function traceHeader(spec: TraceSpec): string[] {
  return [
    traceFormat,
    `rules: ${JSON.stringify(spec.rules)}`,
    `players: ${spec.players}`,
    `seed: ${JSON.stringify(spec.seed)}`,
    `agents: ${JSON.stringify(spec.agents)}`,
    ...(spec.maxMoves === undefined ? [] : [`max moves: ${spec.maxMoves}`]),
  ];
}

/** Reads a trace's header back; a message for the first line that is not as the format says. */
export function readTraceHeader(lines: readonly string[]): TraceSpec | { line: number; message: string } {
  if (lines[0] !== traceFormat) return { line: 1, message: `a trace begins with '${traceFormat}'` };
  const field = (i: number, key: string): unknown => {
    const text = lines[i] ?? "";
    if (!text.startsWith(`${key}: `)) throw { line: i + 1, message: `expected '${key}: …'` };
    try {
      return JSON.parse(text.slice(key.length + 2));
    } catch {
      throw { line: i + 1, message: `'${key}:' is not followed by a JSON value` };
    }
  };
  try {
    const rules = field(1, "rules");
    const players = field(2, "players");
    const seed = field(3, "seed");
    const agents = field(4, "agents");
    const maxMoves = lines[5]?.startsWith("max moves: ") ? field(5, "max moves") : undefined;
    const strings = (v: unknown) => Array.isArray(v) && v.length > 0 && v.length <= 64 && v.every((x) => typeof x === "string" && x.length <= 200);
    if (!strings(rules)) return { line: 2, message: "rules: a list of rules ids, names or paths" };
    if (!Number.isInteger(players) || (players as number) < 1 || (players as number) > 64) return { line: 3, message: "players: a whole number from 1 to 64" };
    if (typeof seed !== "string" && typeof seed !== "number") return { line: 4, message: "seed: a number or a text" };
    if (!strings(agents) || (agents as string[]).length !== players) return { line: 5, message: "agents: one agent name per player" };
    if (maxMoves !== undefined && (!Number.isInteger(maxMoves) || (maxMoves as number) < 0)) return { line: 6, message: "max moves: a whole number" };
    return { rules: rules as string[], players: players as number, seed, agents: agents as string[], ...(maxMoves === undefined ? {} : { maxMoves: maxMoves as number }) };
  } catch (e) {
    return e as { line: number; message: string };
  }
}

/** The whole trace of one game, header first. Throws a RangeError for an agent name it does not know. */
export function traceLines(game: Game, spec: TraceSpec): string[] {
  const agents: Agent[] = spec.agents.map((name) => {
    const a = makeAgent(name);
    if (!a) throw new RangeError(`there is no agent called '${name}'`);
    return a;
  });
  const out = traceHeader(spec);
  const lastView = new Map<number, string>();
  const pending: [State, GameEvent][] = [];
  let moves = 0;
  const decision = (s: State, title: string) => {
    out.push(title);
    for (const [g, e] of pending) out.push(`  ${describeEvent(g, e)}`);
    pending.length = 0;
    const g = innermost(s);
    for (let p = 0; p < s.n; p++) {
      const line = `view ${s.names[p]}: ${viewText(g, view(s, p))}`;
      if (lastView.get(p) !== line) out.push(line);
      lastView.set(p, line);
    }
    if (s.over) return;
    for (const p of actors(s)) out.push(`legal ${s.names[p]}: ${legalMoves(s, p).map((m) => moveText(g, m)).join("; ") || "nothing"}`);
  };
  const record = playGame(game, {
    players: spec.players, seed: spec.seed, agents, log: true, // the log holds each move as typed
    watch: (g, e) => void (e.type !== "turn" && pending.push([g, e])),
    onStart: (s) => decision(s, "== start"),
    onMove: (s) => {
      moves++;
      decision(s, `== move ${moves}`);
      if (spec.maxMoves !== undefined && moves >= spec.maxMoves && !s.over) s.over = true; // left here: the trace says so below
    },
  });
  const s = record.state;
  for (const [g, e] of pending) out.push(`  ${describeEvent(g, e)}`);
  const r = s.result;
  if (r) out.push(`== result: winners ${names(s, r.winners)}; losers ${names(s, r.losers)}${r.scores ? `; scores ${r.scores.map((v, p) => `${s.names[p]} ${v}`).join(", ")}` : ""}`);
  else if (s.error) out.push(`== stopped: ${s.error}`);
  else out.push(`== left after ${moves} moves (max moves)`);
  return out;
}

function names(s: State, ps: number[]): string {
  return ps.length ? ps.map((p) => s.names[p]).join(", ") : "nobody";
}

/** A view on one line: each zone that holds cards, by its move word, cards by name and ## for backs; then the variables it shows. */
export function viewText(s: State, v: View): string {
  const zones: string[] = [];
  for (const z of v.zones) {
    if (z.retired || z.cards.length === 0) continue;
    const cards: string[] = [];
    for (let i = 0; i < z.cards.length; ) {
      if (z.cards[i] >= 0) {
        cards.push(s.game.cardNames[z.cards[i++]]);
        continue;
      }
      let k = i;
      while (k < z.cards.length && z.cards[k] < 0) k++;
      cards.push(k - i === 1 ? "##" : `##×${k - i}`);
      i = k;
    }
    zones.push(`${zoneWord(s, z.zone)} ${cards.join(" ")}`);
  }
  const vars: string[] = [];
  for (const def of s.game.vars) {
    const value = v.variables[def.name];
    if (value === null || value === undefined) continue;
    const shown = def.per === "game" ? show(s, value, def.type) : `[${(value as unknown[]).map((x, p) => `${s.names[p]} ${x === null ? "?" : show(s, x, def.type)}`).join(", ")}]`;
    vars.push(`${def.name}=${shown}`);
  }
  return `${v.phase}${v.current >= 0 ? `, ${s.names[v.current]} to play` : ""} | ${zones.join(" | ")}${vars.length ? ` | ${vars.join(" ")}` : ""}`;
}

/** The first line where two traces part, or null when they are the same. */
export function firstDifference(expected: readonly string[], actual: readonly string[]): { line: number; expected: string | null; actual: string | null } | null {
  const n = Math.max(expected.length, actual.length);
  for (let i = 0; i < n; i++) if (expected[i] !== actual[i]) return { line: i + 1, expected: expected[i] ?? null, actual: actual[i] ?? null };
  return null;
}
