// The table: an SVG drawing of one view of a game, made from the rules and the view alone, for any game. Each
// player's zones sit in a box around the table (the viewer's at the bottom), the zones of the game in the
// middle, and families of zones (piles, tricks) as rows that grow with the game. A card this view does not know
// is drawn as a back and carries no card id; everything from the rules is text.
import type { View, ZoneView } from "../interpreter/view.js";
import { inWords, labelOf } from "../interpreter/zones.js";
export { inWords, labelLength, labelOf } from "../interpreter/zones.js";
import { cardHeight, cardWidth, drawBack, drawFace, fit } from "./card-face.js";
import { el, text, type SvgNode } from "./svg.js";
import type { TableRules } from "./rules.js";

type ZoneRules = TableRules["zones"][number];
type VarRules = TableRules["vars"][number];

export interface TableOptions {
  /** The seat drawn at the bottom: the view's player, or any seat for the whole truth (default 0). */
  bottom?: number;
  /** Cards a person may click now (card ids). */
  choosable?: ReadonlySet<number>;
  /** Cards chosen so far for a move. */
  selected?: ReadonlySet<number>;
  /** A heading above the table. */
  title?: string;
}

/** A drawn block: its size and its elements at (0, 0). */
interface Block {
  w: number;
  h: number;
  node: SvgNode;
}

const gap = 10;
const labelHeight = 14;
const pad = 8;

export function drawTable(rules: TableRules, v: View, o: TableOptions = {}): SvgNode {
  const n = v.names.length;
  const bottom = o.bottom ?? (v.player >= 0 ? v.player : 0);
  const defs = new Map(rules.zones.map((d) => [d.name, d]));
  const ctx: Ctx = { rules, v, o, defs };
  const seats = Array.from({ length: n }, (_, p) => seatBlock(ctx, p, p === bottom ? 980 : 430));
  const others = Array.from({ length: n - 1 }, (_, i) => (bottom + 1 + i) % n); // clockwise from the viewer's left
  const [leftCount, topCount] = sides(others.length);
  const left = others.slice(0, leftCount);
  const top = others.slice(leftCount, leftCount + topCount);
  const right = others.slice(leftCount + topCount);
  const column = (ps: number[]) => stack(ps.map((p) => seats[p]), "v");
  const leftCol = column(left.slice().reverse()); // read from the bottom up, as the seats go round
  const rightCol = column(right);
  const topRow = stack(top.map((p) => seats[p]), "h");
  const middleWidth = Math.max(360, Math.min(760, 1100 - leftCol.w - rightCol.w));
  const middle = middleBlock(ctx, middleWidth);
  const innerW = leftCol.w + middle.w + rightCol.w + 2 * gap;
  const width = Math.max(innerW, topRow.w, seats[bottom].w) + 2 * gap;
  const titleH = o.title ? 22 : 0;
  const midH = Math.max(leftCol.h, middle.h, rightCol.h);
  const height = titleH + topRow.h + midH + seats[bottom].h + 4 * gap;
  const x0 = (width - innerW) / 2;
  const yMid = titleH + gap + topRow.h + gap;
  const place = (b: Block, x: number, y: number) => el("g", { transform: `translate(${Math.round(x)} ${Math.round(y)})` }, b.node);
  return el("svg", { xmlns: "http://www.w3.org/2000/svg", class: "table", width, height, viewBox: `0 0 ${width} ${height}`, role: "img", "aria-label": o.title ?? "the table", "font-family": "system-ui, sans-serif" },
    el("rect", { width, height, rx: 14, fill: "#1f5b3a", class: "felt" }),
    o.title ? text(gap, 17, fit(o.title, Math.floor((width - 2 * gap) / 7)), { "font-size": 14, fill: "#f3efe0", class: "table-title" }) : null,
    place(topRow, (width - topRow.w) / 2, titleH + gap),
    place(leftCol, x0, yMid),
    place(middle, x0 + leftCol.w + gap, yMid + (midH - middle.h) / 2),
    place(rightCol, x0 + leftCol.w + middle.w + 2 * gap, yMid),
    place(seats[bottom], (width - seats[bottom].w) / 2, yMid + midH + gap),
  );
}

