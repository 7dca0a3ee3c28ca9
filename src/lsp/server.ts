// houserules lsp: the page's diagnostics, completion and hover for any editor that speaks the Language Server
// Protocol (Neovim, VS Code, Helix, Emacs). A rule file is checked as `houserules check` checks it, with the text
// of every open file as it stands in the editor, saved or not; completion and hover inside expressions come from
// the same scope the page uses (src/authoring/assist.ts). Rule files are untrusted here as everywhere: they are
// read through the loader's host, with its limits.
//
// Which YAML files it checks, and as what (kindOf): a scenario is a file named *.scenario.yaml, or whose top-level
// keys include both rules and moves; a rule file is one under a folder named rules (or under a rule folder), or
// whose top-level keys include one that only rule files have (ruleKeys: players, cards, zones, phases, actions,
// extends, ...). Any other YAML (a docker-compose.yaml, a CI workflow) is left alone. A file not yet saved (an
// untitled: document, or a file: one not on disk) is checked as it stands in the editor, as if it were saved.
import { fileURLToPath } from "node:url";
import {
  CompletionItemKind,
  DiagnosticSeverity,
  MarkupKind,
  TextDocumentSyncKind,
  TextDocuments,
  type Connection,
  type Diagnostic as LspDiagnostic,
} from "vscode-languageserver/node";
import { TextDocument } from "vscode-languageserver-textdocument";
import { host, installHost, type Host } from "../interpreter/load/host.js";
import { basename, dirname, isInside, normalize, resolve as resolvePath } from "../interpreter/load/paths.js";
import { checkRules } from "../interpreter/load/check.js";
import { displayPath } from "../interpreter/load/resolve.js";
import { runScenarioFile } from "../scenario/scenario.js";
import type { Scope } from "../interpreter/load/scope.js";
import type { Diagnostic } from "../interpreter/diagnostics.js";
import { reservedWords } from "../../grammar/lexer.js";
import { hoverFor, hoverMarkdown, languageInfo, siteAt, suggestions, type SuggestionKind } from "../authoring/assist.js";

/** How long after the last keystroke a file is checked again. */
export const checkDelayMs = 150;

const severities = { error: DiagnosticSeverity.Error, warning: DiagnosticSeverity.Warning, notice: DiagnosticSeverity.Information } as const;

const kinds: Record<SuggestionKind, CompletionItemKind> = {
  zone: CompletionItemKind.Folder,
  variable: CompletionItemKind.Variable,
  constant: CompletionItemKind.Constant,
  option: CompletionItemKind.Property,
  definition: CompletionItemKind.Function,
  attribute: CompletionItemKind.Field,
  action: CompletionItemKind.Event,
  special: CompletionItemKind.Keyword,
  parameter: CompletionItemKind.Variable,
  function: CompletionItemKind.Function,
  effect: CompletionItemKind.Method,
  keyword: CompletionItemKind.Keyword,
};

