// Scenario files script a game and state what must hold: the public format for testing rules headlessly.
// A failure names the step, what was expected and what happened, at the step's line in the file, with a code
// of its own: E_REFUSED (a move was refused), E_ACCEPTED (a move that must be refused was accepted), E_EXPECT
// (an expectation does not hold), E_STOPPED (a rule failed while the game ran); E_SCHEMA for a malformed file.
import type { Code, Diagnostic } from "../interpreter/diagnostics.js";
import { suggestion } from "../interpreter/diagnostics.js";
import { bytesOver, maxFileBytes } from "../interpreter/limits.js";
import { SourceFile, escapePointer, loadYaml } from "../interpreter/load/yaml.js";
import { optionProblems } from "../interpreter/options.js";
import { validate } from "../interpreter/load/schema.js";
import type { Game } from "../interpreter/model.js";
import type { GameHooks, State } from "../interpreter/state.js";
import { conservationProblem } from "../interpreter/state.js";
import { newGame, play, legalMoves, moveText, actors, innermost, settleMoment } from "../interpreter/engine.js";
import { holdDeal, readDeal } from "./deal.js";
import { readShuffles, type StackedShuffles } from "./shuffles.js";
import { resolveScenarioRules } from "./rules.js";
import { describeEvent } from "../interpreter/events.js";
import { Expectations, type ExpectContext } from "./expect.js";
import { presetOption } from "../sim/starting-combination.js";

type Raw = Record<string, unknown>;

export interface ScenarioResult {
  file: string;
  name: string;
  passed: boolean;
  failures: Diagnostic[];
  state: State | null;
}

export function runScenarioText(text: string, shown: string, folder: string): ScenarioResult {
  const bytes = bytesOver(text);
  if (bytes > 0) return { file: shown, name: shown, passed: false, failures: [{ severity: "error", code: "E_FILE_SIZE", message: `${shown} is ${bytes} bytes, larger than the limit of ${maxFileBytes} bytes a scenario file may have`, file: shown, line: 1, col: 1 }], state: null };
  const file = new SourceFile(shown, text);
  const yaml = loadYaml(file);
  if (yaml.problems.some((d) => d.severity === "error")) return { file: shown, name: shown, passed: false, failures: yaml.problems, state: null };
  const schema = validate("scenario", yaml.value, file);
  if (schema.length) return { file: shown, name: shown, passed: false, failures: schema, state: null };
  const raw = yaml.value as Raw;
  return new ScenarioRun(raw, file, folder).run();
}

/** How a scenario starts its game, as newGame takes it, with the steps it then scripts. */
export interface ScenarioSetup {
  game: Game;
  names: string[];
  seed: number | string;
  options: Record<string, unknown>;
  dealer: number | undefined;
  start: number | undefined;
  hooks: GameHooks;
  steps: Raw[];
  rounds: RoundStep[];
}

/** A scenario file read for its start only (to play on from it by hand): the setup, and the problems found so far. */
export interface ScenarioStart {
  setup: ScenarioSetup | null;
  /** The scenario's problems: those of the file, then those its hooks find while the game is set up. */
  problems(): readonly Diagnostic[];
  /** The scenario's own keys but its name, moves and expectations: what a scenario written from this start repeats. */
  keys: Raw;
  /** Its name, or the file's. */
  name: string;
}

export function scenarioStart(text: string, shown: string, folder: string): ScenarioStart {
  const file = new SourceFile(shown, text);
  const yaml = loadYaml(file);
  const early = (problems: Diagnostic[]): ScenarioStart => ({ setup: null, problems: () => problems, keys: Object.create(null) as Raw, name: shown });
  if (yaml.problems.some((d) => d.severity === "error")) return early(yaml.problems);
  const schema = validate("scenario", yaml.value, file);
  if (schema.length) return early(schema);
  const raw = yaml.value as Raw;
  const run = new ScenarioRun(raw, file, folder);
  const keys = Object.create(null) as Raw;
  for (const [k, v] of Object.entries(raw)) if (k !== "name" && k !== "moves" && k !== "expect") keys[k] = v;
  return { setup: run.prepare(), problems: () => run.problems, keys, name: typeof raw.name === "string" ? raw.name : shown };
}

