// Honesty about hidden cards, checked against the truth. Everything shown to a player — their view, their legal
// moves, the log as described for them, and what the terminal prints — may name only cards that player may see.
// The truth here is worked out from the rules' own declarations (who may see each zone and each variable), apart
// from the code that builds views and log lines, so that a mistake in either is caught. Each check returns the
// violations it finds; none throws, so that a campaign over many games or mangled rule files can collect them.
import type { Game } from "../interpreter/model.js";
import type { GameHooks, State } from "../interpreter/state.js";
import type { GameEvent } from "../interpreter/events.js";
import { describeEvent } from "../interpreter/events.js";
import { legalMoves, moveText } from "../interpreter/engine.js";
import { view, type View } from "../interpreter/view.js";
import { zoneName } from "../interpreter/zones.js";
import { playGame } from "./play-game.js";
import { randomAgent } from "../agents/random.js";

export type Channel = "view" | "legal" | "log" | "terminal";

export interface Leak {
  channel: Channel;
  viewer: number; // the seat it was shown to (-1: an onlooker)
  moves: number; // the moves made in the whole game when it was found
  game: string; // the rules it was found in (a round's, inside a match)
  message: string;
}

/** The games being played: the outermost first, then the game played inside it, and so on. */
export function gameChain(s: State): State[] {
  const out: State[] = [];
  for (let g: State | null = s; g; g = g.sub) out.push(g);
  return out;
}

/**
 * The cards a player may know by identity now: all of a zone visible to everyone, of the player's own zones
 * visible to their owner, the top card of a zone visible at the top; and the cards held by variables the
 * player may see. p = -1 is an onlooker, who sees only what everyone sees.
 */
export function visibleCards(s: State, p: number): Set<number> {
  const out = new Set<number>();
  for (let z = 0; z < s.zones.length; z++) {
    const cards = s.zones[z];
    if (cards.length === 0) continue;
    const visible = s.game.zones[s.zoneDef[z]].visible;
    if (visible === "everyone" || (visible === "owner" && p >= 0 && s.zoneOwner[z] === p)) for (const c of cards) out.add(c);
    else if (visible === "top") out.add(cards[cards.length - 1]);
    else if (visible === "card") cards.forEach((c, i) => canSee(s, z, i, p) && out.add(c));
  }
  // the cards reveal() showed to this player (to an onlooker: those shown to every player)
  const all = (1 << s.n) - 1;
  s.shown.forEach((mask, c) => {
    if (mask !== 0 && (p >= 0 ? (mask & (1 << p)) !== 0 : (mask & all) === all)) out.add(c);
  });
  for (const v of s.game.vars) {
    if (!holdsCards(v.type)) continue;
    const slots = v.per === "game" ? [v.slot] : Array.from({ length: s.n }, (_, q) => s.game.globalVars + v.slot * s.n + q);
    slots.forEach((slot, q) => {
      const seen = v.visible === "everyone" || (v.visible === "owner" && v.per === "player" && q === p);
      if (!seen) return;
      const value = s.vars[slot];
      for (const c of Array.isArray(value) ? value : [value]) if (typeof c === "number") out.add(c);
    });
  }
  return out;
}

function holdsCards(t: { t: string; of?: { t: string } }): boolean {
  return t.t === "card" || (t.t === "list" && t.of?.t === "card");
}

// ---- views -----------------------------------------------------------------------------------------------

/**
 * What view(s, p) shows against the truth: every game being played, with the match around a round. (`see` is
 * the view to check: view() itself, unless a test hands in another.)
 */
export function viewLeaks(s: State, p: number, see: (s: State, p: number) => View = view): Leak[] {
  const chain = gameChain(s);
  const v = see(s, p);
  const out: Leak[] = [];
  compareView(chain[chain.length - 1], v, p, s.moves, out);
  if (chain.length > 1) {
    if (!v.outer) out.push(leak("view", p, s.moves, chain[0], "a game is played inside this one, but the view has no outer view"));
    else compareView(chain[0], v.outer, p, s.moves, out);
  }
  return out;
}

