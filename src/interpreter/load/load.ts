// Loading rules: read a file, parse the YAML, validate its structure, compose fragments onto their base, and
// compile. Every stage adds located diagnostics; rules with errors give no game, and nothing here throws on
// bad input.
import { readFileSync } from "node:fs";
import { basename, dirname } from "node:path";
import type { Diagnostic } from "../diagnostics.js";
import { suggestion } from "../diagnostics.js";
import type { Game } from "../model.js";
import { SourceFile, loadYaml, type Source } from "./yaml.js";
import { validateRules } from "./schema.js";
import { compileGame } from "./compile-game.js";
import { compose, type Piece } from "./compose.js";
import { resolveReference } from "./catalog.js";
import { displayPath, idOf, isPath, knownIds, resolveRules } from "./resolve.js";

export interface LoadResult {
  game: Game | null;
  diagnostics: Diagnostic[];
}

type Raw = Record<string, unknown>;

/** A rule file read and validated, not yet compiled. */
interface RawDoc {
  id: string;
  path: string;
  file: SourceFile | null;
  raw: Raw | null;
  diagnostics: Diagnostic[];
}

const docs = new Map<string, RawDoc>();
const games = new Map<string, LoadResult>();

function missing(ref: string, code: "E_RULES" | "E_FILE", message: string): RawDoc {
  const d: Diagnostic = { severity: "error", code, message, file: ref, line: 1, col: 1 };
  return { id: ref, path: ref, file: null, raw: null, diagnostics: [d] };
}

function readDoc(ref: string, base?: string): RawDoc {
  const path = resolveRules(ref, base) ?? resolveRules(resolveReference(ref), base);
  if (!path) return missing(ref, "E_RULES", `no rule file for '${ref}'${suggestion(ref, knownIds())}`);
  const cached = docs.get(path);
  if (cached) return cached;
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (e) {
    return missing(displayPath(path), "E_FILE", `cannot read: ${(e as Error).message}`);
  }
  const doc = parseDoc(text, displayPath(path), idOf(path), path);
  docs.set(path, doc);
  return doc;
}

function parseDoc(text: string, shown: string, id: string, path: string): RawDoc {
  const file = new SourceFile(shown, text);
  const yaml = loadYaml(file);
  if (yaml.problems.some((d) => d.severity === "error")) return { id, path, file, raw: null, diagnostics: yaml.problems };
  if (yaml.value === null || typeof yaml.value !== "object" || Array.isArray(yaml.value)) {
    const d = file.at("", "error", "E_SCHEMA", "a rule file is a map of sections (name, cards, zones, phases, actions, ...)");
    return { id, path, file, raw: null, diagnostics: [...yaml.problems, d] };
  }
  const schema = validateRules(yaml.value, file);
  return { id, path, file, raw: schema.length ? null : (yaml.value as Raw), diagnostics: [...yaml.problems, ...schema] };
}

/** Loads rules by id or path (relative to `base`). A fragment is loaded composed onto the base it extends. */
export function loadRules(ref: string, base?: string): LoadResult {
  return loadComposition([ref], base);
}

/**
 * Loads a base with fragments: `[base, fragment, ...]`, or fragments alone (their base is the one they
 * extend). Each fragment brings the fragments it extends; a base brings the fragments it includes.
 */
export function loadComposition(refs: string[], base?: string): LoadResult {
  const read = refs.map((r) => readDoc(r, base));
  const key = read.map((d) => d.path).join("\n");
  const cached = games.get(key);
  if (cached) return cached;
  const result = build(read);
  games.set(key, result);
  return result;
}

