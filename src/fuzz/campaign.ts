// The standing campaign: every shipped rule file mutated and loaded in the compositions that use it, what loads
// played by random agents with every invariant checked (invariants.ts), and random expressions parsed. A
// violation is anything that must never happen whatever the file says: an uncaught exception, a problem without
// a place, a card lost or doubled, a game stuck, a refusal that changes the state, a hidden card shown.
import type { Host } from "../interpreter/load/host.js";
import { host, installHost } from "../interpreter/load/host.js";
import { loadComposition } from "../interpreter/load/load.js";
import { resolveRules, shippedRules } from "../interpreter/load/resolve.js";
import { preset, presetNames } from "../interpreter/load/catalog.js";
import { parseExpression, parseProgram } from "../interpreter/lang/ast.js";
import { maxExtendsDepth, maxFileBytes } from "../interpreter/limits.js";
import { nextInt, seedRng, type RngState } from "../interpreter/rng.js";
import { mutateText, randomExpression } from "./mutate.js";
import { checkedGame } from "./invariants.js";

/** A composition to mutate files of: the rules as loadComposition takes them, and the player counts to play. */
export interface Target {
  refs: string[];
  players: number[];
}

/** Every shipped base alone, each variant on its base, and every preset round: between them, every shipped file. */
export function shippedTargets(): Target[] {
  const out: Target[] = [];
  const seen = new Set<string>();
  const add = (refs: string[]) => {
    const loaded = loadComposition(refs);
    if (!loaded.game) return;
    const key = refs.join("+");
    if (seen.has(key)) return;
    seen.add(key);
    const { min, max } = loaded.game.players;
    out.push({ refs, players: [...new Set([min, Math.min(max, Math.max(min, 3)), Math.min(max, 4)])] });
  };
  for (const id of shippedRules()) add([id]);
  for (const name of presetNames()) add(preset(name)!.ids);
  return out;
}

export interface CampaignOptions {
  runs: number; // mutated files, and every shippedEvery-th run the shipped rules as they are
  seed: string;
  shippedEvery?: number; // default 20
  expressions?: number; // random expressions parsed per run (default 1)
  /**
   * Moves after which a game of mutated rules is left (default 50). A mutation changes the rules from the first
   * move, so the opening moves of many mutants find more than the long tail of a few; shipped rules play on.
   */
  maxMoves?: number;
  shippedMoves?: number; // moves after which a game of the shipped rules is left (default 400)
  leakEvery?: number; // check views and legal moves at every n-th decision (default 4)
  seconds?: number; // wall-clock bound per game (default 20)
  targets?: Target[]; // the compositions whose files are mutated (default: shippedTargets())
  /** Called with each run's file as it is played (mutated, or as shipped): to see the file a violation names. */
  onRun?: (run: number, file: string, text: string) => void;
  onProgress?: (done: number) => void;
}

export interface CampaignResult {
  files: number; // mutated files
  pristine: number; // runs of shipped rules as they are
  loaded: number; // mutated files whose compositions loaded and were played
  refused: number; // that gave errors, every one located
  games: number; // of mutated rules and of shipped ones
  finished: number;
  stopped: number; // games the rules stopped with a message (a limit, a failing rule)
  moves: number;
  events: number;
  refusals: number; // malformed moves refused
  expressions: number;
  violationCount: number;
  violations: string[]; // the first 50
}

/** A host that serves one file's text in place of what the disk holds, and the disk's for everything else. */
function overlay(base: Host, path: string, text: string): Host {
  return {
    readFile: (p, maxBytes) => (p === path ? (text.length > maxBytes ? { error: `larger than ${maxBytes} bytes`, tooLarge: true } : { text }) : base.readFile(p, maxBytes)),
    listFolder: (p) => base.listFolder(p),
    ruleRoots: base.ruleRoots,
    workingFolder: base.workingFolder,
    schemaValidator: (name, schema) => base.schemaValidator(name, schema),
  };
}

/**
 * The disk as it is at the start, kept in memory: the shipped files do not change during a campaign, and every
 * run installs a host of its own (a new installation reads and lists everything again).
 */
function remembered(base: Host): Host {
  const files = new Map<string, ReturnType<Host["readFile"]>>();
  const folders = new Map<string, ReturnType<Host["listFolder"]>>();
  return {
    readFile: (p, maxBytes) => {
      const key = `${maxBytes}\u0000${p}`;
      let read = files.get(key);
      if (!read) files.set(key, (read = base.readFile(p, maxBytes)));
      return read;
    },
    listFolder: (p) => {
      let entries = folders.get(p);
      if (!entries) folders.set(p, (entries = base.listFolder(p)));
      return entries;
    },
    ruleRoots: base.ruleRoots,
    workingFolder: base.workingFolder,
    schemaValidator: (name, schema) => base.schemaValidator(name, schema),
  };
}