/** A `round:` step: a game played inside this one, with its own deal, shuffles, moves and expectations. */
interface RoundStep {
  raw: Raw;
  pointer: string;
  /** The inner game this step scripts, once it has started; and the rules ids it was composed from. */
  state: State | null;
  ids: string[] | null;
  /** The rounds scripted inside this round, in order. */
  rounds: RoundStep[];
}

class ScenarioRun {
  private failures: Diagnostic[] = [];
  private game!: Game;
  private s!: State;
  private names: string[] = [];
  private expectations = new Expectations([], () => {});
  private shuffles: { stack: StackedShuffles; pointer: string }[] = [];
  /** What lets each deal held until the first decision go: called whenever the game waits for one. */
  private holds: (() => void)[] = [];

  constructor(
    private raw: Raw,
    private file: SourceFile,
    private folder: string,
  ) {}

  run(): ScenarioResult {
    const setup = this.prepare();
    if (setup) this.playFrom(setup);
    return this.result();
  }

  result(): ScenarioResult {
    const name = typeof this.raw.name === "string" ? this.raw.name : this.file.path;
    return { file: this.file.path, name, passed: this.failures.length === 0, failures: this.failures, state: this.s ?? null };
  }

  /** The problems found so far: reading the file, and while its hooks steer a game. */
  get problems(): readonly Diagnostic[] {
    return this.failures;
  }

  /**
   * What the scenario starts its game with: the rules, the seats, the seed, the options, the dealer or start
   * player, and the hooks that stack the deal and the shuffles (of the game and of the rounds inside it).
   * Null when the file has a problem.
   */
  prepare(): ScenarioSetup | null {
    const rules = resolveScenarioRules(this.raw, this.file, this.folder);
    if (!rules.game) {
      this.failures.push(...rules.diagnostics.filter((d) => d.severity === "error"));
      return null;
    }
    this.game = rules.game;
    this.names = Array.isArray(this.raw.players)
      ? (this.raw.players as string[])
      : Array.from({ length: Number(this.raw.players) }, (_, i) => `P${i + 1}`);
    this.expectations = new Expectations(this.names, (pointer, message) => this.failAt(pointer, message, "E_EXPECT"));
    const count = this.names.length;
    const twice = this.names.find((n, i) => this.names.findIndex((m) => m.toLowerCase() === n.toLowerCase()) !== i);
    if (twice !== undefined) {
      this.problem("/players", `two players are called '${twice}': each seat needs its own name`);
      return null;
    }
    if (count < this.game.players.min || count > this.game.players.max) {
      this.problem("/players", `${this.game.name} is for ${this.game.players.min}–${this.game.players.max} players, not ${count}`);
      return null;
    }
    const seat = (key: string): number | undefined => {
      const v = this.raw[key];
      if (v === undefined) return undefined;
      const p = this.seatOf(String(v));
      if (p < 0) this.problem(`/${key}`, `there is no player called '${String(v)}' (players: ${this.names.join(", ")})`);
      return p < 0 ? undefined : p;
    };
    const dealer = seat("dealer");
    const start = seat("start");
    const options = { ...this.options(), ...rules.options };
    if (this.failures.length) return null;
    const steps = (this.raw.moves ?? []) as Raw[];
    const rounds = this.roundSteps(steps, "/moves");
    const hooks = this.hooksFor(this.raw, "", this.game, rounds);
    if (this.failures.length || !hooks) return null;
    const seed = (this.raw.seed as number | string | undefined) ?? 0;
    return { game: this.game, names: this.names.slice(), seed, options, dealer, start, hooks, steps, rounds };
  }

