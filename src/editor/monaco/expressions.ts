// Completion and hover inside expression strings: the names the file can use (its zones, variables,
// definitions, actions, card attributes, the words for players), the parameters in scope where the cursor is,
// and the language's functions with their documentation. What a file can name comes from the loader itself
// (its scope query) after each check; where its expressions are, too. Rule text is shown as text only.
import type { ExpressionSite, Scope, ScopeName } from "../../interpreter/load/scope.js";
import type { BuiltinInfo } from "../rules/protocol.js";
import { monaco } from "./monaco.js";

export class ExpressionNames {
  builtins: BuiltinInfo[] = [];
  words: string[] = [];
  /** The last scope known for each file, by its path; kept while a file does not compile. */
  private scopes = new Map<string, Scope>();

  constructor(private pathOf: (model: monaco.editor.ITextModel) => string | undefined) {}

  setScope(path: string, scope: Scope | null): void {
    if (scope) this.scopes.set(path, scope);
  }

  scopeOf(path: string): Scope | undefined {
    return this.scopes.get(path);
  }

  /** The expression the position is in, with the names it can use; undefined outside expressions. */
  at(model: monaco.editor.ITextModel, position: monaco.Position): { scope: Scope; site: ExpressionSite } | undefined {
    const path = this.pathOf(model);
    const scope = path === undefined ? undefined : this.scopes.get(path);
    if (!scope) return undefined;
    const site = scope.sites.find((s) => s.file === path && inside(s, position));
    return site && { scope, site };
  }

  register(): monaco.IDisposable[] {
    return [
      monaco.languages.registerCompletionItemProvider("yaml", {
        triggerCharacters: ["."],
        provideCompletionItems: (model, position) => this.complete(model, position),
      }),
      monaco.languages.registerHoverProvider("yaml", { provideHover: (model, position) => this.hover(model, position) }),
    ];
  }

  private complete(model: monaco.editor.ITextModel, position: monaco.Position): monaco.languages.CompletionList | undefined {
    const found = this.at(model, position);
    if (!found) return undefined;
    const word = model.getWordUntilPosition(position);
    const range = new monaco.Range(position.lineNumber, word.startColumn, position.lineNumber, word.endColumn);
    const before = model.getLineContent(position.lineNumber).slice(0, word.startColumn - 1);
    const afterDot = /\.\s*$/.test(before);
    const K = monaco.languages.CompletionItemKind;
    const items: monaco.languages.CompletionItem[] = [];
    const add = (label: string, kind: monaco.languages.CompletionItemKind, detail: string, documentation: string, sort: string) =>
      items.push({ label, kind, detail, documentation: documentation || undefined, insertText: label, range, sortText: `${sort}${label}` });
    // after a dot: what can follow a value — a card's attributes, a player's variables and zones, any function
    const member = (n: ScopeName) => n.kind === "attribute" || ((n.kind === "variable" || n.kind === "zone") && n.detail.includes("one per player"));
    if (!afterDot) for (const local of found.site.locals) add(local, K.Variable, "parameter", "", "0");
    for (const n of found.scope.names) {
      if (afterDot ? !member(n) : n.kind === "attribute") continue;
      add(n.name, kindOf(n), n.detail, n.doc, n.kind === "special" ? "3" : "1");
    }
    for (const b of this.builtins) {
      if (b.effect && !found.site.effects) continue;
      add(b.name, b.effect ? K.Method : K.Function, b.signature, `${b.doc}\n\nExample: ${b.example}`, "2");
    }
    if (!afterDot) for (const w of this.words) add(w, K.Keyword, "keyword", "", "4");
    return { suggestions: items };
  }

  private hover(model: monaco.editor.ITextModel, position: monaco.Position): monaco.languages.Hover | undefined {
    const found = this.at(model, position);
    const word = model.getWordAtPosition(position);
    if (!found || !word) return undefined;
    const range = new monaco.Range(position.lineNumber, word.startColumn, position.lineNumber, word.endColumn);
    const builtin = this.builtins.find((b) => b.name === word.word);
    const name = found.scope.names.find((n) => n.name === word.word);
    if (found.site.locals.includes(word.word)) return { range, contents: [{ value: `${code(word.word)} — a parameter here` }] };
    if (name) return { range, contents: [{ value: `${code(name.name)} — ${text(name.detail)}` }, ...(name.doc ? [{ value: text(name.doc) }] : [])] };
    if (builtin) return { range, contents: [{ value: code(builtin.signature) }, { value: text(builtin.doc) }, { value: `Example: ${code(builtin.example)}` }] };
    return undefined;
  }
}

function inside(s: ExpressionSite, p: monaco.Position): boolean {
  const endLine = s.endLine ?? s.line;
  if (p.lineNumber < s.line || p.lineNumber > endLine) return false;
  if (p.lineNumber === s.line && p.column < s.col) return false;
  // typing at the end of an expression goes past where the last check saw it end: the rest of the line counts
  return true;
}

function kindOf(n: ScopeName): monaco.languages.CompletionItemKind {
  const K = monaco.languages.CompletionItemKind;
  switch (n.kind) {
    case "zone": return K.Folder;
    case "variable": return K.Variable;
    case "constant": return K.Constant;
    case "option": return K.Property;
    case "definition": return K.Function;
    case "attribute": return K.Field;
    case "action": return K.Event;
    case "special": return K.Keyword;
  }
}

/** Text from a rule file or the registry, shown literally in Markdown: every character that means something is escaped. */
function text(s: string): string {
  return s.replace(/[\\`*_{}[\]()#+\-.!<>|~&]/g, (c) => `\\${c}`);
}

function code(s: string): string {
  return "`` " + s.replace(/`/g, "'") + " ``";
}
