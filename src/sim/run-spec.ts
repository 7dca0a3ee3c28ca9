// A run described by names only (rules ids, agent names), so that a worker thread can rebuild it: the same rules
// by the same ids or composition, and the same agents. A sweep on a queue ships its rule files' texts with the
// run instead: the worker then compiles those texts, and reads nothing else.
import type { Game } from "../interpreter/model.js";
import { host, installHost, type FileRead, type FolderEntry, type Host } from "../interpreter/load/host.js";
import { basename, dirname, isAbsolute, normalize } from "../interpreter/load/paths.js";
import type { Diagnostic } from "../interpreter/diagnostics.js";
import type { Bounds } from "./budget.js";
import type { Agent } from "../agents/agent.js";
import { withReaction } from "../agents/agent.js";
import { makeAgent } from "../agents/index.js";
import { loadComposition } from "../interpreter/load/load.js";
import { formatDiagnostic } from "../interpreter/diagnostics.js";

export interface AgentSpec {
  name: string; // as agentNames() lists it
  reaction?: { mean: number; spread: number };
}

export interface RunSpec {
  refs: string[]; // rules ids or paths, then fragments: what loadComposition takes
  /** Rules of the fragments taken out, as loadComposition's `without` takes them (compare --ablate). */
  without?: string[];
  players: number;
  seed: number | string;
  agents: AgentSpec[];
  options?: Record<string, unknown>;
  checkConservation?: boolean;
  coverage?: boolean;
  bounds?: Bounds;
  record?: { program: string; rules: string[]; hash: string; agents: string[] };
  /** The rule files' texts, when they come with the run (a sweep's shard on a queue): all the loader may read. */
  shipped?: ShippedRules;
}

/** Rule files shipped with a run, by their text: where they lay and how ids were found where the run was made. */
export interface ShippedRules {
  /** The rule folders and the working folder there: ids and relative paths are found as they were there. */
  roots: string[];
  working: string;
  /** Each file's absolute path there, and its text. */
  files: [string, string][];
  /**
   * What the games compiled from these files are kept by: a hash of the texts and of the names above, made by
   * the process that checked the texts (a sweep's worker, from their sha256).
   */
  key: string;
}

/**
 * The rules of a run, loaded (and cached) by their ids; throws with the problems when they do not load. Given the
 * texts shipped with the run, loaded from those alone (see gameOfShipped).
 */
export function gameOfSpec(refs: string[], shipped?: ShippedRules, without?: string[]): Game {
  if (shipped) return gameOfShipped(refs, shipped);
  const loaded = loadComposition(refs, undefined, without?.length ? { without } : {});
  if (!loaded.game) {
    const problems = loaded.diagnostics.filter((d) => d.severity === "error").map(formatDiagnostic);
    throw new Error(`cannot load ${refs.join(" + ")}${without?.length ? ` without ${without.join(", ")}` : ""}:\n${problems.join("\n")}`);
  }
  return loaded.game;
}

/** An agent per seat, made by name (with its reaction time where given). */
export function agentsOfSpec(specs: readonly AgentSpec[]): Agent[] {
  return specs.map((spec) => {
    const agent = makeAgent(spec.name);
    if (!agent) throw new Error(`unknown agent '${spec.name}'`);
    return spec.reaction ? withReaction(agent, spec.reaction.mean, spec.reaction.spread) : agent;
  });
}

/** Games compiled from shipped texts, by the texts' key and the names they were asked by; the oldest go first. */
const shippedGames = new Map<string, Game>();
const maxShippedGames = 64;

/**
 * The rules of a run compiled from the texts shipped with it, with a host that holds those texts only: no file of
 * this machine is read, whatever the run names. The same texts compile once. A problem is said by its code and
 * place only, never its message: a message can quote the text it is about.
 */
export function gameOfShipped(refs: string[], shipped: ShippedRules): Game {
  const key = JSON.stringify([shipped.key, refs]);
  const cached = shippedGames.get(key);
  if (cached) return cached;
  const before = host();
  installHost(shippedHost(shipped, before));
  let loaded;
  try {
    loaded = loadComposition(refs);
  } finally {
    installHost(before);
  }
  if (!loaded.game) {
    const places = loaded.diagnostics.filter((d) => d.severity === "error").slice(0, 5).map(placeOf);
    throw new Error(`the rules ${refs.join(" + ").slice(0, 400)} do not load from the files shipped with them (${places.join("; ")})`);
  }
  if (shippedGames.size >= maxShippedGames) shippedGames.delete(shippedGames.keys().next().value!);
  shippedGames.set(key, loaded.game);
  return loaded.game;
}

const placeOf = (d: Diagnostic) => `${d.code} at ${d.file}:${d.line}:${d.col}`;

/** A host of the shipped texts alone, by absolute path; its folders are those the paths make. */
function shippedHost(shipped: ShippedRules, disk: Host): Host {
  const texts = new Map<string, string>();
  const folders = new Map<string, Map<string, FolderEntry>>();
  for (const [path, text] of shipped.files) {
    if (!isAbsolute(path)) continue;
    const file = normalize(path);
    texts.set(file, text);
    for (let p = file; p !== "/"; p = dirname(p)) {
      const entries = folders.get(dirname(p)) ?? new Map<string, FolderEntry>();
      entries.set(basename(p), { name: basename(p), folder: p !== file });
      folders.set(dirname(p), entries);
    }
  }
  return {
    readFile(path: string, maxBytes: number): FileRead {
      const text = texts.get(normalize(path));
      if (text === undefined) return { error: "not among the files shipped with the sweep" };
      // a UTF-8 character takes at most 3 bytes per UTF-16 unit: count exactly only when it could matter
      const size = text.length * 3 > maxBytes ? new TextEncoder().encode(text).length : 0;
      if (size > maxBytes) return { error: `refused: ${size} bytes is larger than the limit of ${maxBytes} bytes`, tooLarge: true };
      return { text };
    },
    listFolder: (path) => [...(folders.get(normalize(path))?.values() ?? [])].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)),
    schemaValidator: (name, schema) => disk.schemaValidator(name, schema),
    ruleRoots: shipped.roots.map(normalize),
    workingFolder: normalize(shipped.working),
  };
}
