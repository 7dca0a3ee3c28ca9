// Expressions and effect programs in plain English: a visitor over the syntax tree, each node read by its own
// wording (wording.ts). It reads the rule file's own names the way its declarations say: a zone each player has
// is "your hand" alone and "p's hand" for a player, a zone of the game is "the pile".
import { parseExpression, parseProgram, type Expr, type Stmt } from "../interpreter/lang/ast.js";
import { functionWords, operatorWords, specialWords, youWords } from "./wording.js";

/** What the reader needs to know about the names of the rule file. */
export interface Names {
  perPlayer: Set<string>; // zones and variables each player has
  gameZones: Set<string>;
  /** Zones each player has (a subset of perPlayer): what a name bound over them ranges over is cards. */
  playerZones?: Set<string>;
  /** The rule file's definitions, by name: a call of one reads as its name in words. */
  defines?: Set<string>;
  /** Those of them that take parameters: one named alone is given to another definition, as a function. */
  withParams?: Set<string>;
  /** Numbers of a card attribute that have names (a standard deck's rank 12 is the queen), by attribute. */
  valueNames?: ReadonlyMap<string, ReadonlyMap<number, string>>;
  /** How each other name of the rule file reads (a variable "the led suit", a yes-or-no definition "from table"). */
  phrases?: ReadonlyMap<string, string>;
  /** The definitions that say yes or no of what they are given (canPlay(c)): read as a statement about it. */
  predicates?: ReadonlySet<string>;
  /** Families of named zones (`family: [red, green]`): looked up by a member's name, as `column[c.suit]`. */
  families?: ReadonlySet<string>;
  /** Constants that are lists (looked up by place, not by key). */
  lists?: ReadonlySet<string>;
}

/** One line of a rendered program, indented by its depth (the body of an if or a for is one deeper). */
export interface Line {
  text: string;
  depth: number;
}

/** A camelCase name as words: faceDown → face down. */
export function words(name: string): string {
  return name.replace(/([a-z0-9])([A-Z])/g, "$1 $2").replace(/([A-Za-z])([0-9])/g, "$1 $2").replace(/[_-]+/g, " ").toLowerCase();
}

/** A name as an entry's heading: faceDown → Face down. */
export function heading(name: string): string {
  const w = words(name);
  return w.charAt(0).toUpperCase() + w.slice(1);
}

/** What a one-letter name bound by the rules stands for, by custom: p a player, c a card, n a number. */
const letterNouns: Record<string, string> = { p: "player", q: "player", o: "player", c: "card", d: "card", t: "team", n: "number", i: "number", j: "number", k: "number", m: "number" };

/** The word for a name bound without a noun of its own: a letter by custom (else "value"), a longer name in words. */
function boundNoun(name: string): string {
  return name.length === 1 ? letterNouns[name] ?? "value" : words(name);
}

/** "a two", "an ace", "an eight". */
function article(noun: string): string {
  return `${/^[aeiou]/.test(noun) ? "an" : "a"} ${noun}`;
}

/** Words our own phrases start with; a sentence that starts with a name from the rule file keeps its case. */
const ownWords = new Set(
  [...Object.values(functionWords).flat(), ...Object.values(specialWords), ...Object.values(youWords), "nothing", "true", "false", "not", "minus", "for", "your", "the"]
    .map((t) => t.split(" ")[0])
    .filter((w) => /^[a-z]+$/.test(w)),
);

/** A phrase as the start of a sentence; `locals` are names the rules bind (p, c), which read as words too. */
export function capitalize(text: string, locals: readonly string[] = []): string {
  const first = /^[a-z]+/.exec(text)?.[0];
  const local = locals.some((l) => new RegExp(`^${escaped(words(l))}\\b`).test(text));
  return (first && ownWords.has(first)) || local ? text.charAt(0).toUpperCase() + text.slice(1) : text;
}

function escaped(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** Fills a template: {0} … are the arguments; [ … ] parts are left out unless every placeholder in them is given. */
function fill(template: string, values: Record<string, string | undefined>): string {
  const one = (t: string) => t.replace(/\{([^}]+)\}/g, (_, k: string) => values[k] ?? "");
  return one(template.replace(/\[([^\]]*)\]/g, (_, part: string) => ([...part.matchAll(/\{([^}]+)\}/g)].every((m) => values[m[1]] !== undefined) ? part : "")));
}