/** After a reversal the direction of play is not the one the rules start with: which it is, in words (else null). */
export function reversal(v: View): string | null {
  return v.flow.reversed ? `play goes ${v.flow.phaseDirection > 0 ? "counter-clockwise" : "clockwise"} (reversed)` : null;
}

/** How many of the other seats go on the left and on the top; the rest go on the right. */
function sides(others: number): [number, number] {
  if (others <= 2) return [0, others];
  const side = Math.floor((others - 1) / 3);
  const l = Math.max(1, side);
  return [l, others - 2 * l];
}

interface Ctx {
  rules: TableRules;
  v: View;
  o: TableOptions;
  defs: Map<string, ZoneRules>;
}

// ---- seats -------------------------------------------------------------------------------------------

function seatBlock(ctx: Ctx, p: number, maxWidth: number): Block {
  const { v, rules } = ctx;
  const items: Block[] = [];
  const families = new Map<string, ZoneView[]>();
  for (const z of v.zones) {
    if (z.owner !== p || z.retired) continue;
    const def = ctx.defs.get(z.name);
    if (def?.many) families.set(z.name, [...(families.get(z.name) ?? []), z]);
    else items.push(zoneBlock(ctx, z, labelOf(z.name, def?.text)));
  }
  for (const [name, zones] of families) items.push(familyBlock(ctx, name, zones, maxWidth - 2 * pad));
  const facts: string[] = [];
  for (const def of rules.vars) {
    if (def.per !== "player" || !def.table) continue;
    const value = (v.variables[def.name] as unknown[] | undefined)?.[p];
    if (value === null || value === undefined) continue;
    if (def.type.t === "card") items.push(cardVariable(ctx, def, value as number));
    else facts.push(`${labelOf(def.name, def.text)}: ${shownValue(ctx, def, value)}`);
  }
  const body = flow(items, maxWidth - 2 * pad);
  const header = seatHeader(ctx, p);
  const factLines = facts.map((f, i) => text(pad, labelHeight + 8 + body.h + 14 + i * 13, fit(f, Math.floor((maxWidth - 2 * pad) / 6)), { "font-size": 11, fill: "#e8e4d4", class: "fact" }));
  const w = Math.max(body.w, 170) + 2 * pad;
  const h = labelHeight + 8 + body.h + (facts.length ? facts.length * 13 + 8 : 0) + pad;
  const cls = ["seat", p === v.player ? "viewer" : "", v.current === p ? "to-move" : "", v.out[p] ? "out" : ""].filter(Boolean).join(" ");
  return {
    w, h,
    node: el("g", { class: cls, "data-seat": p },
      el("rect", { width: w, height: h, rx: 8, fill: v.current === p ? "#2f7a50" : "#27694a", stroke: v.current === p ? "#f6c744" : "#174a31", "stroke-width": v.current === p ? 3 : 1 }),
      text(pad, labelHeight + 2, header, { "font-size": 13, "font-weight": "bold", fill: "#fffbe9", "font-family": "system-ui, sans-serif", class: "seat-name" }),
      el("g", { transform: `translate(${pad} ${labelHeight + 8})` }, body.node),
      factLines,
    ),
  };
}

function seatHeader(ctx: Ctx, p: number): string {
  const { v } = ctx;
  const marks: string[] = [];
  const team = v.teams?.find((t) => t.seats.includes(p));
  if (team) marks.push(team.name);
  if (v.current === p) marks.push("to move");
  if (v.dealer === p) marks.push("dealer");
  if (v.out[p]) marks.push(v.places.includes(p) ? `out, place ${v.places.indexOf(p) + 1}` : "out");
  if (v.scores) marks.push(`score ${v.scores[p]}`);
  if (v.winners?.includes(p)) marks.push("wins");
  else if (v.losers?.includes(p)) marks.push("loses");
  return `${v.names[p]}${marks.length ? ` · ${marks.join(" · ")}` : ""}`;
}

