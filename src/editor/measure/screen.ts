// Measuring rules over many games: a run in a pool of Web Workers (one fewer than the cores) with a progress
// bar and a cancel button, the summary `houserules simulate --json` prints for the same rules, seed and agents,
// and its charts; with a second set of rules, both runs side by side and the differences significant at 95%
// marked. Clicking a rule that never fired opens its line in the editor.
import "../play/play.css";
import "./measure.css";
import { h, fill } from "../dom.js";
import type { App } from "../app.js";
import type { Screen } from "../shell.js";
import { RunPool, Cancelled, type WorkerLike } from "../../sim/pool.js";
import type { RunSpec } from "../../sim/run-spec.js";
import type { Summary } from "../../sim/simulate.js";
import { chartsOf, coverageChart, type ChartSpec } from "../../measure/charts.js";
import { chanceNote, compareSummaries, holmNote, type Comparison } from "../../sim/compare.js";
/** Chart.js, loaded with the Measure screen rather than with the page. */
const charting = () => import("./chart.js");
import type { Place } from "../rules/where.js";
import type { BarAction } from "./chart.js";
import { barHint, ruleDidWords } from "./rule-line.js";
import { measureFields as keptFields, measureState, type MeasureState } from "../files/page-state.js";
import { gameChoices } from "../play/games.js";
import { ablationRows } from "../../sim/ablation.js";
import { ablationTable, type AblationResult } from "./ablation-view.js";
import PoolWorker from "./pool.worker.js?worker";

/**
 * A worker per core: the page's own thread is idle while a run plays, so one more worker than cores − 1 is faster
 * (npm run bench:games, docs/benchmarks.md: 1,000 Idiot games on 2 cores, warm, 1.8 s on 1 worker, 1.4 s on 2,
 * 2.0 s on 3), and more than the cores is slower.
 */
export const defaultWorkers = (): number => Math.max(1, navigator.hardwareConcurrency || 2);
const agentNames = ["sensible", "random", "greedy", "mc", "ismcts", "ismcts-informed"];

export class MeasureScreen implements Screen {
  readonly id = "measure";
  readonly title = "Measure";
  private pool: RunPool | null = null;
  /** The summaries of the last run: one, or two for an A/B run. */
  summaries: Summary[] = [];
  /** Where each rule of each run's coverage is written (by the rules worker), in the summaries' order. */
  places: (Place | null)[][] = [];
  /** Each rule of each run's coverage in words (its text:, or the rulebook's words for an appended effect), or null. */
  ruleNames: (string | null)[][] = [];
  comparison: Comparison | null = null;
  /** The last ablation: the variant whole against itself without each of its own rules. */
  ablation: AblationResult | null = null;
  /** How long the last run took, in milliseconds (the benchmark reads it). */
  lastMs = 0;
  /** The charts drawn, with the rule coverage chart of each run (the tests click its bars). */
  charts: { destroy(): void }[] = [];
  coverageCharts: unknown[] = [];

