// Turns a validated rule file into a Game: card tables, zone and variable layouts, and compiled closures for
// every rule. Every problem is collected with its place; nothing here throws on bad rule text.
import type { Diagnostic } from "../diagnostics.js";
import { suggestion } from "../diagnostics.js";
import type { Source } from "./yaml.js";
import { escapePointer } from "./yaml.js";
import * as T from "../lang/types.js";
import type { Type } from "../lang/types.js";
import { Compiler, type Binding, type DefineInfo, type Environment, type UnitOptions } from "../lang/compile.js";
import { builtin } from "../lang/builtins.js";
import { reservedWords } from "../../../grammar/lexer.js";
import { parseExpression } from "../lang/ast.js";
import { scopeOf, type Scope } from "./scope.js";
import { AlikeAnalysis } from "../lang/invariance.js";
import type {
  ActionDef, AttributeDef, Eval, Game, Message, ParamDef, PhaseDef, RequirementDef, Run, TriggerDef, VarDef, ZoneDef, Assumption,
} from "../model.js";
import { maxCards } from "../limits.js";
import { optionDeclarationProblems } from "../options.js";
import { standardDeck, normalizeCardName, nameFromTemplate, type CardSpec } from "../cards.js";
import type { State } from "../state.js";
import { defaultBackend, type Backend } from "../backend.js";
import { generateGame } from "../js/game.js";
import { compileLimits, defaultLimits, type Limits } from "../sections/limits.js";

type Raw = Record<string, unknown>;

const specialNames = new Set(["players", "active", "me", "current", "dealer", "start", "playerCount", "phase"]);

export interface CompileResult {
  game: Game | null;
  diagnostics: Diagnostic[];
  /** What the file's expressions can name and where they are (made when asked: editors ask, games do not). */
  scope: () => Scope;
}

/** Compiles rules; with the "js" back end, the game's rules then run as generated JavaScript. */
export function compileGame(raw: Raw, file: Source, id: string, backend: Backend = defaultBackend()): CompileResult {
  return new GameBuilder(raw, file, id, backend).build();
}

/** An item that may be written bare or as {value, text, assumed}. */
function valueOf(item: unknown): unknown {
  if (item !== null && typeof item === "object" && !Array.isArray(item) && "value" in (item as Raw)) return (item as Raw).value;
  return item;
}
function textOf(item: unknown): string {
  const v = valueOf(item);
  return typeof v === "string" ? v : String(v);
}
function pointerOfValue(pointer: string, item: unknown): string {
  return item !== null && typeof item === "object" && !Array.isArray(item) && "value" in (item as Raw) ? `${pointer}/value` : pointer;
}
function entries(section: unknown): [string, unknown][] {
  return section && typeof section === "object" ? Object.entries(section as Raw) : [];
}

class GameBuilder {
  private diagnostics: Diagnostic[] = [];
  private names = new Map<string, Binding>();
  private namePointers = new Map<string, string>();
  private attributes = new Map<string, AttributeDef>();
  private zones: ZoneDef[] = [];
  private vars: VarDef[] = [];
  private counts = { shared: 0, player: 0, families: 0, globals: 0, playerVars: 0, options: 0 };
  private compiler: Compiler;
  private limits: Limits = { ...defaultLimits };