// ---- the middle of the table -------------------------------------------------------------------------

function middleBlock(ctx: Ctx, width: number): Block {
  const { v, rules } = ctx;
  const items: Block[] = [];
  const families = new Map<string, ZoneView[]>();
  for (const z of v.zones) {
    if (z.owner >= 0 || z.retired) continue;
    const def = ctx.defs.get(z.name);
    if (def?.per === "card" && z.cards.length === 0) continue; // a card that holds no cards: nothing to draw beside it
    if (def?.many) families.set(z.name, [...(families.get(z.name) ?? []), z]);
    else items.push(zoneBlock(ctx, z, z.label.startsWith(z.name) ? labelOf(z.name, def?.text) + z.label.slice(z.name.length) : z.label));
  }
  for (const def of rules.vars) {
    if (def.per !== "game" || def.type.t !== "card" || !def.table) continue;
    const value = v.variables[def.name];
    if (typeof value === "number") items.push(cardVariable(ctx, def, value));
  }
  const rows: Block[] = [flow(items, width)];
  for (const [name, zones] of families) rows.push(familyBlock(ctx, name, zones, width));
  // after a reversal the direction of play is not the one the rules start with: say which it is
  const turned = reversal(v);
  const direction = turned ? ` · ${turned}` : "";
  const facts = [`${inWords(v.phase)}${direction}${v.over ? " · game over" : ""}`];
  for (const def of rules.vars) {
    if (def.per !== "game" || def.type.t === "card" || !def.table) continue;
    const value = v.variables[def.name];
    if (value === null || value === undefined) continue;
    facts.push(`${labelOf(def.name, def.text)}: ${shownValue(ctx, def, value)}`);
  }
  const factBlock: Block = {
    w: width, h: facts.length * 14,
    node: el("g", { class: "facts" }, facts.map((f, i) => text(0, 11 + i * 14, fit(f, Math.floor(width / 6.5)), { "font-size": 12, fill: "#f3efe0", "font-family": "system-ui, sans-serif" }))),
  };
  return stack([factBlock, ...rows], "v");
}

function familyBlock(ctx: Ctx, name: string, zones: ZoneView[], width: number): Block {
  const def = ctx.defs.get(name)!;
  const order = ctx.v.flow.groups[def.slot] ?? [];
  const sorted = zones.slice().sort((a, b) => order.indexOf(a.zone) - order.indexOf(b.zone));
  const piles = flow(sorted.map((z) => zoneBlock(ctx, z, `#${order.indexOf(z.zone) + 1}`, true)), width);
  const label = `${labelOf(name, def.text)} (${sorted.length})`;
  return {
    w: Math.max(piles.w, 80), h: piles.h + labelHeight,
    node: el("g", { class: "family", "data-family": name },
      text(0, 11, label, { "font-size": 11, fill: "#f3efe0", "font-style": "italic", "font-family": "system-ui, sans-serif" }),
      el("g", { transform: `translate(0 ${labelHeight})` }, piles.node)),
  };
}

// ---- zones ---------------------------------------------------------------------------------------------

