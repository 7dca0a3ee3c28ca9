// Tokens of the houserules expression language. Nothing here evaluates: the parser builds a concrete syntax
// tree from these tokens, and src/interpreter gives it meaning.
import type { Lexer as LexerType, TokenType } from "chevrotain";
import { createToken, Lexer } from "./chevrotain.js";

export const WhiteSpace = createToken({ name: "WhiteSpace", pattern: /[ \t\r\n]+/, group: Lexer.SKIPPED });
export const Comment = createToken({ name: "Comment", pattern: /#[^\n]*/, group: Lexer.SKIPPED });

export const Identifier = createToken({ name: "Identifier", pattern: /[A-Za-z_][A-Za-z0-9_]*/ });
const keyword = (name: string, word: string) =>
  createToken({ name, pattern: new RegExp(word + "(?![A-Za-z0-9_])"), longer_alt: Identifier });

export const If = keyword("If", "if");
export const Else = keyword("Else", "else");
export const For = keyword("For", "for");
export const While = keyword("While", "while");
export const In = keyword("In", "in");
export const Let = keyword("Let", "let");
export const And = keyword("And", "and");
export const Or = keyword("Or", "or");
export const Not = keyword("Not", "not");
export const True = keyword("True", "true");
export const False = keyword("False", "false");
export const None = keyword("None", "none");

export const NumberLiteral = createToken({ name: "NumberLiteral", pattern: /\d+(?:\.\d+)?/ });
export const StringLiteral = createToken({ name: "StringLiteral", pattern: /"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'/ });

export const Arrow = createToken({ name: "Arrow", pattern: /=>/ });
export const Equal = createToken({ name: "Equal", pattern: /==/ });
export const NotEqual = createToken({ name: "NotEqual", pattern: /!=/ });
export const LessEq = createToken({ name: "LessEq", pattern: /<=/ });
export const GreaterEq = createToken({ name: "GreaterEq", pattern: />=/ });
export const Less = createToken({ name: "Less", pattern: /</ });
export const Greater = createToken({ name: "Greater", pattern: />/ });
export const PlusAssign = createToken({ name: "PlusAssign", pattern: /\+=/ });
export const MinusAssign = createToken({ name: "MinusAssign", pattern: /-=/ });
export const Assign = createToken({ name: "Assign", pattern: /=/ });
export const AndAnd = createToken({ name: "AndAnd", pattern: /&&/ });
export const OrOr = createToken({ name: "OrOr", pattern: /\|\|/ });
export const Coalesce = createToken({ name: "Coalesce", pattern: /\?\?/ });
export const Bang = createToken({ name: "Bang", pattern: /!/ });
export const Plus = createToken({ name: "Plus", pattern: /\+/ });
export const Minus = createToken({ name: "Minus", pattern: /-/ });
export const Star = createToken({ name: "Star", pattern: /\*/ });
export const Slash = createToken({ name: "Slash", pattern: /\// });
export const Percent = createToken({ name: "Percent", pattern: /%/ });
export const Range = createToken({ name: "Range", pattern: /\.\./ });
export const Dot = createToken({ name: "Dot", pattern: /\./ });
export const Comma = createToken({ name: "Comma", pattern: /,/ });
export const Semicolon = createToken({ name: "Semicolon", pattern: /;/ });
export const Question = createToken({ name: "Question", pattern: /\?/ });
export const Colon = createToken({ name: "Colon", pattern: /:/ });
export const LParen = createToken({ name: "LParen", pattern: /\(/ });
export const RParen = createToken({ name: "RParen", pattern: /\)/ });
export const LBracket = createToken({ name: "LBracket", pattern: /\[/ });
export const RBracket = createToken({ name: "RBracket", pattern: /]/ });
export const LBrace = createToken({ name: "LBrace", pattern: /\{/ });
export const RBrace = createToken({ name: "RBrace", pattern: /}/ });

// Order matters: longer punctuation before its prefixes, keywords before the identifier they resemble.
export const allTokens: TokenType[] = [
  WhiteSpace, Comment,
  If, Else, For, While, In, Let, And, Or, Not, True, False, None,
  Identifier, NumberLiteral, StringLiteral,
  Arrow, Equal, NotEqual, LessEq, GreaterEq, Less, Greater, PlusAssign, MinusAssign, Assign,
  AndAnd, OrOr, Coalesce, Bang, Plus, Minus, Star, Slash, Percent,
  Range, Dot, Comma, Semicolon, Question, Colon, LParen, RParen, LBracket, RBracket, LBrace, RBrace,
];

/**
 * The lexer. chevrotain's checks of the token definitions (patterns that can never match, and the like) cost
 * every process that parses a few milliseconds each time it starts and find nothing in definitions that do not
 * change: they are skipped here and run by the grammar's test (test/grammar.test.ts), with `checked`.
 */
export function makeLexer(checked = false): LexerType {
  return new Lexer(allTokens, { positionTracking: "full", ensureOptimizations: false, skipValidations: !checked });
}

export const expressionLexer = makeLexer();

/** Words a rule cannot use as a name. */
export const reservedWords = ["if", "else", "for", "while", "in", "let", "and", "or", "not", "true", "false", "none"];
