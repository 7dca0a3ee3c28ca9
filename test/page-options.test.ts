// Options on the page, as --option gives them on the command line: the Measure and Play screens take
// "name=value, …", read against what the rules declare, and refuse an unknown name or a value out of range in
// the words the command line uses. Driven in a real browser (test/helpers/browser.ts).
import { describe, expect, it } from "vitest";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openPage, usePlayground } from "./helpers/browser.js";
import { runBin } from "./helpers/cli.js";
import { optionPairs, optionsFromPairs } from "../src/interpreter/options.js";
import { loadRules } from "../src/interpreter/load/load.js";

const pg = usePlayground();

describe("options on the page", () => {
  it("reads an Options field as --option reads its values", () => {
    const game = loadRules("go-fish").game!;
    expect(optionPairs(" handSize=3,\n, x = y ")).toEqual(["handSize=3", "x = y"]);
    expect(optionsFromPairs(["handSize=3"], game.options)).toEqual({ options: { handSize: 3 }, problems: [] });
    expect(optionsFromPairs(["handSize=99", "nope=1", "bare"], game.options).problems).toEqual([
      "an option is written NAME=VALUE, as in handSize=5, not 'bare'",
      "option 'handSize' is at most 10, not 99",
      "there is no option 'nope' (options: handSize)",
    ]);
  });

  it("measures with an option, the summary simulate --option prints byte for byte; refuses one out of range", async () => {
    const { page, problems } = await openPage(pg);
    await page.click("[data-screen=measure]");
    await page.fill("[data-test=measure-rules]", "go-fish");
    await page.fill("[data-test=measure-against]", "");
    await page.fill("[data-test=measure-games]", "20");
    await page.fill("[data-test=measure-players]", "3");
    await page.fill("[data-test=measure-seed]", "5");
    await page.fill("[data-test=measure-agents]", "sensible");
    await page.fill("[data-test=measure-options]", "handSize=99");
    await page.click("[data-test=measure-run]");
    await page.waitForFunction(() => /Options: /.test(document.querySelector("[data-test=measure-message]")?.textContent ?? ""));
    expect(await page.textContent("[data-test=measure-message]")).toBe("Options: option 'handSize' is at most 10, not 99.");
    await page.fill("[data-test=measure-options]", "handSize=3");
    await page.click("[data-test=measure-run]");
    await page.waitForSelector("[data-test=summary-json]", { state: "attached", timeout: 120_000 });
    const shown = await page.evaluate(() => JSON.stringify((globalThis as any).playground.measure.summaries[0], null, 2) + "\n");
    const args = ["simulate", "go-fish", "--games", "20", "--players", "3", "--seed", "5", "--agents", "sensible", "--json"];
    const cli = runBin([...args, "--option", "handSize=3"]);
    expect(cli.code).toBe(0);
    expect(shown).toBe(cli.out);
    // the option made a difference: without it, the games are not the same
    expect(runBin(args).out).not.toBe(cli.out);
    // the field is kept with the others
    const kept = await page.evaluate(() => JSON.parse(localStorage.getItem("houserules.page.v1") ?? "null")?.measure);
    expect(kept?.options).toBe("handSize=3");
    expect(problems).toEqual([]);
  }, 240_000);

  it("plays with an option: the game exported from the page carries it and passes houserules test", async () => {
    const { page, problems } = await openPage(pg);
    await page.click("[data-screen=play]");
    await page.fill("[data-test=play-rules]", "go-fish");
    await page.fill("[data-test=play-players]", "3");
    await page.dispatchEvent("[data-test=play-players]", "change");
    await page.fill("[data-test=play-seed]", "4");
    for (let p = 0; p < 3; p++) await page.selectOption(`[data-test=seat-${p}]`, "random");
    await page.fill("[data-test=play-options]", "nope=1");
    await page.click("[data-test=start]");
    await page.waitForFunction(() => /Options: /.test(document.querySelector("[data-test=play-error]")?.textContent ?? ""));
    expect(await page.textContent("[data-test=play-error]")).toBe("Options: there is no option 'nope' (options: handSize).");
    await page.fill("[data-test=play-options]", "handSize=2");
    await page.click("[data-test=start]");
    await page.waitForSelector("[data-test=table] svg");
    await page.click("[data-test=export]");
    await page.waitForSelector("[data-test=exported]:not([hidden])");
    const text = (await page.textContent("[data-test=exported]"))!;
    expect(text).toMatch(/options:\s*\n\s+handSize: 2/);
    const file = join(mkdtempSync(join(tmpdir(), "houserules-options-")), "go-fish.scenario.yaml");
    writeFileSync(file, text);
    expect(runBin(["test", file]).out).toBe("1 passed, 0 failed\n");
    expect(problems).toEqual([]);
  }, 240_000);
});
