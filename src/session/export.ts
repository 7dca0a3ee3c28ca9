// The game so far as a scenario file in the public format: the rules, the seats, the seed, every move as it
// would be typed (with its time in real time), and what holds now, so that `houserules test` replays it.
import { Document, isMap, isScalar, isSeq, visit } from "yaml";
import { innermost } from "../interpreter/engine.js";
import type { Played, Session } from "./session.js";

/** Which rules a scenario names, as the scenario format writes them. */
export type RulesRef =
  | { rules: string; with?: string[] }
  | { compose: string[]; with?: string[] }
  | { preset: string; with?: string[] };

/** What a scenario sets for a game played inside (a `round:` step's deal, shuffles and spare), and for its rounds. */
export interface ScriptedRound {
  keys: Record<string, unknown>;
  rounds: ScriptedRound[];
}

/** The scenario a game started from: its own keys (rules, seats, seed, options, dealer, deal, shuffles) and rounds. */
export interface ScenarioFrom {
  keys: Record<string, unknown>;
  rounds: ScriptedRound[];
}

/**
 * `from`: the scenario the game started from. Its keys are written again as they were, in place of the rules and
 * seats the session names, and each round it scripted is a `round:` step again, with its deal, shuffles and spare,
 * holding the moves played in that round, since those moves were made on that deal.
 */
export function scenarioOf(session: Session, ref: RulesRef, name?: string, from?: ScenarioFrom): string {
  const s = session.state;
  const doc: Record<string, unknown> = {};
  doc.name = name ?? `${s.game.name}, seed ${session.setup.seed}, ${session.cursor} moves`;
  if (from) Object.assign(doc, from.keys);
  else {
    if ("rules" in ref) doc.rules = ref.rules;
    else if ("compose" in ref) doc.compose = ref.compose;
    else doc.preset = ref.preset;
    if (ref.with?.length) doc.with = ref.with;
    if (session.setup.options && Object.keys(session.setup.options).length) doc.options = session.setup.options;
    doc.players = session.names.slice();
    doc.seed = session.setup.seed;
  }
  doc.moves = stepsOf(session, session.history.slice(0, session.cursor), session.round(), from?.rounds ?? []);
  doc.expect = expectation(session);
  // one line per step and per list of names (players, cards), as people write scenarios: - {Ann: play 9S}
  const yaml = new Document(doc);
  visit(yaml, { Seq: (_, seq) => void (seq.items.every(isScalar) && (seq.flow = true)) });
  flowSteps(yaml.get("moves", true));
  return yaml.toString({ lineWidth: 0 });
}

/**
 * The steps of the moves played in one game, `depth` games down (0: the game itself): each move as it would be
 * typed, and the moves of a round the scenario scripted inside a `round:` step with that round's own keys. A
 * scripted round that has started but has no move yet still gets its step (its deal is already on the table).
 * Moves in rounds the scenario did not script stay plain steps: a step is played in the game being played.
 */
function stepsOf(session: Session, played: Played[], now: number[], scripted: ScriptedRound[], depth = 0): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  const written = new Set<number>();
  const inScripted = (round: number[]) => round.length > depth && round[depth] < scripted.length && !written.has(round[depth]);
  for (let i = 0; i < played.length; ) {
    const round = played[i].round;
    if (!inScripted(round)) {
      out.push(stepOf(session, played[i], played[i + 1]));
      i++;
      continue;
    }
    const k = round[depth];
    let end = i;
    while (end < played.length && played[end].round.length > depth && played[end].round[depth] === k) end++;
    const inside = played.slice(i, end);
    const current = end === played.length && now.length > depth && now[depth] === k ? now : [];
    out.push(roundStep(session, scripted[k], inside, current, depth));
    written.add(k);
    i = end;
  }
  if (inScripted(now)) out.push(roundStep(session, scripted[now[depth]], [], now, depth));
  return out;
}

function roundStep(session: Session, round: ScriptedRound, played: Played[], now: number[], depth: number): Record<string, unknown> {
  const moves = stepsOf(session, played, now, round.rounds, depth + 1);
  return { round: { ...round.keys, ...(moves.length ? { moves } : {}) } };
}

/** One move as a step: `{Ann: play 9S}`, with its time in real time. */
function stepOf(session: Session, p: Played, next: Played | undefined): Record<string, unknown> {
  const step: Record<string, unknown> = { [session.names[p.player]]: p.text };
  if (p.at !== undefined) step.at = p.at;
  // two moves at the same time are one moment in a scenario, settled together; here each was settled on its
  // own, and an expectation on the first keeps it so
  if (p.at !== undefined && next?.at === p.at) step.expect = { over: false };
  return step;
}

/** One line per move, as people write scenarios (- {Ann: play 9S}); a round step's own keys as a block. */
function flowSteps(node: unknown): void {
  if (!isSeq(node)) return;
  for (const step of node.items) {
    if (!isMap(step)) continue;
    const round = step.get("round", true);
    if (isMap(round)) flowSteps(round.get("moves", true));
    else step.flow = true;
  }
}

/** What holds after the last move: the result when the game is over, else where it stands. */
function expectation(session: Session): Record<string, unknown> {
  const s = session.state;
  const who = (ps: number[]) => ps.map((p) => session.names[p]);
  if (s.over && s.result && !s.error) {
    const e: Record<string, unknown> = { over: true, winners: who(s.result.winners), losers: who(s.result.losers) };
    if (s.result.scores) e.scores = Object.fromEntries(s.result.scores.map((v, p) => [session.names[p], v]));
    return e;
  }
  const g = innermost(s);
  const e: Record<string, unknown> = { over: false, phase: g.game.phases[g.phase]?.name ?? "" };
  e.turn = g.current >= 0 ? session.names[g.current] : null;
  return e;
}
