#!/usr/bin/env node
// npm run screenshots: the README's pictures of each screen of the playground, taken in Debian's chromium
// from the page as npm start builds and serves it. Writes docs/images/playground-*.png.
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
} finally {
  await browser.close();
  await served.close();
}
