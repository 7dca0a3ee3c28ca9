// What the screens share: the files, the rules worker, the frame, and moving between screens. Screens talk to
// each other only through this (the composer opens a card in the editor; a problem reveals its line).
import { Workspace } from "./files/workspace.js";
import { FileStore } from "./files/store.js";
import { PageState } from "./files/page-state.js";
import { RulesClient } from "./rules/client.js";
import type { CheckResult } from "./rules/protocol.js";
import type { Shell } from "./shell.js";
import type { RulesRef } from "../session/export.js";
import { ownCardText } from "./compose/own-card.js";

/** Rules as the games and runs load them (`refs`), and as a scenario file names them (`ref`). */
export interface NamedRules {
  refs: string[];
  ref: RulesRef;
}

/** Larger files are not read at all; the loader itself refuses rule files over its own limit, as check does. */
export const maxUploadBytes = 64 * 1024 * 1024;

export class App {
  readonly workspace = new Workspace(new FileStore());
  /** What the screens were set to, kept across a reload. */
  readonly state = new PageState();
  shell!: Shell;

  constructor(readonly rules = new RulesClient()) {
    // the browser keeps a few MB per site: say so when a file could not be kept
    this.workspace.store.on(() => {
      if (this.workspace.store.saveProblem) this.shell.say(this.workspace.store.saveProblem, "error");
    });
  }
  /** Opens a file in the editor (set by the editor screen). */
  open: (path: string, line?: number) => void = () => {};
  /** The file open in the editor (set by the editor screen). */
  opened: () => string | null = () => null;
  /** Starts a game of rules named as the Rules field takes them, for a number of players (set by the Play screen). */
  play: (rules: string, players: number) => void = () => {};
  /**
   * Makes ready a run of rules named as the Rules field takes them (set by the Measure screen); with `against`,
   * a comparison of them against those rules.
   */
  measure: (rules: string, players: number, against?: string) => void = () => {};
  private checkedListeners: ((results: CheckResult[]) => void)[] = [];

  show(screen: string): void {
    this.shell.show(screen);
  }

  /** How `houserules check` is given a file: a shipped file by its rules id, a user's file by its path. */
  reference(path: string): string {
    return this.workspace.isShipped(path) ? idOf(path) : path;
  }

  /** The file a reference names: a user's file by its path, a shipped file by its id. */
  pathOf(ref: string): string | undefined {
    if (Workspace.userName(ref) !== undefined) return this.workspace.text(ref) === undefined ? undefined : ref;
    return this.workspace.shippedPaths().find((p) => idOf(p) === ref);
  }

  /**
   * The rules a person names in a Rules field: an id or a path ("idiot", "yours/x.yaml"), fragments joined by
   * + ("idiot+yours/x.yaml"), or rule cards by name separated by commas ("Deal Eight, Whist, …"), read by the
   * rules worker as `houserules compare` reads a side.
   */
  async rulesOf(text: string): Promise<NamedRules> {
    const typed = text.trim();
    // a shipped file may be named by its path, as the file list shows it; the loader knows it by its id
    const named = typed.includes(",") ? typed : typed.split("+").map((p) => this.reference(p.trim()) || p.trim()).join("+");
    await this.rules.sync(this.workspace.store.entries());
    const { refs, composed } = await this.rules.ask({ kind: "rules", text: named });
    if (composed) return { refs, ref: { compose: refs } };
    return { refs, ref: refs.length > 1 ? { rules: refs[0], with: refs.slice(1) } : { rules: refs[0] ?? named } };
  }

  /**
   * The options written in an Options field ("target=100, jokers=true"), read against what the rules `refs` name
   * declare: undefined when none are written; an unknown name or a value out of range throws, said in words.
   */
  async optionsOf(refs: string[], text: string): Promise<Record<string, unknown> | undefined> {
    if (!text.trim()) return undefined;
    const { options, problems } = await this.rules.ask({ kind: "options", refs, text });
    if (problems.length) throw new Error(`Options: ${problems.join("; ")}.`);
    return options;
  }

  exists(ref: string): boolean {
    return this.pathOf(ref) !== undefined;
  }

  /** A new file of the user's that extends a shipped (or own) file; returns its path. */
  startVariant(path: string): string {
    const name = nameIn(this.workspace.text(path) ?? "") ?? stemOf(path);
    const base = this.workspace.isShipped(path) ? idOf(path) : `./${Workspace.userName(path)}`;
    const added = this.workspace.store.add(`my-${stemOf(path)}.yaml`, `name: My ${name}\nextends: ${base}\n\n# Add, replace or extend parts of ${name} here.\n`);
    return Workspace.userPath(added);
  }

  /** A copy of a rule card as a card of the user's own (a house rule), under its own name; returns its path. */
  makeOwnCard(path: string): string {
    const text = this.workspace.text(path) ?? "";
    const name = nameIn(text) ?? stemOf(path);
    return Workspace.userPath(this.workspace.store.add(`my-${stemOf(path)}.yaml`, ownCardText(text, name)));
  }

  /** Reads uploaded files into the user's files; returns the names they got. */
  async upload(list: FileList): Promise<string[]> {
    const names: string[] = [];
    for (const file of Array.from(list)) {
      if (file.size > maxUploadBytes) {
        this.shell.say(`${file.name} is not opened: it is ${file.size} bytes, more than ${maxUploadBytes}`, "error");
        continue;
      }
      names.push(Workspace.userPath(this.workspace.store.add(file.name, await file.text())));
    }
    return names;
  }

  download(path: string): void {
    const text = this.workspace.text(path);
    if (text === undefined) return;
    const a = document.createElement("a");
    a.href = URL.createObjectURL(new Blob([text], { type: "text/yaml" }));
    a.download = path.split("/").pop()!;
    a.click();
    setTimeout(() => URL.revokeObjectURL(a.href), 1000);
  }

  onChecked(listener: (results: CheckResult[]) => void): void {
    this.checkedListeners.push(listener);
  }

  checked(results: CheckResult[]): void {
    for (const l of this.checkedListeners) l(results);
  }
}

/** A shipped file's rules id, as `extends:` names it: rules/idiot/idiot.yaml is idiot. */
export function idOf(path: string): string {
  const parts = path.replace(/^rules\//, "").replace(/\.yaml$/, "").split("/");
  if (parts.length >= 2 && parts[parts.length - 1] === parts[parts.length - 2]) parts.pop();
  return parts.join("/");
}

function stemOf(path: string): string {
  return path.split("/").pop()!.replace(/\.ya?ml$/, "");
}

/** The top-level name a rule file gives itself. */
function nameIn(text: string): string | undefined {
  return /^name:\s*["']?(.*?)["']?\s*$/m.exec(text)?.[1] || undefined;
}
