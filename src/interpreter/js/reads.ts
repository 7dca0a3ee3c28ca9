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

/**
 * The largest parts of `tree` worth computing once before a loop instead of at every turn of it: they can
 * neither fail nor change the game, and read no local but those `fixed` says keep their value through the loop.
 * Only parts the generator writes inline are looked at (not the insides of another generated function).
 */
export function loopInvariants(tree: TExpr, fixed: (frame: unknown[], slot: number) => boolean): TExpr[] {
  const out: TExpr[] = [];
  const invariant = (e: TExpr): boolean => safe(e) && !walk(e, false, (n) => n.k === "local" && !fixed(n.frame as unknown[], n.slot as number));
  const visit = (e: TExpr): void => {
    if (!trivial(e) && invariant(e)) {
      out.push(e);
      return;
    }
    if ((e as { k: string }).k === "lambda" || (e.k === "call" && !writtenInline(e))) return;
    for (const child of inlineChildren(e)) visit(child);
  };
  visit(tree);
  return out;
}

function trivial(e: TExpr): boolean {
  return e.k === "const" || e.k === "local" || e.k === "special" || e.k === "option" || e.k === "zoneKind" || e.k === "myZone" || (e.k === "var" && e.owner === null);
}

/** The expressions directly below a node that the generator writes in the node's own code. */
function inlineChildren(e: TExpr): TExpr[] {
  const out: TExpr[] = [];
  for (const [key, value] of Object.entries(e)) {
    if (notTrees.has(key) || (e.k === "const" && key === "value")) continue;
    const items = Array.isArray(value) ? value : [value];
    for (const x of items) {
      if (x && typeof x === "object" && typeof (x as Node).k === "string") out.push(x as TExpr);
      else if (x && typeof x === "object" && "value" in x && "slot" in x) out.push((x as { value: TExpr }).value); // a definition's argument
    }
  }
  return out;
}

/** Whether evaluating an expression can neither fail nor change the game (and so may be moved or left out). */
export function safe(e: TExpr): boolean {
  switch (e.k) {
    case "const":
    case "local":
    case "option":
    case "zoneKind":
    case "myZone":
    case "family":
      return true;
    case "special":
      return e.name !== "start"; // the start player may be worked out by the rules, the first time it is asked
    case "var":
    case "playerZone":
    case "heldZone":
    case "zoneCards":
    case "zoneQuery":
    case "attr":
    case "cardFrom":
    case "playerOut":
    case "not":
    case "and":
    case "or":
    case "cond":
    case "eq":
    case "order":
    case "in":
    case "coalesce":
    case "list":
    case "item":
    case "mapGet":
    case "orEmpty":
    case "toCards":
      return inlineChildren(e).every(safe);
    case "define":
      return e.binds.every((b) => safe(b.value)) && safe(e.body);
    default:
      return false;
  }
}
