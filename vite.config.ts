// The playground: a static page built by vite from src/editor, served by `npm start` (vite preview) with the
// content security policy below. The page itself may not evaluate code; the rules worker may, because the
// loader validates with ajv, which compiles each schema into a function (see the README, "Playground"); so may the
// workers that play and simulate games, which load rules the same way.
import { fileURLToPath } from "node:url";
import { dirname, resolve } from "node:path";
import { defineConfig, type Plugin } from "vite";
import { validatorsModule } from "./src/node/write-validators.ts";

const common = "default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; object-src 'none'; base-uri 'none'; form-action 'none'";
/**
 * Where the page may connect besides its own files: a game server (`houserules serve`) that the person names on
 * the Play screen to play online — on this machine, or anywhere over TLS. Nothing connects until they do; plain
 * http and ws to other machines stay closed (moves and links would cross the network in clear text).
 */
export const gameServers = "http://127.0.0.1:* ws://127.0.0.1:* http://localhost:* ws://localhost:* https: wss:";
/** The page's policy; also written into the page as a meta element, for hosts that send no headers. */
const pageMeta = `${common}; connect-src 'self' ${gameServers}; script-src 'self'; worker-src 'self'`;
export const pagePolicy = `${pageMeta}; frame-ancestors 'none'`;
export const rulesWorkerPolicy = `${common}; connect-src 'self'; script-src 'self' 'unsafe-eval'`;
export const workerPolicy = `${common}; connect-src 'self'; script-src 'self'`;

/** Sends the policy with every response of the preview server: the page's, and each worker's own. */
function policy(): Plugin {
  return {
    name: "houserules-policy",
    transformIndexHtml: () => [{ tag: "meta", attrs: { "http-equiv": "Content-Security-Policy", content: pageMeta }, injectTo: "head-prepend" }],
    configurePreviewServer(server) {
      server.middlewares.use((req, res, next) => {
        const path = (req.url ?? "/").split("?")[0];
        const worker = /\/assets\/[^/]*worker[^/]*\.js$/.test(path);
        res.setHeader("Content-Security-Policy", !worker ? pagePolicy : /\/assets\/(rules|session|pool)\.worker-/.test(path) ? rulesWorkerPolicy : workerPolicy);
        res.setHeader("X-Content-Type-Options", "nosniff");
        next();
      });
    },
  };
}

/**
 * grammar/chevrotain.ts finds chevrotain's single-file bundle by the package's place on the disk, which a page
 * does not have: the page's build takes the package itself, as vite resolves and bundles it.
 */
function chevrotainPackage(): Plugin {
  const loader = fileURLToPath(new URL("grammar/chevrotain.ts", import.meta.url));
  return {
    name: "houserules-chevrotain",
    enforce: "pre",
    resolveId: {
      // only the imports that can be the loader call back (there are thousands of others)
      filter: { id: /\/chevrotain\.js$/ },
      handler(source, importer, options) {
        if (!importer || resolve(dirname(importer), source.replace(/\.js$/, ".ts")) !== loader) return null;
        return this.resolve("chevrotain", importer, { ...options, skipSelf: true });
      },
    },
  };
}

/**
 * The schema validators, compiled at build time as the command line's are (src/node/write-validators.ts), for the
 * workers that load rules (src/editor/rules/memory-host.ts imports virtual:houserules-validators).
 */
let validatorsCode: string | undefined;
function builtValidators(): Plugin {
  const id = "virtual:houserules-validators";
  return {
    name: "houserules-validators",
    resolveId: { filter: { id: /^virtual:houserules-validators$/ }, handler: () => `\0${id}` },
    // made once for the workers that import it
    load: { filter: { id: /^\0virtual:houserules-validators$/ }, handler: () => (validatorsCode ??= validatorsModule()) },
  };
}

export default defineConfig({
  root: "src/editor",
  base: "./",
  publicDir: false,
  plugins: [policy(), chevrotainPackage()],
  build: {
    outDir: "../../dist/editor",
    emptyOutDir: true,
    target: "es2022",
    chunkSizeWarningLimit: 4096,
    reportCompressedSize: false,
  },
  worker: { format: "es", plugins: () => [chevrotainPackage(), builtValidators()] },
  preview: { host: "127.0.0.1", strictPort: true },
  server: { host: "127.0.0.1" },
});
