// A drawing (src/table/svg.ts) as DOM nodes: attributes by name and text as text, never as markup, since
// names in a drawing come from rule files.
import type { SvgNode } from "../../table/svg.js";

const ns = "http://www.w3.org/2000/svg";

export function svgElement(node: SvgNode): SVGElement {
  const e = document.createElementNS(ns, node.tag) as SVGElement;
  for (const [k, v] of Object.entries(node.attrs)) if (k !== "xmlns") e.setAttribute(k, String(v));
  for (const c of node.children) e.append(typeof c === "string" ? document.createTextNode(c) : svgElement(c));
  return e;
}
