// The page's frame: a header with one tab per screen, and the screens themselves. A screen is built once, the
// first time it is shown, and kept (its editor, its scroll position) while others are shown. Adding a screen
// (watching, playing, measuring) is adding one entry to the list main.ts passes in.
import { h, fill } from "./dom.js";

export interface Screen {
  id: string;
  title: string;
  /** Builds the screen inside `root`; called once. */
  mount(root: HTMLElement): void;
  /** Called each time the screen becomes visible. */
  shown?(): void;
}

export class Shell {
  private roots = new Map<string, HTMLElement>();
  private tabs = new Map<string, HTMLButtonElement>();
  private current: string | null = null;
  readonly actions: HTMLElement = h("div", { class: "actions" });
  readonly status: HTMLElement = h("div", { class: "status", role: "status", "aria-live": "polite" });

  constructor(
    host: HTMLElement,
    private screens: Screen[],
  ) {
    const nav = h("nav", { class: "tabs", role: "tablist" });
    for (const s of screens) {
      const tab = h("button", { class: "tab", role: "tab", "data-screen": s.id, onclick: () => this.show(s.id) }, s.title);
      this.tabs.set(s.id, tab);
      nav.append(tab);
    }
    const main = h("main", { class: "screens" });
    for (const s of screens) {
      const root = h("section", { class: `screen screen-${s.id}`, role: "tabpanel", hidden: true });
      this.roots.set(s.id, root);
      main.append(root);
    }
    fill(host, h("header", { class: "bar" }, h("h1", { class: "brand" }, "houserules"), nav, this.status, this.actions), main);
  }

  /** The screen shown, by id. */
  get shown(): string | null {
    return this.current;
  }

  show(id: string): void {
    const screen = this.screens.find((s) => s.id === id);
    if (!screen || this.current === id) return;
    const root = this.roots.get(id)!;
    if (!root.dataset.mounted) {
      screen.mount(root);
      root.dataset.mounted = "yes";
    }
    for (const [sid, r] of this.roots) r.hidden = sid !== id;
    for (const [sid, t] of this.tabs) t.setAttribute("aria-selected", String(sid === id));
    this.current = id;
    screen.shown?.();
  }

  /** A short message in the header: a save problem, a damaged link. */
  say(text: string, kind: "info" | "error" = "info"): void {
    this.status.className = `status ${kind}`;
    this.status.textContent = text;
    this.status.title = text; // the header may cut a long message short
  }
}