function compareView(g: State, v: View, p: number, moves: number, out: Leak[]): void {
  const zoneCount = Math.min(g.zones.length, v.zones.length);
  if (g.zones.length !== v.zones.length) out.push(leak("view", p, moves, g, `the view has ${v.zones.length} zones, the game ${g.zones.length}`));
  for (let z = 0; z < zoneCount; z++) {
    const actual = g.zones[z];
    const shown = v.zones[z];
    if (shown.cards.length !== actual.length) {
      out.push(leak("view", p, moves, g, `${zoneName(g, z)} shows ${shown.cards.length} cards but holds ${actual.length}`));
      continue;
    }
    actual.forEach((c, i) => {
      const at = `${zoneName(g, z)}, card ${i + 1} from the bottom`;
      const seen = canSee(g, z, i, p);
      if (shown.cards[i] >= 0 && !seen) out.push(leak("view", p, moves, g, `${at}: shows ${g.game.cardNames[shown.cards[i]]}, which ${who(g, p)} may not see`));
      if (shown.cards[i] >= 0 && shown.cards[i] !== c) out.push(leak("view", p, moves, g, `${at}: shows ${g.game.cardNames[shown.cards[i]]}, but it is another card`));
      if (shown.cards[i] < 0 && shown.from[i] >= 0) out.push(leak("view", p, moves, g, `${at}: a hidden card, but the view says whose zone it came from`));
    });
  }
  for (const def of g.game.vars) {
    const shown = v.variables[def.name];
    if (def.per === "game") {
      if (def.visible === "nobody" && shown !== null) out.push(leak("view", p, moves, g, `the variable ${def.name} is seen by nobody, but the view holds ${show(g, shown)}`));
      continue;
    }
    const values = Array.isArray(shown) ? shown : [];
    for (let q = 0; q < g.n; q++) {
      const hidden = def.visible === "nobody" || (def.visible === "owner" && q !== p);
      if (hidden && values[q] !== null && values[q] !== undefined) out.push(leak("view", p, moves, g, `${g.names[q]}'s ${def.name} is hidden from ${who(g, p)}, but the view holds ${show(g, values[q])}`));
    }
  }
}

/** The zone's own rule, independent of view.ts: who may see the card at a position of a zone (or was shown it). */
function canSee(g: State, z: number, index: number, p: number, depth = 0): boolean {
  const mask = g.shown[g.zones[z][index]];
  const all = (1 << g.n) - 1;
  if (mask !== 0 && (p >= 0 ? (mask & (1 << p)) !== 0 : (mask & all) === all)) return true;
  const def = g.game.zones[g.zoneDef[z]];
  if (def.visible === "everyone") return true;
  if (def.visible === "owner") return p >= 0 && g.zoneOwner[z] === p;
  if (def.visible === "top") return index === g.zones[z].length - 1;
  if (def.visible === "card" && depth < 64) {
    // the cards a card holds are seen where that card is
    const card = z - def.slot;
    const at = g.cardZone[card];
    return canSee(g, at, g.zones[at].indexOf(card), p, depth + 1);
  }
  return false;
}

// ---- legal moves -----------------------------------------------------------------------------------------

/** Legal moves may name only cards their player may see: by the cards they carry, and by their text. */
export function legalMoveLeaks(s: State, p: number): Leak[] {
  const g = gameChain(s).pop()!;
  const seen = visibleCards(g, p);
  const out: Leak[] = [];
  for (const m of legalMoves(s, p)) {
    const text = moveText(g, m);
    m.action.params.forEach((param, i) => {
      const v = m.args[i];
      const cards = param.several ? (v as number[] | null) ?? [] : param.kind === "card" && typeof v === "number" ? [v] : [];
      for (const c of cards) {
        if (!seen.has(c)) out.push(leak("legal", p, s.moves, g, `the legal move '${text}' carries ${g.game.cardNames[c]} (${zoneName(g, g.cardZone[c])}), which ${who(g, p)} may not see`));
      }
    });
  }
  return out;
}

// ---- text ------------------------------------------------------------------------------------------------

/**
 * The words of a text that name cards of the game none of which is in `allowed`, leaving out the words in
 * `ignore` (names that mean something else there: a player called P1, a sin chosen as a specialty). Where cards
 * share a name and one of them is allowed, a word cannot be told apart and is let through.
 */
export function hiddenNames(g: State, text: string, allowed: Set<number>, ignore: Set<string> = new Set()): string[] {
  const out: string[] = [];
  const said = words(text);
  for (const word of said) {
    if (ignore.has(key(word))) continue;
    const named = g.game.cardsNamed(word);
    if (named.length > 0 && !named.some((c) => allowed.has(c))) out.push(word);
  }
  const lower = said.map(key);
  for (const [name, cards] of namesOfSeveralWords(g.game)) {
    if (occurrences(lower, text, name) > 0 && !cards.some((c) => allowed.has(c))) out.push(name);
  }
  return out;
}

