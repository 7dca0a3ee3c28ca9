// Completion and hover inside expression strings, for any editor: the page's Monaco and the language server
// give the same suggestions from the same loader's scope (the file's zones, variables, definitions, actions and
// card attributes, the parameters in scope where the cursor is, the language's functions). An editor maps these
// plain values to its own types; a hover is written as Markdown with the rule file's text escaped.
import { receiverKey, type ExpressionSite, type NameKind, type Scope } from "../interpreter/load/scope.js";
import { allBuiltins, type Builtin } from "../interpreter/lang/builtins.js";
import * as T from "../interpreter/lang/types.js";

/** A function or effect of the expression language, as docs/language.md documents it. */
export interface BuiltinInfo {
  name: string;
  signature: string;
  doc: string;
  example: string;
  effect: boolean;
  /** The kinds of value (receiverKey) it may follow after a dot as its first argument: `pile.count`. */
  receivers: string[];
}

export interface Language {
  builtins: BuiltinInfo[];
  words: string[];
}

export type SuggestionKind = NameKind | "parameter" | "function" | "effect" | "keyword";

export interface Suggestion {
  label: string;
  kind: SuggestionKind;
  detail: string;
  documentation: string;
  /** Orders suggestions: the parameters in scope, then the file's names, functions, special words, keywords. */
  sort: string;
}

/** What a hover says of a word: its code (a name, or a function's signature), what it is, its documentation. */
export interface Hover {
  code: string;
  what?: string;
  doc?: string;
  example?: string;
}

/** A function's name and parameters as docs/language.md writes them: `move(from, to, count?)`. */
export function signature(b: Builtin): string {
  const params = b.params.map((p) => (p.optional ? `${p.name}?` : p.name)).join(", ");
  return `${b.name}(${params})`;
}

/** The kinds of value a receiver may be, by which member completion after a dot is chosen. */
const receiverTypes: T.Type[] = [T.zone, T.list(T.zone), T.card, T.cards, T.player, T.players, T.num, T.str, T.bool, T.list(T.num), T.list(T.str)];

/** The language's functions as editors show them, each with the kinds of value it may follow after a dot. */
export function languageInfo(words: readonly string[]): Language {
  const builtins = allBuiltins().map((b) => {
    const required = Math.max(1, b.params.filter((p) => !p.optional).length);
    const receivers = b.params.length === 0 ? [] : receiverTypes.filter((t) => {
      try {
        const r = b.type([t, ...Array.from({ length: required - 1 }, () => T.any)]);
        return !("arg" in r && r.arg === 0);
      } catch {
        return false;
      }
    });
    return { name: b.name, signature: signature(b), doc: b.doc, example: b.example, effect: b.effect, receivers: receivers.map(receiverKey) };
  });
  return { builtins, words: [...words] };
}

/** The expression a position (1-based line and column) of a file is in, or undefined outside expressions. */
export function siteAt(scope: Scope, file: string, line: number, col: number): ExpressionSite | undefined {
  return scope.sites.find((s) => {
    if (s.file !== file) return false;
    const endLine = s.endLine ?? s.line;
    if (line < s.line || line > endLine) return false;
    // typing at the end of an expression goes past where the last check saw it end: the rest of the line counts
    return !(line === s.line && col < s.col);
  });
}

/**
 * What may be typed at a place in an expression, given the text of the line before the word being typed. After
 * a dot, what may follow the value before it: a card's attributes, a player's variables and zones, the functions
 * that take it first (`pile.` offers count and top, not rank). When that value's kind is not known (a parameter,
 * a call), every member is offered.
 */
export function suggestions(scope: Scope, site: ExpressionSite, language: Language, before: string): Suggestion[] {
  const out: Suggestion[] = [];
  const add = (label: string, kind: SuggestionKind, detail: string, documentation: string, sort: string) => out.push({ label, kind, detail, documentation, sort: `${sort}${label}` });
  const afterDot = /\.\s*$/.test(before);
  const receiverName = /([A-Za-z_][A-Za-z0-9_]*)\s*\.\s*$/.exec(before)?.[1];
  const receiver = receiverName === undefined || site.locals.includes(receiverName) ? undefined : scope.names.find((n) => n.name === receiverName)?.receiver;
  const perPlayer = (kind: NameKind, detail: string) => (kind === "variable" || kind === "zone") && detail.includes("one per player");
  const member = (kind: NameKind, detail: string) =>
    receiver === undefined ? kind === "attribute" || perPlayer(kind, detail) : (kind === "attribute" && receiver === "card") || (perPlayer(kind, detail) && receiver === "player");
  if (!afterDot) for (const local of site.locals) add(local, "parameter", "parameter", "", "0");
  for (const n of scope.names) {
    if (afterDot ? !member(n.kind, n.detail) : n.kind === "attribute") continue;
    add(n.name, n.kind, n.detail, n.doc, n.kind === "special" ? "3" : "1");
  }
  for (const b of language.builtins) {
    if (b.effect && !site.effects) continue;
    if (afterDot && receiver !== undefined && !b.receivers.includes(receiver)) continue;
    add(b.name, b.effect ? "effect" : "function", b.signature, `${b.doc}\n\nExample: ${b.example}`, "2");
  }
  if (!afterDot) for (const w of language.words) add(w, "keyword", "keyword", "", "4");
  return out;
}

/** What a word of an expression is: a parameter, a name of the file, or a function with its documentation. */
export function hoverFor(scope: Scope, site: ExpressionSite, language: Language, word: string): Hover | undefined {
  if (site.locals.includes(word)) return { code: word, what: "a parameter here" };
  const name = scope.names.find((n) => n.name === word);
  if (name) return { code: name.name, what: name.detail, doc: name.doc || undefined };
  const builtin = language.builtins.find((b) => b.name === word);
  if (builtin) return { code: builtin.signature, doc: builtin.doc, example: builtin.example };
  return undefined;
}

/** Text from a rule file or the registry, shown literally in Markdown: every character that means something is escaped. */
export function markdownText(s: string): string {
  return s.replace(/[\\`*_{}[\]()#+\-.!<>|~&]/g, (c) => `\\${c}`);
}

export function markdownCode(s: string): string {
  return "`` " + s.replace(/`/g, "'") + " ``";
}

/** A hover as Markdown paragraphs, its rule text escaped. */
export function hoverMarkdown(h: Hover): string[] {
  return [
    h.what === undefined ? markdownCode(h.code) : `${markdownCode(h.code)} — ${markdownText(h.what)}`,
    ...(h.doc ? [markdownText(h.doc)] : []),
    ...(h.example ? [`Example: ${markdownCode(h.example)}`] : []),
  ];
}
