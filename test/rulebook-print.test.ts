// The Rulebook panel's Print, in a real browser: the rulebook shown beside the editor opens as the page to keep
// beside the deck — the same page `houserules explain --html` writes, with its print styles and card faces drawn.
import { describe, expect, it } from "vitest";
import { openPage, usePlayground } from "./helpers/browser.js";
import { run } from "./helpers/cli.js";

const pg = usePlayground();

describe("printing the rulebook from the page", () => {
  it("opens Idiot's rulebook as the printable page explain --html writes", async () => {
    const { page, problems } = await openPage(pg);
    await page.click(".file-name:text-is('idiot.yaml')");
    await page.locator("[data-test=rulebook-of]", { hasText: "idiot" }).waitFor({ timeout: 30_000 });
    const print = page.locator("[data-test=rulebook-print]:not([disabled])");
    await print.waitFor({ timeout: 30_000 });
    const [tab] = await Promise.all([page.context().waitForEvent("page"), print.click()]);
    await tab.waitForURL(/^blob:/);
    await tab.waitForLoadState();
    const html = await tab.content();
    expect(await tab.locator("h1").first().textContent()).toBe("Idiot");
    expect(html).toContain("@media print");
    expect(await tab.locator("svg").count()).toBeGreaterThan(0);
    // the same page as the command line's
    const cli = await run(["explain", "idiot", "--html"]);
    expect(cli.code).toBe(0);
    expect(await tab.locator("h2").allTextContents()).toEqual(cli.out.match(/<h2[^>]*>([^<]*)<\/h2>/g)!.map((x) => x.replace(/<[^>]+>/g, "")));
    expect(problems).toEqual([]);
  }, 120_000);
});
