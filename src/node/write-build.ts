// A build step (npm run build): writes dist/build.json with the hash of the sources the build was made from, the
// build's identity that sweep workers compare (programBuild).
import { writeFileSync } from "node:fs";
import { buildFile, sourceHash } from "./package-root.js";

writeFileSync(buildFile(), JSON.stringify({ source: sourceHash() }) + "\n");
