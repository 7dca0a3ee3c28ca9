// The playground in a real browser: Debian's chromium, driven by playwright-core, against the page as
// `npm start` builds and serves it. Few tests, each walking through a whole use of the page.
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { spawn, spawnSync } from "node:child_process";
import { deflateRawSync, inflateRawSync } from "node:zlib";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openPage, usePlayground } from "./helpers/browser.js";
import { run } from "./helpers/cli.js";
import { builtin } from "../src/interpreter/lang/builtins.js";
import { threesAreWild } from "./helpers/threes.js";
import { shownText } from "../src/editor/explain/lines.js";

const pg = usePlayground();

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

/** Waits until the composer shows what `houserules compose` prints for the same cards and players; returns it. */
async function expectComposition(page: Page, ids: string[], players: number): Promise<string> {
  const cli = await run(["compose", ids.join(","), "--players", String(players)]);
  await page.waitForFunction((want) => document.querySelector("[data-test=composition]")?.textContent === want, cli.out, { timeout: 20_000 })
    .catch(async () => {
      expect(await page.textContent("[data-test=composition]")).toBe(cli.out);
    });
  return cli.out;
}

interface Diag { code: string; message: string; line: number; col: number; endLine: number; endCol: number }

function unique<T>(list: T[]): T[] {
  return [...new Map(list.map((x) => [JSON.stringify(x), x])).values()];
}

/** Types into the editor at a line and column (1-based), as a person would. */
async function typeAt(page: Page, line: number, col: number, text: string, select = 0): Promise<void> {
  await page.evaluate(([l, c, n]) => {
    const { edit } = (globalThis as any).playground;
    edit.editor.setSelection({ startLineNumber: l, startColumn: c, endLineNumber: l, endColumn: c + n });
    edit.editor.focus();
  }, [line, col, select]);
  await page.keyboard.type(text);
}

/**
 * Waits until the rulebook beside the editor is up to date and reads exactly `want`: a state and a text (a
 * rulebook's text as the panel shows it: explain's lines, less those that underline its headings).
 */
async function expectRulebook(page: Page, want: { state: "current" | "failed"; of: string; text: string }): Promise<void> {
  const now = () => page.evaluate(() => ({
    state: document.querySelector("[data-test=rulebook-panel]")?.getAttribute("data-state"),
    of: document.querySelector("[data-test=rulebook-of]")?.textContent,
    text: document.querySelector("[data-test=rulebook]")?.textContent,
  }));
  await page.waitForFunction((w) => document.querySelector("[data-test=rulebook-panel]")?.getAttribute("data-state") === w.state
    && document.querySelector("[data-test=rulebook-of]")?.textContent === w.of
    && document.querySelector("[data-test=rulebook]")?.textContent === w.text, want, { timeout: 20_000 })
    .catch(async () => expect(await now()).toEqual(want));
}

/** What `houserules explain` prints for a rule file's text, written to a file of its own. */
async function cliExplain(text: string): Promise<string> {
  const file = join(mkdtempSync(join(tmpdir(), "houserules-")), "mine.yaml");
  writeFileSync(file, text);
  const r = await run(["explain", file]);
  expect(r.code, r.err).toBe(0);
  return r.out;
}

