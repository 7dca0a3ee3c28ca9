// Charts drawn as inline SVG text: no script, no network, nothing to load. Every chart is a function from numbers
// to an <svg> element; hovering a mark shows its exact numbers (an SVG <title>).
import { binLabel, type Histogram } from "../sim/histogram.js";

export function esc(text: string | number): string {
  return String(text).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

export function pct(x: number, digits = 1): string {
  return `${(x * 100).toFixed(digits)}%`;
}

/** A number with at most a few decimals, for axis labels. */
export function num(x: number): string {
  return String(Number(x.toPrecision(6)));
}

const font = `font-family="system-ui, sans-serif" font-size="12"`;

function svg(width: number, height: number, label: string, body: string[]): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img" aria-label="${esc(label)}" ${font}>\n<title>${esc(label)}</title>\n${body.join("\n")}\n</svg>`;
}

function n2(x: number): string {
  return (Math.round(x * 100) / 100).toString();
}

/** Round axis steps covering [0, max]: 1, 2 or 5 times a power of ten, about five of them. */
export function ticks(max: number, count = 5): number[] {
  if (!(max > 0)) return [0, 1];
  const raw = max / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw)!;
  const out: number[] = [];
  for (let v = 0; v < max + step * 0.999; v += step) out.push(Number(v.toPrecision(10)));
  return out;
}

export interface IntervalBar {
  label: string; // under the bar (a seat: P1)
  sublabel?: string; // under the label (its agent)
  value: number; // a proportion, 0–1
  lo: number;
  hi: number;
  note?: string; // added to the tooltip
}

/** Proportions as vertical bars, each with its 95% interval as an error bar, and an optional reference line. */
export function intervalBars(title: string, bars: readonly IntervalBar[], reference?: { value: number; label: string }): string {
  const left = 48;
  const top = 16;
  const plotH = 200;
  const slot = Math.max(56, Math.min(110, 560 / Math.max(1, bars.length)));
  const right = left + slot * bars.length + 8; // the end of the plot; reference labels go beyond it
  const width = right + (reference ? 150 : 16);
  const height = top + plotH + 44;
  const yMax = Math.min(1, Math.max(0.1, Math.ceil(Math.max(...bars.map((b) => b.hi), reference?.value ?? 0) * 10 + 0.5) / 10));
  const y = (v: number) => top + plotH - (v / yMax) * plotH;
  const body: string[] = [];
  for (const t of ticks(yMax)) {
    if (t > yMax + 1e-9) continue;
    body.push(`<line x1="${left}" x2="${right}" y1="${n2(y(t))}" y2="${n2(y(t))}" stroke="#e3e3e3"/>`);
    body.push(`<text x="${left - 6}" y="${n2(y(t) + 4)}" text-anchor="end" fill="#555">${esc(pct(t, 0))}</text>`);
  }
  bars.forEach((b, i) => {
    const cx = left + slot * i + slot / 2;
    const w = slot * 0.5;
    const tip = `${b.label}${b.sublabel ? ` (${b.sublabel})` : ""}: ${pct(b.value)}, 95% interval ${pct(b.lo)}–${pct(b.hi)}${b.note ? `; ${b.note}` : ""}`;
    body.push(`<g class="bar"><title>${esc(tip)}</title>`);
    body.push(`<rect x="${n2(cx - w / 2)}" y="${n2(y(b.value))}" width="${n2(w)}" height="${n2(y(0) - y(b.value))}" fill="#4c78a8"/>`);
    body.push(`<line class="interval" x1="${n2(cx)}" x2="${n2(cx)}" y1="${n2(y(b.lo))}" y2="${n2(y(b.hi))}" stroke="#222" stroke-width="1.5"/>`);
    for (const v of [b.lo, b.hi]) body.push(`<line x1="${n2(cx - 7)}" x2="${n2(cx + 7)}" y1="${n2(y(v))}" y2="${n2(y(v))}" stroke="#222" stroke-width="1.5"/>`);
    body.push(`<text x="${n2(cx)}" y="${n2(y(b.hi) - 5)}" text-anchor="middle" fill="#222" stroke="#fff" stroke-width="3" paint-order="stroke">${esc(pct(b.value))}</text>`);
    body.push(`</g>`);
    body.push(`<text x="${n2(cx)}" y="${top + plotH + 16}" text-anchor="middle" font-weight="600">${esc(b.label)}</text>`);
    if (b.sublabel) body.push(`<text x="${n2(cx)}" y="${top + plotH + 31}" text-anchor="middle" fill="#555">${esc(b.sublabel)}</text>`);
  });
  if (reference) {
    body.push(`<g class="reference"><title>${esc(`${reference.label}: ${pct(reference.value)}`)}</title>`);
    body.push(`<line x1="${left}" x2="${right}" y1="${n2(y(reference.value))}" y2="${n2(y(reference.value))}" stroke="#d62728" stroke-dasharray="5 4" stroke-width="1.5"/>`);
    body.push(`<text x="${right + 6}" y="${n2(y(reference.value) + 4)}" fill="#d62728">${esc(reference.label)}</text></g>`);
  }
  body.push(`<line x1="${left}" x2="${right}" y1="${y(0)}" y2="${y(0)}" stroke="#333"/>`);
  return svg(width, height, title, body);
}

