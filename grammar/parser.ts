// The grammar of the houserules expression language: expressions (conditions and values) and programs
// (effects: statements run one after another). The parser has no actions: it returns a concrete syntax tree
// and every problem it met, and src/interpreter/lang/ast.ts turns the tree into the language's syntax tree.
import type { CstNode, IRecognitionException, ILexingError, IToken } from "chevrotain";
import { CstParser } from "./chevrotain.js";
import * as T from "./lexer.js";

/**
 * How deeply rules may nest inside one another (brackets, calls, conditionals, lambdas, not, minus, blocks,
 * else-if chains). A recursive-descent parser uses the call stack for nesting, so text nested without limit
 * would overflow it: past this depth parsing stops with a problem at the token where the limit was passed.
 */
export const maxNesting = 64;

/** Thrown inside the parser when text nests deeper than maxNesting; caught by parse(), never escapes it. */
class TooDeep extends Error {
  constructor(readonly token: IToken) {
    super("too deep");
  }
}

export class ExpressionParser extends CstParser {
  /**
   * chevrotain's checks of the grammar (ambiguous alternatives, left recursion, rules that are never reached)
   * take most of the time to build the parser, which every process that parses pays at its start, and they
   * find nothing in a grammar that does not change while it runs: they are skipped here and run by the
   * grammar's test (test/grammar.test.ts), which builds the parser with `checked`.
   */
  constructor(checked = false) {
    super(T.allTokens, { recoveryEnabled: true, maxLookahead: 3, skipValidations: !checked });
    this.performSelfAnalysis();
  }

  // program: statements, optionally separated by semicolons
  program = this.RULE("program", () => {
    this.MANY(() => this.SUBRULE(this.statement));
  });

  block = this.RULE("block", () => {
    this.CONSUME(T.LBrace);
    this.nested(() => this.MANY(() => this.SUBRULE(this.statement)));
    this.CONSUME(T.RBrace);
  });

  statement = this.RULE("statement", () => {
    this.OR([
      { ALT: () => this.SUBRULE(this.ifStatement) },
      { ALT: () => this.SUBRULE(this.forStatement) },
      { ALT: () => this.SUBRULE(this.whileStatement) },
      { ALT: () => this.SUBRULE(this.letStatement) },
      { ALT: () => this.SUBRULE(this.expressionStatement) },
    ]);
    this.OPTION(() => this.CONSUME(T.Semicolon));
  });

  ifStatement = this.RULE("ifStatement", () => {
    this.CONSUME(T.If);
    this.SUBRULE(this.expression, { LABEL: "test" });
    this.SUBRULE(this.block, { LABEL: "then" });
    this.OPTION(() => {
      this.CONSUME(T.Else);
      this.OR([
        { ALT: () => this.nested(() => this.SUBRULE2(this.ifStatement, { LABEL: "elseIf" })) },
        { ALT: () => this.SUBRULE2(this.block, { LABEL: "else" }) },
      ]);
    });
  });

  forStatement = this.RULE("forStatement", () => {
    this.CONSUME(T.For);
    this.CONSUME(T.Identifier);
    this.CONSUME(T.In);
    this.SUBRULE(this.expression);
    this.SUBRULE(this.block);
  });

  // Repeats while the condition holds; the step limit stops a loop that never ends.
  whileStatement = this.RULE("whileStatement", () => {
    this.CONSUME(T.While);
    this.SUBRULE(this.expression);
    this.SUBRULE(this.block);
  });

  letStatement = this.RULE("letStatement", () => {
    this.CONSUME(T.Let);
    this.CONSUME(T.Identifier);
    this.CONSUME(T.Assign);
    this.SUBRULE(this.expression);
  });

  // An expression on its own (an effect call), or an assignment to a variable.
  expressionStatement = this.RULE("expressionStatement", () => {
    this.SUBRULE(this.expression, { LABEL: "target" });
    this.OPTION(() => {
      this.OR([
        { ALT: () => this.CONSUME(T.Assign, { LABEL: "op" }) },
        { ALT: () => this.CONSUME(T.PlusAssign, { LABEL: "op" }) },
        { ALT: () => this.CONSUME(T.MinusAssign, { LABEL: "op" }) },
      ]);
      this.SUBRULE2(this.expression, { LABEL: "value" });
    });
  });

  expression = this.RULE("expression", () => {
    this.nested(() =>
      this.OR([
        { GATE: () => this.atLambda(), ALT: () => this.SUBRULE(this.lambda) },
        { ALT: () => this.SUBRULE(this.conditional) },
      ]),
    );
  });

