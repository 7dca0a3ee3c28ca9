// Composing a round from rule cards: the base's parts, each a stack of the cards that fill it; the twists;
// the base's presets; a player count. The composed round is described in the words of `houserules compose`,
// refusals and conflicts included. Any card can be the start of a card of the user's own, which joins its
// stack at once, and can be carried into a whole match: added to its stack, or in the place of one of its cards.
import { h, fill } from "../dom.js";
import type { App } from "../app.js";
import type { Screen } from "../shell.js";
import type { BaseInfo, CardInfo, MatchInfo } from "../rules/protocol.js";
import { cardElement } from "./card.js";
import { Workspace } from "../files/workspace.js";
import { composeState, type ComposeState } from "../files/page-state.js";

export class ComposeScreen implements Screen {
  readonly id = "compose";
  readonly title = "Compose";
  private root!: HTMLElement;
  private bases: BaseInfo[] = [];
  private cards: CardInfo[] = [];
  private matches: MatchInfo[] = [];
  /** The user's card carried into a match: its file, the match, the card it replaces ("": added to its stack). */
  private into = { card: "", match: "", place: "" };
  private intoMatch = h("section", { class: "into-match", "data-test": "into-match", "aria-label": "Your card in a match" });
  private base: BaseInfo | null = null;
  /** The chosen card for each part, and the chosen twists, by id. */
  private chosen = new Map<string, string>();
  private twists = new Set<string>();
  private players = 4;
  private stacks = h("div", { class: "stacks" });
  private result = h("pre", { class: "composition", "data-test": "composition" });
  private verdict = h("p", { class: "verdict", "data-test": "verdict" });
  private presets = h("div", { class: "presets" });
  private baseSlot = h("span", { class: "base" });
  private playerInput = h("input", { type: "number", min: 1, max: 16, value: 4, "aria-label": "Players", "data-test": "players" });
  private asked = 0;
  /** The user's files renamed since the catalogue was read, old path to new: a chosen card follows its file. */
  private renamed = new Map<string, string>();
  private playButton = h("button", { class: "small primary", "data-test": "compose-play", disabled: true, title: "play this round", onclick: () => void this.carry(this.app.play) }, "Play");
  private measureButton = h("button", { class: "small", "data-test": "compose-measure", disabled: true, title: "measure this round over many games", onclick: () => void this.carry(this.app.measure) }, "Measure");

  /** The round as the page last showed it, until the catalogue is there to restore it. */
  private saved: ComposeState | undefined;

  constructor(private app: App) {
    this.saved = app.state.read("compose", composeState);
  }

  /** A round passed on (a shared link): kept as a reload keeps it, and shown once the catalogue is read. */
  adopt(round: ComposeState): void {
    this.saved = round;
    this.app.state.write("compose", round);
    if (this.root && !this.root.hidden) void this.load();
  }

  mount(root: HTMLElement): void {
    this.root = root;
    this.playerInput.addEventListener("change", () => {
      const n = Number(this.playerInput.value);
      this.players = Number.isInteger(n) && n >= 1 && n <= 16 ? n : 4;
      void this.compose();
    });
    fill(root,
      h("div", { class: "compose-main" },
        h("div", { class: "compose-head" }, this.baseSlot, this.presets, h("label", { class: "players" }, "Players ", this.playerInput)),
        this.stacks),
      h("aside", { class: "compose-result", "aria-label": "The composed round" },
        h("h2", {}, "The composed round"), this.verdict, h("div", { class: "compose-actions" }, this.playButton, this.measureButton), this.result,
        this.intoMatch));
    // the user's cards join their stacks; an edit to one is seen the next time this screen is shown
    this.app.workspace.store.on((change) => {
      if (change.renamedTo) this.renamed.set(Workspace.userPath(change.names[0]), Workspace.userPath(change.renamedTo));
      if (!this.root.hidden) void this.load();
    });
  }

  shown(): void {
    void this.load();
  }

  private async load(): Promise<void> {
    await this.app.rules.sync(this.app.workspace.store.entries());
    const reply = await this.app.rules.ask({ kind: "catalog" });
    this.follow(this.cards, reply.cards);
    this.cards = reply.cards;
    this.matches = reply.matches;
    // the bases that fragments can be composed onto
    this.bases = reply.bases.filter((b) => this.cards.some((c) => this.rootOf(c) === b.id));
    if (this.saved) this.restore(this.saved);
    this.saved = undefined;
    const again = this.bases.find((b) => b.id === this.base?.id);
    if (!again) this.choose(this.bases.find((b) => b.parts.length > 0) ?? this.bases[0] ?? null);
    else this.base = again;
    this.render();
    await this.compose();
  }

  /**
   * Keeps the chosen cards that are still there, under their new id when their file was renamed; a card whose
   * file is gone is no longer chosen.
   */
  private follow(before: CardInfo[], now: CardInfo[]): void {
    const idNow = (id: string): string | undefined => {
      if (now.some((c) => c.id === id)) return id;
      const moved = this.renamed.get(before.find((c) => c.id === id)?.path ?? "");
      return moved === undefined ? undefined : now.find((c) => c.path === moved)?.id;
    };
    for (const [part, id] of [...this.chosen]) {
      const to = idNow(id);
      if (to === undefined) this.chosen.delete(part);
      else this.chosen.set(part, to);
    }
    for (const id of [...this.twists]) {
      const to = idNow(id);
      this.twists.delete(id);
      if (to !== undefined) this.twists.add(to);
    }
    this.renamed.clear();
  }

