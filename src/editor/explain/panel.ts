// Beside the editor: the open file's rules as `houserules explain` writes them, fragments composed, a rule card
// in a whole round. It follows the checks: each check of the open file asks the rules worker for the rulebook
// again, and only the answer to the latest question is shown. While a file it read has changed and the new
// rulebook is not back, the old text is marked as out of date. Everything is set as text: the rulebook quotes
// rule files, and rule files come from strangers.
import "./rulebook.css";
import { h, fill } from "../dom.js";
import type { App } from "../app.js";
import type { CheckResult } from "../rules/protocol.js";
import { Workspace } from "../files/workspace.js";
import { rulebookLines, type RulebookLine } from "./lines.js";

const hiddenKey = "houserules.rulebook.hidden";

export class RulebookPanel {
  readonly el: HTMLElement;
  private of = h("span", { class: "rulebook-of", "data-test": "rulebook-of" });
  private toggle = h("button", { class: "small", "data-test": "rulebook-toggle", onclick: () => this.setHidden(!this.hidden) });
  /** Opens the rulebook shown as the page to print (escaped text, drawn cards), in a tab of its own. */
  private print = h("button", { class: "small", "data-test": "rulebook-print", title: "Open this rulebook as a page to print, its cards drawn", disabled: true, onclick: () => void this.openPage() }, "Print");
  private body = h("pre", { class: "rulebook-text", "data-test": "rulebook" });
  private asked = 0;
  /** The reference shown, and the files its rulebook was made from (by page path). */
  private shown: string | null = null;
  private sources = new Set<string>();
  private hidden: boolean;
  /** The last rulebook shown of the reference shown, kept while its rules do not load. */
  private good: { ref: string; text: string } | null = null;

  constructor(
    private app: App,
    private current: () => string | null,
  ) {
    this.el = h("aside", { class: "rulebook-panel", "aria-label": "Rulebook", "data-test": "rulebook-panel" },
      h("div", { class: "rulebook-head" }, h("h2", {}, "Rulebook"), this.of, this.print, this.toggle), this.body);
    this.hidden = safeStorage()?.getItem(hiddenKey) === "yes";
    this.setHidden(this.hidden);
    app.onChecked((results) => this.checked(results));
    app.workspace.store.on((change) => {
      if (change.names.some((n) => this.sources.has(Workspace.userPath(n)))) this.el.dataset.state = "stale";
    });
  }

  private setHidden(hidden: boolean): void {
    this.hidden = hidden;
    this.el.classList.toggle("collapsed", hidden);
    this.body.hidden = hidden;
    this.toggle.textContent = hidden ? "Show" : "Hide";
    this.toggle.title = hidden ? "Show the open file's rules in plain English" : "Hide the rulebook";
    safeStorage()?.setItem(hiddenKey, hidden ? "yes" : "no");
    // hidden, it asks nothing; shown again, it asks at once for the file as it is now
    const path = this.current();
    if (!hidden && path) void this.explain(this.app.reference(path));
  }

  private checked(results: CheckResult[]): void {
    const path = this.current();
    if (!path || this.hidden) return;
    const ref = this.app.reference(path);
    const mine = results.find((r) => r.rules === ref);
    if (!mine) return;
    this.sources = new Set(mine.sources);
    void this.explain(ref);
  }

  private async explain(ref: string): Promise<void> {
    const seq = ++this.asked;
    if (ref !== this.shown) this.el.dataset.state = "stale";
    let reply;
    try {
      reply = await this.app.rules.ask({ kind: "explain", rules: ref });
    } catch (e) {
      if (seq === this.asked) this.show(ref, [h("p", { class: "rulebook-failed" }, `No rulebook: ${(e as Error).message}`)], "failed");
      return;
    }
    if (seq !== this.asked) return; // a newer question is under way
    const path = this.current();
    if (!path || this.app.reference(path) !== ref) return;
    if (reply.text !== null) {
      this.good = { ref, text: reply.text };
      this.print.disabled = false;
      this.show(ref, drawn(reply.text), "current");
    } else if (this.good?.ref === ref) {
      // a keystroke that breaks the file: the last rulebook stays, dimmed, under a line that says why
      this.show(ref, [
        h("div", { class: "rulebook-failed", "data-test": "rulebook-error" }, `This file has an error, so this is the rulebook as it was before it (the Problems panel says where): ${reply.errors[0] ?? ""}`),
        h("div", { class: "rulebook-old" }, ...drawn(this.good.text)),
      ], "failed");
    } else {
      this.show(ref, [
        h("span", { class: "rulebook-failed" }, "These rules do not load, so there is no rulebook until they do:\n"),
        ...reply.errors.map((e) => `${e}\n`),
      ], "failed");
    }
  }

  /**
   * The page is made only when asked for (it draws every card it names: as long again as the rulebook itself to
   * make, and tens of kilobytes). The tab is opened at the click, while the browser still counts it as the
   * person's, and shown the page when the rules worker has made it.
   */
  private async openPage(): Promise<void> {
    const ref = this.good?.ref;
    if (!ref) return;
    const tab = globalThis.open?.("", "_blank");
    if (tab) tab.opener = null;
    const reply = await this.app.rules.ask({ kind: "explain", rules: ref, html: true });
    if (!reply.html) return void tab?.close();
    const url = URL.createObjectURL(new Blob([reply.html], { type: "text/html" }));
    if (tab) tab.location.href = url;
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  }

  private show(ref: string, children: (Node | string)[], state: "current" | "failed"): void {
    this.shown = ref;
    this.of.textContent = ref;
    fill(this.body, ...children);
    this.el.dataset.state = state;
  }
}

/** A rulebook's text drawn: its title and headings as headings, without the lines that underline them in text. */
function drawn(text: string): (Node | string)[] {
  const bare = (l: RulebookLine) => l.text.replace(/\n$/, "");
  return rulebookLines(text).flatMap((l): (Node | string)[] =>
    l.kind === "underline" ? []
      : l.kind === "title" ? [h("h3", { class: "rulebook-title" }, bare(l))]
        : l.kind === "heading" ? [h("h4", { class: "rulebook-heading" }, bare(l))]
          : l.kind ? [h("span", { class: `rulebook-${l.kind}` }, l.text)] : [l.text]);
}

function safeStorage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}
