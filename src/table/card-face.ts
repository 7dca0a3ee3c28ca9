// How a card looks: a standard-deck card as rank and suit; any other card as its name and attributes, with a
// colour band from one of its attributes. Everything shown comes from the rules' data and is drawn as text.
import type { Game } from "../interpreter/model.js";
import { rankSymbol } from "../interpreter/cards.js";
import { el, text, type SvgNode } from "./svg.js";

export const cardWidth = 60;
export const cardHeight = 84;

export type Face =
  | { kind: "standard"; name: string; rank: string; suit: "S" | "H" | "D" | "C" }
  | { kind: "named"; name: string; lines: string[]; hue: number | null; details: string };

const suitSymbol = { S: "♠", H: "♥", D: "♦", C: "♣" } as const;
const suitName = { S: "spades", H: "hearts", D: "diamonds", C: "clubs" } as const;

/** Faces of every card of a game, worked out once per game. */
const faces = new WeakMap<Game, Face[]>();

export function faceOf(game: Game, card: number): Face {
  let list = faces.get(game);
  if (!list) {
    list = game.cardNames.map((_, c) => makeFace(game, c));
    faces.set(game, list);
  }
  return list[card];
}

function makeFace(game: Game, c: number): Face {
  const name = game.cardNames[c];
  const rank = game.attributes.get("rank")?.byCard[c];
  const suit = game.attributes.get("suit")?.byCard[c];
  if (typeof rank === "number" && rank >= 2 && rank <= 14 && (suit === "S" || suit === "H" || suit === "D" || suit === "C") && name.toUpperCase() === `${rankSymbol(rank)}${suit}`) {
    return { kind: "standard", name, rank: rankSymbol(rank), suit };
  }
  const lines: string[] = [];
  const details: string[] = [];
  for (const [attr, def] of game.attributes) {
    const v = def.byCard[c];
    if (v === null || v === undefined || v === "") continue;
    details.push(`${attr}: ${v}`);
    if (String(v).toLowerCase() === name.toLowerCase()) continue;
    lines.push(def.numeric ? `${attr} ${v}` : String(v));
  }
  return { kind: "named", name, lines, hue: hueOf(game, c), details: details.join("\n") };
}

/** A colour for the card from the first attribute that sorts the deck into a few kinds (2 to 12 values). */
function hueOf(game: Game, c: number): number | null {
  for (const def of game.attributes.values()) {
    if (def.numeric || def.values.length < 2 || def.values.length > 12) continue;
    const k = def.keyByCard[c];
    if (k < 0) continue;
    return Math.round((k * 360) / def.values.length + 210) % 360;
  }
  return null;
}

/** Cuts text to about `chars` characters, with an ellipsis. */
export function fit(s: string, chars: number): string {
  return s.length <= chars ? s : `${s.slice(0, Math.max(1, chars - 1))}…`;
}

export interface CardAttrs {
  selected?: boolean;
  choosable?: boolean;
  extra?: Record<string, string | number>;
}

/** A card drawn face up at (x, y); the element carries its card id for clicks. */
export function drawFace(face: Face, card: number, x: number, y: number, a: CardAttrs = {}): SvgNode {
  const cls = ["card", "face", a.choosable ? "choosable" : "", a.selected ? "selected" : ""].filter(Boolean).join(" ");
  const frame = el("rect", { width: cardWidth, height: cardHeight, rx: 5, class: "card-frame", fill: "#fffdf7", stroke: a.selected ? "#d97706" : "#555", "stroke-width": a.selected ? 3 : 1 });
  const body = face.kind === "standard" ? standardBody(face) : namedBody(face);
  const title = face.kind === "standard" ? `${face.name}: ${rankWord(face.rank)} of ${suitName[face.suit]}` : `${face.name}${face.details ? `\n${face.details}` : ""}`;
  return el("g", { class: cls, transform: `translate(${x} ${y})`, "data-card": card, ...a.extra }, el("title", {}, title), frame, body);
}

function rankWord(rank: string): string {
  return { J: "jack", Q: "queen", K: "king", A: "ace" }[rank] ?? rank;
}

function standardBody(face: Extract<Face, { kind: "standard" }>): SvgNode {
  const colour = face.suit === "H" || face.suit === "D" ? "#c0392b" : "#1d1d1d";
  const symbol = suitSymbol[face.suit];
  return el("g", { fill: colour, "font-family": "Georgia, serif" },
    text(5, 17, face.rank, { "font-size": 15, "font-weight": "bold", class: "rank" }),
    text(5, 31, symbol, { "font-size": 13 }),
    text(cardWidth / 2, cardHeight / 2 + 12, symbol, { "font-size": 32, "text-anchor": "middle" }),
    text(cardWidth - 5, cardHeight - 6, face.rank, { "font-size": 11, "text-anchor": "end" }),
  );
}

function namedBody(face: Extract<Face, { kind: "named" }>): SvgNode {
  const band = face.hue === null ? "#8a8a8a" : `hsl(${face.hue} 55% 45%)`;
  const [first, second] = splitName(face.name);
  return el("g", { "font-family": "system-ui, sans-serif" },
    el("rect", { x: 0, y: 0, width: cardWidth, height: 6, rx: 3, fill: band }),
    text(4, 20, first, { "font-size": 11, "font-weight": "bold", fill: "#1d1d1d", class: "name" }),
    second ? text(4, 32, second, { "font-size": 11, "font-weight": "bold", fill: "#1d1d1d" }) : null,
    face.lines.slice(0, 4).map((line, i) => text(4, (second ? 46 : 36) + i * 11, fit(line, 11), { "font-size": 9, fill: "#444" })),
  );
}

/** A name on one or two lines of about nine characters, split at a space or a dash where there is one. */
function splitName(name: string): [string, string] {
  if (name.length <= 9) return [name, ""];
  const cut = Math.max(name.lastIndexOf(" ", 9), name.lastIndexOf("-", 9));
  if (cut > 2) return [name.slice(0, cut + (name[cut] === "-" ? 1 : 0)), fit(name.slice(cut + 1), 9)];
  return [name.slice(0, 9), fit(name.slice(9), 9)];
}

/** The back of a card nobody at this seat may see: no card id, nothing that tells cards apart. */
export function drawBack(x: number, y: number): SvgNode {
  return el("g", { class: "card back", transform: `translate(${x} ${y})` },
    el("rect", { width: cardWidth, height: cardHeight, rx: 5, fill: "#2b4c7e", stroke: "#1b2f4f" }),
    el("rect", { x: 5, y: 5, width: cardWidth - 10, height: cardHeight - 10, rx: 3, fill: "none", stroke: "#9db4d8", "stroke-dasharray": "3 2" }),
  );
}
