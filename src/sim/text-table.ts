// Plain text tables for terminal output.
import { binLabel, type Histogram } from "./histogram.js";

export function table(header: string[], rows: (string | number)[][]): string {
  const cells = [header, ...rows.map((r) => r.map(String))];
  const widths = header.map((_, i) => Math.max(...cells.map((r) => (r[i] ?? "").length)));
  // numbers line up on the right, words on the left
  const numeric = header.map((_, i) => rows.length > 0 && rows.every((r) => /^[-+\d.,%–\s]*$/.test(String(r[i] ?? ""))));
  const line = (r: string[]) => r.map((c, i) => (numeric[i] ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join("  ").trimEnd();
  return [line(header), widths.map((w) => "-".repeat(w)).join("  "), ...cells.slice(1).map(line)].join("\n") + "\n";
}

/** A histogram as lines of text: each bin's label, a bar of # scaled to the fullest bin, and its count. */
export function histogramLines(h: Histogram, width = 40): string[] {
  const labels = h.bins.map((b) => binLabel(b.from, b.to, h.width));
  const labelWidth = Math.max(...labels.map((l) => l.length));
  const most = Math.max(1, ...h.bins.map((b) => b.count));
  const countWidth = String(most).length;
  return h.bins.map((b, i) => {
    const bar = "#".repeat(b.count ? Math.max(1, Math.round((b.count / most) * width)) : 0);
    return `${labels[i].padStart(labelWidth)}  ${String(b.count).padStart(countWidth)}  ${bar}`.trimEnd();
  });
}
