// End-to-end tests of the playground drive chromium with playwright-core against the built page, served as
// `npm start` serves it: Debian's chromium when present, else the one @sparticuz/chromium brings from the npm
// registry (bin/playground.js, launchBrowser), never a skipped test. A failing test leaves a screenshot in test-results/playground/ (ignored by git).
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, onTestFailed } from "vitest";
// @ts-expect-error: a plain JavaScript module without types
import { buildPlayground, launchBrowser, servePlayground } from "../../bin/playground.js";

export const screenshots = "test-results/playground";

export interface Playground {
  url: string;
  browser: Browser;
  close(): Promise<void>;
}

/** Builds the page, serves it on a free port, and starts chromium with a fresh profile. */
export async function startPlayground(): Promise<Playground> {
  const browser = (await launchBrowser()) as Browser; // first: a missing browser fails at once, with the install hint
  await buildPlayground({ quiet: true });
  const served = (await servePlayground(0)) as { url: string; close(): Promise<void> };
  return {
    url: served.url,
    browser,
    async close() {
      await browser.close();
      await served.close();
    },
  };
}

/** Starts the page before a test file's tests and ends it after them; the object returned stands for it. */
export function usePlayground(): Playground {
  let started: Playground | undefined;
  beforeAll(async () => {
    started = await startPlayground();
  }, 180_000);
  afterAll(async () => {
    await started?.close();
  });
  const get = () => {
    if (!started) throw new Error("the playground did not start");
    return started;
  };
  return { get url() { return get().url; }, get browser() { return get().browser; }, close: () => get().close() };
}

/** What went wrong on a page that a person would see in the console or the network panel. */
export interface Watched {
  page: Page;
  context: BrowserContext;
  problems: string[];
}

/** A new page in its own context (its own storage), recording console errors, page errors and failed requests. */
export async function openPage(pg: Playground, url = pg.url): Promise<Watched> {
  const context = await pg.browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error" || m.type() === "warning") problems.push(`console ${m.type()}: ${m.text()}`);
  });
  page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
  page.on("requestfailed", (r) => problems.push(`request failed: ${r.url()} ${r.failure()?.errorText ?? ""}`));
  page.on("response", (r) => {
    if (r.status() >= 400) problems.push(`HTTP ${r.status()}: ${r.url()}`);
  });
  page.on("request", (r) => {
    if (!r.url().startsWith(pg.url) && !r.url().startsWith("blob:") && !r.url().startsWith("data:")) problems.push(`request outside the page: ${r.url()}`);
  });
  page.on("dialog", (d) => {
    problems.push(`dialog: ${d.message()}`);
    void d.dismiss();
  });
  onTestFailed(async ({ task }) => {
    mkdirSync(screenshots, { recursive: true });
    const file = join(screenshots, `${task.name.replace(/[^a-z0-9]+/gi, "-").slice(0, 80)}.png`);
    await page.screenshot({ path: file, fullPage: true }).catch(() => {});
  });
  await page.goto(url);
  await page.waitForSelector("body[data-ready]", { timeout: 30_000 });
  return { page, context, problems };
}
