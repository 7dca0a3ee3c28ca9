// Plain text tables for terminal output.
export function table(header: string[], rows: (string | number)[][]): string {
  const cells = [header, ...rows.map((r) => r.map(String))];
  const widths = header.map((_, i) => Math.max(...cells.map((r) => (r[i] ?? "").length)));
  // numbers line up on the right, words on the left
  const numeric = header.map((_, i) => rows.length > 0 && rows.every((r) => /^[-+\d.,%–\s]*$/.test(String(r[i] ?? ""))));
  const line = (r: string[]) => r.map((c, i) => (numeric[i] ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join("  ").trimEnd();
  return [line(header), widths.map((w) => "-".repeat(w)).join("  "), ...cells.slice(1).map(line)].join("\n") + "\n";
}
