// The header's Share button, and opening the files a shared link brings. A link's files join the user's
// files (see receive.ts) and the link leaves the address bar, so a reload does not add them again. Nothing in
// them runs: they are checked, like any file being edited.
import { h } from "../dom.js";
import type { App } from "../app.js";
import { Workspace } from "./workspace.js";
import { decodeShare, encodeShare, LinkProblem } from "./share.js";
import { receivedMessage, receiveShared } from "./receive.js";

/** Opens the files of a shared link, if the address carries one; returns the path to show first. */
export async function openSharedLink(app: App, hash = location.hash): Promise<string | undefined> {
  try {
    const shared = await decodeShare(hash);
    if (!shared) return undefined;
    history.replaceState(null, "", location.pathname + location.search);
    const received = receiveShared(app.workspace.store, shared);
    app.shell.say(receivedMessage(received));
    return received.first === undefined ? undefined : Workspace.userPath(received.first);
  } catch (e) {
    history.replaceState(null, "", location.pathname + location.search);
    app.shell.say(e instanceof LinkProblem ? e.message : `this link cannot be opened: ${(e as Error).message}`, "error");
    return undefined;
  }
}

/** The Share button: a link to all of the user's files, opening the one being edited. */
export function shareButton(app: App, current: () => string | null): HTMLElement {
  const output = h("input", { class: "share-link", readonly: true, "aria-label": "Link to your files", "data-test": "share-link", hidden: true });
  const button = h("button", { class: "small", title: "A link that carries your files, to send to someone", onclick: () => void share() }, "Share");
  async function share(): Promise<void> {
    const files = app.workspace.store.entries();
    if (!files.length) {
      app.shell.say("you have no files of your own to share yet", "error");
      return;
    }
    try {
      const path = current();
      const fragment = await encodeShare({ files, open: (path && Workspace.userName(path)) ?? null });
      output.value = `${location.origin}${location.pathname}#${fragment}`;
      output.hidden = false;
      output.select();
      await navigator.clipboard?.writeText(output.value).catch(() => {});
      app.shell.say(`a link to your ${files.length} file${files.length === 1 ? "" : "s"} (${output.value.length} characters): copied`);
    } catch (e) {
      app.shell.say((e as Error).message, "error");
    }
  }
  return h("span", { class: "share" }, button, output);
}
