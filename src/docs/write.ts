// npm run docs: regenerates the table of sections and the function reference in docs/language.md, the rules
// schema grammar/rules.schema.json, the syntax diagram docs/syntax.html, and the example rulebook
// docs/rulebook-example.md with its printable page.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { installNodeHost, packageRoot } from "../node/host.js";
import { withReference } from "./reference.js";
import { syntaxPage } from "./syntax.js";
import { rulesSchemaText } from "../interpreter/sections/index.js";
import { exampleGame, rulebookExample } from "./rulebook-example.js";

const language = join(packageRoot(), "docs", "language.md");
writeFileSync(language, withReference(readFileSync(language, "utf8")));
console.log(`wrote ${language}`);
const schema = join(packageRoot(), "grammar", "rules.schema.json");
writeFileSync(schema, rulesSchemaText());
console.log(`wrote ${schema}`);
const syntax = join(packageRoot(), "docs", "syntax.html");
writeFileSync(syntax, syntaxPage());
console.log(`wrote ${syntax}`);
installNodeHost();
const example = rulebookExample();
for (const [name, text] of [["rulebook-example.md", example.markdown], [`rulebook-${exampleGame}.html`, example.html]]) {
  const file = join(packageRoot(), "docs", name);
  writeFileSync(file, text);
  console.log(`wrote ${file}`);
}
