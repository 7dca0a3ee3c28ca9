// The playground's entry point. It asks for the page (page.ts, with the editor: chunks of their own) and starts
// the rules worker at once, so that the worker loads and checks the file the page will open while the page and
// its editor load; then it builds the page.
import { RulesClient } from "./rules/client.js";
import { FileStore } from "./files/store.js";
import { userFolder } from "./files/names.js";

const page = import("./page.js");
const rules = new RulesClient();
// the file the page opens when no link names one: the first of the user's files, else Idiot; its check is
// answered from the loader's caches when the editor asks for it
if (!location.hash) {
  const store = new FileStore();
  const first = store.names()[0];
  rules.startWith({ files: store.entries(), check: [first === undefined ? "idiot" : `${userFolder}/${first}`] });
} else rules.start();
await (await page).startPage(rules);
