// Real time on the page: the countdown before "Hands Up!", then the game's clock running with the page's, the
// agents' moves made when the clock reaches the times they planned (their seeded reactions), a person's move
// made at the clock's time, shapes made by keys as well as clicks, and "No!" when a lock refuses a move.
import type { Frame } from "../../session/remote.js";
import { fill, h } from "../dom.js";

/** What the clock needs of the play screen. */
export interface ClockHost {
  frame: Frame | null;
  send(request: { kind: "until"; at: number }): Promise<unknown>;
  move(text: string): Promise<void>;
}

export class RealtimeClock {
  /** Seconds of the countdown's every number (5, 4, 3, 2, 1). */
  countStep = 0.6;
  private running = false;
  /** Paused while the page is hidden: the game's time stands still until it is shown again. */
  paused = false;
  /** When the last shout was made: a shout stays a moment. */
  private shoutedAt = 0;
  /** Whether this game's clock has been started (the countdown comes once a game). */
  private begun = false;
  private wall0 = 0;
  private game0 = 0;
  private asking = false;
  private raf = 0;
  /** How many seconds of the game's clock pass in a second of the page's: faster to watch agents. */
  private rate = 1;
  private rateSelect = h("select", { "aria-label": "Clock speed", "data-test": "clock-rate" }, ...[1, 2, 4, 8].map((r) => h("option", { value: r }, `clock ×${r}`)));
  private timeText = h("span", { class: "time", "data-test": "clock-time" });
  private shout = h("span", { class: "shout", "data-test": "shout" });

  constructor(
    private host: ClockHost,
    private box: HTMLElement,
  ) {
    fill(box, this.timeText, this.shout, this.rateSelect);
    this.rateSelect.addEventListener("change", () => this.setRate(Number(this.rateSelect.value)));
    // a game in real time pauses while its tab is hidden: the agents would play on with nobody watching
    document.addEventListener("visibilitychange", () => (document.visibilityState === "hidden" ? this.pause() : this.resume()));
  }

  /** Stops the game's time where it is, to go on from there on resume(). */
  pause(): void {
    if (!this.running) return;
    this.game0 = this.now();
    this.running = false;
    this.paused = true;
    cancelAnimationFrame(this.raf);
    this.shout.textContent = "paused";
  }

  resume(): void {
    if (!this.paused) return;
    this.paused = false;
    this.running = true;
    this.wall0 = performance.now();
    this.shout.textContent = "";
    this.loop();
  }

  setRate(rate: number): void {
    this.game0 = this.now();
    this.wall0 = performance.now();
    this.rate = rate;
    this.rateSelect.value = String(rate);
  }

  /** Counts down, then starts the clock at the game's time. */
  begin(): void {
    this.stop();
    this.begun = true;
    this.box.hidden = false;
    let n = 5;
    const count = () => {
      if (n > 0) {
        this.shout.textContent = String(n--);
        this.raf = setTimeout(count, (this.countStep * 1000) / this.rate) as unknown as number;
        return;
      }
      this.shout.textContent = "Hands Up!";
      this.shoutedAt = performance.now();
      this.running = true;
      this.wall0 = performance.now();
      this.game0 = this.host.frame?.now ?? 0;
      this.loop();
    };
    count();
  }

  /** Ends the clock of a game (a new game is starting). */
  reset(): void {
    this.stop();
    this.begun = false;
  }

  stop(): void {
    this.running = false;
    this.paused = false;
    clearTimeout(this.raf);
    cancelAnimationFrame(this.raf);
    this.box.hidden = true;
  }

  /** The game's time now, in seconds: never before the latest move. */
  now(): number {
    const f = this.host.frame;
    const t = this.running ? this.game0 + ((performance.now() - this.wall0) / 1000) * this.rate : this.paused ? this.game0 : (f?.now ?? 0);
    return Math.max(t, f?.now ?? 0);
  }

  private loop(): void {
    if (!this.running) return;
    const f = this.host.frame;
    const t = this.now();
    this.timeText.textContent = `${t.toFixed(1)} s`;
    if (f && !f.over && f.nextAt !== null && f.nextAt <= t && !this.asking) {
      this.asking = true;
      void this.host.send({ kind: "until", at: t }).finally(() => (this.asking = false));
    }
    this.raf = requestAnimationFrame(() => this.loop());
  }

  /** Each new frame: the end of the game stops the clock; "No!" is shouted. */
  frame(f: Frame): void {
    if (f.realtime && !this.begun && !f.over) this.begin();
    if (!this.running) return;
    if (f.over) {
      this.running = false;
      cancelAnimationFrame(this.raf);
      this.shout.textContent = "Game over";
      this.timeText.textContent = `${f.now.toFixed(1)} s`;
    } else if (f.refusal?.reason.startsWith("No!")) {
      this.shout.textContent = "No!";
      this.shoutedAt = performance.now();
    } else if (performance.now() - this.shoutedAt > 1200 && (this.shout.textContent === "No!" || this.shout.textContent === "Hands Up!")) {
      this.shout.textContent = "";
    }
  }


  /**
   * Keys in real time, for any rules: 1–9 make the move of that card of the viewer's hand (the viewer's zone with
   * the most cards) by the first action that takes one card; F makes the one move that takes no card, if one.
   */
  key(e: KeyboardEvent): void {
    const f = this.host.frame;
    if (!this.running || !f || f.viewer < 0 || this.box.closest("[hidden]")) return;
    if ((e.target as Element)?.closest?.("input, select, textarea, .monaco")) return;
    const cardAction = f.rules.actions.find((a) => a.oneCard)?.name;
    if (e.key.toLowerCase() === "f") {
      const bare = f.legal.filter((m) => m.cards.length === 0);
      if (bare.length === 1) void this.host.move(bare[0].text);
      return;
    }
    const k = Number(e.key);
    if (!Number.isInteger(k) || k < 1 || !cardAction) return;
    const own = f.view.zones.filter((z) => z.owner === f.viewer && !z.retired).sort((a, b) => b.cards.length - a.cards.length);
    const card = own[0]?.cards[k - 1];
    if (card === undefined || card < 0) return;
    const move = f.legal.find((m) => m.action === cardAction && m.cards.length === 1 && m.cards[0] === card);
    // a refused move (during a lock) still goes to the game, to be told why: "No!"
    void this.host.move(move?.text ?? `${cardAction} ${f.rules.faces[card].name}`);
  }
}
