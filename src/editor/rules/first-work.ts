// What a new rules worker is given to do before any message: the user's files and the rules to check first,
// carried in the worker's name. A message posted to a worker that is still starting reaches it only once the
// page's own thread is free to pass it on, and while the page loads, that thread is busy evaluating the editor
// for about as long as the worker takes to start: the first check waited for the editor, and the first markers
// came a check's time after it. Given in the name, the work starts with the worker, beside the editor's loading,
// and the page's own first check is answered from the loader's caches.

/** The first work of a worker: the user's files, and the references to check. */
export interface FirstWork {
  files: [name: string, text: string][];
  check: string[];
}

const prefix = "rules ";
/** A name no larger than this: a workspace larger than it is sent as a message, as every change is. */
export const maxFirstWorkChars = 512 * 1024;
const maxRefs = 8;

/** The worker's name carrying `work`, or the plain name when the work is larger than a name should carry. */
export function workerName(work: FirstWork): string {
  const name = prefix + JSON.stringify(work);
  return name.length <= maxFirstWorkChars ? name : "rules";
}

/** The first work a worker's name carries; null for a plain name, or for one that is not of workerName's making. */
export function firstWork(name: string): FirstWork | null {
  if (!name.startsWith(prefix) || name.length > maxFirstWorkChars) return null;
  let value: unknown;
  try {
    value = JSON.parse(name.slice(prefix.length));
  } catch {
    return null;
  }
  if (!value || typeof value !== "object") return null;
  const { files, check } = value as Record<string, unknown>;
  const isFile = (f: unknown): f is [string, string] => Array.isArray(f) && f.length === 2 && typeof f[0] === "string" && typeof f[1] === "string";
  if (!Array.isArray(files) || !files.every(isFile)) return null;
  if (!Array.isArray(check) || check.length > maxRefs || !check.every((r) => typeof r === "string")) return null;
  return { files, check };
}
