// npm run fuzz -- --runs N --seed S [--json]: the standing campaign against the shipped rule files (campaign.ts).
// Prints what it did and every violation; exits 1 on any violation.
import { parseArgs } from "node:util";
import { installNodeHost } from "../node/host.js";
import { runCampaign } from "./campaign.js";

const { values } = parseArgs({ options: { runs: { type: "string", default: "1000" }, seed: { type: "string", default: "1" }, json: { type: "boolean", default: false } } });
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1) {
  process.stderr.write(`--runs takes a whole number of mutated files, not '${values.runs}'\n`);
  process.exit(2);
}
installNodeHost();
const started = Date.now();
const r = runCampaign({
  runs, seed: values.seed!,
  onProgress: (done) => {
    if (done % 500 === 0 || done === runs) process.stderr.write(`\r${done.toLocaleString("en")} / ${runs.toLocaleString("en")} files, ${Math.round((Date.now() - started) / 1000)} s`);
  },
});
process.stderr.write("\n");
const seconds = Math.round((Date.now() - started) / 1000);
if (values.json) process.stdout.write(JSON.stringify({ ...r, seed: values.seed, seconds }, null, 2) + "\n");
else {
  const n = (x: number) => x.toLocaleString("en");
  process.stdout.write(
    `seed ${values.seed}: ${n(r.files)} mutated files and ${n(r.pristine)} runs of shipped rules (${n(r.loaded)} loaded and played, ${n(r.refused)} refused with located errors), ` +
      `${n(r.expressions)} random expressions\n` +
      `${n(r.games)} games (${n(r.finished)} finished, ${n(r.stopped)} stopped by the rules with a message), ${n(r.moves)} moves, ` +
      `${n(r.events)} events checked, ${n(r.refusals)} malformed moves refused\n` +
      `${r.violations.length === 0 ? "no violations" : `${r.violations.length} violations:\n${r.violations.join("\n")}`} (${seconds} s)\n`,
  );
}
process.exitCode = r.violations.length === 0 ? 0 : 1;
