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
import { loadComposition } from "../../interpreter/load/load.js";
import { formatDiagnostic } from "../../interpreter/diagnostics.js";
import { ablationRows, firedWords, type AblationFigure, type AblationRow } from "../../sim/ablation.js";
import { ablationUnits, nothingToTakeOut } from "../../sim/ablation-units.js";
import type { Summary } from "../../sim/simulate.js";

export const compareHelp = `Usage: houserules compare <A> <B> [--players N] [--games G] [--seed S] [--agents a,b,...] [--workers N] [--json]
       houserules compare <A> --with <fragment>... [...]
       houserules compare <A> --with <fragment>... --ablate [...]

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
  --ablate      measure what each of the fragments' own rules does: the whole variant (A with every fragment)
                against the variant with one rule taken out, in turn, with the same seeds and agents. A rule is
                one a fragment adds (taken out: not added), replaces (taken out: the base's kept) or an effect
                it appends (taken out: not appended); with several fragments, each fragment whole is taken out
                too. One row per rule taken out, the whole variant the reference: game length whole − without
                it with its 95% interval, p and Holm p (Holm over every figure of every row), the same for
                games finished and shared wins, and how often the rule changed the game in the whole variant.
                A rule is named by its text:, or for an appended effect the rulebook's words, then its name in
                coverage (triggers.bonfire, actions.play.effect.append.1).
                With --json: {base, with, players, games, seed, agents, level, whole {length, finished, ties},
                rows [{rule, name, how, file, line, fired, timesFired, figures [{measure, kind, whole, without,
                difference, low, high, p, significant, pHolm, significantHolm}]}]}
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
    agents: { type: "string" }, workers: { type: "string" }, json: { type: "boolean" }, coverage: { type: "boolean" }, ablate: { type: "boolean" }, ...optionFlag,
  });
  if (values.help) {
    io.out(compareHelp);
    return 0;
  }
  const fragments = withList(values.with);
  if (values.ablate) {
    if (positionals.length !== 1 || !fragments.length) throw new UsageError("--ablate takes one set of rules and the fragments to measure: houserules compare idiot --with ./royal-court.yaml --ablate");
    return ablate(sideRefs(positionals[0]), fragments, values, io);
  }
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

async function ablate(baseRefs: string[], fragments: string[], values: Record<string, unknown>, io: IO): Promise<number> {
  const wholeRefs = [...baseRefs, ...fragments];
  const loaded = loadOrReport(wholeRefs, io);
  if (!loaded) return 1;
  const whole = loaded.game;
  const units = ablationUnits(baseRefs, fragments, loaded.rules ?? null, whole);
  if (!units.length) {
    io.err(`houserules compare: ${nothingToTakeOut(fragments)}\n`);
    return 1;
  }
  const games: Game[] = [];
  for (const u of units) {
    const without = loadComposition(u.refs, undefined, u.without.length ? { without: u.without } : {});
    if (!without.game) {
      io.err(`houserules compare: without ${u.rule} the rules do not load, so it cannot be measured alone; take out what depends on it with it, or write it so that the rest stands without it:\n`);
      for (const d of without.diagnostics.filter((d) => d.severity === "error")) io.err(formatDiagnostic(d) + "\n");
      return 1;
    }
    games.push(without.game);
  }
  const players = intFlag(values.players as string | undefined, "players", Math.min(whole.players.max, Math.max(whole.players.min, defaultPlayers(whole))));
  const fits = [whole, ...games].every((g) => players >= g.players.min && players <= g.players.max);
  if (!fits) throw new UsageError(`${whole.name} and the variants measured without each rule do not all allow ${players} players`);
  const count = intFlag(values.games as string | undefined, "games", 500);
  const seed = seedOf(values.seed as string | undefined);
  const agents = agentSpecs(values.agents as string | undefined, players, undefined);
  const workers = workersFlag(values.workers as string | undefined, io);
  const pool = workers ? new WorkerPool(workers) : null;
  try {
    const play = async (game: Game, refs: string[], without: string[], label: string, coverage: boolean): Promise<Summary> => {
      const spec: RunSpec = { refs, ...(without.length ? { without } : {}), players, seed, agents, coverage, options: optionsOf(values, game) };
      const progress = new Progress(io, label, count);
      const summary = (await run(game, spec, count, pool ?? 0, (d) => progress.update(d))).summary;
      progress.finish();
      return summary;
    };
    const wholeSummary = await play(whole, wholeRefs, [], `whole ${whole.id}`, true);
    const withouts: Summary[] = [];
    for (let i = 0; i < units.length; i++) withouts.push(await play(games[i], units[i].refs, units[i].without, `without ${units[i].rule}`, false));
    const rows = ablationRows(wholeSummary, units.map(({ refs: _refs, without: _without, ...u }) => u), withouts);
    const ablation: Ablation = {
      base: baseRefs.join("+"), with: fragments, players, games: count, seed, agents: wholeSummary.agents, level,
      whole: { length: wholeSummary.length, finished: wholeSummary.games ? wholeSummary.finished / wholeSummary.games : 0, ties: wholeSummary.finished ? wholeSummary.ties / wholeSummary.finished : 0 },
      rows,
    };
    if (values.json) io.out(JSON.stringify(ablation, null, 2) + "\n");
    else io.out(describeAblation(ablation, whole.name));
    return [wholeSummary, ...withouts].some((s) => s.unfinished > 0) ? 1 : 0;
  } finally {
    await pool?.close();
  }
}

interface Ablation {
  base: string;
  with: string[];
  players: number;
  games: number;
  seed: number | string;
  agents: string[];
  level: number;
  whole: { length: Summary["length"]; finished: number; ties: number };
  rows: AblationRow[];
}

function tested(f: AblationFigure): string {
  const p = f.p === null ? "" : `${f.significant ? "* " : ""}p${formatP(f.p)}`;
  const h = f.pHolm === null ? "" : `${f.significantHolm ? "* " : ""}p${formatP(f.pHolm)}`;
  return `${showFigure(f.kind, f.difference, true)} [${showFigure(f.kind, f.low, true)}, ${showFigure(f.kind, f.high, true)}]|${p}|${h}`;
}

function describeAblation(a: Ablation, name: string): string {
  const rows = a.rows.map((r) => {
    const [length, lengthP, lengthHolm] = tested(r.figures[0]).split("|");
    const other = r.figures.slice(1).map((f) => {
      const [d, , h] = tested(f).split("|");
      return `${d.split(" ")[0]}${h ? ` (Holm ${h})` : ""}`;
    });
    return [r.name === r.rule ? r.rule : `${r.name} (${r.rule})`, `${r.file.split("/").pop()}:${r.line}`, firedWords(r.fired, r.timesFired, a.games), length, lengthP, lengthHolm, ...other];
  });
  const figures = a.rows.flatMap((r) => r.figures);
  const testedCount = figures.filter((f) => f.p !== null).length;
  const lines = [
    `Whole: ${name} (${[a.base, ...a.with].join(" + ")})`,
    `Each of its ${a.rows.length} own rules taken out in turn: ${a.games} games each, ${a.players} players, seed ${a.seed}, agents ${[...new Set(a.agents)].join(", ")}, the same seeds and seats on every side`,
    `The whole variant: game length ${showFigure("mean", a.whole.length.mean)} moves, ${showFigure("rate", a.whole.finished)} of games finished, ${showFigure("rate", a.whole.ties)} with shared wins`,
    "",
    table(["taken out", "written at", "changed the game", "length: whole − without [95%]", "p", "Holm", "finished: whole − without", "shared wins: whole − without"], rows).trimEnd(),
    "",
    `Each row is the whole variant less the variant without that rule: a length of +12 means the rule makes games 12 moves longer.`,
    `* significant at 95%; ${figures.filter((f) => f.significant).length} of ${testedCount} tested figures differ. ${holmNote(testedCount, figures.filter((f) => f.significantHolm).length)}`,
  ];
  return lines.join("\n") + "\n";
}