function words(text: string): string[] {
  return text.split(/[\s,;:()[\]{}→"]+/).map((w) => w.replace(/^[.'!?]+|[.'!?]+$/g, "")).filter(Boolean);
}

/**
 * How often a text names a card name: as a run of its words (a name may hold spaces and punctuation, as
 * `u nnamed-8` or `Ace, high`), or, for a name with no word in it at all (`→`), as it is written.
 */
function occurrences(said: string[], text: string, name: string): number {
  if (!/\S/.test(name)) return 0; // a blank name cannot be told in a text
  const seek = words(name).map(key);
  if (seek.length === 0) return key(text).split(key(name)).length - 1;
  let n = 0;
  for (let i = 0; i + seek.length <= said.length; i++) if (seek.every((w, j) => said[i + j] === w)) n++;
  return n;
}

/** The words less the counts of cards unnamed ("3 cards"): a card may be called 3, and the count is not it. */
function withoutCounts(said: string[]): string[] {
  return said.filter((w, i) => !(/^\d+$/.test(w) && (said[i + 1] === "card" || said[i + 1] === "cards")));
}

/** The card names of a game that are not one word each, with their cards: a word-by-word reading misses them. */
const severalWords = new WeakMap<Game, Map<string, number[]>>();
function namesOfSeveralWords(game: Game): Map<string, number[]> {
  let names = severalWords.get(game);
  if (!names) {
    severalWords.set(game, (names = new Map()));
    game.cardNames.forEach((name, c) => {
      const w = words(name);
      if (/\S/.test(name) && (w.length !== 1 || w[0] !== name)) names!.set(name, [...(names!.get(name) ?? []), c]);
    });
  }
  return names;
}

/**
 * A log line as described for a viewer, against the cards that viewer could see at some moment of the move it
 * belongs to (`allowed`): every card the event carries that is not allowed must be left unnamed. The line is
 * compared with the full line word by word, so a player called P1 or a sin chosen by name is not mistaken for
 * a card.
 */
export function eventLeaks(g: State, e: GameEvent, viewer: number, allowed: Set<number>, moves: number): Leak[] {
  const line = describeEvent(g, e, viewer);
  const out: Leak[] = [];
  const cards = e.type === "action" ? e.cards ?? [] : e.type === "move" || e.type === "reveal" ? e.cards : [];
  if (cards.length) {
    // Count by name: the line may name a card as often as the full line names it, less once for every card
    // of that name in the event that the viewer may not see.
    const fullLine = describeEvent(g, e, -1);
    const full = withoutCounts(words(fullLine).map(key));
    const shown = withoutCounts(words(line).map(key));
    const hidden = new Map<string, number>();
    for (const c of cards) if (!allowed.has(c)) hidden.set(key(g.game.cardNames[c]), (hidden.get(key(g.game.cardNames[c])) ?? 0) + 1);
    for (const [name, n] of hidden) {
      if (!/\S/.test(name)) continue; // a card with a blank name cannot be named
      if (occurrences(shown, line, name) > occurrences(full, fullLine, name) - n) out.push(leak("log", viewer, moves, g, `'${line.trim()}' names ${name}, which ${who(g, viewer)} could not see`));
    }
  }
  return out;
}

const key = (w: string) => w.toLowerCase();

// ---- whole games -----------------------------------------------------------------------------------------

export interface LeakCheckOptions {
  players: number;
  seed: number | string;
  options?: Record<string, unknown>;
  /** Check views and legal moves at every n-th decision (default 1: every one); log lines are always checked. */
  every?: number;
  /** Stop after this many violations (default 20). */
  limit?: number;
}

/**
 * Plays a game with random agents and checks, at every decision point, every player's view and legal moves
 * and an onlooker's view, and every log line of every move as described for each player. Returns what it
 * found; an empty list is an honest game.
 */
export function leakCheckGame(game: Game, o: LeakCheckOptions): Leak[] {
  const out: Leak[] = [];
  const limit = o.limit ?? 20;
  const every = Math.max(1, o.every ?? 1);
  const moment = new MomentVisibility();
  let decisions = 0;
  const atDecision = (s: State) => {
    if (out.length >= limit) return;
    moment.observeNow(s);
    for (const [g, e] of moment.events) for (let q = 0; q < g.n; q++) out.push(...eventLeaks(g, e, q, moment.allowed(g, q), s.moves));
    moment.reset(s);
    if (decisions++ % every !== 0 || s.over) return;
    for (let q = -1; q < s.n; q++) out.push(...viewLeaks(s, q));
    for (let q = 0; q < s.n; q++) out.push(...legalMoveLeaks(s, q));
  };
  playGame(game, {
    players: o.players, seed: o.seed, options: o.options, agents: Array(o.players).fill(randomAgent), log: true,
    watch: (g, e) => moment.observe(g, e), hooks: moment.hooks, onStart: atDecision, onMove: atDecision,
  });
  return out.slice(0, limit);
}

/**
 * What each player could see during the current move, game by game: the cards visible before it, after each of
 * its events, after the action's effect, and after it. A log line of the move may name those cards to that
 * player, and no others. It is told every event (observe, from the state's watch) and, through `hooks` given to
 * the game, the state after each effect, a moment that may have no event (a shape shown, then put down by the
 * phase's settle effect).
 */
export class MomentVisibility {
  events: [State, GameEvent][] = [];
  private seen = new Map<State, Set<number>[]>();
  readonly hooks: GameHooks = { afterEffect: (g) => this.add(g), inner: () => this.hooks };

  observe(g: State, e: GameEvent): void {
    this.events.push([g, e]);
    this.add(g);
  }

  /** What is visible now, in every game being played (at the end of a move, where no event follows). */
  observeNow(s: State): void {
    for (const g of gameChain(s)) this.add(g);
  }

  /** A decision point: the move is over; what is visible now opens the next move. */
  reset(s: State): void {
    this.events = [];
    this.seen.clear();
    this.observeNow(s);
  }

  allowed(g: State, q: number): Set<number> {
    return this.seen.get(g)?.[q] ?? new Set();
  }

  private add(g: State): void {
    let sets = this.seen.get(g);
    if (!sets) this.seen.set(g, (sets = Array.from({ length: g.n }, () => new Set<number>())));
    for (let q = 0; q < g.n; q++) for (const c of visibleCards(g, q)) sets[q].add(c);
  }
}

/**
 * For what a terminal prints to one seat over a whole session: every card that seat could see at any moment so
 * far, in every game played (a match and its rounds). The terminal may reprint the log, so a card once seen
 * may be named again; a card never seen may not.
 */
export class SeenSoFar {
  private seen = new Map<State, Set<number>>();

  constructor(readonly seat: number) {}

  observe(g: State): void {
    let set = this.seen.get(g);
    if (!set) this.seen.set(g, (set = new Set()));
    for (const c of visibleCards(g, this.seat)) set.add(c);
  }

  /**
   * The words of a text that name cards the seat has never seen, in any game played so far. The words of the
   * names of those games are not cards (a round of Whist - No Trumps is not the card Whist).
   */
  unseen(text: string, ignore: Set<string>): string[] {
    const out: string[] = [];
    const titles = new Set([...this.seen.keys()].flatMap((g) => words(g.game.name).map(key)));
    for (const word of words(text)) {
      if (ignore.has(key(word)) || titles.has(key(word))) continue;
      let named = false;
      let seen = false;
      for (const [g, set] of this.seen) {
        const cards = g.game.cardsNamed(word);
        if (cards.length === 0) continue;
        named = true;
        if (cards.some((c) => set.has(c))) seen = true;
      }
      if (named && !seen) out.push(word);
    }
    const said = words(text).map(key);
    const several = new Map<string, boolean>(); // a name of several words: whether any card of it was seen
    for (const [g, set] of this.seen) {
      for (const [name, cards] of namesOfSeveralWords(g.game)) {
        if (ignore.has(key(name)) || occurrences(said, text, name) === 0) continue;
        several.set(name, (several.get(name) ?? false) || cards.some((c) => set.has(c)));
      }
    }
    for (const [name, seen] of several) if (!seen) out.push(name);
    return out;
  }
}

/**
 * Words that mean something other than a card where a terminal prints them: the players' names, and the
 * names of the actions, zones and phases of every game being played (a player P1 is not the card P1).
 */
export function namesThatAreNotCards(s: State): Set<string> {
  const out = new Set<string>();
  for (const g of gameChain(s)) {
    for (const n of g.names) out.add(key(n));
    for (const a of g.game.actions) out.add(key(a.name));
    for (const z of g.game.zones) out.add(key(z.name));
    for (const ph of g.game.phases) out.add(key(ph.name));
  }
  return out;
}

function leak(channel: Channel, viewer: number, moves: number, g: State, message: string): Leak {
  return { channel, viewer, moves, game: g.game.name, message };
}

function who(g: State, p: number): string {
  return p < 0 ? "an onlooker" : g.names[p];
}

function show(g: State, v: unknown): string {
  if (typeof v === "number") return `card ${g.game.cardNames[v] ?? v}`;
  return JSON.stringify(v) ?? String(v);
}

/** A leak as one line for people: `[log] P2 at move 14 in Idiot: ...`. */
export function formatLeak(l: Leak): string {
  return `[${l.channel}] ${l.viewer < 0 ? "onlooker" : `seat ${l.viewer + 1}`} at move ${l.moves} in ${l.game}: ${l.message}`;
}
