// The HTML report of a simulation run: one self-contained file (inline CSS and SVG, no script, nothing fetched)
// with the same numbers as the text and --json output, drawn as charts.
import { existsSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import type { Summary } from "../sim/simulate.js";
import type { CoverageTable } from "../sim/coverage.js";
import { binLabel } from "../sim/histogram.js";
import { boxPlots, esc, histogramChart, intervalBars, num, pct, shareBar } from "./svg.js";

const style = `
body { font-family: system-ui, sans-serif; margin: 2rem auto; max-width: 960px; padding: 0 1rem; color: #222; }
h1 { font-size: 1.5rem; margin-bottom: .2rem; }
h2 { font-size: 1.15rem; margin-top: 2.2rem; border-bottom: 1px solid #ddd; padding-bottom: .2rem; }
h3 { font-size: 1rem; margin-top: 1.4rem; }
p.lead { color: #555; margin-top: 0; }
table { border-collapse: collapse; margin: .6rem 0; font-size: .9rem; }
th, td { padding: .25rem .6rem; text-align: left; border-bottom: 1px solid #eee; }
td.n, th.n { text-align: right; font-variant-numeric: tabular-nums; }
tr.never td { background: #fde2e1; color: #8a1c1c; }
.never-list { background: #fde2e1; border-left: 4px solid #d62728; padding: .5rem .8rem; }
.ok-list { background: #e6f4ea; border-left: 4px solid #2ca02c; padding: .5rem .8rem; }
.problem { background: #fff4e5; border-left: 4px solid #ff7f0e; padding: .5rem .8rem; }
dl.facts { display: grid; grid-template-columns: max-content 1fr; gap: .2rem 1rem; }
dl.facts dt { color: #555; }
dl.facts dd { margin: 0; }
figure { margin: .8rem 0; }
figcaption { color: #555; font-size: .85rem; }
svg { max-width: 100%; height: auto; }
`;

/** Writes the report of a run; returns the absolute path written. */
/** Writes the report into a folder that exists: a mistyped folder is an error, never a new folder. */
export function writeReport(file: string, s: Summary): string {
  const path = resolve(file);
  if (!existsSync(dirname(path))) throw new Error(`no such folder: ${dirname(path)}`);
  writeFileSync(path, reportHtml(s));
  return path;
}

export function reportHtml(s: Summary): string {
  const parts: string[] = [];
  parts.push(`<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>${esc(`houserules simulate ${s.rules}`)}</title>\n<style>${style}</style>\n</head>\n<body>`);
  parts.push(`<h1>${esc(s.rules)}</h1>`);
  parts.push(`<p class="lead">${s.games} games, ${s.players} players, seed ${esc(String(s.seed))}; agents ${esc(s.agents.join(", "))}</p>`);
  parts.push(overview(s));
  parts.push(seats(s));
  if (s.byAgent) parts.push(agents(s));
  parts.push(lengths(s));
  if (s.scores) parts.push(scores(s));
  if (s.coverage) parts.push(coverage(s));
  parts.push(`</body>\n</html>\n`);
  return parts.join("\n");
}

function overview(s: Summary): string {
  const facts: [string, string][] = [
    ["finished", `${s.finished} of ${s.games}${s.unfinished ? ` (${s.unfinished} did not finish)` : ""}`],
    ["shared wins", `${s.ties} games (${pct(s.finished ? s.ties / s.finished : 0)} of finished games)`],
    ["game length", `mean ${s.length.mean} moves, sd ${s.length.sd}, min ${s.length.min}, median ${s.length.median}, max ${s.length.max}`],
    ["moves", `${s.moves} in all`],
    ["decisions", `${s.branching.decisions} in all, ${s.branching.perGame} a game`],
    ["branching factor", `${s.branching.mean} legal moves per decision on average`],
  ];
  const problems = s.problems.map((p) => `<p class="problem">problem in ${p.games} game(s), first with seed <code>${esc(p.firstSeed)}</code>: ${esc(p.message)}</p>`);
  return `<h2>Overview</h2>\n<dl class="facts">\n${facts.map(([k, v]) => `<dt>${esc(k)}</dt><dd>${esc(v)}</dd>`).join("\n")}\n</dl>\n${problems.join("\n")}`;
}

/** The share of wins a seat would get if every seat were alike: all wins spread evenly over the seats. */
function chanceOf(s: Summary): number {
  const all = s.wins.reduce((a, b) => a + b, 0);
  return s.finished ? all / (s.finished * s.players) : 0;
}

function seats(s: Summary): string {
  const chance = chanceOf(s);
  const chart = intervalBars(
    "win rate by seat, with 95% intervals",
    s.seats.map((x) => ({ label: `P${x.seat}`, sublabel: x.agent, value: x.winRate, lo: x.winRate95[0], hi: x.winRate95[1], note: `${x.wins} wins, ${x.losses} losses` })),
    { value: chance, label: `every seat alike: ${pct(chance)}` },
  );
  const rows = s.seats.map((x) => `<tr><td>P${x.seat}</td><td>${esc(x.agent)}</td><td class="n">${x.wins}</td><td class="n">${pct(x.winRate)}</td><td class="n">${pct(x.winRate95[0])}–${pct(x.winRate95[1])}</td><td class="n">${x.losses}</td></tr>`);
  return `<h2>Wins by seat</h2>
<figure>${chart}<figcaption>Share of finished games each seat won, with its 95% Wilson interval. The dashed line is the share a seat would get if every seat were alike (all wins spread evenly, shared wins included); a seat whose interval misses it is likely favoured or hurt by its place.</figcaption></figure>
<table><thead><tr><th>seat</th><th>agent</th><th class="n">wins</th><th class="n">win rate</th><th class="n">95% interval</th><th class="n">losses</th></tr></thead>
<tbody>${rows.join("\n")}</tbody></table>`;
}

function agents(s: Summary): string {
  const kinds = s.byAgent!;
  const chart = intervalBars(
    "win rate per seat by agent, with 95% intervals",
    kinds.map((k) => ({ label: k.agent, sublabel: `seats ${k.seats.map((x) => `P${x}`).join(" ")}`, value: k.winRate, lo: k.winRate95[0], hi: k.winRate95[1], note: `${k.wins} wins in ${k.trials} seat-games` })),
    { value: kinds[0].chance, label: `by chance: ${pct(kinds[0].chance)}` },
  );
  const rows = kinds.map((k) => `<tr><td>${esc(k.agent)}</td><td>${k.seats.map((x) => `P${x}`).join(", ")}</td><td class="n">${k.wins}</td><td class="n">${pct(k.winRate)}</td><td class="n">${pct(k.winRate95[0])}–${pct(k.winRate95[1])}</td><td class="n">${pct(k.chance)}</td><td class="n">${k.edge}×</td></tr>`);
  return `<h2>Wins by agent</h2>
<figure>${chart}<figcaption>Wins of each kind of agent over all its seats, per seat and finished game, with a 95% interval, against the share a seat gets by chance.</figcaption></figure>
<table><thead><tr><th>agent</th><th>seats</th><th class="n">wins</th><th class="n">win rate</th><th class="n">95% interval</th><th class="n">by chance</th><th class="n">vs chance</th></tr></thead>
<tbody>${rows.join("\n")}</tbody></table>`;
}

function lengths(s: Summary): string {
  const h = s.lengthHistogram;
  const chart = h.bins.length ? histogramChart("game length in moves", h, "moves") : "<p>No game finished.</p>";
  const tail = h.bins.length && h.bins[h.bins.length - 1].to === null ? " The pale last bar gathers the longest games, beyond the 99th percentile." : "";
  const rows = h.bins.map((b) => `<tr><td>${esc(binLabel(b.from, b.to, h.width))}</td><td class="n">${b.count}</td></tr>`);
  return `<h2>Game length</h2>
<figure>${chart}<figcaption>Finished games by length in moves (bins of ${num(h.width)} moves).${tail}</figcaption></figure>
<details><summary>bins</summary><table><thead><tr><th>moves</th><th class="n">games</th></tr></thead><tbody>${rows.join("\n")}</tbody></table></details>`;
}

function scores(s: Summary): string {
  const sc = s.scores!;
  if (sc.games === 0) return `<h2>Scores</h2>\n<p>No finished game with scores.</p>`;
  const chart = boxPlots(
    "final score by seat",
    sc.seats.map((x) => ({ label: `P${x.seat}`, sublabel: s.agents[x.seat - 1], min: x.min, q1: x.q1, median: x.median, q3: x.q3, max: x.max, mean: x.mean })),
  );
  const rows = sc.seats.map((x) => `<tr><td>P${x.seat}</td><td class="n">${x.mean}</td><td class="n">${x.sd}</td><td class="n">${x.min}</td><td class="n">${x.q1}</td><td class="n">${x.median}</td><td class="n">${x.q3}</td><td class="n">${x.max}</td></tr>`);
  return `<h2>Scores</h2>
<figure>${chart}<figcaption>Final scores of ${sc.games} finished games by seat: whiskers from least to greatest, the box between the quartiles, the median as a line, the mean as a red dot.</figcaption></figure>
<table><thead><tr><th>seat</th><th class="n">mean</th><th class="n">sd</th><th class="n">min</th><th class="n">lower quartile</th><th class="n">median</th><th class="n">upper quartile</th><th class="n">max</th></tr></thead>
<tbody>${rows.join("\n")}</tbody></table>
<dl class="facts">
<dt>best less worst score</dt><dd>mean ${sc.gap.mean}, sd ${sc.gap.sd}, min ${sc.gap.min}, median ${sc.gap.median}, max ${sc.gap.max}</dd>
<dt>lead changes</dt><dd>mean ${sc.leadChanges.mean} a game, sd ${sc.leadChanges.sd}, max ${sc.leadChanges.max} (the player ahead alone on score, after each move, giving way to another)</dd>
</dl>`;
}

function coverage(s: Summary): string {
  const parts = [`<h2>Rule coverage</h2>\n<p>How often each rule fired over ${s.coverage!.games} games: an action taken, a phase entered, a trigger fired, or a requirement refusing a move (counted also while legal moves are listed). Rules that never fired are highlighted.</p>`];
  parts.push(coverageTable(s.coverage!, null));
  for (const t of s.innerCoverage) parts.push(coverageTable(t, s.coverage!.games));
  return parts.join("\n");
}

function coverageTable(t: CoverageTable, outerGames: number | null): string {
  const heading = outerGames === null ? "" : `<h3>${esc(t.name)} <small>(${esc(t.id)}), played inside ${t.games} of ${outerGames} games</small></h3>\n`;
  const never = t.never.length
    ? `<p class="never-list">Never fired (${t.never.length} of ${t.rules.length}): ${t.never.map((r) => `<code>${esc(r)}</code>`).join(", ")}</p>`
    : `<p class="ok-list">Every one of the ${t.rules.length} rules fired.</p>`;
  const rows = t.rules.map((r) => {
    const share = t.games ? r.games / t.games : 0;
    return `<tr${r.count === 0 ? ` class="never"` : ""}><td><code>${esc(r.rule)}</code></td><td>${esc(r.what)}</td><td class="n">${r.count}</td><td class="n">${r.games}</td><td class="n">${pct(share)}</td><td>${shareBar(share)}</td></tr>`;
  });
  return `${heading}${never}
<table class="coverage"><thead><tr><th>rule</th><th>counted when</th><th class="n">times</th><th class="n">games</th><th class="n">share of games</th><th></th></tr></thead>
<tbody>${rows.join("\n")}</tbody></table>`;
}