  private rulesA = h("input", { list: "measure-games", value: "idiot", onchange: () => this.warm(), "aria-label": "Rules", "data-test": "measure-rules", size: 26 });
  private rulesB = h("input", { list: "measure-games", value: "", placeholder: "against (optional)", "aria-label": "Against", "data-test": "measure-against", size: 26 });
  private gamesList = h("datalist", { id: "measure-games" });
  private playersInput = h("input", { type: "number", min: 1, max: 16, value: 4, "aria-label": "Players", "data-test": "measure-players" });
  private gamesInput = h("input", { type: "number", min: 1, max: 1_000_000, value: 1000, "aria-label": "Games", "data-test": "measure-games" });
  private seedInput = h("input", { value: "7", "aria-label": "Seed", "data-test": "measure-seed", size: 6 });
  private agentsInput = h("input", { value: "sensible", "aria-label": "Agents", "data-test": "measure-agents", size: 18, title: `an agent per seat, comma-separated (${agentNames.join(", ")}; mc:100, ismcts:200 set a budget); the last is used for the seats left` });
  private optionsInput = h("input", { value: "", placeholder: "name=value, …", "aria-label": "Options", "data-test": "measure-options", size: 16, title: "values for options the rules declare, written like --option NAME=VALUE: target=100, jokers=true" });
  private workersInput = h("input", { type: "number", min: 1, max: 64, value: defaultWorkers(), onchange: () => this.warm(), "aria-label": "Workers", "data-test": "measure-workers" });
  private runButton = h("button", { class: "small primary", "data-test": "measure-run", onclick: () => void this.run() }, "Run");
  private ablateButton = h("button", { class: "small", "data-test": "measure-ablate", title: "measure the rules whole, then without each of their own rules in turn (a variant's, or each house rule added with +): which of them matters", onclick: () => void this.ablate() }, "Take each rule out");
  private cancelButton = h("button", { class: "small", "data-test": "measure-cancel", disabled: true, onclick: () => this.cancel() }, "Cancel");
  private progress = h("progress", { max: 1, value: 0, "data-test": "measure-progress" });
  private progressText = h("span", { class: "muted", "data-test": "measure-progress-text" });
  private message = h("p", { class: "play-error", "data-test": "measure-message" });
  private results = h("div", { class: "results", "data-test": "measure-results" });

  constructor(private app: App) {
    app.measure = (rules, players, compared) => {
      app.show("measure");
      // a comparison chosen for other rules is not carried over to these without a word
      const against = this.rulesB.value.trim();
      if (compared !== undefined) {
        this.rulesB.value = compared;
        this.message.textContent = "";
      } else if (against && this.rulesA.value.trim() !== rules.trim()) {
        this.rulesB.value = "";
        this.message.textContent = `The comparison against ${against} was for ${this.rulesA.value.trim()}: it is cleared. Name rules in "against" to compare these with them.`;
      }
      this.rulesA.value = rules;
      this.playersInput.value = String(players);
      this.rulesA.dispatchEvent(new Event("input"));
      this.warm();
    };
  }

  /** A run's fields passed on (a shared link): set, and kept as a reload keeps them. */
  adopt(fields: MeasureState): void {
    const inputs = this.inputs();
    for (const name of keptFields) inputs[name].value = fields[name] ?? "";
    this.app.state.write("measure", fields);
  }

  /** The run's fields by name, as they are kept. */
  private inputs(): Record<(typeof keptFields)[number], HTMLInputElement> {
    return { rules: this.rulesA, against: this.rulesB, players: this.playersInput, games: this.gamesInput, seed: this.seedInput, agents: this.agentsInput, workers: this.workersInput, options: this.optionsInput };
  }

  mount(root: HTMLElement): void {
    void charting();
    const kept = this.app.state.read("measure", measureState);
    const inputs = this.inputs();
    if (kept) for (const name of keptFields) inputs[name].value = kept[name] ?? "";
    const keep = () => this.app.state.write("measure", Object.fromEntries(keptFields.map((name) => [name, inputs[name].value])));
    for (const input of Object.values(inputs)) input.addEventListener("input", keep);
    const label = (t: string, e: HTMLElement) => h("label", {}, `${t} `, e);
    fill(root, h("div", { class: "play-main" },
      h("div", { class: "play-bar" }, label("Rules", this.rulesA), label("against", this.rulesB), this.gamesList, label("Players", this.playersInput),
        label("Games", this.gamesInput), label("Seed", this.seedInput), label("Agents", this.agentsInput), label("Options", this.optionsInput), label("Workers", this.workersInput), this.runButton, this.ablateButton, this.cancelButton),
      h("div", { class: "play-bar" }, this.progress, this.progressText),
      this.message, this.results));
  }

  shown(): void {
    fill(this.gamesList, ...gameChoices(this.app).map((r) => h("option", { value: r })));
    this.warm();
  }

  /** Starts the workers of the run the fields describe (as they were kept), before the screen is first shown. */
  prestart(): void {
    const kept = this.app.state.read("measure", measureState);
    const inputs = this.inputs();
    if (kept) for (const name of keptFields) inputs[name].value = kept[name] ?? "";
    this.warm();
  }

