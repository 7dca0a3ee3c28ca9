// The loader's diagnostics as editor markers: the same code, message and place that `houserules check`
// prints, with its severity. A "did you mean" becomes a quick fix that writes the suggested name.
import type { Diagnostic } from "../../interpreter/diagnostics.js";
import { monaco } from "./monaco.js";

export const owner = "houserules";

const severity = {
  error: monaco.MarkerSeverity.Error,
  warning: monaco.MarkerSeverity.Warning,
  notice: monaco.MarkerSeverity.Info,
} as const;

export function toMarker(d: Diagnostic, model: monaco.editor.ITextModel): monaco.editor.IMarkerData {
  const line = Math.min(Math.max(1, d.line), model.getLineCount());
  const col = Math.max(1, d.col);
  let endLine = d.endLine ?? line;
  let endCol = d.endCol ?? col;
  if (endLine < line || (endLine === line && endCol <= col)) {
    // a place with no width (a file-level problem): mark the word there, or the line
    const word = model.getWordAtPosition({ lineNumber: line, column: col });
    endLine = line;
    endCol = word ? word.endColumn : model.getLineMaxColumn(line);
  }
  return {
    severity: severity[d.severity],
    code: d.code,
    source: owner,
    message: d.message,
    startLineNumber: line,
    startColumn: col,
    endLineNumber: endLine,
    endColumn: endCol,
  };
}

export function setMarkers(model: monaco.editor.ITextModel, diagnostics: Diagnostic[]): void {
  monaco.editor.setModelMarkers(model, owner, diagnostics.map((d) => toMarker(d, model)));
}

const didYouMean = /\(did you mean '([^']+)'\?\)/;

/** Offers, for each of our markers with a suggestion, the edit that writes the suggested name in its place. */
export function registerQuickFixes(): monaco.IDisposable {
  return monaco.languages.registerCodeActionProvider("yaml", {
    provideCodeActions(model, _range, context) {
      const actions: monaco.languages.CodeAction[] = [];
      for (const marker of context.markers) {
        if (marker.source !== owner) continue;
        const suggested = didYouMean.exec(marker.message)?.[1];
        if (!suggested) continue;
        actions.push({
          title: `Change to '${suggested}'`,
          kind: "quickfix",
          diagnostics: [marker],
          isPreferred: true,
          edit: { edits: [{ resource: model.uri, versionId: model.getVersionId(), textEdit: { range: marker, text: suggested } }] },
        });
      }
      return { actions, dispose() {} };
    },
  });
}
