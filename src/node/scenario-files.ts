// The scenario files under a folder, for `houserules test` and houserules/testing alike.
import { readdirSync, realpathSync, statSync } from "node:fs";
import { join } from "node:path";

/** The most scenario files a folder may give: a folder of more is a mistake (the home folder given for tests/). */
export const maxScenarioFiles = 10_000;

/** Every `*.scenario.yaml` under a folder, sorted; each folder is visited once, by its real path. */
export function scenarioFiles(folder: string): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  const visit = (dir: string) => {
    let real: string;
    try {
      real = realpathSync(dir); // a link back to a folder above is visited once
    } catch {
      return;
    }
    if (seen.has(real)) return;
    seen.add(real);
    for (const name of readdirSync(dir).sort()) {
      if (name === "node_modules" || name.startsWith(".")) continue;
      const path = join(dir, name);
      let st;
      try {
        st = statSync(path);
      } catch {
        continue;
      }
      if (st.isDirectory()) visit(path);
      else if (name.endsWith(".scenario.yaml")) {
        if (out.length >= maxScenarioFiles) throw new RangeError(`${folder} holds more than ${maxScenarioFiles} scenario files`);
        out.push(path);
      }
    }
  };
  visit(folder);
  return out;
}
