// A drawing (src/table/svg.ts) as DOM nodes: attributes by name and text as text, never as markup, since
// names in a drawing come from rule files. A new drawing of the same table is patched into the nodes of the
// last one: only what changed is touched, and cards, zones and seats are matched by their ids, so that a
// move redraws the zones it changed and leaves the rest of the table alone.
import type { SvgNode } from "../../table/svg.js";

const ns = "http://www.w3.org/2000/svg";

export function svgElement(node: SvgNode): SVGElement {
  const e = document.createElementNS(ns, node.tag) as SVGElement;
  for (const [k, v] of Object.entries(node.attrs)) if (k !== "xmlns") e.setAttribute(k, String(v));
  for (const c of node.children) e.append(typeof c === "string" ? document.createTextNode(c) : svgElement(c));
  return e;
}

/** What identifies an element among its siblings beyond its place: the card, zone, seat or variable it draws. */
function keyOf(node: SvgNode | string): string | null {
  if (typeof node === "string") return null;
  const a = node.attrs;
  const id = a["data-card"] ?? a["data-zone"] ?? a["data-seat"] ?? a["data-variable"];
  return id === undefined ? null : `${node.tag}:${a["data-card"] !== undefined ? "c" : a["data-zone"] !== undefined ? "z" : a["data-seat"] !== undefined ? "s" : "v"}${id}`;
}

/**
 * Makes `dom`, drawn from `before`, show `after`, and returns the element that shows it (`dom` itself, unless
 * its tag or its key changed and it had to be replaced).
 */
export function patchSvg(dom: SVGElement, before: SvgNode, after: SvgNode): SVGElement {
  if (before === after) return dom;
  if (!samePlace(before, after)) {
    const fresh = svgElement(after);
    dom.replaceWith(fresh);
    return fresh;
  }
  update(dom, before, after);
  return dom;
}

/** Whether an element drawn from `b` can be changed into one drawing `a`: the same tag and key. */
function samePlace(b: SvgNode, a: SvgNode): boolean {
  return b.tag === a.tag && keyOf(b) === keyOf(a);
}

function update(dom: SVGElement, before: SvgNode, after: SvgNode): void {
  if (before === after) return;
  for (const k of Object.keys(before.attrs)) if (!(k in after.attrs)) dom.removeAttribute(k);
  for (const [k, v] of Object.entries(after.attrs)) if (k !== "xmlns" && before.attrs[k] !== v) dom.setAttribute(k, String(v));
  patchChildren(dom, before.children, after.children);
}

function patchChildren(parent: SVGElement, before: (SvgNode | string)[], after: (SvgNode | string)[]): void {
  const nodes = [...parent.childNodes];
  // the old children by key, and the unkeyed ones by place
  const keyed = new Map<string, number>();
  before.forEach((b, i) => {
    const k = keyOf(b);
    if (k !== null) keyed.set(k, i);
  });
  const used = new Uint8Array(before.length);
  let cursor: ChildNode | null = parent.firstChild;
  after.forEach((a, i) => {
    const k = keyOf(a);
    const j = k !== null ? (keyed.get(k) ?? -1) : i < before.length && keyOf(before[i]) === null && !used[i] ? i : -1;
    const b = j >= 0 && !used[j] ? before[j] : undefined;
    let node: ChildNode;
    if (typeof a === "string" && typeof b === "string") {
      used[j] = 1;
      node = nodes[j];
      if (a !== b) node.nodeValue = a;
    } else if (typeof a !== "string" && b !== undefined && typeof b !== "string" && samePlace(b, a)) {
      used[j] = 1;
      node = nodes[j];
      update(node as SVGElement, b, a);
    } else node = typeof a === "string" ? document.createTextNode(a) : svgElement(a); // the old node, unused, is removed below
    if (node !== cursor) parent.insertBefore(node, cursor);
    else cursor = cursor.nextSibling;
  });
  before.forEach((_, j) => {
    if (!used[j] && nodes[j].parentNode === parent) nodes[j].remove();
  });
}
