#!/usr/bin/env node
// npm run bench:page: how the playground performs in Debian's chromium, on the page as npm start serves it.
//   - the size of each file the build emits, as served and gzipped;
//   - page load: from navigation to the editor ready, and to the first file's markers (the loader's check of
//     Idiot in the rules worker), over fresh pages with empty caches;
//   - keystroke to marker: on a copy of the largest shipped rule file, from the key that misspells a name to
//     the houserules marker for it, which includes the editor's 250 ms pause before checking;
//   - what a first load fetches before the editor's language features are asked for (every request of the
//     page and its workers until the first markers, with the time each was asked for), and its bytes.
// Each timing alternates with the same on the reference page (bench/page-reference: an empty vite page with
// Monaco alone, whose marker comes after the same pause with no check), and is printed as a ratio to it too:
// the ratios of one run hold on a busy machine, where the milliseconds do not.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";
import { load, medianRatio, oneLoad, openPage, stats, withPlayground } from "./browser.js";

const help = `Usage: npm run bench:page -- [--runs N] [--keys N] [--json] [--no-build]

  --runs N     page loads to time (default 5)
  --keys N     misspellings to time on the largest rule file (default 10)
  --json       print one JSON object
  --no-build   measure the last build as it is
`;

const { values } = parseArgs({ options: { runs: { type: "string" }, keys: { type: "string" }, json: { type: "boolean" }, "no-build": { type: "boolean" }, help: { type: "boolean", short: "h" } } });
if (values.help) {
  process.stdout.write(help);
  process.exit(0);
}
const runs = Number(values.runs ?? 5);
const keys = Number(values.keys ?? 10);

function bundle() {
  const dir = "dist/editor/assets";
  return readdirSync(dir).map((name) => {
    const bytes = statSync(join(dir, name)).size;
    return { name: name.replace(/-[A-Za-z0-9_-]{8}\./, "."), file: name, bytes, gzip: gzipSync(readFileSync(join(dir, name))).length };
  }).sort((a, b) => b.bytes - a.bytes);
}

/** Page loads with empty caches, each one of the reference page's just before: times and their ratios. */
async function pageLoads(browser, url, referenceUrl) {
  const ready = [];
  const checked = [];
  const reference = [];
  const pairs = { ready: [], checked: [] };
  let requests = [];
  for (let i = 0; i < runs; i++) {
    const ref = await oneLoad(browser, referenceUrl, ["playground-ready"]);
    const own = await oneLoad(browser, url, ["playground-ready", "playground-checked"]);
    reference.push(ref.times[0]);
    ready.push(own.times[0]);
    checked.push(own.times[1]);
    pairs.ready.push(own.times[0] / ref.times[0]);
    pairs.checked.push(own.times[1] / ref.times[0]);
    requests = own.requests;
  }
  const ratios = { ready: medianRatio(pairs.ready), checked: medianRatio(pairs.checked) };
  return { ready: stats(ready), checked: stats(checked), reference: stats(reference), ratios, requests };
}

function largestRuleFile() {
  const all = [];
  const walk = (d) => readdirSync(d).forEach((n) => (statSync(join(d, n)).isDirectory() ? walk(join(d, n)) : n.endsWith(".yaml") && all.push(join(d, n))));
  walk("rules");
  return all.map((f) => ({ file: f, bytes: statSync(f).size })).sort((a, b) => b.bytes - a.bytes)[0];
}

/** Misspells and mends a name `keys` times, timing each key to the error marker it brings; the editor is ready. */
async function typing(page, owner, at, times) {
  await page.evaluate((owner) => {
    const { monaco } = globalThis.playground ?? globalThis.reference;
    globalThis.benchKey = 0;
    document.addEventListener("keydown", () => (globalThis.benchKey = performance.now()), true);
    monaco.editor.onDidChangeMarkers(() => {
      const errors = monaco.editor.getModelMarkers({ owner }).filter((m) => m.severity === 8);
      globalThis.benchErrors = errors.length;
      globalThis.benchAt = performance.now();
    });
  }, owner);
  // misspell: a name that is defined nowhere, then wait for its marker; then take it back and wait for none
  await page.evaluate(([l, c]) => { const e = (globalThis.playground?.edit ?? globalThis.reference).editor; e.setPosition({ lineNumber: l, column: c }); e.focus(); }, at);
  await page.keyboard.type("q");
  await page.waitForFunction(() => globalThis.benchErrors > 0 && globalThis.benchAt > globalThis.benchKey, null, { timeout: 60_000 });
  times.push(await page.evaluate(() => globalThis.benchAt - globalThis.benchKey));
  await page.keyboard.press("Backspace");
  await page.waitForFunction(() => globalThis.benchErrors === 0 && globalThis.benchAt > globalThis.benchKey, null, { timeout: 60_000 });
}

