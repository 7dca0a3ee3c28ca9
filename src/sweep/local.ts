// A sweep played on this machine's pool of worker threads: every shard not merged yet, as many at a time as
// there are threads, each thread keeping the rules it compiled. A shard's result is merged as it arrives (in
// whatever order: the merged result does not depend on it) and handed on, to be saved where the sweep is kept.
import type { WorkerPool } from "../sim/parallel.js";
import { resultText, type SweepMerge } from "./merge.js";
import { specOf, type Shard } from "./plan.js";

export async function playLocally(merge: SweepMerge, pool: WorkerPool, onResult: (text: string, shard: Shard) => void): Promise<void> {
  const plan = merge.plan;
  await Promise.all(
    merge.pending().map(async (shard) => {
      const tally = await pool.tally(specOf(plan, plan.cells[shard.cell]), shard.from, shard.to);
      const text = resultText(plan, shard, tally);
      merge.add(text, `shard ${shard.id}`);
      onResult(text, shard);
    }),
  );
}