  // x => body, or (a, b) => body: only meaningful as an argument of a function that takes one.
  lambda = this.RULE("lambda", () => {
    this.OR([
      { ALT: () => this.CONSUME(T.Identifier, { LABEL: "param" }) },
      {
        ALT: () => {
          this.CONSUME(T.LParen);
          this.MANY_SEP({ SEP: T.Comma, DEF: () => this.CONSUME2(T.Identifier, { LABEL: "param" }) });
          this.CONSUME(T.RParen);
        },
      },
    ]);
    this.CONSUME(T.Arrow);
    this.SUBRULE(this.expression, { LABEL: "body" });
  });

  conditional = this.RULE("conditional", () => {
    this.SUBRULE(this.coalesce, { LABEL: "test" });
    this.OPTION(() => {
      this.CONSUME(T.Question);
      this.SUBRULE(this.expression, { LABEL: "then" });
      this.CONSUME(T.Colon);
      this.SUBRULE2(this.expression, { LABEL: "else" });
    });
  });

  coalesce = this.RULE("coalesce", () => {
    this.SUBRULE(this.orExpr, { LABEL: "operand" });
    this.MANY(() => {
      this.CONSUME(T.Coalesce, { LABEL: "operator" });
      this.SUBRULE2(this.orExpr, { LABEL: "operand" });
    });
  });

  orExpr = this.RULE("orExpr", () => {
    this.SUBRULE(this.andExpr, { LABEL: "operand" });
    this.MANY(() => {
      this.OR([
        { ALT: () => this.CONSUME(T.Or, { LABEL: "operator" }) },
        { ALT: () => this.CONSUME(T.OrOr, { LABEL: "operator" }) },
      ]);
      this.SUBRULE2(this.andExpr, { LABEL: "operand" });
    });
  });

  andExpr = this.RULE("andExpr", () => {
    this.SUBRULE(this.notExpr, { LABEL: "operand" });
    this.MANY(() => {
      this.OR([
        { ALT: () => this.CONSUME(T.And, { LABEL: "operator" }) },
        { ALT: () => this.CONSUME(T.AndAnd, { LABEL: "operator" }) },
      ]);
      this.SUBRULE2(this.notExpr, { LABEL: "operand" });
    });
  });

  notExpr = this.RULE("notExpr", () => {
    this.OR([
      {
        ALT: () => {
          this.OR2([
            { ALT: () => this.CONSUME(T.Not, { LABEL: "operator" }) },
            { ALT: () => this.CONSUME(T.Bang, { LABEL: "operator" }) },
          ]);
          this.nested(() => this.SUBRULE(this.notExpr, { LABEL: "operand" }));
        },
      },
      { ALT: () => this.SUBRULE(this.comparison, { LABEL: "operand" }) },
    ]);
  });

  comparison = this.RULE("comparison", () => {
    this.SUBRULE(this.range, { LABEL: "operand" });
    this.OPTION(() => {
      this.OR([
        { ALT: () => this.CONSUME(T.Equal, { LABEL: "operator" }) },
        { ALT: () => this.CONSUME(T.NotEqual, { LABEL: "operator" }) },
        { ALT: () => this.CONSUME(T.LessEq, { LABEL: "operator" }) },
        { ALT: () => this.CONSUME(T.GreaterEq, { LABEL: "operator" }) },
        { ALT: () => this.CONSUME(T.Less, { LABEL: "operator" }) },
        { ALT: () => this.CONSUME(T.Greater, { LABEL: "operator" }) },
        { ALT: () => this.CONSUME(T.In, { LABEL: "operator" }) },
      ]);
      this.SUBRULE2(this.range, { LABEL: "operand" });
    });
  });

  range = this.RULE("range", () => {
    this.SUBRULE(this.additive, { LABEL: "operand" });
    this.OPTION(() => {
      this.CONSUME(T.Range, { LABEL: "operator" });
      this.SUBRULE2(this.additive, { LABEL: "operand" });
    });
  });

  additive = this.RULE("additive", () => {
    this.SUBRULE(this.multiplicative, { LABEL: "operand" });
    this.MANY(() => {
      this.OR([
        { ALT: () => this.CONSUME(T.Plus, { LABEL: "operator" }) },
        { ALT: () => this.CONSUME(T.Minus, { LABEL: "operator" }) },
      ]);
      this.SUBRULE2(this.multiplicative, { LABEL: "operand" });
    });
  });

  multiplicative = this.RULE("multiplicative", () => {
    this.SUBRULE(this.unary, { LABEL: "operand" });
    this.MANY(() => {
      this.OR([
        { ALT: () => this.CONSUME(T.Star, { LABEL: "operator" }) },
        { ALT: () => this.CONSUME(T.Slash, { LABEL: "operator" }) },
        { ALT: () => this.CONSUME(T.Percent, { LABEL: "operator" }) },
      ]);
      this.SUBRULE2(this.unary, { LABEL: "operand" });
    });
  });

