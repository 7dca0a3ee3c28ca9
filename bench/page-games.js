#!/usr/bin/env node
// npm run bench:games: games in the playground, in Debian's chromium, on the page as npm start serves it.
//   - simulating: 1,000 Idiot games with seed 7 in the page's pool of Web Workers (one fewer than the cores,
//     and each of 1 and 2 workers), from Run to the summary on the page, charts included: "cold" with no worker
//     started (as after a cancel, or Run clicked the moment the screen opens), "warm" on the workers the screen
//     keeps, which have loaded the rules (as every run after the first, or Run clicked a second after opening);
//   - watching: frames per second while a game of Idiot plays at full speed on the Play screen (one move
//     and one drawn table per frame), over a number of seconds.
// The README's pictures of the same screens are taken by npm run screenshots.
import { parseArgs } from "node:util";
import { availableParallelism, loadavg } from "node:os";
import { openPage, stats, withPlayground } from "./browser.js";

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

async function simulating(page, workers) {
  await page.click("[data-screen=measure]");
  await page.fill("[data-test=measure-rules]", "idiot");
  await page.fill("[data-test=measure-players]", "4");
  await page.fill("[data-test=measure-games]", String(games));
  await page.fill("[data-test=measure-seed]", "7");
  await page.fill("[data-test=measure-workers]", String(workers));
  const timed = (cold) => page.evaluate(async (cold) => {
    const { measure } = globalThis.playground;
    if (cold) measure.cancel(); // ends the workers kept
    const t = performance.now();
    await measure.run();
    return performance.now() - t;
  }, cold);
  const cold = [];
  const warm = [];
  for (let i = 0; i < runs; i++) {
    cold.push(await timed(true));
    warm.push(await timed(false));
  }
  const backends = await Promise.all(page.workers().filter((w) => w.url().includes("/pool.worker-")).map((w) => w.evaluate(() => globalThis.playground.backend)));
  return { cold: stats(cold), warm: stats(warm), backends };
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

await withPlayground({ build: !values["no-build"] }, async ({ browser, url }) => {
  const { page } = await openPage(browser, url);
  const cores = await page.evaluate(() => navigator.hardwareConcurrency);
  const pool = Math.max(1, cores - 1);
  const sizes = [...new Set([1, 2, pool])].sort((a, b) => a - b);
  const simulate = [];
  if (games > 0) for (const workers of sizes) simulate.push({ workers, ...(await simulating(page, workers)) });
  const watch = await watching(page);
  const result = { chromium: browser.version(), cores, machineCores: availableParallelism(), load: loadavg().map((x) => Math.round(x * 10) / 10), games, runs, simulate, watch };
  if (values.json) {
    process.stdout.write(JSON.stringify(result, null, 2) + "\n");
  } else {
    process.stdout.write(`chromium ${result.chromium}, ${cores} cores, load average ${result.load.join(" ")} at the end\n\n`);
    const ms = (t) => `median ${t.median} ms (${t.min}–${t.max}, ${t.n} runs)`;
    for (const s of simulate) {
      const on = `${games} Idiot games, seed 7, ${s.workers} worker${s.workers > 1 ? "s" : " "} (rules run as ${s.backends.join(", ")})`;
      process.stdout.write(`${on}: cold ${ms(s.cold)}; warm ${ms(s.warm)}\n`);
    }
    process.stdout.write(`\nIdiot at full speed on the Play screen: ${watch.framesPerSecond} frames/s, ${watch.tablesPerSecond} tables drawn/s (median ${watch.drawMs} ms each, with its layout), ${watch.moves} moves in ${watch.seconds} s\n`);
  }
});