export class Reader {
  private locals: string[] = [];
  /** What a bound name reads as, named by what it ranges over: p over the players is "the player". */
  private phrases = new Map<string, string>();

  constructor(private names: Names) {}

  /** An expression as words; text that does not parse is shown as written. */
  expression(text: string | number | boolean): string {
    if (typeof text !== "string") return String(text);
    const parsed = parseExpression(text);
    return parsed.value ? this.expr(parsed.value) : `(as written: ${text})`;
  }

  /** A function of one of `noun` (scores: p => p.won.count) as what it gives, the parameter read "the player". */
  valueOf(text: string, noun: string): string {
    const parsed = parseExpression(text);
    const e = parsed.value;
    if (!e || e.k !== "lambda" || e.params.length !== 1) return this.expression(text);
    return this.withLocals([e.params[0].name], () => this.expr(e.body), [noun]);
  }

  /**
   * A message with {expressions} in it (a refusal's `else`), each value it fills in read in words and set in
   * angle brackets, as a move's parameters are in "Written as: play <cards>".
   */
  message(text: string): string {
    return text.replace(/\{([^{}]*)\}/g, (whole, inner: string) => {
      const parsed = parseExpression(inner);
      return parsed.value ? `<${this.expr(parsed.value)}>` : `(as written: ${whole})`;
    });
  }

  /** A program as lines of words. */
  program(text: string, depth = 0): Line[] {
    const parsed = parseProgram(text);
    if (!parsed.value) return [{ text: `(as written: ${text.trim()})`, depth }];
    return this.block(parsed.value, depth);
  }

  /**
   * Reads with some names bound as locals (a definition's or an action's parameters); `nouns` names what each
   * ranges over ("player"), so that it reads "the player" (or "the other player" inside another "the player").
   */
  withLocals<T>(names: string[], read: () => T, nouns: (string | undefined)[] = []): T {
    const saved = this.locals;
    const savedPhrases = this.phrases;
    this.locals = [...saved, ...names];
    this.phrases = new Map(savedPhrases);
    names.forEach((name, i) => {
      const noun = nouns[i] ?? (name.length === 1 ? boundNoun(name) : undefined);
      if (noun === undefined) return void this.phrases.delete(name);
      const taken = new Set(this.phrases.values());
      const phrase = [`the ${noun}`, `the other ${noun}`].find((x) => !taken.has(x));
      if (phrase) this.phrases.set(name, phrase);
      else this.phrases.delete(name);
    });
    try {
      return read();
    } finally {
      this.locals = saved;
      this.phrases = savedPhrases;
    }
  }

  /**
   * What each one-letter parameter of a definition stands for, from how its body uses it: a card when it reads a
   * card's attribute (c.rank), a player when it reads a zone or a variable each player has (p.hand); undefined
   * when the body says neither or both, and for a parameter with a name of its own (top), which reads as written.
   */
  parameterNouns(params: string[], text: string, cardAttributes: ReadonlySet<string>): (string | undefined)[] {
    return this.nounsFrom(params, parseExpression(text).value ?? parseProgram(text).value, cardAttributes);
  }

  /** The same for the parameters of a syntax tree already read (a function written x => ...). */
  private nounsFrom(params: string[], parsed: unknown, cardAttributes: ReadonlySet<string>): (string | undefined)[] {
    const uses = new Map(params.map((p) => [p, new Set<string>()]));
    const visit = (node: unknown, depth: number): void => {
      if (depth > 200 || !node || typeof node !== "object") return;
      if (Array.isArray(node)) return node.forEach((n) => visit(n, depth + 1));
      const n = node as { k?: unknown; object?: { k?: unknown; name?: unknown }; name?: unknown };
      if (n.k === "member" && n.object?.k === "name" && typeof n.object.name === "string" && typeof n.name === "string") {
        const name = n.name;
        const kind = cardAttributes.has(name) ? "card" : this.names.perPlayer.has(name) ? "player" : null;
        if (kind) uses.get(n.object.name)?.add(kind);
      }
      for (const v of Object.values(node)) visit(v, depth + 1);
    };
    visit(parsed, 0);
    return params.map((p) => {
      const kinds = uses.get(p)!;
      return p.length === 1 && kinds.size === 1 ? [...kinds][0] : undefined;
    });
  }