function build(read: RawDoc[]): LoadResult {
  const failed = read.filter((d) => !d.raw);
  if (failed.length) return { game: null, diagnostics: failed.flatMap((d) => d.diagnostics) };
  const diagnostics: Diagnostic[] = read.flatMap((d) => d.diagnostics);
  const order: RawDoc[] = [];
  let root: RawDoc | null = null;
  const add = (doc: RawDoc, seen: RawDoc[]): boolean => {
    if (order.includes(doc)) return true;
    if (seen.includes(doc)) {
      diagnostics.push(doc.file!.at("/extends", "error", "E_COMPOSE", `'${doc.id}' extends itself through ${seen.map((s) => s.id).join(" → ")}`));
      return false;
    }
    const parentRef = doc.raw!.extends;
    if (typeof parentRef !== "string") {
      if (root && root !== doc) {
        diagnostics.push(doc.file!.at("", "error", "E_COMPOSE", `'${doc.id}' is a game of its own, not a fragment of ${root.id}`));
        return false;
      }
      root = doc;
      order.push(doc);
      for (const inc of (doc.raw!.include ?? []) as string[]) {
        const included = readDoc(inc, dirname(doc.path));
        if (!included.raw) {
          diagnostics.push(...included.diagnostics.filter((d) => !diagnostics.includes(d)));
          diagnostics.push(doc.file!.at("/include", "error", "E_RULES", `the included '${inc}' does not load`));
          return false;
        }
        // a fragment that extends this base and is also included (a fixed card checked by itself) comes later
        if (seen.includes(included)) continue;
        if (!add(included, [...seen, doc])) return false;
      }
      return true;
    }
    const parent = readDoc(parentRef, dirname(doc.path));
    if (!parent.raw) {
      // the base's own problems, where they are, then where this file names it
      diagnostics.push(...parent.diagnostics.filter((d) => !diagnostics.includes(d)));
      diagnostics.push(doc.file!.at("/extends", "error", "E_RULES", `the base '${parentRef}' does not load`));
      return false;
    }
    if (!add(parent, [...seen, doc])) return false;
    order.push(doc);
    return true;
  };
  for (const doc of read) if (!add(doc, [])) return { game: null, diagnostics };
  if (!root) return { game: null, diagnostics };
  const rootDoc = root as RawDoc;
  const pieces: Piece[] = order.map((d) => {
    const parent = typeof d.raw!.extends === "string" ? readDoc(d.raw!.extends, dirname(d.path)) : undefined;
    return { id: shortId(d), file: d.file!, raw: d.raw!, base: parent && shortId(parent) };
  });
  const id = read.length === 1 ? read[0].id : read.map((d) => d.id).join("+");
  let source: Source = rootDoc.file!;
  let raw = rootDoc.raw!;
  if (pieces.length > 1 || rootDoc.raw!.parts) {
    const composed = compose(pieces[0], pieces.slice(1));
    diagnostics.push(...composed.diagnostics);
    if (composed.diagnostics.some((d) => d.severity === "error")) return { game: null, diagnostics };
    source = composed.source;
    raw = composed.raw;
  }
  try {
    const compiled = compileGame(raw, source, id);
    diagnostics.push(...compiled.diagnostics);
    if (compiled.game) compiled.game.resolve = (ids) => resolveNested(ids, dirname(rootDoc.path));
    return { game: compiled.game, diagnostics };
  } catch (e) {
    // A bug of ours, not of the rule file: still a report, never a crash.
    diagnostics.push(rootDoc.file!.at("", "error", "E_SCHEMA", `internal error while compiling: ${(e as Error).message}`));
    return { game: null, diagnostics };
  }
}

/** How a fragment is named in messages and in `overrides`: its rules id, or a file's name outside rules/. */
function shortId(doc: RawDoc): string {
  return isPath(doc.id) || doc.id.includes("/") && !resolveRules(doc.id) ? basename(doc.path).replace(/\.yaml$/, "") : doc.id;
}

/** The rules of a game played inside another (a round of a match). */
function resolveNested(ids: string[], base: string): Game | string {
  const r = loadComposition(ids, base);
  if (r.game) return r.game;
  const first = r.diagnostics.find((d) => d.severity === "error");
  return first ? `${first.file}:${first.line}:${first.col}: ${first.message}` : `cannot load ${ids.join(" + ")}`;
}

/** Compiles rule text that is not on disk (the playground, tests). Fragments in it extend ids on disk. */
export function compileRulesText(text: string, displayName: string, id: string, base = process.cwd()): LoadResult {
  const doc = parseDoc(text, displayName, id, `${base}/${displayName}`);
  return build([doc]);
}
