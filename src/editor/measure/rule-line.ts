// Where a rule is written: coverage names rules by their path in the rule file (actions.play.require.order),
// and the editor shows a line. The rule may be in the file run or in a file it extends. And what a rule did, in words.
import { parseDocument, isMap, isScalar, LineCounter } from "yaml";
import type { Place } from "../rules/where.js";

/** The line (1-based) of the key at a dotted path in a YAML text, or null when the text does not have it. */
export function lineOfRule(text: string, rule: string): number | null {
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, keepSourceTokens: false });
  let node: unknown = doc.contents;
  let at: number | null = null;
  for (const key of rule.split(".")) {
    if (!isMap(node)) return null;
    const pair = node.items.find((p) => isScalar(p.key) && String(p.key.value) === key);
    if (!pair) return null;
    const range = (pair.key as { range?: [number, number, number] }).range;
    at = range ? lines.linePos(range[0]).line : null;
    node = pair.value;
  }
  return at;
}

/**
 * The line (1-based) where a text changes a rule without writing it whole: an `append:` key that adds to the
 * rule or to a part of it (`append: {actions.play.effect: …}` changes actions.play); null when it does not.
 */
export function lineOfChange(text: string, rule: string): number | null {
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, keepSourceTokens: false });
  const top = doc.contents;
  if (!isMap(top)) return null;
  const append = top.items.find((p) => isScalar(p.key) && p.key.value === "append")?.value;
  if (!isMap(append)) return null;
  const pair = append.items.find((p) => isScalar(p.key) && (String(p.key.value) === rule || String(p.key.value).startsWith(`${rule}.`)));
  const range = (pair?.key as { range?: [number, number, number] } | undefined)?.range;
  return range ? lines.linePos(range[0]).line : null;
}

/** What clicking a rule's bar does, in words: "open line 12 of idiot.yaml", or that its line is not known. */
export function barHint(place: Place | null): string {
  return place ? `open line ${place.line} of ${place.path.split("/").pop()}` : "where this rule is written is not known";
}

/** The rules id a file extends, if it names one. */
export function extendsOf(text: string): string | null {
  const m = /^extends:\s*["']?([^"'#\s]+)/m.exec(text);
  return m ? m[1] : null;
}

/** "A queen reversed play — changed the game in 83% of games, 2.4 times a game". */
export function ruleDidWords(name: string | null, rule: string, fired: number, times: number, games: number): string {
  const named = name ? `${name.replace(/[.:]\s*$/, "")} (${rule})` : rule;
  const share = games ? Math.round((fired / games) * 100) : 0;
  return `${named} — changed the game in ${share}% of games, ${times.toFixed(1)} time${times.toFixed(1) === "1.0" ? "" : "s"} a game`;
}