describe("the playground", () => {
  it("starts the chromium packaged in the npm registry when the machine has none", () => {
    // what a fresh machine has after npm install: no Debian chromium, only @sparticuz/chromium from the registry
    const script = "import('./bin/playground.js').then(async (m) => { const b = await m.launchBrowser(); const p = await b.newPage(); await p.setContent('<p>ok</p>'); console.log(m.browserInUse, await p.textContent('p')); await b.close(); }).catch((e) => { console.error(e.message); process.exit(3); })";
    const r = spawnSync(process.execPath, ["-e", script], { env: { ...process.env, CHROMIUM: "/nonexistent/chromium" }, encoding: "utf8", timeout: 120_000 });
    expect(r.stderr).toBe("");
    expect(r.stdout).toMatch(/^chromium \S+ from @sparticuz\/chromium \(no \/nonexistent\/chromium\) ok\n$/);
  });

  it("loads with no console error and no failed request, runs no script but its own, completes rule-file keys from the schema, keeps the user's files across a reload, and is what npm start serves", async () => {
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
    await page.keyboard.press("Escape");

    // the user's files are kept in the browser's storage: a reload shows them again
    await page.waitForFunction(() => localStorage.getItem("houserules.file.v2/untitled.yaml")?.includes("pha"));
    await page.reload();
    await page.waitForSelector("body[data-ready]");
    expect(await page.locator(".files .file-name").allTextContents()).toContain("untitled.yaml");
    expect(await page.evaluate(() => (globalThis as any).playground.app.workspace.store.get("untitled.yaml"))).toContain("pha");
    expect(problems).toEqual([]);

    // a request Monaco cancels itself is not an error of the page; any other unhandled rejection still is
    await page.evaluate(() => {
      const canceled = new Error("Canceled");
      canceled.name = "Canceled";
      void Promise.reject(canceled);
      void Promise.reject(new Error("a real failure"));
    });
    await page.waitForTimeout(200);
    expect(problems).toEqual(["page error: a real failure"]);
    problems.length = 0;

    // npm start serves the built page and prints its address (here the build the tests made, on a free port)
    const server = spawn(process.execPath, ["bin/playground.js", "--no-build", "--port", "0"], { stdio: ["ignore", "pipe", "pipe"] });
    try {
      const address = await new Promise<string>((done, fail) => {
        let out = "";
        server.stdout.on("data", (b) => {
          out += b;
          const m = /^houserules playground: (http:\/\/127\.0\.0\.1:\d+\/)$/m.exec(out);
          if (m) done(m[1]);
        });
        server.on("exit", (code) => fail(new Error(`npm start ended (${code}) before printing its address: ${out}`)));
      });
      const served = await fetch(address);
      expect(served.status).toBe(200);
      expect(served.headers.get("content-security-policy")).toContain("script-src 'self'");
      expect(await served.text()).toContain("<div id=\"app\"");
    } finally {
      server.kill();
    }
  });

  it("checks as houserules check does: Idiot's assumptions, a misspelt name and its quick fix, a misspelt key; completes zone names and documents functions; downloads a file and starts a variant of a shipped one", async () => {
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
    // its whole label, not cut short
    expect(await page.locator(".action-widget .monaco-list-row.focused .title").evaluate((e) => e.scrollWidth <= e.clientWidth)).toBe(true);
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
    await typeAt(page, effect, at, "pile", 1);

    // hover over a function inside an expression shows its documentation from the language's registry
    const move = builtin("move")!;
    await page.evaluate(([l, c]) => {
      const { editor } = (globalThis as any).playground.edit;
      editor.setPosition({ lineNumber: l, column: c });
      editor.focus();
    }, [effect, lines[effect - 1].indexOf("move") + 2]);
    await page.keyboard.press("Control+k");
    await page.keyboard.press("Control+i");
    const hover = page.locator(".monaco-hover:not(.hidden)", { hasText: move.doc.slice(0, 40) });
    await hover.waitFor({ timeout: 10_000 });
    expect(await hover.textContent()).toContain(`Example: ${move.example}`);
    await page.keyboard.press("Escape");

    // hover over a key shows that key's documentation from the schema, titled with the key, not the schema's title
    await page.evaluate(() => {
      const { editor } = (globalThis as any).playground.edit;
      const line = (editor.getModel().getLinesContent() as string[]).findIndex((l) => l.startsWith("players:")) + 1;
      editor.setPosition({ lineNumber: line, column: 3 });
      editor.revealLineInCenter(line);
      editor.focus();
    });
    await page.keyboard.press("Control+k");
    await page.keyboard.press("Control+i");
    const keyHover = page.locator(".monaco-hover:not(.hidden)", { hasText: "How many may play." });
    await keyHover.waitFor({ timeout: 10_000 });
    expect(await keyHover.locator("h4").first().textContent()).toBe("players");
    // (the schema is named only as the hover's source)
    expect((await keyHover.textContent())!.replace("Source: houserules rule file", "")).not.toContain("houserules rule file");
    await page.keyboard.press("Escape");

    // download gives back the file as it is in the editor
    const [download] = await Promise.all([page.waitForEvent("download"), page.click("[aria-label='Download yours/my-idiot.yaml']")]);
    expect(download.suggestedFilename()).toBe("my-idiot.yaml");
    const saved = await download.path();
    expect(readFileSync(saved, "utf8")).toBe(await page.evaluate(() => (globalThis as any).playground.edit.editor.getModel().getValue()));

    // a variant started from a shipped file extends it, and checks as check does
    await page.hover(".file[data-path='rules/idiot/idiot.yaml']"); // a file's tools show under the pointer
    await page.locator(".file[data-path='rules/idiot/idiot.yaml'] button:has-text('vary')").click();
    await page.waitForFunction(() => (globalThis as any).playground.edit.current() === "yours/my-idiot-2.yaml");
    const started = await page.evaluate(() => (globalThis as any).playground.edit.editor.getModel().getValue());
    expect(started).toMatch(/^name: My Idiot\nextends: idiot\n/);
    const startedCli = await cliCheck(started);
    await page.waitForSelector("[data-test=summary]:has-text('yours/my-idiot-2.yaml')");
    expect(await page.textContent("[data-test=summary]")).toBe(`yours/my-idiot-2.yaml: ok (0 errors, 0 warnings, ${startedCli.diagnostics.filter((d) => d.severity === "notice").length} notices)`);

    // beside the editor, the open file's rulebook in the words of houserules explain, following every change
    const variantPath = "yours/my-idiot-2.yaml";
    const startedBook = await cliExplain(started);
    await expectRulebook(page, { state: "current", of: variantPath, text: shownText(startedBook) });
    // its title and headings are headings, not text underlined with = and -
    expect(await page.textContent("[data-test=rulebook] h3")).toBe(startedBook.split("\n")[0]);
    expect(await page.locator("[data-test=rulebook] h4").allTextContents()).toEqual(startedBook.split("\n").filter((l, i, all) => /^-+$/.test(all[i + 1] ?? "") && all[i + 1].length === l.length && l));
    expect(await page.textContent("[data-test=rulebook]")).not.toMatch(/^(=+|-+)$/m);
    // (as a paste replaces the whole text: typing it would be indented by the editor as it goes)
    const replaceAll = async (text: string) => {
      await page.evaluate((t) => {
        const { editor } = (globalThis as any).playground.edit;
        editor.executeEdits("paste", [{ range: editor.getModel().getFullModelRange(), text: t }]);
      }, text);
      expect(await page.evaluate(() => (globalThis as any).playground.edit.editor.getModel().getValue())).toBe(text);
    };
    // a fragment's change is marked where it is; a name that looks like HTML is only text
    const wild = threesAreWild.replace("name: Threes Are Wild", "name: Threes <b>Are</b> Wild <img src=x onerror=alert(1)>");
    await replaceAll(wild);
    const wildBook = await cliExplain(wild);
    expect(wildBook).toContain("[changed by Threes <b>Are</b> Wild <img src=x onerror=alert(1)>] Play: rank order:");
    await expectRulebook(page, { state: "current", of: variantPath, text: shownText(wildBook) });
    expect(await page.locator("[data-test=rulebook] .rulebook-changed").first().textContent()).toMatch(/^\[changed by Threes <b>Are<\/b> Wild/);
    expect(await page.evaluate(() => document.querySelectorAll("[data-test=rulebook-panel] *:not(h2, h3, h4, span, pre, div, button)").length)).toBe(0);
    // a keystroke that breaks the rules keeps the last rulebook, dimmed, under a line that says the file has an error
    const broken = wild.replace("canPlay(cards.first)", "canPlay(cards.frist)");
    await replaceAll(broken);
    const brokenDir = mkdtempSync(join(tmpdir(), "houserules-"));
    writeFileSync(join(brokenDir, "my-idiot-2.yaml"), broken);
    const brokenErr = (await run(["explain", join(brokenDir, "my-idiot-2.yaml")])).err.replaceAll(join(brokenDir, "my-idiot-2.yaml"), variantPath);
    expect(brokenErr).toContain("E_NAME");
    await expectRulebook(page, { state: "failed", of: variantPath, text: `This file has an error, so this is the rulebook as it was before it (the Problems panel says where): ${brokenErr.split("\n")[0]}${shownText(wildBook)}` });
    expect(await page.evaluate(() => getComputedStyle(document.querySelector("[data-test=rulebook] .rulebook-old")!).opacity)).toBe("0.5");
    // hidden, it does not follow; shown again, it is the file as it is now
    await page.click("[data-test=rulebook-toggle]");
    expect(await page.isVisible("[data-test=rulebook]")).toBe(false);
    await replaceAll(threesAreWild);
    await page.waitForSelector("[data-test=summary].ok");
    await page.click("[data-test=rulebook-toggle]");
    await expectRulebook(page, { state: "current", of: variantPath, text: shownText(await cliExplain(threesAreWild)) });
    // another file, the shipped Idiot, and a rule card, explained in a whole round as the command line does it
    await page.click(".file-name:text-is('idiot.yaml')");
    await expectRulebook(page, { state: "current", of: "idiot", text: shownText((await run(["explain", "idiot"])).out) });
    await page.click(".file-group summary:text-is('on-the-cards/deal')");
    await page.click(".file[data-path='rules/on-the-cards/deal/deal-eight.yaml'] .file-name");
    await expectRulebook(page, { state: "current", of: "on-the-cards/deal/deal-eight", text: shownText((await run(["explain", "on-the-cards/deal/deal-eight"])).out) });
    expect(problems).toEqual([]);
  });

  it("composes rounds from their cards in the words of houserules compose, refusals and conflicts included", async () => {
    const { page, problems } = await openPage(pg);
    await page.click("[data-screen=compose]");
    const card = (id: string) => page.locator(`[data-card='${id}']`);
    await card("on-the-cards/deal/deal-eight").waitFor();
    // a card's border is its type's colour, as the base gives it (Deal: red)
    expect(await card("on-the-cards/deal/deal-eight").evaluate((e) => getComputedStyle(e).borderTopColor)).toBe("rgb(192, 57, 43)");
    expect(await card("on-the-cards/deal/deal-eight").textContent()).toContain("OH1");

    // the worked example, its four cards picked one by one after another preset
    await page.click(".presets button:has-text('President')");
    const worked = ["on-the-cards/deal/deal-eight", "on-the-cards/aim/take-lots-of-tricks", "on-the-cards/card-play/crazy-eights", "on-the-cards/trick-taking/whist"];
    for (const id of worked) await card(id).locator(".card-name").click();
    await expectComposition(page, worked, 4);
    expect(await page.textContent("[data-test=verdict]")).toBe("composes");

    // Deal Thirteen for five players is refused
    await card("on-the-cards/deal/deal-thirteen").locator(".card-name").click();
    await page.fill("[data-test=players]", "5");
    await page.dispatchEvent("[data-test=players]", "change");
    const refused = await expectComposition(page, ["on-the-cards/deal/deal-thirteen", ...worked.slice(1)], 5);
    expect(refused).toContain("refused: these rules are for 2–4 players, not 5");
    expect(await page.textContent("[data-test=verdict]")).toBe("does not compose");

    // a card of the user's own, started from Deal Eight, joins the Deal stack, chosen, and composes
    await page.fill("[data-test=players]", "4");
    await page.dispatchEvent("[data-test=players]", "change");
    await card("on-the-cards/deal/deal-eight").locator("button:has-text('make my own')").click();
    await page.locator(".card.own.selected", { hasText: "My Deal Eight" }).waitFor();
    await page.waitForFunction(() => document.querySelector("[data-test=composition]")?.textContent?.includes("Deal          My Deal Eight"));
    expect(await page.textContent("[data-test=verdict]")).toBe("composes");

    // the round with the card of one's own is played from Compose: Play carries it in the words of --compose, and
    // a person's move is made by a click
    const round = "My Deal Eight, Take Lots of Tricks, Crazy Eights, Whist";
    await page.click("[data-test=compose-play]");
    await page.waitForSelector("[data-test=table] svg");
    expect(await page.inputValue("[data-test=play-rules]")).toBe(round);
    expect(await page.textContent("[data-test=play-error]")).toBe("");
    const cursor = () => page.evaluate(() => (globalThis as any).playground.play.frame.cursor as number);
    await page.locator("[data-test=legal-move]").first().waitFor();
    for (let i = 0; i < 2; i++) {
      const before = await cursor();
      await page.locator("[data-test=legal-move]").first().click();
      await page.waitForFunction((c) => (globalThis as any).playground.play.frame.cursor > c, before);
    }
    expect(await page.textContent("[data-test=play-error]")).toBe("");
    // the table as drawn, and as the engine gives it: a reload and a shared link must open this very table
    const table = () => page.evaluate(() => {
      const { play } = (globalThis as any).playground;
      return JSON.stringify([play.frame.cursor, play.frame.view, play.tables.map((t: any) => t.node)]);
    });
    await page.locator("[data-test=legal-move]").first().waitFor();
    const midGame = await table();
    const movesMade = await cursor();

    // and measured, 200 rounds against the card it was made from: the card is Deal Eight under another name, so
    // both sides play the command line's very games
    await page.click("[data-screen=compose]");
    await page.click("[data-test=compose-measure]");
    expect(await page.inputValue("[data-test=measure-rules]")).toBe(round);
    await page.fill("[data-test=measure-against]", worked.join(", "));
    await page.fill("[data-test=measure-games]", "200");
    await page.click("[data-test=measure-run]");
    await page.waitForSelector("[data-test=comparison]", { timeout: 120_000 });
    expect(await page.textContent("[data-test=measure-message]")).toBe("");
    const cliRound = JSON.parse((await run(["simulate", "--compose", worked.join(", "), "--games", "200", "--seed", "7", "--players", "4", "--json"])).out);
    const sides = (await page.locator("[data-test=summary-json]").allTextContents()).map((t) => JSON.parse(t));
    const games = (x: { rules: string; coverage?: unknown }) => ({ ...x, rules: undefined, coverage: undefined });
    expect(sides.map(games)).toEqual([games(cliRound), games(cliRound)]);

    // renaming the card's file leaves no ghost: Compose follows the card to its new name, still chosen
    await page.click("[data-screen=edit]");
    await page.hover(".file[data-path='yours/my-deal-eight.yaml']");
    await page.click("[aria-label='Rename yours/my-deal-eight.yaml']");
    await page.fill("[data-test=rename]", "eight-of-mine");
    await page.press("[data-test=rename]", "Enter");
    await page.locator(".files .file-name", { hasText: "eight-of-mine.yaml" }).waitFor();
    await page.click("[data-screen=compose]");
    await page.waitForFunction(() => document.querySelector("[data-test=verdict]")?.textContent === "composes");
    await page.locator(".card.own.selected", { hasText: "My Deal Eight" }).waitFor();
    expect(await page.textContent("[data-test=composition]")).toContain("Deal          My Deal Eight");

    // a reload finds the round composed and the run's fields as they were
    const composed = await page.textContent("[data-test=composition]");
    await page.reload();
    await page.waitForSelector("body[data-ready]");
    await page.click("[data-screen=compose]");
    // (a fresh rules worker reads the whole catalogue first: slow on a busy machine)
    await page.waitForFunction((want) => document.querySelector("[data-test=composition]")?.textContent === want, composed, { timeout: 60_000 });
    await page.locator(".card.own.selected", { hasText: "My Deal Eight" }).waitFor();
    await page.click("[data-screen=measure]");
    expect([await page.inputValue("[data-test=measure-rules]"), await page.inputValue("[data-test=measure-against]"), await page.inputValue("[data-test=measure-games]")])
      .toEqual([round, worked.join(", "), "200"]);
    // and the game in progress, its moves replayed from its seed to the same table
    await page.click("[data-screen=play]");
    await page.waitForFunction((n) => (globalThis as any).playground.play.frame?.cursor === n, movesMade, { timeout: 60_000 });
    expect(await table()).toBe(midGame);
    expect(await page.textContent("[data-test=play-note]")).toBe(`The game you were playing is back where it was: its ${movesMade} moves were played again from the start with the same seed.`);

    // a link made mid-game carries the page: the files, the round, the run's fields, the game and the screen;
    // opened in a fresh browser profile, it opens the same table, the game's moves replayed through the engine
    await page.click("button:has-text('Share')");
    await page.waitForFunction(() => (document.querySelector("[data-test=share-link]") as HTMLInputElement | null)?.value.includes("#share="));
    const link = await page.inputValue("[data-test=share-link]");
    expect(await page.textContent(".status")).toMatch(/^a link to your 1 file, the round composed, the Measure fields and the game at move \d+ \(\d+ characters\): copied$/);
    const other = await openPage(pg, link);
    await other.page.waitForSelector("body[data-ready]", { timeout: 60_000 });
    expect(await other.page.locator(".screen-play").isVisible()).toBe(true);
    const theirs = () => other.page.evaluate(() => {
      const { play } = (globalThis as any).playground;
      return JSON.stringify([play.frame.cursor, play.frame.view, play.tables.map((t: any) => t.node)]);
    });
    expect(await theirs()).toBe(midGame);
    expect(await other.page.textContent("[data-test=play-note]")).toBe(`The shared game is back where it was: its ${movesMade} moves were played again from the start with the same seed.`);
    expect(await other.page.inputValue("[data-test=play-rules]")).toBe(round);
    await other.page.click("[data-screen=measure]");
    expect([await other.page.inputValue("[data-test=measure-rules]"), await other.page.inputValue("[data-test=measure-against]"), await other.page.inputValue("[data-test=measure-games]")])
      .toEqual([round, worked.join(", "), "200"]);
    await other.page.click("[data-screen=compose]");
    await other.page.waitForFunction((want) => document.querySelector("[data-test=composition]")?.textContent === want, composed, { timeout: 60_000 });
    expect(other.problems).toEqual([]);
    await other.context.close();
    // a link whose person's move was changed on the way opens the game after the move before, and says why
    const body = JSON.parse(inflateRawSync(Buffer.from(link.split("#share=")[1], "base64url")).toString());
    expect(body.play.seats).toEqual(["person", "random", "random", "random"]);
    const all = body.play.moves.length;
    const last = body.play.moves.map((m: [number]) => m[0]).lastIndexOf(0);
    body.play.moves[last][1] = "play ZZ";
    const changed = await openPage(pg, `${pg.url}#share=${deflateRawSync(JSON.stringify(body)).toString("base64url")}`);
    await changed.page.waitForSelector("body[data-ready]", { timeout: 60_000 });
    expect(await changed.page.textContent("[data-test=play-note]")).toMatch(new RegExp(`^the shared game does not replay past move ${last} of ${all}: move ${last + 1} \\(\\w+: play ZZ\\) is refused here: .+\\. It is open after move ${last}\\.$`));
    expect(await changed.page.evaluate(() => (globalThis as any).playground.play.frame.cursor)).toBe(last);
    await changed.context.close();
    await page.click("[data-screen=compose]");

    // the card of one's own in a whole match, in the place of the match's Deal Eight: played and measured from
    // Compose, named as the Rules field and the command line's --add-card name it
    await page.locator("[data-test=into-match-card]").waitFor();
    expect(await page.inputValue("[data-test=into-match-card]")).toBe("yours/eight-of-mine.yaml");
    await page.selectOption("[data-test=into-match-match]", "on-the-cards/out-of-the-box");
    expect(await page.locator("[data-test=into-match-place] option").allTextContents()).toEqual(["added to the Deal stack", "in place of Deal Eight", "in place of Draw to Fifty", "in place of Deal Thirteen", "in place of Deal Seven", "in place of Deal All"]);
    await page.selectOption("[data-test=into-match-place]", "deal-eight");
    const inMatch = "on-the-cards/out-of-the-box + card:deal-eight=yours/eight-of-mine.yaml";
    await page.click("[data-test=into-match-play]");
    await page.waitForFunction((r) => (document.querySelector("[data-test=play-rules]") as HTMLInputElement).value === r, inMatch);
    await page.waitForSelector("[data-test=table] svg");
    expect(await page.textContent("[data-test=play-error]")).toBe("");
    await page.click("[data-screen=compose]");
    await page.click("[data-test=into-match-measure]");
    expect(await page.inputValue("[data-test=measure-rules]")).toBe(inMatch);
    await page.fill("[data-test=measure-against]", "on-the-cards/out-of-the-box");
    await page.fill("[data-test=measure-games]", "10");
    await page.click("[data-test=measure-run]");
    await page.waitForFunction(() => document.querySelector("[data-test=summary-json]") !== null, undefined, { timeout: 120_000 });
    expect(await page.textContent("[data-test=measure-message]")).toBe("");
    // the command line's games of the match with the same file added in the same place, and of the match alone
    const yours = mkdtempSync(join(tmpdir(), "houserules-card-"));
    const mine = join(yours, "eight-of-mine.yaml");
    writeFileSync(mine, await page.evaluate(() => (globalThis as any).playground.app.workspace.store.get("eight-of-mine.yaml") as string));
    const cli = async (...more: string[]) => JSON.parse((await run(["simulate", "on-the-cards/out-of-the-box", ...more, "--games", "10", "--seed", "7", "--players", "4", "--json"])).out);
    const bySide = (all: { rules: string }[]) => Object.fromEntries(all.map((x) => [x.rules, games(x)]));
    const inMatchSides = (await page.locator("[data-test=summary-json]").allTextContents()).map((t) => JSON.parse(t));
    expect(bySide(inMatchSides)).toEqual(bySide([await cli("--rules", yours, "--add-card", `deal-eight=${mine}`), await cli()]));
    expect(inMatchSides.map((x) => x.rules)).toEqual(["on-the-cards/out-of-the-box", "on-the-cards/out-of-the-box+card:deal-eight=eight-of-mine"]); // A against, B under test
    await page.click("[data-screen=compose]");

    // seven sins: Advanced with More Victims is refused with the conflict, as the command line says it
    await page.selectOption("[data-test=base]", "idle-hands/seven-sins");
    const sins = ["idle-hands/seven-sins-advanced", "idle-hands/seven-sins-more-victims"];
    for (const id of sins) await card(id).locator(".card-name").click();
    const conflict = await expectComposition(page, sins, 4);
    expect(conflict).toContain("E_CONFLICT");
    expect(problems).toEqual([]);
  });

  it("puts a fragment's error in its own file, re-checks fragments when their base changes, restores shared files and refuses damaged or oversized links, and survives hostile files", async () => {
    const { page, problems } = await openPage(pg);
    const upload = (name: string, text: string) => page.setInputFiles("[data-test=upload]", { name, mimeType: "text/yaml", buffer: Buffer.from(text) });
    const variant = [
      "name: Idiot with a slip", "extends: ./base.yaml", "replaces: [define.fourOnTop]", "define:",
      "  fourOnTop: pile.count >= 4 and piel.top.rank == 10", "",
    ].join("\n");
    await upload("base.yaml", idiot);
    await upload("variant.yaml", variant);
    await page.waitForFunction(() => (globalThis as any).playground.edit.current() === "yours/variant.yaml");
    // the fragment's error is in the fragment's own file, where check puts it
    const dir = mkdtempSync(join(tmpdir(), "houserules-"));
    writeFileSync(join(dir, "base.yaml"), idiot);
    writeFileSync(join(dir, "variant.yaml"), variant);
    const cli = JSON.parse((await run(["check", "--json", join(dir, "variant.yaml")])).out).files[0];
    const wanted = unique(cli.diagnostics.filter((d: { severity: string }) => d.severity === "error").map((d: Diag) => [d.code, d.message, d.line, d.col, d.endLine, d.endCol]));
    expect(wanted).toEqual([["E_NAME", "unknown name 'piel' (did you mean 'pile'?)", 5, 34, 5, 38]]);
    const inVariant = await markersWhen(page, "yours/variant.yaml", (m) => m.some((x) => x.severity === 8));
    expect(inVariant.filter((m) => m.severity === 8).map((m) => [m.code, m.message, m.startLineNumber, m.startColumn, m.endLineNumber, m.endColumn])).toEqual(wanted);
    expect(await markers(page, "yours/base.yaml")).toEqual(expect.not.arrayContaining([expect.objectContaining({ severity: 8 })]));

    // a change to the base re-checks the fragment built on it: renaming its zone pile breaks the fragment's pile.count
    await page.click(".file-name:text-is('base.yaml')");
    const zoneLine = idiot.split("\n").findIndex((l) => l.startsWith("  pile:")) + 1;
    await typeAt(page, zoneLine, 3, "heap", 4);
    const broken = await markersWhen(page, "yours/variant.yaml", (m) => m.some((x) => x.message.startsWith("unknown name 'pile'")));
    expect(broken.find((m) => m.message.startsWith("unknown name 'pile'"))!.startColumn).toBe(14);
    await typeAt(page, zoneLine, 3, "pile", 4);
    await markersWhen(page, "yours/variant.yaml", (m) => !m.some((x) => x.message.startsWith("unknown name 'pile'")));

    // a hostile name is only text: nothing runs, no element is made from it
    await upload("<img src=x onerror=alert(1)>", "name: <b>bold</b>\n");
    await page.locator(".file-name", { hasText: "<img src=x onerror=alert(1)>.yaml" }).waitFor();
    const madeFromText = () => page.evaluate(() => document.querySelectorAll("img[src=x], [onerror], b").length);
    expect(await madeFromText()).toBe(0);

    // a shared link, opened in a fresh browser profile, restores the files and their markers
    await page.click(".file-name:text-is('variant.yaml')");
    await page.click("button:has-text('Share')");
    // the link is made asynchronously (the files are compressed first): wait for it to be shown
    await page.waitForFunction(() => (document.querySelector("[data-test=share-link]") as HTMLInputElement | null)?.value.includes("#share="));
    const link = await page.inputValue("[data-test=share-link]");
    expect(link).toMatch(/#share=[A-Za-z0-9_-]+$/);
    const other = await openPage(pg, link);
    await other.page.waitForFunction(() => (globalThis as any).playground.edit.current() === "yours/variant.yaml");
    expect(await other.page.locator(".files .file-name").allTextContents()).toEqual(expect.arrayContaining(["base.yaml", "variant.yaml", "<img src=x onerror=alert(1)>.yaml"]));
    const restored = await markersWhen(other.page, "yours/variant.yaml", (m) => m.some((x) => x.severity === 8));
    expect(restored.filter((m) => m.severity === 8).map((m) => [m.code, m.message, m.startLineNumber, m.startColumn, m.endLineNumber, m.endColumn])).toEqual(wanted);
    expect(await other.page.evaluate(() => document.querySelectorAll("img[src=x], [onerror], b").length)).toBe(0);
    expect(other.problems).toEqual([]);
    // a damaged link says so
    const damaged = await openPage(pg, link.slice(0, -40) + "!!");
    expect(await damaged.page.textContent(".status")).toContain("this link is damaged");
    await damaged.context.close();
    // and so does one whose files would unpack to more than the page takes, before it unpacks them all
    const huge = deflateRawSync(JSON.stringify({ v: 1, files: [["huge.yaml", "x".repeat(3_000_000)]], open: null })).toString("base64url");
    const oversized = await openPage(pg, `${pg.url}#share=${huge}`);
    expect(await oversized.page.textContent(".status")).toContain("this link is too large to open");
    expect(await oversized.page.locator(".files .file-name", { hasText: "huge.yaml" }).count()).toBe(0);
    await oversized.context.close();
    await other.context.close();

    // an alias bomb gets its message, and the page answers at once meanwhile
    let bomb = "a: &a [x,x,x,x,x,x,x,x,x,x]\n";
    for (let i = 1; i < 9; i++) bomb += `${"abcdefghi"[i]}: &${"abcdefghi"[i]} [${Array(10).fill(`*${"abcdefghi"[i - 1]}`).join(",")}]\n`;
    bomb += "name: *i\n";
    await upload("bomb.yaml", bomb);
    const start = Date.now();
    await page.evaluate(() => 1);
    expect(Date.now() - start).toBeLessThan(1000);
    const alias = await markersWhen(page, "yours/bomb.yaml", (m) => m.some((x) => x.code === "E_ALIAS"));
    const bombCli = await cliCheck(bomb, "bomb.yaml");
    expect(alias.map((m) => m.message)).toEqual(bombCli.diagnostics.map((d) => d.message));

    // a definition that would call itself forever is refused before anything runs
    const loop = idiot.replace("  fourOnTop: pile.count >= 4", "  spin(n): spin(n + 1)\n  fourOnTop: spin(1) > 0 and pile.count >= 4");
    await upload("loop.yaml", loop);
    const recursion = await markersWhen(page, "yours/loop.yaml", (m) => m.some((x) => x.code === "E_RECURSION"));
    const loopCli = await cliCheck(loop, "loop.yaml");
    expect(recursion.filter((m) => m.severity === 8).map((m) => [m.message, m.startLineNumber, m.startColumn]))
      .toEqual(unique(loopCli.diagnostics.filter((d) => d.severity === "error").map((d) => [d.message, d.line, d.col])));

    // a file is renamed in place: a taken name is refused with a word, Escape keeps the name, Enter renames
    await page.click("[aria-label='Rename yours/loop.yaml']");
    await page.fill("[data-test=rename]", "base");
    await page.keyboard.press("Enter");
    expect(await page.textContent(".status")).toBe("there is already a file called base.yaml");
    await page.keyboard.press("Escape");
    expect(await page.locator("[data-test=rename]").count()).toBe(0);
    await page.locator(".file-name", { hasText: "loop.yaml" }).waitFor();
    await page.click("[aria-label='Rename yours/loop.yaml']");
    await page.fill("[data-test=rename]", "spin");
    await page.press("[data-test=rename]", "Enter");
    await page.locator(".files .file-name", { hasText: "spin.yaml" }).waitFor();
    expect(await page.locator(".files .file-name").allTextContents()).toEqual(expect.arrayContaining(["spin.yaml"]));
    expect(await page.locator(".files .file-name").allTextContents()).not.toContain("loop.yaml");

    // a 20 MB file is refused by size, as check refuses it, and the editor stays usable
    const big = `name: Big\nnotes: "${"x".repeat(20 * 1024 * 1024)}"\n`;
    // (from a file on disk: the browser reads it itself, as it would from a person's computer)
    const bigFile = join(mkdtempSync(join(tmpdir(), "houserules-")), "big.yaml");
    writeFileSync(bigFile, big);
    await page.setInputFiles("[data-test=upload]", bigFile);
    const bigCli = await cliCheck(big, "big.yaml");
    expect(bigCli.diagnostics.map((d) => d.code)).toEqual(["E_FILE_SIZE"]);
    const sizeLine = `yours/big.yaml:1:1: error E_FILE_SIZE: ${bigCli.diagnostics[0].message.replace(/cannot read \S+big\.yaml/, "cannot read yours/big.yaml")}`;
    await page.waitForFunction((want) => document.querySelector("[data-test=problems]")?.textContent === want, sizeLine, { timeout: 60_000 });
    expect(await page.textContent(".status")).toContain("could not be saved");
    await page.click(".file-name:text-is('variant.yaml')");
    await markersWhen(page, "yours/variant.yaml", (m) => m.some((x) => x.severity === 8));
    expect(problems).toEqual([]);
  });
});
