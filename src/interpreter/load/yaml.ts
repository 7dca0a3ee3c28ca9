// Reads YAML into plain values while remembering where every value came from, so that any later problem,
// even one inside an expression string, can be reported at its exact line and column.
import { isAlias, isMap, isPair, isScalar, isSeq, Lexer, parseDocument, type Node, type Document, Scalar } from "yaml";
import type { Diagnostic, Code, Severity } from "../diagnostics.js";
import { maxYamlDepth, maxYamlTokens, maxYamlValues } from "../limits.js";

/** Where a value sits in its file. Offsets are character offsets into the file text. */
export interface Place {
  start: number;
  end: number;
  keyStart?: number;
  keyEnd?: number;
  /** For strings: how the scalar was written, to map offsets within the value back to the file. */
  scalarType?: string;
  valueText?: string;
  /**
   * For a key written with no value in {...} after a plain string (`{text: a, b}`): the entry as it was likely
   * meant, its value quoted (`text: "a, b"`), since a ',' ends a value there and YAML read the rest as keys.
   */
  split?: string;
}

/** Where diagnostics about a rule tree are placed: one file, or several composed into one tree. */
export interface Source {
  readonly path: string;
  at(pointer: string, severity: Severity, code: Code, message: string, onKey?: boolean): Diagnostic;
  inside(pointer: string, from: number, to: number, severity: Severity, code: Code, message: string): Diagnostic;
  /** The line a value (or its key) starts on, for messages that point back at it. */
  lineOf(pointer: string): number;
}

export class SourceFile implements Source {
  readonly places = new Map<string, Place>();
  private starts: number[] | null = null;
  constructor(
    readonly path: string,
    readonly text: string,
  ) {}

  /** The offset where each line starts, found once in one pass over the text. */
  private lineStarts(): number[] {
    if (this.starts) return this.starts;
    const starts = [0];
    for (let i = this.text.indexOf("\n"); i >= 0; i = this.text.indexOf("\n", i + 1)) starts.push(i + 1);
    return (this.starts = starts);
  }

  /** The text of line n (1-based), without its line break; undefined past the end. */
  lineText(n: number): string | undefined {
    const starts = this.lineStarts();
    if (n < 1 || n > starts.length) return undefined;
    const end = n < starts.length ? starts[n] - 1 : this.text.length;
    return this.text.slice(starts[n - 1], end).replace(/\r$/, "");
  }

  position(offset: number): { line: number; col: number } {
    const starts = this.lineStarts();
    const at = Math.max(0, Math.min(offset, this.text.length));
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid] <= at) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, col: at - starts[lo] + 1 };
  }

  diagnostic(severity: Severity, code: Code, message: string, start: number, end = start + 1): Diagnostic {
    const a = this.position(start);
    const b = this.position(Math.max(start, end));
    return { severity, code, message, file: this.path, line: a.line, col: a.col, endLine: b.line, endCol: b.col };
  }

  /** The place of a value, or of the nearest enclosing value that has one. */
  placeOf(pointer: string): Place {
    let p = pointer;
    for (;;) {
      const found = this.places.get(p);
      if (found) return found;
      if (p === "") return { start: 0, end: 0 };
      p = p.slice(0, p.lastIndexOf("/"));
    }
  }

  lineOf(pointer: string): number {
    const place = this.placeOf(pointer);
    return this.position(place.keyStart ?? place.start).line;
  }

  /** A diagnostic at a value (or at its key, for problems with the key itself). */
  at(pointer: string, severity: Severity, code: Code, message: string, onKey = false): Diagnostic {
    const place = this.placeOf(pointer);
    if (onKey && place.keyStart !== undefined) return this.diagnostic(severity, code, message, place.keyStart, place.keyEnd);
    return this.diagnostic(severity, code, message, place.start, place.end);
  }

  /** A diagnostic at characters [from, to) of the string value at pointer: inside an expression. */
  inside(pointer: string, from: number, to: number, severity: Severity, code: Code, message: string): Diagnostic {
    const place = this.placeOf(pointer);
    return this.diagnostic(severity, code, message, this.offsetInValue(place, from), this.offsetInValue(place, Math.max(from + 1, to) - 1) + 1);
  }

  /** Maps an offset in a scalar's parsed value to an offset in the file, following indentation and escapes. */
  offsetInValue(place: Place, index: number): number {
    const value = place.valueText;
    if (value === undefined) return place.start;
    let src = place.start;
    if (place.scalarType === "BLOCK_LITERAL" || place.scalarType === "BLOCK_FOLDED") {
      src = this.text.indexOf("\n", src) + 1; // skip the header line (| or >)
    } else if (place.scalarType === "QUOTE_DOUBLE" || place.scalarType === "QUOTE_SINGLE") {
      src += 1;
    }
    // Walk the value and the source together: a value character is found at the next source character equal
    // to it; indentation, line folding and escape characters in between are skipped.
    const limit = Math.min(index, value.length);
    for (let i = 0; i < limit; i++) {
      const found = this.text.indexOf(value[i], src);
      if (found >= 0 && found - src <= 64 && found < place.end + 1) src = found + 1;
    }
    if (index >= value.length) return Math.min(src, place.end);
    const next = this.text.indexOf(value[index], src);
    return next >= 0 && next - src <= 64 ? next : src;
  }
}

