// A rulebook as a page to print and keep beside the deck: the document explain writes (explain/render.ts writes it
// as text), set in sections with print styles, and the cards it names drawn as the table draws them. Every text
// of the rules is escaped: rule files come from strangers.
import type { Item, Rulebook } from "../explain/rulebook.js";
import { markWords } from "../explain/render.js";
import { rankSymbol } from "../interpreter/cards.js";
import { cardHeight, cardWidth, drawFace, type Face } from "../table/card-face.js";
import { el, escapeXml as escape, toSvgString } from "../table/svg.js";

/** The words a rulebook names a standard rank by (explain/rulebook.ts names them so), to the rank. */
const rankWords: [number, string][] = [
  [2, "two"], [3, "three"], [4, "four"], [5, "five"], [6, "six"], [7, "seven"], [8, "eight"], [9, "nine"], [10, "ten"],
  [11, "jack"], [12, "queen"], [13, "king"], [14, "ace"],
];
const suits = ["S", "H", "D", "C"] as const;

/** Cards side by side in one drawing, `scale` of the table's size, each labelled for a reader who cannot see it. */
function cardRow(ranks: number[], scale: number, label: string): string {
  const gap = 6;
  const faces = ranks.map((rank, i) => {
    const suit = suits[i % suits.length];
    const face: Face = { kind: "standard", name: `${rankSymbol(rank)}${suit}`, rank: rankSymbol(rank), suit };
    return drawFace(face, i, i * (cardWidth + gap), 0);
  });
  const width = ranks.length * (cardWidth + gap) - gap;
  const svg = el("svg", { xmlns: "http://www.w3.org/2000/svg", viewBox: `-1 -1 ${width + 2} ${cardHeight + 2}`, width: Math.round((width + 2) * scale), height: Math.round((cardHeight + 2) * scale), role: "img", "aria-label": label }, ...faces);
  return toSvgString(svg);
}

/** The ranks an item's lines name ("a two", "tens", "the queen"), in the deck's order; none for another deck. */
function ranksNamed(item: Item, deck: number[]): number[] {
  const text = item.lines.map((l) => l.text).join(" ");
  return rankWords.filter(([rank, word]) => deck.includes(rank) && new RegExp(`\\b${word}(e?s)?\\b`, "i").test(text)).map(([rank]) => rank);
}

const style = `
body { font: 16px/1.5 Georgia, serif; max-width: 46em; margin: 2em auto; padding: 0 1em; color: #222; }
h1 { font-size: 2em; margin-bottom: .2em; } h2 { border-bottom: 1px solid #ccc; margin-top: 1.6em; }
.item { margin: .6em 0; overflow: hidden; } .item .title { font-weight: bold; }
.line { margin: .1em 0; } .mark { font: 12px sans-serif; border-radius: 3px; padding: 1px 5px; margin-right: .4em; }
.changed { background: #fff2cc; } .added { background: #d9f2d9; }
.item.changed, .item.added { border-left: 4px solid #e0b000; padding-left: .6em; } .item.added { border-left-color: #3a9a3a; }
.where { color: #777; font-size: .85em; }
.cards { float: right; margin: 0 0 .3em 1em; } .deck { margin: .4em 0 .8em; overflow-x: auto; }
.moves { color: #777; font-size: .85em; }
@page { margin: 1.6cm; }
@media print {
  body { font-size: 11pt; max-width: none; margin: 0; padding: 0; color: #000; }
  h1 { font-size: 20pt; } h2 { break-after: avoid; page-break-after: avoid; border-bottom-color: #000; }
  .item { break-inside: avoid; page-break-inside: avoid; }
  .moves { display: none; }
  .item.changed, .item.added { border-left-width: 2px; background: none; }
  .changed, .added { background: none; }
}
`;

export function rulebookPage(book: Rulebook): string {
  const h: string[] = [];
  h.push("<!DOCTYPE html>", '<html lang="en"><head><meta charset="utf-8">', '<meta name="viewport" content="width=device-width, initial-scale=1">', `<title>${escape(book.title)}</title>`);
  h.push(`<style>${style}</style></head><body>`);
  h.push(`<h1>${escape(book.title)}</h1>`);
  if (book.kind) h.push(`<p class="where">${escape(book.kind)}</p>`);
  if (book.summary) h.push(`<p>${escape(book.summary)}</p>`);
  if (book.source) h.push(`<p class="where">From: ${escape(book.source)}</p>`);
  if (book.pieces.length > 1) {
    h.push(`<p>These are the rules of <b>${escape(book.pieces[0].name)}</b> with:</p><ul>`);
    for (const p of book.pieces.slice(1)) h.push(`<li><b>${escape(p.name)}</b>${p.text ? `: ${escape(p.text)}` : ""}</li>`);
    h.push(`</ul><p>What each changes is marked <span class="mark changed">changed</span> or <span class="mark added">added</span>.</p>`);
  }
  for (const s of book.sections) {
    h.push(`<section><h2>${escape(s.title)}</h2>`);
    for (const item of s.items) {
      const mark = item.mark ? `<span class="mark ${item.mark.how}">${escape(markWords(item))}</span>` : "";
      h.push(`<div class="item${item.mark ? ` ${item.mark.how}` : ""}" data-path="${escape(item.path)}">`);
      const named = s.title === "Cards" ? [] : ranksNamed(item, book.ranks).slice(0, 4);
      if (named.length) h.push(`<span class="cards">${cardRow(named, 0.5, `the cards named here: ${named.map((r) => rankWords.find(([n]) => n === r)![1]).join(", ")}`)}</span>`);
      h.push(`${mark}<span class="title">${escape(item.title)}</span>`);
      for (const l of item.lines) h.push(`<div class="line${/^Written as: /.test(l.text) ? " moves" : ""}" style="margin-left: ${l.depth * 1.5}em">${escape(l.text)}</div>`);
      if (s.title === "Cards" && item === s.items[0] && book.ranks.length) h.push(`<div class="deck">${cardRow(book.ranks, 0.6, `the ranks, low to high: ${book.ranks.map((r) => rankWords.find(([n]) => n === r)?.[1] ?? r).join(", ")}`)}</div>`);
      h.push("</div>");
    }
    h.push("</section>");
  }
  if (book.notes) h.push("<section><h2>Notes</h2>", `<p>${escape(book.notes)}</p></section>`);
  if (book.assumptions.length) {
    h.push("<section><h2>Assumed where the rulebook is silent</h2><ul>");
    for (const a of book.assumptions) h.push(`<li><b>${escape(a.where)}</b>: ${escape(a.text)}</li>`);
    h.push("</ul></section>");
  }
  h.push("</body></html>");
  return h.join("\n") + "\n";
}
