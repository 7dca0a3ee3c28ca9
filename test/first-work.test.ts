// The rules worker's first work, carried in its name: read back as given, and refused when damaged or too large.
import { describe, expect, it } from "vitest";
import { firstWork, maxFirstWorkChars, workerName } from "../src/editor/rules/first-work.js";

describe("a rules worker's first work", () => {
  it("reads back the files and the check its name was given", () => {
    const work = { files: [["mine.yaml", "extends: idiot\n"]] as [string, string][], check: ["yours/mine.yaml"] };
    expect(firstWork(workerName(work))).toEqual(work);
    expect(firstWork(workerName({ files: [], check: ["idiot"] }))).toEqual({ files: [], check: ["idiot"] });
  });

  it("gives a plain name for a workspace too large to carry, and reads nothing from a plain or damaged name", () => {
    expect(workerName({ files: [["big.yaml", "x".repeat(maxFirstWorkChars)]], check: ["idiot"] })).toBe("rules");
    for (const name of ["rules", "", "rules {", 'rules {"files":[["a"]],"check":[]}', 'rules {"files":[],"check":[1]}', 'rules {"files":{},"check":[]}', "rules null", `rules {"files":[],"check":${JSON.stringify(Array(9).fill("idiot"))}}`]) {
      expect(firstWork(name), name).toBeNull();
    }
  });
});
