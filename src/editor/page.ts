// The playground's page, loaded by the entry point (main.ts) once the rules worker is started: the frame with its
// screens, the editor's language features, and the files a shared link brings.
import "./style.css";
import { App } from "./app.js";
import { Shell } from "./shell.js";
import { EditScreen } from "./edit/screen.js";
import { ComposeScreen } from "./compose/screen.js";
import { PlayScreen } from "./play/screen.js";
import { MeasureScreen } from "./measure/screen.js";
import { ShelfScreen } from "./shelf/screen.js";
import { registerQuickFixes } from "./monaco/markers.js";
import { monaco } from "./monaco/monaco.js";
import { ExpressionNames } from "./monaco/expressions.js";
import { openSharedLink, shareButton, type Opened } from "./files/sharing.js";
import { composeState, field, measureState } from "./files/page-state.js";
import { ignoreMonacoCancellations } from "./monaco/cancellations.js";
import type { RulesClient } from "./rules/client.js";
import type { RuleValues } from "./rules/protocol.js";
import { extendsOf } from "./measure/rule-line.js";

/**
 * The values a comparison in a file can be completed with. A file being typed often does not load (its
 * expression is not finished): then those of the rules it extends, which hold the same cards.
 */
async function valuesOf(app: App, path: string): Promise<RuleValues | null> {
  let at: string | undefined = path;
  for (let depth = 0; at !== undefined && depth < 8; depth++) {
    const values = await app.rules.ask({ kind: "values", rules: app.reference(at) });
    if (Object.keys(values.attributes).length > 0) return values;
    const base = extendsOf(app.workspace.text(at) ?? "");
    at = base === null ? undefined : base.startsWith("./") ? `yours/${base.slice(2)}` : app.pathOf(base);
  }
  return null;
}

/** Builds the page around the rules worker the entry point started. */
export async function startPage(rules: RulesClient): Promise<void> {
  ignoreMonacoCancellations();

  const app = new App(rules);
  let edit: EditScreen;
  const names = new ExpressionNames((model) => edit.pathOfModel(model));
  edit = new EditScreen(app, names);
  const play = new PlayScreen(app);
  const measure = new MeasureScreen(app);
  const compose = new ComposeScreen(app);
  const shelf = new ShelfScreen(app);
  app.shell = new Shell(document.getElementById("app")!, [edit, shelf, compose, play, measure]);
  // a link carries what the screens were set to, as a reload finds it
  app.shell.actions.append(shareButton(app, () => edit.current(), async () => ({
    screen: app.shell.shown ?? undefined,
    compose: app.state.read("compose", composeState),
    measure: app.state.read("measure", measureState),
    play: await play.shared(),
  })));
  registerQuickFixes();
  names.valuesOf = (path) => valuesOf(app, path);
  names.register();
  void app.rules.ask({ kind: "language" }).then((l) => {
    names.builtins = l.builtins;
    names.words = l.words;
  });
  /** Sets the screens as a link's parts say: the round, the fields, the game (its moves replayed), the screen shown. */
  async function adopt(opened: Opened): Promise<void> {
    try {
      if (opened.shipped && app.workspace.isShipped(opened.shipped)) edit.open(opened.shipped);
      else if (opened.path) edit.open(opened.path);
      if (opened.compose) compose.adopt(opened.compose);
      if (opened.measure) measure.adopt(opened.measure);
      if (opened.play) await play.adopt(opened.play);
      if (opened.screen) app.show(opened.screen);
    } catch (e) {
      app.shell.say(`this link's game cannot be opened: ${(e as Error).message}`, "error");
    }
  }

  // the Measure screen's workers start at the page's first idle moment after the first file's markers, so that
  // a first Run plays at once and the first check does not share the machine with their start
  let prestarted = false;
  app.onChecked(() => {
    if (prestarted) return;
    prestarted = true;
    requestIdleCallback(() => measure.prestart(), { timeout: 2000 });
  });
  app.show("edit");
  // completion and hover of the rule file's structure, from its schema, in monaco-yaml's worker
  edit.onFirstUse(() => void import("./monaco/yaml.js").then((m) => m.configureYaml()));
  const shared = await openSharedLink(app);
  // the file open before a reload, while it is there; else the first of the person's own
  const wasOpen = app.state.read("edit", field);
  const reopen = wasOpen !== undefined && app.workspace.text(wasOpen) !== undefined ? wasOpen : undefined;
  edit.open(shared?.path ?? reopen ?? app.workspace.userPaths()[0] ?? "rules/idiot/idiot.yaml");
  if (shared) await adopt(shared);
  // A link opened in a page that is already open
  addEventListener("hashchange", () => void openSharedLink(app).then((opened) => opened && adopt(opened)));

  // A handle for the browser tests and for anyone curious in the console; the page itself never reads it.
  Object.assign(globalThis, { playground: { app, edit, names, monaco, play, measure, shelf } });
  document.body.dataset.ready = "yes";
  performance.mark("playground-ready");
}
