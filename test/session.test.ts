// A game on the page: watched, stepped back and forth, played by people and agents, and exported as a scenario.
import { describe, expect, it } from "vitest";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { parse } from "yaml";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadRules } from "../src/interpreter/load/load.js";
import type { Game } from "../src/interpreter/model.js";
import { describeEvent } from "../src/interpreter/events.js";
import { innermost } from "../src/interpreter/engine.js";
import { playGame } from "../src/sim/play-game.js";
import { makeAgent } from "../src/agents/index.js";
import type { Agent } from "../src/agents/agent.js";
import { Session, TRUTH } from "../src/session/session.js";
import { scenarioOf } from "../src/session/export.js";
import { runScenarioText } from "../src/scenario/run.js";
import { runBin } from "./helpers/cli.js";
import { RemoteSession, type Frame, type SessionReply, type SessionRequest } from "../src/session/remote.js";
import { visibleCards } from "../src/sim/leaks.js";
import { hiddenNames, leaks } from "./helpers/hidden.js";
import { searchesFor } from "../src/session/inspect.js";
import { tableRules } from "../src/table/rules.js";
import type { View } from "../src/interpreter/view.js";

function load(id: string): Game {
  const g = loadRules(id).game;
  if (!g) throw new Error(`${id} does not load`);
  return g;
}

const agent = (name: string): Agent => makeAgent(name)!;
const randoms = (n: number): Agent[] => Array.from({ length: n }, () => agent("random"));

/** A session's state, told completely: to compare two positions. */
const position = (s: Session) => JSON.stringify(s.view(TRUTH)) + JSON.stringify(s.log(TRUTH));

describe("watching a game", () => {
  it("shows the engine's own game for a seed: the same log, event for event, for every viewer", () => {
    const game = load("idiot");
    const seats = [agent("random"), agent("greedy"), agent("random"), agent("random")];
    const session = new Session({ game, seed: 7, seats });
    session.run();
    const engine = playGame(game, { players: 4, seed: 7, agents: seats, log: true }).state;
    expect(session.over).toBe(true);
    expect(session.state.result).toEqual(engine.result);
    for (const viewer of [TRUTH, 0, 1, 2, 3]) {
      expect(session.log(viewer)).toEqual(engine.log!.map((e) => describeEvent(engine, e, viewer, true)));
    }
    expect(session.log(1)).not.toEqual(session.log(TRUTH)); // each seat hears only what it may see
  });

  it("steps back by replaying from the seed, and forward again to the same game", () => {
    const game = load("idiot");
    const session = new Session({ game, seed: 11, seats: [agent("random"), agent("mc:5"), agent("random")] });
    const positions: string[] = [];
    for (let i = 0; i < 60; i++) {
      positions.push(position(session));
      expect(session.forward()).toBe(true);
    }
    for (let k = 59; k >= 0; k -= 7) {
      session.seek(k);
      expect(session.cursor).toBe(k);
      expect(position(session)).toBe(positions[k]);
    }
    session.seek(0);
    expect(session.back()).toBe(false); // at the start
    session.run();
    const whole = position(session);
    session.seek(30);
    session.run();
    expect(position(session)).toBe(whole); // the moves after a step back are the game's own
  });

  it("plays a match round after round, with the match's state beside the round", () => {
    const game = load("on-the-cards/opening-hands");
    const session = new Session({ game, seed: 4, seats: randoms(4) });
    const rounds = new Set<string>();
    let between = 0;
    while (session.forward()) {
      if (session.over) break;
      const v = session.view(0);
      if (session.game === game) {
        between++; // the match itself decides: a rule card is taken, the stacks in view
        expect(v.outer).toBeUndefined();
        expect(v.zones.some((z) => z.name === "dealStack")).toBe(true);
        continue;
      }
      rounds.add(session.game.name);
      expect(v.outer!.zones.some((z) => z.name === "dealStack")).toBe(true);
    }
    expect(between).toBeGreaterThan(0);
    expect(session.over).toBe(true);
    expect(rounds.size).toBeGreaterThan(1);
    expect(session.log(TRUTH).filter((l) => l.startsWith("— playing ")).length).toBeGreaterThan(1); // the rounds' own logs too
  });
});

