#!/usr/bin/env node
// npm run bench:games: games in the playground, in Debian's chromium, on the page as npm start serves it.
//   - simulating: 1,000 Idiot games with seed 7 in the page's pool of Web Workers (the page's default number,
//     and each of 1, 2, the cores and one more), from Run to the summary on the page, charts included: "first"
//     on a page just opened, Run clicked on the Measure screen two seconds after the first file's markers (the
//     page starts its workers at its first idle moment after them), with the default number of workers only;
//     "cold" with no worker started (as after a cancel, or Run clicked the moment the screen opens), "warm" on
//     the workers the screen keeps, which have loaded the rules (as every run after the first);
//   - watching: frames per second while a game of Idiot plays at full speed on the Play screen (one move
//     and one drawn table per frame), over a number of seconds.
// Each timed run follows a load of the fixed reference page (bench/page-reference: Monaco alone) to its editor
// ready, and is printed as a ratio to that load too, so that one run's figures hold on a busy machine.
// The README's pictures of the same screens are taken by npm run screenshots.
import { parseArgs } from "node:util";
import { availableParallelism } from "node:os";
import { load, medianRatio, oneLoad, openPage, stats, withPlayground } from "./browser.js";

const help = `Usage: npm run bench:games -- [--games N] [--runs N] [--seconds S] [--json] [--no-build]

  --games N    Idiot games a run simulates (default 1000; 0 measures watching only)
  --runs N     warm runs to time for each number of workers, and as many cold ones (default 3)
  --seconds S  seconds of full-speed play to count frames over (default 10)
  --json       print one JSON object
  --no-build   measure the last build as it is
`;

const { values } = parseArgs({ options: { games: { type: "string" }, runs: { type: "string" }, seconds: { type: "string" }, json: { type: "boolean" }, "no-build": { type: "boolean" }, help: { type: "boolean", short: "h" } } });
if (values.help) {
  process.stdout.write(help);
  process.exit(0);
}
const games = Number(values.games ?? 1000);
const runs = Number(values.runs ?? 3);
const seconds = Number(values.seconds ?? 10);

/** The reference page's load to its editor ready, in ms: the unit of this run's ratios. */
async function referenceLoad(browser, referenceUrl) {
  return (await oneLoad(browser, referenceUrl, ["playground-ready"])).times[0];
}

async function fillMeasure(page, workers) {
  await page.click("[data-screen=measure]");
  await page.fill("[data-test=measure-rules]", "idiot");
  await page.fill("[data-test=measure-players]", "4");
  await page.fill("[data-test=measure-games]", String(games));
  await page.fill("[data-test=measure-seed]", "7");
  if (workers !== undefined) await page.fill("[data-test=measure-workers]", String(workers));
}

const timed = (page, cold) => page.evaluate(async (cold) => {
  const { measure } = globalThis.playground;
  if (cold) measure.cancel(); // ends the workers kept
  const t = performance.now();
  await measure.run();
  return performance.now() - t;
}, cold);

/** The first run on pages just opened: Run two seconds after the first markers, on the default workers. */
async function firstRuns(browser, url, referenceUrl) {
  const times = [];
  const ratios = [];
  for (let i = 0; i < runs; i++) {
    const unit = await referenceLoad(browser, referenceUrl);
    const { context, page } = await openPage(browser, url);
    await page.waitForFunction(() => performance.getEntriesByName("playground-checked").length > 0, null, { timeout: 60_000 });
    await page.waitForTimeout(2000);
    await fillMeasure(page);
    times.push(await timed(page, false));
    ratios.push(times[i] / unit);
    await context.close();
  }
  return { ...stats(times), ratio: medianRatio(ratios) };
}

async function simulating(browser, referenceUrl, page, workers) {
  await fillMeasure(page, workers);
  const series = { cold: [], warm: [] };
  const ratios = { cold: [], warm: [] };
  for (let i = 0; i < runs; i++) {
    for (const kind of ["cold", "warm"]) {
      const unit = await referenceLoad(browser, referenceUrl);
      const ms = await timed(page, kind === "cold");
      series[kind].push(ms);
      ratios[kind].push(ms / unit);
    }
  }
  const backends = await Promise.all(page.workers().filter((w) => w.url().includes("/pool.worker-")).map((w) => w.evaluate(() => globalThis.playground.backend)));
  return { cold: { ...stats(series.cold), ratio: medianRatio(ratios.cold) }, warm: { ...stats(series.warm), ratio: medianRatio(ratios.warm) }, backends };
}

