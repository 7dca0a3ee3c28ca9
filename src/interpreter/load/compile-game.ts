// Turns a validated rule file into a Game: card tables, zone and variable layouts, and compiled closures for
// every rule. Every problem is collected with its place; nothing here throws on bad rule text.
import type { Diagnostic } from "../diagnostics.js";
import type { Source } from "./yaml.js";
import { escapePointer, unescapePointer } from "./yaml.js";
import { ComposedSource } from "./composed-source.js";
import { Compiler, type Binding, type Environment, type UnitOptions } from "../lang/compile.js";
import * as T from "../lang/types.js";
import type { Type } from "../lang/types.js";
import { builtin } from "../lang/builtins.js";
import { reservedWords } from "../../../grammar/lexer.js";
import { scopeOf, type Scope } from "./scope.js";
import type { ActionDef, AttributeDef, Eval, Game, Message, PhaseDef, Run, VarDef, ZoneDef, Assumption } from "../model.js";
import { normalizeCardName } from "../cards.js";
import { defaultBackend, type Backend } from "../backend.js";
import { generateGame } from "../js/game.js";
import { pointerOfValue, textOf, valueOf, type Build, type Raw } from "../sections/build.js";
import { compileActions } from "../sections/actions.js";
import { declareCards } from "../sections/cards.js";
import { declareDefines, reportUnusedDefines } from "../sections/define.js";
import { compileOutcome } from "../sections/end.js";
import { firstPhase } from "../sections/first.js";
import { compileLimits, defaultLimits, type Limits } from "../sections/limits.js";
import { compilePhases } from "../sections/phases.js";
import { playerRange } from "../sections/players.js";
import { compileTeams } from "../sections/teams.js";
import { compileTriggers } from "../sections/triggers.js";
import { compileVariableInitials, declareConstants, declareOptions, declareVariables } from "../sections/values.js";
import { declareZones, placeCardZones } from "../sections/zones.js";

const specialNames = new Set(["players", "active", "me", "current", "dealer", "start", "playerCount", "phase"]);

export interface CompileResult {
  game: Game | null;
  diagnostics: Diagnostic[];
  /** What the file's expressions can name and where they are (made when asked: editors ask, games do not). */
  scope: () => Scope;
}

/** Compiles rules; with the "js" back end, the game's rules then run as generated JavaScript. */
export function compileGame(raw: Raw, file: Source, id: string, backend: Backend = defaultBackend(), innerVariables?: () => readonly string[] | null): CompileResult {
  return new GameBuilder(raw, file, id, backend, innerVariables).build();
}

/** Builds a game from a rule file by running the sections' compile steps (src/interpreter/sections/) in turn. */
class GameBuilder implements Build {
  readonly diagnostics: Diagnostic[] = [];
  readonly names = new Map<string, Binding>();
  readonly namePointers = new Map<string, string>();
  readonly attributes = new Map<string, AttributeDef>();
  readonly zones: ZoneDef[] = [];
  readonly vars: VarDef[] = [];
  readonly counts = { shared: 0, player: 0, families: 0, globals: 0, playerVars: 0, options: 0 };
  readonly compiler: Compiler;
  private limits: Limits = { ...defaultLimits };
  /** The appended pieces of programs, each counted as a rule of its own once coverage is laid out. */
  private appended: { counts: number[]; i: number; rule: string; pointer: string }[] = [];

  constructor(
    readonly raw: Raw,
    readonly file: Source,
    private id: string,
    private backend: Backend,
    innerVariables?: () => readonly string[] | null,
  ) {
    const env: Environment = {
      file,
      report: (d) => this.diagnostics.push(d),
      global: (name) => this.names.get(name),
      globalNames: () => this.names.keys(),
      attributes: this.attributes,
      sharedZones: () => this.counts.shared,
      globalVars: () => this.counts.globals,
      stepLimit: () => this.limits.steps,
      innerVariables,
    };
    this.compiler = new Compiler(env);
  }

