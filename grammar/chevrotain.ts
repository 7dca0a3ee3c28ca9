// The parts of chevrotain the grammar uses, from the package's own single-file bundle (lib/chevrotain.mjs).
// Its main entry is a tree of about 700 module files (its own and lodash-es's): importing that costs about 0.7 s
// of CPU in every process and worker thread that parses, the bundle about 25 ms. The package's "exports" names
// only the tree, so the bundle is imported by its file URL, found beside the file the package's entry resolves to
// (a URL is not subject to "exports"); the bundle has the same API and the same types.
// The playground's page is bundled by vite, which takes the package as it resolves it (see vite.config.ts).
import type * as Api from "chevrotain";

/** The bundle's URL, or undefined where the package's place cannot be resolved (import.meta.resolve is Node ≥ 20.6). */
function bundleUrl(): string | undefined {
  if (typeof import.meta.resolve !== "function") return undefined;
  return new URL("../chevrotain.mjs", import.meta.resolve("chevrotain")).href;
}

const url = bundleUrl();
const chevrotain: typeof Api = url ? await import(/* @vite-ignore */ url) : await import("chevrotain");

export const { CstParser, Lexer, createToken, createSyntaxDiagramsCode } = chevrotain;
