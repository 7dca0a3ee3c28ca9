// The game so far as a scenario file in the public format: the rules, the seats, the seed, every move as it
// would be typed (with its time in real time), and what holds now, so that `houserules test` replays it.
import { Document, isMap, isSeq } from "yaml";
import { innermost } from "../interpreter/engine.js";
import type { Session } from "./session.js";

/** Which rules a scenario names, as the scenario format writes them. */
export type RulesRef =
  | { rules: string; with?: string[] }
  | { compose: string[]; with?: string[] }
  | { preset: string; with?: string[] };

/**
 * `from`: the keys of the scenario the game started from (its rules, seats, seed, options, dealer, deal and
 * shuffles), written again as they were, in place of the rules and seats the session names.
 */
export function scenarioOf(session: Session, ref: RulesRef, name?: string, from?: Record<string, unknown>): string {
  const s = session.state;
  const doc: Record<string, unknown> = {};
  doc.name = name ?? `${s.game.name}, seed ${session.setup.seed}, ${session.cursor} moves`;
  if (from) Object.assign(doc, from);
  else {
    if ("rules" in ref) doc.rules = ref.rules;
    else if ("compose" in ref) doc.compose = ref.compose;
    else doc.preset = ref.preset;
    if (ref.with?.length) doc.with = ref.with;
    if (session.setup.options && Object.keys(session.setup.options).length) doc.options = session.setup.options;
    doc.players = session.names.slice();
    doc.seed = session.setup.seed;
  }
  const played = session.history.slice(0, session.cursor);
  doc.moves = played.map((p, i) => {
    const step: Record<string, unknown> = { [session.names[p.player]]: p.text };
    if (p.at !== undefined) step.at = p.at;
    // two moves at the same time are one moment in a scenario, settled together; here each was settled on its
    // own, and an expectation on the first keeps it so
    if (p.at !== undefined && played[i + 1]?.at === p.at) step.expect = { over: false };
    return step;
  });
  doc.expect = expectation(session);
  // one line per step and a short list of players, as people write scenarios: - {Ann: play 9S}
  const yaml = new Document(doc);
  for (const key of ["players", "moves", "with", "compose"]) {
    const node = yaml.get(key, true);
    if (isSeq(node)) {
      if (key === "moves") node.items.forEach((step) => isMap(step) && (step.flow = true));
      else node.flow = true;
    }
  }
  return yaml.toString({ lineWidth: 0 });
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
