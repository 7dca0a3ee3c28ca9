// houserules compare: two sets of rules played with the same seeds and agents, side by side.
import { readArgs, intFlag, workersFlag } from "../args.js";
import { UsageError, type IO } from "../io.js";
import { ruleFoldersOption } from "../rule-folders.js";
import { withList } from "../rules-args.js";
import { sideRefs } from "../../interpreter/load/card-names.js";
import type { Game } from "../../interpreter/model.js";
import { compareSummaries, holmNote, type Difference, type EvaluationRow } from "../../sim/compare.js";
import type { RunSpec } from "../../sim/run-spec.js";
import { WorkerPool } from "../../sim/parallel.js";
import { Progress } from "../progress.js";
import { table } from "../../sim/text-table.js";
import { agentSpecs, defaultPlayers, loadOrReport, optionFlag, optionHelp, optionsOf, seedOf } from "../game-options.js";
import { run } from "../../sim/run-games.js";

export const compareHelp = `Usage: houserules compare <A> <B> [--players N] [--games G] [--seed S] [--agents a,b,...] [--workers N] [--json]
       houserules compare <A> --with <fragment>... [...]

Plays the same games — the same seeds, the same agents in the same seats — under two sets of rules, and
prints each figure of both side by side with the difference: games finished, game length, shared wins, wins
and losses by seat, for rules with scores the final scores, the gap between best and worst and the lead
changes, and with --coverage the share of games in which each rule was used; then, untested, each side's
balance, drama, decisiveness and skill (as simulate reports them). A difference marked * is
significant at 95% (a two-sided test: Welch's test for means, the two-proportion z-test for rates); figures
without a p-value are not tested. The Holm column corrects each p for all the figures tested at once (Holm's
method): a * there is a difference that stays significant however many figures the table has.

Each side is rules as simulate takes them:
  an id or a path                 idiot, ./my-game.yaml
  fragments joined with +         idiot+./threes-are-wild.yaml
  rule cards separated by commas  "Deal Eight, Take Lots of Tricks, Crazy Eights, Whist"
With one side and --with, the rules are compared with themselves with the fragments composed on:
  houserules compare idiot --with ./threes-are-wild.yaml

Options:
  --with F      compare A with A and fragment F (repeatable, or comma-separated)
  --players N   number of players (default: 4, or the nearest count both rules allow)
${optionHelp}
  --games G     games on each side (default 500)
  --seed S      seed of the run (default 1); game i of both sides is played with seed "S:i"
  --agents L    comma-separated agent per seat (default sensible, the measuring agent, for every seat)
  --coverage    compare how often each rule is used, rule by rule
  --workers N   play the games on N worker threads, at most the processors of the machine (more is lowered)
  --json        print the comparison as one JSON object: {a, b, players, games, seed, agents, level,
                differences [{measure, a, b, difference, kind, p, significant, pHolm, significantHolm}],
                evaluation [{measure, what, kind, a, b, difference}]: balance, drama, decisiveness and skill
                of each side, as simulate gives them (null where a side has none), not tested}
${ruleFoldersOption(14)}
  -h, --help    this text

Exit status: 0 when every game of both sides finished, 1 when some did not or the rules do not load, 2 for
bad usage.
`;

