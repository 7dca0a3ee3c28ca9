// houserules lsp --stdio: a language server for rule files, for editors other than the page.
import { ruleFoldersOption } from "../rule-folders.js";
import { readArgs } from "../args.js";
import { UsageError, type IO } from "../io.js";
import { withPackages } from "../../node/optional.js";

export const lspHelp = `Usage: houserules lsp --stdio

A language server (the Language Server Protocol, over standard input and output) for rule files: the
diagnostics \`houserules check\` gives, at their place, as you type (open files are read as the editor holds
them, saved or not), and completion and hover inside expressions: the file's zones, variables, definitions,
actions and card attributes, the parameters in scope, and the language's functions with their documentation.
The workspace folder the editor opens is the working folder for paths in rule files and messages.

A YAML file is checked as a scenario when it is named *.scenario.yaml or has both rules: and moves: at its
top level; as a rule file when it lies under a folder named rules (or a rule folder), or has at its top level
a key only rule files have (players, cards, zones, phases, actions, extends, ...). Other YAML is left alone.

Neovim (0.11):
  vim.lsp.config('houserules', { cmd = { 'npx', 'houserules', 'lsp', '--stdio' }, filetypes = { 'yaml' } })
  vim.lsp.enable('houserules')

Options:
  --stdio     speak over standard input and output (the only transport)
${ruleFoldersOption(12)}
  -h, --help  this text
`;

export async function lspCommand(argv: string[], io: IO): Promise<number> {
  const { values } = readArgs(argv, { stdio: { type: "boolean" } });
  if (values.help) {
    io.out(lspHelp);
    return 0;
  }
  if (!values.stdio) throw new UsageError("say how to talk to the editor: --stdio");
  const [{ createConnection, StreamMessageReader, StreamMessageWriter }, { serveLanguage }] = await withPackages("houserules lsp", ["vscode-languageserver", "vscode-languageserver-textdocument"], () => Promise.all([import("vscode-languageserver/node"), import("../../lsp/server.js")]));
  const connection = createConnection(new StreamMessageReader(process.stdin), new StreamMessageWriter(process.stdout));
  const closed = new Promise<number>((resolve) => connection.onExit(() => resolve(0)));
  serveLanguage(connection);
  return closed;
}
