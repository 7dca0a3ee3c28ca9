// Mutations of rule files and expressions for the standing campaign (campaign.ts). Each is small and seeded, so
// that a violation can be found again from its seed: the edits people make by mistake (a line lost or doubled,
// two characters swapped, a word for another) and the ones a hostile file makes on purpose (huge numbers, the
// names of JavaScript's own properties, deep nesting, raised limits, a file cut short).
import { nextInt, type RngState } from "../interpreter/rng.js";

/** Names that JavaScript objects answer to on their own: a name from rule text must never reach them. */
export const hostileNames = ["__proto__", "constructor", "toString", "hasOwnProperty", "valueOf", "prototype", "call", "apply", "bind", "length", "name"];

const hostileNumbers = ["0", "-1", "1000000000000", "99999999999999", "1e308", "-0", "0.5", "NaN", "2147483648"];

/** Numbers at the edges, written as the language writes them: -0, NaN, the infinities, huge, fractional. */
const edgeNumbers = ["-0", "(1 / -0)", "(0 / 0)", "(1 / 0)", "(-1 / 0)", "100000000000000000000000", "0.5", "2.5", "-1"];

/** Indices that name nothing in most lists: out of range, between items, negative, NaN. */
const edgeIndices = ["-1", "0.5", "99", "-0", "(0 / 0)", "(1 / 0)", "count", "hand.count"];

const pick = <T>(rng: RngState, xs: readonly T[]): T => xs[nextInt(rng, xs.length)];

/** One random edit of a rule file's text. */
export function mutateText(text: string, rng: RngState): string {
  const lines = text.split("\n");
  const i = nextInt(rng, lines.length);
  switch (nextInt(rng, 13)) {
    case 0:
      lines.splice(i, 1);
      return lines.join("\n");
    case 1:
      lines.splice(i, 0, lines[i]);
      return lines.join("\n");
    case 2: {
      const at = nextInt(rng, Math.max(1, text.length - 1));
      return text.slice(0, at) + (text[at + 1] ?? "") + (text[at] ?? "") + text.slice(at + 2);
    }
    case 3: {
      const words = text.match(/[A-Za-z]+/g) ?? ["x"];
      return text.replace(pick(rng, words), pick(rng, words));
    }
    case 4: {
      const numbers = [...text.matchAll(/\b\d+\b/g)];
      if (numbers.length === 0) return text;
      const m = pick(rng, numbers);
      return text.slice(0, m.index) + pick(rng, hostileNumbers) + text.slice(m.index! + m[0].length);
    }
    case 5: {
      const words = [...text.matchAll(/\b[a-z][A-Za-z]+\b/g)];
      if (words.length === 0) return text;
      const m = pick(rng, words);
      const name = pick(rng, hostileNames);
      return text.replaceAll(new RegExp(`\\b${m[0]}\\b`, "g"), name);
    }
    case 6:
      return text.slice(0, nextInt(rng, text.length + 1)); // cut short
    case 7: {
      const depth = 20 + nextInt(rng, 400);
      const indent = lines[i].match(/^\s*/)![0];
      lines.splice(i, 0, `${indent}deep: ${"[".repeat(depth)}1${"]".repeat(depth)}`);
      return lines.join("\n");
    }
    case 9: {
      // a number inside an expression (after a key, not a YAML number) at an edge: -0, NaN, infinity, huge
      const exprs = [...text.matchAll(/(: .*?)\b(\d+)\b/g)];
      if (exprs.length === 0) return text;
      const m = pick(rng, exprs);
      const at = m.index! + m[1].length;
      return text.slice(0, at) + pick(rng, edgeNumbers) + text.slice(at + m[2].length);
    }
    case 10: {
      // a zone or list indexed where it was named whole: move(hand[99], pile), pile[0.5].rank
      const names = [...text.matchAll(/\b(hand|pile|stock|cards|piles|players|table|discard|trick|deck)\b(?![:\[])/g)];
      if (names.length === 0) return text;
      const m = pick(rng, names);
      const at = m.index! + m[0].length;
      return `${text.slice(0, at)}[${pick(rng, edgeIndices)}]${text.slice(at)}`;
    }
    case 11: {
      // card names with spaces in them: name: "{card}" becomes "dark {card} of old"
      const names = [...text.matchAll(/^(\s*name: )"(\{[^"]*)"$/gm)];
      if (names.length === 0) return text;
      const m = pick(rng, names);
      return text.replace(m[0], `${m[1]}"${pick(rng, ["dark ", "the ", ""])}${m[2]}${pick(rng, [" of old", " card", "  x", ""])}"`);
    }
    case 8:
      return `limits: {moves: ${pick(rng, ["100000000000000", "1e12", "-5", "0"])}, steps: ${pick(rng, ["100000000000000", "1", "0"])}}\n${text}`;
    default: {
      // an expression made larger: a huge range, a loop, an operand repeated
      const exprs = [...text.matchAll(/: (.*[=<>+].*)$/gm)];
      if (exprs.length === 0) return text;
      const m = pick(rng, exprs);
      const grown = pick(rng, [`(1..99999999999).count > 0 or ${m[1]}`, `${"(".repeat(300)}${m[1]}${")".repeat(300)}`, `${m[1]} ${"+ 1 ".repeat(50)}`]);
      return text.replace(m[0], `: ${grown.includes(":") ? JSON.stringify(grown) : grown}`);
    }
  }
}

const tokens = ["1", "0", "-1", "99999999999", "true", "false", "none", "x", "card", "me", "hand", "pile", "\"s\"", "toString", "__proto__", "constructor",
  "+", "-", "*", "/", "%", "==", "!=", "<", ">=", "and", "or", "not", "..", "(", ")", "[", "]", "{", "}", ",", ".", ":", "?", "??", "=>", "in", "if", "else", "for", "while", "let", "=", ";", "\n", "count", "sum(", "max(", "range("];

/** A random expression or program text: mostly nonsense, sometimes deep, sometimes nearly right. */
export function randomExpression(rng: RngState): string {
  if (nextInt(rng, 10) === 0) {
    const depth = 1 + nextInt(rng, 3000);
    return "(".repeat(depth) + "1" + ")".repeat(nextInt(rng, 2) ? depth : nextInt(rng, depth + 1));
  }
  const n = 1 + nextInt(rng, 40);
  const out: string[] = [];
  for (let k = 0; k < n; k++) out.push(pick(rng, tokens));
  return out.join(nextInt(rng, 2) ? " " : "");
}