describe("playing", () => {
  it("applies a person's move, refuses an illegal one with its rule and reason, and lets the agents answer", () => {
    const game = load("idiot");
    const session = new Session({ game, seed: 7, seats: [null, ...randoms(3)] });
    session.run();
    while (session.state.game.phases[session.state.phase].name === "swap") {
      expect(session.peopleToMove()).toContain(0);
      expect(session.move(0, "ready").ok).toBe(true);
      session.run();
    }
    // find a card in the hand that may not be played on the pile, and one that may
    let refused = false;
    for (let turn = 0; turn < 40 && !session.over && !refused; turn++) {
      const legal = session.legal(0).map((m) => m.text);
      expect(legal.length).toBeGreaterThan(0);
      const hand = session.view(0).zones.find((z) => z.name === "hand" && z.owner === 0)!.cards;
      for (const c of hand) {
        const text = `play ${game.cardNames[c]}`;
        if (legal.includes(text)) continue;
        const before = position(session);
        const r = session.move(0, text);
        expect(r.ok).toBe(false);
        if (!r.ok && r.refusal.rule === "play/rank-order") {
          expect(r.refusal.reason).toMatch(/is lower than .*: play the same or a higher rank/);
          refused = true;
        }
        expect(position(session)).toBe(before); // a refused move changes nothing
      }
      const moves = session.cursor;
      expect(session.move(0, legal[0]).ok).toBe(true);
      expect(session.cursor).toBe(moves + 1);
      expect(session.history[moves]).toMatchObject({ player: 0, text: legal[0], by: "person" });
      session.run();
    }
    expect(refused).toBe(true);
    const typo = session.move(0, "plya 3H");
    expect(typo).toMatchObject({ ok: false, refusal: { rule: "move" } });
  });

  it("hands the table from seat to seat in hot seat, and goes on from a changed move after a step back", () => {
    const game = load("idiot");
    const make = () => new Session({ game, seed: 3, seats: [null, null, agent("random")] });
    const a = make();
    const b = make();
    for (const s of [a, b]) {
      for (let i = 0; i < 30 && !s.over; i++) {
        s.run();
        const who = s.peopleToMove();
        expect(who.length).toBeGreaterThan(0);
        expect(s.move(who[0], s.legal(who[0])[0].text).ok).toBe(true);
      }
      s.seek(10);
      s.run();
      const who = s.peopleToMove()[0];
      const legal = s.legal(who);
      expect(s.move(who, legal[legal.length - 1].text).ok).toBe(true);
      expect(s.history.length).toBe(s.cursor); // the old future is gone
      s.run();
    }
    expect(position(a)).toBe(position(b)); // and the agents answer the same way every time
  });

  it("plays Hands in real time: agents move at their planned times, a person at the clock's, and No! during a lock", () => {
    const game = load("hands");
    const session = new Session({ game, seed: 5, seats: [null, ...randoms(3)] });
    session.run(); // the countdown has no moves: straight to Hands Up!
    expect(session.realtime).toBe(true);
    let no: string | null = null;
    let made = 0;
    let last = 0;
    for (let i = 0; i < 400 && !session.over; i++) {
      const planned = session.nextAgentAt();
      if (planned !== null) expect(planned).toBeGreaterThanOrEqual(last);
      const at = planned ?? session.state.now + 0.5; // only the person can move: the agents wait for them
      const twoHands = session.view(0).variables.twoHands;
      if (typeof twoHands === "number" && no === null) {
        const hand = session.view(0).zones.find((z) => z.name === "hand" && z.owner === 0)!.cards;
        const r = session.move(0, `make ${game.cardNames[hand[0]]}`, at! - 0.01);
        expect(r.ok).toBe(false);
        if (!r.ok) no = r.refusal.reason;
      }
      if (i % 4 === 0) {
        const legal = session.legal(0);
        if (legal.length && session.move(0, legal[0].text, at! - 0.05).ok) made++;
      } else if (planned !== null) session.forward();
      else expect(session.move(0, session.legal(0)[0].text, at).ok).toBe(true);
      last = session.state.now;
    }
    expect(no).toMatch(/^No!/);
    expect(made).toBeGreaterThan(10);
    const times = session.history.map((p) => p.at!);
    expect(times.every((t, i) => i === 0 || t >= times[i - 1])).toBe(true);
  });
});

