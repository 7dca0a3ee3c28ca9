#!/usr/bin/env node
import { installNodeHost } from "../dist/src/node/host.js";
import { main } from "../dist/src/cli/main.js";

installNodeHost();
main(process.argv.slice(2)).then((code) => {
  process.exitCode = code;
});
