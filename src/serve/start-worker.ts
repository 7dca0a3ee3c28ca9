// The entry of the server's start-check thread (run by piscina from the compiled dist/src/serve/start-worker.js):
// rule files sent with a room are loaded, and their game started, here first, so that a file that loads slowly or
// whose start computes without end holds up this thread, never the one every room shares.
import { installNodeHost } from "../node/host.js";
import { loadRoomRules } from "./room-rules.js";
import { newGame } from "../interpreter/engine.js";
import { StepBudget } from "./step-budget.js";

installNodeHost();

export interface StartTask {
  /** The room's folder, which the rules' relative paths are read from. */
  folder: string;
  rules: string[];
  names: string[];
  seed: string;
  options: Record<string, unknown>;
  /** The most milliseconds the game's start may take (the rooms' step limit). */
  stepMs: number;
  /** The most work it may do (the rooms' step limit). */
  stepWork: number;
}

/** How it went: the milliseconds the rules took to load, or why the room cannot be made. */
export type StartAnswer = { loadMs: number; error?: undefined } | { error: string };

/** `"ready"` only asks whether the thread is up (it answers once this module has loaded). */
export default function checkStart(task: StartTask | "ready"): StartAnswer {
  if (task === "ready") return { loadMs: 0 };
  const t0 = performance.now();
  const loaded = loadRoomRules(task.folder, task.rules);
  const loadMs = performance.now() - t0;
  if (typeof loaded === "string") return { error: loaded };
  try {
    const s = newGame(loaded.game, { players: task.names, seed: task.seed, options: task.options, log: false, budget: new StepBudget(task.stepWork, task.stepMs) });
    if (s.error !== null) return { error: `the game stops as it starts: ${s.error}` };
  } catch (e) {
    return { error: (e as Error).message }; // players or options the rules do not allow
  }
  return { loadMs };
}