describe("a game passed on in text", () => {
  it("replays through the engine to the same table, people's moves as written and agents' by their agents, and stops at the first move that does not replay", () => {
    const game = load("idiot");
    const make = () => new Session({ game, seed: 3, seats: [null, null, agent("random")] });
    const a = make();
    for (let i = 0; i < 30 && !a.over; i++) {
      a.run();
      const who = a.peopleToMove()[0];
      expect(a.move(who, a.legal(who)[a.legal(who).length - 1].text).ok).toBe(true);
    }
    a.seek(a.cursor - 1); // passed on where it is shown: after a step back, the moves up to the cursor
    const records = a.moveRecords();
    expect(records.length).toBe(a.cursor);
    expect(records.some((m) => m.player === 2)).toBe(true); // the agent's moves are among them
    const b = make();
    expect(b.replayMoves(records)).toEqual({ played: records.length, of: records.length, problem: null });
    expect(position(b)).toBe(position(a));
    expect(b.history.map((p) => p.by)).toEqual(a.history.slice(0, a.cursor).map((p) => p.by));

    // a person's move changed: refused where it comes, the game left after the move before
    const k = records.findIndex((m, i) => i > 5 && m.player !== 2);
    const changed = records.map((m, i) => (i === k ? { ...m, text: "play ZZ" } : m));
    const c = make();
    const r = c.replayMoves(changed);
    expect(r).toMatchObject({ played: k, of: records.length });
    expect(r.problem).toMatch(new RegExp(`^move ${k + 1} \\(P${records[k].player + 1}: play ZZ\\) is refused here: `));
    a.seek(k);
    expect(position(c)).toBe(position(a));
    expect(c.cursor).toBe(k);
    expect(c.history.length).toBe(k);
    // an agent's move changed: not what its agent makes there, and the agent's own move is taken back
    const j = records.findIndex((m) => m.player === 2);
    const d = make();
    const r2 = d.replayMoves(records.map((m, i) => (i === j ? { ...m, text: "pass" } : m)));
    expect(r2.played).toBe(j);
    expect(r2.problem).toMatch(new RegExp(`^move ${j + 1} \\(P3: pass\\) is not the move its agent makes here \\(P3: ${records[j].text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\)$`));
    a.seek(j);
    expect(position(d)).toBe(position(a));
    // a seat the game does not have
    expect(make().replayMoves([{ player: 7, text: "ready" }])).toEqual({ played: 0, of: 1, problem: "move 1 (seat 8: ready) is by a seat this game does not have" });
  });

  it("replays Hands played in real time at the times it was played", () => {
    const game = load("hands");
    const make = () => new Session({ game, seed: 5, seats: [null, ...randoms(3)] });
    const a = make();
    a.run();
    for (let i = 0; i < 120 && !a.over; i++) {
      const planned = a.nextAgentAt();
      const legal = a.legal(0);
      if (i % 3 === 0 && legal.length) a.move(0, legal[0].text, (planned ?? a.state.now + 0.5) - 0.05);
      else if (planned !== null) a.forward();
      else if (legal.length) a.move(0, legal[0].text, a.state.now + 0.5);
    }
    const records = a.moveRecords();
    expect(records.filter((m) => m.player === 0).length).toBeGreaterThan(10);
    expect(records.every((m) => typeof m.at === "number")).toBe(true);
    const b = make();
    expect(b.replayMoves(records).problem).toBeNull();
    expect(position(b)).toBe(position(a));
  });
});