/** Serves one client over a connection until it says exit. The host installed when it starts is the disk's. */
export function serveLanguage(connection: Connection): void {
  const documents = new TextDocuments(TextDocument);
  const disk = host();
  const scopes = new Map<string, Scope>(); // by absolute path: the last scope known, kept while a file does not compile
  const timers = new Map<string, NodeJS.Timeout>();
  const language = languageInfo(reservedWords);

  const pathOf = (uri: string): string | null => {
    if (uri.startsWith("file:")) return normalize(fileURLToPath(uri));
    // an untitled document is checked as a file of that name in the working folder
    if (uri.startsWith("untitled:")) return resolvePath(disk.workingFolder, untitledName(uri));
    return null;
  };
  const open = new Map<string, TextDocument>(); // absolute path -> the editor's text

  /** The disk, except that an open file reads as the editor holds it, and is listed in its folder saved or not. */
  const overlay = (): Host => ({
    ...disk,
    workingFolder: disk.workingFolder,
    listFolder(folder) {
      const entries = disk.listFolder(folder);
      const unsaved = [...open.keys()].filter((p) => dirname(p) === normalize(folder) && !entries.some((e) => e.name === basename(p)));
      if (!unsaved.length) return entries;
      return [...entries, ...unsaved.map((p) => ({ name: basename(p), folder: false }))].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    },
    readFile(path, maxBytes) {
      const doc = open.get(normalize(path));
      if (!doc) return disk.readFile(path, maxBytes);
      const text = doc.getText();
      const size = Buffer.byteLength(text);
      if (size > maxBytes) return { error: `refused: ${size} bytes is larger than the limit of ${maxBytes} bytes`, tooLarge: true };
      return { text };
    },
  });

  const check = (uri: string) => {
    const path = pathOf(uri);
    const text = documents.get(uri)?.getText();
    if (!path || text === undefined) return;
    const kind = kindOf(path, text, disk.ruleRoots);
    if (!kind) {
      // not ours (or no longer: a key was removed): nothing of ours is said about it
      scopes.delete(path);
      void connection.sendDiagnostics({ uri, diagnostics: [] });
      return;
    }
    installHost(overlay());
    let diagnostics: readonly Diagnostic[];
    try {
      if (kind === "scenario") diagnostics = runScenarioFile(path).failures;
      else {
        const report = checkRules(path);
        const scope = report.scope?.();
        if (scope) scopes.set(path, scope);
        diagnostics = report.diagnostics;
      }
    } catch (e) {
      connection.console.error(`houserules lsp: checking ${path} failed: ${(e as Error).stack ?? e}`);
      return;
    }
    const here: LspDiagnostic[] = [];
    for (const d of diagnostics) {
      if (absolute(d.file) === path) here.push(located(d));
      // a problem in a file this one builds on (its base) is told at the top of this one, with where it is
      else if (d.severity === "error") here.push({ ...located({ ...d, line: 1, col: 1, endLine: 1, endCol: 1 }), message: `${d.file}:${d.line}:${d.col}: ${d.message}` });
    }
    void connection.sendDiagnostics({ uri, diagnostics: here });
  };

  const absolute = (file: string) => resolvePath(disk.workingFolder, file);

  const schedule = (uri: string) => {
    clearTimeout(timers.get(uri));
    timers.set(uri, setTimeout(() => {
      timers.delete(uri);
      check(uri);
    }, checkDelayMs));
  };

  const at = (uri: string, line: number, character: number) => {
    const path = pathOf(uri);
    const scope = path ? scopes.get(path) : undefined;
    const site = scope && siteAt(scope, displayPath(path!), line + 1, character + 1); // sites name files as messages do
    return site && { scope: scope!, site };
  };

  connection.onInitialize((params) => {
    const root = params.workspaceFolders?.[0]?.uri ?? params.rootUri;
    if (root?.startsWith("file:")) {
      try {
        process.chdir(fileURLToPath(root)); // relative paths in rule files and messages start from the project
      } catch {
        // a root that cannot be entered: paths start from where the server was started
      }
    }
    return {
      capabilities: {
        textDocumentSync: TextDocumentSyncKind.Incremental,
        completionProvider: { triggerCharacters: ["."] },
        hoverProvider: true,
      },
      serverInfo: { name: "houserules" },
    };
  });

  documents.onDidOpen((e) => {
    const path = pathOf(e.document.uri);
    if (path) open.set(path, e.document);
    check(e.document.uri);
  });
  documents.onDidChangeContent((e) => {
    const path = pathOf(e.document.uri);
    if (path) open.set(path, e.document);
    schedule(e.document.uri);
  });
  documents.onDidClose((e) => {
    const path = pathOf(e.document.uri);
    if (path) {
      open.delete(path);
      scopes.delete(path);
    }
    clearTimeout(timers.get(e.document.uri));
    void connection.sendDiagnostics({ uri: e.document.uri, diagnostics: [] });
  });

  connection.onCompletion(({ textDocument, position }) => {
    const found = at(textDocument.uri, position.line, position.character);
    const doc = documents.get(textDocument.uri);
    if (!found || !doc) return [];
    const before = doc.getText({ start: { line: position.line, character: 0 }, end: position });
    return suggestions(found.scope, found.site, language, before.replace(/[A-Za-z0-9_]*$/, "")).map((s) => ({
      label: s.label,
      kind: kinds[s.kind],
      detail: s.detail,
      documentation: s.documentation ? { kind: MarkupKind.PlainText, value: s.documentation } : undefined,
      sortText: s.sort,
    }));
  });

  connection.onHover(({ textDocument, position }) => {
    const found = at(textDocument.uri, position.line, position.character);
    const doc = documents.get(textDocument.uri);
    if (!found || !doc) return null;
    const line = doc.getText({ start: { line: position.line, character: 0 }, end: { line: position.line + 1, character: 0 } });
    const word = wordAt(line, position.character);
    const hover = word && hoverFor(found.scope, found.site, language, word.text);
    if (!hover || !word) return null;
    return {
      contents: { kind: MarkupKind.Markdown, value: hoverMarkdown(hover).join("\n\n") },
      range: { start: { line: position.line, character: word.start }, end: { line: position.line, character: word.end } },
    };
  });

  documents.listen(connection);
  connection.listen();
}

