// The Monaco editor with only what the playground uses: the core API, the YAML tokenizer, and the editor
// features a rule-file author reaches for. Importing "monaco-editor" itself would pull in every language and
// its worker (about 15 MB); each feature here is one import, so adding one is one line.
import "monaco-editor/esm/vs/editor/browser/coreCommands.js";
import "monaco-editor/esm/vs/editor/browser/widget/codeEditor/codeEditorWidget.js";
import "monaco-editor/esm/vs/editor/contrib/bracketMatching/browser/bracketMatching.js";
import "monaco-editor/esm/vs/editor/contrib/clipboard/browser/clipboard.js";
import "monaco-editor/esm/vs/editor/contrib/codeAction/browser/codeActionContributions.js"; // quick fixes
import "monaco-editor/esm/vs/editor/contrib/comment/browser/comment.js";
import "monaco-editor/esm/vs/editor/contrib/contextmenu/browser/contextmenu.js";
import "monaco-editor/esm/vs/editor/contrib/cursorUndo/browser/cursorUndo.js";
import "monaco-editor/esm/vs/editor/contrib/find/browser/findController.js";
import "monaco-editor/esm/vs/editor/contrib/folding/browser/folding.js";
import "monaco-editor/esm/vs/editor/contrib/gotoError/browser/gotoError.js"; // F8: next problem
import "monaco-editor/esm/vs/editor/contrib/hover/browser/hoverContribution.js";
import "monaco-editor/esm/vs/editor/contrib/indentation/browser/indentation.js";
import "monaco-editor/esm/vs/editor/contrib/linesOperations/browser/linesOperations.js";
import "monaco-editor/esm/vs/editor/contrib/links/browser/links.js";
import "monaco-editor/esm/vs/editor/contrib/multicursor/browser/multicursor.js";
import "monaco-editor/esm/vs/editor/contrib/readOnlyMessage/browser/contribution.js";
import "monaco-editor/esm/vs/editor/contrib/snippet/browser/snippetController2.js";
import "monaco-editor/esm/vs/editor/contrib/suggest/browser/suggestController.js";
import "monaco-editor/esm/vs/editor/contrib/wordHighlighter/browser/wordHighlighter.js";
import "monaco-editor/esm/vs/editor/contrib/wordOperations/browser/wordOperations.js";
import "monaco-editor/esm/vs/editor/common/standaloneStrings.js";
import "monaco-editor/esm/vs/base/browser/ui/codicons/codiconStyles.js";
import "monaco-editor/esm/vs/basic-languages/yaml/yaml.contribution.js";
import * as monaco from "monaco-editor/esm/vs/editor/editor.api.js";
import EditorWorker from "monaco-editor/esm/vs/editor/editor.worker.js?worker";
import YamlWorker from "./yaml.worker.js?worker";

// Monaco asks for a worker by label; the playground has two: the editor's own and YAML's.
function worker(label: string): Worker {
  return label === "yaml" ? new YamlWorker({ name: label }) : new EditorWorker({ name: label });
}
globalThis.MonacoEnvironment = { getWorker: (_id: string, label: string) => worker(label) };

// monaco-yaml (through monaco-worker-manager) creates its worker with the older options {label, moduleId,
// createData}. The core API takes a started worker instead; monaco-editor's full entry point, which the
// playground does not load, adapts the one to the other in the same way: start the worker by its label, then
// send it the data it is created with.
// (Monaco's published types describe the full entry point's options, so the core function is typed here.)
type LegacyOptions = { label?: string; createData?: unknown; host?: unknown; keepIdleModels?: boolean; worker?: Worker };
type CoreCreate = (options: { worker: Worker; host?: unknown; keepIdleModels?: boolean }) => unknown;
const createWebWorker = monaco.editor.createWebWorker as unknown as CoreCreate;
(monaco.editor as { createWebWorker: unknown }).createWebWorker = (options: LegacyOptions) => {
  if (options.worker !== undefined) return createWebWorker(options as { worker: Worker });
  const started = worker(options.label ?? "editorWorkerService");
  started.postMessage("ignore");
  started.postMessage(options.createData);
  return createWebWorker({ worker: started, host: options.host, keepIdleModels: options.keepIdleModels });
};

export { monaco };