describe("exporting", () => {
  it("writes the game so far as a scenario that houserules test passes", () => {
    const dir = mkdtempSync(join(tmpdir(), "houserules-export-"));
    const cases: [string, number, number][] = [["idiot", 4, 150], ["hands", 4, 80], ["on-the-cards/opening-hands", 4, Infinity], ["idle-hands/seven-sins", 5, 60]];
    for (const [id, n, moves] of cases) {
      const session = new Session({ game: load(id), seed: 9, seats: [null, ...randoms(n - 1)] });
      let played = 0;
      while (!session.over && played < moves) {
        if (session.forward()) {
          played++;
          continue;
        }
        const legal = session.legal(0);
        const at = session.nextAgentAt();
        expect(session.move(0, legal[played % legal.length].text, at === null ? undefined : at - 0.01).ok).toBe(true);
        played++;
      }
      const text = scenarioOf(session, { rules: id });
      expect(text).toContain(`rules: ${id}`);
      expect(text).toContain(session.over ? "over: true" : "over: false");
      writeFileSync(join(dir, `${id.replace(/\//g, "-")}.scenario.yaml`), text);
    }
    // and a changed result makes one fail: the scenarios really check the games
    const session = new Session({ game: load("idiot"), seed: 9, seats: randoms(3) });
    session.run();
    writeFileSync(join(dir, "wrong.scenario.yaml"), scenarioOf(session, { rules: "idiot" }).replace(/winners: \[[^\]\n]+\]/, "winners: [nobody]"));
    const r = runBin(["test", dir]);
    expect(r.out + r.err).toContain(`${cases.length} passed, 1 failed`);
    expect(r.out + r.err).toContain("wrong.scenario.yaml");
    expect(r.code).toBe(1);
    expect(innermost(session.state).over).toBe(true);
  });
});

describe("exported games replay exactly", () => {
  it("writes Hands played in real time, with moves at the very time of the last one and cards that share a name, so that the runner replays the same game", () => {
    const game = load("hands");
    const failures: string[] = [];
    for (let trial = 0; trial < 4; trial++) {
      const s = new Session({ game, seed: 2, seats: [null, agent("greedy"), agent("greedy"), agent("greedy")] });
      let i = 0;
      let together = 0;
      for (let guard = 0; guard < 3000 && !s.over; guard++) {
        const legal = s.legal(0);
        const last = s.history[s.cursor - 1]?.at ?? 0;
        // the person moves now and then, at the time of the last move (as a page whose clock lags does) or of the next agent's
        if (legal.length && guard % (2 + trial) === 0) s.move(0, legal[i++ % legal.length].text, trial % 2 ? last : (s.nextAgentAt() ?? last + 0.5));
        else if (!s.forward()) {
          if (!legal.length) break;
          s.move(0, legal[0].text, last + 0.2);
        }
      }
      s.history.forEach((p, k) => k > 0 && p.at === s.history[k - 1].at && together++);
      expect(s.over).toBe(true);
      const r = runScenarioText(scenarioOf(s, { rules: "hands" }), `trial-${trial}.yaml`, ".");
      if (!r.passed) failures.push(`trial ${trial} (${together} moves at the same time as the one before): ${r.failures[0].message}`);
    }
    expect(failures).toEqual([]);
  });
});

const remote = () => new RemoteSession((refs) => loadRules(refs[0]).game ?? `cannot load ${refs[0]}`);
const frameOf = (r: SessionReply): Frame => {
  if (r.kind !== "frame") throw new Error(JSON.stringify(r));
  return structuredClone(r.frame);
};

