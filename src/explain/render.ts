// A rulebook (rulebook.ts) as text for the terminal; the printable page (report/rulebook-page.ts) is the same
// document, its cards drawn.
import type { Item, Rulebook } from "./rulebook.js";
import { listWords, words } from "./words.js";

/** "changed by Sevens: its effect": who changed an item, and which of its parts. */
export function markWords(item: Item): string {
  const m = item.mark!;
  return `${m.how} by ${m.by.join(", ") || "a fragment"}${m.parts ? `: its ${listWords(m.parts.map(words))}` : ""}`;
}

function markText(item: Item): string {
  return item.mark ? `[${markWords(item)}] ` : "";
}

export function rulebookText(book: Rulebook): string {
  const out: string[] = [book.title, "=".repeat(book.title.length), ""];
  if (book.kind) out.push(book.kind, "");
  if (book.summary) out.push(book.summary, "");
  if (book.source) out.push(`From: ${book.source}`, "");
  if (book.pieces.length > 1) {
    out.push(`These are the rules of ${book.pieces[0].name} with:`);
    for (const p of book.pieces.slice(1)) out.push(`  - ${p.name}${p.text ? `: ${p.text}` : ""}`);
    out.push(`What each changes is marked [changed by ...] or [added by ...].`, "");
  }
  for (const s of book.sections) {
    out.push(s.title, "-".repeat(s.title.length));
    for (const item of s.items) {
      const [first, ...rest] = item.lines;
      out.push(`${markText(item)}${item.title}: ${first?.text ?? ""}`);
      for (const l of rest) out.push(`${"  ".repeat(l.depth + 1)}${l.text}`);
    }
    out.push("");
  }
  if (book.notes) out.push("Notes", "-----", book.notes, "");
  if (book.assumptions.length) {
    out.push("Assumed where the rulebook is silent", "------------------------------------");
    for (const a of book.assumptions) out.push(`- ${a.where}: ${a.text}`);
    out.push("");
  }
  if (book.changes.length) {
    out.push(`Changes from ${book.pieces[0].name}`, "-".repeat(`Changes from ${book.pieces[0].name}`.length));
    for (const c of book.changes) out.push(`- ${c.title}: ${c.how} by ${c.by.join(", ")}`);
    out.push("");
  }
  return out.join("\n");
}
