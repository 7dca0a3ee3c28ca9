// The playground's entry point. It starts the rules worker first, so that the worker loads and checks the file
// the page will open while the page and its editor load (page.ts, a chunk of its own); then it builds the page.
import { RulesClient } from "./rules/client.js";
import { FileStore } from "./files/store.js";
import { userFolder } from "./files/workspace.js";

const rules = new RulesClient();
// the file the page opens when no link names one: the first of the user's files, else Idiot; its check is
// answered from the loader's caches when the editor asks for it
if (!location.hash) {
  const store = new FileStore();
  const first = store.names()[0];
  void rules.sync(store.entries()).then(() => rules.ask({ kind: "check", rules: [first === undefined ? "idiot" : `${userFolder}/${first}`] })).catch(() => {});
} else rules.start();
const { startPage } = await import("./page.js");
await startPage(rules);
