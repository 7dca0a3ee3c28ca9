// The fixed reference page of bench:page and bench:games: an empty vite page with Monaco alone (its core API,
// its YAML tokenizer, its own editor worker), loaded and typed into the same way as the playground, in the same
// run, so that the playground's figures are read as ratios that hold on a busy machine. Its "marker" comes after
// the same 250 ms pause the playground waits, with no check behind it. It does not change with the playground.
import * as monaco from "monaco-editor/esm/vs/editor/editor.api.js";
import "monaco-editor/esm/vs/basic-languages/yaml/yaml.contribution.js";
import EditorWorker from "monaco-editor/esm/vs/editor/editor.worker.js?worker";

globalThis.MonacoEnvironment = { getWorker: () => new EditorWorker() };
const model = monaco.editor.createModel("name: Reference\nphases:\n  play:\n    actions: [play]\n", "yaml");
const editor = monaco.editor.create(document.getElementById("editor"), { model, automaticLayout: true, minimap: { enabled: false } });
let timer = null;
model.onDidChangeContent(() => {
  clearTimeout(timer);
  timer = setTimeout(() => {
    const text = model.getValue();
    const at = text.indexOf("q");
    const markers = at < 0 ? [] : [{ severity: monaco.MarkerSeverity.Error, message: "no such name", ...monaco.Range.fromPositions(model.getPositionAt(at), model.getPositionAt(at + 1)) }];
    monaco.editor.setModelMarkers(model, "reference", markers);
  }, 250);
});
Object.assign(globalThis, { reference: { monaco, editor } });
document.body.dataset.ready = "yes";
performance.mark("playground-ready");
