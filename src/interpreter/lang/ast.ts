// The syntax tree of the expression language, built from the parser's concrete syntax tree. Every node keeps
// the offsets of its text within the expression string, so that a later problem can point at it.
import type { CstNode, IToken, CstElement } from "chevrotain";
import { maxNesting, parse, type StartRule } from "../../../grammar/parser.js";
import { allTokens } from "../../../grammar/lexer.js";

/**
 * How deep a syntax tree may be. Operator chains (`a + b + c ...`, `x.f().g()`) are flat in the text but deep in
 * the tree, and checking, compiling and running walk the tree recursively: past this the text is refused.
 */
export const maxTreeDepth = 256;

export interface Span {
  start: number;
  end: number; // exclusive
}

export type Expr =
  | { k: "num"; value: number; at: Span }
  | { k: "str"; value: string; at: Span }
  | { k: "bool"; value: boolean; at: Span }
  | { k: "none"; at: Span }
  | { k: "name"; name: string; at: Span }
  | { k: "member"; object: Expr; name: string; at: Span; nameAt: Span }
  | { k: "call"; callee: Expr; args: Expr[]; at: Span }
  | { k: "index"; object: Expr; index: Expr; at: Span }
  | { k: "unary"; op: "-" | "not"; arg: Expr; at: Span }
  | { k: "binary"; op: BinaryOp; left: Expr; right: Expr; at: Span; opAt: Span }
  | { k: "cond"; test: Expr; then: Expr; else: Expr; at: Span }
  | { k: "list"; items: Expr[]; at: Span }
  | { k: "lambda"; params: { name: string; at: Span }[]; body: Expr; at: Span };

export type BinaryOp =
  | "+" | "-" | "*" | "/" | "%"
  | "==" | "!=" | "<" | "<=" | ">" | ">=" | "in"
  | "and" | "or" | "??" | "..";

export type Stmt =
  | { k: "if"; test: Expr; then: Stmt[]; else: Stmt[] | null; at: Span }
  | { k: "for"; name: string; nameAt: Span; iterable: Expr; body: Stmt[]; at: Span }
  | { k: "while"; test: Expr; body: Stmt[]; at: Span }
  | { k: "let"; name: string; nameAt: Span; value: Expr; at: Span }
  | { k: "assign"; target: Expr; op: "=" | "+=" | "-="; opAt: Span; value: Expr; at: Span }
  | { k: "expr"; expr: Expr; at: Span };

export interface SyntaxProblem {
  code: "E_SYNTAX" | "E_EXPR_DEPTH";
  message: string;
  at: Span;
}

export interface Parsed<T> {
  value: T | null;
  problems: SyntaxProblem[];
}

export function parseExpression(text: string): Parsed<Expr> {
  return remembered(text, "expression", (cst) => expression(cst));
}

export function parseProgram(text: string): Parsed<Stmt[]> {
  return remembered(text, "program", (cst) => many(cst, "statement").map(statement));
}

/**
 * Trees already built, by their text: a tree depends on its text alone and nothing changes one, and the same
 * texts are parsed again whenever rules are compiled again (a fragment on a base already read, the next edit
 * in the playground, a round of a match). Bounded in count and in length, so that a hostile file's texts cannot
 * fill memory; the least recently used is dropped first.
 */
const trees = new Map<string, Parsed<unknown>>();
const maxTrees = 5000;
const maxRememberedText = 1000;

function remembered<T>(text: string, start: StartRule, convert: (cst: CstNode) => T): Parsed<T> {
  if (text.length > maxRememberedText) return build(text, start, convert);
  const key = `${start}\u0000${text}`;
  const hit = trees.get(key);
  if (hit) {
    trees.delete(key);
    trees.set(key, hit);
    return hit as Parsed<T>;
  }
  const made = build(text, start, convert);
  trees.set(key, made);
  if (trees.size > maxTrees) trees.delete(trees.keys().next().value!);
  return made;
}