export interface YamlLoad {
  value: unknown;
  problems: Diagnostic[];
}

const forbiddenKeys = new Set(["__proto__", "constructor", "prototype"]);
const maxAliasExpansions = 200;

// The lexer's markers that stand for no text of the file.
const markers = new Set(["\x02", "\x18", "\x1f"]);

/**
 * Caps that hold while the text is read, before the yaml package builds anything: it spends time and memory far
 * beyond the text's size on some shapes (millions of brackets), so a file that passes a cap is refused here.
 */
function prescan(file: SourceFile): Diagnostic | undefined {
  let tokens = 0;
  let flow = 0;
  let offset = 0;
  // Block nesting, roughly: the open indentations, plus the `- ` and `? ` that open a level within a line.
  const indents: number[] = [];
  let lineStart = true;
  let inLine = 0;
  const tooDeep = () => file.diagnostic("error", "E_YAML_DEPTH", `values nested more than ${maxYamlDepth} deep`, offset);
  for (const token of new Lexer().lex(file.text)) {
    if (++tokens > maxYamlTokens) {
      return file.diagnostic("error", "E_YAML_SIZE", `the document is too large (more than ${maxYamlTokens} YAML tokens)`, offset);
    }
    if (token === "\n" || token === "\r\n") {
      lineStart = true;
      inLine = 0;
    } else if (token === "[" || token === "{") {
      if (++flow > maxYamlDepth) return tooDeep();
    } else if (token === "]" || token === "}") {
      flow = Math.max(0, flow - 1);
    } else if (flow === 0 && !markers.has(token) && !/^[ \t]*$/.test(token) && !token.startsWith("#")) {
      if (lineStart) {
        const indent = file.position(offset).col - 1;
        while (indents.length && indents[indents.length - 1] > indent) indents.pop();
        if (!indents.length || indents[indents.length - 1] < indent) indents.push(indent);
        lineStart = false;
      }
      if (token === "-" || token === "?") inLine++;
      if (indents.length + inLine > maxYamlDepth) return tooDeep();
    }
    if (!markers.has(token)) offset += token.length;
  }
  return undefined;
}

/**
 * Parses YAML text into plain values (objects without prototypes' surprises: forbidden keys are refused and
 * dropped), recording places by JSON pointer in file.places. Never throws.
 */
