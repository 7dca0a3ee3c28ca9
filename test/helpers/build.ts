// The command-line tests run the real bin, which runs the compiled code: build it once before the suite, as
// npm run build does (the compiled code and the schema validators compiled ahead).
import { execFileSync } from "node:child_process";

export default function setup(): void {
  execFileSync("npm", ["run", "-s", "build"], { stdio: "inherit" });
}
