// The header's Share button, and opening what a shared link brings. A link's files join the user's files (see
// receive.ts), its round, fields and game are set on their screens (main.ts), and the link leaves the address
// bar, so a reload does not add them again. Nothing in them runs: the files are checked, like any file being
// edited, and a game's moves are replayed through the engine.
import { h } from "../dom.js";
import type { App } from "../app.js";
import { Workspace } from "./workspace.js";
import { decodeShare, encodeShare, LinkProblem, type Shared } from "./share.js";
import { receivedMessage, receiveShared } from "./receive.js";

/** What a link opened brings to the page besides the files: the path to show first, and the screens' parts. */
export type Opened = Omit<Shared, "files" | "open"> & { path: string | undefined };

/** Opens what a shared link carries, if the address carries one. */
export async function openSharedLink(app: App, hash = location.hash): Promise<Opened | undefined> {
  try {
    const shared = await decodeShare(hash);
    if (!shared) return undefined;
    history.replaceState(null, "", location.pathname + location.search);
    const received = receiveShared(app.workspace.store, shared);
    app.shell.say(received.names.length || received.left ? receivedMessage(received) : "opened the shared link");
    const { files: _files, open: _open, ...parts } = shared;
    return { ...parts, path: received.first === undefined ? undefined : Workspace.userPath(received.first) };
  } catch (e) {
    history.replaceState(null, "", location.pathname + location.search);
    app.shell.say(e instanceof LinkProblem ? e.message : `this link cannot be opened: ${(e as Error).message}`, "error");
    return undefined;
  }
}

/** The Share button: a link to all of the user's files, opening the one being edited, with what `parts` gives. */
export function shareButton(app: App, current: () => string | null, parts: () => Promise<Omit<Shared, "files" | "open">>): HTMLElement {
  const output = h("input", { class: "share-link", readonly: true, "aria-label": "Link to your files", "data-test": "share-link", hidden: true });
  const button = h("button", { class: "small", title: "A link that carries your files, the round composed, the Measure fields and the game being played, to send to someone", onclick: () => void share() }, "Share");
  async function share(): Promise<void> {
    const files = app.workspace.store.entries();
    try {
      const page = await parts();
      if (!files.length && !page.play && !page.compose && !page.measure) {
        app.shell.say("you have no files of your own, round, run or game to share yet", "error");
        return;
      }
      const path = current();
      const shipped = path && app.workspace.isShipped(path) ? path : undefined;
      const fragment = await encodeShare({ files, open: (path && Workspace.userName(path)) ?? null, shipped, ...page });
      output.value = `${location.origin}${location.pathname}#${fragment}`;
      output.hidden = false;
      output.select();
      await navigator.clipboard?.writeText(output.value).catch(() => {});
      const carried = [`your ${files.length} file${files.length === 1 ? "" : "s"}`];
      if (page.compose) carried.push("the round composed");
      if (page.measure) carried.push("the Measure fields");
      if (page.play) carried.push(`the game at move ${page.play.moves.length}`);
      const list = carried.length > 1 ? `${carried.slice(0, -1).join(", ")} and ${carried[carried.length - 1]}` : carried[0];
      app.shell.say(`a link to ${list} (${output.value.length} characters): copied`);
    } catch (e) {
      app.shell.say((e as Error).message, "error");
    }
  }
  return h("span", { class: "share" }, button, output);
}