function build<T>(text: string, start: StartRule, convert: (cst: CstNode) => T): Parsed<T> {
  const result = parse(text, start);
  const problems: SyntaxProblem[] = [];
  for (const e of result.lexErrors) {
    problems.push({
      code: "E_SYNTAX",
      message: `unexpected character '${text.substr(e.offset, 1)}'`,
      at: { start: e.offset, end: e.offset + Math.max(1, e.length) },
    });
  }
  // the first parse error only: the parser's recovery after it makes follow-on errors of the same mistake
  for (const e of result.parseErrors.slice(0, 1)) {
    const token = e.token;
    const atEnd = token.tokenType?.name === "EOF" || Number.isNaN(token.startOffset);
    const start = atEnd ? text.length : token.startOffset;
    const end = atEnd ? text.length : (token.endOffset ?? token.startOffset) + 1;
    problems.push({ code: "E_SYNTAX", message: describeParseError(e, atEnd), at: { start, end } });
  }
  if (result.tooDeep) {
    const { offset, length } = result.tooDeep;
    problems.push({ code: "E_EXPR_DEPTH", message: `nested more than ${maxNesting} levels deep (brackets, calls, conditionals, not, minus, blocks)`, at: { start: offset, end: offset + length } });
  }
  if (problems.length > 0 || !result.cst) return { value: null, problems };
  try {
    const value = convert(result.cst);
    const deep = deepest(value as Expr | Stmt[]);
    if (deep) return { value: null, problems: [{ code: "E_EXPR_DEPTH", message: `more than ${maxTreeDepth} operations nested in one expression: split it with define`, at: deep }] };
    return { value, problems };
  } catch {
    // Error recovery can leave holes in the tree; those are always reported above, so this is a safety net.
    return { value: null, problems: [{ code: "E_SYNTAX", message: "cannot read this expression", at: { start: 0, end: text.length } }] };
  }
}

/** The place of the first node deeper than maxTreeDepth, or undefined. Walks without recursion: a deep tree is the point. */
function deepest(root: Expr | Stmt[]): Span | undefined {
  const stack: [unknown, number][] = [[root, 0]];
  while (stack.length) {
    const [node, depth] = stack.pop()!;
    if (Array.isArray(node)) {
      for (const n of node) stack.push([n, depth]);
      continue;
    }
    if (!node || typeof node !== "object") continue;
    const n = node as { at?: Span; k?: string };
    if (n.k === undefined) continue;
    if (depth > maxTreeDepth) return n.at;
    for (const [key, child] of Object.entries(node)) {
      if (key !== "at" && key !== "nameAt" && key !== "opAt" && child && typeof child === "object") stack.push([child, depth + 1]);
    }
  }
  return undefined;
}

function describeParseError(e: { name: string; message: string; token: IToken }, atEnd: boolean): string {
  const found = atEnd ? "end of the text" : `'${e.token.image}'`;
  if (!atEnd && e.token.image === "=") return "unexpected '=': '=' sets a variable; to compare two values, write '=='";
  if (e.name === "NotAllInputParsedException") return `unexpected ${found}: the expression is already complete here`;
  const expecting = /Expecting:?\s*(?:one of these possible Token sequences:)?([\s\S]*?)\s*but found/.exec(e.message);
  const wanted = expecting ? summarizeExpected(expecting[1]) : "";
  return `unexpected ${found}${wanted ? `, expected ${wanted}` : ""}`;
}

const tokenWords: Record<string, string> = {
  RParen: "')'", LParen: "'('", RBracket: "']'", LBracket: "'['", RBrace: "'}'", LBrace: "'{'",
  Identifier: "a name", NumberLiteral: "a number", StringLiteral: "a string", Comma: "','", Colon: "':'",
  Arrow: "'=>'", Assign: "'='", In: "'in'", Minus: "'-'", True: "true", False: "false", None: "none", Not: "not",
  Bang: "'!'",
};

/** A token as the language's docs write it: its word, or what it is ("a name"), never the grammar's name for it. */
function tokenWord(name: string): string | null {
  if (Object.hasOwn(tokenWords, name)) return tokenWords[name];
  const type = allTokens.find((t) => t.name === name);
  const pattern = type?.PATTERN;
  if (!(pattern instanceof RegExp)) return null;
  const literal = pattern.source.replace(/\\(.)/g, "$1");
  return /^[^()[\]{}*+?|^$]+$/.test(pattern.source.replace(/\\./g, "x")) ? `'${literal}'` : null;
}

