// How a run is cut into tasks for a pool of workers, whichever pool it is (worker threads on the command line,
// Web Workers in the playground). Game i always has its own seed, so the cut changes no figure.

/** Games per task: small enough to share long and short games out evenly and to move the progress bar. */
export function chunkSize(games: number, workers: number): number {
  return Math.max(1, Math.min(100, Math.ceil(games / (workers * 16))));
}

/** The tasks of games [from, to) on `workers` workers, in game order: [start, end) each. */
export function shares(from: number, to: number, workers: number): [number, number][] {
  const size = chunkSize(to - from, workers);
  const out: [number, number][] = [];
  for (let start = from; start < to; start += size) out.push([start, Math.min(to, start + size)]);
  return out;
}
