// The charts of a run, as configurations for Chart.js and its error-bar and box-plot charts: made from the
// summary that `houserules simulate --json` prints, so the page shows those very figures. Nothing here draws;
// the page hands each configuration to the library.
import type { Summary } from "../sim/simulate.js";
import { binLabel, commonBins, type Histogram } from "../sim/histogram.js";

export interface ChartSpec {
  /** What the chart shows, as its heading. */
  title: string;
  /** The configuration handed to Chart.js. */
  config: { type: string; data: { labels: string[]; datasets: Record<string, unknown>[] }; options: Record<string, unknown> };
}

const percent = (x: number) => Math.round(x * 1000) / 10;
const seatLabel = (s: Summary, seat: number) => `P${seat} (${s.agents[seat - 1]})`;

function options(yTitle: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    animation: false,
    responsive: true,
    maintainAspectRatio: false,
    plugins: { legend: { display: false } },
    scales: { y: { beginAtZero: true, title: { display: true, text: yTitle } } },
    ...extra,
  };
}

/** Wins by seat, with the 95% interval of each seat's win rate. */
export function winsBySeat(s: Summary, colour = "#2f7a50"): ChartSpec {
  return {
    title: `Wins by seat, with 95% intervals (${s.finished} finished games)`,
    config: {
      type: "barWithErrorBars",
      data: {
        labels: s.seats.map((x) => seatLabel(s, x.seat)),
        datasets: [{
          label: "win rate %",
          data: s.seats.map((x) => ({ y: percent(x.winRate), yMin: percent(x.winRate95[0]), yMax: percent(x.winRate95[1]) })),
          backgroundColor: colour,
          errorBarColor: "#1d1d1d",
          errorBarWhiskerColor: "#1d1d1d",
        }],
      },
      options: options("win rate %", { scales: { y: { beginAtZero: true, max: 100, title: { display: true, text: "win rate %" } } } }),
    },
  };
}

/** How long games ran, in moves: the summary's own bins, or others given (those it shares with another run). */
export function lengthHistogram(s: Summary, colour = "#2b4c7e", h: Histogram = s.lengthHistogram, yMax?: number): ChartSpec {
  return {
    title: `Game length in moves (mean ${s.length.mean}, median ${s.length.median})`,
    config: {
      type: "bar",
      data: { labels: h.bins.map((b) => binLabel(b.from, b.to, h.width)), datasets: [{ label: "games", data: h.bins.map((b) => b.count), backgroundColor: colour, categoryPercentage: 1, barPercentage: 0.95 }] },
      options: options("games", { scales: { x: { title: { display: true, text: "moves" } }, y: { beginAtZero: true, max: yMax, title: { display: true, text: "games" } } } }),
    },
  };
}

/** Final scores by seat as box plots (least, quartiles, median, most), for rules with scores. */
export function scoreSpreadChart(s: Summary, colour = "#d97706", range?: { min: number; max: number }): ChartSpec | null {
  if (!s.scores) return null;
  return {
    title: `Final scores by seat (${s.scores.games} games; best less worst: mean ${s.scores.gap.mean})`,
    config: {
      type: "boxplot",
      data: {
        labels: s.scores.seats.map((x) => seatLabel(s, x.seat)),
        datasets: [{ label: "score", data: s.scores.seats.map((x) => ({ min: x.min, q1: x.q1, median: x.median, q3: x.q3, max: x.max, mean: x.mean })), backgroundColor: `${colour}66`, borderColor: colour }],
      },
      options: options("score", { scales: { y: { ...range, title: { display: true, text: "score" } } } }),
    },
  };
}

/** Lead changes per game and the gap between best and worst, each as mean with one standard deviation. */
export function leadChangesChart(s: Summary, colour = "#7c3aed", yMax?: number): ChartSpec | null {
  if (!s.scores) return null;
  const l = s.scores.leadChanges;
  const g = s.scores.gap;
  const bar = (x: { mean: number; sd: number }) => ({ y: x.mean, yMin: Math.max(0, x.mean - x.sd), yMax: x.mean + x.sd });
  return {
    title: `Lead changes a game (mean ${l.mean}, max ${l.max}) and the best less the worst score (mean ${g.mean})`,
    config: {
      type: "barWithErrorBars",
      data: { labels: ["lead changes", "best less worst"], datasets: [{ label: "mean ± sd", data: [bar(l), bar(g)], backgroundColor: colour }] },
      options: options("per game", { scales: { y: { beginAtZero: true, max: yMax, title: { display: true, text: "per game" } } } }),
    },
  };
}

const standings = (by: string) => (by === "scores" ? "on the scores" : "on the agents' evaluation");

/** Drama: how many games had how many lead changes, on the summary's own bins or others given (shared with another run). */
export function dramaChart(s: Summary, colour = "#be185d", h: Histogram | undefined = s.drama?.histogram, yMax?: number): ChartSpec | null {
  const d = s.drama;
  if (!d || !h) return null;
  return {
    title: `Drama: lead changes a game ${standings(d.by)} (mean ${d.leadChanges.mean}, median ${d.leadChanges.median}, ${d.games} games)`,
    config: {
      type: "bar",
      data: { labels: h.bins.map((b) => binLabel(b.from, b.to, h.width)), datasets: [{ label: "games", data: h.bins.map((b) => b.count), backgroundColor: colour, categoryPercentage: 1, barPercentage: 0.95 }] },
      options: options("games", { scales: { x: { title: { display: true, text: "lead changes a game" } }, y: { beginAtZero: true, max: yMax, title: { display: true, text: "games" } } } }),
    },
  };
}

