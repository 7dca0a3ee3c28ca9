// The files on the left of the editor: the user's own, with what can be done to each, then every shipped rule
// file by game, read-only, each of which a new variant can start from.
import { h, fill } from "../dom.js";
import { Workspace } from "../files/workspace.js";

export interface FileListActions {
  open(path: string): void;
  startVariant(path: string): void;
  newFile(): void;
  upload(files: globalThis.FileList): void;
  download(path: string): void;
  /** Renames a file; returns why it cannot have the name, or null when it was renamed. */
  rename(path: string, wanted: string): string | null;
  remove(path: string): void;
}

export class FileBrowser {
  readonly el: HTMLElement = h("aside", { class: "files", "aria-label": "Files" });
  private current: string | null = null;

  constructor(
    private workspace: Workspace,
    private actions: FileListActions,
  ) {
    this.render();
  }

  select(path: string): void {
    this.current = path;
    for (const item of this.el.querySelectorAll<HTMLElement>("[data-path]")) item.classList.toggle("current", item.dataset.path === path);
  }

  render(): void {
    const upload = h("input", { type: "file", accept: ".yaml,.yml,text/yaml", multiple: true, hidden: true, "data-test": "upload" });
    upload.addEventListener("change", () => {
      if (upload.files?.length) this.actions.upload(upload.files);
      upload.value = "";
    });
    const mine = this.workspace.userPaths();
    const own = h("ul", { class: "file-group" }, ...mine.map((p) => this.userItem(p)));
    if (!mine.length) own.append(h("li", { class: "empty" }, "None yet: start a variant from a shipped file, or upload one."));
    fill(
      this.el,
      h("div", { class: "files-head" },
        h("h2", {}, "Your files"),
        h("button", { class: "small", title: "A new, empty rule file", onclick: () => this.actions.newFile() }, "New"),
        h("button", { class: "small", title: "Open .yaml files from your computer", onclick: () => upload.click() }, "Upload"),
        upload),
      own,
      h("h2", {}, "Shipped rules"),
      ...this.shippedGroups(),
    );
    if (this.current) this.select(this.current);
  }

  private userItem(path: string): HTMLElement {
    return h("li", { class: "file", "data-path": path },
      h("button", { class: "file-name", title: path, onclick: () => this.actions.open(path) }, Workspace.userName(path) ?? path),
      h("span", { class: "file-tools" },
        h("button", { class: "icon", title: "Download", "aria-label": `Download ${path}`, onclick: () => this.actions.download(path) }, "↓"),
        h("button", { class: "icon", title: "Rename", "aria-label": `Rename ${path}`, onclick: (e) => this.editName((e.currentTarget as HTMLElement).closest("li")!, path) }, "✎"),
        h("button", { class: "icon", title: "Delete", "aria-label": `Delete ${path}`, onclick: () => this.actions.remove(path) }, "×")));
  }

  /**
   * The file's name becomes a text field: Enter renames (or says why not), Escape keeps the name. Leaving the
   * field does not close it (a browser may move focus on its own as the field appears); the next change to the
   * list does.
   */
  private editName(item: HTMLElement, path: string): void {
    const old = Workspace.userName(path) ?? path;
    const input = h("input", { class: "file-name-edit", value: old, "aria-label": `New name for ${path}`, "data-test": "rename" });
    const keep = () => this.render();
    input.addEventListener("keydown", (e) => {
      if (e.key === "Escape") keep();
      if (e.key !== "Enter") return;
      const why = this.actions.rename(path, input.value);
      input.setCustomValidity(why ?? "");
      input.title = why ?? "";
      input.classList.toggle("refused", why !== null);
    });
    item.querySelector(".file-name")!.replaceWith(input);
    input.focus();
    input.setSelectionRange(0, old.replace(/\.ya?ml$/i, "").length);
  }

  /** One collapsible group per game folder, and within it per subfolder (On The Cards' card types). */
  private shippedGroups(): HTMLElement[] {
    const groups = new Map<string, string[]>();
    for (const path of this.workspace.shippedPaths()) {
      const folder = path.split("/").slice(1, -1).join("/");
      groups.set(folder, [...(groups.get(folder) ?? []), path]);
    }
    return [...groups].map(([folder, paths]) =>
      h("details", { class: "file-group", open: folder === "idiot" },
        h("summary", {}, folder),
        h("ul", {}, ...paths.map((p) =>
          h("li", { class: "file", "data-path": p },
            h("button", { class: "file-name", title: p, onclick: () => this.actions.open(p) }, p.split("/").pop()!),
            h("span", { class: "file-tools" },
              h("button", { class: "small", title: "Start a file of your own that extends this one", onclick: () => this.actions.startVariant(p) }, "vary")))))));
  }
}