  /**
   * Starts the workers of the run the inputs describe and has them load its rules while the person is still
   * choosing, so that Run only plays. They are kept from run to run (a cancelled run ends them).
   */
  warm(): void {
    const rules = this.rulesA.value.trim();
    const games = Number(this.gamesInput.value);
    if (!rules || this.pool?.running || !Number.isInteger(games) || games < 1) return;
    const size = this.workers();
    // options the rules do not take are said when the run starts; warming waits for the fields to make a run
    this.spec(rules).then((spec) => {
      if (!this.pool?.running) void this.poolOf(size).warm(spec, games, this.setup());
    }, () => undefined);
  }

  private workers(): number {
    return Math.max(1, Math.min(64, Number(this.workersInput.value) || defaultWorkers()));
  }

  /** The pool of `size` workers: the one kept from the last run, or a new one when the size changed. */
  private poolOf(size: number): RunPool {
    if (this.pool?.size !== size) {
      this.pool?.close();
      this.pool = new RunPool(() => new PoolWorker({ name: "pool" }) as unknown as WorkerLike, size);
    }
    return this.pool;
  }

  /** What every worker is given before it plays: the person's own rule files. */
  private setup(): [string, string][] {
    return [...this.app.workspace.store.entries()];
  }

  /** The run the inputs describe, for one set of rules ("id", "id + fragment + …" or "Card, Card, …"). */
  private async spec(rules: string): Promise<RunSpec> {
    const { refs } = await this.app.rulesOf(rules);
    const players = Number(this.playersInput.value);
    const names = this.agentsInput.value.split(",").map((x) => x.trim()).filter(Boolean);
    const seedText = this.seedInput.value.trim();
    const seed = /^-?\d+$/.test(seedText) ? Number(seedText) : seedText;
    const agents = Array.from({ length: players }, (_, i) => ({ name: names[i] ?? names[names.length - 1] ?? "sensible" }));
    const options = await this.app.optionsOf(refs, this.optionsInput.value);
    return { refs, players, seed, agents, ...(options ? { options } : {}) };
  }

  /** The number of games a run plays, or null (and why, said) when the fields do not make a run. */
  private gamesToRun(): number | null {
    if (this.pool?.running) return null;
    const games = Number(this.gamesInput.value);
    const players = Number(this.playersInput.value);
    if (!Number.isInteger(games) || games < 1 || !Number.isInteger(players) || players < 1) {
      this.message.textContent = "Games and players are whole numbers from 1.";
      return null;
    }
    return games;
  }

  /** A run starts: the buttons say so until `done`. */
  private busy(running: boolean): void {
    this.runButton.disabled = running;
    this.ablateButton.disabled = running;
    this.cancelButton.disabled = !running;
  }

  async run(): Promise<Summary[] | null> {
    const games = this.gamesToRun();
    if (games === null) return null;
    const size = this.workers();
    const pool = this.poolOf(size);
    // with rules to compare against, the run is `houserules compare <against> <rules>`: A the rules compared
    // against (a variant's base), B the rules under test, and B − A what the rules under test change
    const runs = [this.rulesB.value.trim(), this.rulesA.value.trim()].filter(Boolean);
    this.message.textContent = "";
    this.busy(true);
    const started = performance.now();
    const total = games * runs.length;
    const out: Summary[] = [];
    const places: (Place | null)[][] = [];
    const names: (string | null)[][] = [];
    try {
      for (const rules of runs) {
        const before = out.length * games;
        const spec = await this.spec(rules);
        const summary = await pool.run(spec, games, {
          setup: this.setup(),
          onProgress: (done) => this.showProgress(before + done, total),
        });
        out.push(summary);
        const rulesRun = summary.coverage?.rules.map((r) => r.rule) ?? [];
        const where = rulesRun.length ? await this.app.rules.ask({ kind: "where", refs: spec.refs, rules: rulesRun }) : { places: [], names: [] };
        const found = where.places;
        names.push(where.names);
        // effects a fragment appends are no item of a file: the run says where each was written
        places.push(found.map((p, i) => {
          const r = summary.coverage!.rules[i];
          return r.file !== undefined && r.line !== undefined ? { path: r.file, line: r.line, changes: true } : p;
        }));
      }
      this.places = places;
      this.ruleNames = names;
      this.summaries = out;
      this.comparison = out.length === 2 ? compareSummaries(out[0], out[1]) : null;
      this.ran(started, total, size);
      this.render();
      return out;
    } catch (e) {
      this.failed(e);
      return null;
    } finally {
      this.busy(false);
    }
  }

