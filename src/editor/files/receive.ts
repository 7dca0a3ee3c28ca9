// What opening a shared link does to the user's files, apart from the page: at most `maxLinkFiles` of its
// files join them, in one write (a link is untrusted, and one that carries thousands of files must not hold
// the page for each one), a file already there with the same text is not added twice, and a file whose name
// is taken gets a name of its own, which the person is told.
import type { Shared } from "./share.js";
import type { FileStore } from "./store.js";

export const maxLinkFiles = 200;

export interface Received {
  /** The names of the files opened, in the link's order. */
  names: string[];
  /** The name the link wants to show first, as it is now called. */
  first: string | undefined;
  /** Files whose name was taken: the name in the link, and the name the file has now. */
  renamed: [from: string, to: string][];
  /** How many of the link's files were not opened, over the limit. */
  left: number;
}

export function receiveShared(store: FileStore, shared: Shared): Received {
  const opened = shared.files.slice(0, maxLinkFiles);
  const added = opened.filter(([name, text]) => store.get(name) !== text);
  const got = store.addAll(added);
  const renamed: [string, string][] = [];
  const addedAs = new Map<[string, string], string>();
  added.forEach((f, i) => {
    addedAs.set(f, got[i]);
    if (got[i] !== f[0]) renamed.push([f[0], got[i]]);
  });
  const names = opened.map((f) => addedAs.get(f) ?? f[0]);
  const at = shared.open === null ? -1 : opened.findIndex(([name]) => name === shared.open);
  return { names, first: names[at === -1 ? 0 : at], renamed, left: shared.files.length - opened.length };
}

/** What the person is told about the files a link brought. */
export function receivedMessage(r: Received): string {
  const parts = [`opened ${r.names.length} shared file${r.names.length === 1 ? "" : "s"}: they are now among your files`];
  if (r.left) parts.push(`the other ${r.left} in the link were not opened (a link opens at most ${maxLinkFiles} files)`);
  if (r.renamed.length) {
    const shown = r.renamed.slice(0, 3).map(([from, to]) => `${from} is ${to}`).join(", ");
    const more = r.renamed.length > 3 ? ` and ${r.renamed.length - 3} more` : "";
    parts.push(`${r.renamed.length === 1 ? "a name was" : "names were"} already taken, so ${shown}${more}`);
  }
  return parts.join("; ");
}
