// monaco-yaml's worker, imported through a file of our own so that vite bundles it as a worker of the page
// (see monaco-yaml's FAQ, "Why doesn't it work with Vite?").
import "monaco-yaml/yaml.worker.js";
