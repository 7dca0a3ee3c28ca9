// The playground's entry point: the frame with its screens, the editor's language features, and the files a
// shared link brings.
import "./style.css";
import { App } from "./app.js";
import { Shell } from "./shell.js";
import { EditScreen } from "./edit/screen.js";
import { ComposeScreen } from "./compose/screen.js";
import { PlayScreen } from "./play/screen.js";
import { MeasureScreen } from "./measure/screen.js";
import { configureYaml } from "./monaco/yaml.js";
import { registerQuickFixes } from "./monaco/markers.js";
import { monaco } from "./monaco/monaco.js";
import { ExpressionNames } from "./monaco/expressions.js";
import { openSharedLink, shareButton } from "./files/sharing.js";
import { ignoreMonacoCancellations } from "./monaco/cancellations.js";

ignoreMonacoCancellations();

const app = new App();
let edit: EditScreen;
const names = new ExpressionNames((model) => edit.pathOfModel(model));
edit = new EditScreen(app, names);
const play = new PlayScreen(app);
const measure = new MeasureScreen(app);
app.shell = new Shell(document.getElementById("app")!, [edit, new ComposeScreen(app), play, measure]);
app.shell.actions.append(shareButton(app, () => edit.current()));
configureYaml();
registerQuickFixes();
names.register();
void app.rules.ask({ kind: "language" }).then((l) => {
  names.builtins = l.builtins;
  names.words = l.words;
});
app.show("edit");
const shared = await openSharedLink(app);
edit.open(shared ?? app.workspace.userPaths()[0] ?? "rules/idiot/idiot.yaml");
// A link opened in a page that is already open
addEventListener("hashchange", () => void openSharedLink(app).then((path) => path && edit.open(path)));

// A handle for the browser tests and for anyone curious in the console; the page itself never reads it.
Object.assign(globalThis, { playground: { app, edit, names, monaco, play, measure } });
document.body.dataset.ready = "yes";
performance.mark("playground-ready");