  /** The word for one of what a list holds, when the list says: the players hold players, a zone cards. */
  private nounOf(e: Expr): string | undefined {
    switch (e.k) {
      case "name":
        if (e.name === "players" || e.name === "active") return this.locals.includes(e.name) ? undefined : "player";
        if (this.locals.includes(e.name)) return undefined;
        if (this.family(e)) return "zone";
        return this.names.gameZones.has(e.name) || this.names.playerZones?.has(e.name) ? "card" : undefined;
      case "member":
        if (this.family(e)) return "zone";
        return this.names.playerZones?.has(e.name) ? "card" : Object.hasOwn(keepsItems, e.name) ? this.nounOf(e.object) : undefined;
      case "call": {
        const [name, first] = e.callee.k === "name" ? [e.callee.name, e.args[0]] : e.callee.k === "member" ? [e.callee.name, e.callee.object] : [null, undefined];
        if (name === "clockwiseFrom") return "player";
        return name !== null && Object.hasOwn(keepsItems, name) && first ? this.nounOf(first) : undefined;
      }
      case "binary":
        return e.op === "+" || e.op === "-" ? this.nounOf(e.left) ?? this.nounOf(e.right) : undefined;
      default:
        return undefined;
    }
  }

  /** What a name bound over a list reads as: named by the list's items, else by its own name in words. */
  private nounFor(name: string, list: Expr | undefined): string {
    return (list && this.nounOf(list)) ?? (name.length > 1 ? words(name) : letterNouns[name] ?? "item");
  }

  private block(stmts: Stmt[], depth: number): Line[] {
    return stmts.flatMap((s) => this.statement(s, depth));
  }

  private statement(s: Stmt, depth: number): Line[] {
    switch (s.k) {
      case "if": {
        const lines = [{ text: `If ${this.expr(s.test)}:`, depth }, ...this.block(s.then, depth + 1)];
        if (s.else) {
          const chained = s.else.length === 1 && s.else[0].k === "if";
          if (chained) {
            const rest = this.statement(s.else[0], depth);
            rest[0] = { text: `Otherwise, if ${rest[0].text.slice(3)}`, depth };
            lines.push(...rest);
          } else lines.push({ text: "Otherwise:", depth }, ...this.block(s.else, depth + 1));
        }
        return lines;
      }
      case "for": {
        const noun = this.nounFor(s.name, s.iterable);
        const over = this.expr(s.iterable);
        const each = over === `the ${plural(noun)}` ? noun : `${noun} in ${over}`;
        return [{ text: `For each ${each}:`, depth }, ...this.withLocals([s.name], () => this.block(s.body, depth + 1), [noun])];
      }
      case "while":
        return [{ text: `As long as ${this.expr(s.test)}:`, depth }, ...this.block(s.body, depth + 1)];
      case "let":
        this.locals.push(s.name);
        return [{ text: `Let ${words(s.name)} be ${this.expr(s.value)}.`, depth }];
      case "assign": {
        const [target, value] = [this.expr(s.target), this.expr(s.value)];
        const text = s.op === "=" ? `Set ${target} to ${value}.` : s.op === "+=" ? `Add ${value} to ${target}.` : `Take ${value} from ${target}.`;
        return [{ text, depth }];
      }
      case "expr": {
        // a definition of the rule file used as an effect is named as written
        const named = s.expr.k === "call" && s.expr.callee.k === "name" ? s.expr.callee.name : s.expr.k === "name" ? s.expr.name : null;
        if (named !== null && !Object.hasOwn(functionWords, named)) {
          const args = s.expr.k === "call" ? s.expr.args.map((a) => this.given(a)) : [];
          return [{ text: `${heading(named)}${args.length ? `, with ${listWords(args)}` : ""}.`, depth }];
        }
        return [{ text: `${capitalize(this.expr(s.expr), this.locals)}.`, depth }];
      }
    }
  }