async function watching(page) {
  await page.click("[data-screen=play]");
  await page.fill("[data-test=play-rules]", "idiot");
  for (let p = 0; p < 4; p++) await page.selectOption(`[data-test=seat-${p}]`, "random");
  await page.fill("[data-test=play-seed]", "7");
  await page.click("[data-test=start]");
  await page.waitForSelector("[data-test=table] svg");
  await page.selectOption("[data-test=speed]", "0");
  return page.evaluate(async (s) => {
    const play = globalThis.playground.play;
    let frames = 0;
    let on = true;
    const count = () => {
      frames++;
      if (on) requestAnimationFrame(count);
    };
    // each table drawn, timed with the style and layout it causes (forced here, so that a drawing that leaves
    // its layout to the next frame is charged for it too)
    const draws = [];
    const render = play.render;
    play.render = function () {
      const t = performance.now();
      render.call(this);
      void document.body.offsetHeight;
      draws.push(performance.now() - t);
    };
    const drawn = play.drawn;
    const moves = play.frame.cursor;
    document.querySelector("[data-test=play-pause]").click();
    requestAnimationFrame(count);
    await new Promise((done) => setTimeout(done, s * 1000));
    on = false;
    document.querySelector("[data-test=play-pause]").click();
    play.render = render;
    draws.sort((a, b) => a - b);
    const drawMs = Math.round(draws[Math.floor(draws.length / 2)] * 10) / 10;
    return { seconds: s, framesPerSecond: Math.round((frames / s) * 10) / 10, tablesPerSecond: Math.round(((play.drawn - drawn) / s) * 10) / 10, drawMs, moves: play.frame.cursor - moves };
  }, seconds);
}

await withPlayground({ build: !values["no-build"] }, async ({ browser, url, referenceUrl }) => {
  const before = load();
  const references = [];
  for (let i = 0; i < runs; i++) references.push(await referenceLoad(browser, referenceUrl));
  const first = games > 0 ? await firstRuns(browser, url, referenceUrl) : null;
  const { page } = await openPage(browser, url);
  const cores = await page.evaluate(() => navigator.hardwareConcurrency);
  await page.click("[data-screen=measure]");
  const pool = await page.evaluate(() => Number(document.querySelector("[data-test=measure-workers]").value));
  const sizes = [...new Set([1, 2, pool, cores, cores + 1])].sort((a, b) => a - b);
  const simulate = [];
  if (games > 0) for (const workers of sizes) simulate.push({ workers, ...(await simulating(browser, referenceUrl, page, workers)) });
  const watch = await watching(page);
  const result = { chromium: browser.version(), cores, machineCores: availableParallelism(), defaultWorkers: pool, load: { before, after: load() }, reference: stats(references), games, runs, first, simulate, watch };
  if (values.json) {
    process.stdout.write(JSON.stringify(result, null, 2) + "\n");
  } else {
    process.stdout.write(`chromium ${result.chromium}, ${cores} cores, load average ${before.join(" ")} before, ${result.load.after.join(" ")} after\n\n`);
    const ms = (t) => `median ${t.median} ms (${t.min}–${t.max}, ${t.n} runs)${t.ratio === undefined ? "" : `, ${t.ratio}× the reference`}`;
    process.stdout.write(`reference page (Monaco alone) to its editor ready: ${ms(result.reference)}\n`);
    if (first) process.stdout.write(`${games} Idiot games, seed 7, first run on a page just opened, ${pool} worker${pool > 1 ? "s" : ""} (the default): ${ms(first)}\n`);
    for (const s of simulate) {
      const on = `${games} Idiot games, seed 7, ${s.workers} worker${s.workers > 1 ? "s" : " "} (rules run as ${s.backends.join(", ")})`;
      process.stdout.write(`${on}: cold ${ms(s.cold)}; warm ${ms(s.warm)}\n`);
    }
    process.stdout.write(`\nIdiot at full speed on the Play screen: ${watch.framesPerSecond} frames/s, ${watch.tablesPerSecond} tables drawn/s (median ${watch.drawMs} ms each, with its layout), ${watch.moves} moves in ${watch.seconds} s\n`);
  }
});
