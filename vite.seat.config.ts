// The page a seat's link opens on `houserules serve` (src/editor/seat/seat.ts), built into dist/seat as one script
// and one style sheet, which the server reads and serves (src/serve/page.ts). It draws with the playground's own
// table code; `npm run build` builds it, so the package carries it beside the server.
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

export default defineConfig({
  root: fileURLToPath(new URL("src/editor", import.meta.url)),
  publicDir: false,
  logLevel: "warn",
  build: {
    outDir: fileURLToPath(new URL("dist/seat", import.meta.url)),
    emptyOutDir: true,
    target: "es2022",
    reportCompressedSize: false,
    lib: { entry: fileURLToPath(new URL("src/editor/seat/seat.ts", import.meta.url)), formats: ["iife"], name: "houserulesSeat", fileName: () => "seat.js", cssFileName: "seat" },
  },
});