  expr(e: Expr): string {
    switch (e.k) {
      case "num":
        return String(e.value);
      case "str":
        return `"${e.value}"`;
      case "bool":
        return e.value ? "true" : "false";
      case "none":
        return "nothing";
      case "name":
        return this.name(e.name);
      case "member":
        return this.member(e.object, e.name);
      case "call":
        return this.call(e);
      case "index":
        // a constant's table is looked up by a key; a list is counted from 0; a family of named zones by a name
        if (this.family(e.object)) return `${this.expr(e.object)} of ${this.inner(e.index)}`;
        if (e.object.k === "name" && this.names.lists?.has(e.object.name)) return `entry ${this.inner(e.index)} of ${this.name(e.object.name)}, counting from 0`;
        return e.object.k === "name" && !this.locals.includes(e.object.name) && !this.names.perPlayer.has(e.object.name) && !this.names.gameZones.has(e.object.name)
          ? `${this.name(e.object.name)}${/ of$/.test(this.name(e.object.name)) ? "" : " for"} ${this.expr(e.index)}`
          : `card ${this.inner(e.index)} of ${this.expr(e.object)}, counting from 0`;
      case "unary":
        return e.op === "-" ? `minus ${this.inner(e.arg)}` : `not ${this.inner(e.arg)}`;
      case "binary": {
        const unset = this.unset(e);
        if (unset) return unset;
        const rank = this.rankIs(e);
        if (rank) return rank;
        const said = this.joined(e);
        if (said) return said;
        // "me == maker" reads "you are maker", not "you is"; "c.rank == 12" reads "c's rank is queen"
        const name = (attribute: Expr, value: Expr) => (comparison(e.op) ? this.named(attribute, value) : undefined);
        const [l, r] = [name(e.right, e.left) ?? this.side(e.left, e.op), name(e.left, e.right) ?? this.side(e.right, e.op)];
        return fill(operatorWords[e.op], { l, r }).replace(/^you is\b/, "you are");
      }
      case "cond":
        return `${this.inner(e.then)} if ${this.expr(e.test)}, otherwise ${this.inner(e.else)}`;
      case "list":
        return e.items.length === 0 ? "nothing" : listWords(e.items.map((x) => this.expr(x)));
      case "lambda": {
        // p => p.won.count: p is a player, read from what the body asks of it
        const read = this.nounsFrom(e.params.map((p) => p.name), e.body, new Set());
        const nouns = e.params.map((p, i) => read[i] ?? this.nounFor(p.name, undefined));
        return this.withLocals(e.params.map((p) => p.name), () => `for each ${nouns.join(" and ")}, ${this.expr(e.body)}`, nouns);
      }
    }
  }

  /** Texts joined with +, as the words they make: “<the card's name> is lower than <the top card's name>”. */
  private joined(e: Extract<Expr, { k: "binary" }>): string | undefined {
    if (e.op !== "+") return undefined;
    const parts: Expr[] = [];
    const flat = (x: Expr): void => void (x.k === "binary" && x.op === "+" ? (flat(x.left), flat(x.right)) : parts.push(x));
    flat(e);
    if (!parts.some((p) => p.k === "str")) return undefined;
    return `“${parts.map((p) => (p.k === "str" ? p.value : `<${this.expr(p)}>`)).join("")}”`;
  }

  /** "c.rank == 2" of a standard deck reads "the card is a two", and != "is not a two". */
  private rankIs(e: Extract<Expr, { k: "binary" }>): string | undefined {
    if (e.op !== "==" && e.op !== "!=") return undefined;
    const [attribute, value] = e.left.k === "member" ? [e.left, e.right] : [e.right, e.left];
    if (attribute.k !== "member" || attribute.name !== "rank") return undefined;
    const name = this.named(attribute, value);
    if (!name) return undefined;
    const owner = this.expr(attribute.object);
    return `${owner} ${owner === "you" ? "are" : "is"} ${e.op === "!=" ? "not " : ""}${article(name)}`;
  }

  /** An argument of a definition: a definition named alone is given as a function, and reads as what it gives. */
  private given(a: Expr): string {
    if (a.k === "name" && !this.locals.includes(a.name) && this.names.withParams?.has(a.name)) return `the ${words(a.name)}`;
    return this.expr(a);
  }

  /** A number compared with a card attribute whose values have names, by its name: the queen, not 12. */
  private named(attribute: Expr, value: Expr): string | undefined {
    if (value.k !== "num" || attribute.k !== "member") return undefined;
    return this.names.valueNames?.get(attribute.name)?.get(value.value);
  }

  /** A part of a larger phrase: compound parts in brackets, so that "a or b and c" cannot be misread. */
  private inner(e: Expr): string {
    const text = this.expr(e);
    return e.k === "binary" || e.k === "cond" ? `(${text})` : text;
  }

