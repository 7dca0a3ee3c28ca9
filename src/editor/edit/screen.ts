// The editor screen: the files, the open file in Monaco, and what checking it found. Every change to a file
// of the user's is saved, and after a pause the rules worker checks the open file, and every file of the
// user's whose last check read the one that changed (a fragment of an edited base). Markers are set in
// whichever file a diagnostic names. Beside the editor, the open file's rulebook follows the checks.
import type { Diagnostic } from "../../interpreter/diagnostics.js";
import { h } from "../dom.js";
import type { App } from "../app.js";
import type { Screen } from "../shell.js";
import { monaco } from "../monaco/monaco.js";
import { setMarkers } from "../monaco/markers.js";
import type { ExpressionNames } from "../monaco/expressions.js";
import { TimeLimit } from "../rules/client.js";
import type { CheckResult } from "../rules/protocol.js";
import { FileBrowser } from "./file-list.js";
import { Workspace } from "../files/workspace.js";
import { fileName, renameRefusal } from "../files/names.js";
import { bytesOver, maxFileBytes } from "../../interpreter/limits.js";
import { ProblemsPanel } from "./problems.js";
import { RulebookPanel } from "../explain/panel.js";

const pauseMs = 250;

export class EditScreen implements Screen {
  readonly id = "edit";
  readonly title = "Edit";
  editor!: monaco.editor.IStandaloneCodeEditor;
  private files!: FileBrowser;
  private panel!: ProblemsPanel;
  private title_ = h("span", { class: "file-title", "data-test": "file-title" });
  private badge = h("span", { class: "badge" });
  private path: string | null = null;
  private models = new Map<string, monaco.editor.ITextModel>();
  /** The last check of each reference, by the reference. */
  private results = new Map<string, CheckResult>();
  private timer: ReturnType<typeof setTimeout> | null = null;
  private changed = new Set<string>();
  private checks = 0;
  /** Files shown only as a note of their size. */
  private tooLarge = new Set<string>();

  constructor(
    private app: App,
    private names: ExpressionNames,
  ) {}

  mount(root: HTMLElement): void {
    this.files = new FileBrowser(this.app.workspace, {
      open: (p) => this.open(p),
      startVariant: (p) => this.open(this.app.startVariant(p)),
      newFile: () => this.open(Workspace.userPath(this.app.workspace.store.add("untitled.yaml", "name: Untitled\n"))),
      upload: (list) => void this.app.upload(list).then((paths) => paths[0] && this.open(paths[0])),
      download: (p) => this.app.download(p),
      rename: (p, wanted) => this.rename(p, wanted),
      remove: (p) => this.remove(p),
    });
    this.panel = new ProblemsPanel((d) => this.reveal(d));
    const host = h("div", { class: "monaco", "data-test": "editor" });
    root.append(this.files.el, h("div", { class: "editing" },
      h("div", { class: "file-bar" }, this.title_, this.badge,
        h("button", { class: "small", title: "Start a file of your own that extends this one", onclick: () => this.path && this.open(this.app.startVariant(this.path)) }, "New variant")),
      host, this.panel.el),
      new RulebookPanel(this.app, () => this.path).el);
    this.editor = monaco.editor.create(host, {
      automaticLayout: true,
      minimap: { enabled: false },
      fontSize: 13,
      tabSize: 2,
      insertSpaces: true,
      scrollBeyondLastLine: false,
      quickSuggestions: { strings: true, other: true, comments: false },
      wordBasedSuggestions: "off",
      renderWhitespace: "none",
      fixedOverflowWidgets: true,
    });
    this.app.workspace.store.on((change) => {
      for (const path of change.names.map(Workspace.userPath)) {
        if (change.kind === "removed") {
          this.models.get(path)?.dispose();
          this.models.delete(path);
          this.results.delete(path);
        }
        this.schedule(path);
      }
      if (change.kind !== "changed") this.files.render();
    });
    this.app.open = (path, line) => this.open(path, line);
    this.app.opened = () => this.path;
  }

  /**
   * Runs `load` once, the first time the person reaches into the editor (its focus, a pointer over it): language
   * features that need a worker of their own are loaded then, not with the page.
   */
  onFirstUse(load: () => void): void {
    const once = [this.editor.onDidFocusEditorWidget(() => first()), this.editor.onMouseMove(() => first())];
    const first = () => {
      for (const d of once) d.dispose();
      load();
    };
  }

  /** Opens a file (a shipped path or a user file's name), optionally at a line. */
  open(path: string, line?: number): void {
    const model = this.model(path);
    if (!model) return;
    this.app.show("edit");
    this.path = path;
    const shipped = this.app.workspace.isShipped(path);
    const tooLarge = this.tooLarge.has(path);
    // read-only first: editor features such as quick fixes decide whether to run when the model is set
    const why = shipped ? "A shipped rule file is read-only: use New variant to start a file of your own from it." : "This file is too large to be a rule file.";
    this.editor.updateOptions({ readOnly: shipped || tooLarge, readOnlyMessage: { value: why } });
    this.editor.setModel(model);
    this.title_.textContent = path;
    this.badge.textContent = shipped ? "read-only" : tooLarge ? "too large" : "yours";
    this.badge.className = `badge ${shipped || tooLarge ? "shipped" : "own"}`;
    this.files.select(path);
    this.app.state.write("edit", path); // a reload reopens it
    if (line) this.revealLine(line);
    this.schedule(path, 0);
  }

