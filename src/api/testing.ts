// houserules/testing: rule files tested from a program's own test suite, with vitest or node:test. Each helper
// throws an Error whose message holds the problems as `houserules check` and `houserules test` print them
// (file:line:col), so the test runner shows where to look.
import { readdirSync, realpathSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { check, checkTrace, formatTraceCheck, loadRules, runScenario, type LoadOptions, type Rules, type ScenarioResult } from "./index.js";
import { formatDiagnostic } from "../interpreter/diagnostics.js";
import { readFileSync } from "node:fs";

/** The most scenario files a folder may give: a folder of more is a mistake (the home folder given for tests/). */
export const maxScenarioFiles = 10_000;

/** Every `*.scenario.yaml` under a folder, sorted; each folder is visited once, by its real path. */
export function scenarioFiles(folder: string): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  const visit = (dir: string) => {
    let real: string;
    try {
      real = realpathSync(dir); // a link back to a folder above is visited once
    } catch {
      return;
    }
    if (seen.has(real)) return;
    seen.add(real);
    for (const name of readdirSync(dir).sort()) {
      if (name === "node_modules" || name.startsWith(".")) continue;
      const path = join(dir, name);
      let st;
      try {
        st = statSync(path);
      } catch {
        continue;
      }
      if (st.isDirectory()) visit(path);
      else if (name.endsWith(".scenario.yaml")) {
        if (out.length >= maxScenarioFiles) throw new RangeError(`${folder} holds more than ${maxScenarioFiles} scenario files`);
        out.push(path);
      }
    }
  };
  visit(folder);
  return out;
}

/** Runs a scenario and throws with its failures, each at its file:line:col, unless it passes. */
export function expectScenarioPasses(file: string): ScenarioResult {
  const r = runScenario(file);
  if (!r.passed) throw new Error(`${r.file}: ${r.name}\n${r.failures.map(formatDiagnostic).join("\n")}`);
  return r;
}

/** A test function as vitest's `it`/`test` and node:test's `test` take it: a name and a body. */
export type TestFunction = (name: string, body: () => void) => unknown;

/**
 * One test per scenario file under a folder, named by its path and the scenario's name:
 * `scenarioTests("tests", it)` in a vitest file, `scenarioTests("tests", test)` with node:test.
 */
export function scenarioTests(folder: string, test: TestFunction): string[] {
  const files = scenarioFiles(folder);
  if (files.length === 0) throw new Error(`no *.scenario.yaml file under ${folder}`);
  for (const file of files) test(relative(process.cwd(), file) || file, () => void expectScenarioPasses(file));
  return files;
}

/** Throws unless the rules load with no error and no warning (notices, such as N_ASSUMED, are allowed). */
export function expectChecksClean(refs: string | string[], o: LoadOptions = {}): void {
  const problems = check(refs, o).filter((d) => d.severity !== "notice");
  if (problems.length) throw new Error(`${[refs].flat().join(" + ")} does not check clean:\n${problems.map(formatDiagnostic).join("\n")}`);
}

export interface FinishOptions {
  games?: number; // default 20
  players?: number | number[]; // default: every count the rules allow, up to 6
  seed?: number | string; // default "finish": game k plays with seed `${seed}:${k}`
  /** One agent for every seat, or one per seat (then every game has as many players as agents); default random. */
  agents?: string | string[];
  maxMoves?: number; // a game still going after this many moves fails (default: the rules' limits.moves)
}

/**
 * Plays seeded games with agents and throws at the first that does not finish, naming its seed, its players and
 * why: the rule that failed or looped, or the rule whose moves moved nothing when it ran out of moves.
 */
export function expectGamesFinish(rules: Rules | string | string[], o: FinishOptions = {}): { games: number; moves: number } {
  const r = typeof rules === "string" || Array.isArray(rules) ? loadRules(rules) : rules;
  const { min, max } = r.players;
  const perSeat = Array.isArray(o.agents) ? o.agents.length : undefined;
  const every = Array.from({ length: Math.min(max, 6) - min + 1 }, (_, i) => min + i);
  const counts = o.players === undefined ? (perSeat === undefined ? every : [perSeat]) : [o.players].flat();
  const wrong = perSeat === undefined ? undefined : counts.find((n) => n !== perSeat);
  if (wrong !== undefined) throw new RangeError(`give one agent or one per seat: ${perSeat} agents for ${wrong} players`);
  const games = o.games ?? 20;
  let moves = 0;
  for (let k = 0; k < games; k++) {
    const players = counts[k % counts.length];
    const seed = `${o.seed ?? "finish"}:${k}`;
    const g = r.start({ players, seed });
    g.playOut(o.agents ?? "random", o.maxMoves === undefined ? {} : { maxMoves: o.maxMoves });
    moves += g.state.moves;
    if (!g.over || g.error) throw new Error(`${r.name}: the game with seed ${seed} and ${players} players did not finish: ${g.error ?? `still going after ${g.state.moves} moves`}`);
  }
  return { games, moves };
}

/**
 * Plays a golden trace's game again (written by `houserules trace`) and throws at the first line where play
 * differs, with both versions: a rule change is a reviewable diff of the trace.
 */
export function expectTraceMatches(file: string): { lines: number } {
  const r = checkTrace(readFileSync(file, "utf8"), { base: dirname(resolve(file)) }); // its paths, from its folder
  if (r.ok) return { lines: r.lines };
  throw new Error(formatTraceCheck(file, r));
}