/** The lowest point the evaluation chart needs: 0, or a skill below chance (its 95% interval's lower end). */
function evaluationFloor(s: Summary): number {
  return Math.min(0, s.skill?.value95[0] ?? 0);
}

/**
 * Balance (1 − the highest seat win rate less the lowest), decisiveness (the share of a game still to play once
 * its winners stood ahead to the end: mean ± sd) and, with different agents, skill (the strongest agent's win rate
 * less chance, with its 95% interval), on one axis from `min` (0, or below for a skill below chance) to 1.
 */
export function evaluationChart(s: Summary, colour = "#475569", min = evaluationFloor(s)): ChartSpec | null {
  const bars: [string, { y: number; yMin: number; yMax: number }][] = [];
  if (s.balance) bars.push(["balance", { y: s.balance.value, yMin: s.balance.value, yMax: s.balance.value }]);
  const d = s.decisiveness?.settled;
  if (d) bars.push(["decisiveness", { y: d.mean, yMin: Math.max(0, d.mean - d.sd), yMax: Math.min(1, d.mean + d.sd) }]);
  if (s.skill) bars.push([`skill (${s.skill.stronger})`, { y: s.skill.value, yMin: s.skill.value95[0], yMax: s.skill.value95[1] }]);
  if (!bars.length) return null;
  const parts = [s.balance ? `balance ${s.balance.value}` : null, d ? `decisiveness ${d.mean}` : null, s.skill ? `skill ${s.skill.value}` : "skill: one kind of agent"].filter(Boolean);
  return {
    title: `Balance, decisiveness and skill (${parts.join(", ")})`,
    config: {
      type: "barWithErrorBars",
      data: { labels: bars.map(([label]) => label), datasets: [{ label: "value", data: bars.map(([, bar]) => bar), backgroundColor: colour, errorBarColor: "#1d1d1d", errorBarWhiskerColor: "#1d1d1d" }] },
      options: options("0 to 1", { scales: { y: { min: Math.floor(min * 10) / 10, max: 1, title: { display: true, text: "0 to 1" } } } }),
    },
  };
}

/**
 * One bar per rule: in what share of games it fired, the rules that never fired at zero. `notes` add a word to
 * a rule's label (the file that writes it, for the rules a variant or a card writes).
 */
export function coverageChart(s: Summary, colour = "#0f766e", notes: (string | null)[] = []): ChartSpec | null {
  const t = s.coverage;
  if (!t) return null;
  return {
    title: `Rule coverage: share of ${t.games} games in which each rule fired (${t.never.length} never fired)`,
    config: {
      type: "bar",
      data: { labels: t.rules.map((r, i) => `${r.rule} (${r.what})${notes[i] ? ` · ${notes[i]}` : ""}`), datasets: [{ label: "% of games", data: t.rules.map((r) => (t.games ? percent(r.games / t.games) : 0)), backgroundColor: t.rules.map((r) => (r.count ? colour : "#c0392b")) }] },
      // every rule's bar is labelled: Chart.js would otherwise leave out labels it finds crowded
      options: options("% of games", { indexAxis: "y", scales: { x: { beginAtZero: true, max: 100, title: { display: true, text: "% of games" } }, y: { ticks: { autoSkip: false } } } }),
    },
  };
}

/**
 * Every chart the summary has figures for, in the order the page shows them. Beside another run (`other`, the
 * other side of a comparison) each chart has the same bins and axes as the other's, so the two read alike.
 */
export function chartsOf(s: Summary, other?: Summary, ruleNotes?: (string | null)[]): ChartSpec[] {
  const both = other ? [s, other] : [s];
  const [length] = other ? commonBins(s.lengthHistogram, other.lengthHistogram) : [s.lengthHistogram];
  const lengthMax = other ? Math.max(...commonBins(s.lengthHistogram, other.lengthHistogram).flatMap((h) => h.bins.map((b) => b.count))) : undefined;
  const scored = both.flatMap((x) => (x.scores ? [x.scores] : []));
  const range = other && scored.length === 2
    ? { min: Math.min(...scored.flatMap((x) => x.seats.map((p) => p.min))), max: Math.max(...scored.flatMap((x) => x.seats.map((p) => p.max))) }
    : undefined;
  const leadMax = other && scored.length === 2 ? Math.max(...scored.flatMap((x) => [x.leadChanges, x.gap].map((m) => m.mean + m.sd))) : undefined;
  const dramas = other?.drama && s.drama ? commonBins(s.drama.histogram, other.drama.histogram) : null;
  const dramaMax = dramas ? Math.max(...dramas.flatMap((h) => h.bins.map((b) => b.count))) : undefined;
  const floor = Math.min(...both.map(evaluationFloor));
  return [winsBySeat(s), lengthHistogram(s, undefined, length, lengthMax), scoreSpreadChart(s, undefined, range), leadChangesChart(s, undefined, leadMax),
    dramaChart(s, undefined, dramas?.[0], dramaMax), evaluationChart(s, undefined, floor), coverageChart(s, undefined, ruleNotes)]
    .filter((c): c is ChartSpec => c !== null);
}
