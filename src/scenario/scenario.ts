// Scenario files script a game and state what must hold: the public format for testing rules headlessly.
// A failure names the step, what was expected and what happened, at the step's line in the file.
import type { Diagnostic } from "../interpreter/diagnostics.js";
import { SourceFile, loadYaml } from "../interpreter/load/yaml.js";
import { validate } from "../interpreter/load/schema.js";
import { displayPath } from "../interpreter/load/resolve.js";
import { host } from "../interpreter/load/host.js";
import { dirname, resolve } from "../interpreter/load/paths.js";
import { maxFileBytes } from "../interpreter/limits.js";
import type { Game } from "../interpreter/model.js";
import type { State } from "../interpreter/state.js";
import { conservationProblem } from "../interpreter/state.js";
import { newGame, play, legalMoves, moveText, actors, innermost } from "../interpreter/engine.js";
import { applyDeal, targetZone, zoneTargets, type ZoneTarget } from "./deal.js";
import { resolveScenarioRules } from "./rules.js";
import { describeEvent } from "../interpreter/events.js";
import { compare } from "../interpreter/lang/values.js";

type Raw = Record<string, unknown>;

export interface ScenarioResult {
  file: string;
  name: string;
  passed: boolean;
  failures: Diagnostic[];
  state: State | null;
}

export function runScenarioFile(file: string): ScenarioResult {
  const path = resolve(host().workingFolder, file);
  const shown = displayPath(path);
  const read = host().readFile(path, maxFileBytes);
  if ("error" in read) {
    return fail(shown, { severity: "error", code: read.tooLarge ? "E_FILE_SIZE" : "E_FILE", message: `cannot read ${shown}: ${read.error}`, file: shown, line: 1, col: 1 });
  }
  return runScenarioText(read.text, shown, dirname(path));
}

function fail(file: string, d: Diagnostic): ScenarioResult {
  return { file, name: file, passed: false, failures: [d], state: null };
}

export function runScenarioText(text: string, shown: string, folder: string): ScenarioResult {
  const file = new SourceFile(shown, text);
  const yaml = loadYaml(file);
  if (yaml.problems.some((d) => d.severity === "error")) return { file: shown, name: shown, passed: false, failures: yaml.problems, state: null };
  const schema = validate("scenario", yaml.value, file);
  if (schema.length) return { file: shown, name: shown, passed: false, failures: schema, state: null };
  const raw = yaml.value as Raw;
  return new ScenarioRun(raw, file, folder).run();
}

class ScenarioRun {
  private failures: Diagnostic[] = [];
  private game!: Game;
  private s!: State;
  private names: string[] = [];

  constructor(
    private raw: Raw,
    private file: SourceFile,
    private folder: string,
  ) {}