  /** A run done: how long it took, kept for the benchmark and said under the progress bar. */
  private ran(started: number, total: number, size: number): void {
    this.lastMs = performance.now() - started;
    this.progressText.textContent = `${total} games in ${(this.lastMs / 1000).toFixed(2)} s on ${size} worker${size > 1 ? "s" : ""}`;
  }

  private failed(e: unknown): void {
    this.message.textContent = e instanceof Cancelled ? "Cancelled." : (e as Error).message;
    if (e instanceof Cancelled) this.progressText.textContent = "cancelled";
  }

  /**
   * An ablation of the Rules field (a variant, or a game with house rules added by +): the whole with coverage,
   * then without each of its own rules in turn, the same seeds and agents; the rows as compare --ablate gives them.
   */
  async ablate(): Promise<AblationResult | null> {
    const games = this.gamesToRun();
    if (games === null) return null;
    const rules = this.rulesA.value.trim();
    const size = this.workers();
    const pool = this.poolOf(size);
    this.message.textContent = "";
    this.busy(true);
    const started = performance.now();
    try {
      const spec = await this.spec(rules);
      const { units, error } = await this.app.rules.ask({ kind: "ablation", refs: spec.refs });
      if (error !== null) {
        this.message.textContent = error;
        return null;
      }
      const total = games * (units.length + 1);
      const play = (run: RunSpec, k: number) => pool.run(run, games, { setup: this.setup(), onProgress: (done) => this.showProgress(k * games + done, total) });
      const whole = await play({ ...spec, coverage: true }, 0);
      const withouts: Summary[] = [];
      for (const [k, u] of units.entries()) withouts.push(await play({ ...spec, refs: u.refs, without: u.without, coverage: false }, k + 1));
      const rows = ablationRows(whole, units.map(({ refs: _refs, without: _without, ...u }) => u), withouts);
      this.ablation = {
        rules, games, players: spec.players, seed: spec.seed, rows,
        whole: { length: whole.length.mean, finished: whole.games ? whole.finished / whole.games : 0, ties: whole.finished ? whole.ties / whole.finished : 0 },
      };
      this.ran(started, total, size);
      fill(this.results, ablationTable(this.ablation));
      return this.ablation;
    } catch (e) {
      this.failed(e);
      return null;
    } finally {
      this.busy(false);
    }
  }

  cancel(): void {
    this.pool?.cancel();
  }

  private showProgress(done: number, total: number): void {
    this.progress.max = total;
    this.progress.value = done;
    this.progressText.textContent = `${done} of ${total} games`;
  }

  private render(): void {
    for (const c of this.charts) c.destroy();
    this.charts = [];
    this.coverageCharts = [];
    const [a, b] = this.summaries;
    const columns = b ? [this.column(0, "A (against): ", b), this.column(1, "B: ", a)] : [this.column(0, "")];
    fill(this.results, this.comparison ? comparisonTable(this.comparison) : null, this.comparison ? evaluationTable(this.comparison) : null, h("div", { class: "columns" }, ...columns));
  }

