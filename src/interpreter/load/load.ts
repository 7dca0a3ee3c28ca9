// Loading rules: read a file, parse the YAML, validate its structure, compose fragments onto their base, and
// compile. Every stage adds located diagnostics; rules with errors give no game, and nothing here throws on
// bad input.
import type { Code, Diagnostic } from "../diagnostics.js";
import { suggestion } from "../diagnostics.js";
import type { Game } from "../model.js";
import { SourceFile, escapePointer, loadYaml, type Source } from "./yaml.js";
import { validateRules } from "./schema.js";
import { compileGame } from "./compile-game.js";
import { passedValueProblems } from "./game-with.js";
import type { Scope } from "./scope.js";
import { compose, ComposedSource, type ComposedRules, type OwnRule, type Piece } from "./compose.js";
import { addCards, cardRef, cardRefOf, isCardRef } from "./added-cards.js";
import { completion, knownNames, referenceFrom } from "./catalog.js";
import { displayPath, idOf, isPath, reachable, resolveRules, withFolderListings } from "./resolve.js";
import { collectReads, host, noteRead, perHost } from "./host.js";
import { byText } from "./by-text.js";
import { basename, dirname, resolve } from "./paths.js";
import { bytesOver, maxExtendsDepth, maxFileBytes } from "../limits.js";
import { defaultBackend, type Backend } from "../backend.js";
import { expressionLexer, StringLiteral } from "../../../grammar/lexer.js";

export interface LoadResult {
  game: Game | null;
  diagnostics: Diagnostic[];
  /** Every file read for these rules, by the name diagnostics give it: excerpts come from here, never the disk. */
  sources: ReadonlyMap<string, SourceFile>;
  /** What the compiled file's expressions can name, and where they are; absent when it did not get that far. */
  scope?: () => Scope;
  /** The composed rules with the places of their values, when they load. */
  rules?: ComposedRules;
}