function summarizeExpected(text: string): string {
  const names = new Set<string>();
  // chevrotain names the tokens it expected by their type names (RParen, In); its own words are lower case
  for (const m of text.matchAll(/\b([A-Z][A-Za-z]*)\b/g)) {
    if (m[1] === "EOF" || m[1] === "Token" || m[1] === "Expecting") continue;
    const word = tokenWord(m[1]);
    if (word) names.add(word);
  }
  const starts = ["a number", "a string", "a name", "'('", "'['"];
  if (starts.every((s) => names.has(s))) return "a value";
  const list = [...names];
  if (list.length === 0) return "";
  return list.length <= 3 ? list.join(" or ") : `${list.slice(0, 3).join(", ")} or another token`;
}

// ---- CST helpers ---------------------------------------------------------------------------------

type Children = Record<string, CstElement[] | undefined>;

function kids(node: CstNode): Children {
  return node.children as Children;
}
function many(node: CstNode, key: string): CstNode[] {
  return (kids(node)[key] ?? []) as CstNode[];
}
function one(node: CstNode, key: string): CstNode {
  const found = kids(node)[key]?.[0];
  if (!found) throw new Error(`missing ${key}`);
  return found as CstNode;
}
function tokens(node: CstNode, key: string): IToken[] {
  return (kids(node)[key] ?? []) as IToken[];
}
function tok(node: CstNode, key: string): IToken | undefined {
  return tokens(node, key)[0];
}
function tokenSpan(t: IToken): Span {
  return { start: t.startOffset, end: (t.endOffset ?? t.startOffset) + 1 };
}
function join(a: Span, b: Span): Span {
  return { start: Math.min(a.start, b.start), end: Math.max(a.end, b.end) };
}
/** The span of a whole CST node: from its first to its last token. */
function nodeSpan(node: CstNode): Span {
  let start = Infinity;
  let end = -Infinity;
  const visit = (el: CstElement) => {
    if ("image" in el) {
      start = Math.min(start, el.startOffset);
      end = Math.max(end, (el.endOffset ?? el.startOffset) + 1);
    } else for (const list of Object.values(el.children)) for (const c of list ?? []) visit(c);
  };
  visit(node);
  return { start, end };
}

// ---- statements -----------------------------------------------------------------------------------

function statement(node: CstNode): Stmt {
  const c = kids(node);
  if (c.ifStatement) return ifStatement(one(node, "ifStatement"));
  if (c.forStatement) {
    const f = one(node, "forStatement");
    const name = tok(f, "Identifier")!;
    return {
      k: "for", name: name.image, nameAt: tokenSpan(name), iterable: expression(one(f, "expression")),
      body: block(one(f, "block")), at: nodeSpan(f),
    };
  }
  if (c.whileStatement) {
    const w = one(node, "whileStatement");
    return { k: "while", test: expression(one(w, "expression")), body: block(one(w, "block")), at: nodeSpan(w) };
  }
  if (c.letStatement) {
    const l = one(node, "letStatement");
    const name = tok(l, "Identifier")!;
    return { k: "let", name: name.image, nameAt: tokenSpan(name), value: expression(one(l, "expression")), at: nodeSpan(l) };
  }
  const s = one(node, "expressionStatement");
  const target = expression(one(s, "target"));
  const op = tok(s, "op");
  if (op) {
    return { k: "assign", target, op: op.image as "=" | "+=" | "-=", opAt: tokenSpan(op), value: expression(one(s, "value")), at: nodeSpan(s) };
  }
  return { k: "expr", expr: target, at: nodeSpan(s) };
}

function ifStatement(node: CstNode): Stmt {
  const c = kids(node);
  const elseBranch = c.elseIf ? [ifStatement(one(node, "elseIf"))] : c.else ? block(one(node, "else")) : null;
  return { k: "if", test: expression(one(node, "test")), then: block(one(node, "then")), else: elseBranch, at: nodeSpan(node) };
}

function block(node: CstNode): Stmt[] {
  return many(node, "statement").map(statement);
}

// ---- expressions ----------------------------------------------------------------------------------

function expression(node: CstNode): Expr {
  const c = kids(node);
  if (c.lambda) return lambda(one(node, "lambda"));
  return conditional(one(node, "conditional"));
}

function lambda(node: CstNode): Expr {
  const params = tokens(node, "param").map((t) => ({ name: t.image, at: tokenSpan(t) }));
  return { k: "lambda", params, body: expression(one(node, "body")), at: nodeSpan(node) };
}

