// npm run fuzz -- --runs N --seed S [--shards K | --shards A-B] [--log FILE] [--json] [--show-run R]: the standing campaign
// against the shipped rule files (campaign.ts), in shards (shards.ts). Prints a line per shard and every
// violation; exits 1 on any violation. With --log, shards already logged are not run again, and the totals of
// every shard in the log are printed at the end. `--sum FILE` prints those totals alone.
import { appendFileSync, existsSync, readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { installNodeHost } from "../node/host.js";
import { runCampaign } from "./campaign.js";
import { addUp, readLog, shardRange, shardRecord, shardSeed, summaryLine, type ShardRecord } from "./shards.js";

const usage = `usage: npm run fuzz -- [--runs N] [--seed S] [--shards K | --shards A-B] [--log FILE] [--json]
       npm run fuzz -- --sum FILE
  --runs N     runs per shard: mutated files, and every 20th the shipped rules as they are (default 1000)
  --seed S     the campaign's seed (default 1); shard k runs with seed S/k
  --shards K   run shards 1 to K, or A to B (default: one run with seed S itself)
  --log FILE   append a JSON line per shard; shards already in FILE are skipped, and the totals of FILE printed
  --moves M    moves after which a game of mutated rules is left (default 50)
  --show-run R print the file run R of seed S played (mutated or as shipped), to see what a violation names
  --sum FILE   print the totals of the shards logged in FILE
  --json       the counts as JSON
`;

const { values } = parseArgs({
  options: {
    runs: { type: "string", default: "1000" }, seed: { type: "string", default: "1" }, shards: { type: "string" }, log: { type: "string" },
    moves: { type: "string", default: "50" }, "show-run": { type: "string" }, sum: { type: "string" }, json: { type: "boolean", default: false }, help: { type: "boolean", short: "h", default: false },
  },
});
const fail = (message: string) => {
  process.stderr.write(`${message}\n${usage}`);
  process.exit(2);
};
if (values.help) {
  process.stdout.write(usage);
  process.exit(0);
}
const out = (line: string) => process.stdout.write(`${line}\n`);
const logged = (file: string): ShardRecord[] => (existsSync(file) ? readLog(readFileSync(file, "utf8")) : []);
const showTotals = (shards: ShardRecord[], file: string) => {
  const t = addUp(shards);
  if (values.json) out(JSON.stringify(t));
  else {
    out(summaryLine(`${file}: ${t.shards} shards`, t));
    for (const v of t.found) out(`  ${v}`);
  }
  return t;
};

if (values["show-run"] !== undefined) {
  const run = Number(values["show-run"]);
  if (!Number.isInteger(run) || run < 0) fail(`--show-run takes the number of a run, not '${values["show-run"]}'`);
  installNodeHost();
  let shown = "";
  runCampaign({ runs: run + 1, seed: values.seed!, maxMoves: Number(values.moves), onRun: (k, file, text) => {
    if (k === run) shown = `# run ${run} of seed ${values.seed}: ${file}\n${text}`;
  } });
  process.stdout.write(shown.endsWith("\n") ? shown : `${shown}\n`);
} else if (values.sum !== undefined) {
  process.exitCode = showTotals(logged(values.sum), values.sum).violations === 0 ? 0 : 1;
} else {
  const runs = Number(values.runs);
  const moves = Number(values.moves);
  if (!Number.isInteger(runs) || runs < 1) fail(`--runs takes a whole number of runs, not '${values.runs}'`);
  if (!Number.isInteger(moves) || moves < 1) fail(`--moves takes a whole number of moves, not '${values.moves}'`);
  const range = values.shards === undefined ? null : shardRange(values.shards);
  if (values.shards !== undefined && !range) fail(`--shards takes a count (7) or a range (8-20), not '${values.shards}'`);
  const seeds = range ? Array.from({ length: range[1] - range[0] + 1 }, (_, i) => shardSeed(values.seed!, range[0] + i)) : [values.seed!];
  const done = new Set(values.log ? logged(values.log).filter((r) => r.runs === runs).map((r) => r.seed) : []);
  installNodeHost();
  let violations = 0;
  for (const seed of seeds) {
    if (done.has(seed)) continue;
    const started = Date.now();
    const cpu = process.cpuUsage();
    const r = runCampaign({
      runs, seed, maxMoves: moves,
      onProgress: (k) => {
        if (process.stderr.isTTY && (k % 100 === 0 || k === runs)) process.stderr.write(`\r${seed}: ${k.toLocaleString("en")} / ${runs.toLocaleString("en")} runs, ${Math.round((Date.now() - started) / 1000)} s`);
      },
    });
    if (process.stderr.isTTY) process.stderr.write("\r\x1b[K");
    const used = process.cpuUsage(cpu);
    const record = shardRecord(seed, runs, r, (used.user + used.system) / 1e6, (Date.now() - started) / 1000);
    violations += record.violations;
    if (values.log) appendFileSync(values.log, JSON.stringify(record) + "\n");
    if (values.json) out(JSON.stringify(record));
    else {
      out(summaryLine(`seed ${seed}`, record));
      for (const v of r.violations) out(`  ${v}`);
    }
  }
  if (values.log) violations = showTotals(logged(values.log), values.log).violations;
  process.exitCode = violations === 0 ? 0 : 1;
}
