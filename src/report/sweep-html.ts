// The HTML report of a sweep: one self-contained file (Chart.js and the data inline, nothing fetched) with a heat
// map of the cells by a figure chosen on the page, the findings, and a table of every cell that sorts by any
// column, each row with the command that replays the cell's first game.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import type { SweepResult } from "../sweep/result.js";
import { esc } from "./svg.js";
import { isMissing, missingPackages } from "../node/optional.js";

/** The rows the page draws: a few figures per cell, not the cells' whole summaries. */
export function reportRows(r: SweepResult): (string | number | null)[][] {
  return r.cells.map((c) => {
    const s = c.summary;
    const best = s ? s.seats.reduce((a, x) => (x.winRate > a.winRate ? x : a), s.seats[0]) : null;
    const agents = new Set(c.agents).size === 1 ? c.agents[0] : c.agents.join(",");
    return [
      c.cell, c.rules, c.players, agents, s ? s.games : 0, s ? share(s.unfinished, s.games) : null, s ? s.length.mean : null, s ? s.length.median : null,
      best ? best.winRate : null, best ? `P${best.seat}` : "", s ? share(s.ties, s.finished) : null, s ? s.branching.mean : null,
      s?.coverage ? s.coverage.never.length : null, c.skipped ?? "", c.replay,
    ];
  });
}

const columns = ["cell", "rules", "players", "agents", "games", "unfinished", "mean length", "median length", "best seat's win rate", "best seat", "shared wins", "branching", "rules never fired", "skipped", "replay"];
/** The columns the heat map can be coloured by, as indexes into a row. */
const figures = [6, 5, 8, 10, 11, 12];

function share(a: number, b: number): number {
  return b ? Math.round((a / b) * 10000) / 10000 : 0;
}

