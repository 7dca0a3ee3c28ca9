#!/usr/bin/env node
// npm run screenshots: the README's pictures of each screen of the playground, taken in Debian's chromium
// from the page as npm start builds and serves it. Writes docs/images/playground-*.png: the editor, the composer,
// a match of On The Cards on the Play screen, Hands in real time, and the charts of a simulated run.
import { mkdirSync, readFileSync } from "node:fs";
import { buildPlayground, launchBrowser, servePlayground } from "../bin/playground.js";

const out = "docs/images";
mkdirSync(out, { recursive: true });
await buildPlayground({ quiet: true });
const served = await servePlayground(0);
const browser = await launchBrowser();
try {
  const page = await (await browser.newContext({ viewport: { width: 1360, height: 820 }, deviceScaleFactor: 1 })).newPage();
  await page.goto(served.url);
  await page.waitForSelector("[data-test=summary].ok");

  // the editor: a copy of Idiot of the user's own with `pile` misspelt in an effect: its marker, the problems
  // panel, and the hover that documents the function the effect calls
  const idiot = readFileSync("rules/idiot/idiot.yaml", "utf8");
  await page.setInputFiles("[data-test=upload]", { name: "my-idiot.yaml", mimeType: "text/yaml", buffer: Buffer.from(idiot.replace("move(cards, pile)", "move(cards, piel)")) });
  await page.waitForFunction(() => globalThis.playground.edit.current() === "yours/my-idiot.yaml");
  await page.waitForFunction(() => globalThis.playground.monaco.editor.getModelMarkers({ owner: "houserules" }).some((m) => m.code === "E_NAME"));
  const line = idiot.split("\n").findIndex((l) => l.trim() === "move(cards, pile)") + 1;
  const col = idiot.split("\n")[line - 1].indexOf("move") + 2;
  await page.evaluate(([l, c]) => {
    const { editor } = globalThis.playground.edit;
    editor.revealLineInCenter(l);
    editor.setPosition({ lineNumber: l, column: c });
    editor.focus();
  }, [line, col]);
  await page.keyboard.press("Control+k");
  await page.keyboard.press("Control+i"); // the hover at the cursor
  await page.waitForSelector(".monaco-hover:not(.hidden)", { timeout: 10_000 });
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${out}/playground-edit.png` });

  // the composer, with the Opening Hands round
  await page.keyboard.press("Escape");
  await page.click("[data-screen=compose]");
  await page.waitForSelector("[data-test=verdict]:text-is('composes')");
  await page.screenshot({ path: `${out}/playground-compose.png` });

  // the Play screen: the Opening Hands match with a person in the first seat, a few moves into round 1: the
  // round's rule cards above its table, the match's stacks beside it
  await page.click("[data-screen=play]");
  await page.fill("[data-test=play-rules]", "on-the-cards/opening-hands");
  await page.fill("[data-test=play-seed]", "4");
  for (let p = 1; p < 4; p++) await page.selectOption(`[data-test=seat-${p}]`, "greedy");
  await page.click("[data-test=start]");
  await page.waitForSelector("[data-test=round-go]");
  await page.click("[data-test=round-go]");
  for (let i = 0; i < 3; i++) {
    await page.waitForFunction(() => globalThis.playground.play.frame?.legal.length > 0);
    const legal = await page.evaluate(() => globalThis.playground.play.frame.legal.map((m) => m.text));
    const drawn = await page.evaluate(() => globalThis.playground.play.drawn);
    await page.click(`[data-test=legal-move][data-move="${legal.find((t) => t.startsWith("play")) ?? legal[0]}"]`);
    await page.waitForFunction((d) => globalThis.playground.play.drawn > d, drawn);
  }
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${out}/playground-play.png` });

  // Hands in real time against three greedy agents, the clock at twice the speed
  await page.fill("[data-test=play-rules]", "hands");
  await page.click("[data-test=start]");
  await page.waitForFunction(() => document.querySelector("[data-test=shout]")?.textContent === "Hands Up!", null, { timeout: 20_000 });
  await page.selectOption("[data-test=clock-rate]", "2");
  await page.click("[data-test=table]", { position: { x: 5, y: 5 } });
  for (let i = 0; i < 16; i++) {
    await page.keyboard.press(String(1 + (i % 4)));
    await page.waitForTimeout(250);
  }
  await page.screenshot({ path: `${out}/playground-hands.png` });

  // the Measure screen: 1,000 Idiot games in the pool of workers, charted
  await page.click("[data-screen=measure]");
  await page.fill("[data-test=measure-rules]", "idiot");
  await page.fill("[data-test=measure-games]", "1000");
  await page.click("[data-test=measure-run]");
  await page.waitForSelector("[data-test=summary-json]", { state: "attached", timeout: 120_000 });
  await page.waitForTimeout(500);
  await page.screenshot({ path: `${out}/playground-measure.png` });
} finally {
  await browser.close();
  await served.close();
}
