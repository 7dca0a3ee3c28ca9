// What the page benchmarks share: the playground built and served as npm start serves it, Debian's chromium,
// a page opened on it and ready, and the figures of a series of timings.
import { buildPlayground, launchBrowser, servePlayground } from "../bin/playground.js";

/** Builds the page (unless `build` is false), serves it and starts chromium for `body`; ends both after it. */
export async function withPlayground({ build = true } = {}, body) {
  if (build) await buildPlayground({ quiet: true });
  const served = await servePlayground(0);
  const browser = await launchBrowser();
  try {
    return await body({ browser, url: served.url });
  } finally {
    await browser.close();
    await served.close();
  }
}

/** A page of its own (fresh storage, a 1280×800 window) on the playground, once its editor is ready. */
export async function openPage(browser, url) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(url);
  await page.waitForSelector("body[data-ready]");
  return { context, page };
}

/** Median, least and most of a series of timings, in whole milliseconds. */
export function stats(xs) {
  const s = [...xs].sort((a, b) => a - b);
  const median = s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
  return { median: Math.round(median), min: Math.round(s[0]), max: Math.round(s[s.length - 1]), n: s.length };
}