  build(): CompileResult {
    const raw = this.raw;
    this.limits = compileLimits(raw.limits, this.file, (d) => this.diagnostics.push(d));

    declareZones(this);
    const cards = declareCards(this);
    placeCardZones(this, cards.names.length);
    declareConstants(this);
    const options = declareOptions(this);
    declareVariables(this);
    declareDefines(this);
    compileVariableInitials(this);

    const actions = compileActions(this);
    const phases = compilePhases(this, actions);
    const triggers = compileTriggers(this);
    const setup = this.programAt("/setup", raw.setup, { rule: "setup", effects: true, hasMe: false });
    const dealer = this.playerExpression("/dealer", raw.dealer, "dealer", true);
    const start = this.playerExpression("/start", raw.start, "start", false);
    const end = raw.end === undefined ? null : this.expressionAt<boolean>("/end", raw.end, { rule: "end", effects: false, hasMe: false }, T.bool);
    const outcome = compileOutcome(this);
    const first = firstPhase(this, phases);
    this.checkReachability(actions, phases, first);
    reportUnusedDefines(this);
    const assumptions = this.collectAssumptions();

    const players = playerRange(this);
    const teams = compileTeams(this, players);
    const errors = this.diagnostics.some((d) => d.severity === "error");
    if (errors) return { game: null, diagnostics: this.diagnostics, scope: () => this.scope() };

    // Coverage: actions (indexes 0..), then phases, triggers and requirements.
    const coverage: Game["coverage"] = actions.map((a) => ({ rule: a.choice ? a.choice.rule : `actions.${a.name}`, what: "taken" as const }));
    for (const p of phases) coverage.push({ rule: `phases.${p.name}`, what: "entered" });
    for (const t of triggers) {
      t.coverage = coverage.length;
      coverage.push({ rule: `triggers.${t.name}`, what: "fired" });
    }
    for (const a of actions) {
      for (const r of a.requirements) {
        r.coverage = coverage.length;
        coverage.push({ rule: `actions.${a.name}.require.${r.name}`, what: "refused a move" });
      }
    }
    for (const a of this.appended) {
      a.counts[a.i] = coverage.length;
      const [file, pointer] = this.file instanceof ComposedSource ? this.file.origin(a.pointer) : [this.file, a.pointer];
      coverage.push({ rule: a.rule, what: "ran", file: file.path, line: file.lineOf(pointer) });
    }
    const byName = new Map<string, number[]>();
    cards.names.forEach((name, i) => {
      const key = normalizeCardName(name);
      byName.set(key, [...(byName.get(key) ?? []), i]);
    });
    const game: Game = {
      id: this.id,
      backend: this.backend,
      coverage,
      name: typeof raw.name === "string" ? raw.name : this.id,
      file: this.file.path,
      players,
      teams,
      cardNames: cards.names,
      uniqueNames: byName.size === cards.names.length,
      cardStart: cards.start,
      attributes: this.attributes,
      zones: this.zones,
      sharedZones: this.counts.shared,
      playerZones: this.counts.player,
      families: this.counts.families,
      vars: this.vars,
      turnVars: this.vars.filter((v) => v.reset === "turn"),
      phaseVars: this.vars.filter((v) => v.reset === "phase"),
      globalVars: this.counts.globals,
      playerVars: this.counts.playerVars,
      options,
      phases,
      actions,
      actionsByName: new Map(actions.map((a) => [a.name, a])),
      triggers,
      setup,
      dealer,
      start,
      end,
      outcome,
      limits: this.limits,
      assumptions,
      firstPhase: first,
      resolve: () => "this game cannot play other games",
      cardsNamed: (name) => byName.get(normalizeCardName(name)) ?? [],
    };
    if (this.backend === "js") generateGame(game, (fn) => this.compiler.treeOf(fn));
    return { game, diagnostics: this.diagnostics, scope: () => this.scope() };
  }

  private scope(): Scope {
    return scopeOf({ raw: this.raw, source: this.file, names: this.names, attributes: this.attributes, sites: this.compiler.sites });
  }

  // ---- names ---------------------------------------------------------------------------------------

  declare(name: string, binding: Binding, pointer: string): boolean {
    if (specialNames.has(name)) return this.wordOfTheLanguage(name, pointer);
    if (!this.localName(name, pointer)) return false;
    if (builtin(name) && binding.kind !== "define") {
      this.diagnostics.push(this.file.at(pointer, "error", "E_CONFLICT", `'${name}' is the name of a built-in function; choose another name`, true));
      return false;
    }
    const existing = this.names.get(name);
    if (existing) {
      const line = this.file.lineOf(this.namePointers.get(name)!);
      this.diagnostics.push(this.file.at(pointer, "error", "E_CONFLICT", `'${name}' is already defined as a ${existing.kind} (line ${line})`, true));
      return false;
    }
    this.names.set(name, binding);
    this.namePointers.set(name, pointer);
    return true;
  }

  localName(name: string, pointer: string): boolean {
    return !reservedWords.includes(name) || this.wordOfTheLanguage(name, pointer);
  }

  private wordOfTheLanguage(name: string, pointer: string): false {
    this.diagnostics.push(this.file.at(pointer, "error", "E_CONFLICT", `'${name}' is a word the language defines; choose another name`, true));
    return false;
  }

  // ---- cards and zones -----------------------------------------------------------------------------

  // ---- values ----------------------------------------------------------------------------------------

  // ---- compiling pieces ----------------------------------------------------------------------------

  expressionAt<V>(pointer: string, item: unknown, o: UnitOptions, expected?: Type): Eval<V> | null {
    if (item === undefined) return null;
    const c = this.compiler.expression({ pointer: pointerOfValue(pointer, item), offset: 0 }, textOf(item), o, expected);
    return c ? (c.fn as Eval<V>) : null;
  }