describe("a session behind messages", () => {

  it("answers each seat with what that seat may be shown, and refuses moves with their rule", () => {
    const game = load("idiot");
    const session = remote();
    const ask = (r: SessionRequest) => frameOf(session.handle(r));
    let f = ask({ kind: "start", refs: ["idiot"], ref: { rules: "idiot" }, seed: 7, seats: [null, "random", "random"], viewer: 0 });
    expect(f.people).toEqual([true, false, false]);
    const wrong: string[] = [];
    const log: string[] = [];
    for (let i = 0; i < 400 && !f.over; i++) {
      log.push(...(f.log.reset ? (log.length = 0, f.log.lines) : f.log.lines));
      const truth = (session as unknown as { session: Session }).session.state;
      const hidden = hiddenNames(game, visibleCards(innermost(truth), 0));
      // what the page gets for seat 1's screen: its view, its legal moves and its log, and nothing else
      const shown = [JSON.stringify(f.view), ...f.legal.map((m) => m.text), ...f.log.lines];
      for (const name of leaks(shown, hidden)) if (!log.some((l) => leaks([l], new Set([name])).length)) wrong.push(`move ${f.cursor}: ${name}`);
      if (f.toMove.includes(0)) {
        expect(f.legalFor).toBe(0);
        expect(f.legal.length).toBeGreaterThan(0);
        const bad = ask({ kind: "move", player: 0, text: "flip 9" });
        expect(bad.refusal).not.toBeNull();
        expect(bad.cursor).toBe(f.cursor);
        f = ask({ kind: "move", player: 0, text: f.legal[i % f.legal.length].text });
        expect(f.refusal).toBeNull();
      } else {
        expect(f.legal).toEqual([]); // another seat's choices are not this seat's to see
        f = ask({ kind: "forward", moves: 3 });
      }
    }
    expect(wrong).toEqual([]);
    const back = ask({ kind: "seek", cursor: 5 });
    expect(back.log.reset).toBe(true);
    expect(back.cursor).toBe(5);
    const truth = ask({ kind: "look", viewer: -1 });
    expect(truth.view.zones.every((z) => z.cards.every((c) => c >= 0))).toBe(true);
    const exported = session.handle({ kind: "export" });
    expect(exported.kind === "export" && exported.text).toContain("rules: idiot");
  });

  it("plays agents up to a time in real time, and says when the next one moves", () => {
    const session = remote();
    const ask = (r: SessionRequest) => frameOf(session.handle(r));
    let f = ask({ kind: "start", refs: ["hands"], ref: { rules: "hands" }, seed: 2, seats: [null, "random", "random"], viewer: 0 });
    expect(f.realtime).toBe(true);
    expect(f.nextAt).toBeGreaterThan(0);
    const first = f.nextAt!;
    f = ask({ kind: "until", at: first + 1.5 });
    expect(f.now).toBeGreaterThanOrEqual(first);
    expect(f.now).toBeLessThanOrEqual(first + 1.5);
    expect(f.nextAt === null || f.nextAt > first + 1.5).toBe(true);
    expect(session.handle({ kind: "start", refs: ["hands"], ref: { rules: "hands" }, seed: 2, seats: [null, "random"], viewer: 0 })).toMatchObject({ kind: "failed", error: "Hands is for 3–8 players, not 2" });
  });

  it("exports a match started from a scenario with each scripted round's own deal as a round step, so that the export passes from any point of the match", () => {
    type Step = Record<string, unknown>;
    // the scenario's moves in the order they are played, down into its rounds (expectations left out)
    const movesOf = (steps: Step[]): Step[] => steps.flatMap((step) => (step.round ? movesOf(((step.round as Step).moves ?? []) as Step[]) : "expect" in step && Object.keys(step).length === 1 ? [] : [step]));
    for (const file of ["test/scenarios/idle-hands/missions/match-games.scenario.yaml", "test/scenarios/on-the-cards/round-the-twist-2p-nothing-to-lose.scenario.yaml"]) {
      const text = readFileSync(file, "utf8");
      const session = remote();
      const ask = (r: SessionRequest) => frameOf(session.handle(r));
      let f = ask({ kind: "start", refs: [], ref: { rules: "" }, seed: 0, seats: [], viewer: "person", scenario: { text, file } });
      const rounds: number[] = []; // the round being played after each move: 0 between rounds
      for (const step of movesOf((parse(text) as { moves: Step[] }).moves)) {
        if ("rejected" in step) continue;
        const who = Object.keys(step)[0];
        f = ask({ kind: "move", player: f.names.indexOf(who), text: String(step[who]) });
        expect(f.refusal, `${file}: ${who}: ${String(step[who])}`).toBeNull();
        rounds.push(f.round?.number ?? 0);
      }
      expect(new Set(rounds).size).toBeGreaterThan(1);
      // every point of the match: in a round, between two, and a round just dealt with no move in it yet
      const tested: string[] = [];
      for (let cursor = 1; cursor <= rounds.length; cursor++) {
        ask({ kind: "seek", cursor });
        const exported = session.handle({ kind: "export" });
        if (exported.kind !== "export") throw new Error(JSON.stringify(exported));
        const r = runScenarioText(exported.text, `${file} at ${cursor}`, ".");
        if (!r.passed) tested.push(`${file} after ${cursor} moves: ${r.failures[0].message}\n${exported.text}`);
        if (cursor === rounds.length) expect(exported.text).toMatch(/^ {2}- round:\n {6}deal:\n/m);
      }
      expect(tested).toEqual([]);
    }
  });

  it("starts from a scenario file as houserules test does (players, dealer, stacked deal), plays on by hand, steps back to the same deal, and exports a scenario that passes", () => {
    const file = "test/scenarios/on-the-cards/worked-example.scenario.yaml";
    const text = readFileSync(file, "utf8");
    const session = remote();
    const ask = (r: SessionRequest) => frameOf(session.handle(r));
    const scenario = { text, file: "worked-example.scenario.yaml" };
    let f = ask({ kind: "start", refs: [], ref: { rules: "" }, seed: 0, seats: [], viewer: "person", scenario });
    expect(f.names).toEqual(["Anika", "Boris", "Chandra", "Dave"]);
    expect(f.people).toEqual([true, true, true, true]);
    expect(f.viewer).toBe(1); // Anika deals, so Boris leads
    expect(f.scenario).toMatch(/^the rulebook's example round/);
    const hand = (fr: Frame, p: number) => fr.view.zones.find((z) => z.name === "hand" && z.owner === p)!.cards;
    const boris = ask({ kind: "look", viewer: 1 });
    const names = (cards: number[]) => [...cards].sort((a, b) => a - b);
    const steps = (parse(text) as { moves: Record<string, unknown>[] }).moves.filter((m) => !("expect" in m && Object.keys(m).length === 1));
    let played = 0;
    for (const step of steps) {
      const who = Object.keys(step).find((k) => k !== "rejected")!;
      const player = f.names.indexOf(who);
      f = ask({ kind: "move", player, text: String(step[who]) });
      if ("rejected" in step) expect(`${f.refusal?.rule}: ${f.refusal?.reason}`).toContain(String(step.rejected));
      else {
        expect(f.refusal).toBeNull();
        played++;
      }
      if (played === 5) {
        // a step back replays from the seed with the same stacked deal
        const back = ask({ kind: "seek", cursor: 0 });
        expect(names(hand(ask({ kind: "look", viewer: 1 }), 1))).toEqual(names(hand(boris, 1)));
        expect(back.cursor).toBe(0);
        f = ask({ kind: "seek", cursor: 5 });
        expect(f.cursor).toBe(5);
      }
    }
    f = ask({ kind: "look", viewer: -1 });
    expect(f.over).toBe(true);
    expect(f.view.scores).toEqual([3, 2, 2, 3]);
    expect(f.view.winners).toEqual([0, 3]);
    const exported = session.handle({ kind: "export" });
    if (exported.kind !== "export") throw new Error(JSON.stringify(exported));
    expect(exported.text).toContain("dealer: Anika");
    const out = join(mkdtempSync(join(tmpdir(), "houserules-from-")), "again.scenario.yaml");
    writeFileSync(out, exported.text);
    const tested = runBin(["test", out]);
    expect(tested.out).toBe("1 passed, 0 failed\n");
    // a scenario with a problem is refused in houserules test's words, and nothing starts
    const bad = session.handle({ kind: "start", refs: [], ref: { rules: "" }, seed: 0, seats: [], viewer: "person", scenario: { text: text.replace("dealer: Anika", "dealer: Zoe"), file: "bad.scenario.yaml" } });
    expect(bad).toMatchObject({ kind: "failed" });
    expect(bad.kind === "failed" && bad.error).toMatch(/^bad\.scenario\.yaml:4:9: error E_SCHEMA: there is no player called 'Zoe'/);
  });
});

describe("the inspector's account of a searching agent", () => {

  it("gives each ISMCTS seat's latest search, its moves with visits and values in that agent's own view and the whole truth, and to another seat only that it searched, never naming a card that seat may not see", () => {
    const game = load("idiot");
    const session = remote();
    const ask = (r: SessionRequest) => frameOf(session.handle(r));
    let f = ask({ kind: "start", refs: ["idiot"], ref: { rules: "idiot" }, seed: 7, seats: [null, "ismcts:60", "ismcts:60"], viewer: 0 });
    expect(f.searches).toBeUndefined(); // nothing of the kind until the inspector asks
    f = ask({ kind: "inspect", on: true });
    const inner = () => (session as unknown as { session: Session }).session;
    const wrong: string[] = [];
    let withheld = 0;
    for (let i = 0; i < 60 && !f.over; i++) {
      const hidden = hiddenNames(game, visibleCards(innermost(inner().state), 0));
      for (const name of leaks([JSON.stringify(f.searches)], hidden)) wrong.push(`move ${f.cursor}: ${name}`);
      for (const s of f.searches!) {
        expect(s.moves).toBeNull();
        expect(s.withheld).toContain(`in ${f.names[s.player]}'s view and in the whole truth`);
        withheld++;
      }
      const on = ask({ kind: "forward" });
      f = on.cursor > f.cursor || !on.toMove.includes(0) ? on : ask({ kind: "move", player: 0, text: on.legal[0].text });
    }
    expect(wrong).toEqual([]);
    expect(withheld).toBeGreaterThan(20);

    // seat 2's own view: its search in full, the most visited first, 60 tries in all, the move it made among them
    f = ask({ kind: "look", viewer: 1 });
    const own = f.searches!.find((s) => s.player === 1)!;
    expect(own.moves!.length).toBeGreaterThan(1);
    expect(own.tries).toBe(60);
    expect(own.moves!.reduce((n, m) => n + m.visits, 0)).toBeLessThanOrEqual(60);
    expect(own.moves!.map((m) => m.visits)).toEqual(own.moves!.map((m) => m.visits).sort((a, b) => b - a));
    const made = inner().history[own.at - 1];
    expect(made.player).toBe(1);
    expect(own.moves!.filter((m) => m.chosen).map((m) => m.text)).toEqual([made.text]);
    expect(own.moves![0].chosen).toBe(true); // ISMCTS makes its most visited move
    for (const m of own.moves!) expect(m.value).toBeGreaterThanOrEqual(0), expect(m.value).toBeLessThanOrEqual(1);
    const hidden1 = hiddenNames(game, visibleCards(innermost(inner().state), 1));
    expect(leaks([JSON.stringify(f.searches)], hidden1)).toEqual([]);
    expect(f.searches!.find((s) => s.player === 2)?.moves ?? null).toBeNull();
    // the whole truth: every search in full
    f = ask({ kind: "look", viewer: -1 });
    expect(f.searches!.map((s) => s.player)).toEqual([1, 2]);
    expect(f.searches!.every((s) => s.moves && s.moves.every((m) => m.text !== null))).toBe(true);
    // and closed, no more
    expect(ask({ kind: "inspect", on: false }).searches).toBeUndefined();
  }, 60_000);

  it("withholds the text of a move that names a card the agent's own view no longer shows", () => {
    const rules = tableRules(load("idiot"));
    const v = { zones: [{ cards: [3, -1] }], variables: {} } as unknown as View;
    const search = { agent: "ismcts", of: 2, tries: 10, moves: [
      { text: "play 5C", cards: [3], visits: 7, value: 0.6, chosen: true },
      { text: "play 9D", cards: [40], visits: 3, value: 0.4, chosen: false },
    ] };
    const [shown] = searchesFor(1, v, rules, ["P1", "P2"], [{ player: 1, at: 4, search }]);
    expect(shown.moves!.map((m) => m.text)).toEqual(["play 5C", null]);
    expect(searchesFor(-1, v, rules, ["P1", "P2"], [{ player: 1, at: 4, search }])[0].moves!.map((m) => m.text)).toEqual(["play 5C", "play 9D"]);
    expect(searchesFor(0, v, rules, ["P1", "P2"], [{ player: 1, at: 4, search }])[0].moves).toBeNull();
  });
});

describe("the log people read", () => {
  it("names zones as the table labels them, while a trace keeps the rule file's names", async () => {
    const { loadComposition } = await import("../src/interpreter/load/load.js");
    const { newGame, play } = await import("../src/interpreter/engine.js");
    const { describeEvent } = await import("../src/interpreter/events.js");
    const s = newGame(loadComposition(["idiot"]).game!, { players: ["Ann", "Bob"], seed: 7, log: true });
    expect(play(s, 0, "ready").ok).toBe(true);
    const moves = (s.log ?? []).filter((e) => e.type === "move");
    const words = moves.map((e) => describeEvent(s, e, -1, true)).join("\n");
    const ids = moves.map((e) => describeEvent(s, e, -1)).join("\n");
    expect(words).toContain("Ann's face down");
    expect(words).not.toMatch(/faceDown|faceUp/);
    expect(ids).toContain("Ann's faceDown");
  });
});