  private playFrom(setup: ScenarioSetup): void {
    const { game, names, seed, options, dealer, start, hooks, steps, rounds } = setup;
    this.s = newGame(game, { players: names, seed, options, dealer, start, hooks });
    this.releaseDeals();
    if (this.failures.length) return;
    if (this.s.error) {
      this.failAt("", `the game stopped during its setup: ${this.s.error}`, "E_STOPPED");
      return;
    }
    this.checkPreset(options);
    if (this.raw.variables !== undefined) this.setVariables(this.raw.variables as Raw);
    if (this.failures.length) return;
    this.checkState("the deal");
    this.steps(steps, "/moves", null, rounds);
    if (this.failures.length === 0 && this.raw.expect) this.expectations.check(this.raw.expect as Raw, this.topContext(), "/expect", "at the end");
    if (this.failures.length === 0) {
      for (const { stack, pointer } of this.shuffles) for (const u of stack.unused()) this.failAt(`${pointer}${u.pointer}`, u.message, "E_EXPECT");
    }
  }

  private options(): Record<string, unknown> | undefined {
    const o = this.raw.options as Raw | undefined;
    if (!o) return undefined;
    for (const p of optionProblems(this.game.options, o)) this.problem(`/options/${escapePointer(p.name)}`, `${this.game.name}: ${p.message}`, !this.game.options.has(p.name));
    return o;
  }

  /**
   * The scenario's `variables:` set before its first move, written as expectations write them: a game variable by
   * its value, a player's as {Ann: value}; cards and players by name. A game that starts in the middle (hearts
   * broken, stacks of chips unequal) starts so, each value checked against the variable's type.
   */
  private setVariables(vars: Raw): void {
    const s = this.s!;
    for (const [name, value] of Object.entries(vars)) {
      const at = `/variables/${escapePointer(name)}`;
      const def = s.game.vars.find((v) => v.name === name);
      if (!def) {
        this.problem(at, `there is no variable '${name}'${suggestion(name, s.game.vars.map((v) => v.name))}`, true);
        continue;
      }
      const read = (v: unknown, where: string): unknown => {
        const t = def.type;
        const card = (x: unknown) => (typeof x === "string" ? (s.game.cardsNamed(x)[0] ?? -1) : -1);
        const seat = (x: unknown) => (typeof x === "string" ? this.names.findIndex((n) => n.toLowerCase() === x.toLowerCase()) : -1);
        const fail = (what: string) => (this.problem(where, `${name} is ${what}, not ${JSON.stringify(v)}`), undefined);
        if (t.t === "num") return typeof v === "number" && Number.isFinite(v) ? v : fail("a number");
        if (t.t === "bool") return typeof v === "boolean" ? v : fail("true or false");
        if (t.t === "str") return typeof v === "string" ? v : fail("text");
        if (t.t === "card") return v === null ? null : card(v) >= 0 ? card(v) : fail("a card, by its name, or null");
        if (t.t === "player") return v === null ? null : seat(v) >= 0 ? seat(v) : fail(`a player (${this.names.join(", ")}) or null`);
        if (t.t === "list" && t.of.t === "card") return Array.isArray(v) && v.every((x) => card(x) >= 0) ? v.map(card) : fail("a list of cards, by their names");
        if (t.t === "list" && t.of.t === "player") return Array.isArray(v) && v.every((x) => seat(x) >= 0) ? v.map(seat) : fail("a list of players");
        return fail("a variable a scenario cannot set");
      };
      if (def.per === "game") {
        const v = read(value, at);
        if (v !== undefined) s.vars[def.slot] = v;
        continue;
      }
      if (value === null || typeof value !== "object" || Array.isArray(value)) {
        this.problem(at, `${name} is each player's: give it as {${this.names[0]}: value}`);
        continue;
      }
      for (const [who, v] of Object.entries(value as Raw)) {
        const p = this.names.findIndex((n) => n.toLowerCase() === who.toLowerCase());
        if (p < 0) {
          this.problem(`${at}/${escapePointer(who)}`, `there is no player called '${who}' (players: ${this.names.join(", ")})`, true);
          continue;
        }
        const read1 = read(v, `${at}/${escapePointer(who)}`);
        if (read1 !== undefined) s.vars[s.game.globalVars + def.slot * s.n + p] = read1;
      }
    }
  }