  /** Effects: one program, or a list of programs run in order (what fragments' append makes). */
  programAt(pointer: string, item: unknown, o: UnitOptions): Run | null {
    if (item === undefined) return null;
    const at = pointerOfValue(pointer, item);
    const value = valueOf(item);
    if (!Array.isArray(value)) return this.compiler.program({ pointer: at, offset: 0 }, textOf(item), o);
    const runs = value.map((piece, i) => this.compiler.program({ pointer: `${at}/${i}`, offset: 0 }, String(piece), o));
    if (runs.some((r) => r === null)) return null;
    // each piece after the first was appended by a fragment: a rule of its own, counted when it runs
    const counts = value.map(() => -1);
    const rule = at.split("/").slice(1).map(unescapePointer).join(".");
    for (let i = 1; i < value.length; i++) this.appended.push({ counts, i, rule: `${rule}.append.${i}`, pointer: `${at}/${i}` });
    return this.compiler.sequence(runs as Run[], counts);
  }

  messageAt(pointer: string, text: string, o: UnitOptions): Message | null {
    return this.compiler.message({ pointer, offset: 0 }, text, o);
  }

  playerExpression(pointer: string, item: unknown, rule: string, effects: boolean): Eval<number | null> | null {
    if (item === undefined) return null;
    return this.expressionAt<number | null>(pointer, item, { rule, effects, hasMe: false }, T.player);
  }

  // ---- actions -------------------------------------------------------------------------------------

  // ---- flow ----------------------------------------------------------------------------------------

  // ---- whole-file checks ---------------------------------------------------------------------------

  private checkReachability(actions: ActionDef[], phases: PhaseDef[], start: number): void {
    for (const a of actions) {
      if (a.phases.length === 0 && !a.skip && !a.choice && !phases.some((p) => p.game)) {
        this.diagnostics.push(this.file.at(`/actions/${escapePointer(a.name)}`, "error", "E_UNREACHABLE", `action '${a.name}' is not allowed in any phase, so it can never be taken`, true));
      }
    }
    if (phases.length === 0) return;
    const reached = new Set<number>([start]);
    const queue = [start];
    while (queue.length) {
      const p = phases[queue.pop()!];
      for (const to of [p.next, ...p.nextIf.map((n) => n.to)]) {
        if (to >= 0 && !reached.has(to)) {
          reached.add(to);
          queue.push(to);
        }
      }
    }
    for (const p of phases) {
      if (!reached.has(p.index)) this.diagnostics.push(this.unreachablePhase(p, phases.filter((q) => reached.has(q.index))));
    }
  }

  /**
   * A phase that nothing leads to. In a composition, when the phase comes from one file and a phase that is
   * played comes, with where it goes next, from another (a fragment that replaced it), that change is what
   * cut the phase off: it is told there, with the phase's own place in the message.
   */
  private unreachablePhase(p: PhaseDef, played: PhaseDef[]): Diagnostic {
    const pointer = `/phases/${escapePointer(p.name)}`;
    const own = this.file.at(pointer, "error", "E_UNREACHABLE", `phase '${p.name}' never follows another phase, so it can never be played`, true);
    const file = this.file;
    if (!(file instanceof ComposedSource)) return own;
    const next = (q: PhaseDef) => `/phases/${escapePointer(q.name)}/next`;
    const cause = played.find((q) => file.origin(next(q))[0] !== file.origin(pointer)[0]);
    if (!cause) return own;
    const message = `phase '${p.name}' (${own.file}:${own.line}:${own.col}) never follows another phase once phase '${cause.name}' is changed here, so it can never be played`;
    return file.at(next(cause), "error", "E_UNREACHABLE", message, true);
  }

  private collectAssumptions(): Assumption[] {
    const out: Assumption[] = [];
    const walk = (value: unknown, pointer: string) => {
      if (!value || typeof value !== "object") return;
      if (Array.isArray(value)) return value.forEach((v, i) => walk(v, `${pointer}/${i}`));
      for (const [k, v] of Object.entries(value as Raw)) {
        const child = `${pointer}/${escapePointer(k)}`;
        if (k === "assumed" && typeof v === "string") {
          const what = pointer === "" ? "the rule file" : pointer.slice(1).split("/").join(".");
          const why = v.trim().replace(/\s+/g, " ");
          const d = this.file.at(child, "notice", "N_ASSUMED", `${what}: ${why}`, true);
          this.diagnostics.push(d);
          out.push({ what, why, at: d });
        } else walk(v, child);
      }
    };
    walk(this.raw, "");
    return out;
  }

}



/**
 * The choices of a parameter drawn from a list: none in the list (the top of an empty stack) is no choice, so no
 * legal move is listed with a card left out that the move's text could not name.
 */
