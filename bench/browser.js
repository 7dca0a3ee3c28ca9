// What the page benchmarks share: the playground built and served as npm start serves it, the fixed reference
// page (bench/page-reference: Monaco alone) built and served beside it, Debian's chromium, a page opened on
// either and ready, and the figures of a series of timings.
import { fileURLToPath } from "node:url";
import { loadavg } from "node:os";
import { buildPlayground, launchBrowser, servePlayground } from "../bin/playground.js";

const referenceRoot = fileURLToPath(new URL("page-reference", import.meta.url));
const referenceOut = fileURLToPath(new URL("../dist/bench/page-reference", import.meta.url));

/** The reference page's vite settings: Monaco's own, nothing of the playground's. */
const referenceConfig = { configFile: false, root: referenceRoot, base: "./", logLevel: "silent", build: { outDir: referenceOut, emptyOutDir: true, target: "es2022", reportCompressedSize: false, chunkSizeWarningLimit: 8192 }, worker: { format: "es" } };

async function serveReference(build) {
  const { build: viteBuild, preview } = await import("vite");
  if (build) await viteBuild(referenceConfig);
  const server = await preview({ ...referenceConfig, preview: { port: 0, host: "127.0.0.1", open: false } });
  const address = server.httpServer.address();
  return { url: `http://127.0.0.1:${address.port}/`, close: () => server.close() };
}

/**
 * Builds the page and the reference page (unless `build` is false), serves both and starts chromium for `body`
 * ({browser, url, referenceUrl}); ends them after it.
 */
export async function withPlayground({ build = true } = {}, body) {
  if (build) await buildPlayground({ quiet: true });
  const served = await servePlayground(0);
  const reference = await serveReference(build);
  const browser = await launchBrowser();
  try {
    return await body({ browser, url: served.url, referenceUrl: reference.url });
  } finally {
    await browser.close();
    await served.close();
    await reference.close();
  }
}

/** The load average now, one decimal each (1, 5 and 15 minutes). */
export function load() {
  return loadavg().map((x) => Math.round(x * 10) / 10);
}

/** The median of a series of ratios, to two decimals. */
export function medianRatio(xs) {
  return stats(xs.map((x) => x * 100)).median / 100;
}

/** One load of the page: its marks, and each request made (by the page or its workers) until the first markers. */
export async function oneLoad(browser, url, marks) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const requests = [];
  const t0 = Date.now();
  context.on("request", (r) => requests.push({ name: new URL(r.url()).pathname.split("/").pop(), at: Date.now() - t0 }));
  await page.goto(url);
  await page.waitForFunction((ms) => ms.every((n) => performance.getEntriesByName(n).length > 0), marks, { timeout: 60_000 });
  const times = await page.evaluate((ms) => ms.map((n) => performance.getEntriesByName(n)[0].startTime), marks);
  await context.close();
  return { times, requests };
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