function zoneBlock(ctx: Ctx, z: ZoneView, label: string, compact = false): Block {
  const def = ctx.defs.get(z.name);
  const cards = z.cards;
  const count = cards.length;
  const known = cards.filter((c) => c >= 0).length;
  let body: Block;
  if (count === 0) body = emptySpot();
  else if (known === 0) body = stackOf(ctx, z, -1);
  else if (known === 1 && cards[count - 1] >= 0 && count > 1) body = stackOf(ctx, z, cards[count - 1]);
  else if (def && !def.ordered) body = handFan(ctx, z, compact ? 4 : 13);
  else body = pileFan(ctx, z, compact ? 4 : 10);
  // the label has room for a text that names the zone (labelOf), not only the width of its cards
  const w = Math.max(body.w, compact ? 40 : 64, compact ? 0 : Math.min(200, Math.ceil((label.length + 6) * 6.2)));
  const title = `${fit(label, Math.max(8, Math.floor(w / 6.2) - 5))} · ${count}`;
  return {
    w, h: body.h + labelHeight,
    node: el("g", { class: "zone", "data-zone": z.zone, "data-name": z.name, "data-count": count },
      def?.text ? el("title", {}, def.text) : null,
      text(0, 10, title, { "font-size": 10, fill: "#f3efe0", "font-family": "system-ui, sans-serif", class: "zone-label" }),
      el("g", { transform: `translate(0 ${labelHeight})` }, body.node)),
  };
}

function emptySpot(): Block {
  return { w: cardWidth, h: cardHeight, node: el("rect", { width: cardWidth, height: cardHeight, rx: 5, fill: "none", stroke: "#8fb89f", "stroke-dasharray": "4 3", class: "empty" }) };
}

/** A pile drawn squared up: a few backs beneath, the top card (face up when it is known) and the count. */
function stackOf(ctx: Ctx, z: ZoneView, top: number): Block {
  const layers = Math.min(3, z.cards.length);
  const nodes: SvgNode[] = [];
  for (let i = 0; i < layers - 1; i++) nodes.push(drawBack(i * 2, (layers - 1 - i) * 2));
  const y = 0;
  const x = (layers - 1) * 2;
  nodes.push(top >= 0 ? card(ctx, top, x, y) : drawBack(x, y));
  nodes.push(badge(x + cardWidth - 4, y + cardHeight - 4, String(z.cards.length)));
  return { w: cardWidth + x, h: cardHeight + (layers - 1) * 2, node: el("g", { class: "stack" }, nodes) };
}

/** An ordered pile fanned to the right, the top card last and whole; only the top `most` cards when it is tall. */
function pileFan(ctx: Ctx, z: ZoneView, most: number): Block {
  const shown = z.cards.slice(-most);
  const dx = spread(ctx, shown, 20, 26);
  const nodes = shown.map((c, i) => (c >= 0 ? card(ctx, c, i * dx, 0) : drawBack(i * dx, 0)));
  if (z.cards.length > shown.length) nodes.push(badge(shown.length * dx + cardWidth - dx - 4, cardHeight - 4, String(z.cards.length)));
  return { w: cardWidth + (shown.length - 1) * dx, h: cardHeight, node: el("g", { class: "fan" }, nodes) };
}

/** A hand: every card, in rows of `perRow` that do not overlap, each card's corner readable. */
function handFan(ctx: Ctx, z: ZoneView, perRow: number): Block {
  const dx = spread(ctx, z.cards, 26, 46);
  if (dx > 26) perRow = Math.min(perRow, 8);
  // a row below begins where the cards above end: no card of a long hand is hidden under the next row
  const dy = cardHeight + 6;
  const nodes: SvgNode[] = [];
  const rows = Math.ceil(z.cards.length / perRow);
  z.cards.forEach((c, i) => {
    const x = (i % perRow) * dx;
    const y = Math.floor(i / perRow) * dy;
    nodes.push(c >= 0 ? card(ctx, c, x, y) : drawBack(x, y));
  });
  const across = Math.min(perRow, z.cards.length);
  return { w: cardWidth + (across - 1) * dx, h: cardHeight + (rows - 1) * dy, node: el("g", { class: "fan hand" }, nodes) };
}

/** How far apart fanned cards are: enough to read a standard card's corner, or the start of a card's name. */
function spread(ctx: Ctx, cards: number[], standard: number, named: number): number {
  return cards.some((c) => c >= 0 && ctx.rules.faces[c].kind === "named") ? named : standard;
}

