// A histogram with round bin edges: how a quantity (game length in moves) is distributed over many games.

/** Values from `from` up to, not including, `to`; the last bin may be open (`to` null): `from` and above. */
export interface Bin {
  from: number;
  to: number | null;
  count: number;
}

export interface Histogram {
  width: number; // of every closed bin
  bins: Bin[];
}

/**
 * Bins of one round width (1, 2 or 5 times a power of ten; whole numbers for whole-number values), edges on
 * multiples of the width, at most `maxBins` + 1 closed bins from the least value to the 99th percentile. With
 * 100 values or more, values above the 99th percentile that the closed bins do not reach share one open bin at
 * the end, so that a long tail does not squash the bulk of the distribution into a bin or two.
 */
export function histogram(values: readonly number[], maxBins = 20): Histogram {
  if (values.length === 0) return { width: 0, bins: [] };
  const sorted = [...values].sort((a, b) => a - b);
  const n = sorted.length;
  const lo = sorted[0];
  const upper = n >= 100 ? sorted[Math.ceil(0.99 * n) - 1] : sorted[n - 1];
  const whole = sorted.every(Number.isInteger);
  const span = whole ? upper - lo + 1 : upper - lo;
  let width = niceCeil(span / Math.max(1, maxBins));
  if (whole) width = Math.max(1, Math.round(width));
  if (!(width > 0)) width = 1;
  const start = tidy(Math.floor(lo / width) * width);
  const closed = Math.floor((upper - start) / width) + 1;
  const bins: Bin[] = Array.from({ length: closed }, (_, i) => ({ from: tidy(start + i * width), to: tidy(start + (i + 1) * width), count: 0 }));
  const end = bins[closed - 1].to!;
  let tail = 0;
  for (const v of sorted) {
    if (v >= end) tail++;
    else bins[Math.max(0, Math.min(closed - 1, Math.floor((v - start) / width)))].count++;
  }
  if (tail) bins.push({ from: end, to: null, count: tail });
  return { width, bins };
}

/** The least of 1, 2 and 5 times a power of ten that is at least x. */
export function niceCeil(x: number): number {
  if (!(x > 0) || !Number.isFinite(x)) return 1;
  const power = 10 ** Math.floor(Math.log10(x));
  for (const m of [1, 2, 5, 10]) if (m * power >= x * (1 - 1e-12)) return tidy(m * power);
  return tidy(10 * power);
}

/** Rounds away the float noise of bin edges (0.30000000000000004). */
function tidy(x: number): number {
  return Number(x.toPrecision(12));
}

/** A bin's label: of whole numbers 40, 400–499 (both included) or 5000+ (the open bin); of others 0.5–1. */
export function binLabel(from: number, to: number | null, width: number): string {
  if (to === null) return `${tidy(from)}+`;
  const whole = Number.isInteger(width) && Number.isInteger(from);
  if (whole && width === 1) return `${from}`;
  return whole ? `${from}–${to - 1}` : `${tidy(from)}–${tidy(to)}`;
}

/**
 * Two histograms on the same bins, to be drawn side by side: one round width that both widths divide, edges on
 * its multiples from the lower of the two starts, and an open last bin from where the first open bin of either
 * begins (a value in an open bin is not known more closely). Every value stays in a bin that holds it.
 */
export function commonBins(a: Histogram, b: Histogram): [Histogram, Histogram] {
  if (!a.bins.length || !b.bins.length) return [a, b];
  let width = Math.max(a.width, b.width);
  const divides = (w: number, of: number) => Math.abs(of / w - Math.round(of / w)) < 1e-9;
  while (!divides(a.width, width) || !divides(b.width, width)) width = niceCeil(width * 1.5);
  const down = (x: number) => tidy(Math.floor(x / width + 1e-9) * width);
  const start = down(Math.min(a.bins[0].from, b.bins[0].from));
  const opens = [a, b].flatMap((h) => h.bins.filter((x) => x.to === null).map((x) => down(x.from)));
  const open = opens.length ? Math.min(...opens) : null;
  const up = (x: number) => tidy(Math.ceil(x / width - 1e-9) * width);
  const end = open ?? Math.max(...[a, b].map((h) => up(h.bins[h.bins.length - 1].to!)));
  const closed = Math.max(0, Math.round((end - start) / width));
  const rebin = (h: Histogram): Histogram => {
    const bins: Bin[] = Array.from({ length: closed }, (_, i) => ({ from: tidy(start + i * width), to: tidy(start + (i + 1) * width), count: 0 }));
    if (open !== null) bins.push({ from: open, to: null, count: 0 });
    for (const x of h.bins) {
      if (open !== null && (x.to === null || x.from >= open)) bins[bins.length - 1].count += x.count;
      else bins[Math.floor((x.from - start) / width + 1e-9)].count += x.count;
    }
    return { width, bins };
  };
  return [rebin(a), rebin(b)];
}
