// A seat's page on houserules serve, driven in a browser as a person would.
import type { Page } from "playwright-core";
import type { Frame } from "../../src/serve/protocol.js";
import type { Game } from "../../src/interpreter/model.js";

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

/**
 * What the page shows beyond its frame: a card drawn with its id, or a card's name in any text or attribute
 * outside the log, that the seat's latest frame does not show it. (The frames themselves are checked against the
 * game by the leak checker; the log names cards as they were played, which framesLeaks checks line by line.)
 */
export const drawnLeaks = (page: Page, game: Game, f: Frame) => {
  const known = new Set<number>(f.view.zones.flatMap((z) => z.cards).filter((c) => c >= 0));
  for (const v of Object.values(f.view.variables)) for (const c of [v].flat()) if (typeof c === "number" && c >= 0 && c < game.cardNames.length) known.add(c);
  const hidden = game.cardNames.filter((_, c) => !known.has(c)).map((n) => n.toUpperCase());
  return page.evaluate(([known, hidden]) => {
    const may = new Set(known);
    const secret = new Set(hidden);
    const log = document.querySelector("[data-test=log]")!;
    const wrong: string[] = [];
    for (const e of document.body.querySelectorAll("*")) {
      const c = e.getAttribute("data-card");
      if (c !== null && !may.has(Number(c))) wrong.push(`card ${c} drawn`);
      if (log.contains(e) || e.tagName === "SCRIPT") continue;
      const texts = [...e.attributes].map((a) => a.value);
      for (const n of e.childNodes) if (n.nodeType === Node.TEXT_NODE) texts.push(n.textContent ?? "");
      for (const t of texts) for (const w of t.toUpperCase().split(/[^0-9A-Z]+/)) if (secret.has(w)) wrong.push(`names ${w}`);
    }
    return [...new Set(wrong)];
  }, [[...known], hidden] as const);
};
