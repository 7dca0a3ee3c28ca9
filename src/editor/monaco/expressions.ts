// Completion and hover inside expression strings, in Monaco's terms: what a file can name comes from the loader
// itself (its scope query) after each check, and what to suggest and say from src/authoring/assist.ts, which the
// language server shares.
import type { ExpressionSite, NameKind, Scope } from "../../interpreter/load/scope.js";
import type { BuiltinInfo, SuggestionKind } from "../../authoring/assist.js";
import { monaco } from "./monaco.js";
import type { RuleValues } from "../rules/protocol.js";
import { comparedSide, comparedValues } from "./values.js";

type Assist = typeof import("../../authoring/assist.js");
/** What to suggest and say (with the expression language's parser behind it), loaded when first asked for. */
let assist: Promise<Assist> | null = null;
const assisting = () => (assist ??= import("../../authoring/assist.js"));

export class ExpressionNames {
  builtins: BuiltinInfo[] = [];
  words: string[] = [];
  /** The last scope known for each file, by its path; kept while a file does not compile. */
  private scopes = new Map<string, Scope>();
  /** The values a comparison in a file can be completed with (set by the page: the rules worker knows them). */
  valuesOf: (path: string) => Promise<RuleValues | null> = async () => null;
  /** Those values for each file, asked for once per check of the file. */
  private values = new Map<string, Promise<RuleValues | null>>();

  constructor(private pathOf: (model: monaco.editor.ITextModel) => string | undefined) {}

  setScope(path: string, scope: Scope | null): void {
    if (scope) this.scopes.set(path, scope);
    this.values.delete(path);
  }

  scopeOf(path: string): Scope | undefined {
    return this.scopes.get(path);
  }

  /** The expression the position is in, with the names it can use; undefined outside expressions. */
  at({ siteAt }: Assist, model: monaco.editor.ITextModel, position: monaco.Position): { scope: Scope; site: ExpressionSite } | undefined {
    const path = this.pathOf(model);
    const scope = path === undefined ? undefined : this.scopes.get(path);
    const site = scope && siteAt(scope, path!, position.lineNumber, position.column);
    return site && { scope: scope!, site };
  }

  register(): monaco.IDisposable[] {
    return [
      monaco.languages.registerCompletionItemProvider("yaml", {
        // a space ends `c.rank ==`: the values it may be compared with are offered then, and only then
        triggerCharacters: [".", " "],
        provideCompletionItems: async (model, position, context) => {
          const before = model.getLineContent(position.lineNumber).slice(0, position.column - 1);
          if (context.triggerCharacter === " " && comparedSide(before) === undefined) return undefined;
          return this.complete(await assisting(), model, position);
        },
      }),
      monaco.languages.registerHoverProvider("yaml", { provideHover: async (model, position) => this.hover(await assisting(), model, position) }),
    ];
  }

  private async complete(assist: Assist, model: monaco.editor.ITextModel, position: monaco.Position): Promise<monaco.languages.CompletionList | undefined> {
    const found = this.at(assist, model, position);
    if (!found) return undefined;
    const word = model.getWordUntilPosition(position);
    const range = new monaco.Range(position.lineNumber, word.startColumn, position.lineNumber, word.endColumn);
    const before = model.getLineContent(position.lineNumber).slice(0, word.startColumn - 1);
    const items = assist.suggestions(found.scope, found.site, this, before);
    const left = comparedSide(before);
    const values = left === undefined ? [] : comparedValues(left, (await this.valuesIn(this.pathOf(model)!)) ?? { attributes: {}, zones: [] }, found.scope);
    // a value's quotes are typed over, not doubled: the range starts at a quote already typed
    const quoted = model.getLineContent(position.lineNumber)[word.startColumn - 2] === '"';
    const valueRange = quoted ? new monaco.Range(position.lineNumber, word.startColumn - 1, position.lineNumber, word.endColumn) : range;
    return {
      suggestions: [
        ...values.map((v, i) => ({ label: v, kind: monaco.languages.CompletionItemKind.Value, detail: `a value of ${left}`, insertText: v, range: valueRange, sortText: `0${String(i).padStart(4, "0")}` })),
        ...items.map((s) => ({ label: s.label, kind: kindOf(s.kind), detail: s.detail, documentation: s.documentation || undefined, insertText: s.label, range, sortText: values.length ? `1${s.sort}` : s.sort })),
      ],
    };
  }

  private valuesIn(path: string): Promise<RuleValues | null> {
    let v = this.values.get(path);
    if (!v) this.values.set(path, (v = this.valuesOf(path).catch(() => null)));
    return v;
  }

  private hover(assist: Assist, model: monaco.editor.ITextModel, position: monaco.Position): monaco.languages.Hover | undefined {
    const found = this.at(assist, model, position);
    const word = model.getWordAtPosition(position);
    const hover = found && word && assist.hoverFor(found.scope, found.site, this, word.word);
    if (!hover) return undefined;
    const range = new monaco.Range(position.lineNumber, word!.startColumn, position.lineNumber, word!.endColumn);
    return { range, contents: assist.hoverMarkdown(hover).map((value) => ({ value })) };
  }
}

function kindOf(kind: SuggestionKind): monaco.languages.CompletionItemKind {
  const K = monaco.languages.CompletionItemKind;
  const kinds: Record<NameKind | SuggestionKind, monaco.languages.CompletionItemKind> = {
    zone: K.Folder,
    variable: K.Variable,
    constant: K.Constant,
    option: K.Property,
    definition: K.Function,
    attribute: K.Field,
    action: K.Event,
    special: K.Keyword,
    parameter: K.Variable,
    function: K.Function,
    effect: K.Method,
    keyword: K.Keyword,
  };
  return kinds[kind];
}
