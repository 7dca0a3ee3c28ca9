// A rulebook to hand to friends at the table: the composed rules in plain English, section by section, with
// every value the rulebook does not give listed as an assumption, and, for a variant, what each fragment changes
// against the base marked where it is. A plain function of the composed rules to a document, so that the
// command line and the playground show the same text. Every key of the rules schema is read by one unit here;
// a test fails when a key has none.
import type { ComposedRules } from "../interpreter/load/compose.js";
import { unescapePointer } from "../interpreter/load/yaml.js";
import { capitalize, heading, listWords, Reader, words, type Line, type Names } from "./words.js";
import { packs, rankNames } from "../interpreter/cards.js";
import { parseExpression, type Expr } from "../interpreter/lang/ast.js";

type Raw = Record<string, unknown>;

/** Who changed an item against the base: the fragments whose files wrote it. */
export interface Mark {
  how: "added" | "changed";
  by: string[];
  /** Of a changed item with parts (an action's require, effect, params), the parts that differ. */
  parts?: string[];
}

export interface Item {
  title: string;
  lines: Line[];
  mark?: Mark;
  /** where the item is in the composed rules: actions.play.require.rank-order */
  path: string;
}

export interface Section {
  title: string;
  items: Item[];
}

export interface Assumption {
  path: string;
  /** the entry it is said of, by its heading ("Pickup: pile not empty"), or its place in words */
  where: string;
  text: string;
  file: string;
  line: number;
}

export interface Rulebook {
  title: string;
  /** The kind of game in words ("A trick-taking game."), from its family; null for none or "other". */
  kind: string | null;
  summary: string | null;
  source: string | null; // where the rules come from
  notes: string | null;
  /** the base, then each fragment composed onto it, with its own short text */
  pieces: { id: string; name: string; text: string | null }[];
  sections: Section[];
  assumptions: Assumption[];
  /** The ranks of the standard deck the game is played with, low to high (2 to 14, ace 14); empty for another deck. */
  ranks: number[];
  /** every marked item, in the order of the sections, with its heading */
  changes: { path: string; how: Mark["how"]; by: string[]; title: string }[];
}

