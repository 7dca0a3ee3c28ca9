// Watching, playing and measuring games in the playground, in a real browser: Debian's chromium driven by
// playwright-core against the page `npm start` serves, its games in the page's own Web Workers. Each test walks
// through a whole use of the page and checks it against the engine and the command line.
import { afterAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { parse } from "yaml";
import { scenarioStart } from "../src/scenario/run.js";
import { openPage, usePlayground } from "./helpers/browser.js";
import { runBin } from "./helpers/cli.js";
import { loadRules } from "../src/interpreter/load/load.js";
import type { Game } from "../src/interpreter/model.js";
import { describeEvent } from "../src/interpreter/events.js";
import { GamePlay } from "../src/sim/play-game.js";
import { randomAgent } from "../src/agents/random.js";
import { Session } from "../src/session/session.js";
import { hiddenNames as cardsHiddenIn, namesThatAreNotCards, visibleCards } from "../src/sim/leaks.js";
import { hiddenNames } from "./helpers/hidden.js";
import { makeAgent } from "../src/agents/index.js";
import { framesLeaks, spawnServer } from "./helpers/serve-client.js";
import type { Frame as SeatFrame } from "../src/serve/protocol.js";
import type { ChildProcess } from "node:child_process";
import { loadComposition } from "../src/interpreter/load/load.js";

const pg = usePlayground();
const servers: ChildProcess[] = [];
afterAll(() => {
  for (const c of servers) if (c.exitCode === null) c.kill("SIGKILL");
});

function load(id: string): Game {
  const g = loadRules(id).game;
  if (!g) throw new Error(`${id} does not load`);
  return g;
}

/** Opens the Play screen and starts a game: each seat "person" or an agent's name. */
async function startGame(page: Page, rules: string, seed: number, seats: string[]): Promise<void> {
  await page.click("[data-screen=play]");
  await page.fill("[data-test=play-rules]", rules);
  await page.fill("[data-test=play-players]", String(seats.length));
  await page.dispatchEvent("[data-test=play-players]", "change");
  await page.fill("[data-test=play-seed]", String(seed));
  for (let p = 0; p < seats.length; p++) await page.selectOption(`[data-test=seat-${p}]`, seats[p]);
  await step(page, "start");
  await page.waitForSelector("[data-test=table] svg");
}

/** What the Play screen's frame says: where the game is and who may move. */
const frameOf = (page: Page) => page.evaluate(() => {
  const f = (globalThis as any).playground.play.frame;
  return { cursor: f.cursor as number, length: f.length as number, over: f.over as boolean, viewer: f.viewer as number, legal: (f.legal as { text: string }[]).map((m) => m.text) };
});

/** Clicks a button and waits for the frame the worker answers with. */
const step_ = (page: Page, test: string) => step(page, test);
async function step(page: Page, test: string): Promise<void> {
  const drawn = await page.evaluate(() => (globalThis as any).playground.play.drawn);
  await page.click(`[data-test=${test}]`);
  await page.waitForFunction((d) => (globalThis as any).playground.play.drawn > d, drawn);
}

describe("watching and playing in the page", () => {
  it("shows Idiot seed 7 with the engine's log, never a hidden card in a seat's DOM, a person's move applied, an illegal one refused with its rule, and an export that houserules test passes", async () => {
    const { page, problems } = await openPage(pg);
    const game = load("idiot");

    // the engine's own game: its log as describeEvent tells the whole truth
    const lines: string[] = [];
    const engine = new GamePlay(game, { seed: 7, seats: [randomAgent, randomAgent, randomAgent, randomAgent], log: true, watch: (g, e) => void lines.push(describeEvent(g, e, -1, true)) });
    while (!engine.state.over && engine.step());
    expect(engine.state.over).toBe(true);

    await startGame(page, "idiot", 7, ["random", "random", "random", "random"]);
    await step(page, "end");
    const end = await frameOf(page);
    expect(end.over).toBe(true);
    expect(end.cursor).toBe(engine.state.moves);
    expect(await page.locator("[data-test=log] li").allTextContents()).toEqual(lines);

    // P1's view of a whole two-player game, from the first move to the last: at every step, nothing P1 may not
    // see is anywhere in the DOM. The engine's truth gives, move by move, the cards P1 may see; the page checks
    // its own DOM against it.
    await startGame(page, "idiot", 7, ["random", "random"]);
    const truth = new Session({ game, seed: 7, seats: [randomAgent, randomAgent] });
    const known: number[][] = [];
    const hidden: string[][] = [];
    do {
      const k = visibleCards(truth.state, 0);
      known.push([...k]);
      hidden.push([...hiddenNames(game, k)]);
    } while (truth.forward());
    const moves = known.length - 1;
    expect(moves).toBeGreaterThan(100);
    await page.selectOption("[data-test=viewer]", "0");
    await page.waitForFunction(() => (globalThis as any).playground.play.frame.viewer === 0);
    const checked = await page.evaluate(async ([known, hidden]) => {
      const play = (globalThis as any).playground.play;
      const root = document.querySelector(".screen-play")!;
      const wrong: string[] = [];
      const words = (t: string) => t.toUpperCase().split(/[^0-9A-Z]+/);
      const log = root.querySelector("[data-test=log]")!;
      let steps = 0;
      let logged = 0;
      for (;;) {
        const at = play.frame.cursor as number;
        const mayKnow = new Set(known[at]);
        const secret = new Set(hidden[at]);
        // the table, the moves and everything else but the log: what P1 may see now
        const texts: string[] = [];
        for (const e of root.querySelectorAll("*")) {
          if (log.contains(e)) continue;
          for (const a of e.attributes) texts.push(a.value);
          if (e instanceof HTMLInputElement) texts.push(e.value);
          for (const n of e.childNodes) if (n.nodeType === Node.TEXT_NODE) texts.push(n.textContent ?? "");
          const c = e.getAttribute("data-card");
          if (c !== null && !mayKnow.has(Number(c))) wrong.push(`move ${at}: the DOM carries card ${c}`);
        }
        for (const t of texts) for (const w of words(t)) if (secret.has(w)) wrong.push(`move ${at}: the DOM names ${w}`);
        // the log lines of this move: what P1 saw as it happened, before or after the move
        const before = new Set(hidden[Math.max(0, at - 1)]);
        const lines = [...log.children].slice(logged).map((li) => li.textContent ?? "");
        logged = log.children.length;
        for (const t of lines) for (const w of words(t)) if (secret.has(w) && before.has(w)) wrong.push(`move ${at}: the log names ${w}: ${t}`);
        // the table patched from the last one is what drawing it afresh gives
        const fresh = (n: any): Element => {
          const e = document.createElementNS("http://www.w3.org/2000/svg", n.tag);
          for (const [k, v] of Object.entries(n.attrs)) if (k !== "xmlns") e.setAttribute(k, String(v));
          for (const c of n.children) e.append(typeof c === "string" ? document.createTextNode(c) : fresh(c));
          return e;
        };
        for (const t of play.tables) if (t.dom.outerHTML !== fresh(t.node).outerHTML) wrong.push(`move ${at}: the patched table differs from a fresh drawing`);
        if (play.frame.over) break;
        await play.send({ kind: "forward" });
        if (play.frame.cursor !== at + 1) {
          wrong.push(`move ${at}: a step went to ${play.frame.cursor}`);
          break;
        }
        steps++;
      }
      return { wrong: [...new Set(wrong)].slice(0, 20), steps, viewer: play.frame.viewer };
    }, [known, hidden] as const);
    expect(checked).toEqual({ wrong: [], steps: moves, viewer: 0 });

    // a person in seat 1 against three agents: an illegal typed move gets the engine's refusal, a clicked one is applied
    await startGame(page, "idiot", 7, ["person", "random", "random", "random"]);
    const mine = new Session({ game, seed: 7, seats: [null, randomAgent, randomAgent, randomAgent] });
    mine.run();
    await page.waitForFunction((c) => (globalThis as any).playground.play.frame.cursor === c, mine.cursor);
    const legal = mine.legal(0).map((m) => m.text);
    expect((await frameOf(page)).legal).toEqual(legal);
    const hand = mine.view(0).zones.find((z) => z.owner === 0 && z.cards.length > 0 && z.cards.every((c) => c >= 0))!;
    const illegal = hand.cards.map((c) => `play ${game.cardNames[c]}`).find((t) => !legal.includes(t)) ?? "play 2Z";
    const refused = mine.move(0, illegal);
    expect(refused.ok).toBe(false);
    await page.fill("[data-test=move-input]", illegal);
    await step(page, "move-submit");
    if (!refused.ok) expect(await page.textContent("[data-test=refusal]")).toBe(`${refused.refusal.rule}: ${refused.refusal.reason}`);
    expect((await frameOf(page)).cursor).toBe(mine.cursor); // nothing changed
    const chosen = legal[0];
    expect(mine.move(0, chosen).ok).toBe(true);
    mine.run();
    await page.click(`[data-test=legal-move][data-move="${chosen}"]`);
    await page.waitForFunction((c) => (globalThis as any).playground.play.frame.cursor === c, mine.cursor);
    expect(await page.textContent("[data-test=refusal]")).toBe("");
    // the refused text is gone from the box once a move is made
    expect(await page.inputValue("[data-test=move-input]")).toBe("");
    expect(await page.locator("[data-test=log] li").allTextContents()).toEqual(mine.log(0));

    // the game so far, exported, passes houserules test
    await page.click("[data-test=export]");
    await page.waitForSelector("[data-test=exported]:not([hidden])");
    const scenario = await page.textContent("[data-test=exported]");
    const file = join(mkdtempSync(join(tmpdir(), "houserules-export-")), "exported.scenario.yaml");
    writeFileSync(file, scenario!);
    const tested = runBin(["test", file]);
    expect(tested.err).toBe("");
    expect(tested.code).toBe(0);

    // mid-game against agents, another seat's view or the whole truth is shown only once the person says so
    const viewerNow = () => page.evaluate(() => (globalThis as any).playground.play.frame.viewer as number);
    await page.selectOption("[data-test=viewer]", "-1");
    await page.waitForSelector("[data-test=spoiler]:not([hidden])");
    expect(await page.textContent("[data-test=spoiler]")).toContain("Show the whole truth? It shows cards your seat may not see, mid-game against agents: it spoils this game.");
    expect(await page.inputValue("[data-test=viewer]")).toBe("0");
    await page.click("[data-test=spoiler-keep]");
    expect(await page.locator("[data-test=spoiler]").isHidden()).toBe(true);
    expect(await viewerNow()).toBe(0);
    await page.selectOption("[data-test=viewer]", "1");
    await page.click("[data-test=spoiler-show]");
    await page.waitForFunction(() => (globalThis as any).playground.play.frame.viewer === 1);
    expect(await page.textContent("[data-test=spoiler]")).toMatch(/^You looked at .*'s view during this game\.$/);
    expect(problems).toEqual([]);
  }, 240_000);

  it("inspects a game against ISMCTS mid-game: the phase, the turn and the zones as named data, the agents' searches withheld from the person's view and shown with their visits in an agent's own view, never a hidden card named", async () => {
    const { page, problems } = await openPage(pg);
    const game = load("idiot");
    await startGame(page, "idiot", 7, ["person", "ismcts:200", "ismcts:200"]);
    const personMoves = () => page.evaluate(async () => ((await (globalThis as any).playground.play.shared()).moves as [number, string][]).filter(([p]) => p === 0).length);
    // three moves of the person's, each answered by the agents, who search
    for (let i = 0; i < 3; i++) {
      // the move and the cursor read from one frame: in the swap phase the agents' frames keep coming
      const [before, first] = await (await page.waitForFunction(() => {
        const f = (globalThis as any).playground.play.frame;
        const legal = (f.legal as { text: string }[]).map((m) => m.text);
        const move = legal.find((m) => m.startsWith("ready")) ?? legal[0]; // out of the swap and into play
        return f.legalFor === 0 && f.cursor === f.length && move !== undefined ? [f.cursor as number, move] : null;
      })).jsonValue() as [number, string];
      await page.click(`[data-test=legal-move][data-move="${first}"]`);
      // the person's own move applied, not only an agent's that came in before it
      await expect.poll(personMoves, { timeout: 30_000 }).toBe(i + 1);
      expect((await frameOf(page)).cursor).toBeGreaterThan(before);
    }
    await page.waitForFunction(() => (globalThis as any).playground.play.frame.legalFor === 0);
    // the same game in the engine, from the moves the page passes on, for what each seat may see now
    const moves = await page.evaluate(async () => (await (globalThis as any).playground.play.shared()).moves as [number, string][]);
    const truth = new Session({ game, seed: 7, seats: [null, makeAgent("ismcts:200")!, makeAgent("ismcts:200")!] });
    expect(truth.replayMoves(moves.map(([player, text]) => ({ player, text }))).problem).toBeNull();
    // the leak checker's reading of a text: the cards it names that the seat may not see now
    const named = (texts: string[], seat: number) => texts.flatMap((t) => cardsHiddenIn(truth.state, t, visibleCards(truth.state, seat), namesThatAreNotCards(truth.state)));
    // everything the inspector says, but its tooltips: those are the rule file's own texts, the same in every view
    // (Idiot's "as dealt" is no ace of spades)
    const inspectorText = () => page.evaluate(() => [...document.querySelectorAll("[data-test=inspector], [data-test=inspector] *")].flatMap((e) => [...e.attributes].filter((a) => a.name !== "title").map((a) => a.value).concat([...e.childNodes].filter((n) => n.nodeType === Node.TEXT_NODE).map((n) => n.textContent ?? ""))));

    await page.click("[data-test=inspect]");
    await page.waitForSelector("[data-test=inspect-facts]");
    const f = await page.evaluate(() => { const f = (globalThis as any).playground.play.frame; return { phase: f.view.phase as string, zones: (f.view.zones as { retired?: boolean }[]).filter((z) => !z.retired).length, names: f.names as string[], current: f.view.current as number, toMove: f.toMove as number[] }; });
    expect(await page.textContent("[data-fact=phase]")).toContain(f.phase);
    expect(f.phase).toBe("play");
    expect(await page.textContent("[data-fact=turn]")).toBe(f.current >= 0 ? f.names[f.current] : `${f.toMove.map((p) => f.names[p]).join(", ")} may act`);
    expect(await page.textContent("[data-fact=view]")).toBe("P1's view");
    expect(await page.locator("[data-test=inspect-zones] tbody tr").count()).toBe(f.zones);
    expect(await page.locator("[data-test=inspect-variables] [data-variable=dealtUp]").count()).toBe(1); // off the table, in the inspector
    // the person's own view: the agents searched, and what they weighed is not this view's to see
    await page.waitForSelector("[data-test=inspect-searches] .search[data-seat='1']");
    expect(await page.locator("[data-test=considered]").count()).toBe(0);
    expect(await page.textContent("[data-test=inspect-searches] .search[data-seat='1']")).toContain("is shown in P2's view and in the whole truth");
    expect(named(await inspectorText(), 0)).toEqual([]);

    // P2's own view, once the person says so: its search, each move with its visits, the move it made marked
    await page.selectOption("[data-test=viewer]", "1");
    await page.click("[data-test=spoiler-show]");
    await page.waitForFunction(() => (globalThis as any).playground.play.frame.viewer === 1);
    await page.waitForSelector("[data-test=inspect-searches] .search[data-seat='1'] [data-test=considered]");
    const considered = await page.locator(".search[data-seat='1'] [data-test=considered]").allTextContents();
    expect(considered.length).toBeGreaterThan(1);
    expect(considered.filter((t) => t.includes("← made"))).toHaveLength(1);
    const visits = await page.locator(".search[data-seat='1'] [data-visits]").evaluateAll((cells) => cells.map((c) => Number(c.getAttribute("data-visits"))));
    expect(visits.every((n) => n >= 0)).toBe(true);
    expect(visits.reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
    expect(await page.locator(".search[data-seat='2'] [data-test=considered]").count()).toBe(0); // P3's is not P2's to see
    expect((await frameOf(page)).cursor).toBe(truth.cursor);
    expect(named(await inspectorText(), 1)).toEqual([]);
    expect(problems).toEqual([]);
  }, 240_000);

  it("simulates 1,000 Idiot games in Web Workers with the CLI's --json summary byte for byte on 1 and 2 workers and again on the workers kept, playing generated code, charts it, opens a rule from its bar, cancels 10,000 games within a second, and compares two rule sets", async () => {
    const { page, problems } = await openPage(pg);
    await page.click("[data-screen=measure]");
    const cli = runBin(["simulate", "idiot", "--games", "1000", "--seed", "7", "--players", "4", "--json"]);
    expect(cli.code).toBe(0);
    const summaryOf = () => page.locator("[data-test=summary-json]").first().textContent();
    for (const workers of [1, 2]) {
      await page.fill("[data-test=measure-workers]", String(workers));
      await page.fill("[data-test=measure-games]", "1000");
      await page.evaluate(() => document.querySelector("[data-test=measure-results]")!.replaceChildren());
      await page.click("[data-test=measure-run]");
      await page.waitForSelector("[data-test=summary-json]", { state: "attached", timeout: 120_000 });
      expect(await summaryOf()).toBe(cli.out);
      expect(await page.textContent("[data-test=measure-progress-text]")).toMatch(new RegExp(`^1000 games in [0-9.]+ s on ${workers} worker`));
    }
    // the workers are kept for the next run, which gives the same summary; they play the rules as generated code,
    // which their own content security policy allows (the page's does not)
    const poolWorkers = () => page.workers().filter((w) => w.url().includes("/pool.worker-"));
    const kept = poolWorkers();
    expect(kept).toHaveLength(2);
    expect(await Promise.all(kept.map((w) => w.evaluate(() => (globalThis as any).playground.backend)))).toEqual(["js", "js"]);
    await page.evaluate(() => document.querySelector("[data-test=measure-results]")!.replaceChildren());
    await page.click("[data-test=measure-run]");
    await page.waitForSelector("[data-test=summary-json]", { state: "attached", timeout: 120_000 });
    expect(await summaryOf()).toBe(cli.out);
    expect(poolWorkers()).toEqual(kept);

    // the charts are drawn by Chart.js: wins by seat, game length, coverage; each canvas has ink on it
    const charts = await page.locator("[data-test=chart] figcaption").allTextContents();
    expect(charts.map((c) => c.split(" ")[0])).toEqual(["Wins", "Game", "Drama:", "Balance,", "Rule"]);
    const inked = await page.evaluate(() => [...document.querySelectorAll("[data-test=chart] canvas")].map((c) => {
      const canvas = c as HTMLCanvasElement;
      const data = canvas.getContext("2d")!.getImageData(0, 0, canvas.width, canvas.height).data;
      let n = 0;
      for (let i = 3; i < data.length; i += 4) if (data[i] > 0) n++;
      return n;
    }));
    expect(inked.every((n) => n > 500)).toBe(true);

    // clicking a rule's bar in the coverage chart opens its line in the editor
    const summary = JSON.parse(cli.out);
    const third = summary.coverage.rules[2].rule as string;
    const at = await page.evaluate(() => {
      const chart = (globalThis as any).playground.measure.coverageCharts[0];
      const bar = chart.getDatasetMeta(0).data[2];
      chart.canvas.scrollIntoView({ block: "start" }); // below the other charts: scrolled to, as a person would
      const box = chart.canvas.getBoundingClientRect();
      return { x: box.left + (bar.x + bar.base) / 2, y: box.top + bar.y };
    });
    await page.mouse.click(at.x, at.y);
    await page.waitForFunction(() => (globalThis as any).playground.edit.current() === "rules/idiot/idiot.yaml" && !document.querySelector(".screen-edit")!.hasAttribute("hidden"));
    const line = await page.evaluate(() => (globalThis as any).playground.edit.editor.getPosition().lineNumber);
    const { lineOfRule } = await import("../src/editor/measure/rule-line.js");
    expect(line).toBe(lineOfRule(readFileSync("rules/idiot/idiot.yaml", "utf8"), third));

    // 10,000 games: the page answers while they run, and Cancel stops them within a second
    await page.click("[data-screen=measure]");
    await page.fill("[data-test=measure-games]", "10000");
    await page.click("[data-test=measure-run]");
    await page.waitForFunction(() => Number((document.querySelector("[data-test=measure-progress]") as HTMLProgressElement).value) > 0, undefined, { timeout: 60_000 });
    const lag = await page.evaluate(() => new Promise<number>((done) => {
      const t = performance.now();
      setTimeout(() => done(performance.now() - t), 0);
    }));
    expect(lag).toBeLessThan(250);
    const cancelled = await page.evaluate(() => new Promise<number>((done) => {
      const t = performance.now();
      (document.querySelector("[data-test=measure-cancel]") as HTMLButtonElement).click();
      const wait = () => (document.querySelector("[data-test=measure-message]")!.textContent === "Cancelled." ? done(performance.now() - t) : requestAnimationFrame(wait));
      wait();
    }));
    expect(cancelled).toBeLessThan(1000);
    const done = Number(await page.getAttribute("[data-test=measure-progress]", "value"));
    expect(done).toBeLessThan(10000);

    // A/B: the Advanced variant of Seven Sins measured against its base reads as houserules compare <base> <variant>
    // reads: A the base, B the variant, B − A what it changes, the same numbers; the charts share their bins and axes
    const a = runBin(["simulate", "idle-hands/seven-sins", "--games", "100", "--seed", "3", "--players", "4", "--json"]);
    const b = runBin(["simulate", "idle-hands/seven-sins-advanced", "--games", "100", "--seed", "3", "--players", "4", "--json"]);
    const compared = runBin(["compare", "idle-hands/seven-sins", "idle-hands/seven-sins-advanced", "--games", "100", "--seed", "3", "--players", "4", "--coverage", "--json"]);
    const expected = JSON.parse(compared.out) as { a: string; b: string; differences: { measure: string; difference: number; significant: boolean; p: number | null }[]; evaluation: { measure: string }[] };
    await page.fill("[data-test=measure-rules]", "idle-hands/seven-sins-advanced");
    await page.fill("[data-test=measure-against]", "idle-hands/seven-sins");
    await page.fill("[data-test=measure-games]", "100");
    await page.fill("[data-test=measure-seed]", "3");
    await page.click("[data-test=measure-run]");
    await page.waitForSelector("[data-test=comparison]", { timeout: 120_000 });
    const jsons = await page.locator("[data-test=summary-json]").allTextContents();
    expect(jsons).toEqual([a.out, b.out]);
    expect(await page.evaluate(() => (globalThis as any).playground.measure.comparison.differences)).toEqual(expected.differences);
    expect(await page.locator("[data-test=comparison] th").allTextContents()).toEqual(["measure", "A", "B", "B − A", "p", "", "p (Holm)", ""]);
    expect(await page.textContent("[data-test=comparison] caption")).toContain(`A: ${expected.a}B: ${expected.b}`);
    const tested = expected.differences.filter((d) => d.p !== null).length;
    expect(await page.textContent("[data-test=chance-note]")).toContain(`Of ${tested} figures tested at 95%, about ${Math.round(tested / 20)} would be marked by chance alone`);
    const rows = await page.locator("[data-test=comparison] tbody tr").evaluateAll((trs) => trs.map((tr) => [tr.children[0].textContent, tr.children[5].textContent]));
    expect(rows).toEqual(expected.differences.map((d) => [d.measure, d.significant ? "★" : ""]));
    // beside each mark, the mark corrected for every figure at once, as compare --json gives it
    const corrected = await page.locator("[data-test=comparison] tbody tr").evaluateAll((trs) => trs.map((tr) => tr.children[7].textContent));
    expect(corrected).toEqual(expected.differences.map((d) => ((d as { significantHolm?: boolean }).significantHolm ? "★" : "")));
    const held = expected.differences.filter((d) => (d as { significantHolm?: boolean }).significantHolm).length;
    expect(await page.textContent("[data-test=holm-note]")).toContain(`Corrected for all ${tested} figures tested at once (Holm's method), ${held} stay`);
    expect(expected.differences.some((d) => d.significant)).toBe(true);
    const lengthAxes = await page.evaluate(() => [...document.querySelectorAll("[data-test=chart] canvas")]
      .filter((c) => c.getAttribute("aria-label")!.startsWith("Game length"))
      .map((c) => { const chart = (globalThis as any).playground.measure.charts.find((x: any) => x.canvas === c); return [chart.data.labels, chart.scales.y.max]; }));
    expect(lengthAxes).toHaveLength(2);
    expect(lengthAxes[0]).toEqual(lengthAxes[1]);
    // balance, drama, decisiveness and skill: the numbers compare --json gives, and their charts on the same bins and axes
    expect(await page.evaluate(() => (globalThis as any).playground.measure.comparison.evaluation)).toEqual(expected.evaluation);
    expect(await page.locator("[data-test=evaluation] tbody td:first-child").allTextContents()).toEqual(["balance", "drama", "decisiveness", "skill"]);
    const evaluationAxes = await page.evaluate(() => [...document.querySelectorAll("[data-test=chart] canvas")]
      .filter((c) => /^(Drama|Balance)/.test(c.getAttribute("aria-label")!))
      .map((c) => { const chart = (globalThis as any).playground.measure.charts.find((x: any) => x.canvas === c); return [c.getAttribute("aria-label")!.split(" ")[0], chart.data.labels, chart.scales.y.min, chart.scales.y.max]; }));
    expect(evaluationAxes.map((x) => x[0])).toEqual(["Drama:", "Balance,", "Drama:", "Balance,"]);
    expect(evaluationAxes.slice(0, 2)).toEqual(evaluationAxes.slice(2));

    // rule coverage of a variant of one's own: every bar labelled, the rules it writes or changes labelled with its
    // file, and a bar opens its rule where it is written — the base's swap in idiot.yaml, the variant's own in its file
    const variant = "name: Royal Court\nextends: idiot\n\nappend:\n  actions.play.effect: reverse()\n\ntriggers:\n  courtly:\n    when: pile.count > 40\n    effect: reverse()\n";
    await page.evaluate((text) => (globalThis as any).playground.app.workspace.store.add("royal-court.yaml", text), variant);
    await page.fill("[data-test=measure-rules]", "yours/royal-court.yaml");
    await page.fill("[data-test=measure-against]", "");
    await page.fill("[data-test=measure-games]", "20");
    await page.evaluate(() => document.querySelector("[data-test=measure-results]")!.replaceChildren());
    await page.click("[data-test=measure-run]");
    await page.waitForSelector("[data-test=summary-json]", { state: "attached", timeout: 120_000 });
    await page.waitForFunction(() => (globalThis as any).playground.measure.coverageCharts.length === 1);
    const bars = await page.evaluate(() => {
      const chart = (globalThis as any).playground.measure.coverageCharts[0];
      return { labels: chart.data.labels as string[], ticks: chart.scales.y.ticks.length as number };
    });
    expect(bars.ticks).toBe(bars.labels.length);
    expect(bars.labels).toContain("actions.play (taken) · royal-court.yaml");
    expect(bars.labels).toContain("triggers.courtly (fired) · royal-court.yaml");
    expect(bars.labels).toContain("actions.swap (taken)");
    const opened = async (rule: string) => {
      await page.evaluate((r) => (globalThis as any).playground.measure.revealRule(0, r), rule);
      return page.evaluate(() => [(globalThis as any).playground.edit.current(), (globalThis as any).playground.edit.editor.getPosition().lineNumber]);
    };
    expect(await opened("actions.swap")).toEqual(["rules/idiot/idiot.yaml", lineOfRule(readFileSync("rules/idiot/idiot.yaml", "utf8"), "actions.swap")]);
    expect(await opened("triggers.courtly")).toEqual(["yours/royal-court.yaml", 8]);
    expect(await opened("actions.play")).toEqual(["yours/royal-court.yaml", 5]);
    expect(await page.textContent("[data-test=measure-message]")).toBe("");
    expect(problems).toEqual([]);
  }, 400_000);

  it("plays Hands in real time against agents for 30 seconds of page time: keys make shapes, pairs are made, a Two Hands lock says No! and is followed, and the game ends by the rules", async () => {
    const { page, problems } = await openPage(pg);
    await startGame(page, "hands", 2, ["person", "greedy", "greedy", "greedy"]);
    await page.waitForFunction(() => document.querySelector("[data-test=shout]")?.textContent === "Hands Up!", undefined, { timeout: 20_000 });
    // the game pauses while its tab is hidden: neither its clock nor the agents move, and it goes on when shown
    const clockAndMoves = () => page.evaluate(() => [(globalThis as any).playground.play.clock.now() as number, (globalThis as any).playground.play.frame.cursor as number]);
    const setVisibility = (state: string) => page.evaluate((v) => {
      Object.defineProperty(document, "visibilityState", { value: v, configurable: true });
      document.dispatchEvent(new Event("visibilitychange"));
    }, state);
    await setVisibility("hidden");
    const hidden = await clockAndMoves();
    await page.waitForTimeout(1500);
    expect(await clockAndMoves()).toEqual(hidden);
    expect(await page.textContent("[data-test=shout]")).toBe("paused");
    await setVisibility("visible");
    await page.waitForFunction((t) => (globalThis as any).playground.play.clock.now() > t + 0.5, hidden[0]);
    await page.selectOption("[data-test=clock-rate]", "8");
    await page.click("[data-test=table]", { position: { x: 5, y: 5 } }); // the keys go to the table, not the select
    const started = Date.now();
    let no = "";
    let keys = 0;
    const lockedFrames: number[] = [];
    while (Date.now() - started < 30_000) {
      const f = await page.evaluate(() => {
        const fr = (globalThis as any).playground.play.frame;
        return { over: fr.over as boolean, locked: fr.view.variables.twoHands !== null, cursor: fr.cursor as number, legal: (fr.legal as { action: string }[]).map((m) => m.action) };
      });
      if (f.over) break;
      if (f.locked) {
        lockedFrames.push(f.cursor);
        if (!no) {
          await page.keyboard.press("1"); // a shape during the lock
          await page.waitForFunction(() => document.querySelector("[data-test=refusal]")!.textContent || (globalThis as any).playground.play.frame.view.variables.twoHands === null, undefined, { timeout: 5_000 });
          no = (await page.textContent("[data-test=refusal]")) ?? "";
          if (no) expect(await page.textContent("[data-test=shout]")).toBe("No!");
        }
        await page.keyboard.press("f");
      } else {
        await page.keyboard.press(String(1 + (keys % 5)));
      }
      keys++;
      await page.waitForTimeout(120);
    }
    const end = await page.evaluate(() => {
      const fr = (globalThis as any).playground.play.frame;
      return { over: fr.over as boolean, winners: fr.view.winners as number[] | null, scored: (fr.view.zones as { name: string; cards: number[] }[]).filter((z) => z.name === "scored").map((z) => z.cards.length), clock: document.querySelector("[data-test=clock-time]")!.textContent, shout: document.querySelector("[data-test=shout]")!.textContent };
    });
    expect(end.over).toBe(true);
    expect(end.winners?.length).toBeGreaterThan(0);
    expect(end.shout).toBe("Game over");
    expect(end.clock).toMatch(/^\d+\.\d s$/);
    expect(end.scored.reduce((a, b) => a + b, 0)).toBeGreaterThan(4); // pairs were made
    expect(lockedFrames.length).toBeGreaterThan(0);
    expect(no).toMatch(/^make\/not-locked: No!/);
    const log = await page.locator("[data-test=log] li").allTextContents();
    expect(log.some((l) => /^P1: follow/.test(l))).toBe(true);
    expect(log.some((l) => /^P1: make/.test(l))).toBe(true);
    // the game as played, with the times of its moves, replays under houserules test to the same end
    await page.click("[data-test=export]");
    await page.waitForSelector("[data-test=exported]:not([hidden])");
    const file = join(mkdtempSync(join(tmpdir(), "houserules-hands-")), "hands.scenario.yaml");
    writeFileSync(file, (await page.textContent("[data-test=exported]"))!);
    const tested = runBin(["test", file]);
    expect(tested.out).toBe("1 passed, 0 failed\n");
    expect(tested.code).toBe(0);
    expect(tested.code).toBe(0);
    expect(problems).toEqual([]);
  }, 180_000);

  it("plays the rulebook's worked On The Cards round by clicks in hot seat from its scenario file: the table is covered between turns, no seat's DOM ever holds another seat's hidden card, and it ends Anika 3, Boris 2, Chandra 2, Dave 3", async () => {
    const { page, problems } = await openPage(pg);
    const file = "test/scenarios/on-the-cards/worked-example.scenario.yaml";
    const text = readFileSync(file, "utf8");
    // the same start in the engine, to know at each step which cards each seat may see
    const start = scenarioStart(text, file, dirname(file));
    const setup = start.setup!;
    const truth = new Session({ game: setup.game, seed: setup.seed, seats: setup.names.map(() => null), names: setup.names, options: setup.options, dealer: setup.dealer, start: setup.start, hooks: () => scenarioStart(text, file, dirname(file)).setup!.hooks });
    expect(start.problems()).toEqual([]);
    const game = setup.game;

    await page.click("[data-screen=play]");
    await page.setInputFiles("[data-test=scenario-file]", { name: "worked-example.scenario.yaml", mimeType: "text/yaml", buffer: Buffer.from(text) });
    await page.waitForFunction(() => (globalThis as any).playground.play.frame?.names[0] === "Anika");
    expect(await page.textContent("[data-test=scenario-name]")).toMatch(/^from the rulebook's example round/);
    expect(await page.locator("[data-test^=seat-]").evaluateAll((ss) => ss.map((s) => (s as HTMLSelectElement).value))).toEqual(["person", "person", "person", "person"]);

    /** Nothing in the Play screen names or carries a card `seat` may not see now (`seat` -1: no seat's hidden cards at all). */
    const unseen = (seat: number) => {
      const known = seat >= 0 ? visibleCards(truth.state, seat) : new Set(game.cardNames.map((_, c) => c).filter((c) => setup.names.every((_, p) => visibleCards(truth.state, p).has(c))));
      return { known: [...known], hidden: [...hiddenNames(game, known)] };
    };
    const leaksIn = (k: { known: number[]; hidden: string[] }) => page.evaluate(([known, hidden]) => {
      const root = document.querySelector(".screen-play")!;
      const log = root.querySelector("[data-test=log]")!;
      const may = new Set(known);
      const secret = new Set(hidden);
      const wrong: string[] = [];
      for (const e of root.querySelectorAll("*")) {
        const c = e.getAttribute("data-card");
        if (c !== null && e.closest(".table-box") && !may.has(Number(c))) wrong.push(`card ${c}`);
        if (log.contains(e)) continue; // the log names cards as they were played, when everyone saw them
        const texts = [...e.attributes].map((a) => a.value);
        for (const n of e.childNodes) if (n.nodeType === Node.TEXT_NODE) texts.push(n.textContent ?? "");
        for (const t of texts) for (const w of t.toUpperCase().split(/[^0-9A-Z]+/)) if (secret.has(w)) wrong.push(`names ${w}`);
      }
      return [...new Set(wrong)];
    }, [k.known, k.hidden] as const);
    const cursor = (c: number) => page.waitForFunction((n) => (globalThis as any).playground.play.frame.cursor === n, c);

    const steps = (parse(text) as { moves: Record<string, unknown>[] }).moves.filter((m) => !("expect" in m));
    let covers = 0;
    let clickedCards = 0;
    for (const step of steps) {
      const who = Object.keys(step).find((k) => k !== "rejected")!;
      const seat = setup.names.indexOf(who);
      const move = String(step[who]);
      if (await page.locator("[data-test=cover]").count()) {
        // between two people's turns the table is covered: it names the next player and shows nobody's hand
        covers++;
        expect(await page.textContent("[data-test=cover]")).toContain(`${who}'s turn`);
        expect(await page.locator("[data-test=table] [data-card]").count()).toBe(0);
        expect(await leaksIn(unseen(-1))).toEqual([]);
        const drawn = await page.evaluate(() => (globalThis as any).playground.play.drawn);
        await page.click("[data-test=take-seat]");
        await page.waitForFunction((d) => (globalThis as any).playground.play.drawn > d && (globalThis as any).playground.play.covered === -1, drawn);
      }
      expect((await frameOf(page)).viewer).toBe(seat);
      expect(await leaksIn(unseen(seat))).toEqual([]);
      if ("rejected" in step) {
        // a move the rules refuse, typed: its rule and reason
        await page.fill("[data-test=move-input]", move);
        await step_(page, "move-submit");
        expect(await page.textContent("[data-test=refusal]")).toContain(String(step.rejected));
        continue;
      }
      expect(truth.move(seat, move).ok).toBe(true);
      if (move === "pass") await page.click(`[data-test=legal-move][data-move="pass"]`);
      else {
        // a card of the hand: clicked, which narrows the moves to those with it, then its move's button
        const card = game.cardsNamed(move.replace(/^play /, ""))[0];
        await page.click(`[data-test=table] [data-card="${card}"]`, { position: { x: 8, y: 24 } });
        await page.waitForFunction((c) => [...document.querySelectorAll("[data-test=table] .card.selected")].some((e) => e.getAttribute("data-card") === String(c)), card);
        expect(await page.locator("[data-test=legal-move]").evaluateAll((bs) => bs.map((b) => b.textContent))).toEqual([move]);
        await page.click(`[data-test=legal-move][data-move="${move}"]`);
        clickedCards++;
      }
      await cursor(truth.cursor);
    }
    expect(covers).toBeGreaterThan(30);
    expect(clickedCards).toBe(steps.filter((m) => !("rejected" in m) && /^play /.test(String(Object.values(m)[0]))).length);
    expect(truth.over).toBe(true);
    // the rulebook's result, as the page says it and as its table marks each seat
    expect(await page.textContent("[data-test=result]")).toBe("Game over. Scores: Anika 3, Boris 2, Chandra 2, Dave 3. Anika and Dave win.");
    expect((await frameOf(page)).over).toBe(true);
    const heads = await page.locator("[data-test=table] .seat-name").allTextContents();
    expect(setup.names.map((n) => heads.find((t) => t.startsWith(n))?.match(/score (\d+)/)?.[1])).toEqual(["3", "2", "2", "3"]);
    // the round as played, exported, passes houserules test from the same stacked deal
    await page.click("[data-test=export]");
    await page.waitForSelector("[data-test=exported]:not([hidden])");
    const out = join(mkdtempSync(join(tmpdir(), "houserules-worked-")), "worked.scenario.yaml");
    writeFileSync(out, (await page.textContent("[data-test=exported]"))!);
    expect(runBin(["test", out]).out).toBe("1 passed, 0 failed\n");
    expect(problems).toEqual([]);
  }, 240_000);

  it("plays the Opening Hands match of On The Cards and the Idle Hands match round after round: each round's cards readable before it starts, the match's state beside the round's table, as the engine plays it", async () => {
    const { page, problems } = await openPage(pg);
    for (const [rules, seed, players] of [["on-the-cards/opening-hands", 4, 4], ["idle-hands/missions-match", 3, 3]] as const) {
      const game = load(rules);
      const seats = Array.from({ length: players }, (_, p) => (p === 0 ? "person" : "random"));
      const mirror = new Session({ game, seed, seats: seats.map((s) => (s === "person" ? null : randomAgent)) });
      mirror.run();
      await startGame(page, rules, seed, seats);
      const composed = () => mirror.events.flatMap(({ event }) => (event.type === "game" ? [event.ids] : []));
      let rounds = 0;
      let moves = 0;
      let besides = 0;
      for (let guard = 0; guard < 5000; guard++) {
        const f = await page.evaluate(() => {
          const fr = (globalThis as any).playground.play.frame;
          return { cursor: fr.cursor as number, over: fr.over as boolean, round: fr.round as { number: number; moves: number; cards: { id: string }[] } | null, legal: (fr.legal as { text: string }[]).map((m) => m.text) };
        });
        if (f.over) break;
        if (await page.locator("[data-test=round-go]").count()) {
          // a new round: its cards, named and explained, before anyone plays it
          rounds++;
          expect(f.round!.number).toBe(rounds);
          expect(f.round!.moves).toBe(0);
          expect(f.legal.length === 0 || (await page.locator("[data-test=legal-move]").count()) === 0).toBe(true); // no move before it is started
          const ids = composed()[rounds - 1];
          expect(f.round!.cards.map((c) => c.id)).toEqual(ids);
          // each card's text whole on screen: nothing scrolled away inside the card or cut at its edge
          const cards = await page.locator("[data-test=round-card]").evaluateAll((cs) => cs.map((c) => {
            const p = c.querySelector("p")!;
            const cut = p.scrollHeight > p.clientHeight + 1 || c.scrollHeight > c.clientHeight + 1 || p.getBoundingClientRect().bottom > c.getBoundingClientRect().bottom;
            return { id: c.getAttribute("data-id"), name: c.querySelector("h3")!.textContent, text: p.textContent, cut };
          }));
          expect(cards.map((c) => c.id)).toEqual(ids);
          expect(cards.filter((c) => c.cut).map((c) => c.id)).toEqual([]);
          for (const c of cards) {
            const { entry } = await import("../src/interpreter/load/catalog.js");
            expect(c.name).toBe(entry(c.id!)!.name);
            expect(c.text).toBe(entry(c.id!)!.text);
          }
          const drawn = await page.evaluate(() => (globalThis as any).playground.play.drawn);
          await page.click("[data-test=round-go]");
          await page.waitForFunction((d) => (globalThis as any).playground.play.drawn > d && !document.querySelector("[data-test=round-go]"), drawn);
          continue;
        }
        await page.waitForFunction((c) => (globalThis as any).playground.play.frame.cursor === c, mirror.cursor);
        // the match beside the round: its zones (stacks, rule cards won, sheets) as the match's own view counts them
        const outer = mirror.view(0).outer;
        if (outer) {
          besides++;
          const counts = await page.locator("[data-test=table] svg:nth-of-type(2) .zone").evaluateAll((zs) => zs.map((z) => `${z.getAttribute("data-name")}:${z.getAttribute("data-count")}`));
          expect(counts.sort()).toEqual(outer.zones.map((z) => `${z.name}:${z.cards.length}`).sort());
          expect(await page.textContent("[data-test=table] svg:nth-of-type(2) .table-title")).toMatch(/^The match: /);
        }
        const legal = mirror.legal(0).map((m) => m.text);
        expect((await frameOf(page)).legal).toEqual(legal);
        const chosen = legal[moves % legal.length];
        expect(mirror.move(0, chosen).ok).toBe(true);
        mirror.run();
        await page.click(`[data-test=legal-move][data-move="${chosen}"]`);
        moves++;
        await page.waitForFunction((c) => { const fr = (globalThis as any).playground.play.frame; return fr.cursor === c || document.querySelector("[data-test=round-go]"); }, mirror.cursor);
      }
      expect(mirror.over).toBe(true);
      expect(rounds).toBe(composed().length);
      expect(rounds).toBeGreaterThan(2);
      expect(besides).toBeGreaterThan(10);
      const end = await frameOf(page);
      expect(end.over).toBe(true);
      expect(end.cursor).toBe(mirror.cursor);
      const result = mirror.state.result!;
      expect(await page.textContent("[data-test=result]")).toBe(`Game over. Scores: ${result.scores!.map((v, p) => `${mirror.names[p]} ${v}`).join(", ")}. ${result.winners.map((p) => mirror.names[p]).join(" and ")} ${result.winners.length === 1 ? "wins" : "win"}.`);
    }
    expect(problems).toEqual([]);
  }, 300_000);

  it("plays online: a room of an Idiot variant made from the page on a houserules serve, a seat's link copied and opened in another browser, a seat taken here and played on the Play screen's table to the end, who is seated shown as they come and go, the banner when the server is killed and when it is back, and nothing received that the seat may not see", async () => {
    const data = mkdtempSync(join(tmpdir(), "houserules-online-"));
    const origin = new URL(pg.url).origin;
    let server = await spawnServer(data, servers, ["--origin", origin]);
    const { page, context, problems } = await openPage(pg);
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin });
    await page.click("[data-screen=play]");
    await page.fill("[data-test=play-rules]", "idiot+idiot/sevens");
    await page.fill("[data-test=play-players]", "3");
    await page.dispatchEvent("[data-test=play-players]", "change");
    await page.fill("[data-test=play-seed]", "21");
    await page.click("[data-test=online-open]");
    await page.fill("[data-test=online-server]", server.url);
    for (const [p, who] of ["person", "person", "random"].entries()) await page.selectOption(`[data-test=online-seat-${p}]`, who);
    await page.click("[data-test=online-create]");
    const row = (seat: number) => page.locator(`[data-test=online-seat][data-seat="${seat}"]`);
    const state = (seat: number, text: string) => row(seat).locator("[data-test=online-state]", { hasText: text }).waitFor({ timeout: 20_000 });
    await state(0, "waiting for someone to open the link");
    await state(1, "waiting for someone to open the link");
    await state(2, "agent: random");
    expect(await row(2).locator("[data-test=online-link]").count()).toBe(0);
    // the address is kept for the next visit
    expect(await page.evaluate(() => localStorage.getItem("houserules.page.v1"))).toContain(server.url);

    // seat 2's link, copied, opens the server's own page in another browser
    await row(1).locator("[data-test=online-copy]").click();
    const link = await page.evaluate(() => navigator.clipboard.readText());
    expect(link).toBe(await row(1).locator("[data-test=online-link]").inputValue());
    expect(link).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/#room=[\w-]+&seat=1&secret=[\w-]+$/);
    const friendContext = await pg.browser.newContext();
    const friend = await friendContext.newPage();
    await friend.goto(link);
    await friend.locator("#status", { hasText: "You are P2." }).waitFor({ timeout: 20_000 });
    await state(1, "seated");

    // the first seat, taken here: the Play screen's own table, moves and log, fed by the server
    await row(0).locator("[data-test=online-take]").click();
    await state(0, "seated (you, here)");
    await page.waitForSelector("[data-test=table] svg");
    expect(await page.locator("[data-test=viewer]").textContent()).toBe("your seat online");
    expect(await page.locator("[data-test=steps]").isHidden()).toBe(true); // the server's game is not stepped here

    // both play: a card where one can be played (a random player swaps and picks up for thousands of moves)
    const autoplay = (p: Page, buttons: string) => p.evaluate((buttons) => new Promise<void>((done) => {
      const g = globalThis as any;
      const tick = () => {
        if (g.playground ? g.playground.play.frame?.over : g.houserules.over) return done();
        const moves = [...document.querySelectorAll<HTMLButtonElement>(buttons)].filter((b) => !b.disabled);
        const on = moves.filter((b) => !/^(swap|pickup)/.test(b.textContent ?? ""));
        const from = on.length ? on : moves;
        if (from.length) from[Math.floor(Math.random() * from.length)].click();
        setTimeout(tick, 20);
      };
      tick();
    }), buttons);
    const ours = autoplay(page, "[data-test=legal-move]");
    const theirs = autoplay(friend, "#moves button");
    const moves = () => page.evaluate(() => ((globalThis as any).playground.play.online.frames as SeatFrame[]).at(-1)?.moves ?? 0);
    for (let t = 0; (await moves()) < 15 && t < 600; t++) await page.waitForTimeout(100);
    expect(await moves()).toBeGreaterThanOrEqual(15);

    // the server killed mid-game, and started again on its folder and port: the banner comes, and goes
    const port = new URL(server.url).port;
    server.child.kill("SIGKILL");
    await page.locator("[data-test=online-banner]", { hasText: "The connection to the server dropped" }).waitFor({ timeout: 20_000 });
    server = await spawnServer(data, servers, ["--origin", origin, "--port", port]);
    expect(server.said.filter((l) => l.includes("resumed"))).toHaveLength(1);
    await page.locator("[data-test=online-banner]", { hasText: "The connection is back" }).waitFor({ timeout: 20_000 });
    await page.locator("[data-test=online-banner]").waitFor({ state: "hidden", timeout: 20_000 });

    await Promise.all([ours, theirs]);
    const frames = await page.evaluate(() => (globalThis as any).playground.play.online.frames as SeatFrame[]);
    const mine = frames.filter((f) => f.seat === 0);
    const last = mine.at(-1)!;
    expect(last.over).toBe(true);
    expect(last.winners.length).toBeGreaterThan(0);
    expect(last.moves).toBeGreaterThan(20);
    expect(frames.filter((f) => f.seat === -1).length).toBeGreaterThan(0); // the lobby watched before taking the seat
    // the Play screen's result and log, as the seat's frames told it since it last joined
    expect(await page.textContent("[data-test=result]")).toMatch(/^Game over\. .*wins?\.$/);
    const joined = mine.map((f) => f.log.from).lastIndexOf(0);
    expect(await page.locator("[data-test=log] li").allTextContents()).toEqual(mine.slice(joined).flatMap((f) => f.log.lines));
    expect(await page.locator("[data-test=table] svg").count()).toBeGreaterThan(0);
    console.log(`online: ${last.moves} moves; the playground received ${frames.length} frames (${frames.filter((f) => f.seat === -1).length} as an onlooker)`);
    const room = frames[0].room;
    const game = loadComposition(["idiot", "idiot/sevens"]).game!;
    expect(framesLeaks(game, join(data, room, "game.log"), frames)).toEqual([]);

    // the friend leaves: their seat is shown waiting again
    await friendContext.close();
    await state(1, "waiting for someone to open the link");
    // what the page reported: the server's address is outside the page, and its sockets failed while it was down
    expect(problems.filter((p) => !p.includes(server.url.replace("http", "")) && !/WebSocket connection to 'ws:\/\/127\.0\.0\.1:\d+/.test(p))).toEqual([]);
    server.child.kill("SIGKILL");
    rmSync(data, { recursive: true, force: true });
  }, 300_000);
});