  current(): string | null {
    return this.path;
  }

  /** The path of a file's model. */
  pathOfModel(model: monaco.editor.ITextModel): string | undefined {
    for (const [path, m] of this.models) if (m === model) return path;
    return undefined;
  }

  private model(path: string): monaco.editor.ITextModel | undefined {
    const existing = this.models.get(path);
    if (existing) return existing;
    const text = this.app.workspace.text(path);
    if (text === undefined) return undefined;
    const bytes = bytesOver(text);
    const tooLarge = bytes > 0;
    // a file the loader refuses for its size is not given to the editor either, which would take seconds over it
    const shown = tooLarge ? `# ${path} is ${bytes} bytes, more than the ${maxFileBytes} a rule file may have: it is not opened here.\n` : text;
    const model = monaco.editor.createModel(shown, "yaml", monaco.Uri.file(`/playground/${path}`));
    this.models.set(path, model);
    const name = Workspace.userName(path);
    if (name !== undefined && !tooLarge) model.onDidChangeContent(() => this.app.workspace.store.set(name, model.getValue()));
    if (tooLarge) this.tooLarge.add(path);
    return model;
  }

  /** Checks after a pause in typing (or at once, for a file opened): the open file, and the user's files that read the changed one. */
  private schedule(changed: string, pause = pauseMs): void {
    this.changed.add(changed);
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.check(), pause);
  }

  private async check(): Promise<void> {
    this.timer = null;
    const changed = this.changed;
    this.changed = new Set();
    const refs = new Set<string>();
    if (this.path) refs.add(this.app.reference(this.path));
    for (const [ref, r] of this.results) if (r.sources.some((s) => changed.has(s))) refs.add(ref);
    for (const ref of this.results.keys()) if (!this.app.exists(ref)) this.results.delete(ref);
    if (!refs.size) return;
    const seq = ++this.checks;
    const active = this.path;
    try {
      await this.app.rules.sync(this.app.workspace.store.entries());
      const reply = await this.app.rules.ask({ kind: "check", rules: [...refs] });
      if (seq !== this.checks) return; // a newer check is under way
      for (const r of reply.results) {
        this.results.set(r.rules, r);
        const path = this.app.pathOf(r.rules);
        if (path) this.names.setScope(path, r.scope);
      }
      this.applyMarkers();
      if (!performance.getEntriesByName("playground-checked").length) performance.mark("playground-checked");
      const mine = active && this.results.get(this.app.reference(active));
      if (mine) this.panel.show(mine.rules, mine.diagnostics);
      this.app.checked(reply.results);
    } catch (e) {
      if (seq !== this.checks) return;
      const why = e instanceof TimeLimit ? `checking ${[...refs].join(", ")} ${e.message}: the file takes too long to load` : `checking failed: ${(e as Error).message}`;
      this.panel.fail(why);
      this.app.shell.say(why, "error");
    }
  }

  /** Every model gets the diagnostics that name its file, from every check that produced them, once each. */
  private applyMarkers(): void {
    const byFile = new Map<string, Map<string, Diagnostic>>();
    for (const r of this.results.values()) {
      for (const d of r.diagnostics) {
        const key = `${d.line}:${d.col}:${d.endLine}:${d.endCol}:${d.code}:${d.message}`;
        const list = byFile.get(d.file) ?? new Map<string, Diagnostic>();
        list.set(key, d);
        byFile.set(d.file, list);
      }
    }
    for (const file of byFile.keys()) this.model(file);
    for (const [path, model] of this.models) setMarkers(model, [...(byFile.get(path)?.values() ?? [])]);
  }

  private reveal(d: Diagnostic): void {
    if (d.file !== this.path && this.app.workspace.text(d.file) !== undefined) this.open(d.file);
    const range = { startLineNumber: d.line, startColumn: d.col, endLineNumber: d.endLine ?? d.line, endColumn: d.endCol ?? d.col };
    this.editor.setSelection(range);
    this.editor.revealRangeInCenter(range);
    this.editor.focus();
  }

  private revealLine(line: number): void {
    this.editor.revealLineInCenter(line);
    this.editor.setPosition({ lineNumber: line, column: 1 });
  }

  private rename(path: string, wanted: string): string | null {
    const old = Workspace.userName(path);
    if (!old) return null;
    const store = this.app.workspace.store;
    const why = renameRefusal(wanted, old, (n) => store.has(n));
    if (why) {
      this.app.shell.say(why, "error");
      return why;
    }
    if (fileName(wanted.trim()) === old) this.files.render();
    else this.open(Workspace.userPath(store.rename(old, wanted.trim())));
    return null;
  }

  private remove(path: string): void {
    const name = Workspace.userName(path);
    if (!name || !confirm(`Delete ${path}? This cannot be undone.`)) return;
    const wasOpen = this.path === path;
    this.app.workspace.store.remove(name);
    if (wasOpen) this.open(this.app.workspace.userPaths()[0] ?? "rules/idiot/idiot.yaml");
  }
}