  /** A preset beside `rules:` must be what the first round is composed from. */
  private checkPreset(options: Record<string, unknown>): void {
    const ids = options[presetOption];
    if (typeof this.raw.preset !== "string" || !Array.isArray(ids)) return;
    const first = (this.s.log ?? []).find((e) => e.type === "game");
    const played = first && first.type === "game" ? first.ids : [];
    const missing = ids.filter((id) => !played.includes(String(id)));
    if (missing.length) this.failAt("/preset", `${this.game.name} with ${this.names.length} players cannot start from ${this.raw.preset}: ${missing.join(", ")} ${missing.length === 1 ? "is" : "are"} not on top of a stack${played.length ? ` (its first round plays ${played.join(", ")})` : ""}`, "E_EXPECT");
  }

  // ---- steering the games: deals, shuffles, rounds -----------------------------------------------------

  /** The `round:` steps of a list of steps, in order, each with the rounds inside it. */
  private roundSteps(steps: Raw[], pointer: string): RoundStep[] {
    const out: RoundStep[] = [];
    steps.forEach((step, i) => {
      if (step.round === undefined || Object.keys(step).length !== 1) return;
      const raw = step.round as Raw;
      const at = `${pointer}/${i}/round`;
      out.push({ raw, pointer: at, state: null, ids: null, rounds: this.roundSteps((raw.moves ?? []) as Raw[], `${at}/moves`) });
    });
    return out;
  }

  /**
   * What fixes a game's start: its deal once setup is over, its stacked shuffles, and for each game started
   * inside it the next round step's own. A round's rules are known only when it starts, so its deal and
   * shuffles are read then.
   */
  private hooksFor(spec: Raw, pointer: string, game: Game, rounds: RoundStep[]): GameHooks | null {
    const problem = (at: string) => (p: string, message: string) => this.problem(`${pointer}${at}${p}`, message);
    const deal = spec.deal || spec.spare !== undefined ? readDeal(game, this.names, (spec.deal ?? {}) as Raw, spec.spare, problem("")) : null;
    const stack = spec.shuffles ? readShuffles(game, spec.shuffles as Raw, problem("/shuffles")) : null;
    if (((spec.deal || spec.spare !== undefined) && !deal) || (spec.shuffles && !stack)) return null;
    if (stack) this.shuffles.push({ stack, pointer: `${pointer}/shuffles` });
    let started = 0;
    return {
      shuffled: stack
        ? (s, zone) => {
            const p = stack.shuffled(s, zone);
            if (p) this.failAt(`${pointer}/shuffles`, p, "E_EXPECT");
          }
        : undefined,
      afterSetup: deal ? (s) => void this.holds.push(holdDeal(s, deal, (p) => this.problem(`${pointer}/deal`, p))) : undefined,
      inner: (outer) => {
        const round = rounds[started++];
        if (!round) return undefined;
        // the round's rules: the game the phase is about to start, known from what it resolves to
        const phase = outer.game.phases[outer.phase];
        const value = phase.game?.(outer);
        const ids = (Array.isArray(value) ? value : [value]).filter((x): x is string => typeof x === "string" && x.length > 0);
        const rules = outer.game.resolve(ids);
        if (typeof rules === "string") return undefined;
        round.ids = ids;
        const hooks = this.hooksFor(round.raw, round.pointer, rules, round.rounds) ?? undefined;
        const after = hooks?.afterSetup;
        return {
          ...hooks,
          afterSetup: (s) => {
            round.state = s;
            after?.(s);
          },
        };
      },
    };
  }

  private releaseDeals(): void {
    for (const release of this.holds.splice(0)) release();
  }

  private seatOf(name: string): number {
    return this.names.findIndex((n) => n.toLowerCase() === name.toLowerCase());
  }

  private problem(pointer: string, message: string, onKey = false): void {
    this.failures.push(this.file.at(pointer, "error", "E_SCHEMA", message, onKey));
  }

