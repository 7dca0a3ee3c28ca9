// A seat's page on houserules serve, driven in a browser as a person would.
import type { Page } from "playwright-core";

/** Clicks a move the page offers whenever it offers one, until the game is over (or has `until` moves). */
export const autoplay = (page: Page, until = Number.MAX_SAFE_INTEGER) =>
  page.evaluate(
    (until) =>
      new Promise<void>((done) => {
        const shown = (globalThis as unknown as { houserules: { over: boolean; frames: { moves: number }[] } }).houserules;
        // seeded, and shedding before picking up: a game of random clicks can run to thousands of moves, each
        // drawn on three tables, where a player who plays when they can ends it in a few hundred
        let seed = 7;
        const next = (n: number) => ((seed = (seed * 48271) % 2147483647), seed % n);
        const tick = () => {
          if (shown.over || (shown.frames.at(-1)?.moves ?? 0) >= until) return done();
          const moves = [...document.querySelectorAll<HTMLButtonElement>("#moves button:not([disabled])")];
          const text = (b: HTMLButtonElement) => b.textContent ?? "";
          const ready = moves.filter((b) => /^\s*ready/.test(text(b)));
          const shed = moves.filter((b) => /^\s*(play|flip)/.test(text(b)));
          const choice = ready.length ? ready : shed.length ? shed : moves;
          if (choice.length) choice[next(choice.length)].click();
          setTimeout(tick, 0);
        };
        tick();
      }),
    until,
  );
