// Questions the generator asks about a checked tree before it writes code for it: where a local is read, and
// whether evaluating a tree can change the game. They let a local live in a JavaScript variable instead of its
// frame slot, and a definition's unused argument go unevaluated.
import type { TExpr } from "../lang/typed.js";
import { writtenInline } from "./builtins.js";

type Node = { k: string } & Record<string, unknown>;

/** Fields that hold no trees: the frame a local lives in, types, tables and definitions the tree refers to. */
const notTrees = new Set(["frame", "type", "of", "argTypes", "attr", "def", "builtin"]);

/** Visits every node below `node`; `inside` is true below a point generated as a function of its own. */
function walk(node: unknown, inside: boolean, visit: (n: Node, inside: boolean) => boolean): boolean {
  if (node === null || typeof node !== "object") return false;
  if (Array.isArray(node)) return node.some((x) => walk(x, inside, visit));
  const n = node as Node;
  if (typeof n.k === "string") {
    if (visit(n, inside)) return true;
    if (n.k === "const") return false;
  }
  // builtin calls may run their arguments in functions of their own (a loop, the builtin's own closure)
  const below = inside || (n.k === "call" && !writtenInline(n as never)) || n.k === "defineRun" || n.k === "lambda";
  for (const key of Object.keys(n)) {
    if (notTrees.has(key)) continue;
    if (walk(n[key], below, visit)) return true;
  }
  return false;
}

const isLocal = (n: Node, frame: unknown[], slot: number) => n.k === "local" && n.frame === frame && n.slot === slot;

/** Whether the tree reads the local at all. */
export function readsLocal(tree: TExpr, frame: unknown[], slot: number): boolean {
  return walk(tree, false, (n) => isLocal(n, frame, slot));
}

/** Whether the tree reads the local from code generated as another function, which sees only the frame. */
export function readsLocalElsewhere(tree: TExpr, frame: unknown[], slot: number): boolean {
  return walk(tree, false, (n, inside) => inside && isLocal(n, frame, slot));
}

/** Whether evaluating the tree may change the game (an effect, a definition made of effects). */
export function mayChangeGame(tree: TExpr): boolean {
  return walk(tree, false, (n) => n.k === "defineRun" || (n.k === "call" && (n.builtin as { effect: boolean }).effect));
}