  unary = this.RULE("unary", () => {
    this.OR([
      {
        ALT: () => {
          this.CONSUME(T.Minus, { LABEL: "operator" });
          this.nested(() => this.SUBRULE(this.unary, { LABEL: "operand" }));
        },
      },
      { ALT: () => this.SUBRULE(this.postfix, { LABEL: "operand" }) },
    ]);
  });

  // a.b, a.b(args), f(args), a[i]
  postfix = this.RULE("postfix", () => {
    this.SUBRULE(this.primary);
    this.MANY(() => {
      this.OR([
        {
          ALT: () => {
            this.CONSUME(T.Dot, { LABEL: "dot" });
            this.CONSUME(T.Identifier, { LABEL: "member" });
          },
        },
        { ALT: () => this.SUBRULE(this.arguments, { LABEL: "call" }) },
        {
          ALT: () => {
            this.CONSUME(T.LBracket, { LABEL: "index" });
            this.SUBRULE(this.expression, { LABEL: "indexValue" });
            this.CONSUME(T.RBracket);
          },
        },
      ]);
    });
  });

  arguments = this.RULE("arguments", () => {
    this.CONSUME(T.LParen);
    this.MANY_SEP({ SEP: T.Comma, DEF: () => this.SUBRULE(this.expression) });
    this.CONSUME(T.RParen);
  });

  primary = this.RULE("primary", () => {
    this.OR([
      { ALT: () => this.CONSUME(T.NumberLiteral) },
      { ALT: () => this.CONSUME(T.StringLiteral) },
      { ALT: () => this.CONSUME(T.True) },
      { ALT: () => this.CONSUME(T.False) },
      { ALT: () => this.CONSUME(T.None) },
      { ALT: () => this.CONSUME(T.Identifier) },
      {
        ALT: () => {
          this.CONSUME(T.LParen);
          this.SUBRULE(this.expression);
          this.CONSUME(T.RParen);
        },
      },
      { ALT: () => this.SUBRULE(this.list) },
    ]);
  });

  list = this.RULE("list", () => {
    this.CONSUME(T.LBracket);
    this.MANY_SEP({ SEP: T.Comma, DEF: () => this.SUBRULE(this.expression) });
    this.CONSUME(T.RBracket);
  });

  /** The nesting reached while parsing (parse() starts it at 0). */
  depth = 0;

  /** Runs one level of nesting, counted exactly even when error recovery unwinds through it. */
  private nested(run: () => void): void {
    try {
      this.ACTION(() => {
        if (++this.depth > maxNesting) throw new TooDeep(this.LA(1));
      });
      run();
    } finally {
      this.ACTION(() => this.depth--);
    }
  }

  /** Looks ahead for `x =>` or `(a, b) =>` without consuming anything. */
  private atLambda(): boolean {
    const first = this.LA(1).tokenType;
    if (first === T.Identifier) return this.LA(2).tokenType === T.Arrow;
    if (first !== T.LParen) return false;
    for (let i = 2; ; i += 2) {
      const t = this.LA(i).tokenType;
      if (t === T.RParen) return this.LA(i + 1).tokenType === T.Arrow;
      if (t !== T.Identifier) return false;
      const sep = this.LA(i + 1).tokenType;
      if (sep === T.RParen) return this.LA(i + 2).tokenType === T.Arrow;
      if (sep !== T.Comma) return false;
    }
  }
}

export const parser = new ExpressionParser();

export type StartRule = "program" | "expression";

export interface ParseResult {
  cst: CstNode | undefined;
  lexErrors: ILexingError[];
  parseErrors: IRecognitionException[];
  /** Where the text passed maxNesting (then there is no tree). */
  tooDeep?: { offset: number; length: number };
}

/** Parses text as a whole program or a single expression. Never throws: problems are returned. */
export function parse(text: string, start: StartRule): ParseResult {
  const lexed = T.expressionLexer.tokenize(text);
  parser.input = lexed.tokens;
  parser.depth = 0;
  try {
    const cst = start === "program" ? parser.program() : parser.expression();
    return { cst, lexErrors: lexed.errors, parseErrors: [...parser.errors] };
  } catch (e) {
    const token = e instanceof TooDeep ? e.token : undefined;
    const offset = token && !Number.isNaN(token.startOffset) ? token.startOffset : 0;
    const length = token && token.endOffset !== undefined ? token.endOffset - token.startOffset + 1 : 1;
    // A stack overflow (from a caller that left little stack) is reported as the same limit, at the start.
    if (!(e instanceof TooDeep) && !(e instanceof RangeError)) throw e;
    return { cst: undefined, lexErrors: lexed.errors, parseErrors: [], tooDeep: { offset, length } };
  } finally {
    parser.input = [];
  }
}
