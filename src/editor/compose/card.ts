// A rule card as it is printed: its border in its type's colour, its name, type and markers, its text, and
// whether that text is the rulebook's or a reading of the card's name.
import { h } from "../dom.js";
import type { CardInfo } from "../rules/protocol.js";

/** Colour words the rulebook uses, for those CSS does not know. */
const named: Record<string, string> = { mauve: "#a56a9b", yellow: "#d9a400", green: "#2e8b57", blue: "#2f5d8a", red: "#c0392b" };

export function borderColour(word: string | null): string {
  if (!word) return "#8a8f96";
  const w = word.toLowerCase();
  if (named[w]) return named[w];
  return CSS.supports("color", w) ? w : "#8a8f96";
}

export interface CardOptions {
  colour: string | null;
  own: boolean;
  selected: boolean;
  onToggle?: () => void;
  onMakeOwn: () => void;
  onOpen: () => void;
}

export function cardElement(card: CardInfo, o: CardOptions): HTMLElement {
  const el = h("article", {
    class: `card${o.selected ? " selected" : ""}${o.own ? " own" : ""}`,
    "data-card": card.id,
    "aria-pressed": o.onToggle ? String(o.selected) : undefined,
    tabindex: o.onToggle ? 0 : undefined,
  },
    h("header", {},
      h("h3", { class: "card-name" }, card.name),
      h("span", { class: "card-type" }, card.type ?? "fragment"),
      ...card.markers.map((m) => h("span", { class: "marker" }, m))),
    h("p", { class: "card-text" }, card.text || "(no text)"),
    h("footer", {},
      h("span", { class: `known ${card.known ?? ""}` }, o.own ? "your card" : card.known === "rulebook" ? "from the rulebook" : card.known === "interpretation" ? "an interpretation" : card.known === "house" ? "a house rule" : ""),
      h("button", { class: "small", title: "Open this card's rule file", onclick: (e) => { e.stopPropagation(); o.onOpen(); } }, "open"),
      h("button", { class: "small", title: "Start a card of your own from this one", onclick: (e) => { e.stopPropagation(); o.onMakeOwn(); } }, "make my own")));
  el.style.setProperty("--border", borderColour(o.colour));
  if (o.onToggle) {
    el.addEventListener("click", o.onToggle);
    el.addEventListener("keydown", (e) => {
      if (e.key === "Enter" || e.key === " ") {
        e.preventDefault();
        o.onToggle!();
      }
    });
  }
  return el;
}