  private failAt(pointer: string, message: string, code: Code = "E_SCHEMA"): void {
    this.failures.push(this.file.at(pointer, "error", code, message));
  }

  // ---- steps -------------------------------------------------------------------------------------------

  /**
   * Runs a list of steps: moves, expectations and rounds. Consecutive moves that carry times are made in time
   * order, whatever the order they are listed in; moves at the same time are one moment, settled together.
   */
  private steps(steps: Raw[], pointer: string, round: RoundStep | null, rounds: RoundStep[]): void {
    let nextRound = 0;
    for (let i = 0; i < steps.length && this.failures.length === 0; i++) {
      const step = steps[i];
      if (step.round !== undefined && Object.keys(step).length === 1) {
        this.round(rounds[nextRound], nextRound, round);
        nextRound++;
        continue;
      }
      if (step.expect && Object.keys(step).length === 1) {
        this.expectations.check(step.expect as Raw, this.context(round), `${pointer}/${i}/expect`, `at step ${i + 1}`);
        continue;
      }
      // a run of timed moves, made in time order
      let end = i + 1;
      if (step.at !== undefined) while (end < steps.length && steps[end].at !== undefined && steps[end].round === undefined) end++;
      const run = Array.from({ length: end - i }, (_, k) => i + k);
      if (run.length > 1) run.sort((a, b) => Number(steps[a].at) - Number(steps[b].at) || a - b);
      for (let k = 0; k < run.length && this.failures.length === 0; k++) {
        const j = run[k];
        const sameMoment = k + 1 < run.length && Number(steps[run[k + 1]].at) === Number(steps[j].at) && !steps[j].expect;
        this.move(steps[j], j, pointer, round, run.length > 1, sameMoment);
      }
      i = end - 1;
    }
  }

  /** A round step: the game it scripts must be the one being played inside now; its steps, then its expectations. */
  private round(step: RoundStep, index: number, around: RoundStep | null): void {
    const parent = around ? around.state : this.s;
    const label = `round ${index + 1}`;
    const current = parent ? (parent.sub ?? null) : null;
    if (!step.state || current !== step.state) {
      const what = !step.state ? "has not started" : "is already over";
      this.failAt(step.pointer, `${label}: the ${ordinal(index + 1)} game played inside ${parent?.game.name ?? "the game"} ${what}`, "E_EXPECT");
      return;
    }
    this.steps((step.raw.moves ?? []) as Raw[], `${step.pointer}/moves`, step, step.rounds);
    if (this.failures.length === 0 && step.raw.expect) this.expectations.check(step.raw.expect as Raw, this.context(step), `${step.pointer}/expect`, `at the end of ${label}`);
  }