  /** One side of an operator, in brackets where the reading would otherwise be ambiguous. */
  private side(e: Expr, op: string): string {
    const text = this.expr(e);
    if (e.k === "cond") return `(${text})`;
    if (e.k !== "binary" || e.op === op) return text;
    if (logical(op)) return logical(e.op) ? `(${text})` : text;
    if (comparison(op)) return logical(e.op) || comparison(e.op) ? `(${text})` : text;
    return `(${text})`;
  }

  /** `x != none` reads "x is set", and of a player's or a card's value "the player has a claim". */
  private unset(e: Extract<Expr, { k: "binary" }>): string | undefined {
    if ((e.op !== "==" && e.op !== "!=") || (e.left.k !== "none" && e.right.k !== "none")) return undefined;
    const subject = e.left.k === "none" ? e.right : e.left;
    const is = e.op === "!=";
    const owned = (owner: string, thing: string) => {
      const have = owner === "you" ? "have" : "has";
      return is ? `${owner} ${have} ${/^[aeiou]/.test(thing) ? "an" : "a"} ${thing}` : `${owner} ${have} no ${thing}`;
    };
    if (subject.k === "call" && subject.callee.k === "name" && !Object.hasOwn(functionWords, subject.callee.name) && subject.args.length === 1) {
      return owned(this.inner(subject.args[0]), words(subject.callee.name));
    }
    if (subject.k === "member" && !Object.hasOwn(functionWords, subject.name)) return owned(this.inner(subject.object), words(subject.name));
    return `${this.inner(subject)} is ${is ? "set" : "not set"}`;
  }

  private name(name: string): string {
    // a name the rules bind (a parameter, a let, a for) reads as words: upCard is "up card"; one bound over
    // a list by what the list holds: p over the players is "the player"
    if (this.locals.includes(name)) return this.phrases.get(name) ?? words(name);
    if (Object.hasOwn(specialWords, name)) return specialWords[name as keyof typeof specialWords];
    if (this.names.perPlayer.has(name)) return `your ${words(name)}`;
    if (this.names.gameZones.has(name)) return `the ${words(name)}`;
    return this.names.phrases?.get(name) ?? words(name);
  }

  /** Whether an expression names a family of named zones: `column`, `p.column`. */
  private family(e: Expr): boolean {
    const name = e.k === "name" && !this.locals.includes(e.name) ? e.name : e.k === "member" ? e.name : null;
    return name !== null && (this.names.families?.has(name) ?? false);
  }

  private member(object: Expr, name: string): string {
    if (this.family(object)) return `${this.expr(object)} of ${name}`;
    if (Object.hasOwn(functionWords, name) && !this.names.perPlayer.has(name)) return this.callNamed(name, [object]);
    const owner = this.expr(object);
    const simple = object.k === "name" || (object.k === "member" && object.object.k === "name" && !Object.hasOwn(functionWords, object.name));
    const thing = words(name);
    if (owner === "you") return `your ${thing}`;
    return simple ? `${owner}'s ${thing}` : `the ${thing} of ${owner}`;
  }

  private call(e: Extract<Expr, { k: "call" }>): string {
    if (e.callee.k === "name") return this.callNamed(e.callee.name, e.args);
    if (e.callee.k === "member") return this.callNamed(e.callee.name, [e.callee.object, ...e.args]);
    return `${this.expr(e.callee)}(${e.args.map((a) => this.expr(a)).join(", ")})`;
  }

