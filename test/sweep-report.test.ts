// The HTML report of a sweep, opened in chromium: the heat map draws a square per cell and recolours by the
// figure chosen, the cell table sorts by a column, a click on a finding finds its cell, each row carries its
// replay command, and the page logs no error.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { Browser } from "playwright-core";
// @ts-expect-error: a plain JavaScript module without types
import { launchBrowser } from "../bin/playground.js";
import { run } from "./helpers/cli.js";

const dir = mkdtempSync(join(tmpdir(), "sweep-report-"));

describe("houserules sweep --report", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = (await launchBrowser()) as Browser;
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
  });

  it("writes a page with a heat map, findings and sortable cells, from a sweep and from its saved result", async () => {
    const file = join(dir, "r.yaml");
    writeFileSync(file, "name: report\nseed: 2\ngames: 4\nplayers: [3, 4]\nrules:\n  - id: idiot\n  - compose: [Deal Eight, Take Lots of Tricks, Crazy Eights, Whist]\n");
    const report = join(dir, "r.html");
    const r = await run(["sweep", file, "--json", "--workers", "1", "--report", report]);
    expect(r.code).toBe(0);
    expect(r.err).toBe(`report written to ${report}\n`);
    const saved = join(dir, "r.json");
    writeFileSync(saved, r.out);
    const again = join(dir, "again.html");
    expect((await run(["sweep", saved, "--report", again])).out).toBe(`report written to ${again}\n`);

    const page = await browser.newPage();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
    await page.goto(pathToFileURL(again).href);
    const cells = page.locator("#cells tbody tr");
    expect(await cells.count()).toBe(4);
    expect(await page.locator("#cells tbody tr >> nth=2 >> code").textContent()).toBe('houserules replay --compose "Deal Eight, Take Lots of Tricks, Crazy Eights, Whist" --players 3 --agents sensible,sensible,sensible --seed 2:0');
    // sorted by mean length, longest first: the Idiot cells
    await page.locator("#cells th", { hasText: /^mean length$/ }).click();
    await page.locator("#cells th", { hasText: /^mean length$/ }).click();
    expect(await page.locator("#cells tbody tr >> nth=0 >> td >> nth=1").textContent()).toBe("idiot");
    const squares = () => page.evaluate(() => {
      const chart = (globalThis as unknown as { Chart: { getChart(c: unknown): { data: { datasets: { data: unknown[]; backgroundColor: string[] }[] } } } }).Chart.getChart(document.getElementById("map"));
      return { n: chart.data.datasets[0].data.length, colours: chart.data.datasets[0].backgroundColor.join(" ") };
    });
    const before = await squares();
    expect(before.n).toBe(4);
    await page.selectOption("#figure", { label: "rules never fired" });
    expect((await squares()).colours).not.toBe(before.colours);
    expect(await page.locator("#findings tbody tr").count()).toBeGreaterThan(0);
    expect(errors).toEqual([]);
    await page.close();
  }, 120_000);
});