/** The files a composition reads, as absolute paths. */
function filesOf(refs: string[]): string[] {
  const loaded = loadComposition(refs);
  const shown = new Set(loaded.sources.keys());
  return shippedRules().map((id) => resolveRules(id)!).filter((path) => [...shown].some((s) => path === s || path.endsWith(`/${s}`)));
}

export function runCampaign(o: CampaignOptions): CampaignResult {
  const installed = host();
  const disk = remembered(installed);
  installHost(disk);
  const targets = o.targets ?? shippedTargets();
  const files = targets.map((t) => filesOf(t.refs));
  const texts = new Map<string, string>();
  for (const list of files) for (const f of list) if (!texts.has(f)) texts.set(f, (disk.readFile(f, maxFileBytes) as { text: string }).text);
  const r: CampaignResult = { files: 0, pristine: 0, loaded: 0, refused: 0, games: 0, finished: 0, stopped: 0, moves: 0, events: 0, refusals: 0, expressions: 0, violationCount: 0, violations: [] };
  const violation = (what: string) => {
    r.violationCount++;
    if (r.violations.length < 50) r.violations.push(what);
  };
  const rng = seedRng(`fuzz/${o.seed}`);
  const every = Math.max(1, o.shippedEvery ?? 20);
  try {
    for (let run = 0; run < o.runs; run++) {
      const t = nextInt(rng, targets.length);
      const target = targets[t];
      // some runs play the shipped rules as they are, to the end, where stricter invariants hold
      const pristine = run % every === every - 1;
      const file = files[t][nextInt(rng, files[t].length)];
      let text = texts.get(file)!;
      if (!pristine) for (let e = 0; e <= nextInt(rng, 3); e++) text = mutateText(text, rng);
      const label = pristine ? `run ${run}: ${target.refs.join(" + ")} as shipped` : `run ${run}: ${file.slice(file.lastIndexOf("rules/"))} mutated in ${target.refs.join(" + ")}`;
      o.onRun?.(run, file, text);
      installHost(pristine ? disk : overlay(disk, file, text));
      if (pristine) r.pristine++;
      else r.files++;
      try {
        playMutated(target, run, pristine, o, r, rng, (what) => violation(`${label}: ${what}`));
      } catch (e) {
        violation(`${label}: uncaught ${(e as Error).stack ?? e}`);
      }
      for (let k = 0; k < (o.expressions ?? 1); k++) fuzzExpression(rng, r, violation);
      if (run % 50 === 49) chainRun(disk, rng, r, (what) => violation(`run ${run}: ${what}`));
      if (run % 50 === 24) linkRun(disk, rng, r, (what) => violation(`run ${run}: ${what}`));
      o.onProgress?.(run + 1);
    }
  } finally {
    installHost(installed);
  }
  return r;
}

function playMutated(target: Target, run: number, strict: boolean, o: CampaignOptions, r: CampaignResult, rng: RngState, violation: (what: string) => void): void {
  const loaded = loadComposition(target.refs);
  for (const d of loaded.diagnostics) {
    if (!(d.line >= 1 && d.col >= 1) || !d.message) violation(`a problem without a place or a message: ${JSON.stringify(d)}`);
    if (/internal error|Maximum call stack|Cannot read prop|is not a function/.test(d.message)) violation(`an internal error reported as a problem: ${d.code}: ${d.message}`);
  }
  if (!loaded.game) {
    if (strict) violation("shipped rules did not load");
    else r.refused++;
    if (!loaded.diagnostics.some((d) => d.severity === "error")) violation("the rules did not load, and no error says why");
    return;
  }
  if (!strict) r.loaded++;
  const players = target.players[nextInt(rng, target.players.length)];
  const g = checkedGame(loaded.game, { players, seed: `${o.seed}:${run}`, maxMoves: strict ? (o.shippedMoves ?? 400) : (o.maxMoves ?? 50), leakEvery: o.leakEvery ?? 4, seconds: o.seconds ?? 20, strict });
  r.games++;
  if (g.finished) r.finished++;
  if (g.stopped) r.stopped++;
  r.moves += g.moves;
  r.events += g.events;
  r.refusals += g.refusals;
  for (const v of g.violations) violation(v);
}

/**
 * A chain of fragments each extending the next, as deep as the limit, past it, or far past it (the files served
 * from memory): it loads at once or is refused at once, located, never after minutes or with an internal error.
 */