/** Keys only a rule file has at its top level: a YAML file with one of them is checked as rules. */
export const ruleKeys: ReadonlySet<string> = new Set(["players", "cards", "zones", "phases", "actions", "triggers", "extends", "replaces", "overrides", "append", "include", "fragment", "presets", "cardTypes", "define", "dealer", "outcome", "rulebook"]);

/**
 * What an open YAML file is checked as (see the top of this file), or null for YAML that is not ours. Top-level
 * keys are read line by line, not parsed, so that a file being typed is recognised while it does not parse.
 */
export function kindOf(path: string, text: string, ruleRoots: readonly string[]): "rules" | "scenario" | null {
  if (!path.endsWith(".yaml") && !path.endsWith(".yml")) return null;
  if (path.endsWith(".scenario.yaml")) return "scenario";
  const keys = new Set([...text.matchAll(/^([A-Za-z_][A-Za-z0-9_-]*)[ \t]*:/gm)].map((m) => m[1]));
  if (keys.has("rules") && keys.has("moves")) return "scenario";
  if (!path.endsWith(".yaml")) return null; // the loader reads rule files named .yaml only
  if (ruleRoots.some((r) => isInside(path, r)) || dirname(path).split("/").includes("rules")) return "rules";
  return [...keys].some((k) => ruleKeys.has(k)) ? "rules" : null;
}

/** The file name an untitled: document is checked under: its name, as a .yaml file. */
function untitledName(uri: string): string {
  const name = decodeURIComponent(uri.slice("untitled:".length)).replace(/^\/+/, "").replace(/[\/\\]/g, "_") || "untitled";
  return name.endsWith(".yaml") ? name : `${name}.yaml`;
}

function located(d: Diagnostic): LspDiagnostic {
  const line = Math.max(0, d.line - 1);
  const character = Math.max(0, d.col - 1);
  const endLine = d.endLine !== undefined ? Math.max(0, d.endLine - 1) : line;
  const endCharacter = d.endCol !== undefined ? Math.max(0, d.endCol - 1) : character + 1;
  return { range: { start: { line, character }, end: { line: endLine, character: endCharacter } }, severity: severities[d.severity], code: d.code, source: "houserules", message: d.message };
}

/** The word of an expression at a column of a line (0-based), if the column is on one. */
export function wordAt(line: string, character: number): { text: string; start: number; end: number } | null {
  const isWord = (c: string | undefined) => c !== undefined && /[A-Za-z0-9_]/.test(c);
  let start = character;
  while (start > 0 && isWord(line[start - 1])) start--;
  let end = character;
  while (isWord(line[end])) end++;
  return end > start ? { text: line.slice(start, end), start, end } : null;
}