  private callNamed(name: string, given: Expr[]): string {
    let args = given;
    const templates = Object.hasOwn(functionWords, name) ? functionWords[name] : undefined;
    // a definition of the rule file, named as written: the rulebook's Definitions say what it is; one of a
    // player or a card whose name is a thing it has reads as that: the claim of the player, your claim
    if (!templates) {
      // a function given to the definition being read, called: the measure of the player
      if (this.locals.includes(name) && args.length >= 1) {
        const of = args.map((a) => this.inner(a)).join(" and ");
        return of === "you" ? `your ${words(name)}` : `the ${words(name)} of ${of}`;
      }
      return this.definition(name, args.map((a) => this.given(a)));
    }
    if (Object.hasOwn(youWords, name) && args.length === 1 && args[0].k === "name" && args[0].name === "me") return youWords[name];
    const lambda = args.find((a): a is Extract<Expr, { k: "lambda" }> => a.k === "lambda");
    // filter(list, c => a).count(c => b) reads once: the count of c in the list for which a, ...
    const filtered = lambda ? this.filterOf(args[0], lambda.params[0]?.name) : undefined;
    if (filtered) args = [filtered.list, ...args.slice(1)];
    const values: Record<string, string | undefined> = {};
    args.forEach((a, i) => {
      if (a.k === "lambda") return;
      values[String(i)] = this.inner(a);
      if (a.k === "name" && this.names.perPlayer.has(a.name)) values[`${i}:bare`] = words(a.name);
      else values[`${i}:bare`] = values[String(i)];
    });
    if (lambda) {
      const param = lambda.params[0]?.name;
      const noun = param === undefined ? "item" : this.nounFor(param, args[0] === lambda ? undefined : args[0]);
      // inside a rule about "the player", another player bound reads "the other player"
      values.p = [...this.phrases.values()].includes(`the ${noun}`) ? `other ${noun}` : noun;
      values.ps = plural(noun);
      const nouns = lambda.params.map((_, i) => (i === 0 ? noun : undefined));
      values.body = this.withLocals(lambda.params.map((p) => p.name), () => this.expr(lambda.body), nouns);
      // "the player with the lowest claim": a value of the bound item itself is named by the value alone
      const body = lambda.body;
      if (param !== undefined && /\{body\}$/.test(templates[templates.length - 1]) && /with the (highest|lowest)|order of/.test(templates[templates.length - 1])) {
        if (body.k === "call" && body.callee.k === "name" && !Object.hasOwn(functionWords, body.callee.name) && body.args.length === 1 && body.args[0].k === "name" && body.args[0].name === param) values.body = words(body.callee.name);
        else if (body.k === "member" && body.object.k === "name" && body.object.name === param && !Object.hasOwn(functionWords, body.name)) values.body = words(body.name);
      }
      values.which = relative(values.body, noun, true);
      if (values["0"] === `the ${values.ps}`) values.all = values.ps;
    }
    let template = templates[Math.min(templates.length - 1, Math.max(0, templates.length - 1 - missingOptional(templates, values)))];
    if (filtered && (template.includes("{p} in {0}") || template.includes("{ps} in {0}"))) {
      // the player with the lowest claim, among the players who have a claim: the choice first
      const choice = /^(the|every) \{p\} in \{0\} (with .*)$/.exec(template);
      values.where = relative(this.withLocals([lambda!.params[0]?.name ?? "item"], () => this.expr(filtered.test), [values.p]), values.p!, !!choice || template.includes("{ps}"));
      template = choice ? `${choice[1]} {p} ${choice[2]}, among {0} {where}` : template.replace(/\{(ps?)\} in \{0\}/, template.includes("{which}") ? "{$1} in {0} {where} and" : "{$1} in {0} {where}");
    } else if (filtered) values["0"] = this.inner(filtered.call);
    // "every player in the players" is every player
    if (values.all !== undefined && !filtered) template = template.replace("{p} in {0}", "{p}").replace("{ps} in {0}", "{ps}");
    return fill(template, values);
  }

  /**
   * A call of one of the rule file's definitions, by its name in words: one that says yes or no as a statement about
   * what it is given ("the card can play", "the card follows the top card"), another as a thing that has ("your
   * claim", "the hand score of the crib, given yes").
   */
  private definition(name: string, args: string[]): string {
    if (args.length === 0) return this.name(name);
    const rest = args.length > 1 ? ` ${listWords(args.slice(1))}` : "";
    // a definition whose body says yes or no; one whose body says otherwise is a thing, whatever its name
    const known = this.names.predicates !== undefined && this.names.defines?.has(name);
    if (known ? this.names.predicates!.has(name) || /^(is|has|can|may|must|should|does)[A-Z]/.test(name) : predicate(name)) {
      const verb = /^(is|has|can|may|must|does|should)([A-Z_].*)$/.exec(name);
      if (verb) return `${args[0]} ${args[0] === "you" && verb[1] === "is" ? "are" : args[0] === "you" && verb[1] === "has" ? "have" : verb[1]} ${words(verb[2])}${rest ? `, for${rest}` : ""}`;
      // follows(c, top): "the card follows the top card"
      if (/^[a-z]+s$/.test(name)) return `${args[0]} ${name}${rest}`;
      // takenOut(c), legal(c): "the card is taken out", "the card is legal"
      if (!rest && (/^[a-z]+(ed|en|able|ible|al|ous|ive|ful)([A-Z]|$)/.test(name) || /^[a-z]+$/.test(name))) return `${args[0]} ${args[0] === "you" ? "are" : "is"} ${words(name)}`;
      return `${words(name)}${/ for$/.test(words(name)) ? "" : " for"} ${listWords(args)}`;
    }
    // suitOf(c): "the suit of the card"
    const thing = words(name).replace(/ of$/, "");
    const of = args[0] === "you" ? `your ${thing}` : `the ${thing} of ${args[0]}`;
    return `${of}${rest ? `, given${rest}` : ""}`;
  }

