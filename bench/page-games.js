#!/usr/bin/env node
// npm run bench:games: games in the playground, in Debian's chromium, on the page as npm start serves it.
//   - simulating: 1,000 Idiot games with seed 7 in the page's pool of Web Workers (one fewer than the cores,
//     and each of 1 and 2 workers), from Run to the summary on the page, charts included;
//   - watching: frames per second while a game of Idiot plays at full speed on the Play screen (one move
//     and one drawn table per frame), over a number of seconds.
// The README's pictures of the same screens are taken by npm run screenshots.
import { parseArgs } from "node:util";
import { availableParallelism, loadavg } from "node:os";
import { buildPlayground, launchBrowser, servePlayground } from "../bin/playground.js";

const help = `Usage: npm run bench:games -- [--games N] [--runs N] [--seconds S] [--json] [--no-build]

  --games N    Idiot games a run simulates (default 1000; 0 measures watching only)
  --runs N     runs to time for each number of workers (default 3)
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

const stats = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const median = s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
  return { median: Math.round(median), min: Math.round(s[0]), max: Math.round(s[s.length - 1]), n: s.length };
};

async function simulating(page, workers) {
  await page.click("[data-screen=measure]");
  await page.fill("[data-test=measure-rules]", "idiot");
  await page.fill("[data-test=measure-players]", "4");
  await page.fill("[data-test=measure-games]", String(games));
  await page.fill("[data-test=measure-seed]", "7");
  await page.fill("[data-test=measure-workers]", String(workers));
  const times = [];
  for (let i = 0; i < runs; i++) {
    times.push(await page.evaluate(async () => {
      const t = performance.now();
      await globalThis.playground.measure.run();
      return performance.now() - t;
    }));
  }
  return stats(times);
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

if (!values["no-build"]) await buildPlayground({ quiet: true });
const served = await servePlayground(0);
const browser = await launchBrowser();
try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(served.url);
  await page.waitForSelector("body[data-ready]");
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
    for (const s of simulate) process.stdout.write(`${games} Idiot games, seed 7, ${s.workers} worker${s.workers > 1 ? "s" : " "}: median ${s.median} ms (${s.min}–${s.max}, ${s.n} runs)\n`);
    process.stdout.write(`\nIdiot at full speed on the Play screen: ${watch.framesPerSecond} frames/s, ${watch.tablesPerSecond} tables drawn/s (median ${watch.drawMs} ms each, with its layout), ${watch.moves} moves in ${watch.seconds} s\n`);
  }
} finally {
  await browser.close();
  await served.close();
}