export function loadYaml(file: SourceFile): YamlLoad {
  const problems: Diagnostic[] = [];
  const capped = prescan(file);
  if (capped) return { value: undefined, problems: [capped] };
  let doc: Document.Parsed;
  try {
    // Keys are checked for repeats below, in linear time: the package's own check compares every pair.
    doc = parseDocument(file.text, { keepSourceTokens: true, uniqueKeys: false, prettyErrors: false });
  } catch (e) {
    problems.push(file.diagnostic("error", "E_YAML", `cannot read YAML: ${(e as Error).message}`, 0));
    return { value: undefined, problems };
  }
  for (const e of doc.errors) {
    const hint = colonHint(file.text, e.code, e.pos[0]);
    if (hint) problems.push(file.diagnostic("error", "E_YAML", hint.message, hint.start, hint.end));
    else problems.push(file.diagnostic("error", "E_YAML", yamlMessage(e.message), e.pos[0], e.pos[1]));
  }
  if (problems.length > 0) return { value: undefined, problems };

  let aliases = 0;
  let nodes = 0;
  let stopped = false;
  const convert = (node: Node | null | undefined, pointer: string, key: { start: number; end: number } | undefined, depth: number): unknown => {
    if (stopped) return undefined;
    if (++nodes > maxYamlValues) {
      stopped = true;
      problems.push(file.diagnostic("error", "E_YAML_SIZE", `the document is too large (more than ${maxYamlValues} values)`, node?.range?.[0] ?? 0));
      return undefined;
    }
    if (node == null) return null;
    if (depth > maxYamlDepth) {
      stopped = true;
      const r = node.range ?? [0, 0];
      problems.push(file.diagnostic("error", "E_YAML_DEPTH", `values nested more than ${maxYamlDepth} deep`, r[0], r[0] + 1));
      return undefined;
    }
    if (isAlias(node)) {
      if (++aliases > maxAliasExpansions) {
        stopped = true;
        const r = node.range ?? [0, 0];
        problems.push(file.diagnostic("error", "E_ALIAS", `too many alias expansions (more than ${maxAliasExpansions}): refusing a possible alias bomb`, r[0], r[1]));
        return undefined;
      }
      const target = node.resolve(doc);
      const r = node.range ?? [0, 0];
      record(pointer, r, key);
      return convert(target as Node, pointer, key, depth + 1);
    }
    const range = node.range ?? [0, 0, 0];
    if (isScalar(node)) {
      const place = record(pointer, range, key);
      if (typeof node.value === "string") {
        place.scalarType = node.type ?? Scalar.PLAIN;
        place.valueText = node.value;
      }
      return node.value;
    }
    record(pointer, range, key);
    if (isSeq(node)) return node.items.map((item, i) => convert(item as Node, `${pointer}/${i}`, undefined, depth + 1));
    if (isMap(node)) {
      const out: Record<string, unknown> = {};
      const seen = new Set<string>();
      for (const pair of node.items) {
        const k = pair.key as Node | null;
        const name = isScalar(k) ? String(k.value) : "";
        const kr = k?.range ?? [0, 0];
        if (!isScalar(k)) {
          problems.push(file.diagnostic("error", "E_KEY", "a key must be a plain name", kr[0], kr[1]));
          continue;
        }
        if (forbiddenKeys.has(name)) {
          problems.push(file.diagnostic("error", "E_KEY", `the key '${name}' is not allowed`, kr[0], kr[1]));
          continue;
        }
        const split = node.flow && pair.value == null ? commaHint(file.text, node.items[node.items.indexOf(pair) - 1], name, kr[1]) : undefined;
        if (split) {
          problems.push(file.diagnostic("error", "E_YAML", split.message, split.start, split.end));
          continue;
        }
        if (seen.has(name)) {
          problems.push(file.diagnostic("error", "E_YAML", "Map keys must be unique", kr[0], kr[1]));
          continue;
        }
        seen.add(name);
        const childPointer = `${pointer}/${escapePointer(name)}`;
        const value = convert(pair.value as Node, childPointer, { start: kr[0], end: kr[1] }, depth + 1);
        Object.defineProperty(out, name, { value, enumerable: true, writable: true, configurable: true });
        if (pair.value == null) {
          const place = record(childPointer, [kr[0], kr[1]], { start: kr[0], end: kr[1] });
          if (node.flow) place.split = splitEntry(file.text, node.items, node.items.indexOf(pair));
        }
      }
      return out;
    }
    return undefined;
  };
  const record = (pointer: string, range: readonly number[], key?: { start: number; end: number }): Place => {
    const place: Place = { start: range[0], end: range[1] };
    if (key) {
      place.keyStart = key.start;
      place.keyEnd = key.end;
    }
    file.places.set(pointer, place);
    return place;
  };
  const value = convert(doc.contents as Node, "", undefined, 0);
  return { value: stopped ? undefined : value, problems };
}

