// Expressions and effect programs in plain English: a visitor over the syntax tree, each node read by its own
// wording (wording.ts). It reads the rule file's own names the way its declarations say: a zone each player has
// is "your hand" alone and "p's hand" for a player, a zone of the game is "the pile".
import { parseExpression, parseProgram, type Expr, type Stmt } from "../interpreter/lang/ast.js";
import { functionWords, operatorWords, specialWords, youWords } from "./wording.js";

/** What the reader needs to know about the names of the rule file. */
export interface Names {
  perPlayer: Set<string>; // zones and variables each player has
  gameZones: Set<string>;
  /** Numbers of a card attribute that have names (a standard deck's rank 12 is the queen), by attribute. */
  valueNames?: ReadonlyMap<string, ReadonlyMap<number, string>>;
}

/** One line of a rendered program, indented by its depth (the body of an if or a for is one deeper). */
export interface Line {
  text: string;
  depth: number;
}

/** A camelCase name as words: faceDown → face down. */
export function words(name: string): string {
  return name.replace(/([a-z0-9])([A-Z])/g, "$1 $2").replace(/[_-]+/g, " ").toLowerCase();
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

  constructor(private names: Names) {}

  /** An expression as words; text that does not parse is shown as written. */
  expression(text: string | number | boolean): string {
    if (typeof text !== "string") return String(text);
    const parsed = parseExpression(text);
    return parsed.value ? this.expr(parsed.value) : `(as written: ${text})`;
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

  /** Reads with some names bound as locals (a definition's or an action's parameters). */
  withLocals<T>(names: string[], read: () => T): T {
    const saved = this.locals;
    this.locals = [...saved, ...names];
    try {
      return read();
    } finally {
      this.locals = saved;
    }
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
      case "for":
        return [{ text: `For each ${words(s.name)} in ${this.expr(s.iterable)}:`, depth }, ...this.withLocals([s.name], () => this.block(s.body, depth + 1))];
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
        if (named !== null && !Object.hasOwn(functionWords, named)) return [{ text: `Do ${this.expr(s.expr)}.`, depth }];
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
        // a constant's table is looked up by a key; a list is counted from 0
        return e.object.k === "name" && !this.locals.includes(e.object.name) && !this.names.perPlayer.has(e.object.name) && !this.names.gameZones.has(e.object.name)
          ? `${e.object.name} for ${this.expr(e.index)}`
          : `card ${this.inner(e.index)} of ${this.expr(e.object)}, counting from 0`;
      case "unary":
        return e.op === "-" ? `minus ${this.inner(e.arg)}` : `not ${this.inner(e.arg)}`;
      case "binary": {
        // "me == maker" reads "you are maker", not "you is"; "c.rank == 12" reads "c's rank is queen"
        const [l, r] = [this.named(e.right, e.left) ?? this.side(e.left, e.op), this.named(e.left, e.right) ?? this.side(e.right, e.op)];
        return fill(operatorWords[e.op], { l, r }).replace(/^you is\b/, "you are");
      }
      case "cond":
        return `${this.inner(e.then)} if ${this.expr(e.test)}, otherwise ${this.inner(e.else)}`;
      case "list":
        return e.items.length === 0 ? "nothing" : listWords(e.items.map((x) => this.expr(x)));
      case "lambda":
        return this.withLocals(e.params.map((p) => p.name), () => `for each ${e.params.map((p) => words(p.name)).join(" and ")}, ${this.expr(e.body)}`);
    }
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

  private name(name: string): string {
    // a name the rules bind (a parameter, a let, a for) reads as words: upCard is "up card"
    if (this.locals.includes(name)) return words(name);
    if (Object.hasOwn(specialWords, name)) return specialWords[name as keyof typeof specialWords];
    if (this.names.perPlayer.has(name)) return `your ${words(name)}`;
    if (this.names.gameZones.has(name)) return `the ${words(name)}`;
    return name;
  }

  private member(object: Expr, name: string): string {
    if (Object.hasOwn(functionWords, name) && !this.names.perPlayer.has(name)) return this.callNamed(name, [object]);
    const owner = this.expr(object);
    const simple = object.k === "name" || (object.k === "member" && object.object.k === "name" && !Object.hasOwn(functionWords, object.name));
    const thing = this.names.perPlayer.has(name) ? words(name) : name;
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
    // a definition of the rule file, named as written: the rulebook's Definitions say what it is
    if (!templates) return args.length ? `${name}(${args.map((a) => this.expr(a)).join(", ")})` : name;
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
      values.p = lambda.params[0] ? words(lambda.params[0].name) : "item";
      values.body = this.withLocals(lambda.params.map((p) => p.name), () => this.expr(lambda.body));
    }
    let template = templates[Math.min(templates.length - 1, Math.max(0, templates.length - 1 - missingOptional(templates, values)))];
    if (filtered && template.includes("{p} in {0}")) {
      values.where = this.withLocals([lambda!.params[0]?.name ?? "item"], () => this.expr(filtered.test));
      // the player with the lowest claim among the players for which it is not nothing: the choice first
      const choice = /^(the|every) \{p\} in \{0\} (with .*)$/.exec(template);
      template = choice ? `${choice[1]} {p} ${choice[2]} among {0} for which {where}` : template.replace("{p} in {0}", "{p} in {0} for which {where}");
    } else if (filtered) values["0"] = this.inner(filtered.call);
    return fill(template, values);
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

const logical = (op: string) => op === "and" || op === "or";
const comparison = (op: string) => ["==", "!=", "<", "<=", ">", ">=", "in"].includes(op);

export function listWords(items: string[]): string {
  return items.length <= 1 ? items.join("") : `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}
