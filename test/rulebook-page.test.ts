// The printable rulebook (`houserules explain --html`): the rulebook's sections with print styles, the cards it
// names drawn, every text escaped; and docs/rulebook-example.md with its page, kept as the command writes them.
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { loadComposition } from "../src/interpreter/load/load.js";
import { explain } from "../src/explain/rulebook.js";
import { rulebookPage } from "../src/docs/rulebook-page.js";
import { exampleGame, rulebookExample } from "../src/docs/rulebook-example.js";
import { run } from "./helpers/cli.js";

const idiot = () => explain(loadComposition(["idiot"]).rules!);

describe("the printable rulebook", () => {
  it("carries every section in a rulebook's order, with styles for print", () => {
    const book = idiot();
    const page = rulebookPage(book);
    const headings = [...page.matchAll(/<h2>([^<]*)<\/h2>/g)].map((m) => m[1]);
    expect(headings).toEqual([...book.sections.map((s) => s.title), "Assumed where the rulebook is silent"]);
    expect(headings.slice(0, 4)).toEqual(["Players", "Cards", "Where the cards are", "What is kept"]);
    expect(headings.indexOf("Setting up")).toBeLessThan(headings.indexOf("Play"));
    expect(headings.indexOf("Play")).toBeLessThan(headings.indexOf("The end"));
    expect(headings.indexOf("The end")).toBeLessThan(headings.indexOf("Winning and scoring"));
    expect(page).toMatch(/@media print \{[^}]*body \{/);
    expect(page).toContain("break-inside: avoid");
    expect(page).not.toMatch(/<(script|link)\b/); // a page on its own: nothing fetched, nothing run
  });

  it("draws the deck's ranks, and beside an entry the cards it names: twos and tens for Idiot's Can play", () => {
    const page = rulebookPage(idiot());
    expect(page).toContain('aria-label="the ranks, low to high: two, three, four, five, six, seven, eight, nine, ten, jack, queen, king, ace"');
    const canPlay = page.slice(page.indexOf('data-path="define.canPlay"'));
    expect(canPlay.slice(0, canPlay.indexOf("</div>"))).toContain('aria-label="the cards named here: two, ten"');
    expect(page).toMatch(/<g class="card face"[^>]*>.*<text[^>]*class="rank">10<\/text>/);
  });

  it("escapes every text of the rules", () => {
    const book = idiot();
    book.title = '<script>alert("title")</script>';
    book.summary = "Tom & Jerry's <b>game</b>";
    book.sections[0].items[0].title = "<img src=x onerror=alert(1)>";
    book.sections[0].items[0].lines = [{ text: "a </div><script>x</script> line", depth: 0 }];
    book.assumptions = [{ ...book.assumptions[0], where: "<i>here</i>", text: "\"quoted\" & <odd>" }];
    const page = rulebookPage(book);
    expect(page).not.toContain("<script>");
    expect(page).not.toContain("<img");
    expect(page).not.toContain("<b>game");
    expect(page).toContain("&lt;script&gt;alert(&quot;title&quot;)&lt;/script&gt;");
    expect(page).toContain("Tom &amp; Jerry&#39;s &lt;b&gt;game&lt;/b&gt;");
    expect(page).toContain("a &lt;/div&gt;&lt;script&gt;x&lt;/script&gt; line");
    expect(page).toContain("<b>&lt;i&gt;here&lt;/i&gt;</b>: &quot;quoted&quot; &amp; &lt;odd&gt;");
  });

  it("is what houserules explain --html writes, and what the playground's Rulebook panel opens to print", async () => {
    const r = await run(["explain", "idiot", "--html"]);
    expect(r.code).toBe(0);
    expect(r.out).toBe(rulebookPage(idiot()));
    const { answer } = await import("../src/editor/rules/answer.js");
    expect(answer({ kind: "explain", rules: "idiot", html: true })).toMatchObject({ kind: "explain", html: r.out });
    // made only when asked for: the panel asks at each keystroke for the text alone
    expect(answer({ kind: "explain", rules: "idiot" })).toMatchObject({ kind: "explain", html: null });
    expect(answer({ kind: "explain", rules: "no-such-game", html: true })).toMatchObject({ text: null, html: null });
  });
});

describe("docs/rulebook-example.md", () => {
  it("is one whole rulebook as houserules explain prints it, with its printable page (run `npm run docs` after changing the rulebook's words)", async () => {
    const { markdown, html } = rulebookExample();
    expect(readFileSync("docs/rulebook-example.md", "utf8")).toBe(markdown);
    expect(readFileSync(`docs/rulebook-${exampleGame}.html`, "utf8")).toBe(html);
    const printed = (await run(["explain", exampleGame])).out;
    expect(markdown).toContain(printed.trimEnd());
    for (const heading of ["Players", "Cards", "Where the cards are", "Setting up", "Play", "What a player may do", "The end", "Winning and scoring"]) expect(markdown).toContain(`\n${heading}\n${"-".repeat(heading.length)}\n`);
  });
});
