// The playground in a real browser: Debian's chromium, driven by playwright-core, against the page as
// `npm start` builds and serves it. Few tests, each walking through a whole use of the page.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openPage, startPlayground, type Playground } from "./helpers/browser.js";
import { run } from "./helpers/cli.js";

let pg: Playground;
beforeAll(async () => {
  pg = await startPlayground();
}, 180_000);
afterAll(async () => {
  await pg?.close();
});

interface Marker { message: string; code: string; severity: number; startLineNumber: number; startColumn: number; endLineNumber: number; endColumn: number }

/** The houserules markers of a file open in the page, by its path ("yours/x.yaml"). */
async function markers(page: Page, path: string): Promise<Marker[]> {
  return page.evaluate((p) => {
    const { monaco } = (globalThis as any).playground;
    return monaco.editor.getModelMarkers({ owner: "houserules", resource: monaco.Uri.file(`/playground/${p}`) })
      .map((m: Marker) => ({ message: m.message, code: String(m.code), severity: m.severity, startLineNumber: m.startLineNumber, startColumn: m.startColumn, endLineNumber: m.endLineNumber, endColumn: m.endColumn }));
  }, path);
}

/** Waits until the file's markers satisfy a test, and returns them. */
async function markersWhen(page: Page, path: string, test: (m: Marker[]) => boolean, timeout = 20_000): Promise<Marker[]> {
  const start = Date.now();
  for (;;) {
    const m = await markers(page, path);
    if (test(m)) return m;
    if (Date.now() - start > timeout) throw new Error(`markers of ${path} never became as expected: ${JSON.stringify(m)}`);
    await page.waitForTimeout(100);
  }
}

/** What `houserules check --json` says about a text, written to a file of its own. */
async function cliCheck(text: string, name = "mine.yaml") {
  const file = join(mkdtempSync(join(tmpdir(), "houserules-")), name);
  writeFileSync(file, text);
  const r = await run(["check", "--json", file]);
  return JSON.parse(r.out).files[0] as { ok: boolean; diagnostics: { severity: string; code: string; message: string; line: number; col: number; endLine: number; endCol: number }[] };
}

const idiot = readFileSync("rules/idiot/idiot.yaml", "utf8");

/** Types into the editor at a line and column (1-based), as a person would. */
async function typeAt(page: Page, line: number, col: number, text: string, select = 0): Promise<void> {
  await page.evaluate(([l, c, n]) => {
    const { edit } = (globalThis as any).playground;
    edit.editor.setSelection({ startLineNumber: l, startColumn: c, endLineNumber: l, endColumn: c + n });
    edit.editor.focus();
  }, [line, col, select]);
  await page.keyboard.type(text);
}

