// A small tree of SVG elements: built as plain data, so that the same drawing can be checked in tests, written
// out as text, or turned into DOM nodes by the page (with textContent and setAttribute, never innerHTML).

export interface SvgNode {
  tag: string;
  attrs: Record<string, string | number>;
  children: (SvgNode | string)[];
}

export type Child = SvgNode | string | null | undefined | false | Child[];

/** An element; children that are null, undefined or false are left out, and arrays are flattened. */
export function el(tag: string, attrs: Record<string, string | number | null | undefined> = {}, ...children: Child[]): SvgNode {
  const kept: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(attrs)) if (v !== null && v !== undefined) kept[k] = v;
  const out: (SvgNode | string)[] = [];
  const add = (c: Child) => {
    if (c === null || c === undefined || c === false) return;
    if (Array.isArray(c)) c.forEach(add);
    else out.push(c);
  };
  children.forEach(add);
  return { tag, attrs: kept, children: out };
}

/** A text element: the string is data, escaped when written out. */
export function text(x: number, y: number, content: string, attrs: Record<string, string | number | null | undefined> = {}): SvgNode {
  return el("text", { x: round(x), y: round(y), ...attrs }, content);
}

export function round(v: number): number {
  return Math.round(v * 10) / 10;
}

const escapes: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export function escapeXml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => escapes[c]);
}

/** The tree as SVG text, every attribute value and text escaped. */
export function toSvgString(node: SvgNode | string): string {
  if (typeof node === "string") return escapeXml(node);
  const attrs = Object.entries(node.attrs).map(([k, v]) => ` ${k}="${escapeXml(String(v))}"`).join("");
  if (node.children.length === 0) return `<${node.tag}${attrs}/>`;
  return `<${node.tag}${attrs}>${node.children.map(toSvgString).join("")}</${node.tag}>`;
}

/** Every text and attribute value of a tree, for checking what a drawing says. */
export function allText(node: SvgNode | string): string[] {
  if (typeof node === "string") return [node];
  return [...Object.values(node.attrs).map(String), ...node.children.flatMap(allText)];
}