export async function compareCommand(argv: string[], io: IO): Promise<number> {
  const { values, positionals } = readArgs(argv, {
    with: { type: "string", multiple: true }, players: { type: "string" }, games: { type: "string" }, seed: { type: "string" },
    agents: { type: "string" }, workers: { type: "string" }, json: { type: "boolean" }, coverage: { type: "boolean" }, ...optionFlag,
  });
  if (values.help) {
    io.out(compareHelp);
    return 0;
  }
  const fragments = withList(values.with);
  let sides: string[][];
  if (positionals.length === 1 && fragments.length) sides = [sideRefs(positionals[0]), [...sideRefs(positionals[0]), ...fragments]];
  else if (positionals.length === 2 && !fragments.length) sides = positionals.map(sideRefs);
  else throw new UsageError("compare takes two sets of rules, or one and --with fragments");
  const games: Game[] = [];
  for (const refs of sides) {
    const loaded = loadOrReport(refs, io);
    if (!loaded) return 1;
    games.push(loaded.game);
  }
  const [ga, gb] = games;
  const min = Math.max(ga.players.min, gb.players.min);
  const max = Math.min(ga.players.max, gb.players.max);
  if (min > max) throw new UsageError(`${ga.name} is for ${ga.players.min}–${ga.players.max} players and ${gb.name} for ${gb.players.min}–${gb.players.max}: no count suits both`);
  const players = intFlag(values.players, "players", Math.min(max, Math.max(min, defaultPlayers(ga))));
  if (players < min || players > max) throw new UsageError(`both rules allow ${min}–${max} players, not ${players}`);
  const count = intFlag(values.games, "games", 500);
  const seed = seedOf(values.seed);
  const agents = agentSpecs(values.agents as string | undefined, players, undefined);
  const workers = workersFlag(values.workers, io);
  const pool = workers ? new WorkerPool(workers) : null;
  try {
    const summaries = [];
    for (let i = 0; i < 2; i++) {
      const spec: RunSpec = { refs: sides[i], players, seed, agents, coverage: values.coverage === true, options: optionsOf(values, games[i]) };
      const progress = new Progress(io, `${i ? "B" : "A"} ${games[i].id}`, count);
      summaries.push((await run(games[i], spec, count, pool ?? 0, (d) => progress.update(d))).summary);
      progress.finish();
    }
    const { differences, evaluation } = compareSummaries(summaries[0], summaries[1]);
    const comparison: Compared = { a: summaries[0].rules, b: summaries[1].rules, players, games: count, seed, agents: summaries[0].agents, level, differences, evaluation };
    const unfinished = summaries.some((s) => s.unfinished > 0);
    if (values.json) io.out(JSON.stringify(comparison, null, 2) + "\n");
    else io.out(describe(comparison, ga.name, gb.name));
    return unfinished ? 1 : 0;
  } finally {
    await pool?.close();
  }
}

/** The significance level of the marks: src/sim/compare.ts marks a difference when p < 0.05. */
const level = 0.05;

/** Both sides played alike, and every figure's difference. */
interface Compared {
  a: string;
  b: string;
  players: number;
  games: number;
  seed: number | string;
  agents: string[];
  level: number;
  differences: Difference[];
  evaluation: EvaluationRow[];
}

/** A figure as a person reads it: rates in per cent, means as they are. */
function showFigure(kind: Difference["kind"], value: number, signed = false): string {
  const sign = signed && value > 0 ? "+" : "";
  if (kind === "rate") return `${sign}${(value * 100).toFixed(1)}%`;
  return `${sign}${Number.isInteger(value) ? value : value.toFixed(2)}`;
}

function shown(kind: EvaluationRow["kind"], x: number | null): string {
  return x === null ? "none" : showFigure(kind, x);
}

function formatP(p: number): string {
  return p < 0.0001 ? "<0.0001" : `=${p.toFixed(4)}`;
}

function describe(c: Compared, nameA: string, nameB: string): string {
  const rows = c.differences.map((f) => [
    f.measure,
    showFigure(f.kind, f.a),
    showFigure(f.kind, f.b),
    showFigure(f.kind, f.difference, true),
    f.p === null ? "" : f.significant ? `* p${formatP(f.p)}` : `p${formatP(f.p)}`,
    f.pHolm === null ? "" : f.significantHolm ? `* p${formatP(f.pHolm)}` : `p${formatP(f.pHolm)}`,
  ]);
  const tested = c.differences.filter((f) => f.p !== null).length;
  const lines = [
    `A: ${nameA} (${c.a})`,
    `B: ${nameB} (${c.b})`,
    `${c.games} games each, ${c.players} players, seed ${c.seed}, agents ${[...new Set(c.agents)].join(", ")}: the same seeds and seats on both sides`,
    "",
    table(["measure", "A", "B", "B − A", "95%", "Holm"], rows).trimEnd(),
    "",
    `* the difference is significant at 95% (two-sided p below ${c.level}); ${c.differences.filter((f) => f.significant).length} of ${tested} tested figures differ`,
    holmNote(tested, c.differences.filter((f) => f.significantHolm).length),
    "",
    table(["evaluation", "what", "A", "B", "B − A"], c.evaluation.map((e) => [e.measure, e.what, shown(e.kind, e.a), shown(e.kind, e.b), e.difference === null ? "" : showFigure(e.kind, e.difference, true)])).trimEnd(),
    "balance, drama, decisiveness and skill are each run's own figures, not tested here (docs/agents.md defines them)",
  ];
  return lines.join("\n") + "\n";
}
