// The user's own rule folders: `--rules DIR` (any command, repeatable) and HOUSERULES_PATH (folders separated by
// ':'), looked up after the shipped rules/. Their files are found by id and by name as printed, like the
// shipped ones, and what they name is reached like the shipped files.
import { resolve } from "node:path";
import { host } from "../interpreter/load/host.js";
import { installNodeHost } from "../node/host.js";
import { UsageError } from "./io.js";

const words = "also find rule files in DIR, by id and by name (repeatable; also HOUSERULES_PATH, folders separated by ':')";

export const ruleFoldersHelp = `--rules DIR  ${words}`;

/** The option's line in a command's help, its words starting at a column (the width of the flag column). */
export function ruleFoldersOption(column: number): string {
  return `  ${"--rules DIR".padEnd(column - 1)} ${words}`;
}

/** Takes every --rules DIR out of the arguments; gives the rest and the folders (the flag's, then the variable's). */
export function takeRuleFolders(argv: string[], env: string | undefined): { argv: string[]; folders: string[] } {
  const rest: string[] = [];
  const folders: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === "--") {
      rest.push(...argv.slice(i));
      break;
    }
    if (a === "--rules") {
      const dir = argv[++i];
      if (dir === undefined || dir.startsWith("--")) throw new UsageError("--rules takes a folder");
      folders.push(dir);
    } else if (a.startsWith("--rules=")) folders.push(a.slice("--rules=".length));
    else rest.push(a);
  }
  for (const dir of (env ?? "").split(":")) if (dir.trim()) folders.push(dir.trim());
  return { argv: rest, folders: folders.map((f) => resolve(f)) };
}

/** Installs the disk's host with these folders, unless the installed one already has exactly them. */
export function useRuleFolders(folders: string[]): void {
  const current = host().ruleRoots.slice(1);
  if (current.length === folders.length && current.every((r, i) => r === folders[i])) return;
  installNodeHost({ roots: folders });
}
