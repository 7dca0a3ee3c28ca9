// One game played by random agents with everything checked that must hold whatever the rules say: after every
// event each card is in exactly one zone; at every decision the game is over or someone may move; a malformed
// move is refused with the rule that refused it and leaves the state as it was; and no view, legal move or log
// line shown to a player names a card that player may not see (leaks.ts). Violations are collected, never thrown.
import type { Game } from "../interpreter/model.js";
import type { State } from "../interpreter/state.js";
import { conservationProblem } from "../interpreter/state.js";
import { actors, applyMove, innermost, isRealtime, legalMoves, moveText, parseMove, play, type Move } from "../interpreter/engine.js";
import { GamePlay, seatNames } from "../sim/play-game.js";
import { randomAgent } from "../agents/random.js";
import { eventLeaks, formatLeak, gameChain, legalMoveLeaks, MomentVisibility, viewLeaks } from "../sim/leaks.js";
import { gameBudget } from "../sim/budget.js";
import { nextInt, seedRng } from "../interpreter/rng.js";

export interface CheckedGame {
  events: number;
  moves: number;
  refusals: number;
  finished: boolean;
  stopped: string | null; // why the rules stopped the game, when they did
  violations: string[];
}

export interface CheckOptions {
  players: number;
  seed: string;
  options?: Record<string, unknown>;
  /** Moves after which the game is left unfinished (a mutated file may never end). */
  maxMoves: number;
  /** Views and legal moves are checked for leaks at every n-th decision; log lines at every one. */
  leakEvery: number;
  /** Wall-clock seconds for the game. */
  seconds: number;
  /**
   * Shipped rules as they are: a decision where nobody to move has a legal move is a violation. A mutated file
   * may make such rules, and then the game must be stopped with a message (as the simulator does), not hang.
   */
  strict: boolean;
}

/** What a refusal must leave alone: the zones, variables, moves, clock, random numbers and log of every game. */
function fingerprint(s: State): string {
  return JSON.stringify(gameChain(s).map((g) => [g.zones, g.vars, g.moves, g.now, g.over, g.error, g.rng, g.log?.length ?? 0, g.current]));
}

export function checkedGame(game: Game, o: CheckOptions): CheckedGame {
  const violations: string[] = [];
  const violation = (what: string) => {
    if (violations.length < 5) violations.push(`${what} (seed ${o.seed}, after ${gp?.state.moves ?? 0} moves)`);
  };
  let events = 0;
  let refusals = 0;
  const moment = new MomentVisibility();
  let gp: GamePlay | null = null;
  gp = new GamePlay(game, {
    seed: o.seed, seats: Array(o.players).fill(randomAgent), options: o.options, log: true, names: seatNames(o.players),
    budget: gameBudget({ seconds: o.seconds, megabytes: 2048 }),
    watch: (g, e) => {
      events++;
      const broken = conservationProblem(g);
      if (broken) violation(`card conservation: ${broken}`);
      moment.observe(g, e);
    },
    hooks: moment.hooks,
  });
  const s = gp.state;
  const rng = seedRng(`${o.seed}/fuzz`);
  let decisions = 0;
  const atDecision = () => {
    moment.observeNow(s);
    for (const [g, e] of moment.events) for (let q = 0; q < g.n; q++) for (const l of eventLeaks(g, e, q, moment.allowed(g, q), s.moves)) violation(`leak: ${formatLeak(l)}`);
    moment.reset(s);
    if (s.over) return;
    if (o.strict && !isRealtime(s) && actors(s).every((p) => legalMoves(s, p).length === 0) && !s.over) violation("nobody to move has a legal move, and the game is not over");
    if (decisions++ % o.leakEvery === 0) {
      for (let q = -1; q < s.n; q++) for (const l of viewLeaks(s, q)) violation(`leak: ${formatLeak(l)}`);
      for (let q = 0; q < s.n; q++) for (const l of legalMoveLeaks(s, q)) violation(`leak: ${formatLeak(l)}`);
    }
    refusals += tryMalformed(s, nextInt(rng, 1 << 30), violation);
    readsBack(s, nextInt(rng, 1 << 30), violation);
  };
  atDecision();
  while (!s.over && s.moves < o.maxMoves) {
    if (!gp.step()) break;
    atDecision();
  }
  if (!s.over && s.moves < o.maxMoves) violation("the game came to a halt without being over or stopped with a message");
  return { events, moves: s.moves, refusals, finished: s.over && !s.error, stopped: s.error, violations };
}

/** A legal move's text, as the log and the page write it, reads back as a move written the same (whatever the card names). */
function readsBack(s: State, k: number, violation: (what: string) => void): void {
  const who = actors(s);
  if (s.over || who.length === 0) return;
  const p = who[k % who.length];
  const legal = legalMoves(s, p);
  if (legal.length === 0) return;
  const m = legal[k % legal.length];
  // numbers and texts are written as they are (a text with spaces in it is not one word): cards, players and zones are checked
  if (m.action.params.some((q) => q.kind === "number" || q.kind === "text")) return;
  const text = moveText(innermost(s), m);
  const read = parseMove(s, p, text);
  if ("rule" in read) return violation(`the legal move '${text}' does not read back: ${read.rule}: ${read.reason}`);
  // cards of one name are one card to a move (six copies of a sin): the move read back must be written the same
  const again = moveText(innermost(s), read);
  if (read.action !== m.action || again !== text) violation(`the legal move '${text}' reads back as '${again}'`);
}

/** Tries one malformed move; it must be refused, name its rule, and change nothing. Returns the refusals seen. */
function tryMalformed(s: State, k: number, violation: (what: string) => void): number {
  const p = k % s.n;
  const action = s.game.actions[k % Math.max(1, s.game.actions.length)];
  const typed = ["", "xyzzy", "play", `${action?.name ?? "x"} __proto__ toString`, `${action?.name ?? "x"} 99999999999`][k % 5];
  const moves: (() => ReturnType<typeof play>)[] = [
    () => play(s, p, typed),
    () => applyMove(s, p, { action: undefined, args: [] } as unknown as Move),
    () => applyMove(s, p, { action, args: [1e9, -1, "constructor", null, [1.5]].slice(0, 1 + (k % 5)) } as unknown as Move),
  ];
  // a typed word or number may be a legal choice in rules a mutation opened up: a move accepted must then be
  // legal (the moves built by hand are never legal)
  const typing = k % moves.length === 0;
  const legal = typing ? new Set(legalMoves(s, p).map((m) => moveText(s, m).toLowerCase())) : null;
  const before = fingerprint(s);
  const r = moves[k % moves.length]();
  if (r.ok) {
    if (!legal?.has(typed.toLowerCase())) violation(`a move that was not legal was accepted: try ${k % moves.length}, '${typed}'`);
    return 0;
  }
  if (!r.refusal.rule || !r.refusal.reason) violation(`a refusal without its rule or reason: ${JSON.stringify(r.refusal)}`);
  // checking a move may run a rule that fails (a parameter's candidates, a requirement): the game is then
  // stopped with that rule's message, as when the rules fail during play; anything else must be left alone
  const stoppedByRule = r.refusal.rule === "error" && s.over && s.error !== null && r.refusal.reason === s.error;
  if (!stoppedByRule && fingerprint(s) !== before) violation(`a refused move changed the state: ${r.refusal.rule}: ${r.refusal.reason}`);
  return 1;
}
