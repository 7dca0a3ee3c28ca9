// docs/syntax.html: the expression language's syntax diagram, drawn by chevrotain from the parser itself, so it
// can never disagree with what the parser accepts. The page is self-contained: chevrotain's diagram scripts and
// styles are put inside it, so it opens from the disk with nothing fetched.
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import type { ISerializedGast } from "chevrotain";
import { createSyntaxDiagramsCode } from "../../grammar/chevrotain.js";
import { parser } from "../../grammar/parser.js";

/** How a token is shown in the diagram: what one writes, or what kind of thing it is. */
const kinds: Record<string, string> = { Identifier: "name", NumberLiteral: "number", StringLiteral: "text" };

function label(name: string, pattern: string | undefined): string {
  if (kinds[name]) return kinds[name];
  if (!pattern) return name;
  // a keyword's pattern is the word and a look-ahead; punctuation's is the escaped characters
  return pattern.replace(/\(\?!.*\)$/, "").replace(/\\(.)/g, "$1");
}

function relabel(node: unknown): void {
  if (Array.isArray(node)) return node.forEach(relabel);
  if (!node || typeof node !== "object") return;
  const n = node as { type?: string; name?: string; pattern?: string; label?: string; definition?: unknown };
  if (n.type === "Terminal" && n.name) n.label = label(n.name, n.pattern);
  relabel(n.definition);
}

const intro = `<h1>The houserules expression language: syntax</h1>
<p>Conditions, values and effects in a rule file are written in this language. <b>program</b> is an effect program
(setup, an action's effect, a phase's begin and end); <b>expression</b> is a condition or a value. Click a name to
go to its diagram. The meaning of every name and function is in <a href="language.md">language.md</a>.</p>
<p>This page is generated from the parser by <code>npm run docs</code>.</p>`;

/** chevrotain's diagrams/ folder, found up from its main module (its package.json is not exported). */
function diagramsFolder(): string {
  let dir = dirname(createRequire(import.meta.url).resolve("chevrotain"));
  for (let i = 0; i < 6; i++, dir = dirname(dir)) if (existsSync(join(dir, "diagrams", "diagrams.css"))) return join(dir, "diagrams");
  throw new Error("cannot find chevrotain's diagrams folder");
}

export function syntaxPage(): string {
  const grammar = parser.getSerializedGastProductions() as ISerializedGast[];
  relabel(grammar);
  const folder = diagramsFolder();
  const inline = (file: string) => readFileSync(join(folder, file), "utf8");
  let html = createSyntaxDiagramsCode(grammar, { resourceBase: "@diagrams/", css: "@diagrams/diagrams.css" });
  html = html.replace(/<link rel='stylesheet' href='@diagrams\/([^']+)'>/, (_, f: string) => `<style>\n${inline(f)}\n</style>`);
  html = html.replace(/<script src='@diagrams\/([^']+)'><\/script>/g, (_, f: string) => `<script>\n${inline(f)}\n</script>`);
  html = html.replace('<div id="diagrams"', `<title>houserules: expression syntax</title>\n${intro}\n<div id="diagrams"`);
  return html;
}