function conditional(node: CstNode): Expr {
  const test = binaryChain(one(node, "test"));
  if (!kids(node).then) return test;
  const then = expression(one(node, "then"));
  const otherwise = expression(one(node, "else"));
  return { k: "cond", test, then, else: otherwise, at: join(test.at, otherwise.at) };
}

const operatorNames: Record<string, BinaryOp> = { "&&": "and", "||": "or" };

/** Every binary level has the same shape: operand (operator operand)*, folded to the left. */
function binaryChain(node: CstNode): Expr {
  if (node.name === "notExpr") return notLevel(node);
  if (node.name === "unary") return unary(node);
  const operands = many(node, "operand");
  const operators = tokens(node, "operator");
  let left = binaryChain(operands[0]);
  for (let i = 0; i < operators.length; i++) {
    const right = binaryChain(operands[i + 1]);
    const image = operators[i].image;
    const op = (operatorNames[image] ?? image) as BinaryOp;
    left = { k: "binary", op, left, right, at: join(left.at, right.at), opAt: tokenSpan(operators[i]) };
  }
  return left;
}

function notLevel(node: CstNode): Expr {
  const op = tok(node, "operator");
  const operand = one(node, "operand");
  if (!op) return binaryChain(operand);
  const arg = notLevel(operand);
  return { k: "unary", op: "not", arg, at: join(tokenSpan(op), arg.at) };
}

function unary(node: CstNode): Expr {
  const op = tok(node, "operator");
  const operand = one(node, "operand");
  if (!op) return postfix(operand);
  const arg = unary(operand);
  if (arg.k === "num") return { k: "num", value: -arg.value, at: join(tokenSpan(op), arg.at) };
  return { k: "unary", op: "-", arg, at: join(tokenSpan(op), arg.at) };
}

function postfix(node: CstNode): Expr {
  let result = primary(one(node, "primary"));
  // The suffixes come back grouped by kind; put them back in source order.
  const suffixes: { offset: number; apply: (e: Expr) => Expr }[] = [];
  const members = tokens(node, "member");
  for (const m of members) {
    suffixes.push({
      offset: m.startOffset,
      apply: (e) => ({ k: "member", object: e, name: m.image, at: join(e.at, tokenSpan(m)), nameAt: tokenSpan(m) }),
    });
  }
  for (const call of many(node, "call")) {
    const span = nodeSpan(call);
    const args = many(call, "expression").map(expression);
    suffixes.push({ offset: span.start, apply: (e) => ({ k: "call", callee: e, args, at: join(e.at, span) }) });
  }
  const indexTokens = tokens(node, "index");
  const indexValues = many(node, "indexValue");
  indexTokens.forEach((t, i) => {
    const index = expression(indexValues[i]);
    suffixes.push({
      offset: t.startOffset,
      apply: (e) => ({ k: "index", object: e, index, at: join(e.at, { start: t.startOffset, end: index.at.end + 1 }) }),
    });
  });
  suffixes.sort((a, b) => a.offset - b.offset);
  for (const s of suffixes) result = s.apply(result);
  return result;
}

function primary(node: CstNode): Expr {
  const c = kids(node);
  const t = (key: string) => tok(node, key)!;
  if (c.NumberLiteral) return { k: "num", value: Number(t("NumberLiteral").image), at: tokenSpan(t("NumberLiteral")) };
  if (c.StringLiteral) {
    const s = t("StringLiteral");
    return { k: "str", value: unquote(s.image), at: tokenSpan(s) };
  }
  if (c.True) return { k: "bool", value: true, at: tokenSpan(t("True")) };
  if (c.False) return { k: "bool", value: false, at: tokenSpan(t("False")) };
  if (c.None) return { k: "none", at: tokenSpan(t("None")) };
  if (c.Identifier) return { k: "name", name: t("Identifier").image, at: tokenSpan(t("Identifier")) };
  if (c.list) {
    const l = one(node, "list");
    return { k: "list", items: many(l, "expression").map(expression), at: nodeSpan(l) };
  }
  const inner = expression(one(node, "expression"));
  return { ...inner, at: nodeSpan(node) } as Expr;
}

function unquote(image: string): string {
  return image.slice(1, -1).replace(/\\(.)/g, (_, ch: string) => (ch === "n" ? "\n" : ch === "t" ? "\t" : ch));
}