const isMap = (v: unknown): v is Raw => v !== null && typeof v === "object" && !Array.isArray(v);
const esc = (k: string) => k.replace(/~/g, "~0").replace(/\//g, "~1");

/** A value written alone or as {value, text, assumed}. */
function valueOf(item: unknown): unknown {
  return isMap(item) && "value" in item ? item.value : item;
}

function textOf(item: unknown): string | null {
  return isMap(item) && typeof item.text === "string" ? item.text.trim() : null;
}

/** A program written as text or as a list of texts. */
function programText(item: unknown): string {
  const v = valueOf(item);
  return Array.isArray(v) ? v.map(String).join("\n") : String(v ?? "");
}

function plain(value: unknown): string {
  if (Array.isArray(value)) return listWords(value.map(plain));
  if (isMap(value)) return Object.entries(value).map(([k, v]) => `${/^[A-Z0-9]+$/.test(k) ? k : words(k)} ${plain(v)}`).join(", ");
  if (typeof value === "boolean") return value ? "yes" : "no";
  return String(value);
}

/**
 * A table keyed by numbers, neighbours with the same value together: "3–4 players 5, 5–6 players 4" for a table
 * looked up by the number of players (`unit`), "1–3: 2, 4: 1" otherwise; null for any other table.
 */
export function table(value: unknown, unit?: string): string | null {
  if (!isMap(value)) return null;
  const rows = Object.entries(value);
  if (!rows.length || !rows.every(([k, v]) => /^\d+$/.test(k) && (typeof v !== "object" || v === null))) return null;
  const runs: { from: number; to: number; value: unknown }[] = [];
  for (const [k, v] of rows.map(([k, v]) => [Number(k), v] as const).sort((a, b) => a[0] - b[0])) {
    const last = runs[runs.length - 1];
    if (last && last.to === k - 1 && last.value === v) last.to = k;
    else runs.push({ from: k, to: k, value: v });
  }
  return runs.map((r) => `${r.from === r.to ? r.from : `${r.from}–${r.to}`}${unit ? ` ${unit}` : ":"} ${plain(r.value)}`).join(", ");
}

const numberWords = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"];

/** Whether an expression says yes or no: a comparison, a test, "not", "and", "or". */
function saysYesOrNo(text: string, predicates: ReadonlySet<string>): boolean {
  const e = parseExpression(text.replace(/#.*$/gm, "").trim()).value;
  const yes = (x: Expr): boolean => {
    switch (x.k) {
      case "bool":
        return true;
      case "unary":
        return x.op === "not";
      case "binary":
        return ["==", "!=", "<", "<=", ">", ">=", "in", "and", "or"].includes(x.op);
      case "call": {
        const name = x.callee.k === "name" || x.callee.k === "member" ? x.callee.name : "";
        return ["empty", "any", "all", "contains", "inHand"].includes(name) || predicates.has(name);
      }
      case "member":
        return ["empty", "any"].includes(x.name);
      case "name":
        return predicates.has(x.name);
      case "cond":
        return yes(x.then) && yes(x.else);
      default:
        return false;
    }
  };
  return !!e && yes(e);
}

const visibility: Record<string, string> = {
  everyone: "everyone sees its cards",
  owner: "only its owner sees its cards",
  nobody: "nobody sees its cards",
  top: "everyone sees only its top card",
  card: "its cards are seen by whoever sees the card holding them, and go wherever that card goes",
};

const turnWords: Record<string, string> = {
  clockwise: "Players take turns clockwise.",
  counterclockwise: "Players take turns counter-clockwise.",
  round: "A round: players still in the hand take turns clockwise, passing over anyone who folded or can no longer act, until everyone still in has acted since the last raise, or one player is left in the hand.",
  simultaneous: "Everyone acts, in any order, until each has finished.",
  realtime: "Anyone may act at any moment: each move happens at a time, and races are decided by it.",
  none: "Nobody takes a turn: the phase does what it says and ends.",
};

export function explain(rules: ComposedRules): Rulebook {
  return new Writer(rules).write();
}

/**
 * Each rule (as coverage names it) in a person's words: its `text:` where it has one, else for an effect a fragment
 * appends what the rulebook says it does ("If the rank of the top card of the pile is queen: reverse the direction
 * of play."); null where neither is written.
 */
export function ruleWords(rules: ComposedRules, names: readonly string[]): (string | null)[] {
  const writer = new Writer(rules);
  return names.map((name) => writer.words(name));
}

class Writer {
  private raw: Raw;
  private base: Raw;
  private read: Reader;
  private names = new Map<string, string>(); // file → name of the piece written in it

  constructor(private rules: ComposedRules) {
    this.raw = rules.raw;
    this.base = rules.pieces[0]?.raw ?? {};
    for (const p of rules.pieces) this.names.set(p.file, p.name);
    const perPlayer = new Set<string>();
    const gameZones = new Set<string>();
    const playerZones = new Set<string>();
    const families = new Set<string>();
    for (const section of ["zones", "variables"]) {
      for (const [name, def] of Object.entries((this.raw[section] ?? {}) as Raw)) {
        if (isMap(def) && def.per === "player") perPlayer.add(name);
        else if (section === "zones") gameZones.add(name);
        if (section === "zones" && isMap(def) && def.per === "player") playerZones.add(name);
        if (section === "zones" && isMap(def) && Array.isArray(def.family)) families.add(name);
      }
    }
    const defines = new Set(Object.keys((this.raw.define ?? {}) as Raw).map((k) => k.replace(/\(.*$/, "")));
    const withParams = new Set(Object.keys((this.raw.define ?? {}) as Raw).filter((k) => /\(\s*\w/.test(k)).map((k) => k.replace(/\(.*$/, "")));
    const sets = ((this.raw.cards as Raw | undefined)?.sets ?? []) as Raw[];
    const standard = Array.isArray(sets) && sets.some((set) => isMap(set) && typeof set.deck === "string" && packs[set.deck]?.standardRanks === true);
    // twos and tens are named as a rulebook names them, as the court cards and aces are
    const ranks = new Map<number, string>([...numberWords.slice(2).map((w, i) => [i + 2, w] as [number, string]), ...rankNames]);
    const { phrases, predicates } = this.phrases(perPlayer, gameZones);
    const lists = new Set(Object.entries((this.raw.constants ?? {}) as Raw).filter(([, c]) => Array.isArray(valueOf(c))).map(([name]) => name));
    const names: Names = { perPlayer, gameZones, playerZones, families, defines, valueNames: standard ? new Map([["rank", ranks]]) : undefined, phrases, predicates, lists, withParams };
    this.read = new Reader(names);
  }

  /**
   * How the rule file's other names read: a yes-or-no definition or variable by its name in words ("from table"),
   * anything else as a thing ("the top card", "the led suit"); and the definitions that say yes or no.
   */
  private phrases(perPlayer: Set<string>, gameZones: Set<string>): { phrases: Map<string, string>; predicates: Set<string> } {
    const phrases = new Map<string, string>();
    const predicates = new Set<string>();
    const define = Object.entries((this.raw.define ?? {}) as Raw);
    // twice, so that a definition of one that says yes or no says yes or no too
    for (let i = 0; i < 2; i++) {
      for (const [key, d] of define) {
        const text = programText(d);
        if (isExpression(text) && saysYesOrNo(text, predicates)) predicates.add(key.replace(/\(.*$/, ""));
      }
    }
    for (const [section, yesNo] of [["variables", (v: Raw) => v.type === "bool"], ["constants", () => false], ["options", () => false]] as const) {
      for (const [name, v] of Object.entries((this.raw[section] ?? {}) as Raw)) {
        if (perPlayer.has(name) || gameZones.has(name)) continue;
        phrases.set(name, isMap(v) && yesNo(v) ? words(name) : `the ${words(name)}`);
      }
    }
    for (const [key] of define) {
      const name = key.replace(/\(.*$/, "");
      phrases.set(name, predicates.has(name) ? words(name) : `the ${words(name)}`);
    }
    return { phrases, predicates };
  }

  /**
   * The rule file's own texts with its names in words, as the rest of the rulebook names them: "the option passTo"
   * is "the option pass to", and a name set as code (`takeable`) loses its backticks.
   */
  private prose(): (text: string) => string {
    const names = new Set<string>([...this.cardAttributes()]);
    for (const section of ["define", "zones", "variables", "constants", "options", "actions", "triggers", "phases"]) {
      for (const key of Object.keys((this.raw[section] ?? {}) as Raw)) names.add(key.replace(/\(.*$/, ""));
    }
    const named = (w: string) => (names.has(w) ? words(w) : w);
    return (text) => text.replace(/`([^`]+)`/g, (_, inner: string) => inner.replace(/[A-Za-z_]\w*/g, named)).replace(/\b[a-z]+[A-Z_]\w*\b/g, named);
  }

  words(rule: string): string | null {
    const appended = /^(.*)\.append\.(\d+)$/.exec(rule);
    const item = at(this.raw, "/" + (appended ? appended[1] : rule).split(".").map(esc).join("/"));
    if (!appended) return textOf(item);
    const list = valueOf(item);
    const piece = Array.isArray(list) ? list[Number(appended[2])] : undefined;
    if (piece === undefined) return null;
    const said = this.read.program(String(piece)).map((l) => l.text).join(" ").replace(/\s+/g, " ").trim();
    return said || null;
  }

  write(): Rulebook {
    const sections: Section[] = [];
    for (const [title, unit] of sectionOrder) {
      const items = unit(this);
      if (items.length) sections.push({ title, items });
    }
    const changes = sections.flatMap((s) => s.items.filter((i) => i.mark).map((i) => ({ path: i.path, how: i.mark!.how, by: i.mark!.by, title: i.title })));
    const titles = new Map(sections.flatMap((s) => s.items.map((i) => [i.path, i.title] as const)));
    const head = this.base;
    const prose = this.prose();
    for (const s of sections) for (const i of s.items) i.lines = i.lines.map((l) => ({ ...l, text: prose(l.text) }));
    const said = (v: unknown) => (typeof v === "string" ? prose(v.trim()) : null);
    return {
      title: typeof this.raw.name === "string" ? this.raw.name : "Rules",
      kind: typeof head.family === "string" && head.family !== "other" ? `A ${head.family === "children" ? "children's" : head.family} game.` : null,
      summary: said(head.summary),
      source: typeof head.rulebook === "string" ? head.rulebook.trim() : null,
      notes: said(head.notes),
      pieces: this.rules.pieces.map((p, i) => ({
        id: p.id,
        name: p.name,
        text: i === 0 ? null : said(isMap(p.raw.fragment) && typeof p.raw.fragment.text === "string" ? p.raw.fragment.text : p.raw.summary),
      })),
      sections,
      ranks: this.ranks(),
      assumptions: this.assumptions().map((a) => ({ ...a, text: prose(a.text), where: placeWords(a.path, titles) })),
      changes,
    };
  }

  /** The ranks of the standard decks the cards come from, low to high. */
  private ranks(): number[] {
    const sets = (this.raw.cards as Raw | undefined)?.sets;
    const out = new Set<number>();
    for (const set of Array.isArray(sets) ? sets : []) {
      const pack = isMap(set) && typeof set.deck === "string" ? packs[set.deck] : undefined;
      if (pack?.standardRanks) for (const card of pack.cards()) if (typeof card.attrs.rank === "number") out.add(card.attrs.rank);
    }
    return [...out].sort((a, b) => a - b);
  }

  // ---- units: one per section of a rule file ---------------------------------------------------------

  players(): Item[] {
    const items: Item[] = [];
    const p = valueOf(this.raw.players);
    if (typeof p === "number") items.push(this.item("players", "Players", [`${p} players.`]));
    else if (isMap(p)) items.push(this.item("players", "Players", [p.min === p.max ? `${p.min} players.` : `${p.min} to ${p.max} players.`]));
    const teams = valueOf(this.raw.teams);
    if (isMap(teams)) items.push(this.item("teams", "Teams", [teamWords(teams), ...(textOf(teams) ? [textOf(teams)!] : [])]));
    if (this.raw.dealer !== undefined) items.push(this.item("dealer", "Who deals first", [`${capitalize(this.read.expression(valueOf(this.raw.dealer) as string))}.`]));
    else items.push({ title: "Who deals first", lines: [{ text: "The first player deals.", depth: 0 }], path: "dealer" });
    if (this.raw.start !== undefined) items.push(this.item("start", "Who starts", [`${capitalize(this.read.expression(valueOf(this.raw.start) as string))}.`]));
    else items.push({ title: "Who starts", lines: [{ text: "The player to the left of the dealer.", depth: 0 }], path: "start" });
    return items;
  }

  cards(): Item[] {
    const cards = (this.raw.cards ?? {}) as Raw;
    const items: Item[] = [];
    const sets = (cards.sets ?? []) as Raw[];
    sets.forEach((set, i) => {
      const parts: string[] = [];
      for (const key of Object.keys(set)) {
        const unit = setKeys[key];
        if (unit) parts.push(...unit(set, this.read));
      }
      items.push(this.item(`cards.sets.${i}`, sets.length === 1 ? "Cards" : `Cards ${i + 1}`, [`${capitalize(parts.join(", "))}.`]));
    });
    for (const [name, attr] of Object.entries((cards.attributes ?? {}) as Raw)) {
      const values = isMap(attr) && Array.isArray(attr.values) ? `: ${attr.values.join(", ")}, from low to high` : "";
      items.push(this.item(`cards.attributes.${name}`, heading(name), [`A card's ${words(name)}${values}.`, ...(textOf(attr) ? [textOf(attr)!] : [])]));
    }
    return items;
  }

  zones(): Item[] {
    return this.named("zones", (name, z) => {
      const parts = Object.keys(z).map((k) => zoneKeys[k]?.(z)).filter((x): x is string => !!x);
      const who = z.per === "player" ? `Each player has their own ${words(name)}` : z.per === "card" ? `Each card has its own ${words(name)}, the cards laid on it` : z.many ? `Piles of ${words(name)}, made during play` : `The ${words(name)}`;
      return [`${who}${textOf(z) ? ` (${textOf(z)})` : ""}: ${parts.join("; ")}.`];
    });
  }

  variables(): Item[] {
    return this.named("variables", (_name, v) => [`${capitalize(Object.keys(v).map((k) => variableKeys[k]?.(v, this.read)).filter(Boolean).join("; "))}.`]);
  }

  constants(): Item[] {
    const used = JSON.stringify(this.raw);
    return this.named("constants", (name, c) => {
      const v = valueOf(c);
      const byPlayers = new RegExp(`\\b${name}\\[playerCount\\]`).test(used);
      const rows = table(v, byPlayers ? "players" : undefined);
      return [rows ? `${rows}.` : `Always ${plain(v)}.`, ...(textOf(c) ? [textOf(c)!] : [])];
    }, true);
  }

  options(): Item[] {
    return this.named("options", (_name, o) => [`Chosen before a game: ${Object.keys(o).map((k) => optionKeys[k]?.(o)).filter(Boolean).join("; ")}.`]);
  }

  setup(): Item[] {
    if (this.raw.setup === undefined) return [];
    return [this.item("setup", "Before the first phase", this.read.program(programText(this.raw.setup)))];
  }

  /** The attributes the rule file's cards have: rank and suit, and those its card sets give. */
  private cardAttributes(): Set<string> {
    const out = new Set(["rank", "suit"]);
    const sets = (this.raw.cards as Raw | undefined)?.sets;
    for (const set of Array.isArray(sets) ? sets : []) {
      if (!isMap(set)) continue;
      for (const key of ["with", "each"]) if (isMap(set[key])) for (const k of Object.keys(set[key] as Raw)) out.add(k);
    }
    return out;
  }

  define(): Item[] {
    return this.named("define", (key, d) => {
      const m = /^([A-Za-z_][A-Za-z0-9_]*)(?:\(([^)]*)\))?$/.exec(key);
      const params = m?.[2] ? m[2].split(",").map((x) => x.trim()).filter(Boolean) : [];
      const text = programText(d);
      return this.read.withLocals(params, () => {
        const body = isExpression(text) ? [] : this.read.program(text, 1);
        const lines: Line[] = isExpression(text)
          ? [{ text: `${this.read.expression(text)}.`, depth: 0 }]
          : body.length ? [{ text: "Does this:", depth: 0 }, ...body] : [{ text: "Does nothing.", depth: 0 }];
        if (textOf(d)) lines.push({ text: textOf(d)!, depth: 0 });
        return lines;
      }, this.read.parameterNouns(params, text, this.cardAttributes()));
    }, true);
  }

  phases(): Item[] {
    const phases = (this.raw.phases ?? {}) as Raw;
    const first = typeof this.raw.first === "string" ? this.raw.first : Object.keys(phases)[0];
    return this.named("phases", (name, p) => {
      const lines: Line[] = [];
      if (name === first) lines.push({ text: "Play starts with this phase.", depth: 0 });
      if (textOf(p)) lines.push({ text: textOf(p)!, depth: 0 });
      for (const key of Object.keys(p)) lines.push(...(key === "actions" ? [this.choices(p)] : key === "steps" ? this.steps(p) : phaseKeys[key]?.(p, this.read) ?? []));
      if (p.next === undefined && p.game === undefined) lines.push({ text: "Then the phase starts again.", depth: 0 });
      return lines;
    }, false, (name) => `The ${words(name)} phase`);
  }

  /** What a player may do in a phase, each move by what it does: "On your turn you may: play ...; or pick up ...". */
  private choices(p: Raw): Line {
    const said = this.moveWords((p.actions ?? []) as unknown[]);
    const who = p.turns === "simultaneous" || p.turns === "realtime" ? "Each player may" : "On your turn you may";
    const list = said.length <= 1 ? said.join("") : `${said.slice(0, -1).join("; ")}; or ${said[said.length - 1]}`;
    return { text: `${who}: ${list}.`, depth: 0 };
  }

  /** A turn in steps: each step's moves, in order, and which steps may be left out. */
  private steps(p: Raw): Line[] {
    const steps = Array.isArray(p.steps) ? (p.steps as unknown[]) : [];
    return [
      { text: "On your turn you move in steps, one move a step, in this order:", depth: 0 },
      ...steps.map((step, i) => {
        const optional = isMap(step) && step.optional === true;
        const said = this.moveWords((isMap(step) ? step.actions ?? [] : step) as unknown[]);
        return { text: `Step ${i + 1}: ${said.join("; or ")}${optional ? " (you may leave this step out)" : ""}.`, depth: 1 };
      }),
    ];
  }

  /** Each action named, by what it does. */
  private moveWords(names: unknown[]): string[] {
    const actions = (this.raw.actions ?? {}) as Raw;
    return names.map(String).map((name) => {
      // a text that starts with how the move is written ("take-bottom <stack>: take ...") says what follows
      const text = textOf(actions[name])?.replace(/^[\w-]+( <[^>]*>| \[[^\]]*\])*: /, "").replace(/\.$/, "");
      return text ? text.charAt(0).toLowerCase() + text.slice(1) : words(name);
    });
  }

  actions(): Item[] {
    const items: Item[] = [];
    for (const [name, a] of Object.entries((this.raw.actions ?? {}) as Raw)) {
      if (!isMap(a)) continue;
      const path = `actions.${name}`;
      const params = Object.keys((a.params ?? {}) as Raw);
      const head: Line[] = [];
      if (textOf(a)) head.push({ text: capitalize(textOf(a)!) + ".", depth: 0 });
      const specs = (a.params ?? {}) as Raw;
      const move = [name, ...params.map((p) => (isFlag(specs[p]) ? `[${p}]` : `<${words(p)}>`))].join(" ");
      head.push({ text: `Written as: ${move}.`, depth: 0 });
      if (a.endsTurn === false) head.push({ text: "The turn goes on after it.", depth: 0 });
      if (a.skip === true) head.push({ text: "Left out of the game: no phase offers it.", depth: 0 });
      const title = heading(name);
      items.push(this.item(path, title, head));
      this.read.withLocals(params, () => {
        for (const [p, spec] of Object.entries((a.params ?? {}) as Raw)) {
          items.push(this.item(`${path}.params.${p}`, `${title}: choose ${words(p)}`, [paramWords(p, spec, this.read)]));
        }
        for (const [r, req] of Object.entries((a.require ?? {}) as Raw)) {
          const check = isMap(req) ? req.check : req;
          const lines = [`Only when ${this.read.expression(check as string)}.`];
          if (isMap(req) && typeof req.else === "string") lines.push(`Otherwise the move is refused: “${this.read.message(req.else)}”`);
          if (textOf(req)) lines.push(textOf(req)!);
          items.push(this.item(`${path}.require.${r}`, `${title}: ${words(r)}`, lines));
        }
        if (a.effect !== undefined) items.push(this.item(`${path}.effect`, `${title}: what it does`, this.read.program(programText(a.effect))));
        this.asks(items, title, `${path}.ask`, a.ask, params);
      });
    }
    return items;
  }

  /** An action's `ask:` and the asks inside it: who chooses what, and what follows, each with the names before it. */
  private asks(items: Item[], action: string, path: string, ask: unknown, names: string[]): void {
    if (!isMap(ask) || typeof ask.choose !== "string") return;
    const choose = ask.choose;
    const lines: (string | Line)[] = [`Once it has run, ${words(choose)} is chosen from ${this.read.expression(String(valueOf(ask.from)))}, written as: ${choose} <${words(choose)}>.`];
    if (ask.who !== undefined) lines.push(`Who chooses: ${this.read.expression(String(valueOf(ask.who)))}.`);
    lines.push("Nobody else moves until it is chosen; with nothing to choose from, or nobody to choose, it is skipped.");
    if (textOf(ask)) lines.push(capitalize(textOf(ask)!) + ".");
    this.read.withLocals([...names, choose], () => {
      if (ask.then !== undefined) lines.push({ text: "Once chosen:", depth: 0 }, ...this.read.program(programText(ask.then), 1));
      items.push(this.item(path, `${action}: choose ${words(choose)}`, lines));
      this.asks(items, action, `${path}.ask`, ask.ask, [...names, choose]);
    });
  }

  triggers(): Item[] {
    return this.named("triggers", (_name, t) => [
      { text: `After any action, when ${this.read.expression(valueOf(t.when) as string)}:`, depth: 0 },
      ...this.read.program(programText(t.effect), 1),
    ]);
  }

  end(): Item[] {
    const items: Item[] = [];
    if (this.raw.end !== undefined) items.push(this.item("end", "The end", [`The game ends as soon as ${this.read.expression(valueOf(this.raw.end) as string)}.`]));
    const limits = this.raw.limits;
    if (isMap(limits)) {
      const parts = Object.keys(limits).map((k) => limitKeys[k]?.(limits)).filter(Boolean);
      items.push(this.item("limits", "Limits", [`${capitalize(parts.join("; "))}.`]));
    }
    return items;
  }

  outcome(): Item[] {
    const items: Item[] = [];
    const o = this.raw.outcome;
    if (isMap(o)) {
      const lines: string[] = [];
      for (const key of Object.keys(o)) {
        const unit = outcomeKeys[key];
        if (unit) lines.push(...unit(o, this.read));
      }
      items.push(this.item("outcome", "Who wins", lines));
    }
    return items;
  }

  parts(): Item[] {
    return this.named("parts", (name, p) => [`A fragment fills the ${typeof p.type === "string" ? p.type : name} part${textOf(p) ? `: ${textOf(p)}` : ""}.`]);
  }

  // ---- helpers ---------------------------------------------------------------------------------------

  /** The items of a named section, each read by `unit`; definitions and constants may be plain values. */
  private named(section: string, unit: (name: string, value: Raw) => (string | Line)[], plainValues = false, title = (name: string) => heading(name.replace(/\(.*$/, ""))): Item[] {
    const items: Item[] = [];
    for (const [name, value] of Object.entries((this.raw[section] ?? {}) as Raw)) {
      const v = isMap(value) || !plainValues ? value : { value };
      if (!isMap(v) && !plainValues) continue;
      const key = section === "define" ? name.replace(/\(.*$/, "") : name;
      items.push(this.item(`${section}.${key}`, title(name), unit(name, (isMap(v) ? v : { value: v }) as Raw), `/${section}/${esc(name)}`));
    }
    return items;
  }

  private item(path: string, title: string, lines: (string | Line)[], pointer = "/" + path.split(".").map(esc).join("/")): Item {
    const item: Item = { title, lines: lines.map((l) => (typeof l === "string" ? { text: l, depth: 0 } : l)), path };
    const mark = this.mark(pointer);
    if (mark) item.mark = mark;
    return item;
  }

  /** Whether a value differs from the base's, and which fragments wrote what differs. */
  private mark(pointer: string): Mark | undefined {
    if (this.rules.pieces.length < 2) return undefined;
    const now = at(this.raw, pointer);
    const before = at(this.base, pointer);
    if (JSON.stringify(now) === JSON.stringify(before)) return undefined;
    const baseFile = this.rules.pieces[0].file;
    const by = new Set<string>();
    const visit = (p: string, v: unknown, b: unknown) => {
      if (JSON.stringify(v) === JSON.stringify(b)) return;
      const file = this.rules.fileOf(p);
      if (file !== baseFile) by.add(this.names.get(file) ?? file);
      if (Array.isArray(v)) v.forEach((x, i) => visit(`${p}/${i}`, x, Array.isArray(b) ? b[i] : i === 0 ? b : undefined));
      else if (isMap(v)) for (const [k, x] of Object.entries(v)) visit(`${p}/${esc(k)}`, x, isMap(b) ? b[k] : undefined);
    };
    visit(pointer, now, before);
    const mark: Mark = { how: before === undefined ? "added" : "changed", by: [...by] };
    // an action, phase or trigger is long: say which of its parts changed (a rule inside it is marked on its own)
    if (isMap(now) && isMap(before) && pointer.split("/").length === 3) {
      const keys = [...new Set([...Object.keys(now), ...Object.keys(before)])].filter((k) => k !== "text" && JSON.stringify(now[k]) !== JSON.stringify(before[k]));
      if (keys.length) mark.parts = keys;
    }
    return mark;
  }

  private assumptions(): Assumption[] {
    const out: Assumption[] = [];
    const walk = (v: unknown, pointer: string, path: string[]) => {
      if (Array.isArray(v)) return v.forEach((x, i) => walk(x, `${pointer}/${i}`, [...path, String(i)]));
      if (!isMap(v)) return;
      for (const [k, x] of Object.entries(v)) {
        if (k === "assumed" && typeof x === "string") {
          out.push({ path: path.join(".") || "the rules", where: "", text: x.trim(), file: this.rules.fileOf(`${pointer}/assumed`), line: this.rules.lineOf(`${pointer}/assumed`) });
        } else walk(x, `${pointer}/${esc(k)}`, [...path, k]);
      }
    };
    walk(this.raw, "", []);
    return out;
  }
}

/** A place in the rules by the heading of the entry it is in ("Pickup: pile not empty"), else in words. */
function placeWords(path: string, titles: ReadonlyMap<string, string>): string {
  const parts = path.split(".").map((p) => p.replace(/\(.*$/, ""));
  for (let n = parts.length; n > 0; n--) {
    const title = titles.get(parts.slice(0, n).join("."));
    if (title) return n === parts.length ? title : `${title}: ${parts.slice(n).filter((p) => !/^\d+$/.test(p)).map(words).join(", ")}`;
  }
  return path === "the rules" ? "The rules as a whole" : heading(parts.filter((p) => !/^\d+$/.test(p)).map(words).join(", "));
}

function at(raw: unknown, pointer: string): unknown {
  let v = raw;
  for (const part of pointer.split("/").slice(1)) {
    const key = unescapePointer(part);
    if (Array.isArray(v)) v = v[Number(key)];
    else if (isMap(v)) v = Object.hasOwn(v, key) ? v[key] : undefined;
    else return undefined;
  }
  return v;
}

function isExpression(written: string): boolean {
  const text = written.replace(/#.*$/gm, "");
  if (text.trim() === "") return false; // a program of comments alone does nothing
  return !/[\n;]/.test(text.trim()) && !/^\s*(if|for|let|while)\b/.test(text) && !/(^|[^=!<>+-])=($|[^=>])|\+=|-=/.test(text) && !/\b(move|putUnder|draw|deal|shuffle|exchange|again|out|done|endPhase|skip|giveTurn|reveal|removeZone)\(/.test(text);
}

// ---- the units of each part of a rule file, keyed as the schema keys them ----------------------------
// `text` and `assumed` are read for every item (text beside it, assumed in the list of assumptions).

type Unit<R> = (value: Raw, read: Reader) => R;

export const setKeys: Record<string, Unit<string[]>> = {
  deck: (s) => [typeof s.deck === "string" && packs[s.deck] ? packs[s.deck].description : `the ${s.deck} deck`],
  each: (s) => [`one card for every ${Object.entries(s.each as Raw).map(([k, v]) => `${k} (${Array.isArray(v) ? v.join(", ") : String(v).replace("..", " to ")})`).join(" and ")}`],
  copies: (s) => [`${s.copies} of each`],
  with: (s) => [`each with ${plain(s.with)}`],
  name: (s) => [`written ${s.name}`],
  into: (s) => [`into the ${words(String(s.into))}`],
  assumed: () => [],
};

export const zoneKeys: Record<string, (z: Raw) => string | undefined> = {
  per: () => undefined, // read in the sentence's subject
  many: () => undefined,
  family: (z) => (Array.isArray(z.family) ? `one for each of ${(z.family as string[]).join(", ")}` : undefined),
  visible: (z) => visibility[String(z.visible)],
  ordered: (z) => (z.ordered === false ? "its order does not matter" : undefined),
  text: () => undefined,
  assumed: () => undefined,
};

/** The sides of a rule file's `teams`, in a sentence. */
function teamWords(t: Raw): string {
  const names = Array.isArray(t.names) ? (t.names as string[]) : [];
  const named = (i: number) => names[i] ?? `team ${i + 1}`;
  if (Array.isArray(t.seats)) {
    const seats = (t.seats as number[][]).map((team, i) => `${named(i)}: seats ${team.map((p) => p + 1).join(" and ")}`);
    return `The players play in teams, by seat (the first player's is seat 1): ${seats.join("; ")}.`;
  }
  const size = typeof t.size === "number" ? `teams of ${t.size}` : `${t.count} teams`;
  const list = names.length > 0 ? ` (${names.join(", ")})` : "";
  return `The players play in ${size}${list}, each team's members in alternate seats (partners opposite, at four in two teams); a number of players that makes no such teams cannot play.`;
}

export const variableKeys: Record<string, (v: Raw, read: Reader) => string | undefined> = {
  per: (v) => (v.per === "player" ? "each player has one" : v.per === "team" ? "each team has one, shared by its members" : undefined),
  type: (v) => `a ${typeWords[String(v.type)] ?? v.type}`,
  initial: (v, read) => `starting as ${read.expression(v.initial as string)}`,
  reset: (v) => `back to its start at every ${v.reset}`,
  visible: (v) => (v.visible === "owner" ? "only its owner sees it" : v.visible === "nobody" ? "nobody sees it" : "everyone sees it"),
  text: (v) => String(v.text),
  table: () => undefined, // how the table looks, not a rule
  assumed: () => undefined,
};

const typeWords: Record<string, string> = { number: "number", bool: "yes or no", text: "text", card: "card", cards: "list of cards", player: "player", players: "list of players" };

export const optionKeys: Record<string, (o: Raw) => string | undefined> = {
  default: (o) => `${o.default} unless chosen otherwise`,
  values: (o) => `one of ${listWords((o.values as unknown[]).map(String))}`,
  min: (o) => `at least ${o.min}`,
  max: (o) => `at most ${o.max}`,
  type: (o) => (o.type === "players" ? "a list of players" : "a player"),
  text: (o) => String(o.text).trim(),
  assumed: () => undefined,
};

export const phaseKeys: Record<string, (p: Raw, read: Reader) => Line[]> = {
  text: () => [], // read at the start of the phase
  turns: (p) => [{ text: turnWords[String(p.turns)] ?? `Turns: ${p.turns}.`, depth: 0 }],
  first: (p, read) => [{ text: `The first turn goes to ${read.expression(valueOf(p.first) as string)}.`, depth: 0 }],
  newHand: (p) => (p.newHand ? [{ text: "A new hand begins: everyone who folded or stood in the last hand is back in it.", depth: 0 }] : []),
  once: (p) => (p.once ? [{ text: "Each player still in takes one turn, then the phase ends.", depth: 0 }] : []),
  who: (p, read) => [{ text: `Only ${read.expression(valueOf(p.who) as string)} take part.`, depth: 0 }],
  actions: (p) => [{ text: `On a turn a player may: ${listWords(((p.actions ?? []) as string[]).map(String))}.`, depth: 0 }],
  anytime: (p) => [{ text: `Any player may, out of turn, whenever the rules allow: ${listWords(((p.anytime ?? []) as unknown[]).map(String))}; the turn stays where it was.`, depth: 0 }],
  steps: (p) => [{ text: `A turn goes in steps, in this order: ${((p.steps ?? []) as unknown[]).map((s) => listWords(((isMap(s) ? s.actions ?? [] : s) as unknown[]).map(String))).join("; then ")}.`, depth: 0 }],
  begin: (p, read) => [{ text: "When the phase begins:", depth: 0 }, ...read.program(programText(p.begin), 1)],
  turn: (p, read) => [{ text: "At the start of every turn:", depth: 0 }, ...read.program(programText(p.turn), 1)],
  settle: (p, read) => [{ text: "Once every move made at the same moment is in:", depth: 0 }, ...read.program(programText(p.settle), 1)],
  endWhen: (p, read) => [{ text: `The phase ends after a turn when ${read.expression(valueOf(p.endWhen) as string)}.`, depth: 0 }],
  end: (p, read) => [{ text: "When the phase ends:", depth: 0 }, ...read.program(programText(p.end), 1)],
  next: (p, read) => [{ text: `Then${nextWords(p.next, read)}.`, depth: 0 }],
  skip: (p, read) => [{ text: skipWords(p.skip, read), depth: 0 }].filter((l) => l.text),
  game: (p, read) => gameWords(p.game, read),
  assumed: () => [],
};

/** A phase's `game:`: the rules played inside it, and the values it passes them (`with:`), one line each. */
function gameWords(game: unknown, read: Reader): Line[] {
  const v = valueOf(game);
  const given = v !== null && typeof v === "object" && !Array.isArray(v) ? (v as Raw) : { rules: v };
  const lines: Line[] = [{ text: `A whole game is played inside this phase: ${read.expression(String(valueOf(given.rules)))}.`, depth: 0 }];
  const passed = Object.entries((given.with ?? {}) as Raw);
  if (passed.length) lines.push({ text: "It starts with its options set to:", depth: 0 });
  // an option is named in the game inside, not in this rulebook: in words
  for (const [name, value] of passed) lines.push({ text: `${words(name)}: ${read.expression(String(value))}.`, depth: 1 });
  return lines;
}

/** Where play goes after a phase: a phase, the game's end, or the first of several that a condition picks. */
function nextWords(next: unknown, read: Reader): string {
  const to = (name: unknown) => (name === "none" ? "the game ends" : `the ${words(String(name))} phase`);
  if (!Array.isArray(next)) return ` ${to(next)}`;
  return `, ${next.map((b) => (isMap(b) ? `when ${read.expression(String(valueOf(b.if)))}, ${to(b.then)}` : `otherwise ${to(b)}`)).join("; ")}`;
}

/** A phase left out: always, or when a condition holds as it would begin. */
function skipWords(skip: unknown, read: Reader): string {
  if (skip === false) return "";
  const when = skip === true ? "This phase is always left out" : `The phase is left out when ${read.expression(String(valueOf(skip)))}`;
  return `${when}: none of its effects run, and play goes on to the phase that follows.`;
}

export const paramKeys: Record<string, (spec: Raw, read: Reader) => string | undefined> = {
  type: () => undefined, // a flag's words come from flagWords
  from: (s, read) => `from ${read.expression(s.from as string)}`,
  several: (s) => (s.several ? "one or more" : undefined),
  alike: (s) => `all of the same ${s.alike}`,
  max: (s, read) => `at most ${read.expression(s.max as string)}`,
  optional: (s) => (s.optional ? "left out when there is none to choose" : undefined),
  else: (s, read) => `otherwise “${read.message(String(s.else))}”`,
  text: (s) => String(s.text),
};

/** A parameter chosen yes or no with the move: `{type: flag}`, or candidates that are true and false. */
function isFlag(spec: unknown): boolean {
  if (!isMap(spec)) return false;
  return spec.type === "flag" || (Array.isArray(spec.from) && spec.from.length > 0 && spec.from.every((x) => typeof x === "boolean"));
}

function paramWords(name: string, spec: unknown, read: Reader): string {
  const s: Raw = isMap(spec) ? spec : { from: spec };
  const flag = isFlag(spec)
    ? `yes or no, chosen with the move: “${name}” written after it for yes, nothing for no`
    : undefined;
  const parts = [flag, ...Object.keys(s).filter((k) => !(flag && k === "from")).map((k) => paramKeys[k]?.(s, read))].filter(Boolean);
  return `${capitalize(parts.join(", "))}.`;
}

export const outcomeKeys: Record<string, (o: Raw, read: Reader) => string[]> = {
  scores: (o, read) => [`A player's score: ${read.valueOf(valueOf(o.scores) as string, "player")}.`],
  winners: (o, read) => [`The winners: ${read.expression(valueOf(o.winners) as string)}.`],
  losers: (o, read) => [`The losers: ${read.expression(valueOf(o.losers) as string)}.`],
  together: (o, read) => [`Everyone wins or loses together: the players all win when ${read.expression(valueOf(o.together) as string)}, and all lose otherwise.`],
  text: (o) => [String(o.text)],
  assumed: () => [],
};

export const limitKeys: Record<string, (l: Raw) => string> = {
  moves: (l) => `a game still running after ${l.moves} moves is stopped as unfinished`,
  steps: (l) => `a rule that runs more than ${l.steps} steps between two decisions is stopped as looping`,
};

/** The sections of the rulebook, in reading order, each from the schema's sections it reads. */
// A rulebook's order: what is in the box and on the table, setting up, a turn, the end, winning and scoring;
// the words these rules define last, each under its name in words, for the reader to look up.
const sectionOrder: [string, (w: Writer) => Item[]][] = [
  ["Players", (w) => w.players()],
  ["Cards", (w) => w.cards()],
  ["Where the cards are", (w) => w.zones()],
  ["What is kept", (w) => [...w.variables(), ...w.constants()]],
  ["Setting up", (w) => [...w.options(), ...w.setup()]],
  ["Play", (w) => w.phases()],
  ["What a player may do", (w) => w.actions()],
  ["Whenever", (w) => w.triggers()],
  ["The end", (w) => w.end()],
  ["Winning and scoring", (w) => w.outcome()],
  ["Words used in these rules", (w) => w.define()],
  ["Parts", (w) => w.parts()],
];

/**
 * The sections of a rule file each unit above reads, for the test that every key of the schema is read.
 * Keys that say how the file is composed are not rules a player needs to read: they are named here.
 */
export const readSections = ["players", "teams", "dealer", "start", "cards", "zones", "variables", "constants", "options", "setup", "define", "phases", "actions", "triggers", "end", "outcome", "limits", "parts", "first", "name", "family", "summary", "rulebook", "notes", "assumed"];
export const compositionSections = ["extends", "fragment", "replaces", "overrides", "append", "include", "presets", "cardTypes"];
export const actionKeys = ["text", "params", "require", "effect", "endsTurn", "skip", "ask", "assumed"];
export const requirementKeys = ["check", "else", "text", "assumed"];
export const triggerKeys = ["text", "when", "effect", "assumed"];