  constructor(
    private raw: Raw,
    private file: Source,
    private id: string,
    private backend: Backend,
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
    };
    this.compiler = new Compiler(env);
  }

  build(): CompileResult {
    const raw = this.raw;
    this.limits = compileLimits(raw.limits, this.file, (d) => this.diagnostics.push(d));

    this.declareZones();
    const cards = this.declareCards();
    this.declareConstants();
    const options = this.declareOptions();
    this.declareVariables();
    this.declareDefines();
    this.compileVariableInitials();

    const actions = this.compileActions();
    const phases = this.compilePhases(actions);
    const triggers = this.compileTriggers();
    const setup = this.programAt("/setup", raw.setup, { rule: "setup", effects: true, hasMe: false });
    const dealer = this.playerExpression("/dealer", raw.dealer, "dealer", true);
    const start = this.playerExpression("/start", raw.start, "start", false);
    const end = raw.end === undefined ? null : this.expressionAt<boolean>("/end", raw.end, { rule: "end", effects: false, hasMe: false }, T.bool);
    const outcome = this.compileOutcome();
    const firstPhase = this.firstPhase(phases);
    this.checkReachability(actions, phases, firstPhase);
    this.reportUnusedDefines();
    const assumptions = this.collectAssumptions();

    const players = this.playerRange();
    const errors = this.diagnostics.some((d) => d.severity === "error");
    if (errors) return { game: null, diagnostics: this.diagnostics, scope: () => this.scope() };

    // Coverage: actions (indexes 0..), then phases, triggers and requirements.
    const coverage: Game["coverage"] = actions.map((a) => ({ rule: `actions.${a.name}`, what: "taken" as const }));
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
      firstPhase,
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

  private declare(name: string, binding: Binding, pointer: string): boolean {
    if (reservedWords.includes(name) || specialNames.has(name)) {
      this.diagnostics.push(this.file.at(pointer, "error", "E_CONFLICT", `'${name}' is a word the language defines; choose another name`, true));
      return false;
    }
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

  // ---- cards and zones -----------------------------------------------------------------------------

  private declareZones(): void {
    for (const [name, spec] of entries(this.raw.zones)) {
      const z = spec as Raw;
      const per = z.per === "player" ? "player" : "game";
      const many = z.many === true;
      const slot = many ? this.counts.families++ : per === "player" ? this.counts.player++ : this.counts.shared++;
      const def: ZoneDef = {
        name, index: this.zones.length, per, many, slot,
        visible: (z.visible as ZoneDef["visible"]) ?? "everyone",
        ordered: z.ordered !== false,
      };
      const pointer = `/zones/${escapePointer(name)}`;
      if (many && per === "player") {
        this.diagnostics.push(this.file.at(`${pointer}/many`, "error", "E_SCHEMA", "a family of zones belongs to the game; give each new zone an owner with newZone(family, player)"));
      }
      if (this.declare(name, { kind: "zone", def }, pointer)) this.zones.push(def);
    }
    if (this.zones.length === 0) this.diagnostics.push(this.file.at("", "error", "E_SCHEMA", "the rule file declares no zones: cards need somewhere to be"));
  }

  private declareCards(): { names: string[]; start: number[] } {
    const section = (this.raw.cards ?? {}) as Raw;
    const names: string[] = [];
    const start: number[] = [];
    const attrValues = new Map<string, (string | number | null)[]>();
    const specs: CardSpec[] = [];
    const declared = entries(section.attributes);
    (section.sets as Raw[] | undefined)?.forEach((set, i) => {
      const pointer = `/cards/sets/${i}`;
      const into = String(set.into);
      const zone = this.names.get(into);
      if (zone?.kind !== "zone" || zone.def.many) {
        this.diagnostics.push(this.file.at(`${pointer}/into`, "error", "E_NAME", `unknown zone '${into}'${suggestion(into, this.zones.filter((z) => !z.many).map((z) => z.name))}`));
        return;
      }
      if (zone.def.per === "player") {
        this.diagnostics.push(this.file.at(`${pointer}/into`, "error", "E_TYPE", `cards start in a zone of the game, not in each player's '${into}': deal them in setup`));
        return;
      }
      const copies = typeof set.copies === "number" ? set.copies : 1;
      const count = (set.deck === "standard52" ? 52 : this.countFromEach(set, pointer)) * copies;
      if (Number.isNaN(count)) return;
      if (names.length + count > maxCards) {
        const where = set.deck === "standard52" || copies > 1 ? (set.copies !== undefined ? `${pointer}/copies` : pointer) : `${pointer}/each`;
        this.diagnostics.push(this.file.at(where, "error", "E_CARD_COUNT", `this set would make ${count.toLocaleString("en")} cards, ${names.length ? `after ${names.length.toLocaleString("en")}, ` : ""}more than the limit of ${maxCards.toLocaleString("en")} cards in a game`));
        return;
      }
      const made = set.deck === "standard52" ? standardDeck() : this.cardsFromEach(set);
      const fixed = (set.with ?? {}) as Raw;
      let unnamed = false;
      for (const spec of made) {
        for (let c = 0; c < copies; c++) {
          const attrs = { ...spec.attrs } as Record<string, string | number | boolean>;
          for (const [k, v] of Object.entries(fixed)) attrs[k] = v as string | number | boolean;
          const name = typeof set.name === "string" ? nameFromTemplate(set.name, attrs) : spec.name;
          if (name.trim() === "" && !unnamed) {
            // a move names its cards: a card without a name could be played but never written down
            unnamed = true;
            this.diagnostics.push(this.file.at(`${pointer}/name`, "error", "E_CARD", `this name gives a card no name (attributes ${JSON.stringify(attrs).slice(0, 120)}): fill it from an attribute every card of the set has, as in "{rank}{suit}"`));
          }
          specs.push({ name, attrs });
          names.push(name);
          start.push(zone.def.index);
        }
      }
    });
    const refused = this.diagnostics.some((d) => d.code === "E_CARD_COUNT");
    if (names.length === 0 && !refused) this.diagnostics.push(this.file.at("/cards", "error", "E_SCHEMA", "the rule file has no cards: add a set under cards.sets"));
    // Attributes: every name any card has; cards without it have none.
    const keys = new Set<string>();
    for (const s of specs) for (const k of Object.keys(s.attrs)) keys.add(k);
    for (const [k] of declared) keys.add(k);
    for (const key of keys) {
      const byCard = specs.map((s) => (s.attrs[key] === undefined ? null : (s.attrs[key] as string | number)));
      const present = byCard.filter((v): v is string | number => v !== null);
      const numeric = present.length > 0 && present.every((v) => typeof v === "number");
      const declaredValues = ((section.attributes as Raw | undefined)?.[key] as Raw | undefined)?.values as (string | number)[] | undefined;
      const values = declaredValues ?? [...new Set(present)];
      const typed = numeric ? byCard : byCard.map((v) => (v === null ? null : String(v)));
      const allValues = [...new Set([...values, ...present])];
      // Each value's first place among allValues, by its text: one pass, however many cards and values.
      const keyOf = new Map<string, number>();
      allValues.forEach((x, i) => {
        if (!keyOf.has(String(x))) keyOf.set(String(x), i);
      });
      const keyByCard = Int32Array.from(typed, (v) => (v === null ? -1 : keyOf.get(String(v))!));
      const attr: AttributeDef = { name: key, numeric, values: allValues, byCard: typed, keyByCard };
      this.attributes.set(key, attr);
      attrValues.set(key, byCard);
    }
    return { names, start };
  }

  /** The values `each` gives one attribute: a list, or a range written like 1..10. */
  private eachValues(spec: unknown): (string | number)[] | { from: number; to: number } | null {
    if (typeof spec !== "string") return spec as (string | number)[];
    const m = /^(-?\d+)\.\.(-?\d+)$/.exec(spec);
    return m ? { from: Number(m[1]), to: Number(m[2]) } : null;
  }

  /** How many cards `each` makes, counted before one is made; NaN (reported) when it is malformed. */
  private countFromEach(set: Raw, pointer: string): number {
    let count = 1;
    for (const [key, spec] of Object.entries((set.each ?? {}) as Raw)) {
      const values = this.eachValues(spec);
      if (!values) {
        this.diagnostics.push(this.file.at(`${pointer}/each/${escapePointer(key)}`, "error", "E_SCHEMA", "a range of values is written like 1..10"));
        return NaN;
      }
      const n = Array.isArray(values) ? values.length : Math.max(0, values.to - values.from + 1);
      if (n > maxCards) {
        this.diagnostics.push(this.file.at(`${pointer}/each/${escapePointer(key)}`, "error", "E_CARD_COUNT", `this range has ${n.toLocaleString("en")} values, more than the limit of ${maxCards.toLocaleString("en")} cards in a game`));
        return NaN;
      }
      count *= n;
    }
    return count;
  }

  /** The cards of a set written with `each`, once countFromEach has allowed them. */
  private cardsFromEach(set: Raw): CardSpec[] {
    let combos: Record<string, string | number>[] = [{}];
    for (const [key, spec] of Object.entries((set.each ?? {}) as Raw)) {
      const given = this.eachValues(spec)!;
      const values: (string | number)[] = [];
      if (Array.isArray(given)) values.push(...given);
      else for (let v = given.from; v <= given.to; v++) values.push(v);
      const next: Record<string, string | number>[] = [];
      for (const c of combos) for (const v of values) next.push({ ...c, [key]: v });
      combos = next;
    }
    return combos.map((attrs) => ({ name: Object.values(attrs).join(""), attrs }));
  }

  // ---- values ----------------------------------------------------------------------------------------

  private declareConstants(): void {
    for (const [name, item] of entries(this.raw.constants)) {
      const pointer = `/constants/${escapePointer(name)}`;
      const value = valueOf(item);
      const type = typeOfConstant(value);
      if (!type) {
        this.diagnostics.push(this.file.at(pointerOfValue(pointer, item), "error", "E_TYPE", "a constant is a number, text, true/false, a list of one kind of value, or a table of them"));
        continue;
      }
      this.declare(name, { kind: "const", value: freeze(value), type }, pointer);
    }
  }

  private declareOptions(): Map<string, { value: unknown; slot: number }> {
    const out = new Map<string, { value: unknown; slot: number }>();
    for (const [name, item] of entries(this.raw.options)) {
      const spec = item as Raw;
      const slot = this.counts.options++;
      const type = typeOfConstant(spec.default) ?? T.any;
      const pointer = `/options/${escapePointer(name)}`;
      const declaration = { value: spec.default, min: spec.min, max: spec.max, values: spec.values };
      const problems = optionDeclarationProblems(declaration);
      for (const p of problems) this.diagnostics.push(this.file.at(`${pointer}/${p.key}`, "error", "E_OPTION", p.message));
      if (this.declare(name, { kind: "option", slot, type }, pointer) && problems.length === 0) {
        out.set(name, { ...declaration, slot });
      }
    }
    return out;
  }

  private declareVariables(): void {
    for (const [name, item] of entries(this.raw.variables)) {
      const spec = item as Raw;
      const per = spec.per === "player" ? "player" : "game";
      const slot = per === "player" ? this.counts.playerVars++ : this.counts.globals++;
      const type = T.typeFromName(String(spec.type));
      const def: VarDef = {
        name, index: this.vars.length, per, type, slot,
        initial: this.defaultValue(type),
        constant: spec.initial === undefined || typeof spec.initial === "number" || typeof spec.initial === "boolean",
        reset: (spec.reset as VarDef["reset"]) ?? "never",
        visible: (spec.visible as VarDef["visible"]) ?? "everyone",
      };
      if (this.declare(name, { kind: "var", def }, `/variables/${escapePointer(name)}`)) this.vars.push(def);
    }
  }

  /**
   * The initial value of a variable whose rules give none: compiled like a written value, so that a back end can
   * read it from its tree (a phase's generated flow writes it in); a list is a new one at every reset.
   */
  private defaultValue(type: Type): Eval {
    if (type.t === "list") return () => [];
    return this.compiler.constant(type.t === "num" ? 0 : type.t === "bool" ? false : type.t === "str" ? "" : null, type);
  }

  private compileVariableInitials(): void {
    for (const def of this.vars) {
      const spec = (this.raw.variables as Raw)[def.name] as Raw;
      if (spec.initial === undefined) continue;
      const pointer = `/variables/${escapePointer(def.name)}/initial`;
      const c = this.expressionAt(pointer, spec.initial, { rule: `variables.${def.name}`, effects: false, hasMe: def.per === "player" }, def.type);
      if (c) def.initial = this.compiler.copied(c);
    }
  }

  private declareDefines(): void {
    for (const [key, item] of entries(this.raw.define)) {
      const m = /^([A-Za-z_][A-Za-z0-9_]*)(?:\(([^)]*)\))?$/.exec(key);
      if (!m) continue; // the schema reports the malformed key
      const params = m[2] ? m[2].split(",").map((p) => p.trim()).filter(Boolean) : [];
      const pointer = pointerOfValue(`/define/${escapePointer(key)}`, item);
      if (Array.isArray(valueOf(item))) {
        this.diagnostics.push(this.file.at(pointer, "error", "E_COMPOSE", `'${m[1]}' is a definition: a fragment replaces it, it cannot append to it`));
        continue;
      }
      const def: DefineInfo = { name: m[1], params, pointer, text: textOf(item), body: null, parsed: false, compiling: false, used: false };
      if (this.declare(m[1], { kind: "define", def }, `/define/${escapePointer(key)}`)) this.warnIfHidesBuiltin(m[1], `/define/${escapePointer(key)}`);
    }
  }

  /** A definition may take a built-in's name, but then every use of the name in these rules means it. */
  private warnIfHidesBuiltin(name: string, pointer: string): void {
    const b = builtin(name);
    if (!b) return;
    const what = b.doc.split(/[.;(]/)[0].trim().replace(/^./, (c) => c.toLowerCase());
    const other = `my${name[0].toUpperCase()}${name.slice(1)}`;
    this.diagnostics.push(this.file.at(pointer, "warning", "W_SHADOW",
      `'${name}' is the name of a built-in function (${what}): this definition hides it, so ${name}(…) and ….${name} in these rules mean the definition; rename it, for example to '${other}', to keep the built-in`, true));
  }

  private reportUnusedDefines(): void {
    // a text that did not parse or check may use a definition: "never used" is then unknown, and not said
    const incomplete = this.diagnostics.some((d) => d.severity === "error");
    for (const [name, b] of this.names) {
      if (b.kind !== "define" || b.def.used) continue;
      // Compile it once anyway, so its mistakes are reported; its parameters can be anything.
      const frame: unknown[] = [];
      const locals = new Map<string, { slot: number; type: Type }>();
      for (const p of b.def.params) this.compiler.bind(frame, locals, p, T.any);
      const call = `${name}${b.def.params.length ? `(${b.def.params.join(", ")})` : ""}`;
      const expr = parseExpression(call);
      if (expr.value) this.compiler.expr(expr.value, { site: { pointer: b.def.pointer, offset: 0 }, rule: name, frame, locals, effects: true, hasMe: true });
      if (!incomplete) this.diagnostics.push(this.file.at(this.namePointers.get(name)!, "warning", "W_UNUSED", `'${name}' is defined but never used`, true));
    }
  }

  // ---- compiling pieces ----------------------------------------------------------------------------

  private expressionAt<V>(pointer: string, item: unknown, o: UnitOptions, expected?: Type): Eval<V> | null {
    if (item === undefined) return null;
    const c = this.compiler.expression({ pointer: pointerOfValue(pointer, item), offset: 0 }, textOf(item), o, expected);
    return c ? (c.fn as Eval<V>) : null;
  }

  /** Effects: one program, or a list of programs run in order (what fragments' append makes). */
  private programAt(pointer: string, item: unknown, o: UnitOptions): Run | null {
    if (item === undefined) return null;
    const at = pointerOfValue(pointer, item);
    const value = valueOf(item);
    if (!Array.isArray(value)) return this.compiler.program({ pointer: at, offset: 0 }, textOf(item), o);
    const runs = value.map((piece, i) => this.compiler.program({ pointer: `${at}/${i}`, offset: 0 }, String(piece), o));
    if (runs.some((r) => r === null)) return null;
    return this.compiler.sequence(runs as Run[]);
  }

  private messageAt(pointer: string, text: string, o: UnitOptions): Message | null {
    return this.compiler.message({ pointer, offset: 0 }, text, o);
  }

  private playerExpression(pointer: string, item: unknown, rule: string, effects: boolean): Eval<number | null> | null {
    if (item === undefined) return null;
    return this.expressionAt<number | null>(pointer, item, { rule, effects, hasMe: false }, T.player);
  }

  // ---- actions -------------------------------------------------------------------------------------

  private compileActions(): ActionDef[] {
    const out: ActionDef[] = [];
    for (const [name, item] of entries(this.raw.actions)) {
      const spec = item as Raw;
      const pointer = `/actions/${escapePointer(name)}`;
      const { frame, locals } = this.compiler.newFrame();
      const unit = (rule: string): UnitOptions => ({ rule, effects: false, hasMe: true, frame, locals });
      const params: ParamDef[] = [];
      for (const [pname, pitem] of entries(spec.params)) {
        const ppointer = `${pointer}/params/${escapePointer(pname)}`;
        const p = (pitem !== null && typeof pitem === "object" ? pitem : { from: pitem }) as Raw;
        const fromPointer = pitem !== null && typeof pitem === "object" ? `${ppointer}/from` : ppointer;
        const c = this.compiler.expression({ pointer: fromPointer, offset: 0 }, String(p.from), unit(`${name}.${pname}`));
        // a parameter whose choices are wrong is still a name the rules use: bound as anything, so that its
        // uses report nothing more (one error per mistake), and the rules do not load for the error itself
        const unknown = () => void this.compiler.bind(frame, locals, pname, T.any);
        if (!c) {
          unknown();
          continue;
        }
        const element = T.elementOf(c.type);
        if (!element) {
          this.diagnostics.push(this.file.at(fromPointer, "error", "E_TYPE", `the choices for '${pname}' must be a zone or a list, but this is ${T.show(c.type)}`));
          unknown();
          continue;
        }
        const kind = element.t === "card" ? "card" : element.t === "player" ? "player" : element.t === "num" ? "number" : element.t === "str" ? "text" : element.t === "zone" ? "zone" : null;
        if (!kind) {
          this.diagnostics.push(this.file.at(fromPointer, "error", "E_TYPE", `the choices for '${pname}' must be cards, players, numbers, text or zones, not ${T.show(element)}`));
          unknown();
          continue;
        }
        const several = p.several === true;
        if (several && kind !== "card") this.diagnostics.push(this.file.at(`${ppointer}/several`, "error", "E_TYPE", "only cards can be chosen several at a time"));
        const alike = typeof p.alike === "string" ? p.alike : null;
        if (alike && !this.attributes.has(alike)) {
          this.diagnostics.push(this.file.at(`${ppointer}/alike`, "error", "E_NAME", `cards have no attribute '${alike}'${suggestion(alike, this.attributes.keys())}`));
        }
        const from = c.type.t === "zone" || c.type.t === "zonekind" ? (this.compiler.asList(c) as Eval<unknown[]>) : withoutNone(c.fn as Eval<unknown[]>);
        const slot = this.compiler.bind(frame, locals, pname, several ? T.cards : element);
        const refusal = typeof p.else === "string" ? this.messageAt(`${ppointer}/else`, p.else, unit(`${name}.${pname}`)) : null;
        params.push({
          name: pname, kind: several ? "cards" : kind, from, several, alike, slot, refusal,
          max: this.maxCards(`${ppointer}/max`, p.max, unit(`${name}.${pname}`)),
          optional: p.optional === true,
        });
        if (several && params.length < entries(spec.params).length) {
          this.diagnostics.push(this.file.at(ppointer, "error", "E_SCHEMA", `'${pname}' takes several cards, so it must be the last parameter`, true));
        }
      }
      const requirements: RequirementDef[] = [];
      for (const [rname, ritem] of entries(spec.require)) {
        const rpointer = `${pointer}/require/${escapePointer(rname)}`;
        const r = (ritem !== null && typeof ritem === "object" ? ritem : { check: ritem }) as Raw;
        const checkPointer = ritem !== null && typeof ritem === "object" ? `${rpointer}/check` : rpointer;
        const reads = new Set<number>();
        const check = this.compiler.expression({ pointer: checkPointer, offset: 0 }, String(r.check), { ...unit(`${name}/${rname}`), reads }, T.bool);
        const refusal = typeof r.else === "string"
          ? this.messageAt(`${rpointer}/else`, r.else, unit(`${name}/${rname}`))
          : () => `the rule ${name}/${rname} does not allow this`;
        if (!check || !refusal) continue;
        let dependsOn = -1;
        params.forEach((p, i) => {
          if (reads.has(p.slot)) dependsOn = i;
        });
        const last = params[dependsOn];
        const perGroup = last !== undefined && last.several && last.alike !== null && this.sharedOnly(String(r.check), last.name, last.alike);
        requirements.push({ name: rname, check: check.fn as Eval<boolean>, refusal, dependsOn, perGroup, coverage: -1 });
      }
      const checksAt = Array.from({ length: params.length + 1 }, (_, i) => requirements.filter((r) => r.dependsOn === i - 1 && !r.perGroup));
      const groupChecksAt = Array.from({ length: params.length + 1 }, (_, i) => requirements.filter((r) => r.dependsOn === i - 1 && r.perGroup));
      const effect = spec.effect === undefined ? () => {} : this.programAt(`${pointer}/effect`, spec.effect, { ...unit(`${name}.effect`), effects: true });
      out.push({
        name, index: out.length, text: typeof spec.text === "string" ? spec.text : "",
        params, requirements, effect: effect ?? (() => {}), endsTurn: spec.endsTurn !== false, phases: [], frame, checksAt, groupChecksAt, enumerate: null,
      });
    }
    return out;
  }

  /** The most cards a several parameter takes: a number, or an expression evaluated when moves are listed. */
  private maxCards(pointer: string, item: unknown, o: UnitOptions): Eval<number> {
    if (item === undefined) return this.compiler.constant(64, T.num) as Eval<number>;
    if (typeof item === "number") return this.compiler.constant(item, T.num) as Eval<number>;
    return this.expressionAt<number>(pointer, item, o, T.num) ?? (() => 64);
  }

  /** Whether a requirement reads a several-alike parameter only through the attribute its cards share. */
  private sharedOnly(text: string, param: string, attribute: string): boolean {
    const parsed = parseExpression(text);
    if (!parsed.value) return false;
    const analysis = new AlikeAnalysis(attribute, (name) => {
      const b = this.names.get(name);
      return b?.kind === "define" ? { params: b.def.params, text: b.def.text } : undefined;
    });
    return analysis.dependsOnlyOnShared(parsed.value, param);
  }

  // ---- flow ----------------------------------------------------------------------------------------

  private compilePhases(actions: ActionDef[]): PhaseDef[] {
    const list = entries(this.raw.phases);
    if (list.length === 0) this.diagnostics.push(this.file.at("", "error", "E_SCHEMA", "the rule file has no phases: add at least one under phases"));
    const names = list.map(([n]) => n);
    const phases: PhaseDef[] = [];
    list.forEach(([name, item], index) => {
      const spec = item as Raw;
      const pointer = `/phases/${escapePointer(name)}`;
      const { turns, turnsBy } = this.phaseTurns(pointer, name, spec.turns);
      const turnBased = turns === "clockwise" || turns === "counterclockwise";
      const actionIndexes: number[] = [];
      ((spec.actions ?? []) as string[]).forEach((a, i) => {
        const found = actions.find((x) => x.name === a);
        if (!found) {
          this.diagnostics.push(this.file.at(`${pointer}/actions/${i}`, "error", "E_NAME", `unknown action '${a}'${suggestion(a, actions.map((x) => x.name))}`));
          return;
        }
        found.phases.push(index);
        actionIndexes.push(found.index);
      });
      const game = spec.game === undefined ? null : this.gameExpression(`${pointer}/game`, spec.game, `phases.${name}.game`);
      if (turns !== "none" && spec.game === undefined && actionIndexes.length === 0 && spec.actions === undefined) {
        this.diagnostics.push(this.file.at(pointer, "error", "E_UNREACHABLE", `phase '${name}' has turns but lists no actions, so nobody can ever act in it`, true));
      }
      let next = index;
      if (typeof spec.next === "string") {
        if (spec.next === "none") next = -1;
        else {
          next = names.indexOf(spec.next);
          if (next < 0) this.diagnostics.push(this.file.at(`${pointer}/next`, "error", "E_NAME", `unknown phase '${spec.next}'${suggestion(spec.next, names)}`));
        }
      }
      const o = (rule: string, effects: boolean, hasMe: boolean): UnitOptions => ({ rule: `phases.${name}.${rule}`, effects, hasMe });
      if (spec.settle !== undefined && turns !== "realtime") {
        this.diagnostics.push(this.file.at(`${pointer}/settle`, "error", "E_SCHEMA", `settle is for a phase with turns: realtime, where moves happen at times; phase '${name}' has turns: ${turns}`, true));
      }
      phases.push({
        name, index, turns, turnsBy,
        text: typeof spec.text === "string" ? spec.text : "",
        first: turnBased ? this.playerExpression(`${pointer}/first`, spec.first, `phases.${name}.first`, false) : null,
        once: spec.once === true,
        actions: actionIndexes,
        begin: this.programAt(`${pointer}/begin`, spec.begin, o("begin", true, false)),
        turn: this.programAt(`${pointer}/turn`, spec.turn, o("turn", true, true)),
        endWhen: this.expressionAt<boolean>(`${pointer}/endWhen`, spec.endWhen, o("endWhen", false, true), T.bool),
        end: this.programAt(`${pointer}/end`, spec.end, o("end", true, false)),
        settle: this.programAt(`${pointer}/settle`, spec.settle, o("settle", true, false)),
        next,
        game,
        who: this.expressionAt<number[]>(`${pointer}/who`, spec.who, o("who", false, false), T.players),
        list: null,
        enter: null,
        after: null,
        listInto: null,
      });
    });
    return phases;
  }

  /**
   * A phase's `turns:`: one of the ways of taking turns, or an expression read when the phase begins that gives
   * clockwise or counterclockwise (a phase whose direction changes from round to round).
   */
  private phaseTurns(pointer: string, name: string, item: unknown): { turns: PhaseDef["turns"]; turnsBy: PhaseDef["turnsBy"] } {
    const ways = ["clockwise", "counterclockwise", "simultaneous", "realtime", "none"];
    if (item === undefined) return { turns: "clockwise", turnsBy: null };
    const text = textOf(item).trim();
    if (ways.includes(text)) return { turns: text as PhaseDef["turns"], turnsBy: null };
    if (/^[A-Za-z]+$/.test(text) && !this.names.has(text)) {
      this.diagnostics.push(this.file.at(`${pointer}/turns`, "error", "E_SCHEMA", `turns: '${text}' is not a way of taking turns: use ${ways.join(", ")}, or an expression giving clockwise or counterclockwise${suggestion(text, ways)}`));
      return { turns: "clockwise", turnsBy: null };
    }
    const turnsBy = this.expressionAt<unknown>(`${pointer}/turns`, item, { rule: `phases.${name}.turns`, effects: false, hasMe: false }, T.str);
    return { turns: "clockwise", turnsBy };
  }

  /** The rules of a game played inside a phase: a rules id, or a list of a base and fragments. */
  private gameExpression(pointer: string, item: unknown, rule: string): Eval<unknown> | null {
    const c = this.compiler.expression({ pointer, offset: 0 }, textOf(item), { rule, effects: false, hasMe: false });
    if (!c) return null;
    if (c.type.t !== "str" && !(c.type.t === "list" && (c.type.of.t === "str" || c.type.of.t === "none")) && c.type.t !== "any") {
      this.diagnostics.push(this.file.at(pointer, "error", "E_TYPE", `game: needs a rules id or a list of them, but this is ${T.show(c.type)}`));
      return null;
    }
    return c.fn;
  }

  private firstPhase(phases: PhaseDef[]): number {
    const first = this.raw.first;
    if (typeof first !== "string") return 0;
    const index = phases.findIndex((p) => p.name === first);
    if (index < 0) this.diagnostics.push(this.file.at("/first", "error", "E_NAME", `unknown phase '${first}'${suggestion(first, phases.map((p) => p.name))}`));
    return Math.max(0, index);
  }

  private compileTriggers(): TriggerDef[] {
    const out: TriggerDef[] = [];
    for (const [name, item] of entries(this.raw.triggers)) {
      const spec = item as Raw;
      const pointer = `/triggers/${escapePointer(name)}`;
      const when = this.expressionAt<boolean>(`${pointer}/when`, spec.when, { rule: `triggers.${name}`, effects: false, hasMe: true }, T.bool);
      const effect = this.programAt(`${pointer}/effect`, spec.effect, { rule: `triggers.${name}`, effects: true, hasMe: true });
      if (when && effect) out.push({ name, when, effect, coverage: -1 });
    }
    return out;
  }

  private compileOutcome(): Game["outcome"] {
    const spec = (this.raw.outcome ?? {}) as Raw;
    const list = (key: string) => this.expressionAt<number[]>(`/outcome/${key}`, spec[key], { rule: `outcome.${key}`, effects: false, hasMe: false }, T.players);
    let scores: Game["outcome"]["scores"] = null;
    if (spec.scores !== undefined) {
      const pointer = "/outcome/scores";
      const parsed = parseExpression(String(spec.scores));
      if (parsed.value?.k === "lambda" && parsed.value.params.length === 1) {
        const { frame, locals } = this.compiler.newFrame();
        const slot = this.compiler.bind(frame, locals, parsed.value.params[0].name, T.player);
        const body = parsed.value.body;
        const c = this.compiler.expr(body, { site: { pointer, offset: 0 }, rule: "outcome.scores", frame, locals, effects: false, hasMe: false });
        if (c && c.type.t !== "num" && c.type.t !== "any") {
          this.diagnostics.push(this.file.inside(pointer, body.at.start, body.at.end, "error", "E_TYPE", `a score must be a number, but this is ${T.show(c.type)}`));
        } else if (c) {
          scores = this.compiler.playerFunction(frame, slot, c) as (s: State, p: number) => number;
        }
      } else if (parsed.value) {
        this.diagnostics.push(this.file.at(pointer, "error", "E_TYPE", "scores is a function of a player, written p => ..."));
      } else {
        for (const p of parsed.problems) this.diagnostics.push(this.file.inside(pointer, p.at.start, p.at.end, "error", p.code, p.message));
      }
    }
    return { scores, winners: list("winners"), losers: list("losers") };
  }

  // ---- whole-file checks ---------------------------------------------------------------------------

  private checkReachability(actions: ActionDef[], phases: PhaseDef[], start: number): void {
    for (const a of actions) {
      if (a.phases.length === 0 && !phases.some((p) => p.game)) {
        this.diagnostics.push(this.file.at(`/actions/${escapePointer(a.name)}`, "error", "E_UNREACHABLE", `action '${a.name}' is not allowed in any phase, so it can never be taken`, true));
      }
    }
    if (phases.length === 0) return;
    const reached = new Set<number>([start]);
    const queue = [start];
    while (queue.length) {
      const p = phases[queue.pop()!];
      if (p.next >= 0 && !reached.has(p.next)) {
        reached.add(p.next);
        queue.push(p.next);
      }
    }
    for (const p of phases) {
      if (!reached.has(p.index)) {
        this.diagnostics.push(this.file.at(`/phases/${escapePointer(p.name)}`, "error", "E_UNREACHABLE", `phase '${p.name}' never follows another phase, so it can never be played`, true));
      }
    }
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

  private playerRange(): { min: number; max: number } {
    const p = this.raw.players;
    if (typeof p === "number") return { min: p, max: p };
    if (p && typeof p === "object") {
      const r = p as Raw;
      const range = { min: Number(r.min), max: Number(r.max) };
      if (range.min > range.max) this.diagnostics.push(this.file.at("/players", "error", "E_SCHEMA", `players.min (${range.min}) is more than players.max (${range.max})`));
      return range;
    }
    return { min: 1, max: 16 };
  }
}

function typeOfConstant(v: unknown): Type | null {
  if (typeof v === "number") return T.num;
  if (typeof v === "string") return T.str;
  if (typeof v === "boolean") return T.bool;
  if (Array.isArray(v)) {
    let of: Type = T.none;
    for (const x of v) {
      const t = typeOfConstant(x);
      const u = t && T.unify(of, t);
      if (!u) return null;
      of = u;
    }
    return T.list(of);
  }
  if (v && typeof v === "object") {
    let of: Type = T.none;
    for (const x of Object.values(v)) {
      const t = typeOfConstant(x);
      const u = t && T.unify(of, t);
      if (!u) return null;
      of = u;
    }
    return { t: "map", of };
  }
  return null;
}

function freeze(v: unknown): unknown {
  if (v && typeof v === "object") {
    for (const x of Object.values(v)) freeze(x);
    Object.freeze(v);
  }
  return v;
}

/**
 * The choices of a parameter drawn from a list: none in the list (the top of an empty stack) is no choice, so no
 * legal move is listed with a card left out that the move's text could not name.
 */
function withoutNone(list: Eval<unknown[]>): Eval<unknown[]> {
  return (s) => {
    const l = list(s);
    return l.includes(null) ? l.filter((x) => x !== null) : l;
  };
}
