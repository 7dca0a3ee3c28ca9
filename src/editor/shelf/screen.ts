// The shelf, as `houserules games` lists it: the games that name a family, grouped by family, found by a search
// of their names, families and summaries. An opened game offers its house rules as toggles: the game with the
// ones ticked is composed in the rules worker (conflicts said as Compose says them), and is what Play and
// Measure are given, named as the command line names it (uno + uno/seven-o); Measure compares it against the
// plain game. "vary this game" starts a file of one's own that extends it.
import "./shelf.css";
import { h, fill } from "../dom.js";
import type { App } from "../app.js";
import type { Screen } from "../shell.js";
import type { ShelfGame } from "../rules/protocol.js";

export class ShelfScreen implements Screen {
  readonly id = "shelf";
  readonly title = "Shelf";
  games: ShelfGame[] = [];
  private game: ShelfGame | null = null;
  /** The house rules ticked, by id, in the order the shelf lists them. */
  private ticked = new Set<string>();
  private asked = 0;
  private search = h("input", { type: "search", placeholder: "search: a name, a family, what a game is about", "aria-label": "Search the shelf", "data-test": "shelf-search", size: 40 });
  private list = h("div", { class: "shelf-list", "data-test": "shelf-list" });
  private detail = h("section", { class: "shelf-game", "data-test": "shelf-game", "aria-label": "The game opened" });
  private playersInput = h("input", { type: "number", min: 1, max: 16, value: 4, "aria-label": "Players", "data-test": "shelf-players" });
  private verdict = h("p", { class: "verdict", "data-test": "shelf-verdict" });
  private result = h("pre", { class: "composition", "data-test": "shelf-composition" });
  private playButton = h("button", { class: "small primary", "data-test": "shelf-play", disabled: true, title: "play the game with the house rules ticked", onclick: () => this.carry(this.app.play) }, "Play");
  private measureButton = h("button", { class: "small", "data-test": "shelf-measure", disabled: true, title: "measure the game with the house rules ticked against the plain game", onclick: () => this.measure() }, "Measure");

  constructor(private app: App) {}

  mount(root: HTMLElement): void {
    this.search.addEventListener("input", () => this.renderList());
    this.playersInput.addEventListener("change", () => void this.compose());
    fill(root,
      h("div", { class: "shelf-main" }, h("div", { class: "shelf-head" }, this.search), this.list),
      this.detail);
    this.renderDetail();
  }

  shown(): void {
    void this.load();
  }

  private async load(): Promise<void> {
    await this.app.rules.sync(this.app.workspace.store.entries());
    this.games = (await this.app.rules.ask({ kind: "shelf" })).games;
    const again = this.games.find((g) => g.id === this.game?.id) ?? null;
    if (again) for (const id of [...this.ticked]) if (!again.houseRules.some((r) => r.id === id)) this.ticked.delete(id);
    this.game = again;
    this.renderList();
    this.renderDetail();
    if (again) await this.compose();
  }

  /** The games the search finds: every word typed is in the name, the id, the family or the summary. */
  private found(): ShelfGame[] {
    const words = this.search.value.toLowerCase().split(/\s+/).filter(Boolean);
    return this.games.filter((g) => {
      const text = `${g.name} ${g.id} ${g.family} ${g.summary}`.toLowerCase();
      return words.every((w) => text.includes(w));
    });
  }

  private renderList(): void {
    const games = this.found();
    if (!games.length) return fill(this.list, h("p", { class: "muted" }, this.games.length ? "No game on the shelf matches." : "Reading the shelf…"));
    const families = [...new Set(games.map((g) => g.family))];
    fill(this.list, ...families.map((family) => h("section", { class: "shelf-family", "data-family": family },
      h("h2", {}, family),
      h("ul", {}, ...games.filter((g) => g.family === family).map((g) => h("li", {},
        h("button", { class: `shelf-entry${g.id === this.game?.id ? " open" : ""}`, "data-game": g.id, onclick: () => this.open(g) },
          h("span", { class: "shelf-name" }, g.name),
          h("span", { class: "shelf-players" }, playersText(g.players)),
          h("span", { class: "shelf-summary" }, firstSentence(g.summary)))))))));
  }

  private open(game: ShelfGame): void {
    if (this.game?.id !== game.id) this.ticked.clear();
    this.game = game;
    const p = game.players;
    const players = Number(this.playersInput.value);
    if (p && !(players >= p.min && players <= p.max)) this.playersInput.value = String(Math.min(p.max, Math.max(p.min, 4)));
    this.renderList();
    this.renderDetail();
    void this.compose();
  }

