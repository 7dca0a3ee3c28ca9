// A rulebook (rulebook.ts) as text for the terminal and as a page of HTML: the same document either way.
import type { Item, Rulebook } from "./rulebook.js";
import { listWords, words } from "./words.js";

/** "changed by Sevens: its effect": who changed an item, and which of its parts. */
function markWords(item: Item): string {
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

const escapeHtml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

export function rulebookHtml(book: Rulebook): string {
  const h: string[] = [];
  h.push("<!DOCTYPE html>", '<html lang="en"><head><meta charset="utf-8">', `<title>${escapeHtml(book.title)}</title>`);
  h.push(`<style>
body { font: 16px/1.5 Georgia, serif; max-width: 46em; margin: 2em auto; padding: 0 1em; color: #222; }
h1 { font-size: 2em; margin-bottom: .2em; } h2 { border-bottom: 1px solid #ccc; margin-top: 1.6em; }
.item { margin: .6em 0; } .item .title { font-weight: bold; }
.line { margin: .1em 0; } .mark { font: 12px sans-serif; border-radius: 3px; padding: 1px 5px; margin-right: .4em; }
.changed { background: #fff2cc; } .added { background: #d9f2d9; }
.item.changed, .item.added { border-left: 4px solid #e0b000; padding-left: .6em; } .item.added { border-left-color: #3a9a3a; }
.where { color: #777; font-size: .85em; }
</style></head><body>`);
  h.push(`<h1>${escapeHtml(book.title)}</h1>`);
  if (book.kind) h.push(`<p class="where">${escapeHtml(book.kind)}</p>`);
  if (book.summary) h.push(`<p>${escapeHtml(book.summary)}</p>`);
  if (book.source) h.push(`<p class="where">From: ${escapeHtml(book.source)}</p>`);
  if (book.pieces.length > 1) {
    h.push(`<p>These are the rules of <b>${escapeHtml(book.pieces[0].name)}</b> with:</p><ul>`);
    for (const p of book.pieces.slice(1)) h.push(`<li><b>${escapeHtml(p.name)}</b>${p.text ? `: ${escapeHtml(p.text)}` : ""}</li>`);
    h.push(`</ul><p>What each changes is marked <span class="mark changed">changed</span> or <span class="mark added">added</span>.</p>`);
  }
  for (const s of book.sections) {
    h.push(`<h2>${escapeHtml(s.title)}</h2>`);
    for (const item of s.items) {
      const mark = item.mark ? `<span class="mark ${item.mark.how}">${escapeHtml(markWords(item))}</span>` : "";
      h.push(`<div class="item${item.mark ? ` ${item.mark.how}` : ""}" data-path="${escapeHtml(item.path)}">${mark}<span class="title">${escapeHtml(item.title)}</span>`);
      for (const l of item.lines) h.push(`<div class="line" style="margin-left: ${l.depth * 1.5}em">${escapeHtml(l.text)}</div>`);
      h.push("</div>");
    }
  }
  if (book.notes) h.push("<h2>Notes</h2>", `<p>${escapeHtml(book.notes)}</p>`);
  if (book.assumptions.length) {
    h.push("<h2>Assumed where the rulebook is silent</h2><ul>");
    for (const a of book.assumptions) h.push(`<li><b>${escapeHtml(a.where)}</b>: ${escapeHtml(a.text)}</li>`);
    h.push("</ul>");
  }
  h.push("</body></html>");
  return h.join("\n") + "\n";
}