export function escapePointer(segment: string): string {
  return segment.replace(/~/g, "~0").replace(/\//g, "~1");
}

/** The key a JSON Pointer segment names: escapePointer undone. */
export function unescapePointer(segment: string): string {
  return segment.replace(/~1/g, "/").replace(/~0/g, "~");
}

/**
 * `else: note: play more` reads as a map inside a value: the usual cause is a value holding ': ', which YAML
 * takes as a key. Say so, and show the value quoted.
 */
function colonHint(text: string, code: string, at: number) {
  if (code !== "BLOCK_AS_IMPLICIT_KEY" && code !== "BLOCK_IN_FLOW") return undefined;
  const lineEnd = text.indexOf("\n", at);
  let value = text.slice(at, lineEnd < 0 ? text.length : lineEnd).replace(/\s+#.*$/, "").trimEnd();
  if (code === "BLOCK_IN_FLOW") value = value.replace(/\s*[,}\]].*$/, "");
  if (!value.includes(": ")) return undefined;
  return { message: `this value holds ': ', which YAML reads as the start of a map: put the value in quotes, ${quote(value)}`, start: at, end: at + value.length };
}

/**
 * `{from: range(0, n)}` reads as two entries, `from: range(0` and `n)`: a comma inside a map written in braces
 * ends its entry. A key left with a bracket it never opened is the rest of the value before it: say so, and show
 * that value quoted.
 */
function commaHint(text: string, before: unknown, name: string, end: number) {
  if (!unopened(name) || !isPair(before) || !isScalar(before.value) || typeof before.value.value !== "string") return undefined;
  const start = before.value.range?.[0] ?? 0;
  const value = text.slice(start, end);
  return { message: `this value holds ', ', which YAML reads as the end of an entry in {...}: put the value in quotes, ${quote(value)}`, start, end };
}

/**
 * `{text: a, b}`: the entry a key with no value (at index i of a flow map's items) was likely cut from, when the
 * entries before it back to a plain string value have no value either and that string ends mid-sentence; the
 * entry is given whole, its value running through the keys that follow with no value, in quotes.
 */
function splitEntry(text: string, items: readonly unknown[], i: number): string | undefined {
  let from = i - 1;
  while (from >= 0 && isPair(items[from]) && (items[from] as { value: unknown }).value == null) from--;
  const head = items[from];
  if (!isPair(head) || !isScalar(head.key) || !isScalar(head.value) || typeof head.value.value !== "string") return undefined;
  if (head.value.type !== Scalar.PLAIN || /[.!?:;)]$/.test(head.value.value)) return undefined;
  let to = i;
  while (to + 1 < items.length && isPair(items[to + 1]) && (items[to + 1] as { value: unknown }).value == null) to++;
  const last = (items[to] as { key: Node }).key;
  const start = head.value.range?.[0] ?? 0;
  return `${String(head.key.value)}: ${quote(text.slice(start, last.range?.[1] ?? start))}`;
}

/** A value as YAML writes it in double quotes. */
function quote(value: string): string {
  return `"${value.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`;
}

/** Whether a text closes a bracket it did not open: `n)`, `2]`. */
function unopened(text: string): boolean {
  let depth = 0;
  for (const ch of text) {
    if (ch === "(" || ch === "[") depth++;
    else if (ch === ")" || ch === "]") depth--;
    if (depth < 0) return true;
  }
  return false;
}

function yamlMessage(message: string): string {
  // The yaml package appends "at line L, column C" and a code excerpt; our diagnostics carry the place already.
  return message.replace(/ at line \d+, column \d+[\s\S]*$/, "").replace(/\n[\s\S]*$/, "");
}