/** A histogram as touching bars, with the count of each bin in its tooltip. */
export function histogramChart(title: string, h: Histogram, unit: string): string {
  const left = 56;
  const top = 16;
  const plotH = 200;
  const bins = h.bins;
  const barW = Math.max(8, Math.min(48, 600 / Math.max(1, bins.length)));
  const right = left + barW * bins.length;
  const width = right + 72;
  const height = top + plotH + 104;
  const maxCount = Math.max(1, ...bins.map((b) => b.count));
  const yTicks = ticks(maxCount).filter((t) => Number.isInteger(t));
  const yMax = Math.max(maxCount, yTicks[yTicks.length - 1]);
  const y = (v: number) => top + plotH - (v / yMax) * plotH;
  const body: string[] = [];
  for (const t of yTicks) {
    body.push(`<line x1="${left}" x2="${right}" y1="${n2(y(t))}" y2="${n2(y(t))}" stroke="#e3e3e3"/>`);
    body.push(`<text x="${left - 6}" y="${n2(y(t) + 4)}" text-anchor="end" fill="#555">${t}</text>`);
  }
  body.push(`<text x="14" y="${top + plotH / 2}" transform="rotate(-90 14 ${top + plotH / 2})" text-anchor="middle" fill="#555">games</text>`);
  const every = Math.max(1, Math.ceil(bins.length / 12));
  bins.forEach((b, i) => {
    const x = left + barW * i;
    const label = binLabel(b.from, b.to, h.width);
    const fill = b.to === null ? "#9ecae9" : "#4c78a8";
    body.push(`<rect x="${n2(x + 0.5)}" y="${n2(y(b.count))}" width="${n2(barW - 1)}" height="${n2(y(0) - y(b.count))}" fill="${fill}"><title>${esc(`${label} ${unit}: ${b.count} games`)}</title></rect>`);
    if (i % every === 0 || b.to === null) {
      const cx = n2(x + barW / 2);
      const ly = top + plotH + 12;
      body.push(`<text x="${cx}" y="${ly}" transform="rotate(40 ${cx} ${ly})" fill="#555">${esc(label)}</text>`);
    }
  });
  body.push(`<line x1="${left}" x2="${right}" y1="${y(0)}" y2="${y(0)}" stroke="#333"/>`);
  body.push(`<text x="${n2((left + right) / 2)}" y="${height - 4}" text-anchor="middle" fill="#555">${esc(unit)}</text>`);
  return svg(width, height, title, body);
}