function chainRun(disk: Host, rng: RngState, r: CampaignResult, violation: (what: string) => void): void {
  const depth = [3, maxExtendsDepth, maxExtendsDepth + 1, 500, 3000][nextInt(rng, 5)];
  const folder = `${disk.workingFolder}/fuzz-chain-${depth}`;
  const files = new Map<string, string>();
  for (let i = 0; i < depth; i++) files.set(`${folder}/c${i}.yaml`, `name: Chain ${i}\nextends: ${i + 1 < depth ? `./c${i + 1}.yaml` : "idiot"}\n`);
  const entries = [...files.keys()].map((f) => ({ name: f.slice(folder.length + 1), folder: false }));
  installHost({
    ...disk,
    readFile: (p, maxBytes) => (files.has(p) ? { text: files.get(p)! } : disk.readFile(p, maxBytes)),
    listFolder: (p) => (p === folder ? entries : disk.listFolder(p)),
    schemaValidator: (name, schema) => disk.schemaValidator(name, schema),
  });
  const started = Date.now();
  r.files++;
  try {
    const loaded = loadComposition([`${folder}/c0.yaml`]);
    const seconds = (Date.now() - started) / 1000;
    if (seconds > 10) violation(`a chain of ${depth} extends took ${seconds} s to load or refuse`);
    if (loaded.game && depth > maxExtendsDepth) violation(`a chain of ${depth} extends loaded past the limit of ${maxExtendsDepth}`);
    if (!loaded.game) {
      r.refused++;
      if (!loaded.diagnostics.some((d) => d.code === "E_EXTENDS_DEPTH" && d.line >= 1)) violation(`a chain of ${depth} extends was refused without a located E_EXTENDS_DEPTH: ${loaded.diagnostics.map((d) => d.message).join("; ").slice(0, 200)}`);
    } else r.loaded++;
  } catch (e) {
    violation(`a chain of ${depth} extends: uncaught ${(e as Error).stack ?? e}`);
  } finally {
    installHost(disk);
  }
}

/**
 * A rule folder whose sub-folders are links back to itself (ln -s . a; ln -s . b; ...), so that a walk by path
 * would visit links^16 folders: finding a rule in it reads each real folder once, at once, and finds the file.
 */
function linkRun(disk: Host, rng: RngState, r: CampaignResult, violation: (what: string) => void): void {
  const links = 1 + nextInt(rng, 6);
  const folder = `${disk.workingFolder}/fuzz-links-${links}`;
  const file = `${folder}/loop-card.yaml`;
  const entries = [...Array.from({ length: links }, (_, i) => ({ name: `l${i}`, folder: true })), { name: "loop-card.yaml", folder: false }];
  const inside = (p: string) => p === folder || p.startsWith(`${folder}/`);
  // every path under the folder is the folder itself, as the links make it
  const real = (p: string) => (inside(p) ? (p.endsWith("/loop-card.yaml") ? file : folder) : p);
  let listed = 0;
  installHost({
    ...disk,
    ruleRoots: [...disk.ruleRoots, folder],
    readFile: (p, maxBytes) => (real(p) === file ? { text: "name: Loop Card\nextends: idiot\n" } : disk.readFile(p, maxBytes)),
    listFolder: (p) => {
      if (!inside(p)) return disk.listFolder(p);
      listed++;
      return entries;
    },
    realFolder: (p) => real(p),
    schemaValidator: (name, schema) => disk.schemaValidator(name, schema),
  });
  const started = Date.now();
  r.files++;
  try {
    const found = resolveRules("loop-card");
    const seconds = (Date.now() - started) / 1000;
    if (seconds > 10) violation(`a rule folder with ${links} links to itself took ${seconds} s to search`);
    if (listed > links + 2) violation(`a rule folder with ${links} links to itself was listed ${listed} times, not once`);
    if (found === undefined) violation(`a rule folder with ${links} links to itself: its rule file was not found`);
    const loaded = loadComposition(["loop-card"]);
    if (!loaded.game) violation(`a rule file in a folder that links to itself did not load: ${loaded.diagnostics.map((d) => d.message).join("; ").slice(0, 200)}`);
    else r.loaded++;
  } catch (e) {
    violation(`a rule folder with ${links} links to itself: uncaught ${(e as Error).stack ?? e}`);
  } finally {
    installHost(disk);
  }
}

function fuzzExpression(rng: RngState, r: CampaignResult, violation: (what: string) => void): void {
  const text = randomExpression(rng);
  r.expressions++;
  for (const parse of [parseExpression, parseProgram]) {
    try {
      const p = parse(text);
      if (p.value === null && p.problems.length === 0) violation(`${parse.name} gave neither a tree nor a problem for ${JSON.stringify(text.slice(0, 80))}`);
    } catch (e) {
      violation(`${parse.name} threw on ${JSON.stringify(text.slice(0, 80))}: ${(e as Error).message}`);
    }
  }
}
