// The command-line tests run the real bin, which runs the compiled code: compile it once before the suite.
import { execFileSync } from "node:child_process";

export default function setup(): void {
  execFileSync("npx", ["tsc", "-p", "tsconfig.build.json"], { stdio: "inherit" });
}