  private column(index: number, prefix: string, other?: Summary): HTMLElement {
    const s = this.summaries[index];
    // a rule a variant or a card writes or changes is labelled with its file: the rules the run adds show as its own
    const notes = (this.places[index] ?? []).map((p) => (p?.changes ? p.path.split("/").pop()! : null));
    const specs = chartsOf(s, other, notes);
    const coverage = coverageChart(s);
    const bars = { open: (i: number) => this.reveal(index, i), hint: (i: number) => barHint(this.places[index]?.[i] ?? null) };
    const boxes = specs.map((spec) => this.chartBox(spec, spec.title === coverage?.title ? bars : undefined, spec.config.data.labels.length));
    return h("section", { class: "column" }, h("h3", {}, `${prefix}${s.rules}: ${s.games} games, ${s.players} players, seed ${s.seed}`), ...boxes, this.whatRulesDid(index), this.neverFired(index), summaryJson(s));
  }

  /**
   * What each rule did: the share of games in which it changed the game and the times a game, the rules the run's
   * variant or cards add or change first, each named in words where it can be; a click opens its line.
   */
  private whatRulesDid(index: number): HTMLElement | null {
    const s = this.summaries[index];
    const rules = s.coverage?.rules ?? [];
    const entries = rules.map((r, i) => ({ r, i, own: this.places[index]?.[i]?.changes === true })).filter((e) => e.r.timesFired !== undefined);
    if (!entries.length) return null;
    // effects the variant appends are its own writing; then the rules it adds or changes; then the rest
    const rank = (e: (typeof entries)[number]) => (e.own ? (e.r.file !== undefined ? 0 : 1) : 2);
    const ordered = [0, 1, 2].flatMap((k) => entries.filter((e) => rank(e) === k));
    const games = s.coverage!.games;
    return h("details", { class: "rules-did", "data-test": "rules-did", open: ordered.some((e) => e.own) },
      h("summary", {}, "What each rule did: the games in which it changed the game, and how often a game (the variant's own rules first)"),
      h("ul", {}, ...ordered.map(({ r, i, own }) => h("li", { "data-test": own ? "rule-did-own" : "rule-did", "data-rule": r.rule },
        h("button", { class: "link", onclick: () => this.revealRule(index, r.rule), title: barHint(this.places[index]?.[i] ?? null) }, ruleDidWords(this.ruleNames[index]?.[i] ?? null, r.rule, r.fired ?? 0, r.timesFired!.mean, games))))));
  }

  /** The rules that never fired, each a button that opens its line. */
  private neverFired(index: number): HTMLElement | null {
    const s = this.summaries[index];
    if (!s.coverage?.never.length) return null;
    return h("p", { class: "muted" }, "Never fired (click to open its line): ", ...s.coverage.never.map((rule) => h("button", { class: "small", "data-test": "never-fired", onclick: () => this.revealRule(index, rule) }, rule)));
  }


  /** A chart in its figure; a chart whose bars open rules' lines says so in its caption and its label. */
  private chartBox(spec: ChartSpec, onBars: BarAction | undefined, bars: number): HTMLElement {
    const opens = onBars ? " (click a bar to open its rule's line in the editor)" : "";
    const canvas = h("canvas", { "aria-label": `${spec.title}${opens}`, role: "img" });
    const tall = spec.config.options.indexAxis === "y" ? Math.max(180, bars * 16 + 60) : 220;
    const box = h("figure", { class: `chart${onBars ? " opens" : ""}`, "data-test": "chart", style: `height: ${tall}px` }, h("figcaption", {}, spec.title, opens), h("div", { class: "canvas", style: `height: ${tall - 24}px` }, canvas));
    void charting().then(({ drawChart }) => {
      const chart = drawChart(canvas, spec, onBars);
      this.charts.push(chart);
      if (onBars) this.coverageCharts.push(chart);
    });
    return box;
  }

  /** A bar of the coverage chart clicked: its rule's line (for a rule that never fired, where to look). */
  private reveal(index: number, bar: number): void {
    const rule = this.summaries[index]?.coverage?.rules[bar];
    if (rule) this.revealRule(index, rule.rule);
  }