  /** The round kept from before a reload, as far as its base and cards are still there. */
  private restore(saved: ComposeState): void {
    const base = this.bases.find((b) => b.id === saved.base);
    if (!base) return;
    this.base = base;
    this.chosen.clear();
    this.twists.clear();
    for (const [part, id] of saved.chosen) if (this.cards.some((c) => c.id === id && c.fills.includes(part))) this.chosen.set(part, id);
    for (const id of saved.twists) if (this.cards.some((c) => c.id === id)) this.twists.add(id);
    this.players = saved.players;
    this.playerInput.value = String(saved.players);
    if (saved.into) this.into = { ...saved.into };
  }

  private choose(base: BaseInfo | null): void {
    this.base = base;
    this.chosen.clear();
    this.twists.clear();
    if (base?.presets[0]) this.usePreset(base.presets[0].cards, false);
  }

  private usePreset(ids: string[], compose = true): void {
    this.chosen.clear();
    this.twists.clear();
    for (const id of ids) {
      const card = this.cards.find((c) => c.id === id);
      if (!card) continue;
      if (card.fills.length) for (const part of card.fills) this.chosen.set(part, id);
      else this.twists.add(id);
    }
    this.render();
    if (compose) void this.compose();
  }

  private render(): void {
    const base = this.base;
    const picker = h("select", { "aria-label": "Base", "data-test": "base" }, ...this.bases.map((b) => h("option", { value: b.id, selected: b.id === base?.id }, b.name)));
    picker.addEventListener("change", () => {
      this.choose(this.bases.find((b) => b.id === picker.value) ?? null);
      this.render();
      void this.compose();
    });
    fill(this.baseSlot, picker);
    this.renderIntoMatch();
    if (!base) {
      fill(this.stacks, h("p", { class: "empty" }, "No rule file has fragments to compose."));
      return;
    }
    fill(this.presets, ...base.presets.map((p) => h("button", { class: "small", onclick: () => this.usePreset(p.cards) }, p.name)));
    const colour = (type: string | null) => base.cardTypes.find((t) => t.type === type)?.colour ?? null;
    const ofBase = this.cards.filter((c) => this.rootOf(c) === base.id);
    const stack = (title: string, cards: CardInfo[], selected: (c: CardInfo) => boolean, toggle: ((c: CardInfo) => void) | null) =>
      h("section", { class: "stack", "data-stack": title },
        h("h3", {}, title),
        h("div", { class: "stack-cards" }, ...cards.map((c) => cardElement(c, {
          colour: colour(c.type), own: Workspace.userName(c.path) !== undefined, selected: selected(c),
          onToggle: toggle ? () => toggle(c) : undefined,
          onMakeOwn: () => this.makeOwn(c),
          onOpen: () => this.app.open(c.path),
        }))));
    const fillers = (part: string) => ofBase.filter((c) => c.fills.includes(part));
    // a part with one card to fill it (the fixed rules) is always in play; the others are chosen
    const fixed = base.parts.filter((p) => fillers(p.part).length <= 1);
    const chosen = base.parts.filter((p) => !fixed.includes(p));
    const extras = new Map<string, CardInfo[]>();
    for (const c of ofBase.filter((c) => c.fills.length === 0)) extras.set(c.type ?? "Variants", [...(extras.get(c.type ?? "Variants") ?? []), c]);
    const toggleExtra = (c: CardInfo) => {
      if (!this.twists.delete(c.id)) this.twists.add(c.id);
      this.render();
      void this.compose();
    };
    fill(this.stacks,
      ...chosen.map((p) => stack(p.type, fillers(p.part), (c) => this.chosen.get(p.part) === c.id, (c) => {
        this.chosen.set(p.part, c.id);
        this.render();
        void this.compose();
      })),
      ...[...extras].map(([type, cards]) => stack(type, cards, (c) => this.twists.has(c.id), toggleExtra)),
      fixed.length ? stack("Always in play", ofBase.filter((c) => fixed.some((p) => c.fills.includes(p.part))), () => true, null) : null);
  }

  /** The base a card is finally composed onto. */
  private rootOf(card: CardInfo): string | null {
    let c: CardInfo | undefined = card;
    for (let i = 0; c && i < 50; i++) {
      if (!c.extends) return c.id;
      const parent: string = c.extends;
      const next = this.cards.find((x) => x.id === parent);
      if (!next) return parent;
      c = next;
    }
    return null;
  }

  /** The cards of the round as composed: the chosen ones and the twists, or the base alone. */
  private round(): string[] {
    const chosen = [...new Set([...this.chosen.values(), ...this.twists])];
    return chosen.length ? chosen : this.base ? [this.base.id] : [];
  }