async function keystrokes(browser, url, referenceUrl, largest) {
  const { context, page } = await openPage(browser, url);
  const text = readFileSync(largest.file, "utf8");
  // the file as the user's own, beside the shipped files it names
  await page.setInputFiles("[data-test=upload]", { name: "largest.yaml", mimeType: "text/yaml", buffer: Buffer.from(text) });
  await page.waitForFunction(() => globalThis.playground.edit.current() === "yours/largest.yaml");
  await page.waitForSelector("[data-test=summary]:has-text('yours/largest.yaml')", { timeout: 60_000 });
  const lines = text.split("\n");
  const line = lines.findIndex((l) => /^\s+(check|effect|when|value|endWhen):\s*\S/.test(l) && !l.includes("|")) + 1;
  if (!line) throw new Error(`no one-line expression in ${largest.file}`);
  const col = lines[line - 1].search(/\S/) + lines[line - 1].trim().indexOf(":") + 3;
  const ref = await openPage(browser, referenceUrl);
  const own = [];
  const reference = [];
  for (let i = 0; i < keys; i++) {
    await typing(ref.page, "reference", [1, 7], reference);
    await typing(page, "houserules", [line, col], own);
  }
  await ref.context.close();
  await context.close();
  return { ...stats(own), reference: stats(reference), ratio: medianRatio(own.map((t, i) => t / reference[i])), beyondReference: stats(own.map((t, i) => t - reference[i])).median };
}

await withPlayground({ build: !values["no-build"] }, async ({ browser, url, referenceUrl }) => {
  const before = load();
  const files = bundle();
  const loads = await pageLoads(browser, url, referenceUrl);
  // what the first load fetched before the first markers: the page, its styles, its chunks and workers' scripts
  const fetched = new Map(loads.requests.map((r) => [r.name, r.at]));
  const first = files.filter((f) => fetched.has(f.file)).map((f) => ({ name: f.name, bytes: f.bytes, gzip: f.gzip, at: fetched.get(f.file) })).sort((a, b) => a.at - b.at);
  const firstLoad = { files: first, bytes: first.reduce((a, f) => a + f.bytes, 0), gzip: first.reduce((a, f) => a + f.gzip, 0) };
  const largest = largestRuleFile();
  const key = await keystrokes(browser, url, referenceUrl, largest);
  const { requests: _, ...timing } = loads;
  const result = { chromium: browser.version(), load: { before, after: load() }, runs, keys, bundle: files.map(({ file: _, ...f }) => f), firstLoad, pageLoad: timing, keystroke: { file: largest.file, bytes: largest.bytes, ...key } };
  if (values.json) {
    process.stdout.write(JSON.stringify(result, null, 2) + "\n");
  } else {
    const kb = (b) => `${(b / 1024).toFixed(1)} KB`;
    process.stdout.write(`chromium ${result.chromium}, load average ${before.join(" ")} before, ${result.load.after.join(" ")} after\n\nfile                         served      gzipped   first load (asked for at)\n`);
    for (const f of files) {
      const at = fetched.get(f.file);
      process.stdout.write(`${f.name.padEnd(26)} ${kb(f.bytes).padStart(10)} ${kb(f.gzip).padStart(12)}   ${at === undefined ? "" : `${at} ms`}\n`);
    }
    const total = files.reduce((a, f) => a + f.bytes, 0);
    process.stdout.write(`${"all".padEnd(26)} ${kb(total).padStart(10)} ${kb(files.reduce((a, f) => a + f.gzip, 0)).padStart(12)}\n`);
    process.stdout.write(`${"first load".padEnd(26)} ${kb(firstLoad.bytes).padStart(10)} ${kb(firstLoad.gzip).padStart(12)}\n\n`);
    const ms = (s) => `median ${s.median} ms (${s.min}–${s.max}, ${s.n} runs)`;
    process.stdout.write(`reference page (Monaco alone) to its editor ready: ${ms(timing.reference)}\n`);
    process.stdout.write(`page load to editor ready:         ${ms(timing.ready)}; ${timing.ratios.ready}× the reference\n`);
    process.stdout.write(`page load to first file's markers: ${ms(timing.checked)}; ${timing.ratios.checked}× the reference's editor ready\n`);
    process.stdout.write(`keystroke to marker, ${largest.file} (${largest.bytes} bytes), with the 250 ms pause: ${ms(key)}; reference ${ms(key.reference)}; ${key.ratio}× the reference, ${key.beyondReference} ms beyond it\n`);
  }
});
