// Rules named as a person types them: rule cards by name, separated by commas ("Deal Eight, Whist"), or an id
// or path with fragments joined by + ("base+./my-house-rule.yaml"). The command line and the page read them
// with this one code, so a round named in either means the same files.
import { resolveReference } from "./catalog.js";

/**
 * Card names as typed: separated by commas, each name whole; or, without commas, the longest runs of words
 * that name a file, with the words between them kept together as one name (so that a misspelt name is
 * reported, with a suggestion, as the name it was meant to be).
 */
export function splitNames(args: string[]): string[] {
  const text = args.join(" ");
  if (text.includes(",")) return text.split(",").map((x) => x.trim()).filter(Boolean);
  return text.trim() ? splitLoose(text.trim()) : [];
}

function splitLoose(text: string): string[] {
  const words = text.split(/\s+/);
  const names = (i: number, j: number) => words.slice(i, j).join(" ");
  const out: string[] = [];
  let unknown: string[] = [];
  for (let i = 0; i < words.length; ) {
    let j = words.length;
    while (j > i && resolveReference(names(i, j)) === names(i, j) && !names(i, j).includes("/")) j--;
    if (j === i) {
      unknown.push(words[i++]);
      continue;
    }
    if (unknown.length) out.push(unknown.join(" "));
    unknown = [];
    out.push(names(i, j));
    i = j;
  }
  if (unknown.length) out.push(unknown.join(" "));
  return out;
}

/** The rules a side names, as loadComposition takes them: "id+fragment+..." or cards separated by commas. */
export function sideRefs(text: string): string[] {
  if (text.includes(",")) return splitNames([text]).map((n) => resolveReference(n));
  return text.split("+").map((x) => x.trim()).filter(Boolean).map((n) => resolveReference(n));
}