  /** Opens the file that writes a rule of a run at its line: the run's own file, a card, or a file they extend. */
  revealRule(index: number, rule: string): void {
    const at = this.summaries[index]?.coverage?.rules.findIndex((r) => r.rule === rule) ?? -1;
    const place = this.places[index]?.[at];
    if (place) this.app.open(place.path, place.line);
    else this.message.textContent = `cannot find where ${rule} is written`;
  }
}

function summaryJson(s: Summary): HTMLElement {
  return h("details", { class: "summary-json" }, h("summary", {}, "the summary, as houserules simulate --json prints it"), h("pre", { "data-test": "summary-json" }, `${JSON.stringify(s, null, 2)}\n`));
}

/** A figure as the tables show it: a rate in per cent, a mean to three places. */
function figure(kind: "rate" | "mean", x: number, signed = false): string {
  return `${signed && x > 0 ? "+" : ""}${kind === "rate" ? `${(x * 100).toFixed(1)}%` : String(Math.round(x * 1000) / 1000)}`;
}

/** Each side's balance, drama, decisiveness and skill, as `houserules compare` sets them side by side (untested). */
export function evaluationTable(c: Comparison): HTMLElement {
  const value = (kind: "rate" | "mean", x: number | null, signed = false) => (x === null ? "none" : figure(kind, x, signed));
  return h("table", { class: "comparison", "data-test": "evaluation" },
    h("caption", {}, "Balance, drama, decisiveness and skill of each side (docs/agents.md defines them): each run's own figures, not tested."),
    h("thead", {}, h("tr", {}, h("th", {}, "figure"), h("th", {}, "what"), h("th", {}, "A"), h("th", {}, "B"), h("th", {}, "B − A"))),
    h("tbody", {}, ...c.evaluation.map((e) => h("tr", {},
      h("td", {}, e.measure), h("td", {}, e.what), h("td", {}, value(e.kind, e.a)), h("td", {}, value(e.kind, e.b)), h("td", {}, e.difference === null ? "" : value(e.kind, e.difference, true))))));
}

/** The comparison in the words of `houserules compare`: A, B, B − A, and what a mark means. */
export function comparisonTable(c: Comparison): HTMLElement {
  const value = figure;
  const tested = c.differences.filter((d) => d.p !== null).length;
  const marked = c.differences.filter((d) => d.significant).length;
  const held = c.differences.filter((d) => d.significantHolm).length;
  const p = (x: number | null) => (x === null ? "—" : x < 0.001 ? "<0.001" : x.toFixed(3));
  return h("table", { class: "comparison", "data-test": "comparison" },
    h("caption", {},
      h("span", { class: "side" }, `A: ${c.a}`), h("span", { class: "side" }, `B: ${c.b}`),
      h("span", {}, `${c.games[0]} and ${c.games[1]} games, the same seeds and seats on both sides: B − A is what B changes, as houserules compare ${c.a} ${c.b} prints it. ★ the difference is significant at 95% (two-sided p below 0.05); ${marked} of ${tested} tested figures differ.`),
      h("span", { class: "muted", "data-test": "chance-note" }, chanceNote(tested)),
      h("span", { "data-test": "holm-note" }, `${holmNote(tested, held)} Its p is the column p (Holm), and ★ beside it marks a difference that stays.`)),
    h("thead", {}, h("tr", {}, h("th", {}, "measure"), h("th", {}, "A"), h("th", {}, "B"), h("th", {}, "B − A"), h("th", {}, "p"), h("th", {}, ""), h("th", {}, "p (Holm)"), h("th", {}, ""))),
    h("tbody", {}, ...c.differences.map((d) => h("tr", { class: d.significant ? "significant" : "" },
      h("td", {}, d.measure), h("td", {}, value(d.kind, d.a)), h("td", {}, value(d.kind, d.b)), h("td", {}, value(d.kind, d.difference, true)),
      h("td", {}, p(d.p)), h("td", { "data-test": d.significant ? "significant" : undefined }, d.significant ? "★" : ""),
      h("td", {}, p(d.pHolm)), h("td", { "data-test": d.significantHolm ? "significant-holm" : undefined }, d.significantHolm ? "★" : "")))));
}
