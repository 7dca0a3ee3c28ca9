// One seat's table on a page: the drawn tables (the game's, and the match's beside it), the legal moves offered
// as buttons — click a card to narrow them to the moves of that card, then click the move; a double click makes
// the one move of a card alone — and the log as the viewer is told it. The playground's Play screen and the page
// a seat's link opens (src/editor/seat/) both draw with it, from the same frames, so a friend at their own
// screen sees the table as the Play screen draws it. Everything from the rules and the log is set as text.
import { h, fill } from "../dom.js";
import type { Frame } from "../../session/remote.js";
import { drawTable } from "../../table/table.js";
import type { SvgNode } from "../../table/svg.js";
import { patchSvg, svgElement } from "./svg-dom.js";
import { TRUTH } from "./spoiler.js";

export interface TableViewHost {
  /** A move chosen by a click: its text, as the legal moves give it. */
  move(text: string): void;
  /** The cards chosen changed: the host draws again (its own parts with the table). */
  chose(): void;
  /** The line above the moves, when the host says it otherwise than "Ann may:" and "Nobody this view shows may move now." */
  heading?(f: Frame): string;
}

export class TableView {
  readonly tableBox = h("div", { class: "table-box", "data-test": "table" });
  readonly legalBox = h("div", { class: "legal", "data-test": "legal" });
  readonly logList = h("ol", { class: "log", "data-test": "log" });
  /** The tables on the page, with the drawings they show. */
  tables: { node: SvgNode; dom: SVGElement }[] = [];
  /** The log as told to the frame's viewer. */
  lines: string[] = [];
  /** The cards chosen so far for a move. */
  readonly selected = new Set<number>();
  private frame: Frame | null = null;
  private logReset = true;
  private scrollPending = false;
  /** What the moves box shows, to redraw it only when that changes. */
  private legalDrawn = "";

  constructor(private readonly host: TableViewHost) {
    this.tableBox.addEventListener("click", (e) => this.clickCard(e));
    this.tableBox.addEventListener("dblclick", (e) => this.doubleClickCard(e));
  }

  /** A new frame taken in: its log lines added (or the log begun again), the cards chosen let go. */
  take(f: Frame): void {
    if (f.log.reset) {
      this.lines = f.log.lines.slice();
      this.logReset = true;
    } else this.lines.push(...f.log.lines);
    this.frame = f;
    this.selected.clear();
  }

  /** Nothing shown: a new game begins, or the table is covered until the next person takes the screen. */
  clear(forget = false): void {
    if (forget) {
      this.frame = null;
      this.lines = [];
      this.tables = [];
      fill(this.tableBox);
    }
    fill(this.legalBox);
    this.legalDrawn = "";
    fill(this.logList);
    this.logReset = true;
  }

  /**
   * The frame's table, moves and log drawn; `waiting`: a word shown instead of the moves (a round to read first);
   * `title`: the table's heading, when the viewer is not named as the Play screen names them.
   */
  draw(f: Frame, waiting: string | null = null, title = `${f.rules.name} · ${f.viewer === TRUTH ? "the whole truth" : `${f.names[f.viewer]}'s view`}`): void {
    this.frame = f;
    const choosable = new Set(f.legal.flatMap((m) => m.cards));
    const bottom = f.viewer >= 0 ? f.viewer : 0;
    const drawings = [drawTable(f.rules, f.view, { choosable, selected: this.selected, title, bottom })];
    if (f.outerRules && f.view.outer) drawings.push(drawTable(f.outerRules, f.view.outer, { title: `The match: ${f.outerRules.name}`, bottom }));
    this.drawTables(drawings);
    this.drawLegal(f, waiting);
    this.drawLog();
  }

  /** The tables drawn: patched into the last ones, so that a move touches only what it changed. */
  private drawTables(drawings: SvgNode[]): void {
    const shown = this.tables;
    if (shown.length === drawings.length && shown.every((t) => t.dom.parentNode === this.tableBox)) {
      this.tables = drawings.map((node, i) => ({ node, dom: patchSvg(shown[i].dom, shown[i].node, node) }));
      return;
    }
    this.tables = drawings.map((node) => ({ node, dom: svgElement(node) }));
    fill(this.tableBox, ...this.tables.map((t) => t.dom));
  }

  private drawLegal(f: Frame, waiting: string | null): void {
    // the same moves as last drawn: nothing to do (at full speed most frames are agents' moves)
    const key = JSON.stringify([f.legalFor, f.over, waiting, [...this.selected], f.legal.map((m) => m.text)]);
    if (key === this.legalDrawn) return;
    this.legalDrawn = key;
    if (waiting !== null) return fill(this.legalBox, h("p", { class: "muted" }, waiting));
    const shown = f.legal.filter((m) => [...this.selected].every((c) => m.cards.includes(c)));
    const heading = this.host.heading?.(f) ?? (f.legalFor >= 0 ? `${f.names[f.legalFor]} may:` : f.over ? "The game is over." : "Nobody this view shows may move now.");
    fill(this.legalBox,
      h("p", { class: "muted" }, heading),
      ...shown.slice(0, 60).map((m) => h("button", { class: "small move", "data-test": "legal-move", "data-move": m.text, onclick: () => this.host.move(m.text) }, m.text)),
      shown.length > 60 ? h("p", { class: "muted" }, `and ${shown.length - 60} more: choose a card to narrow them`) : null);
  }

  /** The log drawn: every line, appending only the new ones while the log grows. */
  private drawLog(): void {
    const items = this.logList.children;
    const same = items.length <= this.lines.length && (items.length === 0 || items[items.length - 1].textContent === this.lines[items.length - 1]);
    if (!same || this.logReset) fill(this.logList);
    this.logReset = false;
    for (let i = this.logList.children.length; i < this.lines.length; i++) this.logList.append(h("li", {}, this.lines[i]));
    // scrolled to the end once per frame, when the page lays itself out anyway (reading the height now would lay
    // the whole page out at every move)
    if (!this.scrollPending) {
      this.scrollPending = true;
      requestAnimationFrame(() => {
        this.scrollPending = false;
        this.logList.scrollTop = this.logList.scrollHeight;
      });
    }
  }

  private cardOf(e: Event): number | null {
    const g = (e.target as Element).closest?.("[data-card]");
    return g ? Number(g.getAttribute("data-card")) : null;
  }

  private clickCard(e: Event): void {
    if (!this.tables[0]?.dom.contains(e.target as Node)) return; // the match's own table beside it is not for moves
    const c = this.cardOf(e);
    if (c === null || !this.frame?.legal.some((m) => m.cards.includes(c))) return;
    if (this.selected.has(c)) this.selected.delete(c);
    else this.selected.add(c);
    this.host.chose();
  }

  /** A double click makes the one move of that card alone, when there is one. */
  private doubleClickCard(e: Event): void {
    if (!this.tables[0]?.dom.contains(e.target as Node)) return;
    const c = this.cardOf(e);
    const only = this.frame?.legal.filter((m) => m.cards.length === 1 && m.cards[0] === c) ?? [];
    if (only.length === 1) this.host.move(only[0].text);
  }
}
