#!/usr/bin/env node
// npm run bench:page: how the playground performs in Debian's chromium, on the page as npm start serves it.
//   - the size of each file the build emits, as served and gzipped;
//   - page load: from navigation to the editor ready, and to the first file's markers (the loader's check of
//     Idiot in the rules worker), over fresh pages with empty caches;
//   - keystroke to marker: on a copy of the largest shipped rule file, from the key that misspells a name to
//     the houserules marker for it, which includes the editor's 250 ms pause before checking.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";
import { openPage, stats, withPlayground } from "./browser.js";

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
    return { name: name.replace(/-[A-Za-z0-9_-]{8}\./, "."), bytes, gzip: gzipSync(readFileSync(join(dir, name))).length };
  }).sort((a, b) => b.bytes - a.bytes);
}

async function pageLoads(browser, url) {
  const ready = [];
  const checked = [];
  for (let i = 0; i < runs; i++) {
    const { context, page } = await openPage(browser, url);
    await page.waitForFunction(() => performance.getEntriesByName("playground-checked").length > 0, null, { timeout: 60_000 });
    const marks = await page.evaluate(() => ["playground-ready", "playground-checked"].map((n) => performance.getEntriesByName(n)[0].startTime));
    ready.push(marks[0]);
    checked.push(marks[1]);
    await context.close();
  }
  return { ready: stats(ready), checked: stats(checked) };
}

function largestRuleFile() {
  const all = [];
  const walk = (d) => readdirSync(d).forEach((n) => (statSync(join(d, n)).isDirectory() ? walk(join(d, n)) : n.endsWith(".yaml") && all.push(join(d, n))));
  walk("rules");
  return all.map((f) => ({ file: f, bytes: statSync(f).size })).sort((a, b) => b.bytes - a.bytes)[0];
}

async function keystrokes(browser, url, largest) {
  const { context, page } = await openPage(browser, url);
  const text = readFileSync(largest.file, "utf8");
  // the file as the user's own, beside the shipped files it names
  await page.setInputFiles("[data-test=upload]", { name: "largest.yaml", mimeType: "text/yaml", buffer: Buffer.from(text) });
  await page.waitForFunction(() => globalThis.playground.edit.current() === "yours/largest.yaml");
  await page.waitForSelector("[data-test=summary]:has-text('yours/largest.yaml')", { timeout: 60_000 });
  const lines = text.split("\n");
  const line = lines.findIndex((l) => /^\s+(check|effect|when|value|endWhen):\s*\S/.test(l) && !l.includes("|")) + 1;
  if (!line) throw new Error(`no one-line expression in ${largest.file}`);
  await page.evaluate(() => {
    const { monaco } = globalThis.playground;
    globalThis.benchKey = 0;
    document.addEventListener("keydown", () => (globalThis.benchKey = performance.now()), true);
    monaco.editor.onDidChangeMarkers(() => {
      const errors = monaco.editor.getModelMarkers({ owner: "houserules" }).filter((m) => m.severity === 8);
      globalThis.benchErrors = errors.length;
      globalThis.benchAt = performance.now();
    });
  });
  const times = [];
  for (let i = 0; i < keys; i++) {
    // misspell: a name that is defined nowhere, then wait for its marker; then take it back and wait for none
    const col = lines[line - 1].search(/\S/) + lines[line - 1].trim().indexOf(":") + 3;
    await page.evaluate(([l, c]) => { const e = globalThis.playground.edit.editor; e.setPosition({ lineNumber: l, column: c }); e.focus(); }, [line, col]);
    await page.keyboard.type("q");
    await page.waitForFunction(() => globalThis.benchErrors > 0 && globalThis.benchAt > globalThis.benchKey, null, { timeout: 60_000 });
    times.push(await page.evaluate(() => globalThis.benchAt - globalThis.benchKey));
    await page.keyboard.press("Backspace");
    await page.waitForFunction(() => globalThis.benchErrors === 0 && globalThis.benchAt > globalThis.benchKey, null, { timeout: 60_000 });
  }
  await context.close();
  return stats(times);
}

await withPlayground({ build: !values["no-build"] }, async ({ browser, url }) => {
  const files = bundle();
  const load = await pageLoads(browser, url);
  const largest = largestRuleFile();
  const key = await keystrokes(browser, url, largest);
  const result = { chromium: browser.version(), runs, keys, bundle: files, load, keystroke: { file: largest.file, bytes: largest.bytes, ...key } };
  if (values.json) {
    process.stdout.write(JSON.stringify(result, null, 2) + "\n");
  } else {
    const kb = (b) => `${(b / 1024).toFixed(1)} KB`;
    process.stdout.write(`chromium ${result.chromium}\n\nfile                         served      gzipped\n`);
    for (const f of files) process.stdout.write(`${f.name.padEnd(26)} ${kb(f.bytes).padStart(10)} ${kb(f.gzip).padStart(12)}\n`);
    const total = files.reduce((a, f) => a + f.bytes, 0);
    process.stdout.write(`${"all".padEnd(26)} ${kb(total).padStart(10)} ${kb(files.reduce((a, f) => a + f.gzip, 0)).padStart(12)}\n\n`);
    const ms = (s) => `median ${s.median} ms (${s.min}–${s.max}, ${s.n} runs)`;
    process.stdout.write(`page load to editor ready:        ${ms(load.ready)}\n`);
    process.stdout.write(`page load to first file's markers: ${ms(load.checked)}\n`);
    process.stdout.write(`keystroke to marker, ${largest.file} (${largest.bytes} bytes), with the 250 ms pause: ${ms(key)}\n`);
  }
});
