// Problems found in rule files and scenarios are values: a code from the catalogue below, a message, and the
// exact place in a file. They are collected, never thrown, so that one run reports all of them.

export type Severity = "error" | "warning" | "notice";

export const codes = {
  E_FILE: "a rules file or scenario cannot be read",
  E_FILE_SIZE: "a file larger than the limit, refused before it is read",
  E_PATH: "a reference to a file a rule file may not reach (not a .yaml file beside it or under the rule folders)",
  E_YAML: "the YAML itself is malformed",
  E_ALIAS: "YAML aliases expand too far",
  E_YAML_SIZE: "a YAML document with more tokens or values than the limit",
  E_YAML_DEPTH: "YAML values nested deeper than the limit",
  E_KEY: "a key that is not allowed",
  E_SCHEMA: "the structure does not match the rules schema",
  E_SYNTAX: "an expression or effect cannot be parsed",
  E_EXPR_DEPTH: "an expression or effect nested deeper than the limit",
  E_NAME: "a name that is not defined",
  E_TYPE: "a value of the wrong type",
  E_EFFECT: "an effect used where only a value may appear, or the reverse",
  E_RECURSION: "a definition that uses itself",
  E_UNREACHABLE: "a rule that can never take part in a game",
  E_CONFLICT: "two rules that set the same thing",
  E_CARD: "a card name that no card has",
  E_COMPOSE: "fragments that cannot be composed",
  E_EXTENDS_DEPTH: "a chain of fragments each extending the next, longer than the limit",
  E_RULES: "a rules id that names no rule file",
  E_CARD_COUNT: "a card set that would make more cards than the limit",
  E_LIMIT: "limits: raised past the most a rule file may set",
  E_REFUSED: "a scenario's move was refused by the rules",
  E_ACCEPTED: "a scenario's move that must be refused was accepted",
  E_EXPECT: "what a scenario expects does not hold",
  E_STOPPED: "the game a scenario plays stopped: a rule failed while it ran",
  E_OPTION: "an option declared with no allowed value, or given a value its declaration does not allow",
  E_RANGE_SIZE: "a range with more numbers than the limit (at load for constants, else when it runs)",
  E_LIST_SIZE: "a list built at run time with more items than the limit",
  E_TEXT_SIZE: "a text built at run time longer than the limit",
  E_MOVES: "more legal moves at one time than the limit",
  E_BUDGET: "a run that passed the time or memory bound its user set",
  E_SWEEP: "a sweep file whose rule sets, players or agents do not make cells to play, or make more cells or shards than the limit",
  E_RUNTIME: "a rule that failed at run time",
  W_UNUSED: "something defined but never used",
  W_SHADOW: "a definition with the name of a built-in function, which it hides",
  W_NONE: "a value that may be none where an effect needs it: the effect then does nothing",
  N_ASSUMED: "a value the rulebook does not give, marked as assumed",
} as const;

export type Code = keyof typeof codes;

export interface Location {
  file: string;
  line: number; // 1-based
  col: number; // 1-based
  endLine?: number;
  endCol?: number;
}

export interface Diagnostic extends Location {
  severity: Severity;
  code: Code;
  message: string;
}

export function formatDiagnostic(d: Diagnostic): string {
  return `${d.file}:${d.line}:${d.col}: ${d.severity} ${d.code}: ${d.message}`;
}

/** Gives the text of one line of a file (1-based), or undefined: a SourceFile does, without splitting the file. */
export interface Lines {
  lineText(line: number): string | undefined;
}

/** The source line of a diagnostic with a caret under the place it points at, for people reading a terminal. */
export function excerpt(d: Diagnostic, source: Lines | undefined): string {
  const line = source?.lineText(d.line);
  if (line === undefined) return "";
  const width = d.endLine === d.line && d.endCol && d.endCol > d.col ? d.endCol - d.col : 1;
  return `  ${line}\n  ${" ".repeat(Math.max(0, d.col - 1))}${"^".repeat(width)}`;
}

export function sortDiagnostics(list: Diagnostic[]): Diagnostic[] {
  const rank: Record<Severity, number> = { error: 0, warning: 1, notice: 2 };
  return [...list].sort(
    (a, b) => a.file.localeCompare(b.file) || rank[a.severity] - rank[b.severity] || a.line - b.line || a.col - b.col,
  );
}

// ---- "did you mean" --------------------------------------------------------------------------------

/** Edit distance with transpositions: a swapped pair of letters counts as one edit. */
export function editDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) d[0][j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[a.length][b.length];
}

/** The closest candidate to a misspelled name, if one is close enough to be what was meant. */
export function closest(name: string, candidates: Iterable<string>): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  const lower = name.toLowerCase();
  for (const c of candidates) {
    const distance = c.toLowerCase() === lower ? 0 : editDistance(lower, c.toLowerCase());
    if (distance < bestDistance) {
      best = c;
      bestDistance = distance;
    }
  }
  const allowed = Math.max(name.length >= 3 ? 1 : 0, Math.floor(name.length / 3));
  return bestDistance <= allowed ? best : undefined;
}

/** Names other languages use for what the rules language calls otherwise: `.size` is `.count` here. */
const synonyms = new Map<string, string>([
  ["size", "count"], ["length", "count"], ["len", "count"], ["unique", "distinct"], ["uniq", "distinct"],
  ["where", "filter"], ["select", "map"], ["includes", "contains"], ["has", "contains"], ["shuffled", "shuffle"],
  ["head", "first"], ["tail", "last"], ["push", "move"], ["pop", "top"], ["sort", "sortBy"], ["orderBy", "sortBy"],
]);

export function suggestion(name: string, candidates: Iterable<string>): string {
  const list = [...candidates];
  const synonym = synonyms.get(name) ?? synonyms.get(name.toLowerCase());
  if (synonym !== undefined && list.includes(synonym)) return ` (did you mean '${synonym}'?)`;
  const near = closest(name, list);
  return near ? ` (did you mean '${near}'?)` : "";
}