  /** The list and test of a filter whose test's parameter has the given name, as in hand.filter(c => ...). */
  private filterOf(e: Expr, param: string | undefined): { list: Expr; test: Expr; call: Expr } | undefined {
    if (param === undefined || e.k !== "call") return undefined;
    const [name, args] = e.callee.k === "name" ? [e.callee.name, e.args] : e.callee.k === "member" ? [e.callee.name, [e.callee.object, ...e.args]] : [null, []];
    const test = args[1];
    if (name !== "filter" || args.length !== 2 || test.k !== "lambda" || test.params[0]?.name !== param) return undefined;
    return { list: args[0], test: test.body, call: e };
  }
}

/** How many of a function's optional arguments are not given: its templates go from fewest arguments to most. */
function missingOptional(templates: string[], values: Record<string, string | undefined>): number {
  let missing = 0;
  for (let i = templates.length - 1; i > 0; i--) {
    const needs = [...templates[i].matchAll(/\{([^}:]+)(?::bare)?\}/g)].map((m) => m[1]);
    if (needs.every((k) => values[k] !== undefined)) break;
    missing++;
  }
  return missing;
}

/** Functions whose result holds what their first argument holds (a zone's top cards are cards). */
const keepsItems: Record<string, true> = { filter: true, sort: true, reverse: true, distinct: true, without: true, top: true, bottom: true, first: true, last: true, cards: true };

/** A definition whose name says something of its argument (canPlay, isTrump) rather than a thing it has. */
function predicate(name: string): boolean {
  // canPlay, isTrump; trickAllows, roundEnds (a last word that is a verb: taken to be one ending in s)
  return /^(can|is|has|may|must|should|does|why|allows?|beats?|matches|follows|wins?|takes?|serves?|ranks?)([A-Z_]|$)/.test(name) || /[a-z][A-Z][a-z]*s$/.test(name);
}

function plural(noun: string): string {
  return /(s|x|ch|sh)$/.test(noun) ? `${noun}es` : /[^aeiou]y$/.test(noun) ? `${noun.slice(0, -1)}ies` : `${noun}s`;
}

/**
 * A test of a bound item as a clause after its plural ("the players who have a claim", "the cards whose rank is
 * 2"); one that does not start with the item reads "for which ...".
 */
function relative(test: string, noun: string, many: boolean): string {
  const subject = `the ${noun}`;
  if (test.startsWith(`${subject}'s `)) return `whose ${test.slice(subject.length + 3)}`;
  if (test.startsWith(`${subject} `)) {
    const rest = test.slice(subject.length + 1);
    const verbs: Record<string, string> = { has: "have", is: "are", goes: "go", does: "do", holds: "hold", takes: "take", finishes: "finish" };
    const [verb] = rest.split(" ");
    // "the card is not a two": the cards that are not twos
    const one = /^is (not )?an? (\w+)$/.exec(rest);
    if (one && many) return `that are ${one[1] ?? ""}${plural(one[2])}`;
    if (!many) return `${noun === "player" ? "who" : "that"} ${rest}`;
    if (Object.hasOwn(verbs, verb)) return `${noun === "player" ? "who" : "that"} ${verbs[verb]}${rest.slice(verb.length)}`;
  }
  return `for which ${test}`;
}

const logical = (op: string) => op === "and" || op === "or";
const comparison = (op: string) => ["==", "!=", "<", "<=", ">", ">=", "in"].includes(op);

export function listWords(items: string[]): string {
  return items.length <= 1 ? items.join("") : `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}