export interface Box {
  label: string;
  sublabel?: string;
  min: number;
  q1: number;
  median: number;
  q3: number;
  max: number;
  mean: number;
}

/** Box plots side by side: whiskers from least to greatest, the box between the quartiles, the median as a line, the mean as a dot. */
export function boxPlots(title: string, boxes: readonly Box[]): string {
  const left = 56;
  const top = 16;
  const plotH = 200;
  const slot = Math.max(56, Math.min(110, 560 / Math.max(1, boxes.length)));
  const width = left + slot * boxes.length + 24;
  const height = top + plotH + 44;
  let lo = Math.min(0, ...boxes.map((b) => b.min));
  let hi = Math.max(...boxes.map((b) => b.max));
  if (hi === lo) hi = lo + 1;
  const span = hi - lo;
  lo -= span * 0.05;
  hi += span * 0.05;
  const y = (v: number) => top + plotH - ((v - lo) / (hi - lo)) * plotH;
  const body: string[] = [];
  const steps = ticks(hi - lo);
  const step = steps.length > 1 ? steps[1] : 1;
  for (let t = Math.ceil(lo / step) * step; t <= hi; t += step) {
    const v = Number(t.toPrecision(10));
    body.push(`<line x1="${left}" x2="${width - 16}" y1="${n2(y(v))}" y2="${n2(y(v))}" stroke="${v === 0 ? "#999" : "#e3e3e3"}"/>`);
    body.push(`<text x="${left - 6}" y="${n2(y(v) + 4)}" text-anchor="end" fill="#555">${esc(num(v))}</text>`);
  }
  boxes.forEach((b, i) => {
    const cx = left + slot * i + slot / 2;
    const w = slot * 0.45;
    const tip = `${b.label}${b.sublabel ? ` (${b.sublabel})` : ""}: min ${num(b.min)}, lower quartile ${num(b.q1)}, median ${num(b.median)}, upper quartile ${num(b.q3)}, max ${num(b.max)}, mean ${num(b.mean)}`;
    body.push(`<g class="box"><title>${esc(tip)}</title>`);
    body.push(`<line x1="${n2(cx)}" x2="${n2(cx)}" y1="${n2(y(b.min))}" y2="${n2(y(b.max))}" stroke="#333"/>`);
    for (const v of [b.min, b.max]) body.push(`<line x1="${n2(cx - w / 4)}" x2="${n2(cx + w / 4)}" y1="${n2(y(v))}" y2="${n2(y(v))}" stroke="#333"/>`);
    body.push(`<rect x="${n2(cx - w / 2)}" y="${n2(y(b.q3))}" width="${n2(w)}" height="${n2(Math.max(1, y(b.q1) - y(b.q3)))}" fill="#a6c8e8" stroke="#333"/>`);
    body.push(`<line x1="${n2(cx - w / 2)}" x2="${n2(cx + w / 2)}" y1="${n2(y(b.median))}" y2="${n2(y(b.median))}" stroke="#111" stroke-width="2"/>`);
    body.push(`<circle cx="${n2(cx)}" cy="${n2(y(b.mean))}" r="3" fill="#d62728"/>`);
    body.push(`</g>`);
    body.push(`<text x="${n2(cx)}" y="${top + plotH + 16}" text-anchor="middle" font-weight="600">${esc(b.label)}</text>`);
    if (b.sublabel) body.push(`<text x="${n2(cx)}" y="${top + plotH + 31}" text-anchor="middle" fill="#555">${esc(b.sublabel)}</text>`);
  });
  return svg(width, height, title, body);
}

/** A thin horizontal bar for a share (a table cell). */
export function shareBar(share: number, width = 120): string {
  const w = Math.max(0, Math.min(1, share)) * width;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="10" viewBox="0 0 ${width} 10" aria-hidden="true"><rect width="${width}" height="10" fill="#eee"/><rect width="${n2(w)}" height="10" fill="#4c78a8"/></svg>`;
}