  run(): ScenarioResult {
    const name = typeof this.raw.name === "string" ? this.raw.name : this.file.path;
    const result = (): ScenarioResult => ({ file: this.file.path, name, passed: this.failures.length === 0, failures: this.failures, state: this.s ?? null });
    const rules = resolveScenarioRules(this.raw, this.file, this.folder);
    if (!rules.game) {
      this.failures.push(...rules.diagnostics.filter((d) => d.severity === "error"));
      return result();
    }
    this.game = rules.game;
    this.names = Array.isArray(this.raw.players)
      ? (this.raw.players as string[])
      : Array.from({ length: Number(this.raw.players) }, (_, i) => `P${i + 1}`);
    const count = this.names.length;
    if (count < this.game.players.min || count > this.game.players.max) {
      this.problem("/players", `${this.game.name} is for ${this.game.players.min}–${this.game.players.max} players, not ${count}`);
      return result();
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
    const options = this.options();
    if (this.failures.length) return result();
    let deal: ZoneTarget[] | null = null;
    let spare: number | undefined;
    if (typeof this.raw.spare === "string") {
      const def = this.game.zones.find((z) => z.name === this.raw.spare);
      if (!def || def.per !== "game" || def.many) this.problem("/spare", `spare names a zone of the game (${this.game.zones.filter((z) => z.per === "game" && !z.many).map((z) => z.name).join(", ")})`);
      else spare = def.slot;
    }
    if (this.raw.deal) {
      const targets = zoneTargets(this.game, this.names, this.raw.deal as Raw, (pointer, message) => this.problem(`/deal${pointer}`, message));
      if (this.failures.length) return result();
      deal = targets;
    }
    this.s = newGame(this.game, {
      players: this.names,
      seed: (this.raw.seed as number | string | undefined) ?? 0,
      options,
      dealer,
      start,
      afterSetup: deal ? (s) => {
        const problem = applyDeal(s, deal!, spare);
        if (problem) this.problem("/deal", problem);
      } : undefined,
    });
    if (this.failures.length) return result();
    this.checkState("the deal");
    const steps = (this.raw.moves ?? []) as Raw[];
    for (let i = 0; i < steps.length && this.failures.length === 0; i++) this.step(steps[i], i);
    if (this.failures.length === 0 && this.raw.expect) this.expect(this.raw.expect as Raw, "/expect", "at the end");
    return result();
  }

  private options(): Record<string, unknown> | undefined {
    const o = this.raw.options as Raw | undefined;
    if (!o) return undefined;
    for (const key of Object.keys(o)) {
      if (!this.game.options.has(key)) {
        const known = [...this.game.options.keys()];
        this.problem(`/options/${key}`, `${this.game.name} has no option '${key}'${known.length ? ` (options: ${known.join(", ")})` : ""}`, true);
      }
    }
    return o;
  }

  private seatOf(name: string): number {
    return this.names.findIndex((n) => n.toLowerCase() === name.toLowerCase());
  }

  private problem(pointer: string, message: string, onKey = false): void {
    this.failures.push(this.file.at(pointer, "error", "E_SCHEMA", message, onKey));
  }

  private failAt(pointer: string, message: string): void {
    const d = this.file.at(pointer, "error", "E_SCHEMA", message);
    this.failures.push({ ...d, code: "E_SCHEMA" });
  }

  private step(step: Raw, i: number): void {
    const pointer = `/moves/${i}`;
    if (step.expect && Object.keys(step).length === 1) {
      this.expect(step.expect as Raw, `${pointer}/expect`, `at step ${i + 1}`);
      return;
    }
    const actorKeys = Object.keys(step).filter((k) => !["rejected", "at", "expect"].includes(k));
    if (actorKeys.length !== 1) {
      this.failAt(pointer, `step ${i + 1}: a step is one player and their move ({Ann: play 9S}), or {expect: ...}`);
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
    if (this.s.over && !this.s.error) {
      this.failAt(pointer, `${label}: the game is already over`);
      return;
    }
    const logFrom = innermost(this.s).log?.length ?? 0;
    const at = step.at === undefined ? undefined : Number(step.at);
    if (at !== undefined && !Number.isFinite(at)) {
      this.failAt(`${pointer}/at`, `${label}: at is a time in seconds, such as 1.20`);
      return;
    }
    const inner = innermost(this.s);
    const result = play(this.s, p, text, at);
    const rejected = step.rejected;
    if (this.s.error) {
      this.failAt(pointer, `${label}: the rules failed: ${this.s.error}`);
      return;
    }
    if (rejected === undefined || rejected === false) {
      if (!result.ok) {
        const legal = legalMoves(this.s, p).slice(0, 12).map((m) => moveText(this.s, m));
        const hint = legal.length ? `; legal now: ${legal.join(", ")}` : actors(this.s).length ? `; it is ${actors(this.s).map((q) => this.names[q]).join(" or ")} who may act` : "";
        this.failAt(pointer, `${label}: refused by ${result.refusal.rule}: ${result.refusal.reason}${hint}`);
        return;
      }
    } else {
      if (result.ok) {
        const happened = (inner.log ?? []).slice(logFrom).map((e) => describeEvent(inner, e).trim()).slice(0, 4).join("; ");
        this.failAt(pointer, `${label}: expected the move to be refused, but it was accepted (${happened})`);
        return;
      }
      if (typeof rejected === "string" && !`${result.refusal.rule}: ${result.refusal.reason}`.toLowerCase().includes(rejected.toLowerCase())) {
        this.failAt(`${pointer}/rejected`, `${label}: refused as expected, but the reason "${result.refusal.rule}: ${result.refusal.reason}" does not contain "${rejected}"`);
        return;
      }
    }
    this.checkState(label);
    if (step.expect) this.expect(step.expect as Raw, `${pointer}/expect`, `after ${label}`);
  }

  private checkState(label: string): void {
    const problem = conservationProblem(this.s);
    if (problem) this.failAt("", `${label}: cards were lost or made: ${problem}`);
  }

  // ---- expectations ----------------------------------------------------------------------------------

  /**
   * While a game is played inside another (a round of a match), turns, phases, zones, counts, variables and
   * legal moves are those of the inner game; over, winners, losers, scores and places are the outer game's.
   */
  private expect(e: Raw, pointer: string, when: string): void {
    const outer = this.s;
    const s = innermost(this.s);
    const names = (ps: number[]) => ps.map((p) => this.names[p]);
    const mismatch = (key: string, expected: unknown, actual: unknown) =>
      this.failAt(`${pointer}/${key}`, `${when}: expected ${key} ${show(expected)}, but it is ${show(actual)}`);
    if (e.over !== undefined && e.over !== outer.over) mismatch("over", e.over, outer.over);
    if (outer.error) {
      this.failAt(pointer, `${when}: the game stopped: ${outer.error}`);
      return;
    }
    if (e.turn !== undefined) {
      const actual = s.current >= 0 ? this.names[s.current] : null;
      if ((e.turn === null ? null : String(e.turn).toLowerCase()) !== (actual?.toLowerCase() ?? null)) mismatch("turn", e.turn, actual);
    }
    if (e.phase !== undefined) {
      const actual = s.game.phases[s.phase]?.name;
      if (e.phase !== actual) mismatch("phase", e.phase, actual);
    }
    const sameSet = (a: string[], b: string[]) => a.length === b.length && a.every((x) => b.some((y) => y.toLowerCase() === x.toLowerCase()));
    for (const key of ["winners", "losers"] as const) {
      if (e[key] === undefined) continue;
      const actual = outer.result ? names(outer.result[key]) : [];
      if (!outer.result) this.failAt(`${pointer}/${key}`, `${when}: expected ${key} ${show(e[key])}, but the game is not over`);
      else if (!sameSet(e[key] as string[], actual)) mismatch(key, e[key], actual);
    }
    if (e.places !== undefined) {
      const actual = names(outer.places);
      if (show(actual.map((x) => x.toLowerCase())) !== show((e.places as string[]).map((x) => x.toLowerCase()))) mismatch("places", e.places, actual);
    }
    if (e.out !== undefined) {
      const actual = names(Array.from({ length: s.n }, (_, p) => p).filter((p) => s.out[p]));
      if (!sameSet(e.out as string[], actual)) mismatch("out", e.out, actual);
    }
    if (e.scores !== undefined) {
      this.eachPlayer(e.scores as Raw, `${pointer}/scores`, when, (p, who, value, at) => {
        const actual = outer.result?.scores?.[p];
        if (actual !== value) this.failAt(at, `${when}: expected ${who}'s score ${value}, but it is ${actual ?? (outer.result ? "not given by the rules" : "not known: the game is not over")}`);
      });
    }
    if (e.zones !== undefined) this.expectZones(s, e.zones as Raw, `${pointer}/zones`, when, false);
    if (e.top !== undefined) this.expectZones(s, e.top as Raw, `${pointer}/top`, when, true);
    if (e.counts !== undefined) this.expectCounts(s, e.counts as Raw, `${pointer}/counts`, when);
    if (e.variables !== undefined) this.expectVariables(s, e.variables as Raw, `${pointer}/variables`, when);
    for (const key of ["legal", "illegal"] as const) {
      ((e[key] ?? []) as string[]).forEach((line, i) => {
        const m = /^([A-Za-z][A-Za-z0-9_-]*):\s*(.*)$/.exec(line);
        const p = m ? this.seatOf(m[1]) : s.current;
        const text = m ? m[2] : line;
        if (p < 0) return this.failAt(`${pointer}/${key}/${i}`, `${when}: nobody's turn, so say whose move it is (Ann: ${line})`);
        const legal = legalMoves(s, p).map((mv) => moveText(s, mv).toLowerCase());
        const found = legal.includes(normalizeMove(text));
        if (key === "legal" && !found) this.failAt(`${pointer}/${key}/${i}`, `${when}: expected '${text}' to be legal for ${this.names[p]}; legal: ${legal.join(", ") || "nothing"}`);
        if (key === "illegal" && found) this.failAt(`${pointer}/${key}/${i}`, `${when}: expected '${text}' not to be legal for ${this.names[p]}`);
      });
    }
  }

  /** Whole zones, or with `topOnly` the top cards of zones (the zone may hold more below them). */
  private expectZones(s: State, zones: Raw, pointer: string, when: string, topOnly: boolean): void {
    const targets = zoneTargets(s.game, this.names, zones, (p, message) => this.failAt(`${pointer}${p}`, `${when}: ${message}`), true);
    if (!targets) return;
    for (const t of targets) {
      const zone = targetZone(s, t, false);
      if (zone < 0) {
        this.failAt(`${pointer}${t.pointer}`, `${when}: expected ${t.label} to hold ${show(t.names)}, but there is no such zone`);
        continue;
      }
      const whole = s.zones[zone];
      const actual = topOnly ? whole.slice(Math.max(0, whole.length - t.names.length)) : whole;
      const def = s.game.zones[s.zoneDef[zone]];
      const actualNames = actual.map((c) => s.game.cardNames[c]);
      const expectedNames = t.names;
      const same = def.ordered
        ? show(actualNames.map(lower)) === show(expectedNames.map(lower))
        : show(actualNames.map(lower).sort()) === show(expectedNames.map(lower).sort());
      if (!same) {
        const what = topOnly ? `the top of ${t.label} to be` : `${t.label} to hold`;
        this.failAt(`${pointer}${t.pointer}`, `${when}: expected ${what} ${show(expectedNames)}${def.ordered ? "" : " (in any order)"}, but it ${topOnly ? "is" : "holds"} ${show(actualNames)}`);
      }
    }
  }

  /** Each {Ann: value} of an expectation about players, with an unknown name reported where it is written. */
  private eachPlayer(byName: Raw, pointer: string, when: string, check: (p: number, who: string, value: unknown, at: string) => void): void {
    for (const [who, value] of Object.entries(byName)) {
      const p = this.seatOf(who);
      const at = `${pointer}/${who}`;
      if (p < 0) this.failAt(at, `${when}: there is no player called '${who}'`);
      else check(p, who, value, at);
    }
  }

  private expectCounts(s: State, counts: Raw, pointer: string, when: string): void {
    for (const [zone, value] of Object.entries(counts)) {
      const def = s.game.zones.find((z) => z.name === zone);
      if (!def) {
        this.failAt(`${pointer}/${zone}`, `${when}: there is no zone '${zone}'`);
        continue;
      }
      const check = (z: number, expected: number, label: string, at: string) => {
        const actual = s.zones[z].length;
        if (actual !== expected) this.failAt(at, `${when}: expected ${label} to hold ${expected} card${expected === 1 ? "" : "s"}, but it holds ${actual}`);
      };
      if (def.per === "game" && !def.many) {
        if (typeof value !== "number") this.failAt(`${pointer}/${zone}`, `${when}: ${zone} belongs to the game: give one number`);
        else check(def.slot, value, zone, `${pointer}/${zone}`);
        continue;
      }
      if (def.many) {
        const actual = s.groups[def.slot].length;
        if (actual !== value) this.failAt(`${pointer}/${zone}`, `${when}: expected ${value} ${zone}, but there are ${actual}`);
        continue;
      }
      this.eachPlayer((value ?? {}) as Raw, `${pointer}/${zone}`, when, (p, who, n, at) => {
        check(s.game.sharedZones + def.slot * s.n + p, n as number, `${who}'s ${zone}`, at);
      });
    }
  }

  private expectVariables(s: State, vars: Raw, pointer: string, when: string): void {
    for (const [name, value] of Object.entries(vars)) {
      const def = s.game.vars.find((v) => v.name === name);
      if (!def) {
        this.failAt(`${pointer}/${name}`, `${when}: there is no variable '${name}'`);
        continue;
      }
      const shown = (v: unknown): unknown => {
        if (def.type.t === "player") return v === null ? null : this.names[v as number];
        if (def.type.t === "card") return v === null ? null : s.game.cardNames[v as number];
        if (def.type.t === "list" && def.type.of.t === "card") return (v as number[]).map((c) => s.game.cardNames[c]);
        if (def.type.t === "list" && def.type.of.t === "player") return (v as number[]).map((p) => this.names[p]);
        return v;
      };
      if (def.per === "game") {
        const actual = shown(s.vars[def.slot]);
        if (compare(actual, value) !== 0 && show(actual) !== show(value)) this.failAt(`${pointer}/${name}`, `${when}: expected ${name} ${show(value)}, but it is ${show(actual)}`);
        continue;
      }
      this.eachPlayer((value ?? {}) as Raw, `${pointer}/${name}`, when, (p, who, v, at) => {
        const actual = shown(s.vars[s.game.globalVars + def.slot * s.n + p]);
        if (show(actual) !== show(v)) this.failAt(at, `${when}: expected ${who}'s ${name} ${show(v)}, but it is ${show(actual)}`);
      });
    }
  }
}

function lower(x: string): string {
  return x.toLowerCase();
}

function normalizeMove(text: string): string {
  return text.trim().split(/\s+/).join(" ").toLowerCase().replace(/[♠♥♦♣]/g, (c) => ({ "♠": "s", "♥": "h", "♦": "d", "♣": "c" })[c]!);
}

function show(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(show).join(", ")}]`;
  if (v === null || v === undefined) return "none";
  return String(v);
}