  private move(step: Raw, i: number, base: string, round: RoundStep | null, timedRun: boolean, sameMoment: boolean): void {
    const pointer = `${base}/${i}`;
    const actorKeys = Object.keys(step).filter((k) => !["rejected", "at", "expect"].includes(k));
    if (actorKeys.length !== 1) {
      this.failAt(pointer, `step ${i + 1}: a step is one player and their move ({Ann: play 9S}), {expect: ...} or {round: ...}`);
      return;
    }
    const who = actorKeys[0];
    const p = this.seatOf(who);
    const text = String(step[who]);
    const label = `step ${i + 1} (${who}: ${text})`;
    if (p < 0) {
      this.failAt(pointer, `${label}: there is no player called '${who}' (players: ${this.names.join(", ")})`);
      return;
    }
    const rejected = step.rejected;
    const mustRefuse = rejected !== undefined && rejected !== false;
    if (this.s.over && !this.s.error && !mustRefuse) {
      this.failAt(pointer, `${label}: the game is already over`, "E_REFUSED");
      return;
    }
    const at = step.at === undefined ? undefined : Number(step.at);
    if (at !== undefined && !Number.isFinite(at)) {
      this.failAt(`${pointer}/at`, `${label}: at is a time in seconds, such as 1.20`);
      return;
    }
    const inner = innermost(this.s);
    const logFrom = inner.log?.length ?? 0;
    const result = play(this.s, p, text, at, timedRun);
    if (timedRun && !sameMoment && !this.s.over) settleMoment(this.s);
    this.releaseDeals(); // a round that began with the move waits for its first decision
    if (this.s.error) {
      this.failAt(pointer, `${label}: the rules failed: ${this.s.error}`, "E_STOPPED");
      return;
    }
    if (!mustRefuse) {
      if (!result.ok) {
        const legal = legalMoves(this.s, p).slice(0, 12).map((m) => moveText(innermost(this.s), m));
        const hint = legal.length ? `; legal now: ${legal.join(", ")}` : actors(this.s).length ? `; it is ${actors(this.s).map((q) => this.names[q]).join(" or ")} who may act` : "";
        const time = result.refusal.rule === "time" ? " (moves are made in time order within a run of timed moves; an expectation between them ends the run)" : "";
        this.failAt(pointer, `${label}: refused by ${result.refusal.rule}: ${result.refusal.reason}${time}${hint}`, "E_REFUSED");
        return;
      }
    } else {
      if (result.ok) {
        const happened = (inner.log ?? []).slice(logFrom).map((e) => describeEvent(inner, e).trim()).slice(0, 4).join("; ");
        this.failAt(pointer, `${label}: expected the move to be refused, but it was accepted (${happened})`, "E_ACCEPTED");
        return;
      }
      if (typeof rejected === "string" && !`${result.refusal.rule}: ${result.refusal.reason}`.toLowerCase().includes(rejected.toLowerCase())) {
        this.failAt(`${pointer}/rejected`, `${label}: refused as expected, but the reason "${result.refusal.rule}: ${result.refusal.reason}" does not contain "${rejected}"`, "E_EXPECT");
        return;
      }
    }
    this.checkState(label);
    if (step.expect) this.expectations.check(step.expect as Raw, this.context(round), `${pointer}/expect`, `after ${label}`);
  }

  private checkState(label: string): void {
    const problem = conservationProblem(this.s);
    if (problem) this.failAt("", `${label}: cards were lost or made: ${problem}`, "E_EXPECT");
  }

  // ---- what an expectation looks at --------------------------------------------------------------------

  /**
   * At the top level, turns, phases, zones, counts, variables and legal moves are those of the game being played
   * now (a round, while one runs); over, winners, losers, scores and places are the outer game's. Inside a round
   * step, everything is the round's.
   */
  private context(round: RoundStep | null): ExpectContext {
    if (!round) return this.topContext();
    return this.gameContext(round.state!, round.ids);
  }

  private topContext(): ExpectContext {
    const play = innermost(this.s);
    return { play, result: this.s, around: this.around(play), composedOf: this.composition(this.around(play) ?? this.s), outer: () => this.outerOf(play) };
  }

  private gameContext(g: State, ids: string[] | null): ExpectContext {
    return { play: innermost(g), result: g, around: this.around(g), composedOf: ids ?? this.composition(g), outer: () => this.outerOf(g) };
  }

  /** The game around `g`, itself: its own zones, turn and variables, not those of the game played inside it. */
  private outerOf(g: State): ExpectContext | null {
    const around = this.around(g);
    return around ? { play: around, result: around, around: this.around(around), composedOf: this.composition(around), outer: () => this.outerOf(around) } : null;
  }

  /** The game a game is played inside: the one whose game being played, or last played, it is. */
  private around(g: State): State | null {
    for (let x: State | null = this.s; x; x = x.sub) if (x.sub === g || x.last === g) return x;
    return null;
  }

  /** The rules the game played inside `g` (now, or last) was composed from. */
  private composition(g: State): string[] | null {
    const log = g.log ?? [];
    for (let i = log.length - 1; i >= 0; i--) {
      const e = log[i];
      if (e.type === "game") return e.ids;
    }
    return null;
  }
}

function ordinal(n: number): string {
  return ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth"][n - 1] ?? `${n}th`;
}
