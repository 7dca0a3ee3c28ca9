// npm run docs: regenerates the table of sections and the function reference in docs/language.md, the rules
// schema grammar/rules.schema.json, and the syntax diagram docs/syntax.html.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { packageRoot } from "../node/host.js";
import { withReference } from "./reference.js";
import { syntaxPage } from "./syntax.js";
import { rulesSchemaText } from "../interpreter/sections/index.js";

const language = join(packageRoot(), "docs", "language.md");
writeFileSync(language, withReference(readFileSync(language, "utf8")));
console.log(`wrote ${language}`);
const schema = join(packageRoot(), "grammar", "rules.schema.json");
writeFileSync(schema, rulesSchemaText());
console.log(`wrote ${schema}`);
const syntax = join(packageRoot(), "docs", "syntax.html");
writeFileSync(syntax, syntaxPage());
console.log(`wrote ${syntax}`);
