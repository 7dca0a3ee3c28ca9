// The rulebook's text line by line, each with what it is, so that the panel can set headings and marked rules
// apart while its text stays exactly what `houserules explain` prints.

export interface RulebookLine {
  /** the line with its newline, except the last */
  text: string;
  kind: "title" | "heading" | "underline" | "changed" | "added" | null;
}

export function rulebookLines(text: string): RulebookLine[] {
  const lines = text.split("\n");
  const out: RulebookLine[] = [];
  lines.forEach((line, i) => {
    const next = lines[i + 1] ?? "";
    const underline = (l: string, prev: string) => /^(=+|-+)$/.test(l) && l.length === prev.length;
    const kind = line && underline(next, line) ? (next.startsWith("=") ? "title" : "heading")
      : i > 0 && underline(line, lines[i - 1]) && lines[i - 1] ? "underline"
      : /^\[changed by /.test(line) ? "changed" : /^\[added by /.test(line) ? "added" : null;
    out.push({ text: i < lines.length - 1 ? `${line}\n` : line, kind });
  });
  return out;
}

/** The rulebook's text as the panel shows it: the same lines, without those that underline its headings in text. */
export function shownText(text: string): string {
  return rulebookLines(text).filter((l) => l.kind !== "underline").map((l) => (l.kind === "title" || l.kind === "heading" ? l.text.replace(/\n$/, "") : l.text)).join("");
}
