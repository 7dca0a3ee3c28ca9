// houserules lsp --stdio, driven as an editor drives it, over JSON-RPC: check's diagnostics at their place for the
// text the editor holds (saved or not), completion and hover inside expressions, and a clean exit.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { createMessageConnection, StreamMessageReader, StreamMessageWriter, type MessageConnection } from "vscode-jsonrpc/node";

interface Published {
  uri: string;
  diagnostics: { range: { start: { line: number; character: number } }; severity: number; code: string; message: string }[];
}

const variant = (expression: string) => `name: Quick Idiot\nextends: idiot\nreplaces: [define.fourOnTop]\ndefine:\n  fourOnTop: ${expression}\n`;

describe("houserules lsp --stdio", () => {
  let dir: string;
  let server: ChildProcess;
  let rpc: MessageConnection;
  let uri: string;
  const published: Published[] = [];
  let waiting: ((p: Published) => void) | null = null;

  /** The next diagnostics the server publishes for the file. */
  const next = () => new Promise<Published>((resolve) => (waiting = resolve));

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "houserules-lsp-"));
    writeFileSync(join(dir, "quick.yaml"), variant("pile.count >= 3")); // on disk: clean
    uri = pathToFileURL(join(dir, "quick.yaml")).href;
    server = spawn(process.execPath, ["bin/houserules.js", "lsp", "--stdio"], { stdio: ["pipe", "pipe", "inherit"] });
    rpc = createMessageConnection(new StreamMessageReader(server.stdout!), new StreamMessageWriter(server.stdin!));
    rpc.onNotification("textDocument/publishDiagnostics", (p: Published) => {
      published.push(p);
      const w = waiting;
      waiting = null;
      w?.(p);
    });
    rpc.listen();
    const init = await rpc.sendRequest<{ capabilities: Record<string, unknown> }>("initialize", { processId: process.pid, rootUri: pathToFileURL(dir).href, capabilities: {} });
    expect(init.capabilities).toMatchObject({ hoverProvider: true, completionProvider: { triggerCharacters: ["."] } });
    await rpc.sendNotification("initialized", {});
  });

  afterAll(() => {
    server.kill();
    rmSync(dir, { recursive: true, force: true });
  });

  it("reports check's diagnostics for the text in the editor, not on disk, and clears them when it is fixed", async () => {
    let p = next();
    await rpc.sendNotification("textDocument/didOpen", { textDocument: { uri, languageId: "yaml", version: 1, text: variant("pile.cout >= 3") } });
    const opened = await p;
    expect(opened.uri).toBe(uri);
    const errors = opened.diagnostics.filter((d) => d.severity === 1);
    expect(errors).toEqual([expect.objectContaining({ code: "E_NAME", message: "zone has no 'cout' (did you mean 'count'?)", range: expect.objectContaining({ start: { line: 4, character: 18 } }) })]);

    p = next();
    await rpc.sendNotification("textDocument/didChange", { textDocument: { uri, version: 2 }, contentChanges: [{ range: { start: { line: 4, character: 18 }, end: { line: 4, character: 22 } }, text: "count" }] });
    expect((await p).diagnostics.filter((d) => d.severity === 1)).toEqual([]);

    p = next();
    await rpc.sendNotification("textDocument/didChange", { textDocument: { uri, version: 3 }, contentChanges: [{ text: variant("pile.count >= \"three\"") }] });
    const typed = (await p).diagnostics.filter((d) => d.severity === 1);
    expect(typed.length).toBe(1);
    expect(typed[0].range.start.line).toBe(4);
  });

  it("completes and explains names inside expressions, as the page does", async () => {
    const p = next();
    await rpc.sendNotification("textDocument/didChange", { textDocument: { uri, version: 4 }, contentChanges: [{ text: variant("pile.count >= 3") }] });
    await p;
    const items = await rpc.sendRequest<{ label: string; detail?: string }[]>("textDocument/completion", { textDocument: { uri }, position: { line: 4, character: 18 } });
    const labels = items.map((i) => i.label);
    // after a dot: what a zone has — its count and top card, not a card's rank nor a player's hand, nor abs or again
    expect(labels).toEqual(expect.arrayContaining(["count", "top", "bottom"]));
    for (const not of ["pile", "rank", "suit", "hand", "dealtUp", "abs", "again"]) expect(labels, not).not.toContain(not);
    // after a player: the player's zones and variables
    const changed = next();
    await rpc.sendNotification("textDocument/didChange", { textDocument: { uri, version: 5 }, contentChanges: [{ text: variant("current.hand.count >= 3") }] });
    await changed;
    const ofPlayer = (await rpc.sendRequest<{ label: string }[]>("textDocument/completion", { textDocument: { uri }, position: { line: 4, character: 21 } })).map((i) => i.label);
    expect(ofPlayer).toEqual(expect.arrayContaining(["hand", "faceUp"]));
    expect(ofPlayer).not.toContain("rank");
    expect(ofPlayer).not.toContain("pile");
    const fresh = await rpc.sendRequest<{ label: string; detail?: string }[]>("textDocument/completion", { textDocument: { uri }, position: { line: 4, character: 13 } });
    expect(fresh.find((i) => i.label === "pile")?.detail).toMatch(/^zone/);
    const hover = await rpc.sendRequest<{ contents: { kind: string; value: string } } | null>("textDocument/hover", { textDocument: { uri }, position: { line: 4, character: 24 } });
    expect(hover?.contents.kind).toBe("markdown");
    expect(hover?.contents.value).toMatch(/^`` hand `` — zone, one per player/);
    const outside = await rpc.sendRequest("textDocument/hover", { textDocument: { uri }, position: { line: 0, character: 2 } });
    expect(outside).toBeNull();
  });

  /** Opens a document and gives the first diagnostics published for it. */
  const openDoc = async (docUri: string, text: string) => {
    let p = next();
    await rpc.sendNotification("textDocument/didOpen", { textDocument: { uri: docUri, languageId: "yaml", version: 1, text } });
    let got = await p;
    while (got.uri !== docUri) {
      p = next();
      got = await p;
    }
    return got.diagnostics;
  };

  it("checks a file not yet saved as the editor holds it: an untitled document, or a file not on disk", async () => {
    expect(await openDoc("untitled:Untitled-1", variant("pile.count >= 3"))).toEqual([]);
    const unsaved = pathToFileURL(join(dir, "not-saved.yaml")).href;
    const errors = await openDoc(unsaved, variant("pile.cout >= 3"));
    expect(errors).toEqual([expect.objectContaining({ code: "E_NAME", range: expect.objectContaining({ start: { line: 4, character: 18 } }) })]);
  });

  it("leaves YAML that is not a rule file alone, and checks scenarios as scenarios", async () => {
    const compose = "services:\n  web:\n    image: nginx\njobs:\n  build: {}\n";
    expect(await openDoc(pathToFileURL(join(dir, "docker-compose.yaml")).href, compose)).toEqual([]);
    // under a rules folder, a file is a rule file whatever its keys
    const ruled = await openDoc(pathToFileURL(join(dir, "rules", "odd.yaml")).href, "name: Odd\njobs: 1\n");
    expect(ruled.map((d) => d.code)).toContain("E_SCHEMA");
    const scenario = "rules: ./quick.yaml\nplayers: [Ann, Bob]\nmoves:\n  - Ann: dance\n";
    const failed = await openDoc(pathToFileURL(join(dir, "first.scenario.yaml")).href, scenario);
    expect(failed).toEqual([expect.objectContaining({ code: "E_REFUSED", range: expect.objectContaining({ start: expect.objectContaining({ line: 3 }) }) })]);
  });

  it("shuts down and exits when asked", async () => {
    const exited = new Promise<number | null>((resolve) => server.once("exit", (code) => resolve(code)));
    await rpc.sendRequest("shutdown");
    await rpc.sendNotification("exit");
    expect(await exited).toBe(0);
  });
});
