// One implementation measured in a process of its own that times a window only when told to
// (`bench/one.js turns ...`): the benchmark starts one such process per implementation of a game and lets them
// take turns, so that at any moment only one of them runs.
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";

export const oneScript = fileURLToPath(new URL("./one.js", import.meta.url));

export class TurnTaker {
  private readonly child: ChildProcessWithoutNullStreams;
  private waiting: { resolve: (line: string) => void; reject: (e: Error) => void } | null = null;
  private stderr = "";
  private ended: Error | null = null;

  constructor(args: string[]) {
    this.child = spawn(process.execPath, [oneScript, "turns", ...args], { stdio: "pipe" });
    this.child.stderr.setEncoding("utf8").on("data", (text: string) => (this.stderr += text));
    createInterface({ input: this.child.stdout }).on("line", (line) => {
      if (this.waiting) {
        this.waiting.resolve(line);
        this.waiting = null;
      } else this.ended ??= new Error(`bench/one answered before it was asked: ${line}`);
    });
    this.child.on("close", (status) => {
      this.ended ??= new Error(`bench/one turns ${args.join(" ")} ended (status ${status}): ${this.stderr}`);
      this.waiting?.reject(this.ended);
      this.waiting = null;
    });
  }

  /** Sends one command and waits for its one-line answer. */
  ask(command: string): Promise<string> {
    if (this.ended) return Promise.reject(this.ended);
    return new Promise((resolve, reject) => {
      this.waiting = { resolve, reject };
      this.child.stdin.write(`${command}\n`);
    });
  }

  /** Asks for the measurement, after which the process ends. */
  async result<T>(): Promise<T> {
    const answer = await this.ask("result");
    this.child.stdin.end();
    return JSON.parse(answer) as T;
  }
}