function card(ctx: Ctx, c: number, x: number, y: number): SvgNode {
  return drawFace(ctx.rules.faces[c], c, x, y, { choosable: ctx.o.choosable?.has(c), selected: ctx.o.selected?.has(c) });
}

function cardVariable(ctx: Ctx, def: VarRules, c: number): Block {
  const name = def.name;
  return {
    w: cardWidth, h: cardHeight + labelHeight,
    node: el("g", { class: "variable", "data-variable": name },
      def.text ? el("title", {}, def.text) : null,
      text(0, 10, fit(labelOf(name, def.text), 10), { "font-size": 10, fill: "#ffe8a3", "font-family": "system-ui, sans-serif" }),
      el("g", { transform: `translate(0 ${labelHeight})` }, drawFace(ctx.rules.faces[c], c, 0, 0, { extra: { "data-shown": name } }))),
  };
}

function badge(x: number, y: number, label: string): SvgNode {
  const w = 8 + label.length * 7;
  return el("g", { class: "count", transform: `translate(${x - w / 2} ${y - 9})` },
    el("rect", { width: w, height: 16, rx: 8, fill: "#f6c744", stroke: "#6b4f00" }),
    text(w / 2, 12, label, { "font-size": 11, "text-anchor": "middle", "font-weight": "bold", fill: "#2b1f00", "font-family": "system-ui, sans-serif" }));
}

function shownValue(ctx: Ctx, def: VarRules, value: unknown): string {
  return valueInWords(ctx.rules, ctx.v.names, def.type, value);
}

/** A variable's value in words: cards by name (a card the view does not know as ##), players by name. */
export function valueInWords(rules: TableRules, names: readonly string[], type: VarRules["type"], value: unknown): string {
  const one = (t: VarRules["type"], x: unknown): string => {
    if (x === null || x === undefined) return "none";
    if (t.t === "card" && typeof x === "number") return x >= 0 ? rules.faces[x].name : "##";
    if (t.t === "player" && typeof x === "number") return names[x] ?? String(x);
    if (t.t === "bool") return x ? "yes" : "no";
    if (t.t === "list" && Array.isArray(x)) return x.length ? x.map((y) => one(t.of, y)).join(" ") : "—";
    return typeof x === "object" ? JSON.stringify(x) : String(x);
  };
  return one(type, value);
}

// ---- arranging blocks ----------------------------------------------------------------------------------

/** Blocks left to right, wrapping into rows no wider than `width`. */
function flow(items: Block[], width: number): Block {
  const nodes: SvgNode[] = [];
  let x = 0;
  let y = 0;
  let rowH = 0;
  let w = 0;
  for (const b of items) {
    if (x > 0 && x + b.w > width) {
      x = 0;
      y += rowH + gap;
      rowH = 0;
    }
    nodes.push(el("g", { transform: `translate(${x} ${y})` }, b.node));
    x += b.w + gap;
    w = Math.max(w, x - gap);
    rowH = Math.max(rowH, b.h);
  }
  return { w, h: items.length ? y + rowH : 0, node: el("g", {}, nodes) };
}

/** Blocks in one row ("h") or one column ("v"). */
function stack(items: Block[], dir: "h" | "v"): Block {
  const nodes: SvgNode[] = [];
  let at = 0;
  for (const b of items) {
    nodes.push(el("g", { transform: dir === "h" ? `translate(${at} 0)` : `translate(0 ${at})` }, b.node));
    at += (dir === "h" ? b.w : b.h) + gap;
  }
  const along = items.length ? at - gap : 0;
  const across = Math.max(0, ...items.map((b) => (dir === "h" ? b.h : b.w)));
  return dir === "h" ? { w: along, h: across, node: el("g", {}, nodes) } : { w: across, h: along, node: el("g", {}, nodes) };
}
