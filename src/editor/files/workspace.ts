// Every file the page knows, by one kind of path: the shipped rule files ("rules/idiot/idiot.yaml", read-only)
// and the user's own, in the folder yours/ ("yours/my-idiot.yaml"). These are the paths `houserules check`
// prints when it runs in the package folder with the user's files in yours/, so a message names a file the
// same way on the page and at the terminal.
import { shippedFiles } from "./shipped.js";
import { FileStore } from "./store.js";
import { userFolder } from "./names.js";

export { userFolder };

export class Workspace {
  constructor(readonly store: FileStore) {}

  isShipped(path: string): boolean {
    return shippedFiles.has(path);
  }

  /** The user's file name of a path in yours/, or undefined. */
  static userName(path: string): string | undefined {
    return path.startsWith(`${userFolder}/`) ? path.slice(userFolder.length + 1) : undefined;
  }

  static userPath(name: string): string {
    return `${userFolder}/${name}`;
  }

  text(path: string): string | undefined {
    const name = Workspace.userName(path);
    return name === undefined ? shippedFiles.get(path) : this.store.get(name);
  }

  shippedPaths(): string[] {
    return [...shippedFiles.keys()];
  }

  userPaths(): string[] {
    return this.store.names().map(Workspace.userPath);
  }
}