describe("the playground", () => {
  it("loads with no console error and no failed request, runs no script but its own, and completes rule-file keys from the schema", async () => {
    const { page, problems } = await openPage(pg);
    await expect(page.locator("[data-test=file-title]")).toBeTruthy();
    expect(await page.textContent("[data-test=file-title]")).toBe("rules/idiot/idiot.yaml");
    // the page's policy lets no script run but its own files: an injected inline script is refused
    const refused = await page.evaluate(() => new Promise<string>((done) => {
      document.addEventListener("securitypolicyviolation", (e) => done(e.effectiveDirective));
      const s = document.createElement("script");
      s.textContent = "document.body.dataset.injected = 'yes'";
      document.head.append(s);
      setTimeout(() => done("ran"), 2000);
    }));
    expect(refused).toBe("script-src-elem");
    expect(await page.getAttribute("body", "data-injected")).toBeNull();
    problems.length = 0; // the refusal is reported to the console, as it should be

    // monaco-yaml's worker starts and completes a top-level key of the rule-file schema, with its description
    await page.click("text=New");
    await page.waitForFunction(() => (globalThis as any).playground.edit.current() === "yours/untitled.yaml");
    await typeAt(page, 2, 1, "pha");
    await page.keyboard.press("Control+Space");
    const suggestion = page.locator(".suggest-widget .monaco-list-row", { hasText: "phases" });
    await suggestion.first().waitFor({ timeout: 20_000 });
    expect(problems).toEqual([]);
  });

  it("checks as houserules check does: Idiot's assumptions, a misspelt name and its quick fix, a misspelt key, and completion of zone names", async () => {
    const { page, problems } = await openPage(pg);
    // the shipped Idiot: no problem, and its assumed values listed
    await page.waitForSelector("[data-test=summary].ok");
    const cli = await cliCheck(idiot);
    const notices = cli.diagnostics.filter((d) => d.code === "N_ASSUMED");
    expect(notices.length).toBeGreaterThan(0);
    expect(await page.textContent("[data-test=summary]")).toBe(`idiot: ok (0 errors, 0 warnings, ${notices.length} notices)`);
    await page.click("text=Assumptions");
    const listed = await page.locator("[data-test=assumptions] li").allTextContents();
    expect(listed).toEqual(notices.map((d) => `rules/idiot/idiot.yaml:${d.line}:${d.col}: notice N_ASSUMED: ${d.message}`));
    await page.locator("[data-test=assumptions] li").nth(1).click(); // reveals its line
    expect(await page.evaluate(() => (globalThis as any).playground.edit.editor.getPosition().lineNumber)).toBe(notices[1].line);

    // a copy of Idiot of the user's own, uploaded, with `pile` misspelt inside an expression
    await page.setInputFiles("[data-test=upload]", { name: "my-idiot.yaml", mimeType: "text/yaml", buffer: Buffer.from(idiot) });
    await page.waitForFunction(() => (globalThis as any).playground.edit.current() === "yours/my-idiot.yaml");
    const lines = idiot.split("\n");
    const line = lines.findIndex((l) => l.trim() === "move(cards, pile)") + 1;
    const col = lines[line - 1].indexOf("pile") + 1;
    await typeAt(page, line, col, "piel", 4);
    const typo = await cliCheck(idiot.replace("move(cards, pile)", "move(cards, piel)"));
    const expected = typo.diagnostics.filter((d) => d.severity === "error");
    expect(expected.map((d) => d.message)).toEqual(["unknown name 'piel' (did you mean 'pile'?)"]);
    const got = await markersWhen(page, "yours/my-idiot.yaml", (m) => m.some((x) => x.code === "E_NAME"));
    const errors = got.filter((m) => m.severity === 8);
    expect(errors.map((m) => [m.code, m.message, m.startLineNumber, m.startColumn, m.endLineNumber, m.endColumn]))
      .toEqual(expected.map((d) => [d.code, d.message, d.line, d.col, d.endLine, d.endCol]));
    expect(await page.textContent("[data-test=problems]")).toContain(`yours/my-idiot.yaml:${line}:${col}: error E_NAME: unknown name 'piel' (did you mean 'pile'?)`);

    // the quick fix writes the suggestion and the marker goes
    await page.evaluate(([l, c]) => (globalThis as any).playground.edit.editor.setPosition({ lineNumber: l, column: c + 1 }), [line, col]);
    await page.keyboard.press("Escape");
    await page.keyboard.press("Control+.");
    await page.locator(".action-widget .monaco-list-row.focused", { hasText: "Change to 'pile'" }).waitFor();
    await page.keyboard.press("Enter");
    await markersWhen(page, "yours/my-idiot.yaml", (m) => !m.some((x) => x.severity === 8));
    expect(await page.evaluate(([l]) => (globalThis as any).playground.edit.editor.getModel().getLineContent(l), [line])).toContain("move(cards, pile)");

    // a misspelt top-level key: the schema's complaint, where check puts it
    await typeAt(page, 1, 1, "nmae", 4);
    const key = await cliCheck(idiot.replace(/^name:/, "nmae:"));
    const keyErrors = key.diagnostics.filter((d) => d.severity === "error");
    expect(keyErrors.length).toBeGreaterThan(0);
    const keyMarkers = await markersWhen(page, "yours/my-idiot.yaml", (m) => m.some((x) => x.code === "E_SCHEMA"));
    expect(keyMarkers.filter((m) => m.severity === 8).map((m) => [m.code, m.message, m.startLineNumber, m.startColumn, m.endColumn]))
      .toEqual(keyErrors.map((d) => [d.code, d.message, d.line, d.col, d.endCol]));
    await typeAt(page, 1, 1, "name", 4);
    await markersWhen(page, "yours/my-idiot.yaml", (m) => !m.some((x) => x.severity === 8));

    // completion inside an expression offers the file's zones, and hover shows a function's documentation
    const effect = lines.findIndex((l) => l.trim() === "move(cards, pile)") + 1;
    const at = lines[effect - 1].indexOf("pile") + 1;
    await typeAt(page, effect, at, "p", 4);
    await page.keyboard.press("Control+Space");
    const rows = page.locator(".suggest-widget .monaco-list-row");
    await rows.first().waitFor({ timeout: 20_000 });
    const labels = await rows.allTextContents();
    expect(labels.some((l) => l.startsWith("pile"))).toBe(true);
    expect(labels.some((l) => l.startsWith("players"))).toBe(true);
    await page.keyboard.press("Escape");
    expect(problems).toEqual([]);
  });
});
