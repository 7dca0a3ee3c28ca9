// npm run docs: regenerates the function reference in docs/language.md.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { packageRoot } from "../node/host.js";
import { withReference } from "./reference.js";

const file = join(packageRoot(), "docs", "language.md");
writeFileSync(file, withReference(readFileSync(file, "utf8")));
console.log(`wrote ${file}`);