  private renderDetail(): void {
    const g = this.game;
    if (!g) return fill(this.detail, h("p", { class: "muted" }, "Open a game to play it, measure it, or try its house rules."));
    const toggle = (id: string, on: boolean) => {
      if (on) this.ticked.add(id);
      else this.ticked.delete(id);
      void this.compose();
    };
    fill(this.detail,
      h("h2", {}, g.name),
      h("p", { class: "muted" }, `${g.family} · ${playersText(g.players) || "any number of"} players · ${g.id}`),
      h("p", { class: "shelf-about" }, g.summary),
      h("h3", {}, "House rules"),
      g.houseRules.length
        ? h("ul", { class: "house-rules" }, ...g.houseRules.map((r) => {
          const box = h("input", { type: "checkbox", "data-test": "house-rule", "data-rule": r.id, checked: this.ticked.has(r.id) });
          box.addEventListener("change", () => toggle(r.id, box.checked));
          return h("li", {}, h("label", {}, box, " ", h("strong", {}, r.name), h("span", { class: "house-rule-text" }, r.text)));
        }))
        : h("p", { class: "muted" }, "None ship with this game."),
      h("div", { class: "compose-actions" }, h("label", { class: "players" }, "Players ", this.playersInput), this.playButton, this.measureButton,
        h("button", { class: "small", "data-test": "shelf-vary", title: "start a file of your own that extends this game, in the editor", onclick: () => this.vary() }, "vary this game")),
      h("p", { class: "muted" }, "Rules: ", h("code", { "data-test": "shelf-rules" }, this.rulesText())),
      this.verdict, this.result);
  }

  /** The game with the house rules ticked, as the command line and the Rules fields name it: uno + uno/seven-o. */
  rulesText(): string {
    const g = this.game;
    if (!g) return "";
    return [g.id, ...g.houseRules.map((r) => r.id).filter((id) => this.ticked.has(id))].join(" + ");
  }

  private players(): number {
    const n = Number(this.playersInput.value);
    return Number.isInteger(n) && n >= 1 && n <= 16 ? n : 4;
  }

  /** The game and its ticked house rules composed in the rules worker, as Compose composes a round. */
  private async compose(): Promise<void> {
    const g = this.game;
    if (!g) return;
    const rules = this.rulesText();
    const code = this.detail.querySelector("[data-test=shelf-rules]");
    if (code) code.textContent = rules;
    const cards = g.houseRules.map((r) => r.id).filter((id) => this.ticked.has(id));
    const seq = ++this.asked;
    this.playButton.disabled = this.measureButton.disabled = true;
    this.verdict.textContent = "composing…";
    this.verdict.className = "verdict";
    try {
      const reply = await this.app.rules.ask({ kind: "compose", cards: cards.length ? cards : [g.id], players: this.players() });
      if (seq !== this.asked) return;
      const ok = reply.composition.ok;
      this.verdict.textContent = ok ? "composes" : "does not compose";
      this.verdict.className = `verdict ${ok ? "ok" : "failed"}`;
      this.result.textContent = reply.composition.text;
      this.playButton.disabled = this.measureButton.disabled = !ok;
    } catch (e) {
      if (seq !== this.asked) return;
      this.verdict.textContent = `composing failed: ${(e as Error).message}`;
      this.verdict.className = "verdict failed";
    }
  }

  private carry(to: (rules: string, players: number) => void): void {
    if (this.game) to(this.rulesText(), this.players());
  }

  /** Measure: the game with its house rules against the plain game; the plain game alone when none is ticked. */
  private measure(): void {
    const g = this.game;
    if (!g) return;
    this.app.measure(this.rulesText(), this.players(), this.ticked.size ? g.id : "");
  }

  /** A file of one's own that extends the game, opened in the editor (as the file list's vary starts one). */
  private vary(): void {
    const path = this.game && this.app.pathOf(this.game.id);
    if (!path) return this.app.shell.say(`${this.game?.name ?? "this game"}'s file is not among the rules the page holds`, "error");
    this.app.open(this.app.startVariant(path));
  }
}

/** Player counts as the shelf prints them: 2–10, or 2. */
function playersText(p: ShelfGame["players"]): string {
  return p === null ? "" : p.min === p.max ? String(p.min) : `${p.min}–${p.max}`;
}

/** A summary's first sentence: the one line the shelf shows for a game. */
export function firstSentence(text: string): string {
  const m = /^.*?[.!?](?=\s|$)/s.exec(text.trim());
  return (m ? m[0] : text).replace(/\s+/g, " ");
}