/** How loaded rules run: `backend` chooses generated JavaScript or closures (default: generated where allowed). */
export interface LoadOptions {
  backend?: Backend;
  /**
   * Rules of the fragments to take out, by the names coverage gives them (actions.jackAgain,
   * actions.play.effect.append.1): an added item is not added, a replaced one keeps the base's, an appended
   * effect is not appended. What compare --ablate measures; a name that is not a fragment's own rule is an error.
   */
  without?: readonly string[];
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

/** A load's result, with every file it read: a change to any of them (filesChanged) makes it stale. */
interface Built {
  result: LoadResult;
  files: ReadonlySet<string>;
}

const caches = perHost(
  () => ({ docs: new Map<string, RawDoc>(), games: new Map<string, Built>() }),
  ({ docs, games }, files, listed) => {
    for (const f of files) docs.delete(f);
    // rules that did not load may name what a change brings (a missing file, a name for "did you mean")
    for (const [key, built] of games) {
      if (listed || built.result.game === null || [...built.files].some((f) => files.has(f))) games.delete(key);
    }
    return false;
  },
);
/** Files parsed and validated, by their text: a new host (an edit in the playground) reads only what changed. */
const parsed = byText<RawDoc>();

/**
 * Who names a reference: the user (a path relative to the working folder, any .yaml file), or a file in a
 * folder (a rule file's extends and include, a scenario's rules), which reaches only what `reachable` allows.
 * `at` places a problem with the reference where the file wrote it.
 */
interface Referrer {
  folder: string;
  confined: boolean;
  at?: (code: Code, message: string) => Diagnostic;
}

function missing(ref: string, from: Referrer, code: Code, message: string): RawDoc {
  const d: Diagnostic = from.at?.(code, message) ?? { severity: "error", code, message, file: ref, line: 1, col: 1 };
  return { id: ref, path: ref, file: null, raw: null, diagnostics: [d] };
}

/** Where a reference was looked for, for the message that it was not found: a path beside its file, an id in the rule folders. */
function lookedIn(ref: string, folder: string): string {
  if (isPath(ref)) return ` (looked for ${resolve(folder, ref)})`;
  const roots = host().ruleRoots.map((r) => displayPath(r) || ".");
  return `; looked in ${roots.join(", ")} (add a folder with --rules DIR or HOUSERULES_PATH)`;
}

function readDoc(ref: string, from: Referrer): RawDoc {
  if (isPath(ref) && from.confined) {
    const refused = reachable(resolve(from.folder, ref), from.folder);
    if (refused) return missing(ref, from, "E_PATH", `'${ref}' is refused: ${refused}`);
  }
  const path = resolveRules(ref, from.folder) ?? resolveRules(referenceFrom(ref, from.folder), from.folder);
  if (!path) return missing(ref, from, "E_RULES", `no rule file for '${ref}'${suggestion(ref, knownNames(from.folder))}${lookedIn(ref, from.folder)}`);
  if (!path.endsWith(".yaml")) return missing(ref, from, "E_PATH", `'${ref}' is refused: a rule file is a .yaml file`);
  noteRead(path);
  const { docs } = caches();
  const cached = docs.get(path);
  if (cached) return cached;
  const read = host().readFile(path, maxFileBytes);
  if ("error" in read) return missing(displayPath(path), from, read.tooLarge ? "E_FILE_SIZE" : "E_FILE", `cannot read ${displayPath(path)}: ${read.error}`);
  const shown = displayPath(path);
  const id = idOf(path);
  const doc = parsed(`${path}\u0000${shown}\u0000${id}`, read.text, () => parseDoc(read.text, shown, id, path));
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
export function loadRules(ref: string, base?: string, options: LoadOptions = {}): LoadResult {
  return loadComposition([ref], base, options);
}

function referrer(base: string | undefined): Referrer {
  const working = host().workingFolder;
  return base === undefined ? { folder: working, confined: false } : { folder: resolve(working, base), confined: true };
}

/**
 * Loads a base with fragments: `[base, fragment, ...]`, or fragments alone (their base is the one they
 * extend). Each fragment brings the fragments it extends; a base brings the fragments it includes.
 * Without `base`, the references are the user's own, relative to the working folder. With it, they come from a
 * file in that folder (a scenario) and reach only rule files beside it or under the rule folders.
 */
export function loadComposition(refs: string[], base?: string, options: LoadOptions = {}): LoadResult {
  return withFolderListings(() => loadComposed(refs, base, options));
}

function loadComposed(refs: string[], base: string | undefined, options: LoadOptions): LoadResult {
  const from = referrer(base);
  const backend = options.backend ?? defaultBackend();
  const { value: docs, files: named } = collectReads(() => ({
    read: refs.filter((r) => !isCardRef(r)).map((r) => readDoc(r, from)),
    cards: refs.filter(isCardRef).map((r) => ({ ...cardRef(r), doc: readDoc(cardRef(r).file, from) })),
  }));
  const { read, cards } = docs;
  // who named the rules is part of the key: a path refused to a file may be the user's own to load
  const without = options.without ?? [];
  const key = [backend, from.confined ? from.folder : "", ...read.map((d) => d.path), ...cards.map((c) => `card:${c.replaces ?? ""}=${c.doc.path}`), ...without.map((w) => `without:${w}`)].join("\n");
  const { games } = caches();
  const cached = games.get(key);
  if (cached) {
    for (const f of cached.files) noteRead(f);
    return cached.result;
  }
  const { value: result, files } = collectReads(() => build(read, backend, cards, without));
  for (const f of named) files.add(f);
  games.set(key, { result, files });
  return result;
}

function build(read: RawDoc[], backend: Backend, cards: { doc: RawDoc; replaces?: string }[] = [], without: readonly string[] = []): LoadResult {
  const sources = new Map<string, SourceFile>();
  const seenDoc = (doc: RawDoc) => {
    if (doc.file) sources.set(doc.file.path, doc.file);
  };
  read.forEach(seenDoc);
  cards.forEach((c) => seenDoc(c.doc));
  const failed = [...read, ...cards.map((c) => c.doc)].filter((d) => !d.raw);
  if (failed.length) return { game: null, diagnostics: failed.flatMap((d) => d.diagnostics), sources };
  const diagnostics: Diagnostic[] = read.flatMap((d) => d.diagnostics);
  // A rule card named twice would add its rules twice: a composition takes each once, twists as Deal cards.
  const twice = read.find((d, i) => read.indexOf(d) !== i);
  if (twice) {
    diagnostics.push(twice.file!.at("", "error", "E_CONFLICT", `'${twice.id}' is named twice in one composition: each rule card, twists included, is composed once`));
    return { game: null, diagnostics, sources };
  }
  const order: RawDoc[] = [];
  const parents = new Map<RawDoc, RawDoc>();
  let root: RawDoc | null = null;
  /** Reads a file that `doc` names at `pointer`; a problem with the file is added, where it lies or at pointer. */
  const named = (doc: RawDoc, ref: string, pointer: string, what: string): RawDoc | null => {
    const at = (code: Code, message: string) => doc.file!.at(pointer, "error", code, message);
    const other = readDoc(ref, { folder: dirname(doc.path), confined: true, at });
    seenDoc(other);
    if (other.raw) return other;
    diagnostics.push(...other.diagnostics.filter((d) => !diagnostics.includes(d)));
    // the file's own problems are where they are; then say where this file names it
    if (other.file) diagnostics.push(at("E_RULES", `${what} '${ref}' does not load`));
    return null;
  };
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
      const includes = (doc.raw!.include ?? []) as string[];
      for (let i = 0; i < includes.length; i++) {
        const included = named(doc, includes[i], `/include/${i}`, "the included");
        if (!included) return false;
        // a fragment that extends this base and is also included (a fixed card checked by itself) comes later
        if (seen.includes(included)) continue;
        if (!add(included, [...seen, doc])) return false;
      }
      return true;
    }
    if (seen.length >= maxExtendsDepth) {
      diagnostics.push(doc.file!.at("/extends", "error", "E_EXTENDS_DEPTH", `more than ${maxExtendsDepth} fragments extend one another from '${read[0].id}': extend the base, or a fragment nearer it, directly`));
      return false;
    }
    const parent = named(doc, parentRef, "/extends", "the base");
    if (!parent) return false;
    parents.set(doc, parent);
    if (!add(parent, [...seen, doc])) return false;
    order.push(doc);
    return true;
  };
  for (const doc of read) if (!add(doc, [])) return { game: null, diagnostics, sources };
  if (!root) return { game: null, diagnostics, sources };
  const rootDoc = root as RawDoc;
  const pieces: Piece[] = order.map((d) => {
    const parent = parents.get(d);
    return { id: shortId(d), file: d.file!, raw: d.raw!, base: parent && shortId(parent) };
  });
  const id = [...read.map((d) => d.id), ...cards.map((c) => cardRefOf(c.doc.id, c.replaces))].join("+");
  let source: Source = rootDoc.file!;
  let raw = rootDoc.raw!;
  let own: OwnRule[] = [];
  if (pieces.length > 1 || rootDoc.raw!.parts) {
    const composed = compose(pieces[0], pieces.slice(1), without);
    diagnostics.push(...composed.diagnostics);
    if (composed.diagnostics.some((d) => d.severity === "error")) return { game: null, diagnostics, sources };
    source = composed.source;
    raw = composed.raw;
    own = composed.own;
  }
  const unknown = without.filter((w) => !own.some((o) => o.out && o.rule === w));
  if (unknown.length) {
    const known = own.map((o) => o.rule);
    const file = pieces[pieces.length - 1].file;
    for (const w of unknown) {
      diagnostics.push(file.at("", "error", "E_COMPOSE", `'${w}' cannot be taken out: it is not a rule a fragment adds, replaces or appends${known.length ? `${suggestion(w, known)} (the fragments' own rules: ${known.join(", ")})` : " (these rules have no fragment)"}`));
    }
    return { game: null, diagnostics, sources };
  }
  if (cards.length) {
    // the match's own cards, then the cards given with it: the composed tree is copied, never the file's
    const withCards = source instanceof ComposedSource ? source : new ComposedSource(source.path);
    if (!(source instanceof ComposedSource)) withCards.set("", rootDoc.file!, "");
    raw = { ...raw, cards: { ...((raw.cards ?? {}) as Raw) } };
    const added = addCards(raw, withCards, dirname(rootDoc.path), cards.map((c) => ({ file: c.doc.file!, raw: c.doc.raw!, path: c.doc.path, replaces: c.replaces })));
    diagnostics.push(...added);
    // each card is checked as the rounds will load it, completed with cards of the parts it leaves empty, so
    // that a card which does not compose says so now, where it is wrong, not in the middle of a match
    for (const c of added.length ? [] : cards) {
      const round = loadComposition([c.doc.path, ...completion([c.doc.path])], dirname(rootDoc.path), { backend });
      for (const [name, file] of round.sources) sources.set(name, file);
      const errors = round.diagnostics.filter((d) => d.severity === "error");
      diagnostics.push(...errors);
      if (errors.length) added.push(c.doc.file!.at("", "error", "E_COMPOSE", `${c.doc.file!.path} does not compose as a round of the match (each problem is reported where it is)`, true));
    }
    diagnostics.push(...added.filter((d) => !diagnostics.includes(d)));
    if (added.length) return { game: null, diagnostics, sources };
    source = withCards;
  }
  try {
    const folder = dirname(rootDoc.path);
    let inner: readonly string[] | null | undefined;
    const compiled = compileGame(raw, source, id, backend, () => (inner === undefined ? (inner = innerVariables(raw, folder)) : inner));
    diagnostics.push(...compiled.diagnostics);
    // a fragment's whole-file assumption: composing keeps the base's words about the game, so each fragment's own
    // is told here, at its place, beside the base's
    for (const p of pieces.slice(1)) {
      if (typeof p.raw.assumed !== "string") continue;
      const why = p.raw.assumed.trim().replace(/\s+/g, " ");
      const d = p.file.at("/assumed", "notice", "N_ASSUMED", `the rule file ${p.id}: ${why}`, true);
      diagnostics.push(d);
      compiled.game?.assumptions.push({ what: `the rule file ${p.id}`, why, at: d });
    }
    if (compiled.game) {
      compiled.game.resolve = (ids) => resolveNested(ids, folder, backend);
      diagnostics.push(...nestedProblems(raw, source, folder, backend, compiled.game));
    }
    const where = source;
    const rules: ComposedRules = {
      raw,
      pieces: pieces.map((p) => ({ id: p.id, name: typeof p.raw.name === "string" ? p.raw.name : p.id, file: p.file.path, raw: p.raw })),
      fileOf: (pointer) => (where instanceof ComposedSource ? where.origin(pointer)[0].path : where.path),
      lineOf: (pointer) => where.lineOf(pointer),
      own: own.map((o) => ({ rule: o.rule, how: o.how, by: o.by, file: o.file.path, line: o.file.lineOf(o.pointer), out: o.out })),
    };
    return { game: compiled.game, diagnostics, sources, scope: compiled.scope, rules };
  } catch (e) {
    // A bug of ours, not of the rule file: still a report, never a crash.
    diagnostics.push(rootDoc.file!.at("", "error", "E_SCHEMA", `internal error while compiling: ${(e as Error).message}`));
    return { game: null, diagnostics, sources };
  }
}

/** How a fragment is named in messages and in `overrides`: its rules id, or a file's name outside rules/. */
function shortId(doc: RawDoc): string {
  return isPath(doc.id) || doc.id.includes("/") && !resolveRules(doc.id) ? basename(doc.path).replace(/\.yaml$/, "") : doc.id;
}

/** The folders and ids of the games being checked as played inside others: a match that plays itself is checked once. */
const checkingNested = new Set<string>();

/**
 * The problems of the rules a phase's `game:` names as written (`"mine/round"`, or a list of such): a
 * match whose rounds do not load fails when it plays them, so it is reported as it loads. A `game:` computed from
 * the game (a round composed from cards in play) is known only then.
 */
function nestedProblems(raw: Raw, source: Source, base: string, backend: Backend, game: Game): Diagnostic[] {
  const out: Diagnostic[] = [];
  const phases = raw.phases !== null && typeof raw.phases === "object" ? (raw.phases as Raw) : {};
  for (const [name, phase] of Object.entries(phases)) {
    const given = phase !== null && typeof phase === "object" ? (phase as Raw).game : undefined;
    const withRules = given !== null && typeof given === "object" && !Array.isArray(given);
    const text = withRules ? (given as Raw).rules : given;
    if (typeof text !== "string" || !/^\s*\[?\s*"[^"\\]*"(\s*,\s*"[^"\\]*")*\s*\]?\s*$/.test(text)) continue;
    const ids = [...text.matchAll(/"([^"\\]*)"/g)].map((m) => m[1]);
    const key = `${base}\n${ids.join("\n")}`;
    if (checkingNested.has(key)) continue;
    checkingNested.add(key);
    try {
      const loaded = loadComposition(ids, base, { backend });
      const errors = loaded.diagnostics.filter((d) => d.severity === "error");
      const def = game.phases.find((p) => p.name === name);
      if (errors.length === 0 && loaded.game && def && withRules) out.push(...passedValueProblems(source, def, ((given as Raw).with ?? {}) as Raw, loaded.game));
      if (errors.length === 0) continue;
      out.push(source.at(`/phases/${escapePointer(name)}/game`, "error", "E_RULES", `the game this phase plays, ${ids.join(" + ")}, does not load (each problem is reported where it is)`));
      out.push(...errors);
    } finally {
      checkingNested.delete(key);
    }
  }
  return out;
}

/**
 * The variables of the games a game can play inside it (its rounds), for lastVariable's name: those of every rule
 * file that a text of the rules names (a rules id or path, alone or quoted inside an expression, as a phase's
 * game, a definition or a card's attribute gives it), with what each extends and includes. Null, so that any
 * name is allowed, when the game plays none inside or names no rule file: the rounds are then not known.
 */
function innerVariables(raw: Raw, folder: string): readonly string[] | null {
  const phases = raw.phases;
  if (!phases || typeof phases !== "object" || !Object.values(phases).some((p) => p && typeof p === "object" && "game" in p)) return null;
  const texts = new Set<string>();
  const walk = (v: unknown): void => {
    if (typeof v === "string") {
      texts.add(v.trim());
      for (const t of expressionLexer.tokenize(v).tokens) if (t.tokenType === StringLiteral) texts.add(t.image.slice(1, -1));
    } else if (v && typeof v === "object") Object.values(v).forEach(walk);
  };
  walk(raw);
  const names = new Set<string>();
  const seen = new Set<string>();
  const visit = (path: string, depth: number): void => {
    if (seen.has(path) || depth > maxExtendsDepth) return;
    seen.add(path);
    const doc = readDoc(path, { folder, confined: true });
    if (!doc.raw) return;
    const vars = doc.raw.variables;
    if (vars && typeof vars === "object") for (const name of Object.keys(vars)) names.add(name);
    const from = dirname(doc.path);
    for (const ref of [doc.raw.extends, ...(Array.isArray(doc.raw.include) ? doc.raw.include : [])]) {
      const next = typeof ref === "string" ? resolveRules(ref, from) : undefined;
      if (next) visit(next, depth + 1);
    }
  };
  for (const text of texts) {
    if (!/^[A-Za-z0-9./][A-Za-z0-9/_.-]*$/.test(text)) continue;
    const path = resolveRules(text, folder);
    if (path?.endsWith(".yaml") && !reachable(path, folder)) visit(path, 0);
  }
  return seen.size ? [...names] : null;
}

/** The rules of a game played inside another (a round of a match). */
function resolveNested(ids: string[], base: string, backend: Backend): Game | string {
  const r = loadComposition(ids, base, { backend });
  if (r.game) return r.game;
  const first = r.diagnostics.find((d) => d.severity === "error");
  return first ? `${first.file}:${first.line}:${first.col}: ${first.message}` : `cannot load ${ids.join(" + ")}`;
}

/**
 * Compiles rule text that is not read from the host (the playground's editor, tests), as if it were the file
 * `displayName` in folder `base` (the working folder by default). What it extends or includes is read from the
 * host, beside that place or under the rule folders.
 */
export function compileRulesText(text: string, displayName: string, id: string, base = host().workingFolder, options: LoadOptions = {}): LoadResult {
  const bytes = bytesOver(text);
  if (bytes > 0) return { game: null, diagnostics: [{ severity: "error", code: "E_FILE_SIZE", message: `${displayName} is ${bytes} bytes, larger than the limit of ${maxFileBytes} bytes a rule file may have`, file: displayName, line: 1, col: 1 }], sources: new Map() };
  const doc = parseDoc(text, displayName, id, resolve(base, displayName));
  return build([doc], options.backend ?? defaultBackend());
}
