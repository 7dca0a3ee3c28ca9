#!/usr/bin/env node
// npm start: builds the playground page with vite and serves it on 127.0.0.1 with its content security
// policy (vite.config.ts). The browser tests, the page benchmark and the README's screenshots build, serve and
// open it with the same functions.
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { dirname, join } from "node:path";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const config = join(root, "vite.config.ts");

const help = `Usage: npm start [-- --port N] [-- --no-build]

Builds the houserules playground (the page and its workers, into dist/editor) and serves it on
127.0.0.1, printing its address. Everything the page needs is in the build: it fetches nothing else
(only a game server that the person names on the Play screen, to play online).

Options:
  --port N     the port to serve on (default 5178; 0 picks a free one)
  --no-build   serve the last build as it is
  -h, --help   this text
`;

/** Builds the page into dist/editor. */
export async function buildPlayground({ quiet = false } = {}) {
  const { build } = await import("vite");
  await build({ configFile: config, root: join(root, "src/editor"), logLevel: quiet ? "warn" : "info" });
}

/** Serves the built page; resolves to the server and its address. */
export async function servePlayground(port = 5178) {
  const { preview } = await import("vite");
  const server = await preview({ configFile: config, root: join(root, "src/editor"), logLevel: "silent", preview: { port, host: "127.0.0.1", strictPort: true, open: false } });
  const address = server.httpServer.address();
  const url = `http://127.0.0.1:${typeof address === "object" && address ? address.port : port}/`;
  return { server, url, close: () => server.close() };
}

/** Debian's chromium, or CHROMIUM; the browser tests and the page benchmark need it. */
export const chromiumPath = process.env.CHROMIUM ?? "/usr/bin/chromium";

/** Which browser launchBrowser() started, for the tests' output: Debian's (or $CHROMIUM), or the packaged one. */
export let browserInUse = "";

/**
 * Starts headless chromium for the browser tests: Debian's (or the one $CHROMIUM names) when it is there, else the
 * chromium packaged in the npm registry's @sparticuz/chromium (a devDependency, unpacked to the temporary folder on
 * first use), so that `npm install && npm test` needs nothing else on the machine.
 */
export async function launchBrowser() {
  const { existsSync } = await import("node:fs");
  const { chromium } = await import("playwright-core");
  const args = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--disable-dev-shm-usage"];
  if (existsSync(chromiumPath)) {
    browserInUse = `chromium at ${chromiumPath}`;
    return chromium.launch({ executablePath: chromiumPath, args, headless: true });
  }
  let packaged;
  try {
    packaged = (await import("@sparticuz/chromium")).default;
  } catch {
    throw new Error(`the playground's browser tests need chromium: none at ${chromiumPath}, and @sparticuz/chromium is not installed (run npm install, or apt-get install -y chromium, or set CHROMIUM to its path)`);
  }
  const executablePath = await packaged.executablePath();
  browserInUse = `chromium ${executablePath} from @sparticuz/chromium (no ${chromiumPath})`;
  return chromium.launch({ executablePath, args: [...args, "--no-zygote"], headless: true });
}

async function main(argv) {
  let values;
  try {
    ({ values } = parseArgs({ args: argv, options: { port: { type: "string" }, "no-build": { type: "boolean" }, help: { type: "boolean", short: "h" } } }));
  } catch (e) {
    process.stderr.write(`${e.message}\n\n${help}`);
    return 2;
  }
  if (values.help) {
    process.stdout.write(help);
    return 0;
  }
  const port = values.port === undefined ? 5178 : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    process.stderr.write(`--port takes a port number from 0 to 65535, not '${values.port}'\n`);
    return 2;
  }
  if (!values["no-build"]) await buildPlayground();
  try {
    const { url } = await servePlayground(port);
    process.stdout.write(`houserules playground: ${url}\n(press Ctrl-C to stop)\n`);
  } catch (e) {
    process.stderr.write(`cannot serve on 127.0.0.1:${port}: ${e.message}${e.code === "EADDRINUSE" ? " (choose another with --port)" : ""}\n`);
    return 1;
  }
  return undefined;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main(process.argv.slice(2)).then((code) => {
    if (code !== undefined) process.exitCode = code;
  });
}