  /**
   * The round as the Rules field of Play and Measure takes it, in the words of --compose: its cards by name,
   * separated by commas; by id where a name would not read back as the same cards.
   */
  async roundText(): Promise<string> {
    const ids = this.round();
    const byName = ids.map((id) => this.cards.find((c) => c.id === id)?.name ?? id).join(", ");
    const read = await this.app.rules.ask({ kind: "rules", text: byName });
    const same = ids.length > 1 && read.refs.length === ids.length && read.refs.every((r, i) => r === ids[i]);
    return same ? byName : ids.length > 1 ? ids.join(", ") : ids[0] ?? "";
  }

  private async carry(to: (rules: string, players: number) => void): Promise<void> {
    to(await this.roundText(), this.players);
  }

  private async compose(): Promise<void> {
    if (!this.base) return;
    const cards = this.round();
    const seq = ++this.asked;
    this.save();
    this.playButton.disabled = this.measureButton.disabled = true;
    this.verdict.textContent = "composing…";
    try {
      const reply = await this.app.rules.ask({ kind: "compose", cards, players: this.players });
      if (seq !== this.asked) return;
      this.verdict.textContent = reply.composition.ok ? "composes" : "does not compose";
      this.verdict.className = `verdict ${reply.composition.ok ? "ok" : "failed"}`;
      this.result.textContent = reply.composition.text;
      this.playButton.disabled = this.measureButton.disabled = !reply.composition.ok;
    } catch (e) {
      if (seq !== this.asked) return;
      this.verdict.textContent = `composing failed: ${(e as Error).message}`;
      this.verdict.className = "verdict failed";
    }
  }

  private save(): void {
    if (!this.base) return;
    this.app.state.write("compose", { base: this.base.id, chosen: [...this.chosen], twists: [...this.twists], players: this.players, into: { ...this.into } } satisfies ComposeState);
  }

  /**
   * The user's cards that a match can take (a match has cards of their type), each with those matches; the
   * choice kept where it still holds, else the first card, its first match, added to its stack.
   */
  private renderIntoMatch(): void {
    const own = this.cards.filter((c) => Workspace.userName(c.path) !== undefined && c.type !== null);
    const takes = (c: CardInfo) => this.matches.filter((m) => m.cards.some((x) => x.type === c.type));
    const cards = own.filter((c) => takes(c).length > 0);
    if (!cards.length) {
      fill(this.intoMatch, h("h2", {}, "Your card in a match"),
        h("p", { class: "muted" }, "A card of your own can join a whole match's stacks, or take one card's place: start one with make my own on a card."));
      return;
    }
    const card = cards.find((c) => c.path === this.into.card) ?? cards[0];
    const matches = takes(card);
    const match = matches.find((m) => m.id === this.into.match) ?? matches[0];
    const places = match.cards.filter((x) => x.type === card.type);
    const place = places.some((x) => x.name === this.into.place) ? this.into.place : "";
    this.into = { card: card.path, match: match.id, place };
    const select = (test: string, label: string, options: [value: string, text: string][], value: string, set: (v: string) => void) => {
      const el = h("select", { "aria-label": label, "data-test": test }, ...options.map(([v, t]) => h("option", { value: v, selected: v === value }, t)));
      el.addEventListener("change", () => {
        set(el.value);
        this.renderIntoMatch();
        this.save();
      });
      return el;
    };
    fill(this.intoMatch, h("h2", {}, "Your card in a match"),
      h("p", { class: "into-fields" },
        select("into-match-card", "Your card", cards.map((c) => [c.path, `${c.name} (${Workspace.userName(c.path)})`]), card.path, (v) => (this.into = { ...this.into, card: v })),
        " in ",
        select("into-match-match", "Match", matches.map((m) => [m.id, m.name]), match.id, (v) => (this.into = { ...this.into, match: v })),
        " ",
        select("into-match-place", "Where", [["", `added to the ${card.type} stack`], ...places.map((x): [string, string] => [x.name, `in place of ${x.title}`])], place, (v) => (this.into = { ...this.into, place: v }))),
      h("div", { class: "compose-actions" },
        h("button", { class: "small primary", "data-test": "into-match-play", title: "play the match with your card", onclick: () => this.app.play(this.intoMatchText(), this.players) }, "Play"),
        h("button", { class: "small", "data-test": "into-match-measure", title: "measure the match with your card over many games", onclick: () => this.app.measure(this.intoMatchText(), this.players) }, "Measure")));
  }

  /** The match with the user's card, as the Rules field takes it: MATCH + card:FILE, or card:NAME=FILE. */
  intoMatchText(): string {
    const { card, match, place } = this.into;
    return `${match} + card:${place ? `${place}=` : ""}${card}`;
  }

  /** A copy of a card as a file of the user's own, chosen in place of the card it came from. */
  private makeOwn(card: CardInfo): void {
    const path = this.app.makeOwnCard(card.path);
    void this.load().then(() => {
      const own = this.cards.find((c) => c.path === path);
      if (!own) return;
      for (const part of own.fills) this.chosen.set(part, own.id);
      if (!own.fills.length) this.twists.add(own.id);
      this.render();
      void this.compose();
    });
  }
}