function chartScript(): string {
  const require = createRequire(import.meta.url);
  let resolved: string;
  try {
    resolved = require.resolve("chart.js");
  } catch (e) {
    if (isMissing(e, ["chart.js"])) throw missingPackages("a sweep's report", ["chart.js"]);
    throw e;
  }
  const file = join(dirname(resolved), "chart.umd.min.js");
  if (!existsSync(file)) throw new Error(`cannot find Chart.js (${file})`);
  return readFileSync(file, "utf8").replace(/\n\/\/# sourceMappingURL=.*$/, "");
}

export function sweepReportHtml(r: SweepResult): string {
  const data = JSON.stringify({ columns, figures, rows: reportRows(r), findings: r.findings }).replace(/</g, "\\u003c");
  const played = r.cells.filter((c) => c.summary).length;
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${esc(`houserules sweep ${r.sweep}`)}</title>
<style>
body { font-family: system-ui, sans-serif; margin: 2rem auto; max-width: 1200px; padding: 0 1rem; color: #222; }
h1 { font-size: 1.5rem; margin-bottom: .2rem; }
h2 { font-size: 1.15rem; margin-top: 2rem; border-bottom: 1px solid #ddd; padding-bottom: .2rem; }
p.lead { color: #555; margin-top: 0; }
table { border-collapse: collapse; font-size: .85rem; }
th, td { padding: .2rem .5rem; text-align: left; border-bottom: 1px solid #eee; vertical-align: top; }
th { cursor: pointer; user-select: none; background: #f6f6f6; position: sticky; top: 0; }
th.sorted-up::after { content: " ▲"; } th.sorted-down::after { content: " ▼"; }
td.n { text-align: right; font-variant-numeric: tabular-nums; }
td code { font-size: .75rem; white-space: nowrap; }
tr.flash td { background: #fff3b0; }
#map-box { position: relative; height: 420px; }
.finding-unfinished td:first-child, .finding-seat td:first-child { border-left: 4px solid #d62728; }
.finding-rule td:first-child { border-left: 4px solid #ff7f0e; }
.finding-outlier td:first-child { border-left: 4px solid #1f77b4; }
</style>
</head>
<body>
<h1>${esc(r.sweep)}</h1>
<p class="lead">${r.cells.length} cells (${played} played), ${r.games} games each, seed ${esc(String(r.seed))}; houserules ${esc(r.program)}, sweep ${esc(r.key)}${r.complete ? "" : " — <strong>incomplete</strong>: not every shard was merged"}</p>
<h2>Heat map</h2>
<p>Colour by <select id="figure"></select> — darker is higher; grey cells were not played. Click a cell to find it in the table.</p>
<div id="map-box"><canvas id="map"></canvas></div>
<h2>Findings (${r.findings.length})</h2>
<div id="findings"></div>
<h2>Cells</h2>
<p>Click a column to sort by it. Each row's command plays the cell's first game again, event by event.</p>
<div id="cells"></div>
<script>${chartScript()}</script>
<script type="application/json" id="data">${data}</script>
<script>
(() => {
  const d = JSON.parse(document.getElementById("data").textContent);
  const el = (tag, attrs = {}, text) => { const e = document.createElement(tag); for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v); if (text !== undefined) e.textContent = text; return e; };
  const fmt = (v, col) => v === null ? "" : typeof v === "number" && /unfinished|rate|shared/.test(d.columns[col]) ? (v * 100).toFixed(1) + "%" : String(v);
  function table(box, columns, rows, rowClass, onRow) {
    const t = el("table"); const head = el("tr");
    let sorted = -1, dir = 1;
    columns.forEach((c, i) => { const th = el("th", {}, c); th.onclick = () => { dir = sorted === i ? -dir : 1; sorted = i; draw(); }; head.append(th); });
    const thead = el("thead"); thead.append(head); const tbody = el("tbody"); t.append(thead, tbody); box.append(t);
    function draw() {
      [...head.children].forEach((th, i) => th.className = i === sorted ? (dir > 0 ? "sorted-up" : "sorted-down") : "");
      const order = rows.map((r, i) => i);
      if (sorted >= 0) order.sort((a, b) => { const x = rows[a][sorted], y = rows[b][sorted]; if (x === y) return a - b; if (x === null || x === "") return 1; if (y === null || y === "") return -1; return (x < y ? -1 : 1) * dir; });
      tbody.replaceChildren(...order.map((i) => { const tr = el("tr", { class: rowClass(rows[i]) }); onRow(tr, rows[i]); return tr; }));
    }
    draw();
  }
  table(document.getElementById("findings"), ["cell", "kind", "what", "how sure"], d.findings.map((f) => [f.cell, f.kind, f.says, f.confidence]),
    (r) => "finding-" + r[1].split(" ")[0], (tr, r) => { for (const v of r) tr.append(el("td", {}, String(v))); tr.onclick = () => show(r[0]); });
  table(document.getElementById("cells"), d.columns, d.rows, () => "", (tr, r) => {
    tr.id = "cell-" + r[0];
    r.forEach((v, i) => { const td = el("td", typeof v === "number" ? { class: "n" } : {}); if (i === r.length - 1) td.append(el("code", {}, v)); else td.textContent = fmt(v, i); tr.append(td); });
  });
  function show(cell) { const tr = document.getElementById("cell-" + cell); if (!tr) return; tr.scrollIntoView({ block: "center" }); tr.classList.add("flash"); setTimeout(() => tr.classList.remove("flash"), 1500); }
  // the heat map: one square per cell, rows of rule sets by the tables (players and agents) they were played at
  const tables = [...new Set(d.rows.map((r) => r[2] + " " + r[3]))];
  const perRow = tables.length > 1 ? tables.length : Math.ceil(Math.sqrt(d.rows.length * 3));
  const points = d.rows.map((r, i) => ({ x: tables.length > 1 ? tables.indexOf(r[2] + " " + r[3]) : i % perRow, y: tables.length > 1 ? Math.floor(i / tables.length) : Math.floor(i / perRow), row: r }));
  const select = document.getElementById("figure");
  for (const f of d.figures) select.append(el("option", { value: f }, d.columns[f]));
  const colours = () => {
    const f = Number(select.value); const vs = d.rows.map((r) => r[f]).filter((v) => typeof v === "number");
    const lo = Math.min(...vs), hi = Math.max(...vs);
    return d.rows.map((r) => typeof r[f] !== "number" ? "#ddd" : "hsl(210, 70%, " + (92 - (hi > lo ? (r[f] - lo) / (hi - lo) : 0) * 62) + "%)");
  };
  const integers = (n) => Array.from({ length: n }, (_, i) => ({ value: i }));
  const rowsOf = Math.max(...points.map((p) => p.y)) + 1;
  document.getElementById("map-box").style.height = Math.min(900, Math.max(160, rowsOf * 22 + 80)) + "px";
  const chart = new Chart(document.getElementById("map"), {
    type: "scatter",
    data: { datasets: [{ data: points, pointStyle: "rect", pointRadius: Math.max(3, Math.min(10, 600 / Math.max(perRow, rowsOf) / 2)), pointHoverRadius: 12, backgroundColor: colours() }] },
    options: {
      responsive: true, maintainAspectRatio: false, animation: false,
      plugins: { legend: { display: false }, tooltip: { callbacks: { label: (c) => { const r = c.raw.row; const f = Number(select.value); return "cell " + r[0] + ": " + r[1] + " (" + r[2] + " players, " + r[3] + "): " + d.columns[f] + " " + fmt(r[f], f); } } } },
      scales: {
        x: { min: -0.5, max: (tables.length > 1 ? tables.length : perRow) - 0.5, afterBuildTicks: (a) => { a.ticks = integers(tables.length > 1 ? tables.length : perRow); }, ticks: { autoSkip: true, callback: (v) => tables.length > 1 ? tables[v] : "+" + v }, grid: { display: false } },
        y: { reverse: true, min: -0.5, max: rowsOf - 0.5, afterBuildTicks: (a) => { a.ticks = integers(rowsOf); }, ticks: { autoSkip: true, callback: (v) => tables.length > 1 ? (d.rows[v * tables.length]?.[1] ?? "").slice(0, 40) : "cells " + v * perRow + "–" + Math.min(d.rows.length - 1, v * perRow + perRow - 1) }, grid: { display: false } },
      },
      onClick: (e, items) => { if (items.length) show(points[items[0].index].row[0]); },
    },
  });
  select.onchange = () => { chart.data.datasets[0].backgroundColor = colours(); chart.update(); };
})();
</script>
</body>
</html>
`;
}

/** Writes the report into a folder that exists; returns the absolute path written. */
export function writeSweepReport(file: string, r: SweepResult): string {
  const path = resolve(file);
  if (!existsSync(dirname(path))) throw new Error(`no such folder: ${dirname(path)}`);
  writeFileSync(path, sweepReportHtml(r));
  return path;
}
